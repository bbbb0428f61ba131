"""Tell this process's listeners that a store file just committed a write.

Live screens must learn of a move the moment it is stored, without each one
asking the database over and over. The event store calls committed(path)
right after every COMMIT, on the writing thread; a listener (the web
server's broadcaster) only schedules its own check, so the write path pays
a dictionary look-up when nobody listens and a thread-safe wake-up when
somebody does. Writes by another process on the same file are not seen
here: the broadcaster's own watcher covers those (companion/web/broadcast.py).
"""

from __future__ import annotations

import functools
import logging
import os
import threading
from pathlib import Path
from typing import Callable

_LOCK = threading.Lock()
_LISTENERS: dict[str, list[Callable[[], None]]] = {}
log = logging.getLogger(__name__)


@functools.lru_cache(maxsize=64)
def file_key(path: str | Path) -> str:
    """Return one spelling per database file (absolute, symlinks resolved)."""
    return os.path.realpath(os.fspath(path))


def listen(path: str | Path, callback: Callable[[], None]) -> Callable[[], None]:
    """Call `callback()` after each commit to the file at `path`; return a function that stops it.

    The callback runs on the committing thread, inside the writer's call: it
    must be quick and must not block (schedule work elsewhere).
    """
    key = file_key(path)
    with _LOCK:
        _LISTENERS.setdefault(key, []).append(callback)

    def stop() -> None:
        with _LOCK:
            callbacks = _LISTENERS.get(key, [])
            if callback in callbacks:
                callbacks.remove(callback)
            if not callbacks:
                _LISTENERS.pop(key, None)

    return stop


def committed(path: str | Path) -> None:
    """Wake every listener of `path` (called by EventStore after COMMIT; the write is already durable)."""
    if not _LISTENERS:
        return
    with _LOCK:
        callbacks = list(_LISTENERS.get(file_key(path), ()))
    for callback in callbacks:
        try:
            callback()
        except Exception:  # noqa: BLE001 - the move is stored; a broken listener must not make the writer think it failed
            log.exception("a commit listener failed")
