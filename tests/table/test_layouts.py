"""Each game's table layout and plates: the common frame plus the game's own middle plates and zones.

BUX's table is the one the camera always had (every zone and plate where it was); each game's plates
print and the setup check's detector finds them on the real PDF, rasterised; the setup check names a
game's zones and plates in English and Russian; a layout file that names a zone badly is refused plainly.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from companion.cli import main
from companion.errors import CompanionError
from companion.games import game_modules
from companion.table.check_messages import word, zone_names
from companion.table.layouts import layout_file, layout_for, zone_words
from companion.vision import synth
from companion.vision.check import check_setup
from companion.vision.geometry import detect_markers, load_layout

GAMES = ("bux", "grow", "cats", "match")

BUX_BEFORE = {
    "markers": {20: ((45, 45), 0), 21: ((1055, 45), 0), 22: ((1055, 715), 0), 23: ((45, 715), 0),
                1: ((300, 715), 0), 2: ((800, 715), 0), 3: ((1055, 380), 90), 4: ((550, 45), 180), 5: ((45, 380), 270),
                10: ((430, 380), 0), 11: ((600, 380), 0), 12: ((760, 380), 0)},
    "zones": [("seat:1", 1, (90, 545, 520, 690), 0), ("seat:2", 2, (580, 545, 1010, 690), 0),
              ("seat:3", 3, (880, 170, 1030, 590), 90), ("seat:4", 4, (330, 70, 770, 215), 180),
              ("seat:5", 5, (70, 170, 220, 590), 270), ("bid_area", 10, (330, 290, 520, 520), 0),
              ("discard", 11, (530, 290, 680, 520), 0), ("timer_area", 12, (690, 290, 860, 520), 0)],
    "roles": {1: "seat", 2: "seat", 3: "seat", 4: "seat", 5: "seat", 10: "bid_area", 11: "discard", 12: "timer_area",
              20: "corner", 21: "corner", 22: "corner", 23: "corner"},
}
"""calibration/table-layout.json and markers.json before each game owned its layout (main 1262588)."""


def test_bux_s_table_is_the_one_the_camera_always_had():
    layout = layout_for("bux")
    assert dict(layout.markers) == BUX_BEFORE["markers"]
    assert [(z.name, z.marker, z.rect, z.facing) for z in layout.zones] == BUX_BEFORE["zones"]
    assert {i: role["role"] for i, role in layout.roles.items()} == BUX_BEFORE["roles"]
    assert (layout.table_mm, layout.card_mm, layout.marker_mm, layout.zone_margin_mm, layout.dictionary) == \
        ((1100, 760), (63, 88), 50, 40, "DICT_4X4_50")


def test_each_game_lies_its_own_way_over_the_shared_frame():
    frame = load_layout()
    assert [z.name for z in frame.zones] == [f"seat:{n}" for n in range(1, 6)], "the frame names no game's zone"
    middle = {game: {z.name for z in layout_for(game).zones} - {z.name for z in frame.zones} for game in GAMES}
    assert middle == {"bux": {"bid_area", "discard", "timer_area"}, "grow": {"row", "discard"},
                      "cats": {"lot", "stake", "penalties"},
                      "match": {"deck_blue", "discard_blue", "deck_red", "discard_red"}}
    own = {game: set(layout_for(game).markers) - set(frame.markers) for game in GAMES}
    for a in GAMES:
        for b in GAMES:
            assert a == b or not own[a] & own[b], f"{a} and {b} share a middle plate: one would be read as the other's"
    for game in GAMES:
        layout = layout_for(game)
        for zone in layout.zones:
            x0, y0, x1, y1 = zone.rect
            assert 0 <= x0 < x1 <= layout.table_mm[0] and 0 <= y0 < y1 <= layout.table_mm[1], (game, zone)
        for i, ((cx, cy), _rot) in layout.markers.items():
            others = [j for j, ((ox, oy), _r) in layout.markers.items() if j != i and max(abs(ox - cx), abs(oy - cy)) < 50]
            assert not others, f"{game}: plates {i} and {others} overlap"


def test_every_game_s_zone_is_named_in_both_languages_and_the_same_name_the_same_way():
    words = zone_words()
    for game in GAMES:
        for zone in layout_for(game).zones:
            if not zone.name.startswith("seat:"):
                assert zone.name in words["en"] and zone.name in words["ru"], (game, zone.name)
    for game in GAMES:
        body = json.loads(layout_file(game).read_text(encoding="utf-8"))
        for lang, names in body["words"].items():
            for zone, text in names.items():
                assert words[lang][zone] == text, f"{game} names {zone!r} otherwise than another game in {lang}"


@pytest.mark.parametrize("game", GAMES)
def test_each_game_s_plates_print_and_the_setup_check_s_detector_finds_every_one(game, tmp_path):
    out = tmp_path / f"{game}-plates.pdf"
    assert main(["cards", "markers", "--game", game, "--out", str(out), "--quiet"]) == 0
    layout = layout_for(game)
    found: set[int] = set()
    pdf = pdfium.PdfDocument(out.read_bytes())
    try:
        for page in pdf:
            image = np.ascontiguousarray(page.render(scale=100 / 72).to_numpy()[..., :3])  # 100 dpi, as a scan
            found |= set(detect_markers(image, layout))
    finally:
        pdf.close()
    assert found == set(layout.markers)


def test_the_setup_check_names_a_game_s_zones_and_plates_in_both_languages():
    """Grow's table, framed whole, with its row plate covered: the check measures Grow's zones, says the row plate
    is not seen in English and in Russian, and the overlay labels Grow's zones."""
    layout = layout_for("grow")
    frame = synth.render_scene({}, [], synth.Camera(width=1920, height=1080, tilt=10), synth.Nuisance(seed=2),
                               layout=layout, hidden_markers=(13,)).image
    report = check_setup(frame, None, layout=layout)
    assert [z.name for z in report.zones] == [z.name for z in layout.zones]
    not_seen = [said for said in report.advice if said["id"] == "check.not_seen"]
    assert not_seen, report.advice
    assert "the row plate" in word(not_seen[0], "en") and "табличка «ряд раунда»" in word(not_seen[0], "ru")
    assert zone_names("ru", [z.name for z in layout.zones])["row"] == "ряд раунда"
    assert zone_names("en", ["discard_blue"])["discard_blue"] == "blue discard pile"


@pytest.mark.parametrize("zone, said", [
    ({"name": "Bid Area", "rect": [0, 0, 10, 10]}, "a zone named 'Bid Area'"),
    ({"name": "off_table", "rect": [0, 0, 10, 10]}, "never off_table"),
    ({"name": "lot", "rect": [10, 0, 0, 10]}, "zone 'lot' has an empty rectangle"),
    ({"name": "lot", "marker": 44, "rect": [0, 0, 10, 10]}, "ties zones to plates it does not place: [44]"),
    ({"name": "lot"}, "is malformed"),
])
def test_a_layout_file_with_a_bad_zone_is_refused_plainly(tmp_path, zone, said):
    path = tmp_path / "layout.json"
    path.write_text(json.dumps({"markers": [], "zones": [zone]}), encoding="utf-8")
    with pytest.raises(CompanionError) as caught:
        load_layout(path)
    assert said in str(caught.value) and str(path) in str(caught.value)


def test_a_layout_file_may_not_take_a_frame_plate(tmp_path):
    path = tmp_path / "layout.json"
    path.write_text(json.dumps({"markers": [{"id": 3, "role": "lot", "centre": [500, 300]}], "zones": []}), encoding="utf-8")
    with pytest.raises(CompanionError, match="places plate 3, which the common frame already has"):
        load_layout(path)


def test_a_game_without_a_layout_is_followed_seat_by_seat(monkeypatch, tmp_path):
    """The fifth game (tests/high_card) has no table part: its table is the frame, seats and corners, and its plates print."""
    monkeypatch.setenv("COMPANION_GAMES", "tests.high_card")
    assert "high" in game_modules() and layout_file("high") is None
    assert [z.name for z in layout_for("high").zones] == [f"seat:{n}" for n in range(1, 6)]
    out = tmp_path / "high-plates.pdf"
    assert main(["cards", "markers", "--game", "high", "--out", str(out), "--quiet"]) == 0
    pdf = pdfium.PdfDocument(out.read_bytes())
    try:
        assert len(pdf) == 4  # three pages of seat plates, one of corners
    finally:
        pdf.close()


def test_an_unknown_game_has_no_layout():
    with pytest.raises(CompanionError, match="unknown game 'chess'"):
        layout_for("chess")


def test_the_wheel_keeps_each_game_s_layout_beside_its_table_part():
    for game in GAMES:
        assert Path(str(layout_file(game))).parent.name == "table"


def test_camera_check_uses_the_game_of_the_print_or_the_one_named(tmp_path, capsys):
    """`companion camera-check` on a photo of the match's table: the match's zones for a match print; --game bux
    checks the same photo against BUX's table, whose middle plates are not in it."""
    import cv2

    from companion.cards.decks import load_deck
    from companion.cards.payloads import new_print, save_print

    deck_file = tmp_path / "match.print.json"
    save_print(new_print(load_deck("match"), "layout-test", secret=b"layout-test"), deck_file)
    photo = tmp_path / "table.png"
    frame = synth.render_scene({}, [], synth.Camera(width=1920, height=1080, tilt=10), synth.Nuisance(seed=2),
                               layout=layout_for("match")).image
    cv2.imwrite(str(photo), frame)
    assert main(["camera-check", str(photo), "--deck", str(deck_file), "--frames", "1", "--json"]) == 0
    match = json.loads(capsys.readouterr().out)
    assert [z["zone"] for z in match["zones"]] == [z.name for z in layout_for("match").zones]
    assert not match["missing_plates"]
    assert main(["camera-check", str(photo), "--deck", str(deck_file), "--game", "bux", "--frames", "1", "--json"]) == 0
    bux = json.loads(capsys.readouterr().out)
    assert {"bid_area", "timer_area"} <= {z["zone"] for z in bux["zones"]}
    assert any("the bid area plate" in sentence for sentence in bux["advice"]), bux["advice"]


def test_a_game_may_reshape_a_seat_zone_in_place(tmp_path):
    path = tmp_path / "layout.json"
    path.write_text(json.dumps({"zones": [{"name": "seat:1", "marker": 1, "rect": [90, 400, 520, 690]}]}), encoding="utf-8")
    layout = load_layout(path)
    assert [z.name for z in layout.zones] == [z.name for z in load_layout().zones]
    assert layout.zone("seat:1").rect == (90, 400, 520, 690) and layout.zone("seat:2") == load_layout().zone("seat:2")
