"""BUX's entry API (game token required): moves, bids, attention items, the pickers' choices (undo is shared: web/entry.py).

Every rejected entry answers 4xx with the engine's reason and changes no
state (the session stores a `rejected` event for the audit, never a move).
Drawn cards arrive as face + value (what the turned-over cards show), spread
cards as handles; both are resolved here. Card codes in error messages are
rewritten to faces (a drawn card's value only where the entrant typed it).
"""

from __future__ import annotations

from flask import Blueprint, abort, jsonify
from flask_babel import gettext as _

from companion.errors import REFUSALS, RecordError
from companion.store.events import RESOLVED
from companion.web.access import require_token
from companion.web.common import json_body, load, named_attention, open_item, resolving
from companion.web.db import get_store
from companion.games.bux.screens.forms import BuxForms, typed_price
from companion.games.bux.screens.view import BuxView

bp = Blueprint("bux_entry", __name__, url_prefix="/g/<game_id>/api")
MOVE_TYPES = ("draw", "sell", "swap", "broke")


def _load_bux(game_id: str):
    """Return the BUX game's session, view and forms' helpers; these forms are BUX's (other games answer 404 here)."""
    session, _key, view = load(game_id)
    if not isinstance(view, BuxView):
        abort(404, description=_("this game has no entry forms yet"))
    return session, view, BuxForms(view)


@bp.get("/options")
@require_token
def options(game_id: str):
    """Return the legal choices for the player to move, and the seq they were read at (read first: never newer than them).

    The forms send that seq as the one their screen had shown, so picks made
    for a player whose turn another device ended are refused as stale.
    """
    _session, _view, forms = _load_bux(game_id)
    seq = get_store().last_seq(game_id)
    return jsonify({**forms.options(), "seq": seq})


def _price(line: dict) -> dict:
    """Return the line with its typed price ("55") as a number (forms.typed_price)."""
    return {**line, "price": typed_price(line["price"])} if "price" in line else line


@bp.post("/move")
@require_token
def move(game_id: str):
    """Submit a manual move or a correction: {"line": {...}, "attention": id?}."""
    session, view, forms = _load_bux(game_id)
    body = json_body()
    line = body.get("line")
    if not isinstance(line, dict) or line.get("type") not in MOVE_TYPES:
        abort(400, description=_("Say which move: draw, sell, swap or broke."))
    attention = named_attention(session, body, _("That attention item is already resolved."))
    try:
        line = forms.resolve_line(_price(line))
    except RecordError as error:
        # Malformed for this API (no such card, a code where a handle belongs): nothing judged, nothing stored.
        abort(400, description=error.message)
    try:
        event = session.submit(line, source="tablet", also=resolving(attention, line))
    except REFUSALS as error:
        return jsonify(forms.refusal(line, error)), 422
    return jsonify({"ok": True, "seq": event.seq, "message": view.describe(line)})


@bp.get("/attention/<item_id>")
@require_token
def correction(game_id: str, item_id: str):
    """Return an open attention item's proposed move in the forms' terms, so "Correct" opens it filled in.

    The correction itself is posted to /move with "attention": item_id, which
    resolves the item as "corrected" (or "confirmed" if nothing was changed).
    """
    session, _view, forms = _load_bux(game_id)
    item = open_item(session, item_id, 404, _("No open attention item %(id)s.", id=item_id))
    return jsonify(forms.correction(item))


@bp.post("/attention/<item_id>")
@require_token
def attention(game_id: str, item_id: str):
    """Resolve an attention item: {"how": "confirm"} submits its proposed move, {"how": "dismiss"} closes it."""
    session, _view, forms = _load_bux(game_id)
    how = json_body().get("how")
    item = open_item(session, item_id, 404, _("No open attention item %(id)s.", id=item_id))
    if how == "dismiss":
        session.resolve(item_id, "dismissed")
        return jsonify({"ok": True})
    if how != "confirm":
        abort(400, description=_("Say confirm or dismiss (to correct, submit the right move)."))
    proposed = item.get("proposed")
    if not isinstance(proposed, dict):
        abort(409, description=_("This item proposes no move; dismiss it or enter the move."))
    if proposed.get("type") == "draw" and not forms.still_drawable(proposed):
        # The camera's values were never typed: a refusal must not show them to the table. Correct it instead.
        abort(409, description=_("A card of this proposal is no longer in the draw deck: tap Correct and enter the cards."))
    try:
        event = session.submit(proposed, source="tablet", also=[(RESOLVED, {"id": item_id, "how": "confirmed"})])
    except REFUSALS as error:
        return jsonify(forms.refusal(proposed, error)), 422
    return jsonify({"ok": True, "seq": event.seq})
