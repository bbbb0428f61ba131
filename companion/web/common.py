"""Helpers shared by the blueprints: the game's view, its key, JSON bodies, the strings JS needs."""

from __future__ import annotations

import json
from typing import Any

from flask import abort, request
from flask_babel import get_locale
from flask_babel import gettext as _

from companion.errors import CompanionError, RecordError
from companion.games.safejson import load_json
from companion.games.wording import render
from companion.store.session import GameSession
from companion.web.access import game_key
from companion.web.db import get_session, get_store
from companion.web.games import screens_of
from companion.web.i18n import count_forms


def load(game_id: str) -> tuple[GameSession, bytes, Any]:
    """Return the game's session, its key and its view (None for a game with no tablet view yet)."""
    session = get_session(game_id)
    key = game_key(get_store(), game_id)
    view_class = screens_of(session.game.name).view
    view = view_class(session, key) if view_class is not None else None
    return session, key, view


def error_body(view: Any, error: CompanionError) -> dict:
    """Return the JSON error body for a refused entry: the rule's sentence in the reader's language.

    The one error handler of every game's screens. A refusal carrying a rule
    id and parameters is worded by its game's table (companion.games.wording)
    in the request's language; cards are named by the view's `sanitise`, which
    shows on this screen only what it may show (a BUX card by suit and shape,
    never its value), and the whole sentence passes through `sanitise` again
    so no card code reaches the page. Any other error keeps its message.
    """
    body = error.to_json()
    body["error"]["message"] = error_text(view, error)
    return body


def error_text(view: Any, error: CompanionError) -> str:
    """Return a refusal's sentence for this screen: in the request's language, cards as the view may show them."""
    sanitise = getattr(view, "sanitise", None)
    text = render(error, str(get_locale() or "en"), card=sanitise)
    return sanitise(text) if sanitise is not None else text


def json_body() -> dict:
    """Return the request's JSON object, or answer 400 with a message.

    Read through the shared safe loader: nesting thousands deep or integers
    thousands of digits long are a 400 with a sentence, never a 500.
    """
    try:
        data = load_json(request.get_data(cache=True), "the request body")
    except RecordError as error:
        abort(400, description=error.message)
    if not isinstance(data, dict):
        abort(400, description=_("send a JSON object"))
    return data


def js_strings() -> str:
    """Return the UI strings the page's JavaScript shows, translated, as JSON."""
    strings: dict[str, Any] = {
        "chips": _("chips"), "turn": _("to play"), "cards": _("cards"), "deck": _("Deck"),
        "timer": _("BUX timer"), "time_passing": _("Time is passing"),
        "double_bux": _("DOUBLE-BUX! Every sale pays double"),
        "reshuffle": _("Third BUX card: PAUSE. Gather every card nobody owns (draw deck, discard, the cards just drawn), set the 3 BUX cards aside, shuffle numbers up, put the 3 BUX cards back in, and the same player draws 3 new cards."),
        "game_over": _("Game over"), "winners": _("Winner"), "no_moves": _("No moves yet."),
        "attention": _("Needs attention"), "confirm": _("Confirm"), "correct": _("Correct"), "dismiss": _("Dismiss"),
        "proposed": _("Proposed"), "offline": _("Connection lost. Reconnecting…"),
        "online": _("Live"), "accepted": _("Accepted"), "undone": _("Last move undone"),
        "snake_eyes": _("Snake eyes!"), "doubles": _("Doubles!"), "physical": _("typed in"),
        "commitment": _("Dice seed hash"), "seed": _("Dice seed (revealed)"), "no_rolls": _("No rolls yet."),
        "roll": _("Roll"), "pick3": _("Pick 3 cards that share a suit or a shape"),
        "not_a_set": _("These 3 cards are not a set"), "set_added": _("Set added"),
        "price_multiple": _("The price must be a multiple of %(n)s", n="{n}"),
        "price_over": _("%(name)s has only %(chips)s chips", name="{name}", chips="{chips}"),
        "price_missing": _("Type the price"), "winner_missing": _("Choose who won the bid"),
        "cards_missing": _("Pick the cards in the order they were turned over"),
        "empty": _("no cards"), "discard": _("Discard"), "in_deck": _("in the draw deck"),
        "camera_off": _("The camera is off."), "counts": count_forms(),
        "cam_bid_title": _("Bidding on %(name)s's %(cards)s", name="{name}", cards="{cards}"),
        "cam_bid_winner_seen": _("(seen by the camera)"),
        "suits": {"heart": _("heart"), "club": _("club"), "spade": _("spade"), "diamond": _("diamond")},
        "shapes": {"x": _("X"), "oval": _("oval"), "circle": _("circle"), "square": _("square")},
    }
    return json.dumps(strings, ensure_ascii=False).replace("<", "\\u003c")
