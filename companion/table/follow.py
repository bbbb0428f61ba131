"""What a game's table reader keeps of the table between frames, and how it raises what it cannot explain.

A game's reader is the only place where table facts (cards in zones at table
positions, from companion.tracker) meet that game's engine. It never applies a
move: it proposes record lines, each once per game state, and the caller
submits them to the engine, which stays the one judge. Whatever the camera sees
that the game cannot explain becomes an Attention item with a stable key,
raised once it has lasted `grace_s` and Cleared when it goes; nothing is
applied or dropped silently.

Every reader that acts only on settled snapshots (hands off the table) does the
same bookkeeping before its game's own reading starts: the zone and table
position of each card the tracker reports, the video time, and the attention
items it has noticed and raised. A problem is raised once it has lasted
`grace_s` (a card merely passing through a zone is no problem) and Cleared when
it goes, so the tablet shows each problem once and takes it down by itself.
This module holds that part once; a game's reader subclasses SettledReader and
writes only `_interpret(state)`, what its table means for its game. Names no
game; pure bookkeeping, no I/O, no clock.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence, Union

from companion.table.outputs import Attention, Cleared, Output, Proposal
from companion.tracker.fusion import Appeared, Moved, TableSnapshot, Vanished

Item = Union[Appeared, Moved, Vanished, TableSnapshot]


class SettledReader:
    """The table as the tracker last reported it, and the attention items raised about it.

    `observe(items, state)` takes the tracker's changes and snapshots and, at a
    settled snapshot, returns what `_interpret(state)` makes of the table;
    `tick(state, now)` re-checks it every few frames.
    """

    def __init__(self, seats: Mapping[str, str], *, grace_s: float = 4.0):
        self.seats = dict(seats)
        """Player -> their seat's zone."""
        self.player_at = {zone: player for player, zone in seats.items()}
        self.grace_s = grace_s
        """How long a disagreement between table and game must last before it is raised."""
        self._zones: dict[str, str | None] = {}
        self._positions: dict[str, tuple[float, float]] = {}
        self._time = 0.0
        self._noticed: dict[str, float] = {}
        self._raised: set[str] = set()
        self._state_key: Any = None
        """The game state the proposals below were made in (what a game's reader compares states by)."""
        self._proposed: set[str] = set()
        """Lines proposed in this game state: one refused by the rules is not proposed again until the game moves."""

    def observe(self, items: Iterable[Item], state: Any) -> list[Output]:
        """Take the tracker's changes and snapshots; return what they imply for the game in `state`.

        Moves are proposed, and problems raised, only at settled snapshots (hands off the table).
        """
        settled = False
        for item in items:
            self._time = max(self._time, item.time)
            if isinstance(item, (Appeared, Moved)):
                self._zones[item.code] = item.zone
            elif isinstance(item, Vanished):
                self._zones.pop(item.code, None)
                self._positions.pop(item.code, None)
            else:
                self._zones = dict(item.cards)
                self._positions = {c: (float(p[0]), float(p[1])) for c, p in item.positions.items()}
                self._snapshot_read()
                settled = settled or item.settled
        return self._interpret(state) if settled else []

    def tick(self, state: Any, now: float, *, settled: bool = True,
             unread: frozenset[str] | None = None) -> list[Output]:
        """Re-check the table against the game (call every few frames): proposes and raises only when `settled`."""
        self._time = max(self._time, now)
        return self._interpret(state) if settled else []

    def _snapshot_read(self) -> None:
        """Called after each snapshot replaced the zones and positions: a reader that keeps more of them (where a
        card was read before) updates it here."""

    def _interpret(self, state: Any) -> list[Output]:
        """What the table, as last seen settled, means for the game in `state`: the game's own reading."""
        raise NotImplementedError

    def _attention(self, key: str, said: dict, message: str, codes: Sequence[str], players: tuple[str, ...]) -> Attention:
        """An item about face-up cards (named in it, with where the camera saw them); `key` keeps it one item."""
        return Attention(key=key, message=message, cards=tuple(codes), players=players,
                         evidence=self._evidence(codes), say=said)

    def _settle(self, problems: list[Attention], *, raise_new: bool = True) -> list[Output]:
        """Raise the problems that have lasted grace_s (once each, unless not `raise_new`); clear the raised ones
        that went away."""
        out: list[Output] = []
        now = {p.key: p for p in problems}
        for key in list(self._noticed):
            if key not in now:
                del self._noticed[key]
                if key in self._raised:
                    self._raised.discard(key)
                    out.append(Cleared(key))
        for key, problem in now.items():
            since = self._noticed.setdefault(key, self._time)
            if raise_new and key not in self._raised and self._time - since >= self.grace_s:
                self._raised.add(key)
                out.append(problem)
        return out

    def _game_moved(self, key: Any) -> bool:
        """Return whether the game moved since the last reading (`key` stands for its state); if so, forget the
        lines proposed before, so each may be proposed again."""
        if key == self._state_key:
            return False
        self._state_key, self._proposed = key, set()
        return True

    def _offer(self, proposal: Proposal, problems: list[Attention]) -> list[Output]:
        """Return what settling `problems` gives, then the proposal unless it was made in this game state already.

        No problem is raised anew while a move is proposed: the proposal explains its cards until the game has
        judged it (the caller leaves out the problems about its cards).
        """
        out = self._settle(problems, raise_new=False)
        line = repr(sorted(proposal.line.items()))
        if line not in self._proposed:
            self._proposed.add(line)
            out.append(proposal)
        return out

    def _evidence(self, codes: Iterable[str]) -> dict:
        return {"seen": {c: {"zone": self._zones.get(c), "table_mm": self._positions.get(c)} for c in codes}}
