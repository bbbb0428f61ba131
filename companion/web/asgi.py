"""The live server: the Flask app on uvicorn (asyncio), with every game's event stream answered natively.

Waitress gave each open event stream one of its 32 threads, so 34 open
screens stalled the whole server. Here uvicorn's one event loop holds every
connection; the Flask app still answers every page and API call, run in a
bounded thread pool by a2wsgi, and `GET /g/<id>/stream` is answered on the
loop itself from one Broadcaster (companion/web/broadcast.py), so an open
screen costs a coroutine, not a thread. Why these two packages, and the
measurements: docs/web.md ("Live updates").

A stream ends when the client closes it (at once); when the client vanished
or stopped reading, so that what was sent stays unacknowledged for
USER_TIMEOUT (the kernel closes the connection: TCP_USER_TIMEOUT, set on the
listening socket); as a second line, when one write has not drained for
STREAM_SEND_SECONDS (then uvicorn closes it and logs that the response was
cut); after STREAM_SECONDS (EventSource reconnects with Last-Event-ID); or
when the server stops. So no client holds anything for ever.

Nor does a request: its head must arrive within HEAD_SECONDS of the
connection (or of the previous answer on it) and within HEAD_BYTES (else the
connection is closed: HeadDeadline), and its body is read here on the loop,
only from who may send one, within a deadline and a cap, before a Flask
thread runs (companion/web/intake.py). The limits: docs/web.md ("Limits").
"""

from __future__ import annotations

import asyncio
import re
import socket
import threading
from typing import Any
from urllib.parse import parse_qs

from flask import Flask

from companion.web.broadcast import HEARTBEAT, RETRY, Broadcaster, Viewer
from companion.web.intake import Intake

STREAM_PATH = re.compile(r"^/g/([^/]+)/stream$")
CLUB_STREAM_PATH = "/club/stream"
"""The club index's one stream of every game's changes (companion/web/club.py), when the app serves a club."""
WSGI_THREADS = 32
"""Threads running Flask views (camera MJPEG streams hold one each for up to a minute; pages and JSON are quick)."""
HEADERS = [(b"content-type", b"text/event-stream; charset=utf-8"), (b"cache-control", b"no-cache"),
           (b"x-accel-buffering", b"no"), (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]


class LiveApp:
    """ASGI app: event streams from the broadcaster, everything else through the Flask app."""

    def __init__(self, app: Flask, *, threads: int = WSGI_THREADS):
        from a2wsgi import WSGIMiddleware

        self.flask = app
        # a2wsgi types the app's environ as its own TypedDict, Flask as dict[str, Any]: the same dict at run time.
        self.wsgi = WSGIMiddleware(app, workers=threads)  # type: ignore[arg-type]
        self.intake = Intake(app, self.wsgi)  # judges and reads every body before a thread runs the view
        self.stop = threading.Event()  # ends the MJPEG streams (their threads poll it)
        app.config["STOP"] = self.stop
        self.hub: Broadcaster | None = None

    async def __call__(self, scope: dict, receive, send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        match = STREAM_PATH.match(scope.get("path", "")) if scope["type"] == "http" else None
        if match and scope["method"] == "GET":
            if await self._stream(scope, receive, send, match.group(1)):
                return
        elif (scope["type"] == "http" and scope.get("path") == CLUB_STREAM_PATH and scope["method"] == "GET"
              and self.flask.config.get("CLUB")):
            if await self._stream(scope, receive, send, None):
                return
        await self.intake(scope, receive, send)

    def close(self) -> None:
        """End every live stream (called on the loop when the server begins to stop)."""
        self.stop.set()
        self.intake.close()
        if self.hub is not None:
            self.hub.close()

    async def _lifespan(self, receive, send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self.close()
                await send({"type": "lifespan.shutdown.complete"})
                return

    def _broadcaster(self) -> Broadcaster:
        if self.hub is None:
            self.hub = Broadcaster(self.flask.config["DB"], self._render)
        return self.hub

    def _render(self, game_id: str, language: str):
        """Return (seq, state.json body) in `language`, through the app's own state code (a worker thread, no request)."""
        from werkzeug.exceptions import HTTPException

        from companion.web.shared_state import shared_state

        with self.flask.app_context():
            try:
                return shared_state(game_id, language)
            except HTTPException:
                return None

    @staticmethod
    def _language(scope: dict) -> str:
        """Return the language this stream's page uses (?lang=, cookie, Accept-Language: i18n.language_of, as select_locale)."""
        from companion.web.i18n import language_of

        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        return language_of(scope.get("query_string", b"").decode("latin-1"), headers.get("cookie"),
                           headers.get("accept-language"))

    async def _stream(self, scope: dict, receive, send, game_id: str | None) -> bool:
        """Serve one event stream (game_id None: the club's, of every game); False if the game is unknown (the Flask app then answers 404)."""
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        language = self._language(scope) if query.get("state") == ["1"] and game_id is not None else None
        last_id = dict(scope["headers"]).get(b"last-event-id", b"").decode("latin-1")
        hub = self._broadcaster()
        viewer = await (hub.join(game_id, language, last_id) if game_id is not None else hub.join_club(last_id))
        if viewer is None:
            return False
        config = self.flask.config
        watcher = asyncio.create_task(_until_disconnect(receive, viewer))
        try:
            await _write(scope, send, viewer, float(config["STREAM_SECONDS"]), float(config["STREAM_HEARTBEAT"]),
                         float(config["STREAM_SEND_SECONDS"]))
        finally:
            watcher.cancel()
            hub.leave(viewer)
        return True


async def _until_disconnect(receive, viewer: Viewer) -> None:
    """End the viewer as soon as the client closes its connection."""
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            viewer.end()
            return


async def _write(scope: dict, send, viewer: Viewer, seconds: float, heartbeat: float, send_seconds: float) -> None:
    """Write the stream until it ends; return without finishing the response if the client stopped reading."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds

    async def write(data: bytes, more: bool = True) -> bool:
        try:
            await asyncio.wait_for(send({"type": "http.response.body", "body": data, "more_body": more}), send_seconds)
            return True
        except asyncio.TimeoutError:  # its socket is full and has not drained: drop it (uvicorn closes it)
            return False

    await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
    if not await write(RETRY):
        return
    while not viewer.gone:
        left = deadline - loop.time()
        if left <= 0:
            break
        try:
            await asyncio.wait_for(viewer.wake.wait(), min(heartbeat, left))
        except asyncio.TimeoutError:
            if deadline - loop.time() > 0 and not await write(HEARTBEAT):
                return
            continue
        message = viewer.take()
        if message is not None and not viewer.gone and not await write(message):
            return
    await write(b"", more=False)


USER_TIMEOUT = 20.0
"""Seconds a connection may leave sent data unacknowledged, or unsendable because the client's window
is shut, before the kernel closes it (TCP_USER_TIMEOUT, Linux): how a screen that vanished from the
Wi-Fi or stopped reading is freed, socket and all, without the server sending anything to find out."""


def listen_socket(host: str, port: int, *, user_timeout: float = USER_TIMEOUT) -> socket.socket:
    """Return a bound TCP socket (port 0: any free port) for the server; accepted connections inherit its TCP_USER_TIMEOUT."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP spelt out: asyncio turns Nagle off (TCP_NODELAY) only on sockets that say they are TCP;
    # with proto 0 a kept-alive answer sent as headers then body waited 40 ms for a delayed ACK.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    if hasattr(socket, "TCP_USER_TIMEOUT"):  # elsewhere STREAM_SEND_SECONDS still drops the stream
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, int(user_timeout * 1000))
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()  # a busy port (the caller says so) leaves no socket open behind it
        raise
    sock.set_inheritable(True)
    return sock


HEAD_SECONDS = 10.0
"""Seconds a connection has to send a whole request head, from its opening or the previous answer."""
HEAD_BYTES = 64 * 1024
"""Most bytes a request head may take (the URL and every header; the pages' own are under 2 kB)."""
KEEP_ALIVE_SECONDS = 5
"""Seconds a connection may stay idle, nothing sent, after an answer (uvicorn's timeout_keep_alive)."""


def _head_deadline_protocol():
    """Return uvicorn's httptools protocol, closing a connection whose request head is slow or too large.

    uvicorn has no such limit: its keep-alive timer stops at the first byte,
    so a connection that sends a few bytes of a head and then nothing stays
    open for ever, and the head's headers pile up unbounded.
    """
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class HeadDeadline(HttpToolsProtocol):
        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self._head_timer: asyncio.TimerHandle | None = None
            self._await_head()

        def _await_head(self) -> None:
            self._head_bytes = 0
            self._head_timer = self.loop.call_later(HEAD_SECONDS, self._head_too_slow)

        def _head_arrived(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def data_received(self, data: bytes) -> None:
            if self._head_timer is not None:
                self._head_bytes += len(data)
            super().data_received(data)
            if self._head_timer is not None and self._head_bytes > HEAD_BYTES and not self.transport.is_closing():
                self.transport.close()  # still no whole head: the parser would keep what comes, unbounded

        def on_headers_complete(self) -> None:
            self._head_arrived()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            # Wait for a new head only when no request is under way: a pipelined request whose head has
            # already come (self.cycle is then that request's) is sending its body, not a head.
            idle = self.cycle is None or self.cycle.response_complete
            if idle and not self.transport.is_closing() and self._head_timer is None:
                self._await_head()

        def connection_lost(self, exc) -> None:
            self._head_arrived()
            super().connection_lost(exc)

        def _head_too_slow(self) -> None:
            self._head_timer = None
            if (self.cycle is None or self.cycle.response_complete) and not self.pipeline and not self.transport.is_closing():
                self.transport.close()

    return HeadDeadline


CLOSE_SECONDS = 1.0
"""Seconds a closing connection may wait for its client when the server stops. A TLS close waits for the
client's close_notify, which an idle browser or a phone gone from the Wi-Fi never sends: uvicorn's graceful
shutdown then waited its whole timeout (10 s) after Ctrl-C for connections with nothing left to say."""


async def _cut_unanswered_closes(connections: set) -> None:
    """While the server stops, drop each connection that has been closing for CLOSE_SECONDS (its answer is sent).

    Only closing connections are cut: a request still being answered keeps the graceful timeout.
    """
    loop = asyncio.get_running_loop()
    closing_since: dict[Any, float] = {}
    while True:
        now = loop.time()
        for connection in list(connections):
            transport = getattr(connection, "transport", None)
            if transport is None or not transport.is_closing():
                continue
            if now - closing_since.setdefault(connection, now) >= CLOSE_SECONDS:
                transport.abort()
        await asyncio.sleep(0.1)


def make_server(app: Flask, *, threads: int = WSGI_THREADS, log_level: str = "warning", **options: Any):
    """Return a uvicorn Server for `app` that ends every live stream as soon as it begins to stop."""
    import uvicorn

    live = LiveApp(app, threads=threads)

    class Server(uvicorn.Server):
        live: LiveApp

        async def shutdown(self, sockets=None):
            live.close()  # without this, open streams would keep the graceful shutdown waiting
            closer = asyncio.create_task(_cut_unanswered_closes(self.server_state.connections))
            try:
                await super().shutdown(sockets)
            finally:
                closer.cancel()

    # proxy_headers=False: the client address is the socket's peer (uvicorn would otherwise take a local
    # proxy's X-Forwarded-For for it); the host screen judges forwarding headers itself (web/access.py).
    options.setdefault("proxy_headers", False)
    config = uvicorn.Config(live, lifespan="on", ws="none", log_level=log_level, access_log=False,
                            http=_head_deadline_protocol(), timeout_keep_alive=KEEP_ALIVE_SECONDS,
                            timeout_graceful_shutdown=10, **options)
    server = Server(config)
    server.live = live
    return server


class ServerThread:
    """The live server in a background thread (tests, `companion demo`, `companion play`); stop() ends it cleanly."""

    def __init__(self, app: Flask, host: str = "127.0.0.1", port: int = 0, *, sock: socket.socket | None = None,
                 **options: Any):
        self.socket = sock if sock is not None else listen_socket(host, port)
        self.port = self.socket.getsockname()[1]
        self.server = make_server(app, **options)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True,
                                       name="live-server")

    @property
    def live(self) -> LiveApp:
        return self.server.live

    def start(self) -> "ServerThread":
        self.thread.start()
        while not self.server.started and self.thread.is_alive():
            self.thread.join(0.01)
        return self

    def stop(self, timeout: float = 15) -> None:
        self.server.should_exit = True
        self.thread.join(timeout)
        self.socket.close()
