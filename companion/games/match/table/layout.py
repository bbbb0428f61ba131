"""From what the camera saw in each seat zone to a round description (the ROUND.json shape).

At the round's end each player lays out, in their seat zone:
  * their hand in a row along their own table edge (closer than `hand_depth` mm), and
  * their two stacks fanned into two columns beyond it, one match per row,
    the first match played farthest from the player, each later one nearer.
The camera (vision/tracker, not imported here) reports each card's code and
its centre on the table in millimetres. `assign_to_seats` turns table points
into seat axes (x across the seat from the player's left, y from the player's
edge toward the table's centre) given each seat zone's rectangle and facing,
as plain numbers. `round_from_seats` then turns positions into pairs and a
hand, and lists what looks wrong so the page can ask for a correction.
Pure: no I/O, knows no pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from companion.games.match.scoring import match_value
from companion.games.match.state import ALL_CARDS

HAND_DEPTH_MM = 100.0
ROW_GAP_MM = 30.0
"""Pairing two stack cards whose heights differ by more than twice this costs more than leaving both alone."""
SEAT_MARGIN_MM = 40.0
"""A card this far outside a seat's width, or behind the player's edge, still belongs to the seat."""
SEAT_REACH_MM = 320.0
"""How far from a player's edge toward the centre their laid-out cards may reach (half a 760 mm table, less a bit)."""

Rect = tuple[float, float, float, float]


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
    rows: Mapping[str, tuple[tuple[str | None, str | None], ...]] = field(default_factory=dict)
    """Per player, the stack rows in the order played, a card the camera missed as None (for the correction form)."""


@dataclass(frozen=True)
class SeatArea:
    """A seat zone on the table: its rectangle (mm, table axes) and the direction its player reads from.

    `facing` is in degrees as the table layout gives it (0: the player sits at
    the rectangle's bottom edge, larger y; 90: at its right edge; 180: top; 270: left).
    """

    rect: Rect
    facing: float = 0.0

    def size(self) -> tuple[float, float]:
        """Return (width across the seat, depth from the player's edge), in mm."""
        x0, y0, x1, y1 = self.rect
        w, h = x1 - x0, y1 - y0
        return (h, w) if round(self.facing / 90) % 2 else (w, h)

    def to_seat(self, point: Sequence[float]) -> tuple[float, float]:
        """Return a table point in seat axes: x from the player's left, y from the player's edge.

        >>> SeatArea((90, 545, 520, 690), 0).to_seat((100, 680))
        (10.0, 10.0)
        >>> SeatArea((330, 70, 770, 215), 180).to_seat((760, 80))
        (10.0, 10.0)
        """
        x0, y0, x1, y1 = self.rect
        cx, cy = (x0 + x1) / 2.0, (y0 + y1) / 2.0
        # Turn the table so this player sits at the bottom, as seats 1 and 2 do.
        t = math.radians(self.facing)
        dx, dy = point[0] - cx, point[1] - cy
        u = dx * math.cos(t) - dy * math.sin(t)
        v = dx * math.sin(t) + dy * math.cos(t)
        w, h = self.size()
        return (round(u + w / 2.0, 3), round(h / 2.0 - v, 3))

    def to_table(self, point: Sequence[float]) -> tuple[float, float]:
        """Return a seat-axes point on the table (the inverse of to_seat).

        >>> SeatArea((330, 70, 770, 215), 180).to_table((10, 10))
        (760.0, 80.0)
        """
        x0, y0, x1, y1 = self.rect
        w, h = self.size()
        u, v = point[0] - w / 2.0, h / 2.0 - point[1]
        t = math.radians(self.facing)
        dx = u * math.cos(t) + v * math.sin(t)
        dy = -u * math.sin(t) + v * math.cos(t)
        return (round((x0 + x1) / 2.0 + dx, 3), round((y0 + y1) / 2.0 + dy, 3))


def _inside(rect: Rect, point: Sequence[float]) -> bool:
    x0, y0, x1, y1 = rect
    return x0 <= point[0] <= x1 and y0 <= point[1] <= y1


@dataclass(frozen=True)
class Placed:
    """Cards sorted into seats: each player's cards in seat axes, and what belongs to nobody."""

    seats: Mapping[str, tuple[SeenCard, ...]]
    ignored: tuple[str, ...] = ()
    """Cards inside an ignored area (the discard piles in the middle)."""
    unplaced: tuple[str, ...] = ()
    """Cards in no player's reach."""


def assign_to_seats(cards: Iterable[tuple[str, Sequence[float]]], areas: Mapping[str, SeatArea], *,
                    ignore: Iterable[Rect] = (), margin: float = SEAT_MARGIN_MM, reach: float = SEAT_REACH_MM) -> Placed:
    """Return each player's cards in their seat's axes, given (code, table point mm) pairs.

    A card belongs to the player whose seat it lies across (within `margin`)
    and whose edge is nearest, up to `reach` mm from that edge; a card inside
    an `ignore` rectangle (the discard piles) belongs to nobody.

    >>> areas = {"Ann": SeatArea((90, 545, 520, 690), 0), "Dan": SeatArea((330, 70, 770, 215), 180)}
    >>> placed = assign_to_seats([("red-100-1", (200, 650)), ("blue-100-1", (400, 200)), ("red-200-1", (600, 380))],
    ...                          areas, ignore=[(530, 290, 680, 520)])
    >>> placed.seats["Ann"], placed.seats["Dan"], placed.ignored
    ((SeenCard(code='red-100-1', x=110.0, y=40.0),), (SeenCard(code='blue-100-1', x=370.0, y=130.0),), ('red-200-1',))
    """
    seats: dict[str, list[SeenCard]] = {name: [] for name in areas}
    ignored: list[str] = []
    unplaced: list[str] = []
    holes = list(ignore)
    for code, point in cards:
        if any(_inside(r, point) for r in holes):
            ignored.append(code)
            continue
        best: tuple[float, str, tuple[float, float]] | None = None
        for name, area in areas.items():
            x, y = area.to_seat(point)
            width, _depth = area.size()
            if -margin <= x <= width + margin and -margin <= y <= reach and (best is None or y < best[0]):
                best = (y, name, (x, y))
        if best is None:
            unplaced.append(code)
        else:
            seats[best[1]].append(SeenCard(code, *best[2]))
    return Placed(seats={n: tuple(c) for n, c in seats.items()}, ignored=tuple(ignored), unplaced=tuple(unplaced))


def _split_columns(cards: list[SeenCard]) -> tuple[list[SeenCard], list[SeenCard]]:
    """Split stack cards at the widest gap in x into a left and a right column."""
    by_x = sorted(cards, key=lambda c: (c.x, c.y))
    if len(by_x) < 2:
        return by_x, []
    gaps = [(by_x[i + 1].x - by_x[i].x, i) for i in range(len(by_x) - 1)]
    _, cut = max(gaps)
    return by_x[: cut + 1], by_x[cut + 1:]


def _rows(left: list[SeenCard], right: list[SeenCard]) -> list[tuple[SeenCard | None, SeenCard | None]]:
    """Pair the two columns row by row (farthest first); a card with no partner at its height stands alone.

    An alignment (as in a sequence diff) of the two columns by height: pairing
    costs the height difference, leaving a card alone costs ROW_GAP_MM. Equal
    columns pair in order; a missed card leaves a gap where the heights say.
    """
    left = sorted(left, key=lambda c: -c.y)
    right = sorted(right, key=lambda c: -c.y)
    n, m = len(left), len(right)
    cost = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        for j in range(m + 1):
            if i == 0 or j == 0:
                cost[i][j] = ROW_GAP_MM * (i + j)
            else:
                cost[i][j] = min(cost[i - 1][j - 1] + abs(left[i - 1].y - right[j - 1].y),
                                 cost[i - 1][j] + ROW_GAP_MM, cost[i][j - 1] + ROW_GAP_MM)
    rows: list[tuple[SeenCard | None, SeenCard | None]] = []
    i, j = n, m
    while i or j:
        if i and j and cost[i][j] == cost[i - 1][j - 1] + abs(left[i - 1].y - right[j - 1].y):
            rows.append((left[i - 1], right[j - 1]))
            i, j = i - 1, j - 1
        elif i and cost[i][j] == cost[i - 1][j] + ROW_GAP_MM:
            rows.append((left[i - 1], None))
            i -= 1
        else:
            rows.append((None, right[j - 1]))
            j -= 1
    rows.reverse()
    return rows


def _read_seat(cards: Iterable[SeenCard], *, hand_depth: float) -> tuple[dict, list[str], list[tuple[str | None, str | None]]]:
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
    if len(left) != len(right):
        problems.append(f"the stacks have {len(left)} and {len(right)} cards: a card may be missing or hidden")
    matches = []
    rows = _rows(left, right)
    for number, (a, b) in enumerate(rows, start=1):
        if a is None or b is None:
            alone = a or b
            assert alone is not None
            problems.append(f"{alone.code!r} has no partner in the other stack")
            continue
        if match_value((a.code, b.code)) is None:
            problems.append(f"match {number}: {a.code!r} and {b.code!r} are not a match")
        matches.append([a.code, b.code])
    row_codes = [(a.code if a else None, b.code if b else None) for a, b in rows]
    return {"matches": matches, "hand": [c.code for c in hand]}, problems, row_codes


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
    rows: dict[str, tuple[tuple[str | None, str | None], ...]] = {}
    for name, cards in seats.items():
        players[name], found, seat_rows = _read_seat(cards, hand_depth=hand_depth)
        rows[name] = tuple(seat_rows)
        problems.extend(f"{name}: {p}" for p in found)
    description: dict = {"game": "match", "players": players}
    if round_number is not None:
        description["round"] = round_number
    return RoundReading(round=description, problems=tuple(problems), rows=rows)
