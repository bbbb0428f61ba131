"""The game's seal on every screen: the head of its hash chain, so players can witness the log outside the database.

Anyone holding the database file can rewrite the log and recompute every
plain SHA-256 hash, so the chain alone proves nothing against its keeper. A
seal noted during play does: `companion audit GAME --seal S` fails unless the
chain still holds an event whose hash starts with S and is intact up to it.
Every page shows the current seal in its footer (static/seal.js), and each
device keeps the seals it saw (localStorage), so a phone carries its own
witness of the game home.
"""

from __future__ import annotations

from flask import Blueprint, jsonify

from companion.store.events import format_seal, seal_of
from companion.web.common import load
from companion.web.db import get_store
from companion.web.house_rules import played_with_text, setup_rules

bp = Blueprint("seal", __name__)


@bp.get("/g/<game_id>/seal.json")
def seal(game_id: str):
    """Return {"seq", "moves", "seal", "label", "over"}: the latest event's number and seal ("#47 3fa9c2e01b7d",
    as `companion games` and `companion audit --seal` write it), the moves in effect, whether the game is over."""
    session, _key, _view = load(game_id)
    head = get_store().head(game_id)
    folded = session.refresh()
    over = folded.state is not None and folded.damage is None and bool(session.game.is_over(folded.state))
    return jsonify({"game_id": game_id, "seq": head.seq if head else 0, "moves": max(len(folded.moves) - 1, 0),
                    "seal": seal_of(head) if head else None,
                    "label": format_seal(head) if head else None, "over": over,
                    "played_with": played_with_text(session.game.name, setup_rules(folded))})
