"""The event store and the game's session for one web request, opened lazily and closed at teardown (flaskr's db.py).

One request, one session per game: the gate, the token check and the view all
read the game through the same GameSession (get_session), so a POST folds and
judges the game once and carries one write context (its request id and seen
seq, read once from the headers). Views read games through GameSession;
nothing here knows a game's rules.
"""

from __future__ import annotations

from flask_babel import gettext as _

from flask import Flask, abort, current_app, g, has_request_context, request

from companion.errors import StoreError, UnknownGame
from companion.store.session import GameSession, Request
from companion.store.backends import Store, open_store
from companion.web.write_context import request_of_this_call


def get_store() -> Store:
    """Return this request's EventStore (opened on first use)."""
    if "store" not in g:
        g.store = open_store(current_app.config["DB"])
    return g.store


def request_sessions() -> dict[str, GameSession]:
    """Return the sessions this request has built so far, by game id (none before the first get_session)."""
    return g.get("sessions", {})


def get_session(game_id: str) -> GameSession:
    """Return the stored game's session for this request (built once: its request id and seen seq), or answer 404."""
    sessions = g.setdefault("sessions", {})
    session = sessions.get(game_id)
    if session is not None:
        return session
    try:
        # Outside a request (the live server's broadcaster renders in the app's context only) nobody writes.
        write = request_of_this_call() if has_request_context() else Request()
        session = GameSession(get_store(), game_id, request=write, shared=True)
    except UnknownGame:
        abort(404, description=_("no game %(game_id)r", game_id=game_id))
    except ValueError:
        abort(404, description=_("game %(game_id)r is of a kind this companion cannot show", game_id=game_id))
    sessions[game_id] = session
    return session


def close_store(_error: BaseException | None = None) -> None:
    """Close the request's store, if one was opened."""
    g.pop("sessions", None)
    store = g.pop("store", None)
    if store is not None:
        store.close()


def damage_notice() -> dict:
    """Template context: the damage of the page's game, if its stored log stops replaying (a read-only banner)."""
    game_id = (request.view_args or {}).get("game_id") if request else None
    if not game_id:
        return {}
    try:
        session = request_sessions().get(game_id) or GameSession(get_store(), game_id, shared=True)
        return {"damaged_game": session.damage}
    except (StoreError, ValueError):
        return {}


def init_app(app: Flask) -> None:
    """Register the teardown that closes the store and the damaged-game banner."""
    app.teardown_appcontext(close_store)
    app.context_processor(damage_notice)
