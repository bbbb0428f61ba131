"""The shared scoreboard's JSON (/g/<id>/state.json): a plain function of the game's session, its key and a language.

The same body answers GET state.json and rides on every live stream's
`change` message (companion/web/asgi.py, broadcast.py), rendered once per
(game, seq, language) for all viewers. The live server renders it from its
broadcaster's worker thread, where no HTTP request exists: so nothing here
reads the request. It needs the app (its config, its JSON, its seq cache) and
a language, given; a request's language is its own (board.state_json).

A read never writes: nothing here stores (the dice seed's reveal comes with the
move that ends the game, GameSession.write). The body is the public view only: never a card's back value, never a player's
private view.
"""

from __future__ import annotations

from typing import Any, cast

from flask import Response, current_app
from flask_babel import force_locale

from companion.store.session import GameSession
from companion.web.access import request_key
from companion.web.db import get_session, get_store
from companion.web.dice_service import DiceService
from companion.web.screens import screens_of
from companion.web.speech import speech_of


def state_of(session: GameSession, key: bytes, language: str) -> tuple[int, bytes]:
    """Return (seq, the state.json body) of a game for the shared screens, worded in `language` (an app context is needed)."""
    with force_locale(language):
        view_class = screens_of(session.game.name).view
        view: Any = view_class(session, key) if view_class is not None else None
        dice = DiceService(session)  # read only: the seed's reveal is stored by the move that ends the game
        body: dict[str, Any] = {"game_id": session.game_id, "seq": session.store.last_seq(session.game_id), "dice": dice.summary()}
        body["board"] = view.public() if view is not None else None
        body["speech"] = speech_of(session.game.name, body)  # from the public body only: what every viewer sees
        response = cast(Response, current_app.json.response(body))
        return body["seq"], response.get_data()


def shared_state(game_id: str, language: str) -> tuple[int, bytes]:
    """Return (seq, the state.json body) in `language`, built once per seq (seq_cache), in the app's context.

    Answers 404 (HTTPException) for an unknown game.
    """
    store = get_store()
    cache = current_app.extensions["companion.state_cache"]
    with force_locale(language):  # the 404's words too: outside a request no locale selector can run
        return cache.build(lambda seq: (game_id, seq, language), lambda: store.last_seq(game_id),
                           lambda: state_of(get_session(game_id), request_key(game_id), language))
