"""Serve a Flask app with the live server (uvicorn, companion/web/asgi.py) on a free loopback port, and stop it cleanly.

Stopping ends every event stream and MJPEG stream first (LiveApp.close), so
the server never waits on, or writes to, a stream it is tearing down.
"""

from __future__ import annotations

import contextlib
from typing import Iterator

from flask import Flask

from companion.web.asgi import USER_TIMEOUT, ServerThread, listen_socket


@contextlib.contextmanager
def serving(app: Flask, *, threads: int = 12) -> Iterator[str]:
    """Yield the base URL of `app` served on 127.0.0.1; on exit end its streams, then close it."""
    with running(app, threads=threads) as server:
        yield f"http://127.0.0.1:{server.port}"


@contextlib.contextmanager
def running(app: Flask, *, threads: int = 12, user_timeout: float = USER_TIMEOUT) -> Iterator[ServerThread]:
    """Yield the started ServerThread (its .live.hub shows the open streams); stop it on exit."""
    sock = listen_socket("127.0.0.1", 0, user_timeout=user_timeout)
    server = ServerThread(app, threads=threads, sock=sock).start()
    try:
        yield server
    finally:
        server.stop()
