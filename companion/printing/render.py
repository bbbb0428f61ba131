"""Render prints: the print-and-play deck PDF, and single cards as PDF, image array or PNG.

Why: this is the printing entry point the CLI, the vision tests and the demo
use. It puts the pieces together: sheets.py lays the cards out, faces.py and
backs.py draw each card, pagemarks.py the cut marks, footers and the duplex
registration page, all as vector PDF with reportlab; pdfium rasterises a PDF
when a caller needs pixels. Module layout of companion/printing/: design.py
(design data lookups), pen.py (card-mm canvas, text fitting), marks.py (QR
marks), emblems.py (suit symbols), textblocks.py (fitted text), faces.py,
backs.py, pagemarks.py, and this module.
"""

from __future__ import annotations

import io
from typing import Any, Callable, Sequence

import numpy as np
from reportlab.lib.colors import white
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.cards.decks import Deck, load_deck
from companion.cards.payloads import PrintDeck
from companion.errors import CompanionError
from companion.printing import sheets
from companion.printing.backs import draw_back
from companion.printing.faces import draw_face
from companion.printing.pagemarks import draw_cut_marks, draw_registration_page, footer


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
