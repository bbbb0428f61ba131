"""The camera's items on any game's tablet (game token required): what the camera proposes and what it cannot explain.

The camera loop (companion.live) never applies a move it is unsure of: it
raises an attention item, a proposed move to confirm, or something on the
table the game cannot explain. This is the tablet's side of those items for
every game whose screens do not show them their own way (GameScreens.
camera_items): the list, worded in the reader's language by the game's table
reader, and two answers: Confirm (the proposed move is stored, judged by the
rules like any entry) and Dismiss (the item closes; the move, if any, is
entered with the game's own forms). Shared code: it names no game.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, jsonify
from flask_babel import get_locale, gettext as _

from companion.errors import REFUSALS
from companion.store.events import RESOLVED
from companion.store.session import GameSession
from companion.web.access import require_token
from companion.web.common import error_body, json_body, load, open_item, uncached_json
from companion.web.screens import screens_of

bp = Blueprint("camera_items", __name__, url_prefix="/g/<game_id>/api/camera-items")


def _load(game_id: str) -> tuple[GameSession, Any]:
    """Return the game's session and view; a game whose page shows the camera's items its own way answers 404 here."""
    session, _key, view = load(game_id)
    if not screens_of(session.game.name).camera_items:
        abort(404, description=_("This game's page shows the camera's items itself."))
    return session, view


def _word(game: str) -> Any:
    """Return the game's table reader's sentence maker, or None (no reader, or it words nothing)."""
    from companion.table.readers import readers  # the camera's stack is loaded only when a tablet asks

    reader = readers().get(game)
    return reader.word if reader is not None else None


def item_text(session: GameSession, item: dict) -> str:
    """Return an item's sentence in the request's language (its English message if it cannot be worded)."""
    evidence = item.get("evidence")
    said = evidence.get("say") if isinstance(evidence, dict) else None
    word = _word(session.game.name)
    if isinstance(said, dict) and word is not None:
        try:
            return word(said, str(get_locale() or "en"))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            pass  # stored by another version: its English message still says it
    return str(item.get("message", ""))


@bp.get("")
@require_token
def items(game_id: str):
    """Return the game's open camera items, oldest first: {"items": [{"id", "text", "confirm"}]}.

    `confirm` says the item proposes a move that Confirm would store.
    """
    session, _view = _load(game_id)
    listed = [{"id": item["id"], "text": item_text(session, item), "confirm": isinstance(item.get("proposed"), dict)}
              for item in session.open_attention()]
    return uncached_json({"items": listed})


@bp.post("/<item_id>")
@require_token
def answer(game_id: str, item_id: str):
    """Answer an item: {"how": "confirm"} stores its proposed move, {"how": "dismiss"} closes it."""
    session, view = _load(game_id)
    how = json_body().get("how")
    if how not in ("confirm", "dismiss"):
        abort(400, description=_("Say confirm or dismiss."))
    item = open_item(session, item_id, 409, _("That camera item is already answered (on this screen or another)."))
    if how == "dismiss":
        try:
            session.resolve(item["id"], "dismissed")
        except REFUSALS:  # answered on another screen between the look-up and the write
            abort(409, description=_("That camera item is already answered (on this screen or another)."))
        return jsonify({"ok": True})
    proposed = item.get("proposed")
    if not isinstance(proposed, dict):
        abort(409, description=_("This item proposes no move: dismiss it, or enter the move."))
    try:
        event = session.submit(proposed, source="tablet", also=[(RESOLVED, {"id": item["id"], "how": "confirmed"})])
    except REFUSALS as error:
        return jsonify(error_body(view, error)), 422
    return jsonify({"ok": True, "seq": event.seq})
