"""Dice API (game token required): roll digital dice, type in physical dice, reveal the seed at the end."""

from __future__ import annotations

from flask import Blueprint, abort, jsonify
from flask_babel import gettext as _

from companion.dice import parse_notation
from companion.errors import REFUSALS
from companion.games.messages import WORDING as COMMON
from companion.web.access import require_token
from companion.web.common import error_body, json_body, load
from companion.web.dice_service import DiceService

bp = Blueprint("dice", __name__, url_prefix="/g/<game_id>/api/dice")


@bp.post("/roll")
@require_token
def roll(game_id: str):
    """Roll {"dice": "2d6"} (or count and sides) from the committed seed."""
    body = json_body()
    try:
        count, sides = parse_notation(body.get("dice", "2d6"))
        payload = DiceService(load(game_id)[0]).roll(count, sides)
    except ValueError:  # the notation's own message quotes what was typed as Python would
        return jsonify(error_body(None, COMMON.violation("dice.bad_roll", why="notation"))), 400
    except REFUSALS as error:
        return jsonify(error_body(None, error)), 409
    return jsonify(payload)


@bp.post("/physical")
@require_token
def physical(game_id: str):
    """Store dice rolled by hand: {"values": [3, 5], "sides": 6}."""
    body = json_body()
    sides = body.get("sides", 6)
    if isinstance(sides, str) and sides.isdigit():
        sides = int(sides)
    values = body.get("values")
    if isinstance(values, list):
        values = [int(v) if isinstance(v, str) and v.strip().isdigit() else v for v in values]
    try:
        payload = DiceService(load(game_id)[0]).enter_physical(values, sides)
    except REFUSALS as error:
        return jsonify(error_body(None, error)), 400
    return jsonify(payload)


@bp.post("/reveal")
@require_token
def reveal(game_id: str):
    """Reveal the seed; only once the game is over."""
    session, _key, _view = load(game_id)
    if not session.game.is_over(session.state):
        abort(409, description=_("The dice seed is revealed when the game is over."))
    return jsonify({"seed": DiceService(session).reveal()})
