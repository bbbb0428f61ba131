"""Card backs, as seen from the back of the sheet: a number, rules text, or the plain deck back.

Why: the back is what the other players see of a card in hand or in the draw
deck, so it shows only what the rules make public (BUX: the value; never the
suit or shape). The design's back style per kind: "number" (a value in a
white disc), "text" (rules lines from back_title/back_lines), anything else
plain: the deck title on the shared lattice panel.

Card-local coordinates: millimetres from the card's top-left trim corner, y down.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from companion.cards.decks import Deck
from companion.printing import sheets
from companion.printing.design import card_attrs, card_design, colour, deck_fonts, fill_text, tint
from companion.printing.fonts import FONT_BOLD
from companion.printing.pen import CardPen, clip
from companion.printing.textblocks import draw_text_block


def draw_back(canvas: Canvas, page_h: float, trim: sheets.Rect, bleed: sheets.Rect, deck: Deck, code: str, *, low_ink: bool = False) -> None:
    """Draw one card's back (as seen from the back of the sheet) in its trim box.

    Back styles: "number" (a value in a white disc), "text" (rules lines from
    back_title/back_lines), anything else plain: the deck title, with the
    back's "text" under it. "colour" and "text" are format strings.
    """
    card = deck.card(code)
    attrs = card_attrs(deck, card)
    kd = card_design(deck, card)
    spec = kd.get("back", {}) or {}
    pen = CardPen(canvas, page_h, trim, deck_fonts(deck), low_ink=low_ink)
    w, h = trim.w, trim.h
    try:
        clip(pen, bleed.x - trim.x, bleed.y - trim.y, bleed.w, bleed.h)
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
                pen.text(x, y, text, index, pen.on(back), rotate=rot)
        else:
            title = deck.title.upper()
            # A long title ("Котики / Cat auction") goes on two lines rather than shrinking to nothing.
            parts = [p.strip() for p in title.split(" / ")] if pen.fit_size(title, FONT_BOLD, 12, w - 16) < 6 else [title]
            y = h / 2 + 3 - (len(parts) - 1) * 5.5
            for part in parts:
                pen.text(w / 2, y, part, pen.fit_size(part, FONT_BOLD, 12, w - 16), pen.on(back))
                y += 11
            if text:
                pen.text(w / 2, y - 3, text, pen.fit_size(text, FONT_BOLD, 5, w - 16), pen.on(back))
    finally:
        pen.close()


def _back_panel(pen: CardPen, deck: Deck, w: float, h: float, back: Color) -> None:
    """Draw the shared back design: a white frame, a coloured panel with a fine diamond lattice (low ink: a pale panel, no lattice)."""
    pen.rect(3.0, 3.0, w - 6, h - 6, fill=pen.ground(back), radius=3)
    if pen.low_ink:
        pen.rect(5.0, 5.0, w - 10, h - 10, fill=None, stroke=back, width=0.4, radius=2)
        return
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
