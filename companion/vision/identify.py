"""Identification: a frame's reads named against the print and placed on the table.

Each payload is a card of this print, a payload of another print, or foreign (the PrintDeck
decides); a card is counted once however many of its marks show, and placed on the table (mm)
and in a zone when a TableGeometry is known. Also the result types the pipeline hands on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Protocol

import numpy as np

from companion.vision import shapes
from companion.vision.decoders import Detection
from companion.vision.geometry import TableGeometry


class Identifier(Protocol):
    """What the pipeline needs from a print: companion.cards.payloads.PrintDeck fits."""

    def identify(self, payload: str):  # -> Identity(status, code, print_id)
        ...


@dataclass(frozen=True)
class CardSeen:
    """One card of the print, seen in one frame."""

    code: str
    payload: str
    corners: tuple[tuple[float, float], ...]
    """4 image points of the card's mark (the first mark read when several show)."""
    centre_px: tuple[float, float]
    """Mean of all its marks' centres (the card centre when marks sit at opposite corners)."""
    table_mm: tuple[float, float] | None = None
    zone: str | None = None
    marks: int = 1

    def to_json(self) -> dict:
        """Return the `companion scan --json` card entry."""
        return {"code": self.code, "payload": self.payload,
                "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
                "zone": self.zone,
                "table_mm": None if self.table_mm is None else [round(v, 1) for v in self.table_mm]}


@dataclass(frozen=True)
class FrameResult:
    """What one frame showed: this print's cards, foreign payloads, other prints' payloads."""

    cards: tuple[CardSeen, ...]
    unknown: tuple[str, ...] = ()
    other_print: tuple[str, ...] = ()
    ms: float = 0.0
    scan: str = "full"
    """"full", "partial" (changed regions only) or "settled" (nothing changed)."""
    geometry: TableGeometry | None = field(default=None, repr=False)
    detections: tuple[Detection, ...] = field(default=(), repr=False)

    def codes(self) -> frozenset[str]:
        """Return the card codes seen."""
        return frozenset(c.code for c in self.cards)


def identify_reads(deck: Identifier | None, geometry: TableGeometry | None, dets: Iterable[Detection]
                   ) -> tuple[tuple[CardSeen, ...], tuple[str, ...], tuple[str, ...]]:
    """Return a frame's reads as (this print's cards, by code; foreign payloads; other prints' payloads).

    Without a deck every payload is foreign; without a geometry the cards have no table place nor zone."""
    by_code: dict[str, list[Detection]] = {}
    unknown: list[str] = []
    other: list[str] = []
    for d in dets:
        ident = deck.identify(d.payload) if deck is not None else None
        status = getattr(ident, "status", "foreign")
        if status == "card":
            assert ident is not None  # a "card" status came from the deck's identity
            by_code.setdefault(ident.code, []).append(d)
        elif status == "other_print":
            if d.payload not in other:
                other.append(d.payload)
        elif d.payload not in unknown:
            unknown.append(d.payload)
    groups = [(code, shapes.dedupe(ds)) for code, ds in by_code.items()]
    # Each card's centre is the mean of its marks' centres (summed in order, as numpy's mean does),
    # all mapped to the table in one call.
    centres = [(sum(c[0] for c in cs) / len(cs), sum(c[1] for c in cs) / len(cs))
               for cs in ([d.centre() for d in ds] for _, ds in groups)]
    on_table = geometry.to_table(np.array(centres)).tolist() if geometry is not None and centres else None
    cards = []
    for i, (code, ds) in enumerate(groups):
        table_mm = zone = None
        if on_table is not None:
            assert geometry is not None  # on_table is only computed with a geometry
            table_mm = (float(on_table[i][0]), float(on_table[i][1]))
            zone = geometry.zone_of(table_mm)
        cards.append(CardSeen(code=code, payload=ds[0].payload, corners=ds[0].corners, centre_px=centres[i],
                              table_mm=table_mm, zone=zone, marks=len(ds)))
    cards.sort(key=lambda c: c.code)
    return tuple(cards), tuple(unknown), tuple(other)

