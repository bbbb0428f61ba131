"""Many devices, one truth: the request id and the screen's last seen seq on every write, and their answers.

Every state-changing request may carry two headers, both sent by the pages' JS:
- X-Request-Id: a client-made id for one tap. A repeat of an id already
  answered gets the first answer (same status, same body) and stores nothing;
  a double tap or a retry after a dropped Wi-Fi answer is never a second move.
- X-Seen-Seq: the latest event seq the screen had shown. An entry made on a
  screen that had not yet shown another device's move is refused with 409 and
  a sentence saying what was entered meanwhile, never applied to a game the
  player did not see.

The request's GameSession carries both (companion.store.session.Request); the
store checks them inside its write transaction. This module only reads the
headers, keeps each answer (the store's replies table) and answers repeats
and conflicts.
"""

from __future__ import annotations

import hashlib
import json
import re
import time

from flask import Flask, Response, abort, g, jsonify, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from companion.errors import Conflict, StoreError
from companion.store.session import Request
from companion.store.sqlite import RepeatedRequest

REQUEST_HEADER = "X-Request-Id"
SEEN_HEADER = "X-Seen-Seq"
SEQ_HEADER = "X-Companion-Seq"
"""Answered on every write: the game's latest seq, so a screen's next entry is judged against its own last one."""
_REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
REPEAT_WAIT = 5.0
"""Seconds a repeated request waits for the first one's answer before answering from the stored event."""


def request_of_this_call() -> Request:
    """Return the write context of the current HTTP request (answers 400 for malformed headers)."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return Request()
    request_id = request.headers.get(REQUEST_HEADER)
    if request_id is not None and not _REQUEST_ID.fullmatch(request_id):
        abort(400, description=_("The request id must be 8 to 64 letters, digits, '-' or '_'."))
    seen = request.headers.get(SEEN_HEADER)
    if seen is not None and not (seen.isascii() and seen.isdigit() and len(seen) <= 12):
        abort(400, description=_("The seen seq must be a whole number."))
    return Request(request_id, int(seen) if seen is not None else None)


def _game_id() -> str | None:
    return (request.view_args or {}).get("game_id")


def _presented_credential() -> str:
    """Return the credential this request presents: the game token header, else a private link's `k` (query or body)."""
    from companion.web.access import TOKEN_HEADER

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


def _kept_reply(game_id: str, request_id: str) -> Response | None:
    from companion.web.db import get_store

    kept = get_store().get_reply(game_id, reply_key(request_id))
    if kept is None:
        return None
    status, body = kept
    response = Response(body, status=status, mimetype="application/json")
    response.headers["X-Repeated-Request"] = "1"
    return response


def _answer_repeat():
    """Before a write: a request id already answered gets its first answer, and nothing runs."""
    request_id = request.headers.get(REQUEST_HEADER)
    game_id = _game_id()
    if request.method != "POST" or not request_id or not game_id or not _REQUEST_ID.fullmatch(request_id):
        return None
    return _kept_reply(game_id, request_id)


def _keep_answer(response: Response) -> Response:
    """After a write: keep the answer of a request whose events were stored, and tell the screen the latest seq."""
    request_id = request.headers.get(REQUEST_HEADER)
    game_id = _game_id()
    if request.method != "POST" or not game_id or "store" not in g:
        return response
    store = g.store
    try:
        response.headers[SEQ_HEADER] = str(store.last_seq(game_id))
        if (request_id and _REQUEST_ID.fullmatch(request_id) and response.status_code < 500
                and response.mimetype == "application/json" and not response.headers.get("X-Repeated-Request")
                and store.request_seq(game_id, request_id) is not None):
            store.put_reply(game_id, reply_key(request_id), response.status_code, response.get_data(as_text=True))
    except StoreError:  # the answer itself stands; a repeat then answers from the stored event
        pass
    return response


def _repeated(error: RepeatedRequest):
    """A repeat that raced its first request: wait for the first answer, else answer from the stored event."""
    game_id = _game_id()
    deadline = time.monotonic() + REPEAT_WAIT
    while time.monotonic() < deadline:
        kept = _kept_reply(game_id, error.request_id) if game_id is not None else None  # a repeat is a game's write
        if kept is not None:
            return kept
        time.sleep(0.02)
    return jsonify({"ok": True, "seq": error.seq, "repeated": True, "message": _("Already entered.")}), 200


MOVE_WORDS = {
    "setup": _l("the game's start"), "deal": _l("hand"), "draw": _l("draw"), "sell": _l("sale"), "swap": _l("swap"),
    "broke": _l("going broke"), "match": _l("match"), "trade": _l("trade"), "steal": _l("steal"),
    "discard_wild": _l("discarded wild card"), "discard": _l("discard"), "score": _l("round's score"), "lot": _l("lot"),
    "bid": _l("bid"), "play": _l("played card"), "pass": _l("pass"), "reveal": _l("reveal"),
    "reveal_bids": _l("revealed bids"), "tiebreak": _l("tie-break"), "pick": _l("pick"), "roll": _l("roll"),
    "act": _l("card action"), "decline": _l("declined card action"), "break": _l("change of the blue token"),
}
"""Each game's move types as a player names them in "Ann's draw" (a type not listed reads "a move")."""
SAID_CHANGES = 4
"""A conflict names this many of the latest changes; older ones are counted."""


def _change_words(change: dict) -> str:
    """Return one stored change as a player says it: "Ben's sale", "an undo", "a dice roll"."""
    if change["kind"] == "undo":
        return _("an undo")
    if change["kind"] == "dice":
        return _("a dice roll")
    if change["kind"] == "seed_reveal":
        return _("the end of the dice")
    move = MOVE_WORDS.get(change.get("type") or "")
    if move is None:
        return _("%(player)s's move", player=change["player"]) if change.get("player") else _("a move")
    if change.get("player"):
        return _("%(player)s's %(move)s", player=change["player"], move=move)
    return _("the %(move)s", move=move) if change.get("type") != "setup" else str(move)


def conflict_message(error: Conflict) -> str:
    """Return the conflict's sentence in the screen's language: what was entered meanwhile, latest last.

    A screen that missed several entries hears the last few by name and how
    many came before them, never the record's own type names.
    """
    parts = [_change_words(change) for change in error.changes]
    if not parts:
        return _("Many entries arrived at once and this one could not be judged; nothing was stored. Try again.")
    earlier = len(parts) - SAID_CHANGES
    if earlier > 0:
        parts = [_("earlier entries (%(count)s)", count=earlier), *parts[-SAID_CHANGES:]]
    what = ", ".join(parts[:-1]) + (" " + _("and") + " " if len(parts) > 1 else "") + parts[-1]
    return _("Meanwhile another screen entered %(what)s. This entry was not stored, and this screen now shows the game "
             "as it is: enter it again if it is still needed.", what=what)


def _conflict(error: Conflict):
    return jsonify({"error": {"message": conflict_message(error), "rule": error.rule, "status": 409}}), 409


def init_app(app: Flask) -> None:
    """Register the repeat check, the answer keeper and the conflict answer (a damaged game is a StoreError: 409)."""
    app.before_request(_answer_repeat)
    app.after_request(_keep_answer)
    app.register_error_handler(RepeatedRequest, _repeated)
    app.register_error_handler(Conflict, _conflict)
