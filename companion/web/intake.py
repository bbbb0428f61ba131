"""Every request body read on the event loop before a Flask thread sees it: only from who may send one, in time, within a cap.

a2wsgi hands Flask a wsgi.input that fetches the body from the loop as the
view reads it, so a view's thread waited as long as its client took to send:
33 connections that sent one byte of a body held all 32 threads, and every
page of every game on the server stopped answering (issue 29). Here, before
the Flask app is called:
1. A body announced larger than the cap (the app's MAX_CONTENT_LENGTH) is
   refused at once (413), unread.
2. The gate (companion/web/gate.py) judges the URL and headers: a body
   without any token is refused on the loop itself, from sentences worded
   once per language; one with a token is judged in a small pool of threads
   of its own (it reads the game's key), so judging never queues behind, or
   in front of, the pages. A refusal is answered at once, the body unread.
3. The body is read here, where a waiting connection costs a coroutine: cut
   (408) when BODY_IDLE_SECONDS pass without a byte or the whole takes longer
   than BODY_SECONDS plus its announced size at BODY_MIN_RATE; cut (413) as
   soon as it passes the cap (a chunked body announces no size).
4. Only then does a Flask thread run the view, the body replayed from memory.
Every refusal closes the connection: the unread rest of a body cannot be
skipped to reach a next request.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

from flask import Flask
from werkzeug.datastructures import Headers

from flask_babel import force_locale
from flask_babel import gettext as _

from companion.web.gate import body_refusal, carries_body, lacks_token, no_token_sentence
from companion.web.i18n import LANGUAGES, language_of

BODY_IDLE_SECONDS = 5.0
"""Seconds a body may pause without sending a byte (a phone on bad Wi-Fi resends within a second or two)."""
BODY_SECONDS = 10.0
"""Seconds any body may take, on top of its size at BODY_MIN_RATE."""
BODY_MIN_RATE = 50_000
"""Bytes per second a long body must average (a 16 MB photo may take 10 + 320 s; a 200-byte entry 10 s)."""
GATE_THREADS = 4
"""Threads judging bodies' tokens (each judgement reads the game's key: a few milliseconds)."""
TOO_LARGE = "This is more than the server accepts in one request (at most %(size)s); nothing was stored."
DEFAULT_CAP = 16 * 2**20
"""The cap when the app sets no MAX_CONTENT_LENGTH: the live server never reads a body without one."""
TOO_SLOW = "This request arrived too slowly and was cut off; nothing was stored. Try again."
REFUSAL_HEADERS = [(b"content-type", b"application/json"), (b"connection", b"close"),
                   (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]


class Refused(Exception):
    """A body not read, or not read whole: the status and the sentence to answer with."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class Intake:
    """ASGI middleware before the WSGI app: judge, then read with a deadline and a cap, then replay."""

    def __init__(self, flask: Flask, wsgi):
        self.flask = flask
        self.wsgi = wsgi
        self.pool = ThreadPoolExecutor(GATE_THREADS, thread_name_prefix="gate")
        self.no_token: dict[tuple[str, bool], str] = {}
        """The gate's sentence for a body without a token, by (language, a seat's URL or not)."""
        self.cut: dict[tuple[str, int], str] = {}
        """The sentence for a body cut off (408: too slow, 413: too large), by (language, status)."""
        cap = int(flask.config.get("MAX_CONTENT_LENGTH") or DEFAULT_CAP)
        for language in LANGUAGES:
            with flask.app_context(), force_locale(language):  # words only: no request to fake
                for seat in (False, True):
                    self.no_token[language, seat] = no_token_sentence("/me/" if seat else "/")
                # The same sentences as TOO_SLOW and TOO_LARGE, written out for the catalog's extractor.
                self.cut[language, 408] = _("This request arrived too slowly and was cut off; nothing was stored. Try again.")
                self.cut[language, 413] = _("This is more than the server accepts in one request (at most %(size)s); "
                                            "nothing was stored.", size=size_text(cap))

    async def __call__(self, scope: dict, receive, send) -> None:
        headers = Headers([(k.decode("latin-1"), v.decode("latin-1")) for k, v in scope["headers"]])
        if scope["type"] != "http" or not carries_body(headers):
            await self.wsgi(scope, receive, send)
            return
        cap = int(self.flask.config.get("MAX_CONTENT_LENGTH") or DEFAULT_CAP)
        length = headers.get("Content-Length", type=int)
        language = language_of(scope.get("query_string", b"").decode("latin-1"), headers.get("Cookie"),
                               headers.get("Accept-Language"))
        try:
            if length is not None and length > cap:
                raise Refused(413, too_large(cap))
            if lacks_token(scope["path"], headers):
                raise Refused(403, self.no_token[language, "/me/" in scope["path"]])
            refusal = await asyncio.get_running_loop().run_in_executor(self.pool, self._judge, scope, headers)
            if refusal is not None:
                raise Refused(*refusal)
            body = await read_body(receive, length, cap)
        except Refused as refused:  # a body cut off is said in the reader's language, as every other refusal
            await answer(send, refused.status, self.cut.get((language, refused.status), refused.message))
            return
        except _Gone:
            return
        await self.wsgi(scope, _replay(body, receive), send)

    def close(self) -> None:
        """Stop the judging threads (the server is stopping)."""
        self.pool.shutdown(wait=False, cancel_futures=True)

    def _judge(self, scope: dict, headers: Headers) -> tuple[int, str] | None:
        """Return the gate's refusal of this request's body, if any (a worker thread: reads the store)."""
        client = scope.get("client")
        with self.flask.test_request_context(scope["path"], method=scope["method"], headers=headers,
                                             query_string=scope.get("query_string", b"").decode("latin-1"),
                                             environ_base={"REMOTE_ADDR": client[0]} if client else None):
            return body_refusal()


class _Gone(Exception):
    """The client closed its connection while sending the body."""


async def read_body(receive, length: int | None, cap: int) -> bytes:
    """Return the whole body, or raise Refused (too slow: 408; past `cap`: 413) or _Gone."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + BODY_SECONDS + (length if length is not None else cap) / BODY_MIN_RATE
    body = bytearray()
    while True:
        wait = min(BODY_IDLE_SECONDS, deadline - loop.time())
        try:
            if wait <= 0:
                raise asyncio.TimeoutError
            message = await asyncio.wait_for(receive(), wait)
        except asyncio.TimeoutError:
            raise Refused(408, TOO_SLOW) from None
        if message["type"] == "http.disconnect":
            raise _Gone
        body += message.get("body", b"")
        if len(body) > cap:
            raise Refused(413, too_large(cap))
        if not message.get("more_body", False):
            return bytes(body)


def size_text(cap: int) -> str:
    """Return the cap in MB (kB below one MB)."""
    return f"{cap // 2**20} MB" if cap >= 2**20 else f"{max(cap // 1024, 1)} kB"


def too_large(cap: int) -> str:
    """Return the 413 sentence in English (the middleware answers it in the reader's language)."""
    return TOO_LARGE % {"size": size_text(cap)}


def _replay(body: bytes, receive):
    """Return a receive() that gives the WSGI app the body read, then whatever the connection says next."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def replayed() -> dict:
        return pending.pop() if pending else await receive()

    return replayed


async def answer(send, status: int, message: str) -> None:
    """Answer the refusal as the Flask app answers API errors ({"error": {"message", "status"}}), closing the connection."""
    body = json.dumps({"error": {"message": message, "status": status}}).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [*REFUSAL_HEADERS, (b"content-length", str(len(body)).encode("ascii"))]})
    await send({"type": "http.response.body", "body": body, "more_body": False})
