"""The QR marks on a card face: their settings, module matrix, drawing and the free zones around them.

Why a module of its own: the marks are what the camera reads. Their size,
inset, error level and count come from the deck design (mark_spec), the
module matrix is the one vision's sampler tests compare against (qr_matrix),
and every face style lays itself out around the same two corner zones
(mark_zones), so one place decides where a mark goes and how it looks.

Card-local coordinates: millimetres from the card's top-left trim corner, y down.
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np
import segno
from reportlab.lib.colors import Color, white

from companion.cards.decks import CardSpec, Deck
from companion.printing import sheets
from companion.printing.design import colour, design, kind_design
from companion.printing.pen import CardPen

DEFAULT_MARK = {"micro": True, "error": "M", "size_mm": 30, "inset_mm": 4.0, "count": 2}
QUIET_MODULES = 2
"""The Micro QR quiet zone: two modules of nothing around the code (ISO/IEC 18004)."""


def mark_spec(deck: Deck, card: CardSpec) -> Mapping[str, Any]:
    """Return the QR mark settings for a card: the deck's, overridden per kind."""
    return {**DEFAULT_MARK, **design(deck).get("mark", {}), **kind_design(deck, card.kind).get("mark", {})}


def qr_matrix(payload: str, spec: Mapping[str, Any]) -> np.ndarray:
    """Return the QR (or Micro QR) module matrix of a payload: 1 = dark, without quiet zone."""
    symbol = segno.make(
        payload, micro=bool(spec.get("micro", True)), error=str(spec.get("error", "M")).lower(), boost_error=False
    )
    return np.array([list(row) for row in symbol.matrix], dtype=np.uint8)


def draw_qr(pen: CardPen, matrix: np.ndarray, x: float, y: float, size: float, ink: Color, rotate180=False) -> None:
    """Draw a module matrix as one vector path (runs of dark modules merged, no seams)."""
    n = matrix.shape[0]
    module = size / n
    c = pen.c
    c.saveState()
    c.translate(x, y)
    if rotate180:
        c.translate(size, size)
        c.rotate(180)
    path = c.beginPath()
    for r in range(n):
        col = 0
        while col < n:
            if matrix[r, col]:
                start = col
                while col < n and matrix[r, col]:
                    col += 1
                path.rect(start * module, r * module, (col - start) * module, module)
            else:
                col += 1
    c.setFillColor(ink)
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()


def draw_marks(pen: CardPen, deck: Deck, card: CardSpec, payload: str, w: float, h: float, *, plate: Color = white):
    """Draw the card's QR mark(s): top-left, and (count 2) bottom-right turned 180 degrees.

    Each mark first gets a plate (white) over its whole quiet zone, two modules
    wide: nothing drawn before (a frame line, a full-colour fill) comes within
    two modules of the code. With the deck's inset of two modules the zone
    reaches exactly to the card's trim edge.
    """
    spec = mark_spec(deck, card)
    count = int(spec.get("count", 2))
    if count <= 0:
        return
    matrix = qr_matrix(payload, spec)
    size = float(spec["size_mm"])
    inset = float(spec["inset_mm"])
    quiet = QUIET_MODULES * size / matrix.shape[0]
    ink = colour(deck, "ink")
    spots = [(inset, inset, False), (w - inset - size, h - inset - size, True)]
    if count == 1:
        spots = [spots[1]]
    for x, y, flip in spots:
        pen.rect(x - quiet, y - quiet, size + 2 * quiet, size + 2 * quiet, fill=plate)
        draw_qr(pen, matrix, x, y, size, ink, rotate180=flip)


def mark_zones(deck: Deck, card: CardSpec, w: float, h: float) -> tuple[sheets.Rect, sheets.Rect]:
    """Return the card's free areas around two corner marks: the index box right of the top-left mark, and the middle band.

    The index box's twin (turned 180 degrees) sits left of the bottom-right
    mark. Both keep clear of the marks' quiet zones (two modules of an M3 mark).
    """
    spec = mark_spec(deck, card)
    size, inset = float(spec["size_mm"]), float(spec["inset_mm"])
    quiet = QUIET_MODULES * size / 15
    x0 = inset + size + quiet
    index = sheets.Rect(x0, inset, w - 3.0 - x0, size)
    band_top, band_bottom = inset + size + quiet, h - inset - size - quiet
    return index, sheets.Rect(3.0, band_top, w - 6.0, band_bottom - band_top)
