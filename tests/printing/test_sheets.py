"""Table-driven tests of the pure sheet layout: slots, bleeds, duplex mirroring, cut marks, pages."""

from __future__ import annotations

import pytest

from companion.printing import sheets


@pytest.mark.parametrize(
    "paper, col, row, x, y",
    [
        ("a4", 0, 0, 6.5, 12.5),
        ("a4", 1, 0, 73.5, 12.5),
        ("a4", 2, 2, 140.5, 196.5),
        ("letter", 0, 0, 9.45, 5.7),
        ("letter", 2, 1, 143.45, 95.7),  # rows 2 mm apart on Letter too
        ("letter", 1, 2, 76.45, 185.7),
    ],
)
def test_slot_trim_positions(paper, col, row, x, y):
    tpl = sheets.template(paper)
    slot = sheets.slots(tpl)[row * 3 + col]
    assert (slot.col, slot.row) == (col, row)
    assert slot.trim.x == pytest.approx(x, abs=1e-6)
    assert slot.trim.y == pytest.approx(y, abs=1e-6)
    assert (slot.trim.w, slot.trim.h) == (63.0, 88.0)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_grid_is_centred_and_on_the_paper(paper):
    tpl = sheets.template(paper)
    s = sheets.slots(tpl)
    assert len(s) == 9
    assert s[0].trim.x == pytest.approx(tpl.paper_w - s[2].trim.right)
    assert s[0].trim.y == pytest.approx(tpl.paper_h - s[8].trim.bottom)
    for slot in s:
        assert slot.bleed.x >= 0 and slot.bleed.right <= tpl.paper_w
        assert slot.bleed.y >= 0 and slot.bleed.bottom <= tpl.paper_h


@pytest.mark.parametrize(
    "paper, index, left, right, top, bottom",
    [
        ("a4", 0, 1.2, 1.0, 3.0, 1.0),  # outer bleed stops 5.3 mm from the paper edge; inner a quarter of the 4 mm gutter
        ("a4", 4, 1.0, 1.0, 1.0, 1.0),
        ("a4", 8, 1.0, 1.2, 1.0, 3.0),
        ("letter", 4, 1.0, 1.0, 0.5, 0.5),  # Letter rows: 2 mm gutters, 0.5 mm bleed each side
        ("letter", 6, 1.5, 1.0, 0.5, 0.5),
    ],
)
def test_bleed_per_edge(paper, index, left, right, top, bottom):
    slot = sheets.slots(sheets.template(paper))[index]
    assert slot.trim.x - slot.bleed.x == pytest.approx(left)
    assert slot.bleed.right - slot.trim.right == pytest.approx(right)
    assert slot.trim.y - slot.bleed.y == pytest.approx(top)
    assert slot.bleed.bottom - slot.trim.bottom == pytest.approx(bottom)


def test_neighbouring_bleeds_never_overlap():
    for paper in sheets.TEMPLATES:
        s = sheets.slots(sheets.template(paper))
        for a in s:
            for b in s:
                if a is b:
                    continue
                overlap_x = min(a.bleed.right, b.bleed.right) - max(a.bleed.x, b.bleed.x)
                overlap_y = min(a.bleed.bottom, b.bleed.bottom) - max(a.bleed.y, b.bleed.y)
                assert overlap_x <= 1e-9 or overlap_y <= 1e-9, (paper, a.index, b.index)


@pytest.mark.parametrize(
    "paper, front_index, back_col, back_x",
    [
        ("a4", 0, 2, 140.5),  # long-edge flip: left column's back prints in the right column
        ("a4", 1, 1, 73.5),
        ("a4", 5, 0, 6.5),
        ("letter", 0, 2, 143.45),
        ("letter", 8, 0, 9.45),
    ],
)
def test_mirror_slot_long_edge(paper, front_index, back_col, back_x):
    tpl = sheets.template(paper)
    front = sheets.slots(tpl)[front_index]
    back = sheets.mirror_slot(tpl, front)
    assert back.col == back_col and back.row == front.row
    assert back.trim.x == pytest.approx(back_x)
    assert back.trim.y == front.trim.y
    # Seen through the sheet, the back's trim box covers the front's exactly.
    assert tpl.paper_w - back.trim.right == pytest.approx(front.trim.x)
    assert tpl.paper_w - back.bleed.right == pytest.approx(front.bleed.x)


def test_pages_pair_fronts_with_mirrored_backs():
    tpl = sheets.template("a4")
    codes = [f"c{i}" for i in range(20)]
    sides = sheets.pages(tpl, codes)
    assert [len(s) for s in sides] == [9, 9, 9, 9, 2, 2]
    assert [s[0].side for s in sides] == ["front", "back"] * 3
    for front, back in zip(sides[0::2], sides[1::2]):
        assert [p.code for p in front] == [p.code for p in back]
        for f, b in zip(front, back):
            assert b.slot == sheets.mirror_slot(tpl, f.slot)
    assert [p.code for s in sides[0::2] for p in s] == codes


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cut_marks_mark_every_cut_line_off_the_cards_and_clear_of_the_edge(paper):
    tpl = sheets.template(paper)
    marks = sheets.cut_marks(tpl)
    xs, ys = sheets.cut_lines(tpl)
    assert {m.x1 for m in marks if m.x1 == m.x2} == set(xs)
    assert {m.y1 for m in marks if m.y1 == m.y2} == set(ys)
    for m in marks:
        assert min(m.x1, m.x2, m.y1, m.y2) >= tpl.safe_edge, m
        assert max(m.x1, m.x2) <= tpl.paper_w - tpl.safe_edge and max(m.y1, m.y2) <= tpl.paper_h - tpl.safe_edge, m
        for slot in sheets.slots(tpl):  # never over any card's bleed
            b = slot.bleed
            over_x = min(max(m.x1, m.x2), b.right) - max(min(m.x1, m.x2), b.x)
            over_y = min(max(m.y1, m.y2), b.bottom) - max(min(m.y1, m.y2), b.y)
            assert over_x < 1e-6 or over_y < 1e-6, (m, slot.index)


def test_a4_cut_marks_by_place():
    tpl = sheets.template("a4")
    marks = set(sheets.cut_marks(tpl))
    assert sheets.CutMark(6.5, 9.0, 6.5, 5.3) in marks  # top margin, above the bleed
    assert sheets.CutMark(69.5, 101.5, 69.5, 103.5) in marks  # across the white of a row gutter
    assert sheets.CutMark(70.5, 12.5, 72.5, 12.5) in marks  # across the white of a column gutter
    assert not [m for m in marks if m.y1 == m.y2 and min(m.x1, m.x2) < tpl.margin_x]  # A4 sides: no room


def test_no_ticks_inside_a_part_spanning_several_places():
    tpl = sheets.template("a4")
    board = sheets.block_slot(tpl, 0, 1, 3, 2)
    inside = [m for m in sheets.cut_marks(tpl, skip=[board]) if board.trim.y < (m.y1 + m.y2) / 2 < board.trim.bottom]
    assert not [m for m in inside if board.trim.x < (m.x1 + m.x2) / 2 < board.trim.right]
    # Left out: the row gutter's 4 inner ticks, and 2 in each of the 2 column gutters; the board's own edges keep theirs.
    assert len(sheets.cut_marks(tpl)) - len(sheets.cut_marks(tpl, skip=[board])) == 4 + 2 * 2


def test_parts_fill_the_last_card_sheet_first_then_new_sheets():
    tpl = sheets.template("a4")
    codes = [f"c{i}" for i in range(10)]  # the second sheet holds one card
    parts = [sheets.PartSize(f"chips-{k}") for k in range(1, 6)] + [sheets.PartSize("board", 3, 2)]
    sides = sheets.pages(tpl, codes, parts=parts)
    assert [len(s) for s in sides] == [9, 9, 6, 6, 1, 1]
    second = sides[2]
    assert [p.code for p in second] == ["c9", "chips-1", "chips-2", "chips-3", "chips-4", "chips-5"]
    assert [p.slot.index for p in second] == [0, 1, 2, 3, 4, 5]
    board = sides[4][0]
    assert board.part and (board.slot.col, board.slot.row, board.slot.span_cols, board.slot.span_rows) == (0, 0, 3, 2)
    back = sides[5][0].slot
    assert back.trim == sheets.Rect(tpl.paper_w - board.slot.trim.right, board.slot.trim.y, board.slot.trim.w, board.slot.trim.h)
    with pytest.raises(ValueError, match="card places"):
        sheets.pages(tpl, codes, parts=[sheets.PartSize("huge", 4, 1)])


def test_unknown_paper():
    with pytest.raises(ValueError, match="unknown paper"):
        sheets.template("a3")
