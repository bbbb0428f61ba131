"""The club's pages (`companion serve --club`): every table's game on one index, live, and the standings.

The index is a wall screen for the whole room: one card per stored game with
its table label, game type, players, their scores, whose turn it is or who
won, and a link to that game's own shared scoreboard. Each card is read from
the game's own shared view (the same `public()` the game's wall screen
shows), and takes from it only names, one score per player, the turn and the
winners, so no card value, sealed bid or private link can reach the index
(companion/web/club_cards.py).

Who may do more: the organiser, on the machine running the server (loopback,
under one of its own names; the rule of the host screen, companion/web/host.py).
Only their index carries each table's "host screen" link (whose page shows
the table's join link and seat codes) and the form that starts a new game at a
table. Every other screen gets the same cards without those links.

Live: the page keeps one event stream, /club/stream, answered by the live
server's broadcaster as a club viewer (every game at once, see
companion/web/broadcast.py); on each `change` it fetches /club/tables.json,
which is built once per (every game's seq, language, organiser or not).
"""

from __future__ import annotations

import datetime as dt

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, request, url_for
from babel.dates import format_skeleton
from flask_babel import format_date, get_locale
from flask_babel import gettext as _

from companion.club.nights import in_nights, nights, parse_night
from companion.errors import CompanionError
from companion.games import games
from companion.store.new_game import start_new_game
from companion.web.access import is_loopback
from companion.web.broadcast import RETRY, change_message, club_signature
from companion.web.club_cards import table_cards
from companion.web.common import error_text, uncached_json
from companion.web.house_rules import rule_fields
from companion.web.db import get_store
from companion.web.screens import screens_of
from companion.web.seq_cache import SeqCache

bp = Blueprint("club", __name__, url_prefix="/club")
TABLE_LABEL_MAX = 40
"""Characters a table label may have (it is a card's heading on the wall)."""
NIGHTS_LISTED = 12
"""Nights the standings page links to (the newest that have games); older ones are still answered by ?night=."""
STANDINGS_KEPT = 16
"""Standings kept per state of the store (all games and the nights asked for), so odd ?night= values cannot make it larger."""


def organiser() -> bool:
    """Return True if this request is the organiser's: from this machine, naming it (the host screen's rule)."""
    from companion.web.host import names_this_machine

    return is_loopback() and names_this_machine()


@bp.get("/")
def index():
    """The club index: every table's game as a card, kept live by club.js."""
    types = [{"name": g.name, "title": str(screens_of(g.name).title), "rules": rule_fields(g.name)} for g in games() if g.new_setup is not None]
    night = _night_asked()
    links = [(n.isoformat(), format_skeleton("yMMMEd", n, locale=get_locale())) for n in nights(get_store().games(), NIGHTS_LISTED)]
    return render_template("club/index.html", organiser=organiser(), types=types, label_max=TABLE_LABEL_MAX, links=links,
                           night=night.isoformat() if night else None, night_name=format_date(night, "full") if night else None)


@bp.get("/tables.json")
def tables_json():
    """Return every game's card (newest first; only one night's with ?night=), the same for every screen but the organiser's."""
    store = get_store()
    night = _night_asked()
    cache: SeqCache = current_app.extensions["companion.club_cache"]
    key = (club_signature(store), str(get_locale()), organiser(), night)
    body = cache.get(key)
    if body is None:
        cards = table_cards(store, organiser=key[2], kept=current_app.extensions["companion.club_cards"])
        if night is not None:
            that_night = {g["game_id"] for g in store.games() if in_nights(g["created"], night, night)}
            cards = [card for card in cards if card["game_id"] in that_night]
        body = current_app.json.response({"tables": cards}).get_data()
        if club_signature(store) == key[0]:
            cache.put(key, body)
    return current_app.response_class(body, mimetype="application/json")


@bp.get("/stream")
def stream():
    """What a plain WSGI caller gets (the live server answers this URL itself, on one club-wide stream): one change, then the end."""
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return Response(RETRY + change_message(0), mimetype="text/event-stream", headers=headers)


@bp.post("/new")
def new_game():
    """Start a new game at a table (organiser only): JSON {game, table, players: [...], first?, rules?: {name: value}}; answers its links."""
    if not organiser():
        abort(403, description=_("only the organiser, on the machine running the club server, can start a game"))
    if not request.is_json:  # a JSON body cannot be posted cross-site without CORS, which this server never allows
        abort(400, description=_("send a JSON object"))
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        abort(400, description=_("send a JSON object"))
    kinds = {g.name for g in games() if g.new_setup is not None}
    kind, table, players, first = data.get("game"), data.get("table", ""), data.get("players"), data.get("first") or None
    if kind not in kinds:
        abort(400, description=_("choose which game to start"))
    if not isinstance(table, str) or len(table.strip()) > TABLE_LABEL_MAX:
        abort(400, description=_("a table label is at most %(n)s characters", n=TABLE_LABEL_MAX))
    if isinstance(players, str):
        players = [p.strip() for p in players.split(",")]
    if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players) or players == [""]:
        abort(400, description=_("name the players in seating order, separated by commas"))
    if first is not None and not isinstance(first, str):
        abort(400, description=_("send a JSON object"))
    rules = data.get("rules") or {}
    if not isinstance(rules, dict):
        abort(400, description=_("send a JSON object"))
    note: list[str] = []
    try:
        session = start_new_game(get_store(), kind, players, first, title=table.strip(), dealer_note=note, rules=rules)
    except CompanionError as error:
        return jsonify({"error": {"message": error_text(None, error), "status": 400}}), 400
    game_id = session.game_id
    # The dealer's note (which cards to deal where) goes to the organiser who started the game, in this answer
    # only, as `serve --new-game` prints it on the organiser's terminal: it is never stored for any screen.
    return uncached_json({"game_id": game_id, "wall": url_for("board.game", game_id=game_id),
                          "host": url_for("host.page", game_id=game_id), "dealer_note": note}), 201


@bp.get("/standings")
def standings_page():
    """The club's standings (the figures of `companion stats`), for every game or one night (?night=YYYY-MM-DD)."""
    night = _night_asked()
    table = _standings(night)
    titles = {t: str(screens_of(t).title) for p in table["players"] for t in p["by_game"]}
    links = [(n.isoformat(), format_skeleton("yMMMEd", n, locale=get_locale())) for n in nights(get_store().games(), NIGHTS_LISTED)]
    from companion.web.club_ratings import overall

    return render_template("club/standings.html", table=table, titles=titles, links=links, rated=overall(night),
                           night=night.isoformat() if night else None, night_name=format_date(night, "full") if night else None,
                           listed=current_app.config.get("CLUB_ROSTER") is not None)


@bp.get("/standings.json")
def standings_json():
    """The standings as `companion stats --json` gives them (`companion stats --night` with ?night=)."""
    return jsonify(_standings(_night_asked()))


def _night_asked() -> dt.date | None:
    """Return the night in ?night=YYYY-MM-DD, None without one; a malformed one is a 400 with a sentence."""
    text = request.args.get("night")
    if text is None:
        return None
    try:
        return parse_night(text)
    except CompanionError:
        abort(400, description=_("%(value)r is not a night: write its date as YYYY-MM-DD, for example %(example)s",
                                 value=text[:40], example="2026-11-20"))


def _standings(night: dt.date | None = None) -> dict:
    """Return the standings (of one night, or all), folded again only when some game changed (they fold every game asked for)."""
    from companion.club.stats import standings

    store = get_store()
    signature = club_signature(store)
    kept = current_app.extensions.get("companion.club_standings")  # (signature, {night: table}), replaced whole
    if kept is not None and kept[0] == signature and night in kept[1]:
        return kept[1][night]
    table = standings(store, current_app.config.get("CLUB_ROSTER"), night, night)
    if club_signature(store) == signature:  # nothing was stored while folding
        tables = kept[1] if kept is not None and kept[0] == signature and len(kept[1]) < STANDINGS_KEPT else {}
        current_app.extensions["companion.club_standings"] = (signature, {**tables, night: table})
    return table


def init_app(app) -> None:
    """Register the club's pages when the app serves a club (config CLUB)."""
    if app.config.get("CLUB"):
        app.extensions["companion.club_cache"] = SeqCache(8)  # tables.json by (every game's seq, language, organiser)
        app.extensions["companion.club_cards"] = {}  # each game's card by (game, language), kept for its (seq, title)
        app.register_blueprint(bp)
        from companion.web import club_seating

        club_seating.init_app(app)
