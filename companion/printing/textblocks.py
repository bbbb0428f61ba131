"""Blocks of text fitted into boxes on a card: centred paragraphs, corner name blocks, bulleted rules.

Why: rules cards, action cards and prize cards carry texts of any length in
several languages. These helpers shrink the type step by step until the text
fits its box, so a longer translation makes smaller type instead of running
off the card. Pure placement of text; which texts go where is the face's job.
"""

from __future__ import annotations

from typing import Sequence

from reportlab.lib.colors import Color, white
from reportlab.pdfbase.pdfmetrics import stringWidth

from companion.printing import sheets
from companion.printing.fonts import FONT, FONT_BOLD
from companion.printing.pen import CardPen, wrap


def text_in_box(pen: CardPen, paragraphs: Sequence[str], box: sheets.Rect, ink: Color, *, max_size: float, min_size: float = 1.7, bold_first: bool = False, rule: Color | None = None) -> float:
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


def draw_corner(pen: CardPen, box: sheets.Rect, texts: Sequence[str], head: Color, ink: Color) -> None:
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
