"""Draw cards, sheets and table plates with reportlab as vector PDF; rasterise single cards to images.

Why: the printed card is the camera's target and the players' deck. Everything
is drawn as vector paths (suit and shape symbols, QR modules, ArUco cells), so
no font glyph can go missing and every edge is sharp at any printer resolution.
Text uses the PDF base-14 Helvetica, which every PDF viewer has.

Card designs are data: the deck file's "design" section names, per card kind,
a face style (suit_shape, big_label, text; anything else falls back to the
card's title/label text) and a back style (number, text). Adding a game needs a
deck file, not a renderer change. This module only draws what sheets.py lays
out; it decides no positions of cards on pages.

Card-local coordinates are millimetres from the card's top-left trim corner,
y downwards.
"""

from __future__ import annotations

import io
import math
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
from companion.printing import sheets

FONT = "Helvetica"
FONT_BOLD = "Helvetica-Bold"
DEFAULT_COLOURS = {"ink": "#1a1a1a", "back": "#14325c", "accent": "#5b2a86"}
DEFAULT_MARK = {"micro": True, "error": "M", "size_mm": 30, "inset_mm": 3.5, "count": 2}


# ---------------------------------------------------------------- design data


def design(deck: Deck) -> Mapping[str, Any]:
    """Return the deck's design section (empty when the deck file has none)."""
    return deck.data.get("design", {}) or {}


def kind_design(deck: Deck, kind: str) -> Mapping[str, Any]:
    """Return the design of one card kind (empty: fallback face, plain back)."""
    return design(deck).get("kinds", {}).get(kind, {}) or {}


def colour(deck: Deck, name: str) -> Color:
    """Return a named colour of the deck's design (or a hex string as given)."""
    if isinstance(name, str) and name.startswith("#"):
        return HexColor(name)
    table = {**DEFAULT_COLOURS, **design(deck).get("colours", {})}
    return HexColor(table.get(name, table["ink"]))


def mark_spec(deck: Deck, card: CardSpec) -> Mapping[str, Any]:
    """Return the QR mark settings for a card: the deck's, overridden per kind."""
    return {**DEFAULT_MARK, **design(deck).get("mark", {}), **kind_design(deck, card.kind).get("mark", {})}


def card_attrs(deck: Deck, card: CardSpec) -> dict[str, Any]:
    """Return the card's attributes plus its design-only extras (code, kind, card_attrs)."""
    extra = design(deck).get("card_attrs", {}).get(card.code, {})
    return {"code": card.code, "kind": card.kind, **card.attrs, **extra}


def fill_text(template: str, attrs: Mapping[str, Any]) -> str:
    """Return a design text template filled from card attributes ("" for a missing one)."""
    try:
        return str(template).format_map(attrs)
    except (KeyError, IndexError, ValueError):
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

    def __init__(self, canvas: Canvas, page_h_mm: float, trim: sheets.Rect):
        self.c = canvas
        self.c.saveState()
        self.c.translate(trim.x * mm, (page_h_mm - trim.y) * mm)
        self.c.scale(mm, -mm)

    def close(self) -> None:
        self.c.restoreState()

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
        self.c.setFont(font, size_mm)
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


def face_suit_shape(pen: CardPen, deck: Deck, card: CardSpec, attrs: Mapping[str, Any], payload: str, w: float, h: float):
    """A playing card: marks in two corners, the emblem in the other two, names across the middle."""
    spec = mark_spec(deck, card)
    size, inset = float(spec["size_mm"]), float(spec["inset_mm"])
    quiet = 2 * size / 15
    suit, shape = str(attrs.get("suit", "")), str(attrs.get("shape", ""))
    col = colour(deck, suit)
    pen.rect(1.8, 1.8, w - 3.6, h - 3.6, fill=None, stroke=tint(col, 0.45), width=0.35, radius=3)
    free_x0 = inset + size + quiet  # right of the top-left mark's quiet zone
    emblem = min(w - free_x0 - 3.0, size)
    draw_emblem(pen, (free_x0 + w - 3.0) / 2, inset + size / 2, emblem, suit, shape, col)
    draw_emblem(pen, w - (free_x0 + w - 3.0) / 2, h - inset - size / 2, emblem, suit, shape, col, rotate180=True)
    band_top, band_bottom = inset + size + quiet, h - inset - size - quiet
    mid = (band_top + band_bottom) / 2
    label = f"{suit.upper()}  ·  {shape.upper()}"
    fs = fit_size(label, FONT_BOLD, 5.2, w - 10)
    pen.text(w / 2, mid + fs * 0.35, label, fs, col)
    draw_marks(pen, deck, card, payload, w, h)


def face_big_label(pen: CardPen, deck: Deck, card: CardSpec, attrs: Mapping[str, Any], payload: str, w: float, h: float, bleed: float):
    """A full-colour card (BUX timer): coloured to the bleed, a big label, marks on white plates."""
    kd = kind_design(deck, card.kind)
    col = colour(deck, kd.get("colour", "accent"))
    pen.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=col)
    pen.rect(2.2, 2.2, w - 4.4, h - 4.4, fill=None, stroke=tint(white, 1.0), width=0.5, radius=3)
    spec = mark_spec(deck, card)
    size, inset = float(spec["size_mm"]), float(spec["inset_mm"])
    quiet = 2 * size / 15
    label = fill_text(kd.get("text", "{label}"), attrs)
    free_x0 = inset + size + quiet
    cx = (free_x0 + w - 3.0) / 2
    big = fit_size(label, FONT_BOLD, 26, w - free_x0 - 4)
    pen.text(cx, inset + size / 2 + big * 0.36, label, big, white)
    pen.text(w - cx, h - inset - size / 2 - big * 0.36, label, big, white, rotate=180)
    band_top, band_bottom = inset + size + quiet, h - inset - size - quiet
    mid = (band_top + band_bottom) / 2
    title = str(kd.get("title", deck.title))
    subtitle = str(kd.get("subtitle", ""))
    fs = fit_size(f"{title} {label}", FONT_BOLD, 9, w - 8)
    pen.text(w / 2, mid + fs * 0.15, f"{title} {label}", fs, white)
    if subtitle:
        pen.text(w / 2, mid + fs * 0.15 + 4.2, subtitle, 3.0, tint(white, 1.0), font=FONT_BOLD)
    draw_marks(pen, deck, card, payload, w, h, plate=white)


def draw_text_block(pen: CardPen, title: str, lines: Sequence[str], w: float, top: float, bottom: float, accent: Color, ink: Color):
    """Draw a title bar and bulleted lines, shrinking the text until it fits between top and bottom."""
    pen.rect(3, top, w - 6, 9, fill=accent, radius=1.5)
    tfs = fit_size(title, FONT_BOLD, 4.2, w - 10)
    pen.text(w / 2, top + 6.1, title, tfs, white)
    size = 3.6
    while size > 1.8:
        wrapped = [wrap(line, FONT, size, w - 11) for line in lines]
        height = sum(len(block) * size * 1.18 + size * 0.55 for block in wrapped)
        if top + 12 + height <= bottom:
            break
        size -= 0.1
    y = top + 12 + size
    for block in wrapped:
        pen.rect(4.6, y - size * 0.62, size * 0.4, size * 0.4, fill=accent)
        for part in block:
            pen.text(7.0, y, part, size, ink, font=FONT, align="left")
            y += size * 1.18
        y += size * 0.55


def face_text(pen: CardPen, deck: Deck, card: CardSpec, attrs: Mapping[str, Any], payload: str, w: float, h: float):
    """A rules card: title and lines, one small mark in the bottom-right corner."""
    kd = kind_design(deck, card.kind)
    accent = colour(deck, kd.get("colour", "rules"))
    pen.rect(1.8, 1.8, w - 3.6, h - 3.6, fill=None, stroke=tint(accent, 0.5), width=0.35, radius=3)
    spec = mark_spec(deck, card)
    mark_top = h - float(spec["inset_mm"]) - float(spec["size_mm"]) - 2 if int(spec.get("count", 1)) else h - 4
    lines = [str(x) for x in attrs.get("lines", [])]
    draw_text_block(pen, str(attrs.get("title", card.code)), lines, w, 4, mark_top, accent, colour(deck, "ink"))
    pen.text(4, h - 5, deck.title.upper(), 3.2, accent, align="left")
    pen.text(4, h - 9, "rules summary", 2.4, colour(deck, "ink"), font=FONT, align="left")
    draw_marks(pen, deck, card, payload, w, h)


def face_fallback(pen: CardPen, deck: Deck, card: CardSpec, attrs: Mapping[str, Any], payload: str, w: float, h: float):
    """Any kind without a face style: its title or label (or code) large, plus the marks."""
    ink = colour(deck, "ink")
    pen.rect(1.8, 1.8, w - 3.6, h - 3.6, fill=None, stroke=tint(ink, 0.4), width=0.35, radius=3)
    label = str(attrs.get("title") or attrs.get("label") or attrs.get("name") or card.code)
    lines = wrap(label, FONT_BOLD, 6, w - 8)
    size = 6 if len(lines) <= 2 else 4
    lines = wrap(label, FONT_BOLD, size, w - 8)
    y = h / 2 - (len(lines) - 1) * size * 0.6
    for line in lines:
        pen.text(w / 2, y + size * 0.35, line, fit_size(line, FONT_BOLD, size, w - 8), ink)
        y += size * 1.2
    draw_marks(pen, deck, card, payload, w, h)


FACES = {"suit_shape": face_suit_shape, "text": face_text}


def draw_face(canvas: Canvas, page_h: float, trim: sheets.Rect, bleed: sheets.Rect, deck: Deck, printed: PrintDeck, code: str) -> None:
    """Draw one card's face in its trim box, clipped to its bleed box."""
    card = deck.card(code)
    attrs = card_attrs(deck, card)
    pen = CardPen(canvas, page_h, trim)
    try:
        _clip(pen, bleed.x - trim.x, bleed.y - trim.y, bleed.w, bleed.h)
        style = kind_design(deck, card.kind).get("face")
        payload = printed.payload(code)
        if style == "big_label":
            face_big_label(pen, deck, card, attrs, payload, trim.w, trim.h, max(trim.x - bleed.x, bleed.right - trim.right, trim.y - bleed.y, bleed.bottom - trim.bottom))
        else:
            FACES.get(style, face_fallback)(pen, deck, card, attrs, payload, trim.w, trim.h)
    finally:
        pen.close()


# ---------------------------------------------------------------- backs


def draw_back(canvas: Canvas, page_h: float, trim: sheets.Rect, bleed: sheets.Rect, deck: Deck, code: str) -> None:
    """Draw one card's back (as seen from the back of the sheet) in its trim box."""
    card = deck.card(code)
    attrs = card_attrs(deck, card)
    spec = kind_design(deck, card.kind).get("back", {}) or {}
    pen = CardPen(canvas, page_h, trim)
    w, h = trim.w, trim.h
    try:
        _clip(pen, bleed.x - trim.x, bleed.y - trim.y, bleed.w, bleed.h)
        if spec.get("style") == "text" and attrs.get("back_lines"):
            accent = colour(deck, kind_design(deck, card.kind).get("colour", "rules"))
            pen.rect(1.8, 1.8, w - 3.6, h - 3.6, fill=None, stroke=tint(accent, 0.5), width=0.35, radius=3)
            draw_text_block(pen, str(attrs.get("back_title", "")), [str(x) for x in attrs["back_lines"]], w, 4, h - 4, accent, colour(deck, "ink"))
            return
        back = colour(deck, spec.get("colour", "back"))
        text = fill_text(spec.get("text", ""), attrs) if spec.get("style") == "number" else ""
        _back_panel(pen, deck, w, h, back)
        if text:
            size = fit_size(text, FONT_BOLD, 24, w - 14)
            pen.c.setFillColor(white)
            pen.c.circle(w / 2, h / 2, 23, stroke=0, fill=1)
            pen.text(w / 2, h / 2 + size * 0.35, text, size, back)
            index = fit_size(text, FONT_BOLD, 5, 9)
            for x, y, rot in ((12.5, 8.5 + index, 0), (w - 12.5, h - 8.5 - index, 180)):
                pen.text(x, y, text, index, white, rotate=rot)
        else:
            title = deck.title.upper()
            pen.text(w / 2, h / 2 + 3, title, fit_size(title, FONT_BOLD, 12, w - 16), white)
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
    canvas.setFont(FONT, 5.5)
    canvas.setFillColorRGB(0.35, 0.35, 0.35)
    size = fit_size(text, FONT, 5.5, (first.w - 4) * mm)
    canvas.setFont(FONT, size)
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
