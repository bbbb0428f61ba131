"""Who may do what: the per-game token, each player's private token, opaque card handles.

All three are HMACs of one random per-game key kept in the store's secrets
table, so nothing extra has to be remembered and a restart keeps every link
valid. The key is stored with the game when it is created
(companion/store/game_secrets.py); a request only reads it, so a GET never
writes. The scoreboard needs no token; every action needs the game token in
the X-Companion-Token header (a custom header cannot be sent cross-site
without CORS, so the API is CSRF-safe; the cookie only lets pages render the
entry forms).

Card handles stand in for card codes on shared screens: a code such as
heart-x-25 contains the value on the card's back, a handle does not.
"""

from __future__ import annotations

from flask_babel import gettext as _

import functools
import hashlib
import hmac
from typing import Callable

from flask import abort, g, request

from companion.errors import StorageFault
from companion.store.backends import Store
from companion.store.game_secrets import GAME_KEY
from companion.web.db import get_session, get_store

KEY_NAME = GAME_KEY
TOKEN_HEADER = "X-Companion-Token"


def cookie_name(game_id: str) -> str:
    """Return the name of the cookie that remembers the game token on this device."""
    return f"companion_{game_id}"


def game_key(store: Store, game_id: str) -> bytes:
    """Return the game's secret key (stored with the game; never made by a read).

    Raises:
        StorageFault: for a game stored by an older version without a key, until `companion serve` gives it one.
    """
    value = store.get_secret(game_id, KEY_NAME)
    if value is None:
        raise StorageFault(f"game {game_id!r} has no key yet (it was stored by an older version): serve it with "
                           "`companion serve`, which gives it one, where the database can be written")
    return bytes.fromhex(value)


def request_key(game_id: str) -> bytes:
    """Return the game's key for this web request: read from the store once, however many checks ask for it."""
    keys = g.setdefault("game_keys", {})
    if game_id not in keys:
        keys[game_id] = game_key(get_store(), game_id)
    return keys[game_id]


def _mac(key: bytes, label: str, size: int) -> str:
    return hmac.new(key, label.encode("utf-8"), hashlib.sha256).hexdigest()[:size]


def game_token(key: bytes) -> str:
    """Return the token that allows every action in this game."""
    return _mac(key, "game-token", 24)


def player_token(key: bytes, player: str) -> str:
    """Return the token of one player's private view."""
    return _mac(key, f"player:{player}", 24)


def card_handle(key: bytes, code: str) -> str:
    """Return the opaque handle shown instead of a card code (no value in it)."""
    return "c" + _mac(key, f"card:{code}", 10)


def card_tag(handle: str) -> str:
    """Return the 3-letter tag printed next to a card so identical faces can be told apart."""
    return handle[1:4].upper()


def same(given: str | None, expected: str) -> bool:
    """Return True if a presented token matches (constant time)."""
    return isinstance(given, str) and hmac.compare_digest(given.encode(), expected.encode())


def presented_token(game_id: str, *, allow_cookie: bool) -> str | None:
    """Return the token the request carries: the header, or (for pages only) the cookie."""
    token = request.headers.get(TOKEN_HEADER)
    if token is None and allow_cookie:
        token = request.cookies.get(cookie_name(game_id))
    return token


def require_token(view: Callable) -> Callable:
    """Decorate an API view (first argument game_id) so it answers 403 without the game token."""

    @functools.wraps(view)
    def wrapped(game_id: str, *args, **kwargs):
        get_session(game_id)  # 404 before 403 for unknown games
        token = presented_token(game_id, allow_cookie=False)
        if not same(token, game_token(request_key(game_id))):
            abort(403, description=_("this action needs the game's join link (token missing or wrong)"))
        return view(game_id, *args, **kwargs)

    return wrapped


LOOPBACK_ADDRESSES = ("127.0.0.1", "::1")
FORWARDING_HEADERS = ("X-Forwarded-For", "X-Real-IP", "Forwarded")


def _forwarded_clients() -> list[str] | None:
    """Return the client address each forwarding header names (None if one cannot be read)."""
    clients = []
    for value in request.headers.getlist("X-Forwarded-For"):
        clients.append(value.split(",")[-1].strip())
    clients += [value.strip() for value in request.headers.getlist("X-Real-IP")]
    for value in request.headers.getlist("Forwarded"):
        last = value.split(",")[-1]
        named = [part.split("=", 1)[1].strip().strip('"') for part in last.split(";")
                 if part.strip().lower().startswith("for=")]
        if not named:
            return None
        clients.append(named[-1].removeprefix("[").split("]")[0])
    return clients


def is_loopback() -> bool:
    """Return True if the request comes from this machine (the host screen, the club organiser).

    Trusts the socket's peer address only. A request carrying any forwarding
    header (X-Forwarded-For, X-Real-IP, Forwarded) came through a proxy, and
    a proxy on this machine makes every remote request look local: such a
    request is refused, unless HOST_PROXY names the proxy's address and the
    request comes from it, naming a loopback client in every header it sent.
    """
    from flask import current_app

    peer = request.environ.get("REMOTE_ADDR")
    if not any(name in request.headers for name in FORWARDING_HEADERS):
        return peer in LOOPBACK_ADDRESSES
    proxy = current_app.config.get("HOST_PROXY")
    if not proxy or peer != proxy:
        return False
    clients = _forwarded_clients()
    return bool(clients and all(client in LOOPBACK_ADDRESSES for client in clients))
