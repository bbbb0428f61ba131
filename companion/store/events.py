"""The event envelope: who said what, when, chained by SHA-256 so edits show.

An event's payload is the game's own record line (its PGN line) for moves,
or a small object for undo, rejected proposals, notes and evidence. The
envelope (seq, time, source) belongs here, never in game state.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from companion.games import games

GENESIS_HASH = "0" * 64
"""The start of chains stored before each game got its own random anchor; still accepted by every check."""
SOURCES = ("camera", "tablet", "system", "import")
MOVE = "move"
"""An accepted record line (the game's own JSON line), folded into the game's state."""
UNDO = "undo"
"""{"undoes": seq}: cancels the latest move in effect (a compensating event, never a deletion)."""
REJECTED = "rejected"
"""A proposed line the rules refused, kept for the audit; changes nothing."""
NOTE = "note"
ATTENTION = "attention"
"""A "needs attention" item: {"id", "message", "cards", "players", "proposed", "evidence"}."""
RESOLVED = "resolved"
"""{"id", "how"}: closes an attention item."""
OBSERVATION = "observation"
"""A settled table change the camera saw: {"t": seconds, "changes": [{"code", "from", "to"}]}."""
EVIDENCE = "evidence"
SEED = "seed"
"""The dice seed's commitment {"commitment"}, stored before the first roll (companion/web/dice_service.py)."""
DICE = "dice"
"""One roll: {"number", "count", "sides", "values", "physical"}."""
SEED_REVEAL = "seed_reveal"
"""The dice seed itself {"seed"}, once the game is over: every roll can then be checked against the commitment."""
KINDS = (MOVE, UNDO, REJECTED, NOTE, ATTENTION, RESOLVED, OBSERVATION, EVIDENCE, DICE, SEED, SEED_REVEAL)
"""Every kind of event the shared code stores. A game that stores a kind of its own declares it
(companion.games.base.Game.event_kinds; every kind in use: companion.games.event_kinds())."""
STATE_KINDS = frozenset({MOVE, UNDO, DICE, SEED_REVEAL})
"""Kinds that change what a screen shows as the game: an entry made before one of these is stale, a seal after one is old."""

def event_kinds() -> frozenset[str]:
    """Return every kind of event the companion stores: the shared KINDS and each known game's own (Game.event_kinds)."""
    return frozenset(KINDS).union(*(game.event_kinds for game in games()))


def chain_anchor() -> str:
    """Return a fresh random start for a new game's chain: its first event's prev_hash.

    Why random: every screen shows a seal, and an event's hash covers its
    payload. A BUX setup is known to the table but for each spread card's
    value (3^9 choices), so with a fixed start a holder could hash guesses
    until one matched the wall's seal #1 and read every hidden value. 256
    unknown bits in front of the first event make every seal unguessable. The
    anchor is no secret kept from an auditor: it is stored with the event and
    travels in the events file; it is only never shown on a screen.
    """
    return secrets.token_hex(32)


def continues(event_seq: int, prev_hash: str, head: str) -> bool:
    """Return True if an event links to the chain head before it; the first event may start from any anchor."""
    return event_seq == 1 or prev_hash == head


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


SEAL_DIGITS = 12
"""Hex digits of a hash shown as a seal: enough that no rewrite can be made to match by trial (48 bits)."""
MIN_SEAL_DIGITS = 8
"""The fewest hex digits `companion audit --seal` accepts (32 bits: a forger would need billions of tries)."""


def seal_of(event: Event) -> str:
    """Return an event's seal: the first SEAL_DIGITS hex digits of its hash.

    The hash of event N covers events 1..N through prev_hash, so a seal noted
    at the table (on the wall screen, a tablet, a phone) pins down the whole
    game up to that event: anyone can recompute plain SHA-256 after editing
    the file, but nobody can make the new chain pass through a seal seen
    before the edit.

    >>> seal_of(Event("g", 47, "", "tablet", "move", "{}", GENESIS_HASH, "3fa9c2e01b7d" + "0" * 52))
    '3fa9c2e01b7d'
    """
    return event.hash[:SEAL_DIGITS]


def format_seal(event: Event) -> str:
    """Return the seal as screens show it: the event number, then its seal.

    >>> format_seal(Event("g", 47, "", "tablet", "move", "{}", GENESIS_HASH, "3fa9c2e01b7d" + "0" * 52))
    '#47 3fa9c2e01b7d'
    """
    return f"#{event.seq} {seal_of(event)}"


def parse_seal(text: str) -> tuple[int | None, str]:
    """Return (event number or None, lower-case hex prefix) from a seal as a person copied it.

    Accepts "3fa9c2e01b7d", "#47 3fa9c2e01b7d" and "47:3fa9c2e01b7d", any case.

    Raises:
        ValueError: with one sentence, if the text is not a seal.
    """
    cleaned = text.strip().lstrip("#").replace(":", " ")
    parts = cleaned.split()
    number = None
    if len(parts) == 2 and parts[0].isdigit():
        number = int(parts[0])
        parts = parts[1:]
    digits = parts[0].lower() if len(parts) == 1 else ""
    if not (MIN_SEAL_DIGITS <= len(digits) <= 64) or any(c not in "0123456789abcdef" for c in digits):
        raise ValueError(f"{text!r} is not a seal: give at least {MIN_SEAL_DIGITS} hex digits, e.g. '#47 3fa9c2e01b7d'")
    return number, digits
