"""Reading a Grow Your Assets table: the round's face-up cards and each player's stacks.

The camera side (vision, tracker) reports where each card lies: a zone
("seat:N", "row", "discard": Grow's table layout, layout.json beside this module)
and a table position in millimetres.
This module turns that into the game's words (the row, each player's green and
gold stack, their red and blue stacks) and says how it differs from the
engine's state, so the tablet can show "the camera sees ..." and propose the
round's draw. It proposes; the engine decides.

Stacks are told apart by position: the cards of one red or blue stack are
fanned so each QR mark shows, so same-colour cards whose centres lie within
STACK_GAP_MM of each other (directly or through a chain) form one stack.
Pure: takes codes, zones and positions; imports no vision and does no I/O.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from companion.errors import RecordError
from companion.games.grow.moves import Draw
from companion.games.grow.state import ALL_CARDS, COLOUR, DRAW, STACKED_COLOURS, GrowState, Holdings, draw_pile, phase

ROW_ZONE = "row"
DISCARD_ZONE = "discard"
STACK_GAP_MM = 75.0
"""Largest centre distance between neighbouring cards of one fanned stack (a card is 63 x 88 mm)."""


@dataclass(frozen=True)
class SeenCard:
    """One card the camera reports: its code, zone and table position (mm), if known."""

    code: str
    zone: str | None
    position: tuple[float, float] | None = None


@dataclass(frozen=True)
class TableReading:
    """What the table shows, in the game's words."""

    row: tuple[str, ...]
    """Game cards in the row zone, left to right: the round's face-up cards."""
    holdings: Mapping[str, Holdings]
    """Player -> the cards in front of them, red and blue split into stacks by position."""
    discard: tuple[str, ...] = ()
    elsewhere: tuple[str, ...] = ()
    """Game cards outside every zone the game uses (off the table, an empty seat, the timer area)."""
    ignored: tuple[str, ...] = field(default=())
    """Codes that are not game cards (the rules reference cards)."""


@dataclass(frozen=True)
class Difference:
    """One way the table and the game's state disagree, for the page's attention list."""

    message: str
    cards: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
    kind: str = ""
    """Which disagreement: "row_missing", "row_extra", "seat_missing", "seat_extra" or "restacked" (the
    table reader words it by this in the reader's language; `message` stays English for the log)."""


def seat_zones(players: Sequence[str]) -> dict[str, str]:
    """Return {"seat:1": first player, ...}: players sit at the seat plates in seating order.

    >>> seat_zones(["Ann", "Ben"])
    {'seat:1': 'Ann', 'seat:2': 'Ben'}
    """
    return {f"seat:{index}": name for index, name in enumerate(players, start=1)}


def cards_from_scan(entries: Any) -> list[SeenCard]:
    """Return the cards of a `companion scan --json` card list ([{"code", "zone", "table_mm"}]).

    Raises:
        RecordError: if an entry is malformed (no code, a zone that is not text, a bad position).
    """
    if not isinstance(entries, list):
        raise RecordError(f"cards must be a list of {{code, zone, table_mm}}, not {entries!r}")
    seen = []
    for index, entry in enumerate(entries, start=1):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("code"), str):
            raise RecordError(f"card {index}: needs a card code, got {entry!r}")
        zone = entry.get("zone")
        if zone is not None and not isinstance(zone, str):
            raise RecordError(f"card {index}: zone must be text, not {zone!r}")
        where = entry.get("table_mm")
        if where is not None:
            if (not isinstance(where, (list, tuple)) or len(where) != 2
                    or any(isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) for v in where)):
                raise RecordError(f"card {index}: table_mm must be [x, y] in mm, not {where!r}")
            where = (float(where[0]), float(where[1]))
        seen.append(SeenCard(code=entry["code"], zone=zone, position=where))
    return seen


def _clusters(cards: Sequence[SeenCard]) -> list[tuple[str, ...]]:
    """Group cards into stacks: single-link by centre distance; unplaced cards form one stack."""
    placed = [c for c in cards if c.position is not None]
    points = [p for c in placed if (p := c.position) is not None]  # placed's positions, in order
    loose = tuple(sorted(c.code for c in cards if c.position is None))
    parent = list(range(len(placed)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(placed):
        for j in range(i):
            if math.dist(points[i], points[j]) <= STACK_GAP_MM:
                parent[root(i)] = root(j)
    groups: dict[int, list[SeenCard]] = {}
    for i, card in enumerate(placed):
        groups.setdefault(root(i), []).append(card)
    stacks = [tuple(sorted(c.code for c in group)) for group in groups.values()]
    if loose:
        stacks.append(loose)
    return sorted(stacks)


def read_table(cards: Iterable[SeenCard], players: Sequence[str], seats: Mapping[str, str] | None = None) -> TableReading:
    """Return the row, every player's holdings, the discard pile and stray cards the camera sees.

    `seats` maps zone names to players (default: seat_zones(players)). A code
    seen twice keeps its first report.
    """
    seats = dict(seats) if seats is not None else seat_zones(players)
    unique: dict[str, SeenCard] = {}
    for card in cards:
        unique.setdefault(card.code, card)
    ignored = tuple(sorted(c for c in unique if c not in ALL_CARDS))
    game_cards = [c for c in unique.values() if c.code in ALL_CARDS]
    row_cards = [c for c in game_cards if c.zone == ROW_ZONE]
    row = tuple(c.code for c in sorted(row_cards, key=lambda c: (c.position or (math.inf, math.inf), c.code)))
    discard = tuple(sorted(c.code for c in game_cards if c.zone == DISCARD_ZONE))
    elsewhere = tuple(sorted(c.code for c in game_cards if c.zone not in seats and c.zone not in (ROW_ZONE, DISCARD_ZONE)))
    holdings = {}
    for zone, player in seats.items():
        mine = [c for c in game_cards if c.zone == zone]
        by_colour = {colour: [c for c in mine if COLOUR[c.code] == colour] for colour in ("green", "gold", "red", "blue")}
        holdings[player] = Holdings(
            green=tuple(sorted(c.code for c in by_colour["green"])),
            gold=tuple(sorted(c.code for c in by_colour["gold"])),
            red=tuple(_clusters(by_colour["red"])),
            blue=tuple(_clusters(by_colour["blue"])),
        )
    return TableReading(row=row, holdings=holdings, discard=discard, elsewhere=elsewhere, ignored=ignored)


def normalised(held: Holdings) -> Holdings:
    """Return holdings in a canonical order (cards sorted, stacks sorted), so two readings compare equal."""
    return Holdings(
        green=tuple(sorted(held.green)),
        gold=tuple(sorted(held.gold)),
        red=tuple(sorted(tuple(sorted(s)) for s in held.red)),
        blue=tuple(sorted(tuple(sorted(s)) for s in held.blue)),
    )


def compare(state: GrowState, reading: TableReading) -> list[Difference]:
    """Return how the table differs from the state (empty: the camera agrees with the game).

    Between rounds the row is expected empty (the next draw is proposed
    separately, see propose_draw). Only players of the state are compared.
    """
    out: list[Difference] = []
    if phase(state) != DRAW and set(reading.row) != set(state.row):
        missing = tuple(sorted(set(state.row) - set(reading.row)))
        extra = tuple(sorted(set(reading.row) - set(state.row)))
        if missing:
            out.append(Difference("face-up cards of this round the camera does not see in the row", missing,
                                  kind="row_missing"))
        if extra:
            out.append(Difference("cards in the row that are not this round's face-up cards", extra, kind="row_extra"))
    for player, held in zip(state.players, state.holdings):
        seen = reading.holdings.get(player)
        if seen is None:
            continue
        want, got = normalised(held), normalised(seen)
        if want.cards() != got.cards():
            missing = tuple(sorted(want.cards() - got.cards()))
            extra = tuple(sorted(got.cards() - want.cards()))
            if missing:
                out.append(Difference(f"{player} holds cards the camera does not see at their seat", missing, (player,),
                                      kind="seat_missing"))
            if extra:
                out.append(Difference(f"cards at {player}'s seat that {player} does not hold", extra, (player,),
                                      kind="seat_extra"))
        else:
            for colour in sorted(STACKED_COLOURS):
                if getattr(want, colour) != getattr(got, colour):
                    out.append(Difference(f"{player}'s {colour} cards lie in different stacks than the game has them",
                                          tuple(sorted(c for s in getattr(got, colour) for c in s)), (player,),
                                          kind="restacked"))
    return out


def propose_draw(state: GrowState, reading: TableReading) -> Draw | None:
    """Return the Draw the row shows between rounds: one card per player, none of them seen elsewhere; else None.

    A card removed unseen for two players counts as in the deck here: leaving
    it out would tell the tablet which cards were removed. The rules refuse it.
    """
    if phase(state) != DRAW or len(reading.row) != len(state.players):
        return None
    if not set(reading.row) <= draw_pile(state) | state.removed:
        return None
    return Draw(cards=reading.row)
