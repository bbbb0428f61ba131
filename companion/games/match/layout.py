"""From what the camera saw in each seat zone to a round description (the ROUND.json shape).

At the round's end each player lays out, in their seat zone:
  * their hand in a row along their own table edge (closer than `hand_depth` mm), and
  * their two stacks fanned into two columns beyond it, one match per row,
    the first match played farthest from the player, each later one nearer.
The camera (vision/tracker, not imported here) reports each card's code and
its centre in seat-zone millimetres: x across the seat from the player's left,
y from the player's edge toward the table's centre. This module only turns
those positions into pairs and a hand, and lists what looks wrong so the page
can ask for a correction. Pure: no I/O, knows no pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from companion.games.match.scoring import match_value
from companion.games.match.state import ALL_CARDS

HAND_DEPTH_MM = 100.0


@dataclass(frozen=True)
class SeenCard:
    """One card the camera read in a seat zone: its code and centre (mm, seat-zone axes)."""

    code: str
    x: float
    y: float


@dataclass(frozen=True)
class RoundReading:
    """A proposed round description and the problems that need a person's look."""

    round: dict
    """{"players": {name: {"matches": [[a, b], ...], "hand": [...]}}}, ready for score_round()."""
    problems: tuple[str, ...]


def _split_columns(cards: list[SeenCard]) -> tuple[list[SeenCard], list[SeenCard]]:
    """Split stack cards at the widest gap in x into a left and a right column."""
    by_x = sorted(cards, key=lambda c: (c.x, c.y))
    if len(by_x) < 2:
        return by_x, []
    gaps = [(by_x[i + 1].x - by_x[i].x, i) for i in range(len(by_x) - 1)]
    _, cut = max(gaps)
    return by_x[: cut + 1], by_x[cut + 1:]


def read_seat(cards: Iterable[SeenCard], *, hand_depth: float = HAND_DEPTH_MM) -> tuple[dict, list[str]]:
    """Return one seat's {"matches", "hand"} and the problems found there."""
    problems: list[str] = []
    known: list[SeenCard] = []
    seen: set[str] = set()
    for card in cards:
        if card.code not in ALL_CARDS:
            problems.append(f"{card.code!r} is not a card of this game")
        elif card.code in seen:
            problems.append(f"{card.code!r} was read twice")
        else:
            seen.add(card.code)
            known.append(card)
    hand = sorted((c for c in known if c.y < hand_depth), key=lambda c: c.x)
    left, right = _split_columns([c for c in known if c.y >= hand_depth])
    # Farthest from the player first: the first match played.
    left.sort(key=lambda c: -c.y)
    right.sort(key=lambda c: -c.y)
    if len(left) != len(right):
        problems.append(f"the stacks have {len(left)} and {len(right)} cards: a card may be missing or hidden")
    matches = []
    for row, (a, b) in enumerate(zip(left, right), start=1):
        if match_value((a.code, b.code)) is None:
            problems.append(f"match {row}: {a.code!r} and {b.code!r} are not a match")
        matches.append([a.code, b.code])
    for extra in (left[len(right):] or right[len(left):]):
        problems.append(f"{extra.code!r} has no partner in the other stack")
    return {"matches": matches, "hand": [c.code for c in hand]}, problems


def round_from_seats(seats: Mapping[str, Iterable[SeenCard]], *, round_number: int | None = None,
                     hand_depth: float = HAND_DEPTH_MM) -> RoundReading:
    """Return the round description the seat zones show, with any problems (player-prefixed).

    >>> seen = {"Ann": [SeenCard("blue-500-1", 40, 200), SeenCard("red-500-1", 110, 202),
    ...                 SeenCard("red-200-1", 41, 170), SeenCard("blue-200-1", 112, 168)],
    ...         "Ben": [SeenCard("red-100-1", 60, 40)]}
    >>> reading = round_from_seats(seen)
    >>> reading.round["players"]["Ann"], reading.problems
    ({'matches': [['blue-500-1', 'red-500-1'], ['red-200-1', 'blue-200-1']], 'hand': []}, ())
    """
    players: dict[str, dict] = {}
    problems: list[str] = []
    for name, cards in seats.items():
        players[name], found = read_seat(cards, hand_depth=hand_depth)
        problems.extend(f"{name}: {p}" for p in found)
    description: dict = {"game": "match", "players": players}
    if round_number is not None:
        description["round"] = round_number
    return RoundReading(round=description, problems=tuple(problems))
