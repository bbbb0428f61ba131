"""Bid entry with a camera: the tracker knows the drawn cards, the tablet types only the price.

The app receives, in its config, TRACKER: the running companion.live.LiveTable
(or None). It offers pending_bid() (the complete draw waiting for its bid,
described without card codes), enter_bid(...) (the tablet's settlement, which
the tracker turns into a draw and submits to the rules engine) and status().
Nothing here imports the tracker: the object is duck-typed like CAMERA.

A bid is checked here before the tracker sees it (bid.* rules of the engine,
with the tablet's own words), so bad input answers 400 and changes nothing.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, jsonify
from flask_babel import gettext as _

from companion.errors import RuleViolation
from companion.games.bux import rules
from companion.games.bux.screens.forms import typed_price
from companion.web.access import require_token
from companion.web.common import json_body, load

bp = Blueprint("tracker", __name__, url_prefix="/g/<game_id>/api")


def _tracker(game_id: str) -> Any:
    """Return the live tracker watching this game, or None (no camera, or it watches another game)."""
    tracker = current_app.config.get("TRACKER")
    if tracker is None or getattr(getattr(tracker, "session", None), "game_id", game_id) != game_id:
        return None
    return tracker


@bp.get("/table")
def table(game_id: str):
    """Return what the camera table waits for: {"tracker", "status", "bid"}; no card codes, no token needed."""
    load(game_id)
    tracker = _tracker(game_id)
    if tracker is None:
        return jsonify({"tracker": False, "status": None, "bid": None})
    bid = tracker.pending_bid()
    if bid is not None:
        bid = {key: bid.get(key) for key in ("drawer", "cards", "winner_guess", "can_keep")}
    return jsonify({"tracker": True, "status": tracker.status(), "bid": bid})


def _bad(message: str, rule: str | None = None):
    body: dict = {"message": message, "status": 400}
    if rule:
        body["rule"] = rule
    return jsonify({"error": body}), 400


def _price_message(error: RuleViolation, winner: str | None, chips: int | None) -> str:
    """Return the tablet's words for a bid the engine's verify_bid refused."""
    if error.rule == "bid.not_multiple":
        return _("The price must be a multiple of %(n)s", n=rules.BID_MULTIPLE)
    if error.rule == "bid.too_low":
        return _("The price must be at least %(n)s", n=rules.BID_MULTIPLE)
    if error.rule == "bid.over_chips":
        return _("%(name)s has only %(chips)s chips", name=winner, chips=chips)
    return _("Type the price as a whole number of chips")


def _check_price(state, winner: str | None, price: object) -> RuleViolation | None:
    """Judge the price with the engine's verify_bid; before the winner is known, its verify_price (all but the chips)."""
    try:
        if winner is not None:
            rules.verify_bid(state, winner, price)
        else:
            rules.verify_price(price)
    except RuleViolation as error:
        return error
    return None


@bp.post("/bid")
@require_token
def bid(game_id: str):
    """Settle the draw the camera saw: {"price": int, "winner": name?}, {"all_passed": true} or {"keep": true}."""
    session, _key, _view = load(game_id)
    body = json_body()
    tracker = _tracker(game_id)
    if tracker is None:
        abort(409, description=_("The camera is off: enter the draw in the form."))
    pending = tracker.pending_bid()
    if pending is None:
        abort(409, description=_("No draw is waiting for its bid."))
    state = session.state
    moves_before = len(session.refresh().moves)
    attention_before = len(session.open_attention())
    if body.get("all_passed") is True:
        tracker.enter_bid(all_passed=True)
    elif body.get("keep") is True:
        if not pending.get("can_keep"):
            return _bad(_("Only a player with no cards may keep the cards."), "draw.keep_with_cards")
        tracker.enter_bid(keep=True)
    else:
        winner = body.get("winner") or pending.get("winner_guess")
        if winner is not None and winner not in state.players:
            return _bad(_("Choose who won the bid"))
        if body.get("price") is None or body.get("price") == "":
            return _bad(_("Type the price"))
        price = typed_price(body.get("price"))
        error = _check_price(state, winner, price)
        if error is not None:
            chips = state.chips[state.seat(winner)] if winner is not None else None
            return _bad(_price_message(error, winner, chips), error.rule)
        tracker.enter_bid(winner=body.get("winner") or None, price=price)
    recorded = len(session.refresh().moves) > moves_before
    if recorded:
        message = _("Recorded.")
    elif len(session.open_attention()) > attention_before:
        message = _("The rules refused this draw: see Needs attention.")
    else:
        message = _("Bid noted: it is recorded when the cards lie in the winner's spread.")
    return jsonify({"ok": True, "recorded": recorded, "message": message, "status": tracker.status()})
