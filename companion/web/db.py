"""The event store for one web request, opened lazily and closed at teardown (flaskr's db.py).

Views read games through GameSession; nothing here knows a game's rules.
"""

from __future__ import annotations

from flask_babel import gettext as _

from flask import Flask, abort, current_app, g, request

from companion.errors import StoreError, UnknownGame
from companion.store.session import GameSession
from companion.store.backends import Store, open_store


def get_store() -> Store:
    """Return this request's EventStore (opened on first use)."""
    if "store" not in g:
        g.store = open_store(current_app.config["DB"])
    return g.store


def get_session(game_id: str) -> GameSession:
    """Return the stored game's session for this request (its request id and seen seq), or answer 404."""
    from companion.web.writes import request_of_this_call

    try:
        return GameSession(get_store(), game_id, request=request_of_this_call(), shared=True)
    except UnknownGame:
        abort(404, description=_("no game %(game_id)r", game_id=game_id))
    except ValueError:
        abort(404, description=_("game %(game_id)r is of a kind this companion cannot show", game_id=game_id))


def close_store(_error: BaseException | None = None) -> None:
    """Close the request's store, if one was opened."""
    store = g.pop("store", None)
    if store is not None:
        store.close()


def damage_notice() -> dict:
    """Template context: the damage of the page's game, if its stored log stops replaying (a read-only banner)."""
    game_id = (request.view_args or {}).get("game_id") if request else None
    if not game_id:
        return {}
    try:
        return {"damaged_game": GameSession(get_store(), game_id, shared=True).damage}
    except (StoreError, ValueError):
        return {}


def init_app(app: Flask) -> None:
    """Register the teardown that closes the store and the damaged-game banner."""
    app.teardown_appcontext(close_store)
    app.context_processor(damage_notice)
