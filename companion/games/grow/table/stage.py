"""How a Grow Your Assets game looks on the table, for the self-playing demo (companion/demo.py films it).

The round's cards are turned face up one by one into the row, beside the row
zone's plate, left to right in the order drawn; each pick is carried from the
row to the picker's seat; a card a warning roll discards (or its whole stack)
is carried to the discard pile. At a seat, a player's green cards, gold cards
and each red and blue stack lie in a grid of slots (seat_places): the cards
of one stack side by side, COLUMN_STEP apart (within layout.STACK_GAP_MM, so the
camera chains them into one stack), two stacks of one colour at least APART_MM
apart, so the camera tells them apart. Sealed bids, tie-break dice, warning rolls, actions,
declines and token breaks are typed (the bids on the phones), as players do;
an action's card is moved on the table as it is typed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from companion.games.grow import rules
from companion.games.grow.moves import Act, Draw, Move, Pick, Roll, Setup
from companion.games.grow.record import move_to_json
from companion.games.grow.selfplay import random_game
from companion.games.grow.state import GrowState, Holdings
from companion.games.grow.table.layout import DISCARD_ZONE, ROW_ZONE, STACK_GAP_MM
from companion.table.stage import CARD_W, DemoScript, Step, Tablet, beside_plate
from companion.vision.geometry import TableLayout, Zone, rotate_mm
from companion.vision.synth import Placement

COLUMN_STEP = 36.0
"""Fan step within a stack: each card's top-left mark (4 + 30 mm) stays uncovered."""
ROW_STEP = 36.0
"""Rows of fans at a seat: each lower row lies over the one above it, below its cards' marks."""
ROWS = 4
APART_MM = STACK_GAP_MM + 30.0
"""Least centre distance between cards of two stacks of one colour: the gap, plus the camera's
offset when it places a half-covered card by its one visible mark (about 28 mm from the centre)."""
ROW_CARD_STEP = 42.0
SEAT_END_MM = 8.0
"""Room left at each end of a seat (the corners where two seats meet are left out slot by slot)."""
MARK_DX, MARK_DY = -12.5, -25.0
"""Where a card's top-left mark lies from its centre (card 63 x 88 mm, mark 30 mm inset 4 mm)."""
ZONE_SLACK_MM = 15.0
"""A card's reading point may lie this far outside its seat, and must lie this much nearer it than any other zone."""


@dataclass
class GrowTable:
    """Where every card lies on the demo table as the game goes (the props, not the rules)."""

    layout: TableLayout
    seats: dict[str, str]
    holdings: dict[str, Holdings] = field(default_factory=dict)
    row: dict[str, int] = field(default_factory=dict)
    """Card -> its slot in the row (a picked card leaves a gap; the others stay where they lie)."""
    size: int = 0
    """Slots in the row: one per player."""
    discard: list[str] = field(default_factory=list)
    slots: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)
    """Player -> card -> the seat slot it lies in: cards stay where they were laid (see seat_places)."""

    def placements(self) -> list[Placement]:
        """Return every visible card, bottom first (later ones lie on top)."""
        out: list[Placement] = []
        dcx, dcy = beside_plate(self.layout, DISCARD_ZONE)
        for i, code in enumerate(self.discard):
            out.append(Placement(code, (dcx + math.sin(i * 2.3) * 5.0, dcy + math.cos(i * 1.7) * 4.0),
                                 rotation=math.sin(i * 0.9) * 10.0))
        rcx, rcy = beside_plate(self.layout, ROW_ZONE)
        first = -(self.size - 1) * ROW_CARD_STEP / 2.0
        for code, slot in sorted(self.row.items(), key=lambda kv: kv[1]):
            out.append(Placement(code, (rcx + first + slot * ROW_CARD_STEP, rcy), rotation=0.0))
        for player, held in self.holdings.items():
            out.extend(seat_placements(self.layout, self.layout.zone(self.seats[player]), held,
                                       self.slots.setdefault(player, {})))
        return out

    def follow(self, state: GrowState) -> None:
        """Lay every seat's cards and the discard pile as `state` has them (the row is moved step by step)."""
        self.holdings = {p: h for p, h in zip(state.players, state.holdings)}
        self.discard += [c for c in state.discard if c not in self.discard]


def seat_places(zone: Zone, held: Holdings, usable: Callable[[float, float], bool] | None = None,
                keep: dict[str, tuple[int, int]] | None = None) -> list[tuple[str, float, float, tuple[int, int]]]:
    """Return (card, along, across, slot) in the seat's own millimetres from its centre, bottom card first.

    `keep` (card -> the slot it lay in before) leaves every card where it lies, as a player does: a new
    card goes beside its stack (or in the first free slot), and only when that cannot be done is the
    whole seat laid out afresh (see _kept).

    The seat is a grid of slots COLUMN_STEP along by ROW_STEP across (ROWS rows), filled from the
    player's edge inward; `usable(along, across)` leaves out slots where the camera would place
    the card in another zone (where seats meet at the table's corners). Each red and blue stack
    takes (longest first) the first run of free slots in one row whose cards lie APART_MM from
    every other stack of its colour; then the green and gold cards (one pile each, read by colour alone) fill the
    free slots in order. No room left: the rest spills past the seat's end (in about 1 seat in 500 of
    random two-player games, a seat of 18 cards in 7 stacks: the camera then raises the card it cannot place).
    One piece because the slot grid and the apart rule share every position.
    """
    along = ((zone.rect[2] - zone.rect[0]) if zone.facing % 180 == 0 else (zone.rect[3] - zone.rect[1])) - 2 * SEAT_END_MM
    columns = max(int((along - CARD_W) // COLUMN_STEP) + 1, 1)

    def where(row: int, column: int) -> tuple[float, float]:
        return -along / 2 + CARD_W / 2 + column * COLUMN_STEP, (row - (ROWS - 1) / 2) * ROW_STEP

    rows = range(ROWS - 1, -1, -1)  # the player's edge first
    grid = [(r, c) for r in rows for c in range(columns) if usable is None or usable(*where(r, c))]
    main_slots = len(grid)
    grid += [(ROWS - 1, c) for c in range(columns, columns + 64)]
    kept = _kept(held, keep or {}, grid, main_slots, where)
    if kept is not None:
        return [(code, *where(*slot), slot) for slot, code in sorted(kept.items())]
    open_slots = set(grid)
    taken: dict[tuple[int, int], str] = {}
    stacks_of: dict[str, list[list[tuple[float, float]]]] = {"red": [], "blue": []}
    # The longest stacks first: they need the longest free runs.
    for colour, stack in sorted(((c, s) for c in ("red", "blue") for s in getattr(held, c)), key=lambda cs: -len(cs[1])):
        def fits(row: int, first: int, colour: str = colour, size: int = len(stack)) -> bool:
            slots = [(row, first + i) for i in range(size)]
            return all(slot in open_slots and slot not in taken for slot in slots) and all(
                math.dist(where(*slot), point) >= APART_MM
                for slot in slots for other in stacks_of[colour] for point in other)
        row, first = next(slot for slot in grid if fits(*slot))
        for i, code in enumerate(stack):
            taken[(row, first + i)] = code
        stacks_of[colour].append([where(row, first + i) for i in range(len(stack))])
    free = (slot for slot in grid if slot not in taken)
    for code in held.green + held.gold:
        taken[next(free)] = code
    return [(code, *where(*slot), slot) for slot, code in sorted(taken.items())]


def _kept(held: Holdings, keep: dict[str, tuple[int, int]], grid: list[tuple[int, int]], main_slots: int,
          where: Callable[[int, int], tuple[float, float]]) -> dict[tuple[int, int], str] | None:
    """Return the seat's slots with every card left where it lay and the new ones added; None if a new card has no room.

    A new red or blue card goes at either end of its stack's run (the next slot in its row, on the seat: the
    first `main_slots` of `grid`), still APART_MM from every other stack of its colour; with no room there the
    stack is slid to a free run with the card on its end. A new stack, green or gold card takes the first free
    slot (a new stack one apart from its colour's stacks). Cards gone (discarded) leave their slots free. A new
    card never goes past the seat's end while cards are kept: with no room on the seat, the seat is laid out afresh.
    """
    taken: dict[tuple[int, int], str] = {keep[c]: c for c in held.cards() if c in keep}
    if not taken:
        return None
    stacks = [(colour, list(stack)) for colour in ("red", "blue") for stack in getattr(held, colour)]

    def apart(slot: tuple[int, int], colour: str, own: list[str]) -> bool:
        return all(math.dist(where(*slot), where(*keep_or[c])) >= APART_MM
                   for other_colour, other in stacks if other_colour == colour and other is not own
                   for c in other if c in keep_or)

    keep_or = {c: s for s, c in taken.items()}
    main = set(grid[:main_slots])
    for colour, stack in stacks:
        for code in (c for c in stack if c not in keep_or):
            placed = [keep_or[c] for c in stack if c in keep_or]
            if placed:
                row = placed[0][0]
                ends = [(row, max(col for _r, col in placed) + 1), (row, min(col for _r, col in placed) - 1)]
                choices = [slot for slot in ends if slot in main]
            else:
                choices = grid[:main_slots]
            slot = next((s for s in choices if s not in taken and apart(s, colour, stack)), None)
            if slot is None and placed:
                # No room beside it: the player slides the stack to a free run and lays the card on its end.
                for c in stack:
                    if c in keep_or:
                        del taken[keep_or.pop(c)]
                run = next((r for r in grid[:main_slots] if all(
                    (r[0], r[1] + i) in main and (r[0], r[1] + i) not in taken and apart((r[0], r[1] + i), colour, stack)
                    for i in range(len(stack)))), None)
                if run is None:
                    return None
                for i, c in enumerate(stack):
                    taken[(run[0], run[1] + i)] = c
                    keep_or[c] = (run[0], run[1] + i)
                break
            if slot is None:
                return None
            taken[slot] = code
            keep_or[code] = slot
    free = (slot for slot in grid[:main_slots] if slot not in taken)
    for code in held.green + held.gold:
        if code not in keep_or:
            slot = next(free, None)
            if slot is None:
                return None
            taken[slot] = code
            keep_or[code] = slot
    return taken if _stacks_read_apart(stacks, keep_or, where) else None


def _stacks_read_apart(stacks: list[tuple[str, list[str]]], slot_of: dict[str, tuple[int, int]],
                       where: Callable[[int, int], tuple[float, float]]) -> bool:
    """True when each stack lies in one row without a gap the camera would split, APART_MM from its colour's others.

    False after an action moved a card from one stack to another (its old slot no longer fits): the seat is
    then laid out afresh."""
    for colour, stack in stacks:
        slots = sorted(slot_of[c] for c in stack)
        if len({row for row, _col in slots}) > 1 or any(b[1] - a[1] > 2 for a, b in zip(slots, slots[1:])):
            return False
        for other_colour, other in stacks:
            if other is not stack and other_colour == colour and any(
                    math.dist(where(*slot_of[a]), where(*slot_of[b])) < APART_MM for a in stack for b in other):
                return False
    return True


def seat_placements(layout: TableLayout, zone: Zone, held: Holdings,
                    slots: dict[str, tuple[int, int]] | None = None) -> list[Placement]:
    """Return a player's cards as fans at their seat, turned to face them.

    `slots` (card -> slot) is where the cards lay before; it is updated to where they lie now."""
    cx, cy = zone.centre()

    def on_table(dx: float, dy: float) -> tuple[float, float]:
        ox, oy = rotate_mm(np.array([[dx, dy]]), zone.facing)[0]
        return cx + float(ox), cy + float(oy)

    def usable(dx: float, dy: float) -> bool:
        # The camera places a card by its centre, or by its top-left mark when the rest is covered.
        return all(_ours(layout, zone, on_table(*point)) for point in ((dx, dy), (dx + MARK_DX, dy + MARK_DY)))
    places = seat_places(zone, held, usable, slots)
    if slots is not None:
        slots.clear()
        slots.update({code: slot for code, _dx, _dy, slot in places})
    return [Placement(code, on_table(dx, dy), rotation=float(zone.facing)) for code, dx, dy, _slot in places]


def _ours(layout: TableLayout, zone: Zone, point: tuple[float, float]) -> bool:
    """True when a table point is read as in `zone`: near it, and clearly nearer it than any other zone."""
    def distance(rect) -> float:
        x0, y0, x1, y1 = rect
        return math.hypot(max(x0 - point[0], 0.0, point[0] - x1), max(y0 - point[1], 0.0, point[1] - y1))
    mine = distance(zone.rect)
    return mine <= ZONE_SLACK_MM and all(distance(z.rect) >= mine + ZONE_SLACK_MM for z in layout.zones if z.name != zone.name)


def props(layout: TableLayout, seats: dict[str, str], setup: Setup) -> GrowTable:
    """Return the table as the game starts: nothing in front of anyone, the row empty."""
    return GrowTable(layout=layout, seats=seats, holdings={p: Holdings() for p in setup.players},
                     size=len(setup.players))


def _typed(move: Move) -> Callable[[Tablet], None]:
    return lambda tablet: tablet.submit_manual(move_to_json(move))


def steps_of(move: Move, state: GrowState, hold: int) -> list[Step]:
    """Return the physical steps that act out one move played from `state`."""
    after = rules.apply(state, move)
    if isinstance(move, Draw):
        steps = []
        for slot, code in enumerate(move.cards):
            def turn_over(t: GrowTable, c: str = code, s: int = slot) -> None:
                t.row[c] = s
            steps.append(Step("a card is turned face up into the row", turn_over, hold, hands=1))
        return steps
    if isinstance(move, Pick):
        def carry(t: GrowTable) -> None:
            t.row.pop(move.card, None)
            t.follow(after)
        return [Step(f"{move.player} carries a card from the row to their seat", carry, hold, hands=1)]
    if isinstance(move, Act):
        return [Step(f"{move.player} takes the card's action; it is typed", lambda t: t.follow(after), hold, hands=1,
                     tablet=_typed(move))]
    steps = [Step(f"typed: {move_to_json(move)['type']}", lambda t: None, max(hold // 2, 1), tablet=_typed(move))]
    if isinstance(move, Roll) and len(after.discard) > len(state.discard):
        steps.append(Step("the warning roll discards: the card goes to the discard pile", lambda t: t.follow(after),
                          hold, hands=1))
    return steps


SCRIPT = DemoScript(random_game=lambda seed, players: list(random_game(seed, players)), props=props,
                    steps_of=steps_of, unfilmed=lambda move: not isinstance(move, (Draw, Pick)))
