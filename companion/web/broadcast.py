"""One broadcaster per database file: every open event stream of every game, fed without polling per viewer.

A thread (and a database poll) per viewer stalled the server at 34 open
screens. Here a viewer costs one small coroutine and one slot: the server's
event loop holds a Viewer per open stream, and one watcher task per
database file learns of new events and hands each viewer the message.

How a change is learnt, from a SQLite file:
  * in this process (the tablet's POSTs, a camera loop in a thread), the
    event store calls companion.store.notify.committed() after COMMIT and
    the watcher wakes at once (loop.call_soon_threadsafe);
  * from another process on the same file (the CLI, a camera loop started
    separately), `PRAGMA data_version` on the watcher's own connection
    changes; the watcher reads it every WATCH_SECONDS. That is one tiny
    query per database file, however many screens are open, and only while
    at least one stream is open.
From a PostgreSQL database (a club's), every process's commit sends a
NOTIFY that one listening connection per server receives
(companion/store/postgres.py listen()): no query is made until something
changed, and the watcher only reads on its own every NOTIFIED_SAFETY_SECONDS.

Each viewer's queue is one slot: a newer message replaces one not yet sent
(a screen only needs the latest seq), so a slow reader never piles up
memory. A viewer that disconnects is dropped at once (the server tells the
stream); one whose writes stop draining is dropped after SEND_SECONDS (see
companion/web/asgi.py).

The club index (companion/web/club.py) is one more kind of viewer: a club
viewer watches every game in the store at once, through the same watcher
(one stream per screen, not one per game per screen). Its message is a
bare `change` whose id counts the club's changes; the page then fetches
/club/tables.json, which is built once per (every game's seq, language).

A `change` message is `id: <seq>` and `data: {"seq": <seq>}`; a viewer that
asked for the state also gets `"state": <the /g/<id>/state.json body>` in
the same message, rendered once per (seq, language) for all viewers. That
body is the shared, public scoreboard only: never a private player view.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Callable

from companion.store import backends
from companion.store.backends import Store, open_store

WATCH_SECONDS = 0.25
"""How often the watcher asks SQLite whether another process wrote (one query per file, not per viewer)."""
NOTIFIED_SAFETY_SECONDS = 30.0
"""With a database that notifies every process's writes, how often the watcher reads anyway (a notification lost with a connection)."""
RETRY = b"retry: 1500\n\n"
"""Sent first on every stream: how soon (ms) a browser's EventSource reconnects after the stream ends."""
HEARTBEAT = b": keep-alive\n\n"

CLUB = "\x00club"
"""The game id of a club viewer (no stored game can have it: ids are printable)."""

log = logging.getLogger(__name__)
Render = Callable[[str, str], "tuple[int, bytes] | None"]
"""render(game_id, language) -> (seq, state.json body) or None; called in a worker thread."""


def club_signature(store: Store) -> tuple:
    """Return what the club index changes with: every game's id, title and last seq."""
    games = store.games()
    seqs = store.last_seqs([g["game_id"] for g in games])
    return tuple((g["game_id"], g.get("title") or "", seqs.get(g["game_id"])) for g in games)


def change_message(seq: int, state: bytes | None = None) -> bytes:
    """Return one SSE `change` event; `state`, if given, is a JSON body put in the data as "state"."""
    data = b'{"seq": %d}' % seq if state is None else b'{"seq": %d, "state": %s}' % (seq, state.strip())
    lines = b"".join(b"data: " + line + b"\n" for line in data.split(b"\n"))  # SSE data lines cannot hold a newline
    return b"id: %d\nevent: change\n%s\n" % (seq, lines)


class Viewer:
    """One open stream: the newest message not yet sent (one slot), and a wake-up for its writer."""

    __slots__ = ("game_id", "language", "wake", "message", "gone")

    def __init__(self, game_id: str, language: str | None):
        self.game_id = game_id
        self.language = language  # None: the viewer wants `change` without the state
        self.wake = asyncio.Event()
        self.message: bytes | None = None
        self.gone = False

    def offer(self, message: bytes) -> None:
        """Put a message in the slot (replacing an unsent older one) and wake the writer."""
        self.message = message
        self.wake.set()

    def take(self) -> bytes | None:
        """Return and clear the pending message."""
        message, self.message = self.message, None
        self.wake.clear()
        return message

    def end(self) -> None:
        """Tell the writer to finish (the server is stopping or the client went away)."""
        self.gone = True
        self.wake.set()


class Broadcaster:
    """Every open stream on one database file, on the server's event loop (create and use it there)."""

    def __init__(self, path: str, render: Render, *, watch_seconds: float = WATCH_SECONDS):
        self.path = path
        self.render = render
        self.watch_seconds = watch_seconds
        self.viewers: dict[str, set[Viewer]] = {}
        self.club: set[Viewer] = set()
        """Club viewers: each watches every game of the store (the club index)."""
        self._club_signature: tuple | None = None
        self._club_count = 0
        self._seqs: dict[str, int] = {}
        self._messages: dict[tuple[str, int, str | None], bytes] = {}
        self._store: Store | None = None
        self._version: int | None = None
        self._db_lock = asyncio.Lock()
        self._poked = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._stop_listening: Callable[[], None] | None = None
        self._notified = False
        """True when the store's notifications cover every process's writes (PostgreSQL): no polling then."""
        self._closed = False

    def count(self) -> int:
        """Return how many streams are open."""
        return sum(len(group) for group in self.viewers.values()) + len(self.club)

    async def join_club(self, last_id: str = "") -> Viewer | None:
        """Open a viewer of every game (the club index); it is offered the current change count unless `last_id` has it."""
        if self._closed:
            return None
        if self._club_signature is None:
            self._club_signature = await self._db(self._read_club)
        viewer = Viewer(CLUB, None)
        self.club.add(viewer)
        self._ensure_watching()
        if last_id != str(self._club_count):
            viewer.offer(change_message(self._club_count))
        return viewer

    async def join(self, game_id: str, language: str | None = None, last_id: str = "") -> Viewer | None:
        """Open a viewer of a game (None if there is no such game); it is offered the current seq unless `last_id` has it."""
        if self._closed:
            return None
        if game_id not in self._seqs:
            seq = await self._db(self._read_seq, game_id)
            if seq is None:
                return None
            self._seqs.setdefault(game_id, seq)
        viewer = Viewer(game_id, language)
        self.viewers.setdefault(game_id, set()).add(viewer)
        self._ensure_watching()
        seq = self._seqs[game_id]
        if last_id != str(seq):
            message = await self._message(game_id, seq, language)
            if viewer.message is None and not viewer.gone:  # a newer change may have arrived meanwhile
                viewer.offer(message)
        return viewer

    def leave(self, viewer: Viewer) -> None:
        """Forget a viewer (its stream ended or was dropped)."""
        if viewer.game_id == CLUB:
            self.club.discard(viewer)
            if not self.club:
                self._club_signature = None
            return
        group = self.viewers.get(viewer.game_id)
        if group is not None:
            group.discard(viewer)
            if not group:
                del self.viewers[viewer.game_id]
                self._seqs.pop(viewer.game_id, None)

    def close(self) -> None:
        """End every stream and stop watching (the server is shutting down)."""
        self._closed = True
        for group in [*self.viewers.values(), self.club]:
            for viewer in list(group):
                viewer.end()
        if self._stop_listening is not None:
            self._stop_listening()
            self._stop_listening = None
        self._poked.set()
        if self._task is None:
            self._close_store()

    def _close_store(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None

    # --- watching the file

    def _ensure_watching(self) -> None:
        if self._task is None:
            loop = asyncio.get_running_loop()
            if self._stop_listening is None:
                self._stop_listening, self._notified = backends.listen(self.path, lambda _game_id: self._poke(loop))
            self._task = loop.create_task(self._watch())

    def _poke(self, loop: asyncio.AbstractEventLoop) -> None:
        """Called on the writing thread after a commit: wake the watcher on the loop."""
        try:
            loop.call_soon_threadsafe(self._poked.set)
        except RuntimeError:  # the loop has closed: nobody is watching any more
            pass

    async def _watch(self) -> None:
        """Until no stream is open: on each poke (or every watch_seconds) read new seqs and offer them."""
        try:
            while (self.viewers or self.club) and not self._closed:
                try:
                    wait = NOTIFIED_SAFETY_SECONDS if self._notified else self.watch_seconds
                    await asyncio.wait_for(self._poked.wait(), wait)
                except asyncio.TimeoutError:
                    pass
                self._poked.clear()
                if self._closed or not (self.viewers or self.club):
                    break
                seqs, club = await self._db(self._read_changes, list(self.viewers), bool(self.club))
                for game_id, seq in seqs.items():
                    if seq is not None and seq != self._seqs.get(game_id):
                        await self._publish(game_id, seq)
                if club is not None and club != self._club_signature:
                    self._club_signature = club
                    self._club_count += 1
                    message = change_message(self._club_count)
                    for viewer in list(self.club):
                        viewer.offer(message)
        except Exception:  # noqa: BLE001 - a failed read (disk gone) must not kill the server; screens reconnect
            log.exception("the live-update watcher stopped")
            for group in [*self.viewers.values(), self.club]:
                for viewer in list(group):
                    viewer.end()
        finally:
            self._task = None
            if self._closed:
                self._close_store()

    async def _publish(self, game_id: str, seq: int) -> None:
        self._seqs[game_id] = seq
        self._messages = {k: v for k, v in self._messages.items() if k[0] != game_id}
        group = self.viewers.get(game_id, set())
        for language in {v.language for v in group}:
            message = await self._message(game_id, seq, language)
            if self._seqs.get(game_id) != seq:
                return  # a newer change came in while rendering: it is being published
            for viewer in list(self.viewers.get(game_id, ())):
                if viewer.language == language:
                    viewer.offer(message)

    async def _message(self, game_id: str, seq: int, language: str | None) -> bytes:
        """Return the change message for (game, seq, language), rendering the state once for all viewers."""
        key = (game_id, seq, language)
        if key not in self._messages:
            state = None
            if language is not None:
                rendered = await asyncio.to_thread(self.render, game_id, language)
                if rendered is not None and rendered[0] == seq:
                    state = rendered[1]
                # else: the log moved on while rendering; send the bare seq (the page fetches the state itself)
            if state is None and language is not None:
                return change_message(seq)
            self._messages[key] = change_message(seq, state)
        return self._messages[key]

    # --- the watcher's own connection (used from one worker thread at a time)

    async def _db(self, function, *args):
        async with self._db_lock:
            return await asyncio.to_thread(function, *args)

    def _open(self) -> Store:
        if self._store is None:
            self._store = open_store(self.path)
            self._version = None
        return self._store

    def _read_seq(self, game_id: str) -> int | None:
        store = self._open()
        if not store.has_game(game_id):
            return None
        return store.last_seq(game_id)

    def _read_changes(self, game_ids: list[str], club: bool = False) -> tuple[dict[str, int], tuple | None]:
        """Return (each game's last seq, the club's signature if `club`) if anything was committed since the last call, else ({}, None)."""
        store = self._open()
        version = store.change_token()  # None: nothing to poll, this call follows a notification
        if version is not None and version == self._version:
            return {}, None
        self._version = version
        return store.last_seqs(game_ids), (self._read_club() if club else None)

    def _read_club(self) -> tuple:
        return club_signature(self._open())
