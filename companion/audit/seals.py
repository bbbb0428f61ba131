"""Seals witnessed outside the database, checked against the log: what catches a rewritten chain.

The hash chain alone only proves that the file agrees with itself: anyone who
holds the file can edit an event and recompute every later hash (plain
SHA-256, no key). A seal (the first hex digits of an event's hash, shown on
the screens as "#47 3fa9c2e01b7d") that the players saw during the game
cannot be matched by such a rewrite. This module streams alongside the chain
check: it keeps a few strings per seal, never the events.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.store.events import SEAL_DIGITS, SEED_REVEAL, STATE_KINDS, Event, parse_seal

REVEAL = SEED_REVEAL
"""The dice seed's reveal (one of STATE_KINDS, the kinds that change the game: one of these after the last
seal is a change nobody witnessed): stored with the move that ends the game (a log from before stored it on
the first read after the end, one event after the final seal the end screen showed). The first reveal changes no
state and its seed is bound by the commitment stored at the start (the audit's dice check calls a
seed that does not match it an error), so it needs no seal; a second reveal still does."""


@dataclass
class Seal:
    """One seal given on the command line, and where the log holds it."""

    text: str
    number: int | None
    digits: str
    found: int | None = None
    """The seq of the event whose hash starts with the digits (at the given number, if one was given)."""


@dataclass
class SealCheck:
    """Feed every event in order to see(); read problems() at the end."""

    seals: list[Seal] = field(default_factory=list)
    first_break: int | None = None
    changes_after: int = 0
    """State-changing events after the latest seal found so far."""
    last_change: int | None = None
    revealed: bool = False
    """A seed reveal was seen (only the first one goes unwitnessed: REVEAL)."""

    @classmethod
    def parse(cls, texts: list[str]) -> "SealCheck":
        """Return a check for seals as people copied them: the event number and at least SEAL_DIGITS hex digits.

        The number is required: without it any event may carry the digits, so a
        keeper who rewrote the game could append free-text events until one
        hash starts with a short seal (8 digits: about 2^32 tries, minutes on a
        laptop). Pinned to its event and 12 digits long (48 bits), a seal
        cannot be matched by trial.

        Raises:
            ValueError: one sentence, if a text is not a seal as the screens show it.
        """
        seals = []
        for text in texts:
            number, digits = parse_seal(text)
            if number is None or len(digits) < SEAL_DIGITS:
                raise ValueError(f"{text.strip()!r} is not a seal as the screens show it: give the event number and "
                                 f"{SEAL_DIGITS} hex digits, e.g. '#47 3fa9c2e01b7d'")
            seals.append(Seal(text, number, digits))
        return cls(seals)

    def see(self, event: Event, intact: bool) -> None:
        """Take the next event; `intact` says whether the chain holds through it."""
        if not intact and self.first_break is None:
            self.first_break = event.seq
        sealed_now = False
        for seal in self.seals:
            if seal.found is None and (seal.number is None or seal.number == event.seq) and event.hash.startswith(seal.digits):
                seal.found = event.seq
                sealed_now = True
        first_reveal = event.kind == REVEAL and not self.revealed
        self.revealed = self.revealed or event.kind == REVEAL
        if sealed_now:
            self.changes_after = 0
            self.last_change = None
        elif event.kind in STATE_KINDS and not first_reveal and any(s.found is not None for s in self.seals):
            self.changes_after += 1
            self.last_change = event.seq

    def problems(self) -> list[tuple[int | None, str]]:
        """Return (seq, sentence) for every seal the log does not bear out; empty when all hold."""
        out: list[tuple[int | None, str]] = []
        for seal in self.seals:
            where = f" at event {seal.number}" if seal.number is not None else ""
            if seal.found is None:
                out.append((seal.number, f"seal {seal.text!r} is not in this log{where}: the game was rewritten or cut short "
                                         "after the seal was seen"))
            elif self.first_break is not None and self.first_break <= seal.found:
                out.append((seal.found, f"seal {seal.text!r} is at event {seal.found}, but the chain breaks before it, "
                                        f"at event {self.first_break}"))
        found = [s.found for s in self.seals if s.found is not None]
        if found and self.changes_after:
            latest = max(found)
            out.append((self.last_change, f"{self.changes_after} event(s) that change the game come after the latest seal "
                                          f"given (event {latest}), up to event {self.last_change}: no seal witnesses them; "
                                          "give the final seal (end screen, `companion games`)"))
        return out
