"""Sheet templates as data (millimetres) and the pure layout of cards on them.

Why a separate module: where each card sits, where its bleed ends, where the cut
marks go and where its back lands after a duplex flip are geometry, not drawing.
Keeping them pure (no reportlab, no I/O) lets tests check every position to the
tenth of a millimetre against a table of expected values, and lets the renderer
only draw what the layout says.

Coordinates: millimetres, origin at the page's top-left corner, y downwards
(as a person measures a sheet with a ruler). The renderer converts to PDF points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

CARD_W_MM = 63.0
CARD_H_MM = 88.0
BLEED_MM = 3.0


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in page millimetres (top-left origin)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Template:
    """A sheet template: paper size and a grid of cards with gutters between them."""

    name: str
    paper_w: float
    paper_h: float
    cols: int = 3
    rows: int = 3
    card_w: float = CARD_W_MM
    card_h: float = CARD_H_MM
    gutter_x: float = 0.0
    """Gap between card columns; each neighbour's bleed fills half of it."""
    gutter_y: float = 0.0
    """Gap between card rows; 0 means one shared cut between rows."""
    bleed: float = BLEED_MM
    """Bleed beyond the outer trim edges of the grid."""
    mark_gap: float = 1.0
    """Distance from the trim corner to the start of a cut mark."""
    mark_edge: float = 1.5
    """Cut marks stop this far from the paper edge."""

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def grid_w(self) -> float:
        return self.cols * self.card_w + (self.cols - 1) * self.gutter_x

    @property
    def grid_h(self) -> float:
        return self.rows * self.card_h + (self.rows - 1) * self.gutter_y

    @property
    def margin_x(self) -> float:
        return (self.paper_w - self.grid_w) / 2

    @property
    def margin_y(self) -> float:
        return (self.paper_h - self.grid_h) / 2


# A4 has room for gutters both ways; US Letter is 15 mm shorter than three
# cards plus gutters and printable margins, so its rows share one cut (the card
# designs keep a white frame inside the trim, so a shared cut shows no colour).
TEMPLATES = {
    "a4": Template(name="a4", paper_w=210.0, paper_h=297.0, gutter_x=4.0, gutter_y=4.0),
    "letter": Template(name="letter", paper_w=215.9, paper_h=279.4, gutter_x=4.0, gutter_y=0.0),
}


@dataclass(frozen=True)
class Slot:
    """Where one card goes on a page: its trim box and its bleed box."""

    index: int
    """Position on the page in reading order (0 = top-left) as seen from the printed side."""
    col: int
    row: int
    trim: Rect
    bleed: Rect


@dataclass(frozen=True)
class CutMark:
    """A cut mark: a short line from (x1, y1) to (x2, y2) in page millimetres."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Placement:
    """A card placed in a slot of a page side."""

    page: int
    side: str
    """"front" or "back"."""
    code: str
    slot: Slot


def template(paper: str) -> Template:
    """Return the template of a paper name ("a4" or "letter").

    Raises:
        ValueError: for an unknown paper (the CLI restricts choices first).
    """
    try:
        return TEMPLATES[paper.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r}; choose one of {sorted(TEMPLATES)}") from None


def slots(tpl: Template) -> tuple[Slot, ...]:
    """Return the front-side slots of a template, in reading order.

    Inner bleed is half the gutter (neighbours never overlap); outer bleed is tpl.bleed.

    >>> s = slots(TEMPLATES["a4"])[0]
    >>> (s.trim.x, s.trim.y, s.bleed.x)
    (6.5, 12.5, 3.5)
    """
    out = []
    for row in range(tpl.rows):
        for col in range(tpl.cols):
            x = tpl.margin_x + col * (tpl.card_w + tpl.gutter_x)
            y = tpl.margin_y + row * (tpl.card_h + tpl.gutter_y)
            left = tpl.bleed if col == 0 else tpl.gutter_x / 2
            right = tpl.bleed if col == tpl.cols - 1 else tpl.gutter_x / 2
            top = tpl.bleed if row == 0 else tpl.gutter_y / 2
            bottom = tpl.bleed if row == tpl.rows - 1 else tpl.gutter_y / 2
            trim = Rect(round(x, 4), round(y, 4), tpl.card_w, tpl.card_h)
            bleed = Rect(
                round(x - left, 4), round(y - top, 4), tpl.card_w + left + right, tpl.card_h + top + bottom
            )
            out.append(Slot(index=row * tpl.cols + col, col=col, row=row, trim=trim, bleed=bleed))
    return tuple(out)


def mirror_slot(tpl: Template, slot: Slot) -> Slot:
    """Return the back-side slot that lands behind a front slot after a long-edge duplex flip.

    Flipping the sheet about its long (vertical) edge maps page x to paper_w - x
    and keeps y, so the card's column is mirrored and its row kept.

    >>> tpl = TEMPLATES["a4"]
    >>> mirror_slot(tpl, slots(tpl)[0]).col
    2
    """
    mirrored = tpl.cols - 1 - slot.col
    trim = Rect(round(tpl.paper_w - slot.trim.right, 4), slot.trim.y, slot.trim.w, slot.trim.h)
    bleed = Rect(round(tpl.paper_w - slot.bleed.right, 4), slot.bleed.y, slot.bleed.w, slot.bleed.h)
    return Slot(index=slot.row * tpl.cols + mirrored, col=mirrored, row=slot.row, trim=trim, bleed=bleed)


def cut_marks(tpl: Template) -> tuple[CutMark, ...]:
    """Return the cut marks of a page: each card edge extended into the page margins.

    Marks run from mark_gap outside the grid's trim to mark_edge from the paper
    edge, over the outer bleed (which is cut away). Both sides of a duplex sheet
    share the same marks because the grid is centred on the page.
    """
    xs = sorted({round(s.trim.x, 4) for s in slots(tpl)} | {round(s.trim.right, 4) for s in slots(tpl)})
    ys = sorted({round(s.trim.y, 4) for s in slots(tpl)} | {round(s.trim.bottom, 4) for s in slots(tpl)})
    top, bottom = tpl.margin_y, tpl.margin_y + tpl.grid_h
    left, right = tpl.margin_x, tpl.margin_x + tpl.grid_w
    marks = []
    for x in xs:
        marks.append(CutMark(x, top - tpl.mark_gap, x, tpl.mark_edge))
        marks.append(CutMark(x, bottom + tpl.mark_gap, x, tpl.paper_h - tpl.mark_edge))
    for y in ys:
        marks.append(CutMark(left - tpl.mark_gap, y, tpl.mark_edge, y))
        marks.append(CutMark(right + tpl.mark_gap, y, tpl.paper_w - tpl.mark_edge, y))
    return tuple(m for m in marks if abs(m.x2 - m.x1) + abs(m.y2 - m.y1) >= 1.0)


def pages(tpl: Template, codes: Sequence[str], *, duplex: bool = True) -> tuple[tuple[Placement, ...], ...]:
    """Return the page sides of a print run: fronts, then (if duplex) the mirrored backs of the same cards.

    Each sheet is one front page followed by one back page, so a duplex printer
    puts every back behind its own face.

    >>> [len(p) for p in pages(TEMPLATES["a4"], [str(i) for i in range(10)])]
    [9, 9, 1, 1]
    """
    front_slots = slots(tpl)
    out = []
    for sheet, start in enumerate(range(0, len(codes), tpl.per_page)):
        batch = codes[start : start + tpl.per_page]
        fronts = tuple(
            Placement(page=len(out), side="front", code=code, slot=slot) for code, slot in zip(batch, front_slots)
        )
        out.append(fronts)
        if duplex:
            backs = tuple(
                Placement(page=len(out), side="back", code=p.code, slot=mirror_slot(tpl, p.slot)) for p in fronts
            )
            out.append(backs)
    return tuple(out)


