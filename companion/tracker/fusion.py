"""Per-card tracking: noisy per-frame reads -> stable facts ("card X in zone Z since t").

Fed one FrameResult per frame with its timestamp, `Fusion` keeps a track per
card code (a card is counted once however many of its marks show) and emits
only confirmed changes, TUIO-style: Appeared, Moved, Vanished, and a
TableSnapshot each time the table settles after a change.

Hysteresis (reacTIVision's FOUND / FUZZY / LOST):
- a card Appears after `appear_frames` sightings within `appear_window_s`;
- a card seen in a new zone Moves after `move_frames` consecutive agreeing sightings;
- a card unseen is FUZZY: it keeps its zone (a hand over it has not moved it)
  and Vanishes only after `vanish_s` seconds *and* `vanish_frames` frames unseen;
- the table is settled when no track is tentative or mid-move and nothing changed for
  `settle_s` (a FUZZY card, briefly unread, does not unsettle it).

Pure bookkeeping: no clock (times come in with the frames), no I/O, no rules.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping, Union

from companion.vision.pipeline import FrameResult


class TrackState(enum.Enum):
    """Where a track stands: seeing it (FOUND), unsure (FUZZY), gone (LOST)."""

    TENTATIVE = "tentative"
    FOUND = "found"
    FUZZY = "fuzzy"
    LOST = "lost"


@dataclass(frozen=True)
class Appeared:
    """A card is now on the table in `zone`."""

    code: str
    zone: str | None
    time: float


@dataclass(frozen=True)
class Moved:
    """A card went from one zone to another."""

    code: str
    zone: str | None
    from_zone: str | None
    time: float


@dataclass(frozen=True)
class Vanished:
    """A card left the table (or stayed hidden past the grace period); `zone` is where it was."""

    code: str
    zone: str | None
    time: float


Change = Union[Appeared, Moved, Vanished]


@dataclass(frozen=True)
class TableSnapshot:
    """The confirmed table: card code -> zone, at `time`; `settled` once nothing is pending."""

    time: float
    cards: Mapping[str, str | None]
    settled: bool
    unread: frozenset[str] = frozenset()
    """Cards of `cards` not read in the latest frames (FUZZY): kept in place, but they may yet vanish."""
    positions: Mapping[str, tuple[float, float]] = field(default_factory=lambda: MappingProxyType({}))
    """Card code -> where on the table (mm) it was last read, for the cards of `cards` read with a table
    position: a game whose piles lie within one zone (Grow's stacks) tells them apart by it. Zones alone
    decide every change above; a card moving within its zone changes only this."""


@dataclass(frozen=True)
class Hysteresis:
    """Tracker parameters (see module docstring); defaults suit 10-30 fps."""

    appear_frames: int = 3
    appear_window_s: float = 1.0
    move_frames: int = 3
    vanish_s: float = 2.0
    vanish_frames: int = 5
    settle_s: float = 0.7


@dataclass
class _Track:
    track_id: int
    code: str
    state: TrackState
    zone: str | None
    since: float
    last_seen: float
    sightings: list[float] = field(default_factory=list)
    unseen_frames: int = 0
    candidate_zone: str | None = None
    candidate_count: int = 0
    position: tuple[float, float] | None = None
    """Where on the table (mm) the card was last read."""


class Fusion:
    """Turns FrameResults over time into changes and settled snapshots."""

    def __init__(self, params: Hysteresis = Hysteresis()):
        self.params = params
        self._tracks: dict[str, _Track] = {}
        self._next_id = 1
        self._last_change = float("-inf")
        self._settled_emitted = False
        self.time = 0.0

    def feed(self, result: FrameResult, time: float) -> list[Change | TableSnapshot]:
        """Return the changes this frame confirms, plus a TableSnapshot if the table just settled."""
        p = self.params
        self.time = time
        out: list[Change | TableSnapshot] = []
        seen = {c.code: c.zone for c in result.cards}
        where = {c.code: c.table_mm for c in result.cards if c.table_mm is not None}
        for code, zone in seen.items():
            tr = self._tracks.get(code)
            if tr is None or tr.state is TrackState.LOST:
                tr = _Track(self._next_id, code, TrackState.TENTATIVE, zone, time, time)
                self._next_id += 1
                self._tracks[code] = tr
            tr.last_seen = time
            tr.unseen_frames = 0
            tr.position = where.get(code, tr.position)
            if tr.state is TrackState.TENTATIVE:
                tr.sightings = [s for s in tr.sightings if time - s <= p.appear_window_s] + [time]
                tr.zone = zone
                if len(tr.sightings) >= p.appear_frames:
                    tr.state, tr.since = TrackState.FOUND, time
                    out.append(Appeared(code, zone, time))
                continue
            tr.state = TrackState.FOUND
            if zone == tr.zone:
                tr.candidate_zone, tr.candidate_count = None, 0
                continue
            if zone == tr.candidate_zone:
                tr.candidate_count += 1
            else:
                tr.candidate_zone, tr.candidate_count = zone, 1
            if tr.candidate_count >= p.move_frames:
                out.append(Moved(code, zone, tr.zone, time))
                tr.zone, tr.since = zone, time
                tr.candidate_zone, tr.candidate_count = None, 0
        for code, tr in list(self._tracks.items()):
            if code in seen or tr.state is TrackState.LOST:
                continue
            tr.unseen_frames += 1
            if tr.state is TrackState.TENTATIVE:
                if time - tr.last_seen > p.appear_window_s:
                    del self._tracks[code]
                continue
            tr.state = TrackState.FUZZY
            if time - tr.last_seen >= p.vanish_s and tr.unseen_frames >= p.vanish_frames:
                tr.state = TrackState.LOST
                out.append(Vanished(code, tr.zone, time))
                del self._tracks[code]
        if out:
            self._last_change = time
            self._settled_emitted = False
        if not self._settled_emitted and self.is_settled():
            self._settled_emitted = True
            out.append(self.snapshot())
        return out

    def is_settled(self) -> bool:
        """Return True when no track is tentative or mid-move and nothing changed for settle_s.

        A FUZZY card (missed by the last frames, not yet vanished) does not keep the
        table unsettled: a card that is briefly unread has not moved, and with real
        decoders some card is always briefly unread. Likewise a tentative track with a
        single sighting, or one that stayed tentative longer than appear_window_s (a
        card read once in a while), does not; a card being put down is read in
        consecutive frames and does.
        """
        if self.time - self._last_change < self.params.settle_s:
            return False
        window = self.params.appear_window_s
        return all(t.candidate_count == 0 and (t.state in (TrackState.FOUND, TrackState.FUZZY)
                                               or len(t.sightings) < 2 or self.time - t.since > window)
                   for t in self._tracks.values())

    def snapshot(self) -> TableSnapshot:
        """Return the confirmed table now (cards in FOUND or FUZZY tracks)."""
        cards = {c: t.zone for c, t in sorted(self._tracks.items())
                 if t.state in (TrackState.FOUND, TrackState.FUZZY)}
        positions = {c: t.position for c, t in sorted(self._tracks.items())
                     if c in cards and t.position is not None}
        return TableSnapshot(time=self.time, cards=MappingProxyType(cards), settled=self.is_settled(),
                             unread=self.unread(), positions=MappingProxyType(positions))

    def unread(self) -> frozenset[str]:
        """Return the cards on the table that the latest frames did not read (FUZZY: they may yet vanish)."""
        return frozenset(c for c, t in self._tracks.items() if t.state is TrackState.FUZZY)

    def state_of(self, code: str) -> TrackState | None:
        """Return a card's track state, or None if no track holds it."""
        tr = self._tracks.get(code)
        return tr.state if tr else None
