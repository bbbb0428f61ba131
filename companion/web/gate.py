"""Who may send a request body: judged from the URL and the headers alone, before a byte of the body is read.

Reading a body costs the server time and memory. Read before any token was
checked, 33 tokenless connections that sent one byte of a body held all 32
Flask threads and froze every table on the server for a minute, and one
15 MB tokenless body took it to 1.9 GB (issue 29). So a request that carries
a body must first show, in its headers, that it may act at this table:
- the game's token in X-Companion-Token (the tablet's join link), or one of
  the game's seats' private tokens in that same header (a player's phone);
- for the club's new-game form, the organiser: this machine, naming itself.
A request with no body (a GET, an empty POST) is not judged here; each view
still checks what its token allows, as before. This is only the door.

The live server asks before it reads the body, in a thread beside the event
loop (companion/web/intake.py); the Flask app asks again before every view,
so the test client and the live server refuse the same requests.
"""

from __future__ import annotations

from flask import Flask, abort, request
from flask_babel import gettext as _
from werkzeug.datastructures import Headers
from werkzeug.exceptions import HTTPException

from companion.errors import StoreError
from companion.web.access import TOKEN_HEADER, game_token, player_token, request_key, same
from companion.web.db import get_session

NEW_GAME_ENDPOINT = "club.new_game"
TOKENLESS_BODY_PATHS = frozenset({"/club/new"})
"""The only URL that takes a body without a token: the organiser's new-game form (judged by club.organiser)."""


def carries_body(headers: Headers) -> bool:
    """Return True if the request announces a body (a non-zero Content-Length, or any Transfer-Encoding)."""
    if headers.get("Transfer-Encoding"):
        return True
    length = headers.get("Content-Length", "").strip()
    return bool(length) and not (length.isdigit() and int(length) == 0)


def lacks_token(path: str, headers: Headers) -> bool:
    """Return True if a body can be refused from its head alone: no token, at a URL that needs one.

    The live server answers these on its event loop, no thread and no store
    involved, so a flood of tokenless bodies costs it next to nothing.
    """
    return headers.get(TOKEN_HEADER) is None and path not in TOKENLESS_BODY_PATHS


def no_token_sentence(path: str) -> str:
    """Return the refusal of a body sent without a valid token (in the request's language)."""
    if "/me/" in path:
        return _("this private link is not valid (ask the host for your seat's QR code)")
    return _("this action needs the game's join link (token missing or wrong)")


def body_refusal() -> tuple[int, str] | None:
    """Return None if this request may send a body, else (status, sentence); reads the URL and headers only."""
    if lacks_token(request.path, request.headers):
        return 403, no_token_sentence(request.path)
    error = request.routing_exception
    if error is not None and (getattr(error, "code", None) or 404) >= 400:  # no such page, or it takes no body
        return getattr(error, "code", None) or 404, getattr(error, "description", "") or ""
    try:
        if request.endpoint == NEW_GAME_ENDPOINT:
            from companion.web.club import organiser

            if organiser():
                return None
            return 403, _("only the organiser, on the machine running the club server, can start a game")
        game_id = (request.view_args or {}).get("game_id")
        if game_id is not None and _may_act(game_id, request.headers.get(TOKEN_HEADER)):
            return None
    except HTTPException as error:  # unknown game (404), malformed request id (400)
        return error.code or 400, error.description or error.name
    except StoreError as error:
        return getattr(error, "status", 503), error.message
    return 403, no_token_sentence(request.path)


def _may_act(game_id: str, token: str | None) -> bool:
    """Return True if `token` is the game's token or one of its seats' (404 for an unknown game)."""
    session = get_session(game_id)
    key = request_key(game_id)
    if same(token, game_token(key)):
        return True
    players = getattr(session.state, "players", None) or ()
    return any(same(token, player_token(key, player)) for player in players)


def _refuse_unshown_body() -> None:
    refusal = body_refusal() if carries_body(request.headers) else None
    if refusal is not None:
        abort(*refusal)


def init_app(app: Flask) -> None:
    """Judge every request's body before anything else runs (before even the repeated-request check)."""
    app.before_request_funcs.setdefault(None, []).insert(0, _refuse_unshown_body)
