"""Serve a Flask app with waitress on a free loopback port for browser tests, and stop it cleanly.

Live streams (SSE, MJPEG) hold a server thread for up to SSE_SECONDS; the app's
STOP event ends them before the server closes, so no thread writes to a closed socket.
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Iterator

from flask import Flask


@contextlib.contextmanager
def serving(app: Flask, *, threads: int = 12) -> Iterator[str]:
    """Yield the base URL of `app` served on 127.0.0.1; on exit end its streams, then close it."""
    from waitress import create_server

    stop = threading.Event()
    app.config["STOP"] = stop
    server = create_server(app, host="127.0.0.1", port=0, threads=threads)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        stop.set()
        time.sleep(max(float(app.config.get("SSE_POLL", 0.4)), float(app.config.get("MJPEG_INTERVAL", 0.2))) + 0.3)
        # Let every running request finish before the trigger socket closes: a stream thread that
        # wakes late on a loaded machine would otherwise write to a closed descriptor.
        server.task_dispatcher.shutdown(cancel_pending=True, timeout=10)
        server.close()
