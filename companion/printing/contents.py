"""The first sheet of a print: contents, card-count checklist, a 100 mm ruler, and the duplex registration test.

Why: print-and-play files open with a page that says what is in them (which
sheets, how many cards of each kind, what goes on card stock), lets the
printer check "actual size" with a ruler, and tests the duplex registration
before the card stock is spent. Its front carries the contents and the
registration crosses, its back the millimetre scales (pagemarks.py).

What the contents say is computed by sheet_rows/checklist (pure, tested);
draw_contents_page only draws them. Page coordinates: mm from the top-left
corner, y down, converted to PDF points here.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.cards.decks import Deck
from companion.printing import extras, fonts, sheets
from companion.printing.design import kind_design
from companion.printing.fonts import FONT, FONT_BOLD
from companion.printing.pagemarks import REGISTRATION_LEGEND, draw_registration_crosses
from companion.printing.pen import fit_size

INK = Color(0.1, 0.1, 0.1)
GREY = Color(0.4, 0.4, 0.4)
RULER_MM = 100


def kind_name(deck: Deck, kind: str) -> str:
    """Return how the contents page names a card kind: design.kinds.<kind>.name, else the kind itself."""
    return str(kind_design(deck, kind).get("name") or kind)


def sheet_rows(deck: Deck, sides: Sequence[Sequence[sheets.Placement]], first: int) -> list[tuple[str, str, str]]:
    """Return one row per printed sheet: (sheet number, what is on it, paper), numbering from first.

    sides are the card and part pages of sheets.pages (fronts and backs);
    a sheet is its front side.
    """
    rows = []
    parts = {p.size.id: p for p in extras.parts(deck)}
    number = first
    for side in sides:
        if not side or side[0].side != "front":
            continue
        kinds = Counter(kind_name(deck, deck.card(p.code).kind) for p in side if not p.part)
        what = [f"{count} x {name}" for name, count in kinds.items()]
        pieces = Counter(str(parts[p.code].spec.get("name", parts[p.code].spec["id"])) for p in side if p.part)
        what += [f"{name}{f' ({count} pieces)' if count > 1 else ''}" for name, count in pieces.items()]
        rows.append((str(number), ", ".join(what), "card stock"))
        number += 1
    return rows


def checklist(deck: Deck, codes: Sequence[str], with_parts: bool) -> list[tuple[str, int]]:
    """Return the card-count checklist: (what, how many) per card kind, then the cards in all, then each part."""
    kinds = Counter(deck.card(code).kind for code in codes)
    out = [(kind_name(deck, kind), count) for kind, count in kinds.items()]
    out.append(("Cards in all", len(codes)))
    if with_parts:
        for name, count, detail in extras.part_summary(deck):
            out.append((f"{name}: {detail}" if detail else name, count))
    return out


def draw_contents_page(
    canvas: Canvas, tpl: sheets.Template, deck: Deck, heading: str, rows: Sequence[tuple[str, str, str]],
    counts: Sequence[tuple[str, int]], notes: Sequence[str] = (),
) -> None:
    """Draw the first sheet's front: heading, registration legend, sheet list, checklist, ruler and crosses."""
    c = canvas
    W, H = tpl.paper_w, tpl.paper_h
    regular = fonts.font_for(FONT)
    bold = fonts.font_for(FONT_BOLD)

    def text(x, y, s, size, font=regular, colour=INK, align="left", max_w=None):
        if max_w:
            size = fit_size(s, font, size, max_w * mm)
        c.setFont(font, size)
        c.setFillColor(colour)
        draw = {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align]
        draw(x * mm, (H - y) * mm, s)

    draw_registration_crosses(c, tpl)
    left, right = 22.0, W - 22.0
    y = 0.085 * H - 1
    text(W / 2, y, heading, 13, bold, align="centre", max_w=W - 90)
    text(W / 2, y + 5.5, "Print this sheet first, on plain paper.", 8, regular, GREY, align="centre")
    y = 0.085 * H + 18
    for line in REGISTRATION_LEGEND:
        text(left, y, line, 7.2, regular, max_w=right - left)
        y += 3.6
    for line in notes:
        text(left, y, line, 7.2, regular, max_w=right - left)
        y += 3.6
    y += 4
    text(left, y, "Sheets", 10, bold)
    y += 5
    for number, what, paper in rows:
        text(left, y, f"Sheet {number}", 7.5, bold)
        text(left + 17, y, what, 7.5, regular, max_w=right - left - 45)
        text(right, y, paper, 7.5, regular, GREY, align="right")
        y += 3.9
    y += 4
    text(left, y, "Checklist: count what you cut out", 10, bold)
    y += 5
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    for what, count in counts:
        c.rect(left * mm, (H - y - 0.4) * mm, 3 * mm, 3 * mm, stroke=1, fill=0)
        text(left + 12, y + 2.2, str(count), 8, bold, align="right")
        text(left + 15, y + 2.2, what, 8, regular, max_w=right - left - 15)
        y += 4.6
    _ruler(c, tpl, (W - RULER_MM) / 2, 0.915 * H - 26)


def _ruler(c: Canvas, tpl: sheets.Template, x0: float, y0: float) -> None:
    """Draw a 100 mm ruler with millimetre ticks, its top edge at page y0 (mm)."""
    H = tpl.paper_h
    c.saveState()
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    c.setLineWidth(0.2)
    c.line(x0 * mm, (H - y0) * mm, (x0 + RULER_MM) * mm, (H - y0) * mm)
    font = fonts.font_for(FONT)
    c.setFont(font, 6)
    for k in range(RULER_MM + 1):
        length = 5 if k % 10 == 0 else 3.5 if k % 5 == 0 else 2
        c.line((x0 + k) * mm, (H - y0) * mm, (x0 + k) * mm, (H - y0 - length) * mm)
        if k % 10 == 0:
            c.drawCentredString((x0 + k) * mm, (H - y0 - 7.5) * mm, str(k // 10))
    c.setFont(fonts.font_for(FONT_BOLD), 7)
    c.drawCentredString((x0 + RULER_MM / 2) * mm, (H - y0 + 2) * mm, "100 mm (10 cm): measure it. If it is shorter or longer, the printer scaled the page:")
    c.setFont(font, 6.5)
    c.drawCentredString((x0 + RULER_MM / 2) * mm, (H - y0 - 11) * mm, "print at 100 % / actual size (never \"fit to page\"). The cards then measure 63 x 88 mm.")
    c.restoreState()
