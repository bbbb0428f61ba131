"""Many devices, one truth: the answers to repeated taps and to entries made on an outdated screen.

Every state-changing request may carry two headers, both sent by the pages' JS
and read once into the request's GameSession (companion/web/write_context.py):
- X-Request-Id: a client-made id for one tap. A repeat of an id already
  answered gets the first answer (same status, same body) and stores nothing;
  a double tap or a retry after a dropped Wi-Fi answer is never a second move.
- X-Seen-Seq: the latest event seq the screen had shown. An entry made on a
  screen that had not yet shown another device's move is refused with 409 and
  a sentence saying what was entered meanwhile, never applied to a game the
  player did not see.

An entry that stores has its request id checked once, by the store, inside
the write transaction (RepeatedRequest), with the expected seq that makes
every write judged against the state it is stored onto. Only a refusal asks
again: the session, when it refuses a screen or the rules refuse the entry
(the first tap was applied, so its repeat breaks a rule); and this module,
when a view refused a request before it reached the store (its cards already
drawn, its attention item already resolved), looks up the answer kept for it.
This module keeps each answer (the store's replies table) and answers repeats
and conflicts.
"""

from __future__ import annotations

import hashlib
import time
from typing import Any, Mapping

from flask import Flask, Response, g, jsonify, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from companion.errors import Conflict, StoreError
from companion.store.events import DICE, SEED_REVEAL, UNDO
from companion.store.sqlite import RepeatedRequest
from companion.web.access import TOKEN_HEADER
from companion.web.db import get_store, request_sessions
from companion.web.screens import screens_of
from companion.web.write_context import request_id_of_this_call

SEQ_HEADER = "X-Companion-Seq"
"""Answered on every write: the game's latest seq, so a screen's next entry is judged against its own last one."""
REPEAT_WAIT = 5.0
"""Seconds a repeated request waits for the first one's answer before answering from the stored event."""


def _game_id() -> str | None:
    return (request.view_args or {}).get("game_id")


def _presented_credential() -> str:
    """Return the credential this request presents: the game token header, else a private link's `k` (query or body)."""
    given = request.headers.get(TOKEN_HEADER) or request.args.get("k")
    if given is None and request.is_json:
        body = request.get_json(silent=True)
        given = body.get("k") if isinstance(body, dict) else None
    return given if isinstance(given, str) else ""


def reply_key(request_id: str) -> str:
    """Return the key an answer is kept under: the request id, scoped to the credential and path that asked.

    Why: a kept answer may be private (a player's own view, an entry form's
    result). Keyed by the id alone, anyone who saw the id (a log line, a
    shoulder) could replay it on any POST path, without a token, and read the
    body. Scoped, a repeat gets the first answer only from the same
    credential on the same path; any other asker gets nothing from the cache.
    """
    scope = hashlib.sha256(f"{_presented_credential()}\0{request.path}".encode("utf-8")).hexdigest()[:16]
    return f"{request_id}@{scope}"


def _first_answer(game_id: str, request_id: str) -> Response | None:
    """Return the first answer kept for a request id, waiting for it while it is being given; None if none comes.

    Kept under this asker's scope (reply_key): the same id from another
    credential or path never reads it.
    """
    deadline = time.monotonic() + REPEAT_WAIT
    while True:
        kept = get_store().get_reply(game_id, reply_key(request_id))
        if kept is not None:
            return _as_repeat(Response(), *kept)
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.02)


def _as_repeat(response: Response, status: int, body: str) -> Response:
    """Turn `response` into the kept first answer, in place (the headers other hooks set stay)."""
    response.set_data(body)
    response.status_code = status
    response.mimetype = "application/json"
    response.headers["X-Repeated-Request"] = "1"
    return response


def _stored_this_request(game_id: str, request_id: str) -> bool:
    """Return True if this request's own write stored its events under its id (known in memory: no query)."""
    session = request_sessions().get(game_id)
    return session is not None and session.stored_request_id == request_id


def _keep_answer(response: Response) -> Response:
    """After a write: keep the answer of a request that stored events, answer a refused repeat as the first time, tell the seq.

    A request whose view refused it before it reached the store (status 4xx)
    may be the repeat of one already answered: its cards are gone, its item
    resolved. Only then is the answer kept for its id (scoped to the same
    credential and path: a stranger's refusal stays a refusal) looked up.
    """
    game_id = _game_id()
    if request.method != "POST" or not game_id or "store" not in g:
        return response
    request_id = request_id_of_this_call()
    store = g.store
    try:
        if request_id is not None and not response.headers.get("X-Repeated-Request"):
            if _stored_this_request(game_id, request_id):
                if response.status_code < 500 and response.mimetype == "application/json":
                    store.put_reply(game_id, reply_key(request_id), response.status_code, response.get_data(as_text=True))
            elif 400 <= response.status_code < 500:
                kept = store.get_reply(game_id, reply_key(request_id))  # scoped: only the first asker's own answer
                if kept is not None:
                    _as_repeat(response, *kept)
        response.headers[SEQ_HEADER] = str(store.last_seq(game_id))
    except StoreError:  # the answer itself stands; a repeat then answers from the stored event
        pass
    return response


def _repeated(error: RepeatedRequest):
    """A repeat found by the store: the first answer (waited for if it is still being given), else "Already entered"."""
    answer = _first_answer(_game_id() or "", error.request_id)
    if answer is not None:
        return answer
    return jsonify({"ok": True, "seq": error.seq, "repeated": True, "message": _("Already entered.")}), 200


SETUP_WORDS = _l("the game's start")
"""Every game's first line (its setup), as a player names it; each game names its own moves (GameScreens.move_words)."""
SAID_CHANGES = 4
"""A conflict names this many of the latest changes; older ones are counted."""


def _change_words(change: dict, move_words: Mapping[str, Any]) -> str:
    """Return one stored change as a player says it: "Ben's sale", "an undo", "a dice roll"."""
    if change["kind"] == UNDO:
        return _("an undo")
    if change["kind"] == DICE:
        return _("a dice roll")
    if change["kind"] == SEED_REVEAL:
        return _("the end of the dice")
    kind = change.get("type") or ""
    move = SETUP_WORDS if kind == "setup" else move_words.get(kind)
    if move is None:
        return _("%(player)s's move", player=change["player"]) if change.get("player") else _("a move")
    if change.get("player"):
        return _("%(player)s's %(move)s", player=change["player"], move=move)
    return _("the %(move)s", move=move) if kind != "setup" else str(move)


def conflict_message(error: Conflict, move_words: Mapping[str, Any] | None = None) -> str:
    """Return the conflict's sentence in the screen's language: what was entered meanwhile, latest last.

    The one wording of this sentence (the store's Conflict carries only what
    changed). A screen that missed several entries hears the last few by name
    and how many came before them, never the record's own type names: each
    move type is said with `move_words`, the game's own (GameScreens.move_words).
    """
    parts = [_change_words(change, move_words or {}) for change in error.changes]
    if not parts:
        return _("Many entries arrived at once and this one could not be judged; nothing was stored. Try again.")
    earlier = len(parts) - SAID_CHANGES
    if earlier > 0:
        parts = [_("earlier entries (%(count)s)", count=earlier), *parts[-SAID_CHANGES:]]
    what = ", ".join(parts[:-1]) + (" " + _("and") + " " if len(parts) > 1 else "") + parts[-1]
    return _("Meanwhile another screen entered %(what)s. This entry was not stored, and this screen now shows the game "
             "as it is: enter it again if it is still needed.", what=what)


def _conflict(error: Conflict):
    session = request_sessions().get(_game_id() or "")
    words = screens_of(session.game.name).move_words if session is not None else {}
    return jsonify({"error": {"message": conflict_message(error, words), "rule": error.rule, "status": 409}}), 409


def init_app(app: Flask) -> None:
    """Register the answer keeper, the repeat and conflict answers (a damaged game is a StoreError: 409)."""
    app.after_request(_keep_answer)
    app.register_error_handler(RepeatedRequest, _repeated)
    app.register_error_handler(Conflict, _conflict)
