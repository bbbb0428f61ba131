"""The event envelope: who said what, when, chained by SHA-256 so edits show.

An event's payload is the game's own record line (its PGN line) for moves,
or a small object for undo, rejected proposals, notes and evidence. The
envelope (seq, time, source) belongs here, never in game state.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

GENESIS_HASH = "0" * 64
SOURCES = ("camera", "tablet", "system", "import")
MOVE = "move"
UNDO = "undo"
REJECTED = "rejected"
NOTE = "note"
ATTENTION = "attention"
RESOLVED = "resolved"
OBSERVATION = "observation"
"""A settled table change the camera saw: {"t": seconds, "changes": [{"code", "from", "to"}]}."""
KINDS = (MOVE, UNDO, REJECTED, NOTE, ATTENTION, RESOLVED, OBSERVATION, "evidence", "dice", "seed", "seed_reveal")


SEAL_DIGITS = 12
"""Hex digits of a seal: enough that no rewrite of the log can hit a noted seal by chance (48 bits)."""


def seal_of(event: "Event") -> str:
    """Return the short seal of the log up to `event`: the first hex digits of its chained hash.

    Shown on every screen as the game goes; a player who notes one can later
    prove the log was not rewritten before it (`companion audit GAME --seal S`).
    """
    return event.hash[:SEAL_DIGITS]


def canonical_json(value: Any) -> str:
    """Return JSON with sorted keys and no spaces: the byte form that is hashed."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def event_hash(game_id: str, seq: int, time: str, source: str, kind: str, payload: str, prev_hash: str) -> str:
    """Return the SHA-256 (hex) that seals one event and, through prev_hash, all before it."""
    sealed = canonical_json([game_id, seq, time, source, kind, payload, prev_hash])
    return hashlib.sha256(sealed.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Event:
    """One stored event, as read back from the store."""

    game_id: str
    seq: int
    time: str
    source: str
    kind: str
    payload: str
    prev_hash: str
    hash: str
    damage: str | None = field(default=None, compare=False)
    """Why the stored bytes could not be read as written (e.g. "its payload is not valid UTF-8"), else None."""

    @property
    def data(self) -> Any:
        """Return the payload parsed from its canonical JSON.

        Raises:
            ValueError: for a damaged event (its payload cannot be trusted) or a payload that is not JSON.
        """
        if self.damage:
            raise ValueError(f"event {self.seq}: {self.damage}")
        return json.loads(self.payload)

    def expected_hash(self) -> str:
        """Return the hash this event should carry given its fields."""
        return event_hash(self.game_id, self.seq, self.time, self.source, self.kind, self.payload, self.prev_hash)
