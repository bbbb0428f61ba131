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


def print_preferences(canvas: Canvas) -> None:
    """Ask PDF viewers to print at 100 % (no "fit to page") and duplex flipped on the long edge."""
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")


def draw_cut_marks(canvas: Canvas, tpl: sheets.Template, *, skip=()) -> None:
    """Draw the template's cut marks as thin black lines (none inside the blocks in skip)."""
    canvas.saveState()
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.3)
    for m in sheets.cut_marks(tpl, skip=skip):
        canvas.line(m.x1 * mm, (tpl.paper_h - m.y1) * mm, m.x2 * mm, (tpl.paper_h - m.y2) * mm)
    canvas.restoreState()


FOOTER_PT = 5.0


def footer(canvas: Canvas, tpl: sheets.Template, text: str) -> None:
    """Write a small page label beside the first card, in the margin, clear of the ink-free edge strip.

    Below the first card where the bottom margin has room (A4), else turned
    to run up the left margin beside it (US Letter, whose bottom margin is
    only 5.7 mm).
    """
    first = sheets.slots(tpl)[0].trim
    font = fonts.font_for(FONT, text)
    cap = FOOTER_PT * 0.73 / mm  # cap height in mm
    canvas.saveState()
    canvas.setFillColorRGB(0.35, 0.35, 0.35)
    below = tpl.margin_y - tpl.bleed_y - tpl.safe_edge
    if below >= cap + 1.2:
        size = fit_size(text, font, FOOTER_PT, (first.w - 4) * mm)
        canvas.setFont(font, size)
        canvas.drawCentredString((first.x + first.w / 2) * mm, (tpl.safe_edge + 0.8) * mm, text)
    else:
        size = fit_size(text, font, FOOTER_PT, (first.h - 4) * mm)
        canvas.setFont(font, size)
        baseline = tpl.margin_x - tpl.bleed_x - 0.5
        canvas.translate(baseline * mm, (tpl.paper_h - first.y - first.h / 2) * mm)
        canvas.rotate(90)
        canvas.drawCentredString(0, 0, text)
    canvas.restoreState()


# Where the registration crosses sit on the first sheet, as fractions of the paper:
# near the four corners, clear of the contents in the middle of the page.
REGISTRATION_POINTS = ((0.15, 0.085), (0.85, 0.085), (0.15, 0.915), (0.85, 0.915))
SCALE_MM = 10
LABEL_PT = 5.0


def registration_points(tpl: sheets.Template) -> tuple[tuple[float, float], ...]:
    """Return the page positions (mm, top-left origin) of the registration crosses on the front."""
    return tuple((round(fx * tpl.paper_w, 3), round(fy * tpl.paper_h, 3)) for fx, fy in REGISTRATION_POINTS)


REGISTRATION_LEGEND = (
    "Duplex registration: hold this sheet to the light. Each cross on this side falls on the millimetre",
    "scales printed on the back. Read x on the horizontal scale, y on the vertical one:",
    "+x = the back lands to the right, +y = the back lands lower (as seen from this side).",
    "Up to 0.5 mm is fine. More: set the printer's duplex offset by the reading, or print fronts and backs separately.",
)


def scale_labels() -> tuple[tuple[str, str, float, float], ...]:
    """Return the labels of one registration scale: (text, axis, x, baseline y), mm from the scale centre, y up.

    The scale is printed on the back and read from the front through the sheet.
    Seen from the front, a back tick k mm right of the centre (on the back page)
    shows k mm left of it; when the back lands d mm to the right the tick k = d
    sits on the cross, so tick k is labelled +k. Vertical ticks k mm up show k
    mm up; a back that lands d mm lower brings tick k = d onto the cross, so it
    is labelled +k too. Horizontal labels sit 8 mm below the scale, vertical
    ones 3.8 mm right of it: no label box meets another or a tick.
    """
    out = []
    for k in (-10, -5, 5, 10):
        out.append((f"{k:+d}", "x", float(k), -8.0))
        out.append((f"{k:+d}", "y", 3.8, k - 0.6))
    return tuple(out)


def draw_registration_crosses(canvas: Canvas, tpl: sheets.Template) -> None:
    """Draw the front side of the duplex registration test: a thin cross with a small circle at each point."""
    c = canvas
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.25)
    for x, y in registration_points(tpl):
        px, py = x * mm, (tpl.paper_h - y) * mm
        c.line(px - 12 * mm, py, px + 12 * mm, py)
        c.line(px, py - 12 * mm, px, py + 12 * mm)
        c.circle(px, py, 2 * mm, stroke=1, fill=0)
    c.restoreState()


def draw_registration_scales(canvas: Canvas, tpl: sheets.Template) -> None:
    """Draw the back side of the duplex registration test: millimetre scales behind the front's crosses.

    Held to the light, each front cross shows on its scale how far the printer
    shifts the back page; the labels read with the sign the front's legend states.
    """
    c = canvas
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)
    font = fonts.font_for(FONT, "+-0123456789")
    title_font = fonts.font_for(FONT_BOLD, "Duplex")
    c.setFont(title_font, 10)
    c.drawCentredString(tpl.paper_w / 2 * mm, (tpl.paper_h / 2) * mm, "Duplex registration test: back (scales)")
    c.setFont(font, 7)
    c.drawCentredString(tpl.paper_w / 2 * mm, (tpl.paper_h / 2 - 5) * mm, "Read from the front side, held to the light.")
    for x, y in registration_points(tpl):
        px, py = (tpl.paper_w - x) * mm, (tpl.paper_h - y) * mm
        c.setLineWidth(0.15)
        c.line(px - SCALE_MM * mm, py, px + SCALE_MM * mm, py)
        c.line(px, py - SCALE_MM * mm, px, py + SCALE_MM * mm)
        for k in range(-SCALE_MM, SCALE_MM + 1):
            length = 3 if k % 5 == 0 else 1.5
            c.line(px + k * mm, py - length * mm, px + k * mm, py + length * mm)
            c.line(px - length * mm, py + k * mm, px + length * mm, py + k * mm)
        c.setFont(font, LABEL_PT)
        for text, axis, lx, ly in scale_labels():
            if axis == "x":
                c.drawCentredString(px + lx * mm, py + ly * mm, text)
            else:
                c.drawString(px + lx * mm, py + ly * mm, text)
    c.restoreState()
