"""Render prints: the print-and-play deck PDF, and single cards as PDF, image array or PNG.

Why: this is the printing entry point the CLI, the vision tests and the demo
use. It puts the pieces together: sheets.py lays the cards and parts out,
faces.py and backs.py draw each card, extras.py each part (chips, tokens,
boards), contents.py the first sheet, pagemarks.py the cut marks, footers and
the registration test, all as vector PDF with reportlab and the embedded
DejaVu Sans; pdfium rasterises a PDF when a caller needs pixels. Module layout
of companion/printing/: design.py (design data lookups), pen.py (card-mm
canvas, text fitting, low-ink colours), marks.py (QR marks), emblems.py (suit
symbols), textblocks.py (fitted text), faces.py, backs.py, extras.py,
contents.py, pagemarks.py, and this module.
"""

from __future__ import annotations

import io
from typing import Any, Callable, Sequence

import numpy as np
from reportlab.lib.colors import white
from reportlab.lib.units import mm

from companion.cards.decks import Deck, load_deck
from companion.cards.payloads import DEFAULT_MODULE_MM, PrintDeck
from companion.errors import CompanionError
from companion.printing import contents, extras, fonts, marks, sheets
from companion.printing.backs import draw_back
from companion.printing.faces import draw_face
from companion.printing.pagemarks import draw_cut_marks, draw_registration_scales, footer, print_preferences


SIDES = ("both", "fronts", "backs")


def deck_layout(
    printed: PrintDeck, deck: Deck, paper: str, *, codes: Sequence[str] | None = None, parts: bool = True
) -> tuple[tuple[sheets.Placement, ...], ...]:
    """Return the card and part pages of a print (fronts and their mirrored backs), parts packed after the cards.

    Raises:
        CompanionError: if a part of the deck file does not fit on a sheet.
    """
    tpl = sheets.template(paper)
    chosen = list(codes if codes is not None else printed.codes())
    pieces = [p.size for p in extras.parts(deck)] if parts else []
    try:
        return sheets.pages(tpl, chosen, parts=pieces, duplex=True)
    except ValueError as exc:
        raise CompanionError(f"deck {deck.game!r}: {exc}") from None


def write_deck_pdf(
    printed: PrintDeck,
    deck: Deck,
    paper: str,
    out: Any,
    *,
    codes: Sequence[str] | None = None,
    first_sheet: bool = True,
    parts: bool = True,
    sides: str = "both",
    low_ink: bool = False,
    on_page: Callable[[int, int], None] | None = None,
) -> int:
    """Write the print-and-play PDF of a print and return its page count.

    The first sheet (first_sheet) holds the contents, a 100 mm ruler and the
    duplex registration test; then the card sheets, fronts and mirrored backs;
    the deck's parts (chips, tokens, boards; parts) fill the free places of the
    last card sheet and then sheets of their own. sides "fronts" or "backs"
    keeps only those pages (printers without duplex); low_ink prints large
    fills as pale tints. out is a path or a binary file object; on_page(done,
    total) is called after each page, for a progress bar.

    Raises:
        ValueError: for an unknown sides value.
    """
    if sides not in SIDES:
        raise ValueError(f"sides must be one of {SIDES}, got {sides!r}")
    deck = marks.sized_deck(deck, printed.module_mm)
    tpl = sheets.template(paper)
    chosen = list(codes if codes is not None else printed.codes())
    layout = deck_layout(printed, deck, paper, codes=chosen, parts=parts)
    pieces = extras.pieces(extras.parts(deck))
    pages: list[Any] = (["first-front", "first-back"] if first_sheet else []) + list(layout)
    keep = {"both": ("front", "back"), "fronts": ("front",), "backs": ("back",)}[sides]
    pages = [p for p in pages if _side_of(p) in keep]
    total = len(pages)
    sheet_count = len(layout) // 2 + (1 if first_sheet else 0)
    canvas = fonts.new_canvas(out, (tpl.paper_w * mm, tpl.paper_h * mm), pageCompression=1)
    canvas.setTitle(f"{deck.title} print-and-play: {printed.name}")
    canvas.setAuthor("table companion")
    variant = {"both": "", "fronts": ", fronts only", "backs": ", backs only"}[sides] + (", low ink" if low_ink else "")
    canvas.setSubject(f"print {printed.print_id}; 100% scale, duplex flip on long edge{variant}")
    print_preferences(canvas)
    label = f"{deck.title} - {printed.name} ({printed.print_id}){_module_note(printed)}"
    for done, page in enumerate(pages, start=1):
        if page == "first-front":
            rows = contents.sheet_rows(deck, layout, first=2)
            counts = contents.checklist(deck, chosen, with_parts=parts)
            notes = _notes(sides, low_ink) + _size_notes(printed)
            contents.draw_contents_page(canvas, tpl, deck, f"{deck.title} print-and-play", rows, counts, notes)
            footer(canvas, tpl, f"{label} - sheet 1/{sheet_count} front - contents and registration test")
        elif page == "first-back":
            draw_registration_scales(canvas, tpl)
            footer(canvas, tpl, f"{label} - sheet 1/{sheet_count} back - registration scales")
        else:
            back = page[0].side == "back"
            for placement in page:
                if placement.part:
                    extras.draw_part(canvas, tpl.paper_h, placement.slot, deck, pieces[placement.code], back=back, low_ink=low_ink)
                elif back:
                    draw_back(canvas, tpl.paper_h, placement.slot.trim, placement.slot.bleed, deck, placement.code, low_ink=low_ink)
                else:
                    draw_face(canvas, tpl.paper_h, placement.slot.trim, placement.slot.bleed, deck, printed, placement.code, low_ink=low_ink)
            draw_cut_marks(canvas, tpl, skip=[p.slot for p in page if p.span_places > 1])
            sheet = page[0].page // 2 + 1 + (1 if first_sheet else 0)
            footer(canvas, tpl, f"{label} - sheet {sheet}/{sheet_count} {'back' if back else 'front'}{variant} - 100% scale, flip on long edge")
        canvas.showPage()
        if on_page:
            on_page(done, total)
    canvas.save()
    return total


def _module_note(printed: PrintDeck) -> str:
    """Return the footer's note of a print's mark size when it is not the default 2 mm modules (30 mm marks)."""
    if printed.module_mm == DEFAULT_MODULE_MM:
        return ""
    return f" - {marks.MARK_MODULES * printed.module_mm:g} mm marks"


def _size_notes(printed: PrintDeck) -> list[str]:
    """Return the first sheet's note on a print's mark size when it is not the default."""
    if printed.module_mm == DEFAULT_MODULE_MM:
        return []
    return [f"Marks: {printed.module_mm:g} mm modules ({marks.MARK_MODULES * printed.module_mm:g} mm), sized for the "
            f"camera and table (cards print --camera); the deck file records it, and reprints keep it."]


def _side_of(page: Any) -> str:
    if isinstance(page, str):
        return page.removeprefix("first-")
    return page[0].side


def _notes(sides: str, low_ink: bool) -> list[str]:
    notes = ["Cards: 200-300 g/m\u00b2 matte card stock, colour, duplex flip on long edge. Cut along the cut marks (63 x 88 mm)."]
    if sides == "fronts":
        notes.append("This file holds the fronts only: print it, put the printed stack back in the tray turned over (long edge), then print the backs file.")
    elif sides == "backs":
        notes.append("This file holds the backs only: print it on the back of the printed fronts (turn the stack over on its long edge).")
    if low_ink:
        notes.append("Low-ink print: large colour areas are printed as pale tints.")
    return notes


def card_pdf(printed: PrintDeck, code: str, *, deck: Deck | None = None, back: bool = False) -> bytes:
    """Return a one-page PDF of one card's face (or back) at trim size, no bleed."""
    deck = marks.sized_deck(deck or load_deck(printed.game), printed.module_mm)
    if code not in deck:
        raise CompanionError(f"deck {deck.game!r} has no card {code!r}")
    buf = io.BytesIO()
    w, h = sheets.CARD_W_MM, sheets.CARD_H_MM
    canvas = fonts.new_canvas(buf, (w * mm, h * mm))
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
