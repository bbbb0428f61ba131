"""A photo of the table at a blue/red round's end -> the proposed round, for the match page to confirm.

The web layer never touches vision: the composition root (companion serve)
builds a photo reader from the vision pipeline and passes it in the app config
as PHOTO_READER(photo_bytes) -> (FrameResult, sha256); it knows no game. This
module holds the match's side: the reading's shape, the seat checks, and
reading_from_frame(), which turns a frame's cards and table geometry into the
game's pure layout reading (companion/games/match/table/layout.py). Nothing is stored.

Which seat each player sits at is the seat plate number (1-5) the page sends;
by default players sit at plates 1, 2, 3... in the game's order. The two
discard piles live in the table's `discard` zone; face-up cards there are
ignored (the draw decks lie face down and show no mark).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from companion.errors import CompanionError
from companion.games.match.table.layout import RoundReading, SeatArea, assign_to_seats, round_from_seats

MAX_SEATS = 5


@dataclass(frozen=True)
class PhotoReading:
    """What one photo showed: the proposed round, the cards nobody owns, and how the read went."""

    reading: RoundReading
    ignored: tuple[str, ...]
    unplaced: tuple[str, ...]
    cards_read: int
    unknown: int
    ms: float
    sha256: str

    def to_json(self) -> dict:
        """Return the JSON the page receives (rows carry None for a card the camera missed)."""
        return {
            "round": self.reading.round,
            "rows": {name: [list(r) for r in rows] for name, rows in self.reading.rows.items()},
            "problems": list(self.reading.problems),
            "ignored": list(self.ignored),
            "unplaced": list(self.unplaced),
            "cards_read": self.cards_read,
            "unknown": self.unknown,
            "ms": round(self.ms, 1),
            "sha256": self.sha256,
        }


def default_seats(players: Sequence[str]) -> dict[str, int]:
    """Return the default seating: the game's players at seat plates 1, 2, 3, ... in order."""
    return {name: number for number, name in enumerate(players, start=1)}


def check_seats(seats: Mapping[str, object], players: Sequence[str]) -> dict[str, int]:
    """Return {player: seat plate} after checking every player has a different plate 1-5.

    Raises:
        CompanionError: naming what is wrong.
    """
    if not isinstance(seats, Mapping) or sorted(seats) != sorted(players):
        raise CompanionError(f"give a seat plate for each player: {', '.join(players)}")
    out: dict[str, int] = {}
    for name in players:
        value = seats[name]
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SEATS:
            raise CompanionError(f"{name}'s seat plate must be 1 to {MAX_SEATS}, not {value!r}")
        out[name] = value
    if len(set(out.values())) != len(out):
        raise CompanionError("two players cannot share a seat plate")
    return out


PhotoReader = Callable[..., "PhotoReading"]
"""reader(photo_bytes, seats, *, round_number=None) -> PhotoReading; raises CompanionError for a photo it cannot read."""


def reader_for_match(reader):
    """Return the app's photo reader if it reads a print of the match cards, else None (the page offers no photo)."""
    if reader is None:
        return None
    try:
        return reader if reader.game == "match" else None
    except CompanionError:
        return None  # the deck file went missing: the page says photo reading is off, the round is entered by hand


def reading_from_frame(result, seats: Mapping[str, int], *, round_number: int | None = None,
                       sha256: str = "") -> PhotoReading:
    """Return the round a processed frame shows (not scored, not stored).

    `result` is the vision pipeline's FrameResult (cards with table_mm, the
    table geometry or None, unknown and other-print payloads, ms); it is read
    by attribute only, so this layer imports no vision code.

    Raises:
        CompanionError: if the frame shows too few table plates to place the cards.
    """
    geometry = result.geometry
    if geometry is None:
        raise CompanionError("the table plates are not in the photo: take it from higher up so the corner plates show")
    layout = geometry.layout
    areas = {}
    for name, number in seats.items():
        zone = layout.zone(f"seat:{number}")
        areas[name] = SeatArea(geometry.zone_rect(zone), zone.facing)
    # The decks and discard piles in the middle (the match's table layout) are no one's laid-out round.
    ignore = [geometry.zone_rect(z) for z in layout.zones if not z.name.startswith("seat:")]
    cards = [(c.code, c.table_mm) for c in result.cards if c.table_mm is not None]
    placed = assign_to_seats(cards, areas, ignore=ignore)
    reading = round_from_seats(placed.seats, round_number=round_number)
    return PhotoReading(reading=reading, ignored=placed.ignored, unplaced=placed.unplaced, cards_read=len(result.cards),
                        unknown=len(result.unknown) + len(result.other_print), ms=result.ms, sha256=sha256)
