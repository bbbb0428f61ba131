"""The QR marks on a card face: their settings, module matrix, drawing and the free zones around them.

Why a module of its own: the marks are what the camera reads. Their size,
inset, error level and count come from the deck design (mark_spec), the
module matrix is the one vision's sampler tests compare against (qr_matrix),
and every face style lays itself out around the same two corner zones
(mark_zones), so one place decides where a mark goes and how it looks.

Card-local coordinates: millimetres from the card's top-left trim corner, y down.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

import numpy as np
from reportlab.lib.colors import Color, white

from companion.cards.decks import CardSpec, Deck
from companion.cards.symbols import symbol_matrix
from companion.printing import sheets
from companion.printing.design import colour, design, kind_design
from companion.printing.pen import CardPen

DEFAULT_MARK = {"micro": True, "error": "M", "size_mm": 30, "inset_mm": 4.0, "count": 2}
QUIET_MODULES = 2
"""The Micro QR quiet zone: two modules of nothing around the code (ISO/IEC 18004)."""
MARK_MODULES = 15
"""Modules across a card's mark: a 16-digit payload makes a Micro QR M3 (error level M)."""
MODULE_SIZES = (2.0, 2.1, 2.2, 2.3, 2.4, 2.5, 2.75, 3.0, 3.5, 4.0)
"""The module sizes (mm) a print may choose from (`cards print --camera`): tenths of a mm near today's 2 mm."""
MIN_BAND_MM = 6.0
"""Between a card's two marks (with their quiet zones) at least this much of the card's height stays for the
middle band's text (12 mm with 30 mm marks); it is what caps the mark size of a two-mark card."""


def mark_spec(deck: Deck, card: CardSpec) -> Mapping[str, Any]:
    """Return the QR mark settings for a card: the deck's, overridden per kind."""
    return {**DEFAULT_MARK, **design(deck).get("mark", {}), **kind_design(deck, card.kind).get("mark", {})}


def qr_matrix(payload: str, spec: Mapping[str, Any]) -> np.ndarray:
    """Return the QR (or Micro QR) module matrix of a payload: 1 = dark, without quiet zone."""
    return symbol_matrix(payload, micro=bool(spec.get("micro", True)), error=str(spec.get("error", "M")))


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


def module_mm(deck: Deck) -> float:
    """Return the module size (mm) of the deck's marks (design.mark.size_mm over MARK_MODULES)."""
    return float({**DEFAULT_MARK, **design(deck).get("mark", {})}["size_mm"]) / MARK_MODULES


def _fits(deck: Deck, module: float, w: float, h: float) -> bool:
    """True if every kind's marks printed with this module keep their quiet zones on the card and leave
    MIN_BAND_MM between the two corners (the faces lay out around both corners' zones, mark_zones, whatever the
    count). Kinds with a mark size of their own keep it and are not checked."""
    for kind in {c.kind for c in deck.cards}:
        spec = {**DEFAULT_MARK, **design(deck).get("mark", {}), **kind_design(deck, kind).get("mark", {})}
        if "size_mm" in (kind_design(deck, kind).get("mark") or {}) or int(spec.get("count", 2)) <= 0:
            continue
        corner = max(float(spec["inset_mm"]), QUIET_MODULES * module) + (MARK_MODULES + QUIET_MODULES) * module
        if corner > min(w, h):
            return False
        if 2 * corner + MIN_BAND_MM > max(w, h):
            return False
    return True


def largest_module_mm(deck: Deck) -> float | None:
    """Return the largest of MODULE_SIZES the deck's cards can carry (the marks fit with their inset and quiet
    zones, and leave the middle band), or None when not even the smallest does.

    >>> from companion.cards.decks import load_deck
    >>> largest_module_mm(load_deck("bux"))
    2.1
    """
    fitting = [m for m in MODULE_SIZES if _fits(deck, m, sheets.CARD_W_MM, sheets.CARD_H_MM)]
    return max(fitting) if fitting else None


def printable_modules(deck: Deck) -> tuple[float, ...]:
    """Return the module sizes (mm) a print of this deck may choose: MODULE_SIZES from its own up to the largest
    its cards carry (just its own when none larger fits)."""
    own, largest = module_mm(deck), largest_module_mm(deck) or module_mm(deck)
    return tuple(m for m in MODULE_SIZES if own - 1e-9 <= m <= largest + 1e-9) or (own,)


def sized_deck(deck: Deck, module: float) -> Deck:
    """Return the deck with its marks printed at this module size: design.mark.size_mm = MARK_MODULES modules,
    the inset at least the quiet zone (QUIET_MODULES modules), so the quiet zone stays on the card. Kinds with
    a mark size of their own (rules cards, not played) keep theirs. The deck's own size returns it unchanged."""
    if abs(module - module_mm(deck)) < 1e-9:
        return deck
    mark = {**DEFAULT_MARK, **design(deck).get("mark", {})}
    mark["size_mm"] = round(MARK_MODULES * module, 3)
    mark["inset_mm"] = max(float(mark["inset_mm"]), QUIET_MODULES * module)
    data = {**deck.data, "design": {**design(deck), "mark": mark}}
    return replace(deck, data=data)
