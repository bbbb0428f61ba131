"""Answers that depend only on a game's log, kept per (game, seq, language).

The shared scoreboard's JSON folds the whole log, reads the dice and renders
the public view: a few ms to tens of ms. After a move every open screen may
ask for it at once; with this cache the first request builds it and the rest
cost one `last_seq` query. A new event changes the seq, so nothing stale is
ever served; an answer is kept only if no event was appended while it was
being built (its seq is read before and after).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Hashable

SIZE = 64
"""Entries kept (a few games, two languages, the latest seqs); each is one JSON body."""


class SeqCache:
    """A small thread-safe LRU of bodies keyed by (game, seq, language, ...)."""

    def __init__(self, size: int = SIZE):
        self.size = size
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            body = self._items.get(key)
            if body is not None:
                self._items.move_to_end(key)
            return body

    def put(self, key: Hashable, body: bytes) -> None:
        with self._lock:
            self._items[key] = body
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def build(self, key_of: Callable[[int], Hashable], seq_now: Callable[[], int],
              make: Callable[[], tuple[int, bytes]]) -> tuple[int, bytes]:
        """Return (seq, body): cached for the current seq, else made by `make()` and kept if the seq held still."""
        before = seq_now()
        body = self.get(key_of(before))
        if body is not None:
            return before, body
        seq, body = make()
        if seq == before:
            self.put(key_of(seq), body)
        return seq, body
