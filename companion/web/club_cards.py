"""One card per table for the club index, read from each game's own shared view and nothing else.

Why through the view: `public()` is what the game's own wall screen shows,
so it is already what every screen in the room may see. The card then keeps
only a few facts from it, by name, so whatever else a game's view carries
(histories, faces of cards, bid states) cannot reach the index:

* each player's name, and one score: the first whole number among SCORE_KEYS
  the game's view gives its players ("chips", "score", "total", "cards"; a
  breakdown such as {"green": 3, ..., "total": 12} counts by its "total");
* whose turn it is (the view's "turn", or a player marked "turn"/"to_move");
* whether the game is over, and its winners (names of its own players only).

No game is named here: a game whose view gives none of these keys gets a
card with its players' names and no scores.
"""

from __future__ import annotations

from typing import Any

from flask import url_for
from flask_babel import get_locale
from flask_babel import lazy_gettext as _l
from werkzeug.exceptions import HTTPException

from companion.errors import StoreError
from companion.web.common import load
from companion.web.screens import screens_of

SCORE_KEYS = (("chips", _l("Scores are chips.")), ("score", _l("Scores are points.")), ("total", _l("Scores are points.")),
              ("cards", _l("Scores are cards in hand.")))
"""The per-player numbers a card may show, in order of preference, with what the number counts."""


def table_cards(store, *, organiser: bool, kept: dict | None = None) -> list[dict[str, Any]]:
    """Return a card per stored game, newest first; the organiser's cards also link each game's host screen.

    `kept` ((game id, language) -> ((seq, title), card)) keeps each game's card
    between calls: after a move at one table only that table's card is read
    again (a game's shared view folds and words its whole log: tens of ms).
    """
    kept = {} if kept is None else kept
    language = str(get_locale())
    games = list(reversed(store.games()))
    seqs = store.last_seqs([info["game_id"] for info in games])
    cards = []
    for info in games:
        game_id = info["game_id"]
        key = (seqs.get(game_id), info.get("title") or "")
        entry = kept.get((game_id, language))
        if entry is None or entry[0] != key:
            entry = (key, table_card(info))
            if store.last_seq(game_id) == key[0]:  # nothing was stored while reading it
                kept[(game_id, language)] = entry
        card = dict(entry[1])
        if organiser:
            card["host"] = url_for("host.page", game_id=game_id)
        cards.append(card)
    return cards


def table_card(info: dict) -> dict[str, Any]:
    """Return one game's card (see the module's docstring for what it may hold)."""
    game_id = info["game_id"]
    card: dict[str, Any] = {"game_id": game_id, "table": info.get("title") or "", "game": info["game"],
                            "title": str(screens_of(info["game"]).title), "created": (info.get("created") or "")[:16].replace("T", " "),
                            "wall": url_for("board.game", game_id=game_id), "players": [], "score_label": None,
                            "over": False, "turn": None, "winners": [], "damaged": False, "readable": True}
    try:
        session, _key, view = load(game_id)
        public = view.public() if view is not None else None
        card["damaged"] = session.damage is not None
    except (HTTPException, StoreError):  # a game of a kind this companion cannot show, or one that does not read
        card["readable"] = False
        return card
    if not isinstance(public, dict):  # a game with no shared view yet: its seats from the state
        card["players"] = [{"name": str(name), "score": None, "turn": False, "winner": False}
                           for name in getattr(session.state, "players", ())]
        return card
    return {**card, **facts(public)}


def facts(public: dict) -> dict[str, Any]:
    """Return the card's facts from a game's shared view: players with one score each, the turn, over, the winners."""
    rows = [p for p in public.get("players") or [] if isinstance(p, dict) and isinstance(p.get("name"), str)]
    names = [p["name"] for p in rows]
    key, label = next(((k, lbl) for k, lbl in SCORE_KEYS if rows and all(_score(p.get(k)) is not None for p in rows)), (None, None))
    over = bool(public.get("over"))
    turn = public.get("turn") if public.get("turn") in names else None
    if turn is None:
        turn = next((p["name"] for p in rows if p.get("turn") is True or p.get("to_move") is True), None)
    winners = [w for w in public.get("winners") or [] if w in names]
    players = [{"name": p["name"], "score": _score(p[key]) if key else None, "turn": not over and p["name"] == turn,
                "winner": p["name"] in winners} for p in rows]
    return {"players": players, "score_label": str(label) if label else None, "over": over,
            "turn": None if over else turn, "winners": winners}


def _score(value: Any) -> int | None:
    """Return a whole number, or a breakdown's "total", else None."""
    if isinstance(value, dict):
        value = value.get("total")
    return value if isinstance(value, int) and not isinstance(value, bool) else None
