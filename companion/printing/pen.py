"""The card pen: a reportlab canvas set up in card millimetres, y down, plus text fitting.

Why: every face, back and mark is drawn in card-local coordinates
(millimetres from the card's top-left trim corner, y downwards, as a person
measures a card). The pen does that transform once, picks a font that can show
each text (DejaVu Sans, embedded: fonts.py),
and fit_size/wrap shrink and break text to its box, so the drawing modules
never deal with PDF points or font coverage.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from companion.printing import fonts, sheets
from companion.printing.design import tint
from companion.printing.fonts import FONT, FONT_BOLD


LOW_INK_TINT = 0.14


def shade(c: Color, amount: float) -> Color:
    """Return the colour mixed with black: amount 1 = the colour, 0 = black."""
    return Color(c.red * amount, c.green * amount, c.blue * amount)


class CardPen:
    """A canvas set up so that (0, 0) is a card's top-left trim corner, units mm, y down."""

    def __init__(
        self, canvas: Canvas, page_h_mm: float, trim: sheets.Rect, font_pair: tuple[str, str] = (FONT, FONT_BOLD),
        *, low_ink: bool = False,
    ):
        self.regular, self.bold = font_pair
        self.low_ink = low_ink
        """Low-ink print: large fills become pale tints and what was white on them takes the fill's colour."""
        self.c = canvas
        self.c.saveState()
        self.c.translate(trim.x * mm, (page_h_mm - trim.y) * mm)
        self.c.scale(mm, -mm)

    def ground(self, col: Color) -> Color:
        """Return the fill for a large area of colour col: col itself, or in low ink a pale tint of it."""
        return tint(col, LOW_INK_TINT) if self.low_ink else col

    def on(self, col: Color) -> Color:
        """Return the colour of text and lines drawn on a ground of col: white, or in low ink col (darkened if pale)."""
        if not self.low_ink:
            return white
        luminance = 0.2126 * col.red + 0.7152 * col.green + 0.0722 * col.blue
        return shade(col, 0.45 / luminance) if luminance > 0.45 else col

    def close(self) -> None:
        self.c.restoreState()

    def font(self, font: str, text: str) -> str:
        """Return the real font for a logical one (FONT/FONT_BOLD: the deck's family) that can show text."""
        base = self.bold if font == FONT_BOLD else self.regular if font == FONT else font
        return fonts.font_for(base, text)

    def fit_size(self, s: str, font: str, size: float, max_w: float) -> float:
        """Return fit_size() in the font this pen would draw s with."""
        return fit_size(s, self.font(font, s), size, max_w)

    def rect(self, x, y, w, h, fill, stroke=None, width=0.3, radius=0.0) -> None:
        self.c.setFillColor(fill) if fill is not None else None
        if stroke is not None:
            self.c.setStrokeColor(stroke)
            self.c.setLineWidth(width)
        if radius:
            self.c.roundRect(x, y, w, h, radius, stroke=int(stroke is not None), fill=int(fill is not None))
        else:
            self.c.rect(x, y, w, h, stroke=int(stroke is not None), fill=int(fill is not None))

    def text(self, x, y, s, size_mm, colour_, font=FONT_BOLD, align="centre", rotate=0.0) -> None:
        """Draw text with its baseline at y (mm, y down); size in mm of em height."""
        self.c.saveState()
        self.c.translate(x, y)
        if rotate:
            self.c.rotate(rotate)
        self.c.scale(1, -1)
        self.c.setFillColor(colour_)
        self.c.setFont(self.font(font, s), size_mm)
        if align == "centre":
            self.c.drawCentredString(0, 0, s)
        elif align == "right":
            self.c.drawRightString(0, 0, s)
        else:
            self.c.drawString(0, 0, s)
        self.c.restoreState()


def fit_size(s: str, font: str, size: float, max_w: float) -> float:
    """Return the largest font size <= size at which s fits in max_w (same units)."""
    width = stringWidth(s, font, size)
    return size if width <= max_w else size * max_w / width


def wrap(s: str, font: str, size: float, max_w: float) -> list[str]:
    """Return s broken into lines no wider than max_w at this font size."""
    lines, current = [], ""
    for word in s.split():
        trial = f"{current} {word}".strip()
        if stringWidth(trial, font, size) <= max_w or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def clip(pen: CardPen, x: float, y: float, w: float, h: float) -> None:
    """Clip all further drawing of this pen to a rectangle (a card's bleed box)."""
    p = pen.c.beginPath()
    p.rect(x, y, w, h)
    pen.c.clipPath(p, stroke=0, fill=0)
