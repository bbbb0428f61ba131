"""A free port on 127.0.0.1 and waiting for a server started there: what the serving benchmarks share."""

from __future__ import annotations

import socket
import subprocess
import time


def free_port() -> int:
    """Return a port on 127.0.0.1 nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_port(port: int, proc: subprocess.Popen | None = None, seconds: float = 60) -> None:
    """Return once something accepts connections on `port`; stop the benchmark if `proc` exits or `seconds` pass."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if proc is not None and proc.poll() is not None:
            said = proc.stderr.read().decode() if proc.stderr is not None else ""
            raise SystemExit(f"the server exited (code {proc.returncode}): {said}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"nothing answered on port {port}")
