"""Print -> rasterise -> decode round trips and position checks on the real PDF output."""

from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest
import zxingcpp

from companion.cards.payloads import new_print
from companion.printing import sheets
from companion.printing.marks import mark_spec
from tests.printing.pdf_text import word_centres
from companion.printing.render import card_image, deck_layout, rasterise_pdf

FORMATS = (zxingcpp.BarcodeFormat.QRCode, zxingcpp.BarcodeFormat.MicroQRCode)
FIRST = 2  # the first sheet's two pages come before the cards


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
    sides = deck_layout(bux_print, bux_deck, paper)
    assert _page_count(data) == len(sides) + 2  # + the first sheet (contents, registration test)
    dpi = 200
    px = dpi / 25.4
    seen: dict[str, int] = {}
    for index, side in enumerate(sides):
        gray = _page(data, index + FIRST, dpi)
        results = zxingcpp.read_barcodes(gray, formats=FORMATS)
        if side[0].side == "back":
            assert results == [], "backs carry no marks"
            continue
        by_slot = {p.slot.index: p.code for p in side if not p.part}
        for result in results:
            identity = bux_print.identify(result.text)
            assert identity.status == "card", result.text
            pos = result.position
            cx = (pos.top_left.x + pos.bottom_right.x) / 2 / px
            cy = (pos.top_left.y + pos.bottom_right.y) / 2 / px
            slot = next(p.slot for p in side if p.slot.trim.x < cx < p.slot.trim.right and p.slot.trim.y < cy < p.slot.trim.bottom)
            assert slot.index in by_slot, "a mark on a part"
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
    gray = _page(deck_pdfs[paper], FIRST, dpi)
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
def test_cut_marks_sit_on_the_trim_lines_and_show_every_cut(paper, deck_pdfs):
    """Every drawn tick lies on its cut line (0.2 mm) in white paper, and every cut line has ticks at both its ends' sides."""
    dpi = 600
    px = dpi / 25.4
    tpl = sheets.template(paper)
    gray = _page(deck_pdfs[paper], FIRST, dpi)
    marks = sheets.cut_marks(tpl)
    for m in marks:
        mid_x, mid_y = (m.x1 + m.x2) / 2, (m.y1 + m.y2) / 2
        if m.x1 == m.x2:  # vertical tick: scan across it
            row, x0 = int(mid_y * px), int((m.x1 - 0.8) * px)
            profile = gray[row, x0 : x0 + int(1.6 * px)]
        else:
            col, x0 = int(mid_x * px), int((m.y1 - 0.8) * px)
            profile = gray[x0 : x0 + int(1.6 * px), col]
        dark = np.nonzero(profile < 128)[0]
        assert dark.size, m
        found = (x0 + (dark[0] + dark[-1] + 1) / 2) / px
        assert abs(found - (m.x1 if m.x1 == m.x2 else m.y1)) <= 0.2, (m, found)
        assert profile.max() > 240, f"tick {m} is not on white paper"
    xs, ys = sheets.cut_lines(tpl)
    for x in xs:
        ticks = [m for m in marks if m.x1 == m.x2 == x]
        assert len(ticks) >= 2, (paper, "vertical cut", x)
    for y in ys:
        ticks = [m for m in marks if m.y1 == m.y2 == y]
        left = [m for m in ticks if max(m.x1, m.x2) < tpl.paper_w / 2]
        right = [m for m in ticks if min(m.x1, m.x2) > tpl.paper_w / 2]
        assert left and right, (paper, "horizontal cut", y)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_register_behind_their_faces(paper, deck_pdfs, bux_deck, bux_print):
    """Seen through the sheet (back page flipped left-right), each back panel sits 3 mm inside its face's trim box."""
    dpi = 300
    px = dpi / 25.4
    tpl = sheets.template(paper)
    back = _page(deck_pdfs[paper], FIRST + 1, dpi)[:, ::-1]
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


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_registration_test_reads_a_shifted_back_with_the_sign_its_legend_states(paper, deck_pdfs):
    """The first sheet is the registration test. A back that lands 2 mm right and 1 mm low (seen from the front)
    reads +2 on the horizontal scale and +1 on the vertical: the legend says "+x = the back lands to the right,
    +y = the back lands lower"."""
    from companion.printing.pagemarks import REGISTRATION_LEGEND, registration_points

    data = deck_pdfs[paper]
    dpi = 254  # 10 px per mm: the simulated shift is whole pixels
    px = dpi / 25.4
    tpl = sheets.template(paper)
    assert "+x = the back lands to the right, +y = the back lands lower" in " ".join(REGISTRATION_LEGEND)
    front = _page(data, 0, dpi)
    back = _page(data, 1, dpi)
    # Seen from the front through the sheet, the back is mirrored left-right; the printer moves it by (+2, +1) mm.
    dx, dy = 2.0, 1.0
    seen = np.full_like(back, 255)
    mirrored = back[:, ::-1]
    sx, sy = int(dx * px), int(dy * px)
    seen[sy:, sx:] = mirrored[: mirrored.shape[0] - sy, : mirrored.shape[1] - sx]
    labels = word_centres(data, 1)
    for x, y in registration_points(tpl):
        # The cross on the front, found on the raster: its arms' dark rows and columns.
        cx, cy = _cross_centre(front, x, y, px)
        assert abs(cx - x) < 0.2 and abs(cy - y) < 0.2
        # The back scale's centre, found on the shifted raster, sits where the printer moved it.
        sx_mm, sy_mm = _cross_centre(seen, x + dx, y + dy, px, reach=5)
        assert abs(sx_mm - (x + dx)) < 0.2 and abs(sy_mm - (y + dy)) < 0.2
        # Read the scales as a person does: where the cross falls between the printed labels.
        near = [(t, bx, by) for t, bx, by in labels if abs(tpl.paper_w - bx - x) < 14 and abs(by - y) < 14]
        # Horizontal labels share one row 8 mm under the scale; the vertical ones stand beside their ticks.
        row = [by for _, _, by in near if abs(by - y - 7.4) < 1.0]
        horizontal = [(int(t), tpl.paper_w - bx + dx) for t, bx, by in near if abs(by - y - 7.4) < 1.0]
        vertical = [(int(t), by + dy) for t, bx, by in near if abs(by - y - 7.4) >= 1.0]
        assert len(set(np.round(row, 1))) == 1
        assert len(horizontal) == 4 and len(vertical) == 4, near
        read_x = np.polyval(np.polyfit([p for _, p in horizontal], [v for v, _ in horizontal], 1), cx)
        read_y = np.polyval(np.polyfit([p for _, p in vertical], [v for v, _ in vertical], 1), cy)
        assert read_x == pytest.approx(dx, abs=0.3), (x, y, read_x)
        assert read_y == pytest.approx(dy, abs=0.3), (x, y, read_y)


def _cross_centre(gray: np.ndarray, x_mm: float, y_mm: float, px: float, reach: float = 8) -> tuple[float, float]:
    """Return (x, y) mm of the long dark lines crossing near a point: the column and row darkest along their length."""
    x0, x1 = int((x_mm - reach) * px), int((x_mm + reach) * px)
    y0, y1 = int((y_mm - reach) * px), int((y_mm + reach) * px)
    window = (gray[y0:y1, x0:x1] < 128).astype(int)
    col = x0 + int(np.argmax(window.sum(axis=0)))
    row = y0 + int(np.argmax(window.sum(axis=1)))
    return (col + 0.5) / px, (row + 0.5) / px


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
