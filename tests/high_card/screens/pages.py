"""High Card's pages: the shared table page (scoreboard + 'play a card' for token holders) and the phone page.

Every screen renders from the engine's view_for: the shared page with
viewer None (hand sizes only), a phone with its own player.
"""

from __future__ import annotations

from flask import Blueprint, abort, jsonify, render_template, request

from companion.errors import REFUSALS
from companion.games.base import SHARED
from companion.web.access import game_token, player_token, presented_token, require_token, same
from companion.web.common import error_body, json_body, load
from tests.high_card import rules

bp = Blueprint("high", __name__, url_prefix="/g/<game_id>/high")


class HighView:
    """The views the shared web shell asks for: public() for every screen, private(player) for a phone."""

    def __init__(self, session, key: bytes):
        self.session = session

    def public(self) -> dict:
        return self.session.game.view_for(self.session.state, SHARED)

    def private(self, player: str) -> dict:
        return self.session.game.view_for(self.session.state, player)


@bp.get("/")
def page(game_id: str):
    session, key, view = load(game_id)
    can_act = same(presented_token(game_id, allow_cookie=True), game_token(key))
    return render_template("high/page.html", game_id=game_id, game=session.game, board=view.public(), can_act=can_act,
                           token=game_token(key) if can_act else "")


@bp.post("/api/play")
@require_token
def play(game_id: str):
    """Play a card for the player to move: {"card": code} (the entrant reads it off the table)."""
    session, _key, view = load(game_id)
    state = session.state
    player = state.players[state.to_move] if not rules.is_over(state) else ""
    try:
        event = session.submit({"type": "play", "player": player, "card": json_body().get("card")}, source="tablet")
    except REFUSALS as error:
        return jsonify(error_body(view, error)), 422
    return jsonify({"ok": True, "seq": event.seq})


@bp.get("/me/<player>")
def phone(game_id: str, player: str):
    session, key, view = load(game_id)
    if player not in session.state.players:
        abort(404)
    if not same(request.args.get("k"), player_token(key, player)):
        abort(403)
    return render_template("high/phone.html", game_id=game_id, game=session.game, player=player, me=view.private(player))
