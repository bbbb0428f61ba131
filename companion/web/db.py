"""The event store for one web request, opened lazily and closed at teardown (flaskr's db.py).

Views read games through GameSession; nothing here knows a game's rules.
"""

from __future__ import annotations

from flask_babel import gettext as _

from flask import Flask, abort, current_app, g

from companion.errors import StoreError
from companion.store.session import GameSession
from companion.store.sqlite import EventStore


def get_store() -> EventStore:
    """Return this request's EventStore (opened on first use)."""
    if "store" not in g:
        g.store = EventStore(current_app.config["DB"])
    return g.store


def get_session(game_id: str) -> GameSession:
    """Return the stored game's session, or answer 404 if there is no such game."""
    try:
        return GameSession(get_store(), game_id)
    except StoreError:
        abort(404, description=_("no game %(game_id)r", game_id=game_id))
    except ValueError:
        abort(404, description=_("game %(game_id)r is of a kind this companion cannot show", game_id=game_id))


def close_store(_error: BaseException | None = None) -> None:
    """Close the request's store, if one was opened."""
    store = g.pop("store", None)
    if store is not None:
        store.close()


def init_app(app: Flask) -> None:
    """Register the teardown that closes the store."""
    app.teardown_appcontext(close_store)
