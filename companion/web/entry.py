"""Entry API shared by every game's tablet (game token required): undo the last move.

A game's own entry forms live in its screens package (companion/games/<game>/screens/).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from companion.errors import REFUSALS
from companion.store.session import GameSession
from companion.web.access import require_token
from companion.web.common import error_body, load, undone_text

bp = Blueprint("entry", __name__, url_prefix="/g/<game_id>/api")


@bp.post("/undo")
@require_token
def undo(game_id: str):
    """Undo the last move in effect (a compensating event); any game's tablet may use this one."""
    session, _key, view = load(game_id)
    return undo_reply(session, view)


def undo_reply(session: GameSession, view: Any) -> ResponseReturnValue:
    """Undo the last move in effect from the tablet and say what was undone; a refusal is a 409 worded by `view`.

    Every tablet undo ends here: the shared route above, and a game's own (which first checks the game is its kind).
    """
    try:
        event = session.undo(source="tablet")
    except REFUSALS as error:
        return jsonify(error_body(view, error)), 409
    return jsonify({"ok": True, "seq": event.seq, "message": undone_text(session, view, event)})
