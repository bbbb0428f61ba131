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
        ("letter", 0, 0, 9.45, 7.7),
        ("letter", 2, 1, 143.45, 95.7),
        ("letter", 1, 2, 76.45, 183.7),
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
        ("a4", 0, 3.0, 2.0, 3.0, 2.0),  # outer bleed 3 mm, inner half the 4 mm gutter
        ("a4", 4, 2.0, 2.0, 2.0, 2.0),
        ("a4", 8, 2.0, 3.0, 2.0, 3.0),
        ("letter", 4, 2.0, 2.0, 0.0, 0.0),  # rows share one cut on Letter
        ("letter", 6, 3.0, 2.0, 0.0, 3.0),
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


def test_cut_marks_extend_every_card_edge_outside_the_grid():
    tpl = sheets.template("a4")
    marks = sheets.cut_marks(tpl)
    vertical = {m.x1 for m in marks if m.x1 == m.x2}
    horizontal = {m.y1 for m in marks if m.y1 == m.y2}
    assert vertical == {6.5, 69.5, 73.5, 136.5, 140.5, 203.5}
    assert horizontal == {12.5, 100.5, 104.5, 192.5, 196.5, 284.5}
    for m in marks:
        for x, y in ((m.x1, m.y1), (m.x2, m.y2)):
            inside_grid = tpl.margin_x < x < tpl.paper_w - tpl.margin_x and tpl.margin_y < y < tpl.paper_h - tpl.margin_y
            assert not inside_grid
            assert 0 < x < tpl.paper_w and 0 < y < tpl.paper_h


def test_unknown_paper():
    with pytest.raises(ValueError, match="unknown paper"):
        sheets.template("a3")
