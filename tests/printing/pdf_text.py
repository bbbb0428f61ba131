"""The words of a rendered PDF page with where they sit, read from pdfium's text layer (shared by the printing tests)."""

from __future__ import annotations

import pypdfium2 as pdfium

MM_PER_POINT = 25.4 / 72


def words_with_boxes(data: bytes, index: int) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Return the words of a page with their boxes (left, top, right, bottom) in page mm, y down."""
    pdf = pdfium.PdfDocument(data)
    try:
        page = pdf[index]
        height = page.get_height()
        text = page.get_textpage()
        words, current, boxes = [], "", []
        for i in range(text.count_chars()):
            ch = text.get_text_range(i, 1)
            if ch.strip():
                current += ch
                boxes.append(text.get_charbox(i))
            elif current:
                words.append((current, boxes))
                current, boxes = "", []
        if current:
            words.append((current, boxes))
    finally:
        pdf.close()
    k = MM_PER_POINT
    return [
        (w, (min(b[0] for b in bs) * k, (height - max(b[3] for b in bs)) * k, max(b[2] for b in bs) * k, (height - min(b[1] for b in bs)) * k))
        for w, bs in words
    ]


def word_centres(data: bytes, index: int) -> list[tuple[str, float, float]]:
    """Return the words of a page with their box centres in page mm (top-left origin, y down)."""
    return [(w, (left + right) / 2, (top + bottom) / 2) for w, (left, top, right, bottom) in words_with_boxes(data, index)]
