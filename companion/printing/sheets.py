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
SAFE_EDGE_MM = 5.0


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
    """A sheet template: paper size and a grid of cards with white gutters between them."""

    name: str
    paper_w: float
    paper_h: float
    cols: int = 3
    rows: int = 3
    card_w: float = CARD_W_MM
    card_h: float = CARD_H_MM
    gutter_x: float = 0.0
    """Gap between card columns: a quarter of it is each neighbour's bleed, the middle half stays white."""
    gutter_y: float = 0.0
    """Gap between card rows, split the same way."""
    bleed_x: float = BLEED_MM
    """Bleed beyond the left and right trim edges of the grid."""
    bleed_y: float = BLEED_MM
    """Bleed beyond the top and bottom trim edges of the grid."""
    mark_gap: float = 0.5
    """Distance from a bleed edge to the start of a cut mark."""
    safe_edge: float = SAFE_EDGE_MM
    """No ink this close to the paper edge: most printers cannot reach it."""

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

    @property
    def inner_bleed_x(self) -> float:
        """Bleed into a column gutter: a quarter of it, so half the gutter stays white for the cut ticks."""
        return self.gutter_x / 4

    @property
    def inner_bleed_y(self) -> float:
        return self.gutter_y / 4


# Both papers keep 5 mm free of ink at every edge (SAFE_EDGE_MM) and white
# gutters between all cards, so a card that is cut a little off shows white,
# never its neighbour's colour. A4 is 13 mm wider than three cards and gutters:
# its outer bleed left and right is 1.2 mm. US Letter is 15.4 mm taller than
# three cards: its rows get 2 mm gutters (0.5 mm bleed each side, 1 mm white)
# and 0.5 mm outer bleed at top and bottom.
TEMPLATES = {
    "a4": Template(name="a4", paper_w=210.0, paper_h=297.0, gutter_x=4.0, gutter_y=4.0, bleed_x=1.2, bleed_y=3.0),
    "letter": Template(name="letter", paper_w=215.9, paper_h=279.4, gutter_x=4.0, gutter_y=2.0, bleed_x=1.5, bleed_y=0.5),
}


@dataclass(frozen=True)
class Slot:
    """Where one card (or a part spanning several card places) goes on a page: its trim box and its bleed box."""

    index: int
    """Position on the page in reading order (0 = top-left) as seen from the printed side."""
    col: int
    row: int
    trim: Rect
    bleed: Rect
    span_cols: int = 1
    span_rows: int = 1


@dataclass(frozen=True)
class CutMark:
    """A cut mark: a short line from (x1, y1) to (x2, y2) in page millimetres."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Placement:
    """A card (or a part: chips, a board) placed in a slot of a page side."""

    page: int
    side: str
    """"front" or "back"."""
    code: str
    """The card's code, or the part's id (with part=True)."""
    slot: Slot
    part: bool = False

    @property
    def span_places(self) -> int:
        """How many card places the placement covers (a board may span several)."""
        return self.slot.span_cols * self.slot.span_rows


@dataclass(frozen=True)
class PartSize:
    """A printable part other than a card, measured in card places: id, columns, rows."""

    id: str
    cols: int = 1
    rows: int = 1


def template(paper: str) -> Template:
    """Return the template of a paper name ("a4" or "letter").

    Raises:
        ValueError: for an unknown paper (the CLI restricts choices first).
    """
    try:
        return TEMPLATES[paper.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r}; choose one of {sorted(TEMPLATES)}") from None


def block_slot(tpl: Template, col: int, row: int, cols: int = 1, rows: int = 1) -> Slot:
    """Return the slot of a block of card places (top-left col/row, size cols x rows), gutters inside it included.

    Outer bleed is tpl.bleed_x/bleed_y at the grid's edge, a quarter of the
    gutter elsewhere (neighbours never overlap and half of every gutter stays white).

    >>> s = block_slot(TEMPLATES["a4"], 0, 0)
    >>> (s.trim.x, s.trim.y, s.bleed.x, s.bleed.right)
    (6.5, 12.5, 5.3, 70.5)
    """
    x = tpl.margin_x + col * (tpl.card_w + tpl.gutter_x)
    y = tpl.margin_y + row * (tpl.card_h + tpl.gutter_y)
    w = cols * tpl.card_w + (cols - 1) * tpl.gutter_x
    h = rows * tpl.card_h + (rows - 1) * tpl.gutter_y
    left = tpl.bleed_x if col == 0 else tpl.inner_bleed_x
    right = tpl.bleed_x if col + cols == tpl.cols else tpl.inner_bleed_x
    top = tpl.bleed_y if row == 0 else tpl.inner_bleed_y
    bottom = tpl.bleed_y if row + rows == tpl.rows else tpl.inner_bleed_y
    trim = Rect(round(x, 4), round(y, 4), round(w, 4), round(h, 4))
    bleed = Rect(round(x - left, 4), round(y - top, 4), round(w + left + right, 4), round(h + top + bottom, 4))
    return Slot(index=row * tpl.cols + col, col=col, row=row, trim=trim, bleed=bleed, span_cols=cols, span_rows=rows)


def slots(tpl: Template) -> tuple[Slot, ...]:
    """Return the front-side card slots of a template, in reading order.

    >>> s = slots(TEMPLATES["a4"])[0]
    >>> (s.trim.x, s.trim.y, s.bleed.x)
    (6.5, 12.5, 5.3)
    """
    return tuple(block_slot(tpl, col, row) for row in range(tpl.rows) for col in range(tpl.cols))


def mirror_slot(tpl: Template, slot: Slot) -> Slot:
    """Return the back-side slot that lands behind a front slot after a long-edge duplex flip.

    Flipping the sheet about its long (vertical) edge maps page x to paper_w - x
    and keeps y, so the card's column is mirrored and its row kept.

    >>> tpl = TEMPLATES["a4"]
    >>> mirror_slot(tpl, slots(tpl)[0]).col
    2
    """
    mirrored = tpl.cols - slot.col - slot.span_cols
    trim = Rect(round(tpl.paper_w - slot.trim.right, 4), slot.trim.y, slot.trim.w, slot.trim.h)
    bleed = Rect(round(tpl.paper_w - slot.bleed.right, 4), slot.bleed.y, slot.bleed.w, slot.bleed.h)
    return Slot(
        index=slot.row * tpl.cols + mirrored, col=mirrored, row=slot.row, trim=trim, bleed=bleed,
        span_cols=slot.span_cols, span_rows=slot.span_rows,
    )


def cut_lines(tpl: Template) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Return the page's cut lines: (x of every vertical cut, y of every horizontal cut), in mm."""
    every = slots(tpl)
    xs = sorted({s.trim.x for s in every} | {round(s.trim.right, 4) for s in every})
    ys = sorted({s.trim.y for s in every} | {round(s.trim.bottom, 4) for s in every})
    return tuple(xs), tuple(ys)


def cut_marks(tpl: Template, *, skip: Sequence[Slot] = ()) -> tuple[CutMark, ...]:
    """Return the cut marks of a page: ticks on every cut line, in the white of the gutters and in the margins.

    A margin gets marks only where it has room between the outer bleed and the
    ink-free edge strip (tpl.safe_edge). In every gutter, each cut line that
    crosses it gets a tick over the gutter's white middle, so a cut line shows
    wherever it passes between cards. skip names blocks (parts spanning several
    card places) whose inner gutters are not cut: they get no ticks inside.
    Both sides of a duplex sheet share the marks: the grid is centred on the page.
    """
    xs, ys = cut_lines(tpl)
    top, bottom = tpl.margin_y, tpl.margin_y + tpl.grid_h
    left, right = tpl.margin_x, tpl.margin_x + tpl.grid_w
    edge = tpl.safe_edge + 0.3
    marks = []
    # Margins: from just outside the outer bleed towards the paper edge, stopping short of the safe strip.
    for x in xs:
        marks.append(CutMark(x, top - tpl.bleed_y - tpl.mark_gap, x, edge))
        marks.append(CutMark(x, bottom + tpl.bleed_y + tpl.mark_gap, x, tpl.paper_h - edge))
    for y in ys:
        marks.append(CutMark(left - tpl.bleed_x - tpl.mark_gap, y, edge, y))
        marks.append(CutMark(right + tpl.bleed_x + tpl.mark_gap, y, tpl.paper_w - edge, y))
    marks = [m for m in marks if abs(m.x2 - m.x1) + abs(m.y2 - m.y1) >= 1.5 and _outward(m, tpl)]
    # Gutters: a tick across the white middle of each gutter, on every cut line crossing it.
    for y0, y1 in _gutters(tpl.rows, tpl.margin_y, tpl.card_h, tpl.gutter_y, tpl.inner_bleed_y):
        marks += [CutMark(x, round(y0, 4), x, round(y1, 4)) for x in xs if not _inside_any(x, (y0 + y1) / 2, skip)]
    for x0, x1 in _gutters(tpl.cols, tpl.margin_x, tpl.card_w, tpl.gutter_x, tpl.inner_bleed_x):
        marks += [CutMark(round(x0, 4), y, round(x1, 4), y) for y in ys if not _inside_any((x0 + x1) / 2, y, skip)]
    return tuple(marks)


def _outward(m: CutMark, tpl: Template) -> bool:
    """Whether a margin mark runs from the grid towards the nearer paper edge (it has room to exist)."""
    if m.x1 == m.x2:
        return (m.y2 < m.y1) if m.y2 < tpl.paper_h / 2 else (m.y2 > m.y1)
    return (m.x2 < m.x1) if m.x2 < tpl.paper_w / 2 else (m.x2 > m.x1)


def _gutters(count: int, margin: float, card: float, gutter: float, inner_bleed: float) -> list[tuple[float, float]]:
    """Return the white middle (from, to) of each gutter between `count` cards along one axis; none if cards touch."""
    if gutter <= 0:
        return []
    return [(start, start + gutter - 2 * inner_bleed)
            for start in (margin + (i + 1) * card + i * gutter + inner_bleed for i in range(count - 1))]


def _inside_any(x: float, y: float, blocks: Sequence[Slot]) -> bool:
    return any(b.trim.x < x < b.trim.right and b.trim.y < y < b.trim.bottom for b in blocks)


def pages(
    tpl: Template, codes: Sequence[str], *, parts: Sequence[PartSize] = (), duplex: bool = True
) -> tuple[tuple[Placement, ...], ...]:
    """Return the page sides of a print run: cards, then parts, each sheet's front followed (if duplex) by its mirrored back.

    Cards fill the places in reading order. Each part (chips, a board) then
    takes the first free block of card places big enough for it, first on the
    sheets already begun (so the last card sheet is packed), then on new
    sheets. Each back page puts every back behind its own face.

    >>> [len(p) for p in pages(TEMPLATES["a4"], [str(i) for i in range(10)])]
    [9, 9, 1, 1]
    >>> [[x.code for x in p] for p in pages(TEMPLATES["a4"], ["a"], parts=[PartSize("board", 3, 2)], duplex=False)]
    [['a', 'board']]
    """
    sheets_used: list[list[tuple[str, Slot, bool]]] = []
    taken: list[set[tuple[int, int]]] = []
    for start in range(0, len(codes), tpl.per_page):
        batch = codes[start : start + tpl.per_page]
        sheets_used.append([(code, slot, False) for code, slot in zip(batch, slots(tpl))])
        taken.append({(slot.col, slot.row) for slot in slots(tpl)[: len(batch)]})
    for part in parts:
        if part.cols > tpl.cols or part.rows > tpl.rows:
            raise ValueError(f"part {part.id!r} needs {part.cols} x {part.rows} card places; a sheet has {tpl.cols} x {tpl.rows}")
        for sheet, used in enumerate(taken + [set()]):
            spot = _free_block(tpl, used, part)
            if spot is None:
                continue
            if sheet == len(taken):
                sheets_used.append([])
                taken.append(set())
            col, row = spot
            sheets_used[sheet].append((part.id, block_slot(tpl, col, row, part.cols, part.rows), True))
            taken[sheet] |= {(col + c, row + r) for c in range(part.cols) for r in range(part.rows)}
            break
    out: list[tuple[Placement, ...]] = []
    for items in sheets_used:
        fronts = tuple(Placement(page=len(out), side="front", code=code, slot=slot, part=part) for code, slot, part in items)
        out.append(fronts)
        if duplex:
            out.append(tuple(
                Placement(page=len(out), side="back", code=p.code, slot=mirror_slot(tpl, p.slot), part=p.part) for p in fronts
            ))
    return tuple(out)


def _free_block(tpl: Template, used: set[tuple[int, int]], part: PartSize) -> tuple[int, int] | None:
    """Return the first (col, row), in reading order, where a part's block of places is all free."""
    for row in range(tpl.rows - part.rows + 1):
        for col in range(tpl.cols - part.cols + 1):
            block = {(col + c, row + r) for c in range(part.cols) for r in range(part.rows)}
            if not block & used:
                return col, row
    return None
