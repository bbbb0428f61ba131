"""Shared screens: the game list, the scoreboard, its JSON and live stream, the rules, private player views.

Nothing here needs the game token and nothing here may carry a card's back
value, except a player's own private view (with that player's token).
"""

from __future__ import annotations

from typing import Any, Mapping

from flask_babel import get_locale, gettext as _

from flask import Blueprint, Response, abort, current_app, jsonify, redirect, render_template, request, url_for

from companion.cards.decks import SHEET_SILENT, load_deck, reading_texts
from companion.games import find_game
from companion.web.access import cookie_name, game_token, player_token, presented_token, same
from companion.web.broadcast import RETRY, change_message
from companion.web.common import load
from companion.web.db import get_store
from companion.web.dice_service import DiceService
from companion.web.house_rules import chosen_rules, setup_rules
from companion.web.screens import screens_of
from companion.web.shared_state import shared_state

bp = Blueprint("board", __name__)



@bp.get("/")
def index():
    """List stored games, newest first, with links to their scoreboards (a club server shows its club index instead)."""
    if current_app.config.get("CLUB"):
        return redirect(url_for("club.index"))
    games = list(reversed(get_store().games()))
    return render_template("index.html", games=games)


@bp.get("/g/<game_id>")
def game(game_id: str):
    """Show the scoreboard; with the game token (link ?t= or cookie) also the entry forms."""
    session, key, view = load(game_id)
    token = game_token(key)
    given = request.args.get("t")
    if given is not None:
        if not same(given, token):
            abort(403, description=_("this join link is not valid for this game"))
        response = redirect(url_for("board.game", game_id=game_id))
        response.set_cookie(cookie_name(game_id), token, max_age=7 * 24 * 3600, httponly=True, samesite="Strict")
        return response
    screens = screens_of(session.game.name)
    if screens.board is not None:  # the game's own table page; a game without one has its scoreboard rendered here
        return redirect(url_for(screens.board, game_id=game_id, **screen_options()))
    if screens.scoreboard is None:
        abort(404)
    can_act = same(presented_token(game_id, allow_cookie=True), token)
    return render_template(screens.scoreboard, game_id=game_id, game=session.game, can_act=can_act,
                           token=token if can_act else "", strings=_strings(screens), has_view=view is not None,
                           camera=current_app.config.get("CAMERA") is not None)


def screen_options() -> dict[str, Any]:
    """Return the request's screen options (?wall=1, ?contrast=high: base.html), kept across a redirect to a game's page."""
    return {name: request.args[name] for name in ("wall", "contrast") if name in request.args}


@bp.get("/g/<game_id>/state.json")
def state_json(game_id: str):
    """Return the scoreboard data (face-only), the dice summary and the latest event seq."""
    _seq, body = state_body(game_id)
    return current_app.response_class(body, mimetype="application/json")


def state_body(game_id: str) -> tuple[int, bytes]:
    """Return (seq, the state.json body) in this request's language (companion/web/shared_state.py, built once per seq).

    The live stream pushes this same body to screens that ask for it
    (companion/web/asgi.py), so what a stream carries is exactly the shared
    state.json: the public view, never a card's back value.
    """
    return shared_state(game_id, str(get_locale()))


@bp.get("/g/<game_id>/stream")
def stream(game_id: str):
    """Server-Sent Events `change` (id = the log's last seq); `?state=1` adds the state.json body.

    A live server (companion/web/asgi.py: `companion serve`, demo, play, the
    tests' loopback server) answers this URL itself from one broadcaster and
    keeps the stream open. This view is what a plain WSGI caller gets (the
    Flask test client, or the live server for a game it does not know, so
    the 404 page is the app's own): the current seq once, then the end;
    EventSource would reconnect after `retry`.
    """
    load(game_id)
    seq = get_store().last_seq(game_id)
    text = RETRY
    if request.headers.get("Last-Event-ID", "") != str(seq):
        state = state_body(game_id)[1] if request.args.get("state") == "1" else None
        text += change_message(seq, state)
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return Response(text, mimetype="text/event-stream", headers=headers)


@bp.get("/g/<game_id>/rules")
def rules_page(game_id: str):
    """Show a summary of the game's rules and the house readings of the rule sheet's gaps."""
    session, _key, _view = load(game_id)
    return _rules(session.game, game_id, chosen_rules(session.game.name, setup_rules(session.refresh())))


@bp.get("/rules/<name>")
def rules_by_name(name: str):
    """Show a game's rules without a stored game."""
    try:
        game = find_game(name)
    except ValueError:
        abort(404, description=_("unknown game %(name)r", name=name))
    return _rules(game, None)


def _rules(game, game_id: str | None, chosen: Mapping[str, str] | None = None):
    """Render rules.html: the game's own summary (rules/<name>.html), then every house reading of its deck file;
    a switchable one with its choices and, for a stored game (`chosen`: its switched rules), the one it plays."""
    pages = screens_of(game.name)
    deck = load_deck(game.name)
    extra = pages.rules_context() if pages.rules_context is not None else {}
    # Translated here, not with the template's _(): that one marks its text safe, and deck texts such
    # as "<colour>-<value>-<copy>" must be escaped, not read by the browser as tags.
    readings = [_reading(r, chosen) for r in deck.readings]
    counters = [{"title": _(c["title"]), "lines": [_(line) for line in c["lines"]]} for c in deck.cards if c.kind == "rules"]
    return render_template("rules.html", game_id=game_id, game=game, title=pages.title, has_table=pages.board is not None, readings=readings,
                           counters=counters, summary=f"rules/{game.name}.html", **extra)


def _reading(reading, chosen: Mapping[str, str] | None = None) -> dict:
    """Return one house reading's texts for rules.html, translated (each part is a catalog id; see reading_texts);
    a house rule's choices too, marking the one a stored game plays (`chosen` None: no game)."""
    texts = reading_texts(reading)
    shown: dict[str, Any] = {part: _(text) if text else "" for part, text in texts.items()}
    shown["silent"] = texts["sheet"] == SHEET_SILENT
    rule = reading.get("rule")
    if isinstance(rule, Mapping):
        playing = (chosen or {}).get(rule["name"], rule["default"]) if chosen is not None else None
        shown["rule"] = rule["name"]
        shown["choices"] = [{"words": _(words), "default": value == rule["default"], "playing": value == playing}
                            for value, words in rule["choices"].items()]
    return shown


def _player_or_403(game_id: str, player: str):
    session, key, view = load(game_id)
    if screens_of(session.game.name).phone != "board.me":
        abort(404, description=_("this game has no private phone page"))
    if view is None or player not in session.state.players:
        abort(404, description=_("no player %(player)r in this game", player=player))
    if not same(request.args.get("k"), player_token(key, player)):
        abort(403, description=_("this private link is not valid (ask the host for your seat's QR code)"))
    return session, key, view


@bp.get("/g/<game_id>/me/<player>")
def me(game_id: str, player: str):
    """A player's private view, for a game whose phone page is rendered here (its `phone_page`); other games' by redirect.

    The host screen once gave every game this link, so a seat QR printed or
    bookmarked earlier still lands on the game's own phone page.
    """
    session = load(game_id)[0]
    phone = screens_of(session.game.name).phone
    if phone is None:
        abort(404, description=_("this game has no private phone page"))
    if phone != "board.me":
        return redirect(url_for(phone, game_id=game_id, player=player, k=request.args.get("k")))
    session, _key, _view = _player_or_403(game_id, player)
    screens = screens_of(session.game.name)
    if screens.phone_page is None:
        abort(404, description=_("this game has no private phone page"))
    return render_template(screens.phone_page, game_id=game_id, game=session.game, player=player,
                           k=request.args.get("k"), strings=_strings(screens))


def _strings(screens) -> str:
    """Return the game's page-script words (JSON), or an empty object for a game that brings none."""
    return screens.strings() if screens.strings is not None else "{}"


@bp.get("/g/<game_id>/me/<player>.json")
def me_json(game_id: str, player: str):
    """Return a player's private data (their cards with values)."""
    _session, _key, view = _player_or_403(game_id, player)
    return jsonify({"seq": get_store().last_seq(game_id), "me": view.private(player)})
