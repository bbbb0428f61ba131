"""What a sheet carries besides cards: cut marks, the page footer, and the duplex registration test page.

Why: these are drawn in page millimetres from sheets.py's layout, not in card
coordinates, and they are the same for every game. The registration page lets
a player measure how far the printer shifts the back page before printing a
whole deck.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.printing import fonts, sheets
from companion.printing.fonts import FONT, FONT_BOLD
from companion.printing.pen import fit_size


def draw_cut_marks(canvas: Canvas, tpl: sheets.Template) -> None:
    """Draw the template's cut marks as thin black lines."""
    canvas.saveState()
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.25)
    for m in sheets.cut_marks(tpl):
        canvas.line(m.x1 * mm, (tpl.paper_h - m.y1) * mm, m.x2 * mm, (tpl.paper_h - m.y2) * mm)
    canvas.restoreState()


def footer(canvas: Canvas, tpl: sheets.Template, text: str) -> None:
    """Write a small page label in the bottom margin, between the first column's cut marks."""
    if tpl.margin_y < 6:
        return
    first = sheets.slots(tpl)[0].trim
    font = fonts.font_for(FONT, text)
    canvas.setFillColorRGB(0.35, 0.35, 0.35)
    size = fit_size(text, font, 5.5, (first.w - 4) * mm)
    canvas.setFont(font, size)
    canvas.drawCentredString((first.x + first.w / 2) * mm, (tpl.margin_y / 2 - 1) * mm, text)


REGISTRATION_POINTS = ((0.5, 0.5), (0.2, 0.15), (0.8, 0.15), (0.2, 0.85), (0.8, 0.85))


def registration_points(tpl: sheets.Template) -> tuple[tuple[float, float], ...]:
    """Return the page positions (mm, top-left origin) of the registration crosses on the front."""
    return tuple((round(fx * tpl.paper_w, 3), round(fy * tpl.paper_h, 3)) for fx, fy in REGISTRATION_POINTS)


def draw_registration_page(canvas: Canvas, tpl: sheets.Template, *, back: bool) -> None:
    """Draw one side of the duplex registration test sheet.

    Front: thin crosses. Back: millimetre scales at the mirrored positions. Held
    to the light, each cross shows on the back's scales how far the printer
    shifts the back page (read x on the horizontal scale, y on the vertical).
    """
    c = canvas
    c.setFont(FONT_BOLD, 12)
    title = "Duplex registration test - " + ("BACK (scales)" if back else "FRONT (crosses)")
    c.drawCentredString(tpl.paper_w / 2 * mm, (tpl.paper_h - 40) * mm, title)
    c.setFont(FONT, 8)
    lines = [
        "Print this sheet with the deck settings: 100% / actual size, duplex, flip on long edge.",
        "Hold it to the light. Each front cross falls on the back's scales: read the offset in mm",
        "(+x = the back lands to the right of the front as seen from the front).",
        "Up to 0.5 mm is fine; more: set your printer's duplex offset, or print backs separately.",
    ]
    if not back:
        for i, line in enumerate(lines):
            c.drawCentredString(tpl.paper_w / 2 * mm, (tpl.paper_h - 48 - 4 * i) * mm, line)
    c.setLineWidth(0.2)
    for x, y in registration_points(tpl):
        if back:
            x = tpl.paper_w - x
        px, py = x * mm, (tpl.paper_h - y) * mm
        if not back:
            c.setLineWidth(0.25)
            c.line(px - 12 * mm, py, px + 12 * mm, py)
            c.line(px, py - 12 * mm, px, py + 12 * mm)
            c.circle(px, py, 2 * mm, stroke=1, fill=0)
            continue
        c.setLineWidth(0.15)
        c.line(px - 10 * mm, py, px + 10 * mm, py)
        c.line(px, py - 10 * mm, px, py + 10 * mm)
        for k in range(-10, 11):
            length = 3 if k % 5 == 0 else 1.5
            # Seen from the front, back x runs the other way: label so +x reads to the front's right.
            c.line(px + k * mm, py - length * mm, px + k * mm, py + length * mm)
            c.line(px - length * mm, py + k * mm, px + length * mm, py + k * mm)
            if k % 5 == 0 and k:
                c.setFont(FONT, 5)
                c.drawCentredString(px + k * mm, py - 6 * mm, f"{-k:+d}")
                c.drawString(px + 4 * mm, py + k * mm - 0.7 * mm, f"{-k:+d}")
