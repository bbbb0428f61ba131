"""Streaming hash-chain check that locates every edited, missing or re-linked event.

Unlike store.sqlite.verify_chain (which stops at the first problem), this
keeps going so a report can name each damaged place, and it checks one event
at a time so a million-event log never sits in memory.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from companion.store.events import Event, continues, format_seal

# Same bytes as events.canonical_json (sorted keys, no spaces), built once: this runs per event.
_ENCODE = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode


def fast_hash(event: Event) -> str:
    """Return the hash an event should carry (equal to Event.expected_hash(), faster)."""
    sealed = _ENCODE([event.game_id, event.seq, event.time, event.source, event.kind, event.payload, event.prev_hash])
    return hashlib.sha256(sealed.encode("utf-8")).hexdigest()


MAX_BREAKS = 1_000
"""Breaks listed one by one; any more are only counted."""


@dataclass(frozen=True)
class Break:
    """One place where the chain does not hold."""

    kind: str
    """"edited" (hash does not match the content), "missing" (seq gap), "relinked" (prev_hash wrong), "order"."""
    seq: int
    message: str


@dataclass
class ChainCheck:
    """Feed events in seq order to check(); read breaks and head afterwards."""

    breaks: list[Break] = field(default_factory=list)
    head: str = ""
    """The hash of the last event checked: the log's seal, to compare with a copy kept elsewhere."""
    count: int = 0
    unlisted: int = 0
    """Breaks found after MAX_BREAKS were listed: counted only, so a shredded log cannot fill memory."""
    _expected: int = 1

    def check(self, event: Event) -> bool:
        """Check one event against its predecessor; return True if it holds."""
        ok = True
        self.count += 1
        if event.seq > self._expected:
            gap = f"{self._expected}" if event.seq == self._expected + 1 else f"{self._expected}-{event.seq - 1}"
            self.breaks.append(Break("missing", self._expected, f"event(s) {gap} are missing: deleted from the log"))
            ok = False
        elif event.seq < self._expected:
            self.breaks.append(Break("order", event.seq, f"event {event.seq} appears again after event {self._expected - 1}"))
            ok = False
        if fast_hash(event) != event.hash:
            self.breaks.append(Break("edited", event.seq, f"event {event.seq} was changed after it was stored: its content no longer matches its hash"))
            ok = False
        elif ok and not continues(event.seq, event.prev_hash, self.head):
            self.breaks.append(Break("relinked", event.seq,
                                     f"event {event.seq} does not link to event {event.seq - 1}: an earlier event was replaced or removed"))
            ok = False
        if len(self.breaks) > MAX_BREAKS:
            self.unlisted += len(self.breaks) - MAX_BREAKS
            del self.breaks[MAX_BREAKS:]
        self.head = event.hash
        self._last = event
        self._expected = max(self._expected, event.seq + 1)
        return ok

    _last: Event | None = None

    @property
    def seal(self) -> str:
        """Return the last event's seal as screens show it ("#47 3fa9c2e01b7d"), "" before any event."""
        return format_seal(self._last) if self._last is not None else ""

    @property
    def ok(self) -> bool:
        """Return True if no break was found."""
        return not self.breaks
