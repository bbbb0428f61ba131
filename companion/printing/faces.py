"""Card faces: one drawing function per face style, and draw_face that picks the card's style.

Why: the deck design names a face style per card kind (suit_shape,
big_label, text, number_icons, corner_text; anything else falls back to the
card's title or label). Each style lays itself out around the QR marks'
corner zones and leaves the marks readable; FACES maps the names to the
functions, so a new game picks existing styles in its deck file. This module
only draws what sheets.py lays out; it decides no positions of cards on pages.

Card-local coordinates: millimetres from the card's top-left trim corner, y down.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from companion.cards.decks import CardSpec, Deck
from companion.cards.payloads import PrintDeck
from companion.printing import icons, sheets
from companion.printing.design import card_attrs, card_design, colour, deck_fonts, fill_text, icon_style, kind_design, tint
from companion.printing.emblems import draw_emblem
from companion.printing.fonts import FONT, FONT_BOLD
from companion.printing.marks import QUIET_MODULES, draw_marks, mark_spec, mark_zones
from companion.printing.pen import CardPen, clip, fit_size, wrap
from companion.printing.textblocks import draw_corner, draw_text_block, text_in_box


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


BAND_MM = 12.0
"""The middle band's height with 30 mm marks: the titles across it are sized for this, and shrink with a band
made narrower by larger marks (`cards print --camera`, companion.printing.marks.MIN_BAND_MM)."""


def _band_scale(band: sheets.Rect) -> float:
    """Return how much the middle band's title and subtitle shrink to stay clear of larger marks (1: 30 mm marks)."""
    return min(1.0, band.h / BAND_MM)


def _full_colour(pen: CardPen, col: Color, w: float, h: float, bleed: float) -> None:
    """Fill the card to its bleed with col (a pale tint of it in low ink) and draw the thin inner frame."""
    pen.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=pen.ground(col))
    pen.rect(2.2, 2.2, w - 4.4, h - 4.4, fill=None, stroke=pen.on(col), width=0.5, radius=3)


def face_big_label(pen: CardPen, deck: Deck, card: CardSpec, attrs: Mapping[str, Any], payload: str, w: float, h: float, bleed: float):
    """A full-colour card (BUX timer, match numbers, cat-auction bank cards): a big label by each mark, title across the middle."""
    kd = card_design(deck, card)
    col = colour(deck, kd.get("colour", "accent"), attrs)
    _full_colour(pen, col, w, h, bleed)
    index, band = mark_zones(deck, card, w, h)
    label = fill_text(kd.get("text", "{label}"), attrs)
    cx = index.x + index.w / 2
    big = pen.fit_size(label, FONT_BOLD, 26, index.w - 4)
    pen.text(cx, index.y + index.h / 2 + big * 0.36, label, big, pen.on(col))
    pen.text(w - cx, h - index.y - index.h / 2 - big * 0.36, label, big, pen.on(col), rotate=180)
    mid = band.y + band.h / 2
    title = fill_text(kd.get("title", deck.title), attrs)
    subtitle = fill_text(kd.get("subtitle", ""), attrs)
    middle = " ".join(x for x in (title, label) if x)
    k = _band_scale(band)
    fs = pen.fit_size(middle, FONT_BOLD, 9 * k, w - 8)
    if subtitle:
        pen.text(w / 2, mid + fs * 0.15, middle, fs, pen.on(col))
        pen.text(w / 2, mid + fs * 0.15 + 4.2 * k, subtitle, pen.fit_size(subtitle, FONT_BOLD, 3.0 * k, w - 8), pen.on(col))
    else:
        pen.text(w / 2, mid + fs * 0.36, middle, fs, pen.on(col))
    draw_marks(pen, deck, card, payload, w, h)


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
        pen.text(cx, baseline - (size - fs) * 0.36, number, fs, pen.on(col))
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
    title = fill_text(kd.get("title", "{title}"), values).upper()
    if text:
        # The title (the colour's word) heads the action: the colour said in words as well (issue 34).
        box = sheets.Rect(band.x + 0.5, band.y + 0.6, band.w - 1.0, band.h - 1.2)
        pen.rect(box.x, box.y, box.w, box.h, fill=white, radius=1.5)
        text_in_box(pen, [title, text] if title else [text], box, colour(deck, "ink"), max_size=3.0, bold_first=bool(title))
    else:
        subtitle = fill_text(kd.get("subtitle", ""), values)
        middle = " ".join(x for x in (title, number) if x)
        k = _band_scale(band)
        fs = pen.fit_size(middle, FONT_BOLD, 8 * k, band.w - 2)
        mid = band.y + band.h / 2
        pen.text(w / 2, mid + (fs * 0.15 if subtitle else fs * 0.36), middle, fs, pen.on(col))
        if subtitle:
            pen.text(w / 2, mid + fs * 0.15 + 4.0 * k, subtitle, pen.fit_size(subtitle, FONT_BOLD, 3.0 * k, band.w - 2),
                     pen.on(col))
    draw_marks(pen, deck, card, payload, w, h)


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
    ink = pen.on(col) if filled else colour(deck, "ink")
    if filled:
        _full_colour(pen, col, w, h, bleed)
    else:
        pen.rect(1.8, 1.8, w - 3.6, h - 3.6, fill=None, stroke=col, width=0.8, radius=3)
    index, band = mark_zones(deck, card, w, h)
    corner = [t for t in (fill_text(x, attrs) for x in kd.get("corner", ["{title}"])) if t]
    lines = [t for t in (fill_text(x, attrs) for x in kd.get("lines", [])) if t]
    head = pen.on(col) if filled else col
    if "lower" in kd:
        draw_corner(pen, index, corner, head, ink)
        lower = [t for t in (fill_text(x, attrs) for x in kd["lower"]) if t]
        box = sheets.Rect(w - index.right, h - index.bottom, index.w, index.h)
        text_in_box(pen, lower, box, ink, max_size=2.8, rule=tint(ink, 0.5))
    else:
        _mirrored(pen, w, h, lambda: draw_corner(pen, index, corner, head, ink))
    if lines:
        text_in_box(pen, lines, band, ink, max_size=3.0, rule=tint(ink, 0.5))
    draw_marks(pen, deck, card, payload, w, h)


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
    quiet = QUIET_MODULES * float(spec["size_mm"]) / 15
    mark_top = h - float(spec["inset_mm"]) - float(spec["size_mm"]) - quiet - 0.5 if int(spec.get("count", 1)) else h - 4
    if "lines" in kd:
        lines = [t for t in (fill_text(x, attrs) for x in kd["lines"]) if t]
    else:
        lines = [str(x) for x in attrs.get("lines", [])]
    heading = fill_text(kd.get("heading", "{title}"), attrs) or card.code
    draw_text_block(pen, heading, lines, w, 4, mark_top, accent, colour(deck, "ink"))
    footer = fill_text(kd.get("footer", deck.title), attrs).upper()
    room = w - 4 - float(spec["inset_mm"]) - float(spec["size_mm"]) * (1 + 2 * QUIET_MODULES / 15) - 1  # clear of the mark's quiet zone
    pen.text(4, h - 5, footer, pen.fit_size(footer, FONT_BOLD, 3.2, room), accent, align="left")
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


def draw_face(
    canvas: Canvas, page_h: float, trim: sheets.Rect, bleed: sheets.Rect, deck: Deck, printed: PrintDeck, code: str,
    *, low_ink: bool = False,
) -> None:
    """Draw one card's face in its trim box, clipped to its bleed box."""
    card = deck.card(code)
    attrs = card_attrs(deck, card)
    pen = CardPen(canvas, page_h, trim, deck_fonts(deck), low_ink=low_ink)
    try:
        clip(pen, bleed.x - trim.x, bleed.y - trim.y, bleed.w, bleed.h)
        style = kind_design(deck, card.kind).get("face")
        payload = printed.payload(code)
        widest = max(trim.x - bleed.x, bleed.right - trim.right, trim.y - bleed.y, bleed.bottom - trim.bottom)
        (FACES.get(style, face_fallback) if isinstance(style, str) else face_fallback)(pen, deck, card, attrs, payload, trim.w, trim.h, widest)
    finally:
        pen.close()
