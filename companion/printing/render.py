"""Draw cards, sheets and table plates with reportlab as vector PDF; rasterise single cards to images.

Why: the printed card is the camera's target and the players' deck. Everything
is drawn as vector paths (suit and shape symbols, QR modules, ArUco cells), so
no font glyph can go missing and every edge is sharp at any printer resolution.
Text uses the PDF base-14 Helvetica, which every PDF viewer has, or DejaVu Sans
where a deck asks for it or a text has letters Helvetica lacks (fonts.py).

Card designs are data: the deck file's "design" section names, per card kind,
a face style (suit_shape, big_label, text, number_icons, corner_text; anything
else falls back to the card's title/label text) and a back style (number,
text, plain). Texts and colour names in the design are format strings over the
card's attributes ("{colour}", "{title[ru]}"), so one kind can print each card
in its own colour. Adding a game needs a deck file, not a renderer change. This module only draws what sheets.py lays
out; it decides no positions of cards on pages.

Card-local coordinates are millimetres from the card's top-left trim corner,
y downwards.
"""

from __future__ import annotations

import io
import string
from typing import Any, Callable, Mapping, Sequence

import numpy as np
import segno
from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from companion.cards.decks import CardSpec, Deck, load_deck
from companion.cards.payloads import PrintDeck
from companion.errors import CompanionError
from companion.printing import fonts, icons, sheets
from companion.printing.fonts import FONT, FONT_BOLD

DEFAULT_COLOURS = {"ink": "#1a1a1a", "back": "#14325c", "accent": "#5b2a86"}
DEFAULT_MARK = {"micro": True, "error": "M", "size_mm": 30, "inset_mm": 3.5, "count": 2}


# ---------------------------------------------------------------- design data


def design(deck: Deck) -> Mapping[str, Any]:
    """Return the deck's design section (empty when the deck file has none)."""
    return deck.data.get("design", {}) or {}


def kind_design(deck: Deck, kind: str) -> Mapping[str, Any]:
    """Return the design of one card kind (empty: fallback face, plain back)."""
    return design(deck).get("kinds", {}).get(kind, {}) or {}


def colour(deck: Deck, name: str, attrs: Mapping[str, Any] | None = None) -> Color:
    """Return a named colour of the deck's design (or a hex string as given).

    With attrs, the name is first filled as a format string ("{colour}" -> "blue"),
    so a kind's colour can follow each card. An unknown name gives the ink colour.
    """
    if attrs is not None and isinstance(name, str) and "{" in name:
        name = fill_text(name, attrs)
    if isinstance(name, str) and name.startswith("#"):
        return HexColor(name)
    table = {**DEFAULT_COLOURS, **design(deck).get("colours", {})}
    return HexColor(table.get(name, table["ink"]))


def card_design(deck: Deck, card: CardSpec) -> Mapping[str, Any]:
    """Return the design of one card: its kind's, merged with the first matching variant.

    A kind's "variants" is a list of {"if": attribute, ...overrides}; a variant
    matches a card whose attribute is present and not null/false (Grow's gold
    cards: "times" draws a multiplier differently from "plus").
    """
    kd = kind_design(deck, card.kind)
    for variant in kd.get("variants", ()) or ():
        if card.attrs.get(variant.get("if", "")) not in (None, False, "", 0):
            return {**kd, **{k: v for k, v in variant.items() if k != "if"}}
    return kd


def mark_spec(deck: Deck, card: CardSpec) -> Mapping[str, Any]:
    """Return the QR mark settings for a card: the deck's, overridden per kind."""
    return {**DEFAULT_MARK, **design(deck).get("mark", {}), **kind_design(deck, card.kind).get("mark", {})}


def deck_fonts(deck: Deck) -> tuple[str, str]:
    """Return the (regular, bold) fonts of a deck's design ("font": helvetica | dejavu)."""
    return fonts.family(design(deck).get("font"))


def card_attrs(deck: Deck, card: CardSpec) -> dict[str, Any]:
    """Return the card's attributes plus its design-only extras (code, kind, card_attrs)."""
    extra = design(deck).get("card_attrs", {}).get(card.code, {})
    return {"code": card.code, "kind": card.kind, **card.attrs, **extra}


class _DesignFormatter(string.Formatter):
    """str.format with two additions for design texts: "!u" upper-cases, and a list prints as its items joined by spaces."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "u":
            return self.format_field(value, "").upper()
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, (list, tuple)):
            return " ".join(str(v) for v in value)
        return super().format_field(value, format_spec)


_FORMATTER = _DesignFormatter()


def fill_text(template: str, attrs: Mapping[str, Any]) -> str:
    """Return a design text template filled from card attributes ("" for a missing one).

    >>> fill_text("{title[en]!u} {lines}", {"title": {"en": "Wild"}, "lines": ["a", "b"]})
    'WILD a b'
    """
    try:
        return _FORMATTER.vformat(str(template), (), attrs)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return ""


def qr_matrix(payload: str, spec: Mapping[str, Any]) -> np.ndarray:
    """Return the QR (or Micro QR) module matrix of a payload: 1 = dark, without quiet zone."""
    symbol = segno.make(
        payload, micro=bool(spec.get("micro", True)), error=str(spec.get("error", "M")).lower(), boost_error=False
    )
    return np.array([list(row) for row in symbol.matrix], dtype=np.uint8)


# ---------------------------------------------------------------- drawing helpers


class CardPen:
    """A canvas set up so that (0, 0) is a card's top-left trim corner, units mm, y down."""

    def __init__(self, canvas: Canvas, page_h_mm: float, trim: sheets.Rect, font_pair: tuple[str, str] = (FONT, FONT_BOLD)):
        self.regular, self.bold = font_pair
        self.c = canvas
        self.c.saveState()
        self.c.translate(trim.x * mm, (page_h_mm - trim.y) * mm)
        self.c.scale(mm, -mm)

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


def _heart(part, s):
    p = part()
    p.moveTo(0, 0.47 * s)
    p.curveTo(-0.2 * s, 0.3 * s, -0.5 * s, 0.05 * s, -0.5 * s, -0.2 * s)
    p.curveTo(-0.5 * s, -0.42 * s, -0.3 * s, -0.5 * s, -0.22 * s, -0.5 * s)
    p.curveTo(-0.1 * s, -0.5 * s, -0.02 * s, -0.42 * s, 0, -0.32 * s)
    p.curveTo(0.02 * s, -0.42 * s, 0.1 * s, -0.5 * s, 0.22 * s, -0.5 * s)
    p.curveTo(0.3 * s, -0.5 * s, 0.5 * s, -0.42 * s, 0.5 * s, -0.2 * s)
    p.curveTo(0.5 * s, 0.05 * s, 0.2 * s, 0.3 * s, 0, 0.47 * s)
    p.close()


def _spade(part, s):
    p = part()
    # An upside-down heart (point up) on a flared stem.
    p.moveTo(0, -0.5 * s)
    p.curveTo(-0.2 * s, -0.3 * s, -0.47 * s, -0.1 * s, -0.47 * s, 0.12 * s)
    p.curveTo(-0.47 * s, 0.3 * s, -0.3 * s, 0.36 * s, -0.2 * s, 0.36 * s)
    p.curveTo(-0.1 * s, 0.36 * s, -0.04 * s, 0.3 * s, -0.02 * s, 0.24 * s)
    p.curveTo(-0.04 * s, 0.38 * s, -0.1 * s, 0.46 * s, -0.18 * s, 0.5 * s)
    p.lineTo(0.18 * s, 0.5 * s)
    p.curveTo(0.1 * s, 0.46 * s, 0.04 * s, 0.38 * s, 0.02 * s, 0.24 * s)
    p.curveTo(0.04 * s, 0.3 * s, 0.1 * s, 0.36 * s, 0.2 * s, 0.36 * s)
    p.curveTo(0.3 * s, 0.36 * s, 0.47 * s, 0.3 * s, 0.47 * s, 0.12 * s)
    p.curveTo(0.47 * s, -0.1 * s, 0.2 * s, -0.3 * s, 0, -0.5 * s)
    p.close()


def _club(part, s):
    r = 0.2 * s
    for cx, cy in ((0, -0.27 * s), (-0.25 * s, 0.06 * s), (0.25 * s, 0.06 * s)):
        part().circle(cx, cy, r)
    part().circle(0, -0.02 * s, 0.12 * s)
    p = part()
    p.moveTo(-0.05 * s, 0.0)
    p.curveTo(-0.04 * s, 0.25 * s, -0.1 * s, 0.42 * s, -0.18 * s, 0.5 * s)
    p.lineTo(0.18 * s, 0.5 * s)
    p.curveTo(0.1 * s, 0.42 * s, 0.04 * s, 0.25 * s, 0.05 * s, 0.0)
    p.close()


def _diamond(part, s):
    p = part()
    p.moveTo(0, -0.5 * s)
    p.curveTo(0.12 * s, -0.3 * s, 0.25 * s, -0.12 * s, 0.38 * s, 0)
    p.curveTo(0.25 * s, 0.12 * s, 0.12 * s, 0.3 * s, 0, 0.5 * s)
    p.curveTo(-0.12 * s, 0.3 * s, -0.25 * s, 0.12 * s, -0.38 * s, 0)
    p.curveTo(-0.25 * s, -0.12 * s, -0.12 * s, -0.3 * s, 0, -0.5 * s)
    p.close()


SUITS: dict[str, Callable] = {"heart": _heart, "spade": _spade, "club": _club, "diamond": _diamond}


def _shape_path(p, shape: str, s: float) -> bool:
    if shape == "circle":
        p.circle(0, 0, 0.48 * s)
    elif shape == "oval":
        p.ellipse(-0.5 * s, -0.31 * s, 1.0 * s, 0.62 * s)
    elif shape == "square":
        p.rect(-0.42 * s, -0.42 * s, 0.84 * s, 0.84 * s)
    elif shape == "x":
        # Two thick diagonal bars as one outline (a 12-point cross).
        a, b = 0.5 * s, 0.13 * s
        pts = [(-a, -a + b * 1.4), (-a + b * 1.4, -a), (0, -b * 1.4), (a - b * 1.4, -a), (a, -a + b * 1.4),
               (b * 1.4, 0), (a, a - b * 1.4), (a - b * 1.4, a), (0, b * 1.4), (-a + b * 1.4, a),
               (-a, a - b * 1.4), (-b * 1.4, 0)]
        p.moveTo(*pts[0])
        for pt in pts[1:]:
            p.lineTo(*pt)
        p.close()
    else:
        return False
    return True


def tint(c: Color, amount: float) -> Color:
    """Return the colour mixed with white: amount 0 = white, 1 = the colour."""
    return Color(1 - (1 - c.red) * amount, 1 - (1 - c.green) * amount, 1 - (1 - c.blue) * amount)


def draw_emblem(pen: CardPen, cx: float, cy: float, size: float, suit: str, shape: str, col: Color, rotate180=False):
    """Draw the suit symbol backed by its shape, centred at (cx, cy), size mm across."""
    c = pen.c
    c.saveState()
    c.translate(cx, cy)
    if rotate180:
        c.rotate(180)
    p = c.beginPath()
    if _shape_path(p, shape, size):
        c.setFillColor(tint(col, 0.22))
        c.setStrokeColor(tint(col, 0.75))
        c.setLineWidth(0.5)
        c.drawPath(p, stroke=1, fill=1)
    draw_symbol = SUITS.get(suit)
    if draw_symbol:
        # Each sub-shape is its own path (no winding-rule holes); a white halo first, then the fills.
        parts = []

        def new_part():
            parts.append(c.beginPath())
            return parts[-1]

        draw_symbol(new_part, size * 0.52)
        c.setStrokeColor(white)
        c.setLineWidth(1.2)
        c.setLineJoin(1)
        for part in parts:
            c.drawPath(part, stroke=1, fill=0)
        c.setFillColor(col)
        for part in parts:
            c.drawPath(part, stroke=0, fill=1)
    c.restoreState()


# ---------------------------------------------------------------- faces


def draw_marks(pen: CardPen, deck: Deck, card: CardSpec, payload: str, w: float, h: float, *, plate: Color | None = None):
    """Draw the card's QR mark(s): top-left, and (count 2) bottom-right turned 180 degrees.

    With a coloured card, a white plate gives each mark its quiet zone.
    """
    spec = mark_spec(deck, card)
    count = int(spec.get("count", 2))
    if count <= 0:
        return
    matrix = qr_matrix(payload, spec)
    size = float(spec["size_mm"])
    inset = float(spec["inset_mm"])
    quiet = 2 * size / matrix.shape[0]
    ink = colour(deck, "ink")
    spots = [(inset, inset, False), (w - inset - size, h - inset - size, True)]
    if count == 1:
        spots = [spots[1]]
    for x, y, flip in spots:
        if plate is not None:
            pen.rect(x - quiet, y - quiet, size + 2 * quiet, size + 2 * quiet, fill=white, radius=1.5)
        draw_qr(pen, matrix, x, y, size, ink, rotate180=flip)


def mark_zones(deck: Deck, card: CardSpec, w: float, h: float) -> tuple[sheets.Rect, sheets.Rect]:
    """Return the card's free areas around two corner marks: the index box right of the top-left mark, and the middle band.

    The index box's twin (turned 180 degrees) sits left of the bottom-right
    mark. Both keep clear of the marks' quiet zones (two modules of an M3 mark).
    """
    spec = mark_spec(deck, card)
    size, inset = float(spec["size_mm"]), float(spec["inset_mm"])
    quiet = 2 * size / 15
    x0 = inset + size + quiet
    index = sheets.Rect(x0, inset, w - 3.0 - x0, size)
    band_top, band_bottom = inset + size + quiet, h - inset - size - quiet
    return index, sheets.Rect(3.0, band_top, w - 6.0, band_bottom - band_top)


def face_suit_shape(pen: CardPen, deck: Deck, card: CardSpec, attrs: Mapping[str, Any], payload: str, w: float, h: float, bleed: float):
    """A playing card: marks in two corners, the emblem in the other two, names across the middle."""
    index, band = mark_zones(deck, card, w, h)
    suit, shape = str(attrs.get("suit", "")), str(attrs.get("shape", ""))
    col = colour(deck, suit)
    pen.rect(1.8, 1.8, w - 3.6, h - 3.6, fill=None, stroke=tint(col, 0.45), width=0.35, radius=3)
    emblem = min(index.w, index.h)
    cx, cy = index.x + index.w / 2, index.y + index.h / 2
    draw_emblem(pen, cx, cy, emblem, suit, shape, col)
    draw_emblem(pen, w - cx, h - cy, emblem, suit, shape, col, rotate180=True)
    mid = band.y + band.h / 2
    label = f"{suit.upper()}  ·  {shape.upper()}"
    fs = pen.fit_size(label, FONT_BOLD, 5.2, w - 10)
    pen.text(w / 2, mid + fs * 0.35, label, fs, col)
    draw_marks(pen, deck, card, payload, w, h)


def _full_colour(pen: CardPen, col: Color, w: float, h: float, bleed: float) -> None:
    """Fill the card to its bleed with col and draw the thin white inner frame."""
    pen.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=col)
    pen.rect(2.2, 2.2, w - 4.4, h - 4.4, fill=None, stroke=white, width=0.5, radius=3)


def face_big_label(pen: CardPen, deck: Deck, card: CardSpec, attrs: Mapping[str, Any], payload: str, w: float, h: float, bleed: float):
    """A full-colour card (BUX timer, match numbers, cat-auction bank cards): a big label by each mark, title across the middle."""
    kd = card_design(deck, card)
    col = colour(deck, kd.get("colour", "accent"), attrs)
    _full_colour(pen, col, w, h, bleed)
    index, band = mark_zones(deck, card, w, h)
    label = fill_text(kd.get("text", "{label}"), attrs)
    cx = index.x + index.w / 2
    big = pen.fit_size(label, FONT_BOLD, 26, index.w - 4)
    pen.text(cx, index.y + index.h / 2 + big * 0.36, label, big, white)
    pen.text(w - cx, h - index.y - index.h / 2 - big * 0.36, label, big, white, rotate=180)
    mid = band.y + band.h / 2
    title = fill_text(kd.get("title", deck.title), attrs)
    subtitle = fill_text(kd.get("subtitle", ""), attrs)
    middle = " ".join(x for x in (title, label) if x)
    fs = pen.fit_size(middle, FONT_BOLD, 9, w - 8)
    if subtitle:
        pen.text(w / 2, mid + fs * 0.15, middle, fs, white)
        pen.text(w / 2, mid + fs * 0.15 + 4.2, subtitle, pen.fit_size(subtitle, FONT_BOLD, 3.0, w - 8), white)
    else:
        pen.text(w / 2, mid + fs * 0.36, middle, fs, white)
    draw_marks(pen, deck, card, payload, w, h, plate=white)


def icon_style(deck: Deck, card: CardSpec, name: str) -> icons.IconStyle:
    """Return how a named icon looks, from the design's "icons" table.

    Raises:
        CompanionError: if a card names an icon the design does not define.
    """
    spec = design(deck).get("icons", {}).get(name)
    if not spec:
        raise CompanionError(f"deck {deck.game!r}: card {card.code!r} shows icon {name!r}, which design.icons does not define")
    glyph = spec.get("glyph")
    return icons.IconStyle(
        shape=str(spec.get("shape", "triangle")),
        fill=colour(deck, spec.get("fill", "accent")),
        outline=colour(deck, spec.get("outline", "ink")),
        glyph=colour(deck, glyph) if glyph else None,
    )


def index_layout(index: sheets.Rect, count: int) -> tuple[float, float, list[tuple[float, float]]]:
    """Return where a numbered index goes in its box: (number baseline, number size, icon centres), icon size = ICON_MM.

    Pure layout, shared by the drawing and the tests that look for the icons.
    """
    icon = ICON_MM if count else 0.0
    room = index.h - (icon + 1.5 if count else 0.0)
    size = min(room * 0.95, 16.0)
    baseline = index.y + (room + size * 0.72) / 2
    per_row = max(1, int((index.w + 1.0) // (ICON_MM + 1.0)))
    centres = []
    for k in range(count):
        row, col = divmod(k, per_row)
        in_row = min(per_row, count - row * per_row)
        x = index.x + index.w / 2 + (col - (in_row - 1) / 2) * (ICON_MM + 1.0)
        y = index.y + index.h - icon / 2 - row * (ICON_MM + 1.0)
        centres.append((x, y))
    return baseline, size, centres


ICON_MM = 9.0


def _draw_index(pen: CardPen, index: sheets.Rect, number: str, styles: Sequence[icons.IconStyle], col: Color, disc: bool) -> None:
    baseline, size, centres = index_layout(index, len(styles))
    cx = index.x + index.w / 2
    if disc:
        # A multiplier: the number inverted in a white disc, unlike a plain number.
        r = min(index.w, baseline - index.y + 1.5) / 2
        cy = baseline - size * 0.36
        pen.c.setFillColor(white)
        pen.c.circle(cx, cy, r, stroke=0, fill=1)
        fs = pen.fit_size(number, FONT_BOLD, size * 0.8, r * 1.6)
        pen.text(cx, cy + fs * 0.36, number, fs, col)
    else:
        fs = pen.fit_size(number, FONT_BOLD, size, index.w - 1)
        pen.text(cx, baseline - (size - fs) * 0.36, number, fs, white)
    for (x, y), style in zip(centres, styles):
        icons.draw_icon(pen.c, x, y, ICON_MM, style)


def _mirrored(pen: CardPen, w: float, h: float, draw: Callable[[], None]) -> None:
    """Call draw twice: as is, and turned 180 degrees about the card's centre."""
    draw()
    pen.c.saveState()
    pen.c.translate(w, h)
    pen.c.rotate(180)
    draw()
    pen.c.restoreState()


def face_number_icons(pen: CardPen, deck: Deck, card: CardSpec, attrs: Mapping[str, Any], payload: str, w: float, h: float, bleed: float):
    """A full-colour numbered card with icons and an optional action (Grow Your Assets).

    Reads the card's face mapping (kind key "source", default "face"): number,
    icons (names defined in design.icons), text (the action), title. The index
    (number over its icons) stands by each mark, the second turned 180 degrees,
    so a half-covered card still shows its number and warnings. The middle band
    holds the action text on white, or the title and subtitle when there is none.
    Kind keys: colour, number ("disc": inverted in a white disc), title, subtitle.
    """
    kd = card_design(deck, card)
    face = attrs.get(kd.get("source", "face"))
    values = {**attrs, **(face if isinstance(face, Mapping) else {})}
    col = colour(deck, kd.get("colour", "accent"), values)
    number = str(values.get("number", ""))
    styles = [icon_style(deck, card, str(name)) for name in values.get("icons", []) or []]
    _full_colour(pen, col, w, h, bleed)
    index, band = mark_zones(deck, card, w, h)
    _mirrored(pen, w, h, lambda: _draw_index(pen, index, number, styles, col, kd.get("number_style") == "disc"))
    text = str(values.get("text", "") or "")
    if text:
        box = sheets.Rect(band.x + 0.5, band.y + 0.6, band.w - 1.0, band.h - 1.2)
        pen.rect(box.x, box.y, box.w, box.h, fill=white, radius=1.5)
        _text_in_box(pen, [text], box, colour(deck, "ink"), max_size=3.0)
    else:
        title = fill_text(kd.get("title", "{title}"), values).upper()
        subtitle = fill_text(kd.get("subtitle", ""), values)
        middle = " ".join(x for x in (title, number) if x)
        fs = pen.fit_size(middle, FONT_BOLD, 8, band.w - 2)
        mid = band.y + band.h / 2
        pen.text(w / 2, mid + (fs * 0.15 if subtitle else fs * 0.36), middle, fs, white)
        if subtitle:
            pen.text(w / 2, mid + fs * 0.15 + 4.0, subtitle, pen.fit_size(subtitle, FONT_BOLD, 3.0, band.w - 2), white)
    draw_marks(pen, deck, card, payload, w, h, plate=white)


def _text_in_box(pen: CardPen, paragraphs: Sequence[str], box: sheets.Rect, ink: Color, *, max_size: float, min_size: float = 1.7, bold_first: bool = False, rule: Color | None = None) -> float:
    """Draw paragraphs centred in a box, at the largest size (<= max_size) that fits; return that size."""
    joined = " ".join(paragraphs)
    regular, bold = pen.font(FONT, joined), pen.font(FONT_BOLD, joined)
    gap = 0.45
    size = max_size
    while True:
        blocks = [wrap(p, bold if bold_first and i == 0 else regular, size, box.w - 2.0) for i, p in enumerate(paragraphs)]
        lines = sum(len(b) for b in blocks)
        height = lines * size * 1.15 + (len(blocks) - 1) * size * gap
        if height <= box.h - 1.0 or size <= min_size:
            break
        size = round(size - 0.05, 3)
    y = box.y + (box.h - height) / 2 + size * 0.8
    for i, block in enumerate(blocks):
        if i and rule is not None:
            ry = y - size * 0.8 - size * gap / 2 - size * 0.075
            pen.c.setStrokeColor(rule)
            pen.c.setLineWidth(0.2)
            pen.c.line(box.x + box.w * 0.3, ry, box.x + box.w * 0.7, ry)
        for part in block:
            pen.text(box.x + box.w / 2, y, part, size, ink, font=bold if bold_first and i == 0 else regular)
            y += size * 1.15
        y += size * gap
    return size


def face_corner_text(pen: CardPen, deck: Deck, card: CardSpec, attrs: Mapping[str, Any], payload: str, w: float, h: float, bleed: float):
    """A card of words played on the table (cat-auction prizes, match actions): names by a mark, effect across the middle.

    Kind keys: "corner" (format strings: the first bold and large, the rest
    smaller), "lines" (format strings for the middle band, one paragraph
    each), "lower" (format strings for the box left of the bottom mark, drawn
    upright; without it that box repeats the corner turned 180 degrees),
    "colour", and "fill" (true: full colour with white text; else white with a
    coloured frame and coloured names).
    """
    kd = card_design(deck, card)
    col = colour(deck, kd.get("colour", "accent"), attrs)
    filled = bool(kd.get("fill"))
    ink = white if filled else colour(deck, "ink")
    if filled:
        _full_colour(pen, col, w, h, bleed)
    else:
        pen.rect(1.8, 1.8, w - 3.6, h - 3.6, fill=None, stroke=col, width=0.8, radius=3)
    index, band = mark_zones(deck, card, w, h)
    corner = [t for t in (fill_text(x, attrs) for x in kd.get("corner", ["{title}"])) if t]
    lines = [t for t in (fill_text(x, attrs) for x in kd.get("lines", [])) if t]
    head = white if filled else col
    if "lower" in kd:
        _draw_corner(pen, index, corner, head, ink)
        lower = [t for t in (fill_text(x, attrs) for x in kd["lower"]) if t]
        box = sheets.Rect(w - index.right, h - index.bottom, index.w, index.h)
        _text_in_box(pen, lower, box, ink, max_size=2.8, rule=tint(ink, 0.5))
    else:
        _mirrored(pen, w, h, lambda: _draw_corner(pen, index, corner, head, ink))
    if lines:
        _text_in_box(pen, lines, band, ink, max_size=3.0, rule=tint(ink, 0.5))
    draw_marks(pen, deck, card, payload, w, h, plate=white if filled else None)


def _draw_corner(pen: CardPen, box: sheets.Rect, texts: Sequence[str], head: Color, ink: Color) -> None:
    """Draw a name block centred in box: the first text bold and as large as fits, the rest smaller under it."""
    if not texts:
        return
    joined = " ".join(texts)
    bold, regular = pen.font(FONT_BOLD, joined), pen.font(FONT, joined)
    size = 6.0
    while True:
        small = min(3.4, max(2.4, size * 0.62))
        first = wrap(texts[0], bold, size, box.w - 0.5)
        rest = [wrap(x, regular, small, box.w - 0.5) for x in texts[1:]]
        height = len(first) * size * 1.1 + sum(len(r) * small * 1.15 + size * 0.35 for r in rest)
        widest = max(stringWidth(x, bold, size) for x in first)
        if (height <= box.h and widest <= box.w) or size <= 2.4:
            break
        size = round(size - 0.1, 3)
    y = box.y + (box.h - height) / 2 + size * 0.8
    cx = box.x + box.w / 2
    for part in first:
        pen.text(cx, y, part, size, head, font=bold)
        y += size * 1.1
    y += size * 0.35 - (size - small) * 0.8
    for block in rest:
        for part in block:
            pen.text(cx, y, part, small, ink, font=regular)
            y += small * 1.15
        y += size * 0.35


def draw_text_block(pen: CardPen, title: str, lines: Sequence[str], w: float, top: float, bottom: float, accent: Color, ink: Color):
    """Draw a title bar and bulleted lines, shrinking the text until it fits between top and bottom."""
    pen.rect(3, top, w - 6, 9, fill=accent, radius=1.5)
    tfs = pen.fit_size(title, FONT_BOLD, 4.2, w - 10)
    pen.text(w / 2, top + 6.1, title, tfs, white)
    regular = pen.font(FONT, " ".join(lines))
    size = 3.6
    while size > 1.8:
        wrapped = [wrap(line, regular, size, w - 11) for line in lines]
        height = sum(len(block) * size * 1.18 + size * 0.55 for block in wrapped)
        if top + 12 + height <= bottom:
            break
        size -= 0.1
    y = top + 12 + size
    for block in wrapped:
        pen.rect(4.6, y - size * 0.62, size * 0.4, size * 0.4, fill=accent)
        for part in block:
            pen.text(7.0, y, part, size, ink, font=regular, align="left")
            y += size * 1.18
        y += size * 0.55


def face_text(pen: CardPen, deck: Deck, card: CardSpec, attrs: Mapping[str, Any], payload: str, w: float, h: float, bleed: float):
    """A rules card: title and lines, one small mark in the bottom-right corner.

    Kind keys: "colour", "heading" (default "{title}"), "lines" (format
    strings; default the card's own lines), "footer" (default the deck title),
    "footnote" (default "rules summary").
    """
    kd = card_design(deck, card)
    accent = colour(deck, kd.get("colour", "rules"), attrs)
    pen.rect(1.8, 1.8, w - 3.6, h - 3.6, fill=None, stroke=tint(accent, 0.5), width=0.35, radius=3)
    spec = mark_spec(deck, card)
    mark_top = h - float(spec["inset_mm"]) - float(spec["size_mm"]) - 2 if int(spec.get("count", 1)) else h - 4
    if "lines" in kd:
        lines = [t for t in (fill_text(x, attrs) for x in kd["lines"]) if t]
    else:
        lines = [str(x) for x in attrs.get("lines", [])]
    heading = fill_text(kd.get("heading", "{title}"), attrs) or card.code
    draw_text_block(pen, heading, lines, w, 4, mark_top, accent, colour(deck, "ink"))
    footer = fill_text(kd.get("footer", deck.title), attrs).upper()
    pen.text(4, h - 5, footer, pen.fit_size(footer, FONT_BOLD, 3.2, w - 8 - float(spec["size_mm"])), accent, align="left")
    pen.text(4, h - 9, fill_text(kd.get("footnote", "rules summary"), attrs), 2.4, colour(deck, "ink"), font=FONT, align="left")
    draw_marks(pen, deck, card, payload, w, h)


def face_fallback(pen: CardPen, deck: Deck, card: CardSpec, attrs: Mapping[str, Any], payload: str, w: float, h: float, bleed: float):
    """Any kind without a face style: its title or label (or code) large, plus the marks."""
    ink = colour(deck, "ink")
    pen.rect(1.8, 1.8, w - 3.6, h - 3.6, fill=None, stroke=tint(ink, 0.4), width=0.35, radius=3)
    label = attrs.get("title") or attrs.get("label") or attrs.get("name") or card.code
    if isinstance(label, Mapping):  # a title per language: print them all
        label = " / ".join(str(v) for v in label.values())
    label = str(label)
    font = pen.font(FONT_BOLD, label)
    lines = wrap(label, font, 6, w - 8)
    size = 6 if len(lines) <= 2 else 4
    lines = wrap(label, font, size, w - 8)
    y = h / 2 - (len(lines) - 1) * size * 0.6
    for line in lines:
        pen.text(w / 2, y + size * 0.35, line, fit_size(line, font, size, w - 8), ink, font=font)
        y += size * 1.2
    draw_marks(pen, deck, card, payload, w, h)


FACES = {
    "suit_shape": face_suit_shape,
    "big_label": face_big_label,
    "text": face_text,
    "number_icons": face_number_icons,
    "corner_text": face_corner_text,
}


def draw_face(canvas: Canvas, page_h: float, trim: sheets.Rect, bleed: sheets.Rect, deck: Deck, printed: PrintDeck, code: str) -> None:
    """Draw one card's face in its trim box, clipped to its bleed box."""
    card = deck.card(code)
    attrs = card_attrs(deck, card)
    pen = CardPen(canvas, page_h, trim, deck_fonts(deck))
    try:
        _clip(pen, bleed.x - trim.x, bleed.y - trim.y, bleed.w, bleed.h)
        style = kind_design(deck, card.kind).get("face")
        payload = printed.payload(code)
        widest = max(trim.x - bleed.x, bleed.right - trim.right, trim.y - bleed.y, bleed.bottom - trim.bottom)
        FACES.get(style, face_fallback)(pen, deck, card, attrs, payload, trim.w, trim.h, widest)
    finally:
        pen.close()


# ---------------------------------------------------------------- backs


def draw_back(canvas: Canvas, page_h: float, trim: sheets.Rect, bleed: sheets.Rect, deck: Deck, code: str) -> None:
    """Draw one card's back (as seen from the back of the sheet) in its trim box.

    Back styles: "number" (a value in a white disc), "text" (rules lines from
    back_title/back_lines), anything else plain: the deck title, with the
    back's "text" under it. "colour" and "text" are format strings.
    """
    card = deck.card(code)
    attrs = card_attrs(deck, card)
    kd = card_design(deck, card)
    spec = kd.get("back", {}) or {}
    pen = CardPen(canvas, page_h, trim, deck_fonts(deck))
    w, h = trim.w, trim.h
    try:
        _clip(pen, bleed.x - trim.x, bleed.y - trim.y, bleed.w, bleed.h)
        if spec.get("style") == "text" and attrs.get("back_lines"):
            accent = colour(deck, kd.get("colour", "rules"), attrs)
            pen.rect(1.8, 1.8, w - 3.6, h - 3.6, fill=None, stroke=tint(accent, 0.5), width=0.35, radius=3)
            draw_text_block(pen, str(attrs.get("back_title", "")), [str(x) for x in attrs["back_lines"]], w, 4, h - 4, accent, colour(deck, "ink"))
            return
        back = colour(deck, spec.get("colour", "back"), attrs)
        text = fill_text(spec.get("text", ""), attrs)
        _back_panel(pen, deck, w, h, back)
        if text and spec.get("style") == "number":
            size = pen.fit_size(text, FONT_BOLD, 24, w - 14)
            pen.c.setFillColor(white)
            pen.c.circle(w / 2, h / 2, 23, stroke=0, fill=1)
            pen.text(w / 2, h / 2 + size * 0.35, text, size, back)
            index = pen.fit_size(text, FONT_BOLD, 5, 9)
            for x, y, rot in ((12.5, 8.5 + index, 0), (w - 12.5, h - 8.5 - index, 180)):
                pen.text(x, y, text, index, white, rotate=rot)
        else:
            title = deck.title.upper()
            # A long title ("Котики / Cat auction") goes on two lines rather than shrinking to nothing.
            parts = [p.strip() for p in title.split(" / ")] if pen.fit_size(title, FONT_BOLD, 12, w - 16) < 6 else [title]
            y = h / 2 + 3 - (len(parts) - 1) * 5.5
            for part in parts:
                pen.text(w / 2, y, part, pen.fit_size(part, FONT_BOLD, 12, w - 16), white)
                y += 11
            if text:
                pen.text(w / 2, y - 3, text, pen.fit_size(text, FONT_BOLD, 5, w - 16), white)
    finally:
        pen.close()


def _back_panel(pen: CardPen, deck: Deck, w: float, h: float, back: Color) -> None:
    """Draw the shared back design: a white frame, a coloured panel with a fine diamond lattice."""
    pen.rect(3.0, 3.0, w - 6, h - 6, fill=back, radius=3)
    c = pen.c
    c.saveState()
    p = c.beginPath()
    p.roundRect(3.0, 3.0, w - 6, h - 6, 3)
    c.clipPath(p, stroke=0, fill=0)
    c.setStrokeColor(tint(white, 1.0))
    c.setStrokeAlpha(0.18)
    c.setLineWidth(0.35)
    step = 6.0
    for k in range(-20, 40):
        c.line(k * step, 0, k * step + h, h)
        c.line(k * step + h, 0, k * step, h)
    c.restoreState()
    pen.rect(5.0, 5.0, w - 10, h - 10, fill=None, stroke=white, width=0.4, radius=2)


def _clip(pen: CardPen, x: float, y: float, w: float, h: float) -> None:
    p = pen.c.beginPath()
    p.rect(x, y, w, h)
    pen.c.clipPath(p, stroke=0, fill=0)


# ---------------------------------------------------------------- sheets


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


def write_deck_pdf(
    printed: PrintDeck,
    deck: Deck,
    paper: str,
    out: Any,
    *,
    codes: Sequence[str] | None = None,
    registration: bool = True,
    on_page: Callable[[int, int], None] | None = None,
) -> int:
    """Write the print-and-play PDF of a print (fronts and mirrored backs, duplex) and return its page count.

    out is a path or a binary file object. on_page(done, total) is called after
    each page, for a progress bar.
    """
    tpl = sheets.template(paper)
    chosen = list(codes if codes is not None else printed.codes())
    sides = sheets.pages(tpl, chosen, duplex=True)
    total = len(sides) + (2 if registration else 0)
    canvas = Canvas(out, pagesize=(tpl.paper_w * mm, tpl.paper_h * mm), pageCompression=1)
    canvas.setTitle(f"{deck.title} print-and-play: {printed.name}")
    canvas.setAuthor("table companion")
    canvas.setSubject(f"print {printed.print_id}; 100% scale, duplex flip on long edge")
    done = 0
    sheet_count = (len(sides) + 1) // 2
    for side in sides:
        back = side[0].side == "back"
        for placement in side:
            if back:
                draw_back(canvas, tpl.paper_h, placement.slot.trim, placement.slot.bleed, deck, placement.code)
            else:
                draw_face(canvas, tpl.paper_h, placement.slot.trim, placement.slot.bleed, deck, printed, placement.code)
        draw_cut_marks(canvas, tpl)
        sheet = placement.page // 2 + 1
        footer(canvas, tpl, f"{deck.title} - {printed.name} ({printed.print_id}) - sheet {sheet}/{sheet_count} "
               f"{'back' if back else 'front'} - 100% scale, flip on long edge")
        canvas.showPage()
        done += 1
        if on_page:
            on_page(done, total)
    if registration:
        for back in (False, True):
            draw_registration_page(canvas, tpl, back=back)
            canvas.showPage()
            done += 1
            if on_page:
                on_page(done, total)
    canvas.save()
    return total


# ---------------------------------------------------------------- registration test page

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


# ---------------------------------------------------------------- single cards as images


def card_pdf(printed: PrintDeck, code: str, *, deck: Deck | None = None, back: bool = False) -> bytes:
    """Return a one-page PDF of one card's face (or back) at trim size, no bleed."""
    deck = deck or load_deck(printed.game)
    if code not in deck:
        raise CompanionError(f"deck {deck.game!r} has no card {code!r}")
    buf = io.BytesIO()
    w, h = sheets.CARD_W_MM, sheets.CARD_H_MM
    canvas = Canvas(buf, pagesize=(w * mm, h * mm))
    trim = sheets.Rect(0, 0, w, h)
    canvas.setFillColor(white)
    canvas.rect(0, 0, w * mm, h * mm, stroke=0, fill=1)
    if back:
        draw_back(canvas, h, trim, trim, deck, code)
    else:
        draw_face(canvas, h, trim, trim, deck, printed, code)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def rasterise_pdf(data: bytes, dpi: float) -> list[np.ndarray]:
    """Return every page of a PDF as an RGB uint8 array at this resolution (pdfium)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        out = []
        for index in range(len(pdf)):
            page = pdf[index]
            bitmap = page.render(scale=dpi / 72.0)
            out.append(_rgb(bitmap))
            page.close()
        return out
    finally:
        pdf.close()


def _rgb(bitmap) -> np.ndarray:
    arr = bitmap.to_numpy()
    mode = bitmap.mode
    if mode in ("BGR", "BGRX", "BGRA"):
        return np.ascontiguousarray(arr[..., :3][..., ::-1])
    if mode == "L":
        return np.repeat(arr[..., None], 3, axis=2)
    return np.ascontiguousarray(arr[..., :3])


def card_image(printed: PrintDeck, code: str, dpi: float = 300, *, deck: Deck | None = None, back: bool = False) -> np.ndarray:
    """Return one card's face (or back) as an RGB uint8 array at trim size (63 x 88 mm at dpi)."""
    return rasterise_pdf(card_pdf(printed, code, deck=deck, back=back), dpi)[0]


def card_png(printed: PrintDeck, code: str, dpi: float = 300, *, deck: Deck | None = None, back: bool = False) -> bytes:
    """Return one card's face (or back) as PNG bytes at trim size, with the dpi recorded in the file."""
    import cv2

    rgb = card_image(printed, code, dpi, deck=deck, back=back)
    ok, encoded = cv2.imencode(".png", np.ascontiguousarray(rgb[..., ::-1]))
    assert ok, "PNG encoding failed"
    return _with_dpi(encoded.tobytes(), dpi)


def _with_dpi(png: bytes, dpi: float) -> bytes:
    """Insert a pHYs chunk so image viewers and printers know the PNG's resolution."""
    import struct
    import zlib

    ppm = int(round(dpi / 0.0254))
    body = b"pHYs" + struct.pack(">IIB", ppm, ppm, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    ihdr_end = 8 + 8 + 13 + 4
    return png[:ihdr_end] + chunk + png[ihdr_end:]
