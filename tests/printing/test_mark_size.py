"""The print chooses its mark size from the camera and the table (`cards print --camera 1080p --table 120x80cm`)."""

from __future__ import annotations

import math

import numpy as np
import pypdfium2 as pdfium
import pytest
import zxingcpp

from companion.cards.decks import load_deck
from companion.cards.payloads import load_print
from companion.cli import main
from companion.commands.mark_size import choose, sentence
from companion.printing.marks import largest_module_mm, printable_modules
from companion.printing.render import rasterise_pdf
from companion.vision.coverage import View, coverage, parse_resolution, parse_table, smallest_module

FORMATS = (zxingcpp.BarcodeFormat.MicroQRCode,)
HD, FOUR_K, SD = parse_resolution("1080p"), parse_resolution("4K"), parse_resolution("720p")


def test_an_overhead_camera_fitting_the_table_gives_the_frame_s_short_side_over_the_table_s():
    """A table seen square-on has one scale: 1080 px over the 80 cm side plus the fitting margins (2 x 2 cm)."""
    got = coverage(View(*HD), parse_table("120x80cm"))
    assert got.worst_px_per_mm == pytest.approx(1080 / 840, rel=2e-3)
    assert got.best_px_per_mm == pytest.approx(got.worst_px_per_mm, rel=1e-6) and got.in_view == 1.0
    # At a given height the scale is the focal length over the height: 960 px / tan(35 degrees) at 1 m.
    at = coverage(View(*HD, camera_height_mm=1000.0), parse_table("120x80cm"))
    assert at.worst_px_per_mm == pytest.approx(960 / math.tan(math.radians(35)) / 1000, rel=1e-3)
    assert at.camera_height_mm == pytest.approx(1000.0)


def test_a_tilted_camera_s_worst_place_is_the_far_edge():
    got = coverage(View(*HD, tilt=30), parse_table("120x80cm"))
    assert got.worst_mm[1] == pytest.approx(40.0) and got.best_px_per_mm > 1.5 * got.worst_px_per_mm


def test_a_bigger_table_or_a_lower_resolution_needs_bigger_modules_and_a_4k_camera_keeps_2_mm():
    sizes = (2.0, 2.1, 2.2, 2.3, 2.4, 2.5, 2.75, 3.0, 3.5, 4.0)

    def module(size, table, **placed):
        return smallest_module(coverage(View(*size, **placed), parse_table(table)).worst_px_per_mm, sizes)

    assert module(HD, "120x80cm") == 2.0  # 2.57 px/module
    assert module(HD, "160x100cm") == 2.5  # 1080 px over 104 cm: 1.04 px/mm, 2.4 mm gives 2.49
    assert module(SD, "120x80cm") == 3.0  # 720 px over 84 cm: 0.86 px/mm
    assert module(SD, "200x120cm") is None
    assert module(FOUR_K, "120x80cm", tilt=30) == 2.0 and module(FOUR_K, "160x100cm", tilt=35) == 2.0


def test_the_choice_is_capped_by_what_the_cards_carry_and_says_which_camera_would_read():
    bux = load_deck("bux")
    assert largest_module_mm(bux) == 2.1 and printable_modules(bux) == (2.0, 2.1)
    table = parse_table("120x80cm")
    fine = choose(bux, View(*FOUR_K, tilt=30), table)
    assert (fine.module_mm, fine.reads_everywhere) == (2.0, True) and fine.worst_px_per_module >= 2.5
    just = choose(bux, View(*HD), parse_table("130x85cm"))  # 1080 / 890 mm = 1.21 px/mm: 2.1 mm gives 2.55
    assert (just.module_mm, just.reads_everywhere) == (2.1, True), just
    side = choose(bux, View(*HD, tilt=25), table)  # 1.9 px/module with 2 mm: 2.63 mm needed
    assert (side.module_mm, side.reads_everywhere) == (2.1, False) and side.worst_px_per_module < 2.5
    assert side.instead is not None and side.instead.tilt == 25 and side.instead.width > 1920
    assert coverage(side.instead, table).worst_px_per_module(2.1) >= 2.5


def test_a_camera_set_too_low_to_see_the_table_is_told_to_rise():
    choice = choose(load_deck("bux"), View(*HD, camera_height_mm=600.0), parse_table("120x80cm"))
    assert not choice.reads_everywhere and 0 < choice.seen.in_view < 1
    assert sentence(choice).endswith(f"shows only {choice.seen.in_view:.0%} of it: raise the camera"), sentence(choice)


def _deck_file(tmp_path):
    return tmp_path / "bux.deck.json"


def _marks(data: bytes, page: int, dpi: float):
    gray = rasterise_pdf(data, dpi)[page][..., 1]
    return zxingcpp.read_barcodes(np.ascontiguousarray(gray), formats=FORMATS)


def _side_mm(result, dpi: float) -> float:
    p = result.position
    corners = np.array([[p.top_left.x, p.top_left.y], [p.top_right.x, p.top_right.y],
                        [p.bottom_right.x, p.bottom_right.y], [p.bottom_left.x, p.bottom_left.y]], float)
    return float(np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1).mean()) / (dpi / 25.4)


def test_print_for_a_camera_prints_the_chosen_size_records_it_and_says_so(tmp_path, capsys):
    out = tmp_path / "bux.pdf"
    argv = ["cards", "print", "--game", "bux", "--out", str(out), "--quiet", "--no-first-sheet", "--no-parts",
            "--camera", "1080p", "--table", "130x85cm"]
    assert main(argv) == 0
    said = capsys.readouterr().out.strip().splitlines()[-1]
    assert said.startswith("marks printed with 2.1 mm modules (31.5 mm marks): over a 130 x 85 cm table, a 1080p camera")
    assert "2.55 px/module at the worst place" in said, said
    printed = load_print(_deck_file(tmp_path))
    assert printed.module_mm == 2.1  # where the camera's reader takes it from
    data = out.read_bytes()
    dpi = 150
    found = _marks(data, 0, dpi)
    assert len(found) >= 16 and all(printed.identify(r.text).status == "card" for r in found)
    assert all(abs(_side_mm(r, dpi) - 31.5) < 0.6 for r in found), [_side_mm(r, dpi) for r in found]
    pdf = pdfium.PdfDocument(data)
    try:
        footer = pdf[0].get_textpage().get_text_range()
    finally:
        pdf.close()
    assert "(" + printed.print_id + ") - 31.5 mm marks - sheet" in footer, footer
    # A reprint keeps the print's size; another size needs a new print.
    again = tmp_path / "lost.pdf"
    assert main(["cards", "print", "--out", str(again), "--deck", str(_deck_file(tmp_path)), "--cards", "spade-x-50",
                 "--quiet"]) == 0
    sides = [_side_mm(r, dpi) for r in _marks(again.read_bytes(), 0, dpi)]
    assert len(sides) == 2 and all(abs(side - 31.5) < 0.6 for side in sides), sides
    assert main(["cards", "print", "--out", str(again), "--deck", str(_deck_file(tmp_path)), "--cards", "spade-x-50",
                 "--quiet", "--module-mm", "2"]) == 1
    assert "a reprint keeps its marks' size" in capsys.readouterr().err


def test_a_camera_that_needs_more_than_the_cards_carry_prints_the_largest_and_says_what_would_read(tmp_path, capsys):
    out = tmp_path / "bux.pdf"
    assert main(["cards", "print", "--game", "bux", "--out", str(out), "--quiet", "--no-first-sheet", "--no-parts",
                 "--camera", "720p", "--table", "120x80cm", "--camera-tilt", "25"]) == 0
    said = capsys.readouterr().out.strip().splitlines()[-1]
    assert said.startswith("no printable mark size reads everywhere: with 2.1 mm modules (31.5 mm marks), the largest")
    assert said.endswith("would"), said
    assert load_print(_deck_file(tmp_path)).module_mm == 2.1


def test_a_4k_camera_keeps_the_2_mm_marks_and_a_table_alone_says_which_camera_they_need(tmp_path, capsys):
    out = tmp_path / "bux.pdf"
    assert main(["cards", "print", "--game", "bux", "--out", str(out), "--quiet", "--no-first-sheet", "--no-parts",
                 "--camera", "4K", "--table", "120x80cm", "--camera-tilt", "30"]) == 0
    assert "marks printed with 2 mm modules (30 mm marks)" in capsys.readouterr().out
    assert "module_mm" not in _deck_file(tmp_path).read_text()  # the default size: deck files as before
    assert all(abs(_side_mm(r, 150) - 30) < 0.6 for r in _marks(out.read_bytes(), 0, 150))
    _deck_file(tmp_path).unlink()
    assert main(["cards", "print", "--game", "bux", "--out", str(out), "--quiet", "--no-first-sheet", "--no-parts",
                 "--table", "120x80cm"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == (
        "marks printed with 2 mm modules (30 mm marks): a 120 x 80 cm table needs a 1080p camera (70 degrees wide) "
        "overhead, just high enough to see it all (2.57 px/module at the worst place)")


@pytest.mark.parametrize("flag, value, says", [
    ("--table", "12x8cm", "argument --table: table '12x8cm': give its sides like 120x80cm (each 30 cm to 4 m)"),
    ("--table", "big", "argument --table: table 'big': give its sides like 120x80cm"),
    ("--camera", "8p", "argument --camera: camera '8p': give 720p, 1080p, 1440p, 4K or a size like 1920x1080"),
    ("--camera", "10x10", "argument --camera: camera '10x10'"),
    ("--camera-tilt", "80", "argument --camera-tilt: --camera-tilt must be a number from 0 to 60 degrees, not '80'"),
])
def test_bad_camera_or_table_is_refused_with_one_line_and_status_2(tmp_path, capsys, flag, value, says):
    argv = ["cards", "print", "--game", "bux", "--out", str(tmp_path / "x.pdf"), flag, value]
    if flag != "--table":
        argv += ["--table", "120x80cm"]
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert says in err[-1] and err[-1].startswith("companion cards print: error: "), err
    assert not (tmp_path / "x.pdf").exists() and not (tmp_path / "x.deck.json").exists()


def test_a_camera_without_a_table_is_refused(tmp_path, capsys):
    assert main(["cards", "print", "--game", "bux", "--out", str(tmp_path / "x.pdf"), "--camera", "1080p"]) == 1
    assert "--camera needs --table" in capsys.readouterr().err
    assert not (tmp_path / "x.deck.json").exists()


def test_the_first_sheet_notes_a_print_s_mark_size(bux_deck):
    import io

    from companion.cards.payloads import new_print
    from companion.printing.render import write_deck_pdf

    buf = io.BytesIO()
    printed = new_print(bux_deck, "sized", secret=b"sized-print-secret", module_mm=2.1)
    write_deck_pdf(printed, bux_deck, "a4", buf, codes=["heart-x-25"], parts=False, sides="fronts")
    pdf = pdfium.PdfDocument(buf.getvalue())
    try:
        text = " ".join(pdf[0].get_textpage().get_text_range().split())
    finally:
        pdf.close()
    assert "Marks: 2.1 mm modules (31.5 mm), sized for the camera and table" in text, text


@pytest.mark.parametrize("game", ["bux", "cats", "grow", "match"])
def test_at_the_largest_size_a_deck_carries_no_word_of_a_face_lies_under_a_mark(game):
    """The marks' white plates (mark and quiet zone) are drawn last: a word under one would be cut off. The middle
    band's titles shrink with the band (faces.BAND_MM), and every other text fits its box."""
    from companion.cards.payloads import new_print
    from companion.printing.marks import QUIET_MODULES, mark_spec, sized_deck
    from companion.printing.render import card_pdf
    from tests.printing.pdf_text import words_with_boxes

    deck = load_deck(game)
    module = largest_module_mm(deck)
    assert module is not None and module > 2.0
    printed = new_print(deck, "largest", secret=b"largest-marks", module_mm=module)
    sized = sized_deck(deck, module)
    kinds: dict[str, list[str]] = {}
    for code in printed.codes():
        kinds.setdefault(deck.card(code).kind, []).append(code)
    for codes in kinds.values():
        for code in codes[:3] + codes[-2:]:
            spec = mark_spec(sized, sized.card(code))
            size, inset = float(spec["size_mm"]), float(spec["inset_mm"])
            quiet = QUIET_MODULES * size / 15
            plates = [(inset - quiet, inset - quiet, inset + size + quiet, inset + size + quiet),
                      (63 - inset - size - quiet, 88 - inset - size - quiet, 63 - inset + quiet, 88 - inset + quiet)]
            if int(spec["count"]) == 1:
                plates = plates[1:]
            for word_, (left, top, right, bottom) in words_with_boxes(card_pdf(printed, code, deck=deck), 0):
                for x0, y0, x1, y1 in plates:
                    overlap = min(right, x1) - max(left, x0), min(bottom, y1) - max(top, y0)
                    assert min(overlap) <= 0.15, (code, word_, (left, top, right, bottom), (x0, y0, x1, y1))
