"""Print -> rasterise -> decode round trips and position checks on the real PDF output."""

from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest
import zxingcpp

from companion.cards.payloads import new_print
from companion.printing import sheets
from companion.printing.marks import mark_spec
from companion.printing.render import card_image, rasterise_pdf

FORMATS = (zxingcpp.BarcodeFormat.QRCode, zxingcpp.BarcodeFormat.MicroQRCode)


def _page(data: bytes, index: int, dpi: float) -> np.ndarray:
    pdf = pdfium.PdfDocument(data)
    try:
        bitmap = pdf[index].render(scale=dpi / 72.0, grayscale=True)
        return np.array(bitmap.to_numpy()).reshape(bitmap.height, bitmap.width)
    finally:
        pdf.close()


def _page_count(data: bytes) -> int:
    pdf = pdfium.PdfDocument(data)
    try:
        return len(pdf)
    finally:
        pdf.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_mark_on_every_page_decodes_to_the_card_in_its_slot(paper, deck_pdfs, bux_print, bux_deck):
    data = deck_pdfs[paper]
    tpl = sheets.template(paper)
    sides = sheets.pages(tpl, list(bux_print.codes()))
    assert _page_count(data) == len(sides) + 2  # + the registration sheet
    dpi = 200
    px = dpi / 25.4
    seen: dict[str, int] = {}
    for index, side in enumerate(sides):
        gray = _page(data, index, dpi)
        results = zxingcpp.read_barcodes(gray, formats=FORMATS)
        if side[0].side == "back":
            assert results == [], "backs carry no marks"
            continue
        by_slot = {p.slot.index: p.code for p in side}
        for result in results:
            identity = bux_print.identify(result.text)
            assert identity.status == "card", result.text
            pos = result.position
            cx = (pos.top_left.x + pos.bottom_right.x) / 2 / px
            cy = (pos.top_left.y + pos.bottom_right.y) / 2 / px
            slot = next(p.slot for p in side if p.slot.trim.x < cx < p.slot.trim.right and p.slot.trim.y < cy < p.slot.trim.bottom)
            assert by_slot[slot.index] == identity.code
            seen[identity.code] = seen.get(identity.code, 0) + 1
    assert set(seen) == set(bux_deck.codes())
    for code, count in seen.items():
        assert count == int(mark_spec(bux_deck, bux_deck.card(code))["count"]), code


def test_a_second_print_is_not_read_as_this_one(bux_deck, bux_print):
    other = new_print(bux_deck, "other", secret=b"a different secret")
    gray = card_image(other, "heart-x-25", dpi=200)[..., 1]
    texts = {r.text for r in zxingcpp.read_barcodes(gray, formats=FORMATS)}
    assert texts == {other.payload("heart-x-25")}
    assert bux_print.identify(texts.pop()).status == "other_print"


def _first_dark(profile: np.ndarray, threshold: int = 128) -> int:
    dark = np.nonzero(profile < threshold)[0]
    return int(dark[0]) if dark.size else -1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_card_positions_within_0_2_mm(paper, deck_pdfs, bux_deck):
    """Each card's top-left mark starts exactly inset_mm inside its slot's trim corner (measured on the raster)."""
    dpi = 600
    px = dpi / 25.4
    tpl = sheets.template(paper)
    gray = _page(deck_pdfs[paper], 0, dpi)
    inset = float(bux_deck.data["design"]["mark"]["inset_mm"])
    for slot in sheets.slots(tpl):
        x_mm, y_mm = slot.trim.x + inset, slot.trim.y + inset
        # Scan a band across the finder pattern's middle row/column, starting 2 mm before the expected edge.
        row = int((y_mm + 3) * px)
        x0 = int((x_mm - 2) * px)
        found_x = (x0 + _first_dark(gray[row, x0 : x0 + int(5 * px)])) / px
        col = int((x_mm + 3) * px)
        y0 = int((y_mm - 2) * px)
        found_y = (y0 + _first_dark(gray[y0 : y0 + int(5 * px), col])) / px
        assert abs(found_x - x_mm) <= 0.2, (slot.index, found_x, x_mm)
        assert abs(found_y - y_mm) <= 0.2, (slot.index, found_y, y_mm)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cut_marks_sit_on_the_trim_lines(paper, deck_pdfs):
    dpi = 600
    px = dpi / 25.4
    tpl = sheets.template(paper)
    gray = _page(deck_pdfs[paper], 0, dpi)
    y_probe = int((tpl.margin_y - tpl.mark_gap - 0.6) * px)  # inside the top marks, above the grid
    line = gray[y_probe] < 128
    xs = []
    for run in np.split(np.nonzero(line)[0], np.nonzero(np.diff(np.nonzero(line)[0]) > 1)[0] + 1):
        if run.size:
            xs.append((run[0] + run[-1] + 1) / 2 / px)
    expected = sorted({s.trim.x for s in sheets.slots(tpl)} | {s.trim.right for s in sheets.slots(tpl)})
    assert len(xs) == len(expected)
    for found, want in zip(xs, expected):
        assert abs(found - want) <= 0.2, (found, want)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_register_behind_their_faces(paper, deck_pdfs, bux_deck, bux_print):
    """Seen through the sheet (back page flipped left-right), each back panel sits 3 mm inside its face's trim box."""
    dpi = 300
    px = dpi / 25.4
    tpl = sheets.template(paper)
    back = _page(deck_pdfs[paper], 1, dpi)[:, ::-1]
    for slot in sheets.slots(tpl):
        x0, y0 = int(slot.trim.x * px), int(slot.trim.y * px)
        region = back[y0 : y0 + int(slot.trim.h * px), x0 : x0 + int(slot.trim.w * px)]
        mid_row = region[region.shape[0] // 2 - int(30 * px)]  # above the white value circle
        mid_col = region[:, region.shape[1] // 2]
        left = (x0 + _first_dark(mid_row, 100)) / px
        right = (x0 + len(mid_row) - _first_dark(mid_row[::-1], 100)) / px
        top = (y0 + _first_dark(mid_col, 100)) / px
        assert abs(left - (slot.trim.x + 3.0)) <= 0.2, (slot.index, left)
        assert abs(right - (slot.trim.right - 3.0)) <= 0.2, (slot.index, right)
        assert abs(top - (slot.trim.y + 3.0)) <= 0.2, (slot.index, top)


def test_registration_sheet_crosses_meet_their_scales(deck_pdfs):
    from companion.printing.pagemarks import registration_points

    dpi = 150
    px = dpi / 25.4
    tpl = sheets.template("a4")
    n = _page_count(deck_pdfs["a4"])
    front = _page(deck_pdfs["a4"], n - 2, dpi)
    back = _page(deck_pdfs["a4"], n - 1, dpi)[:, ::-1]
    for x, y in registration_points(tpl):
        r, c = int(round(y * px)), int(round(x * px))
        assert front[r, c - 10 : c + 10].min() < 128 and back[r, c - 10 : c + 10].min() < 128


def test_card_image_is_trim_size_and_reads(bux_print):
    img = card_image(bux_print, "bux-3", dpi=300)
    assert abs(img.shape[0] - 88 / 25.4 * 300) <= 1 and abs(img.shape[1] - 63 / 25.4 * 300) <= 1
    # Timer cards are purple: most of the face is the timer colour.
    r, g, b = (img[..., i].astype(int) for i in range(3))
    purple = (b > g + 40) & (r > g + 20)
    assert purple.mean() > 0.3
    texts = {x.text for x in zxingcpp.read_barcodes(img[..., 1], formats=FORMATS)}
    assert texts == {bux_print.payload("bux-3")}


def test_rasterise_pdf_gives_rgb_pages(deck_pdfs):
    pages = rasterise_pdf(deck_pdfs["letter"], 20)
    assert len(pages) == _page_count(deck_pdfs["letter"])
    h, w, channels = pages[0].shape
    assert channels == 3 and abs(h - 279.4 / 25.4 * 20) <= 1 and abs(w - 215.9 / 25.4 * 20) <= 1
