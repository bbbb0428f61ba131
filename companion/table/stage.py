"""What a game gives the self-playing demo: how its moves look on a real table (the stage directions).

The demo (companion/demo.py) films a random legal game on a synthetic table and
reads it back through the same live loop a real camera feeds. What is shared
(filming, the lamp and the hands, feeding the loop, judging each move, the
summary) names no game; what a move *looks like* is the game's own: which cards
lie where as the game goes (its props), the physical steps that act out one move
(a card turned over, a set carried to the discard pile), and what a player types
on the tablet meanwhile. A game whose table part exposes a `DemoScript` (on its
`READER`) can be filmed with `companion demo --game G`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

import numpy as np

from companion.vision.geometry import TableLayout, Zone, rotate_mm
from companion.vision.synth import Placement


class Props(Protocol):
    """Where every card lies on the demo table as the game goes: what the camera is shown."""

    def placements(self) -> list[Placement]:
        """Return every visible card, bottom first (later ones lie on top)."""
        ...


class Tablet(Protocol):
    """What a demo step may type on the tablet (the live loop's entry points; companion.live.LiveTable)."""

    def enter_bid(self, *, winner: str | None = None, price: int | None = None, all_passed: bool = False,
                  keep: bool = False) -> None: ...

    def submit_manual(self, line: dict) -> None: ...


@dataclass
class Step:
    """One physical action: how it changes the table, how long to hold it, what the bot types then."""

    note: str
    act: Callable[[Any], None]
    """Changes the props (the game's own Props object) as the action does."""
    hold: int
    """Frames the table is held still after the action."""
    hands: int = 0
    """Hands seen moving over the table while it happens (times the difficulty's hands)."""
    tablet: Callable[[Tablet], None] | None = None
    """What a player types on the tablet halfway through the hold, if anything."""


@dataclass(frozen=True)
class DemoScript:
    """One game's stage directions for the self-playing demo."""

    random_game: Callable[[int, int | None], list[Any]]
    """(seed, players or None) -> a random legal game's moves, its setup first."""
    props: Callable[[TableLayout, dict[str, str], Any], Props]
    """(layout, player -> seat zone, the setup move) -> the table as the game starts."""
    steps_of: Callable[[Any, Any, int], list[Step]]
    """(move, the state it is played from, hold frames) -> the physical steps that act it out."""
    confirm: Callable[[dict, dict], tuple[dict, bool]] = field(default=lambda proposed, truth: (proposed, False))
    """(the camera's proposed line, the true line) -> (the line the player confirms, True when that corrects it).
    By default the player taps confirm on what the camera proposed."""
    unfilmed: Callable[[Any], bool] = field(default=lambda move: False)
    """True for a move with nothing to see on the table (typed only): it has no camera latency."""


CARD_W, CARD_H = 63.0, 88.0
COLUMN_STEP = 42.0
"""Fan step along a spread: wide enough that each card's top-left mark stays uncovered."""
ZONE_END_MM = 40.0
MIN_COLUMN_STEP = 36.0
ROW_STEP = 45.0


def beside_plate(layout: TableLayout, name: str) -> tuple[float, float]:
    """Return where the cards of a tray zone lie: centred across it, between its plate and the near edge."""
    x0, y0, x1, y1 = layout.zone(name).rect
    return (x0 + x1) / 2.0, y1 - CARD_H / 2.0 - 6.0


def in_a_row(layout: TableLayout, name: str, cards: Sequence[str], step: float = 45.0,
             first: float = -45.0) -> list[Placement]:
    """Return cards laid side by side beside a tray zone's plate, the first `first` mm from its middle."""
    cx, cy = beside_plate(layout, name)
    return [Placement(code, (cx + first + step * i, cy), rotation=0.0) for i, code in enumerate(cards)]


def spread(zone: Zone, cards: Sequence[str]) -> list[Placement]:
    """Return a player's cards fanned in their seat zone so that every card's mark shows.

    As few rows as fit with each card's top-left mark uncovered (columns at least MIN_COLUMN_STEP
    apart, rows ROW_STEP apart); a long spread spills over the zone's inner edge, as at a table.
    """
    x0, y0, x1, y1 = zone.rect
    # Keep clear of the zone's ends, where seat zones meet at the table's corners.
    along = ((x1 - x0) if zone.facing % 180 == 0 else (y1 - y0)) - 2 * ZONE_END_MM
    across = (y1 - y0) if zone.facing % 180 == 0 else (x1 - x0)
    fit = max(int((along - CARD_W) // MIN_COLUMN_STEP) + 1, 1)
    rows = max(math.ceil(len(cards) / fit), 1)
    per_row = max(math.ceil(len(cards) / rows), 1)
    step = COLUMN_STEP if per_row == 1 else min(COLUMN_STEP, (along - CARD_W) / (per_row - 1))
    row_step = ROW_STEP if rows > 1 else 0.0
    inward = (across - CARD_H) / 2 if rows > 1 else 0.0  # start at the player's edge of the zone
    cx, cy = zone.centre()
    width = CARD_W + (min(len(cards), per_row) - 1) * step
    out = []
    for k, code in enumerate(cards):
        row, col = divmod(k, per_row)
        dx = -width / 2 + CARD_W / 2 + col * step
        dy = -inward + row * row_step if rows > 1 else 0.0
        ox, oy = rotate_mm(np.array([[dx, dy]]), zone.facing)[0]
        out.append(Placement(code, (cx + ox, cy + oy), rotation=float(zone.facing)))
    return out


def carry(source: list[str], target: list[str], cards: Sequence[str]) -> None:
    """Move cards from one pile of the props to another (each card leaves its source)."""
    for code in cards:
        source.remove(code)
    target.extend(cards)
