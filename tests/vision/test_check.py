"""The setup check on rendered rooms: a good setup passes, and each bad one is named with what to change."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.vision import synth
from companion.table.check_messages import word
from companion.vision.check import check_setup, draw_overlay

from companion.table.layouts import layout_for

BUX_TABLE = layout_for("bux")
"""BUX's table: the scenes are a BUX table's (its bid area, discard and timer area), read with its layout."""

CARDS = [synth.Placement("heart-x-25", (300, 620)), synth.Placement("club-x-50", (900, 620)),
         synth.Placement("spade-oval-50", (600, 470)), synth.Placement("diamond-circle-100", (450, 150), rotation=180),
         synth.Placement("club-square-25", (955, 250), rotation=90), synth.Placement("heart-oval-50", (145, 250), rotation=270)]
"""A few cards laid out where the players will put them, none on a plate."""
ROOM = dict(warm=0.3, light_falloff=0.2, defocus=0.5, noise=2, jpeg=90, seed=1)
"""A living room's ordinary light: warm, a little uneven, a slightly soft webcam."""


def _frame(arts, camera=synth.Camera(width=1920, height=1080, tilt=12), **nuisance):
    return synth.render_scene(arts, CARDS, camera, synth.Nuisance(**{**ROOM, **nuisance}), layout=BUX_TABLE).image


def _english(report) -> list[str]:
    """The report's advice as the CLI says it."""
    return [word(said, "en") for said in report.advice]


def _said(report, *words) -> bool:
    return any(all(w in sentence for w in words) for sentence in _english(report))


def test_a_good_setup_passes_and_says_so(arts, print_deck):
    report = check_setup(_frame(arts), print_deck, layout=BUX_TABLE)
    assert report.ok, report.advice
    assert _english(report)[0].startswith("setup looks good") and report.cards_read == 6
    assert all(z.px_per_module >= 2.0 and z.in_view == 1.0 for z in report.zones)
    assert not report.glare and not report.missing_plates


def test_a_camera_too_far_names_the_zones_below_two_px_per_module_and_what_to_do(arts, print_deck):
    report = check_setup(_frame(arts, synth.Camera(width=1280, height=720, tilt=12, fill=0.75)), print_deck, layout=BUX_TABLE)
    assert not report.ok
    assert _said(report, "seat 3", "below 2 px/module", "closer", "or use 1080p"), report.advice
    assert all(z.px_per_module < 2.0 for z in report.zones)


def test_a_steep_camera_is_told_to_point_more_straight_down(arts, print_deck):
    report = check_setup(_frame(arts, synth.Camera(width=1920, height=1080, tilt=45)), print_deck, layout=BUX_TABLE)
    assert _said(report, "seat 4", "below 2 px/module") and _said(report, "far side", "straight down"), report.advice


def test_a_dark_room_is_told_to_light_the_table(arts, print_deck):
    report = check_setup(_frame(arts, exposure=0.3, noise=4), print_deck, layout=BUX_TABLE)
    assert not report.ok and _said(report, "too dark", "lamp"), report.advice
    assert not report.glare and not _said(report, "the picture is blurred")


def test_glare_is_found_where_the_lamp_reflects(arts, print_deck):
    frame = _frame(arts, glare=2, glare_strength=0.8, seed=5)
    report = check_setup(frame, print_deck, layout=BUX_TABLE)
    assert not report.ok and _said(report, "glare", "tilt the lamp"), report.advice
    assert report.glare
    # The reported area really is washed out: its darkest tenth is far brighter than the table's.
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    x0, y0, x1, y1 = report.glare[0].box
    assert np.percentile(gray[y0:y1, x0:x1], 10) > np.percentile(gray, 10) + 60
    assert not check_setup(_frame(arts, seed=5), print_deck, layout=BUX_TABLE).glare, "the same room without the lamp's glare"


def test_a_blurred_camera_is_told_to_focus(arts, print_deck):
    report = check_setup(_frame(arts, defocus=2.0), print_deck, layout=BUX_TABLE)
    assert not report.ok and _said(report, "blurred", "focus"), report.advice
    # The advice comes from the plates' measured edge blur, not from lost reads: since the sampler reads a
    # blurred finder's crop with the blur undone, all 6 cards read through this defocus (fewer before).
    assert report.plates and all(p.blur_px > 1.5 for p in report.plates), report.plates


def test_a_hidden_plate_is_named(arts, print_deck):
    frame = synth.render_scene(arts, CARDS, synth.Camera(width=1920, height=1080, tilt=12), synth.Nuisance(**ROOM),
                               hidden_markers=(12,), layout=BUX_TABLE).image
    report = check_setup(frame, print_deck, layout=BUX_TABLE)
    assert _said(report, "the timer area plate is not seen (covered"), report.advice


def test_no_plates_at_all_says_how_to_start(print_deck):
    report = check_setup(np.full((540, 960, 3), 120, np.uint8), print_deck, layout=BUX_TABLE)
    assert not report.ok and _english(report)[0].startswith("the table plates are not found")


def test_the_overlay_and_the_json_carry_no_card_codes(arts, print_deck, tmp_path):
    frame = _frame(arts, glare=2, glare_strength=0.8, seed=5)
    report = check_setup(frame, print_deck, layout=BUX_TABLE)
    body = json.dumps(report.to_json())
    assert not any(p.code in body or print_deck.payload(p.code) in body for p in CARDS)
    image = draw_overlay(frame, report)
    assert image.shape == (540, 960, 3)
    # Zones are tinted: the overlay differs from a plain downscale inside the zones.
    plain = cv2.resize(frame, (960, 540), interpolation=cv2.INTER_AREA)
    assert np.abs(image.astype(int) - plain.astype(int)).mean() > 3


def test_camera_check_command_prints_advice_and_writes_the_overlay(arts, print_deck, tmp_path, capsys):
    from companion.cards.payloads import save_print

    deck = tmp_path / "deck.json"
    save_print(print_deck, deck)
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), _frame(arts, exposure=0.3, noise=4))
    overlay = tmp_path / "check.png"
    assert main(["camera-check", str(photo), "--deck", str(deck), "--overlay", str(overlay)]) == 0
    out = capsys.readouterr().out
    assert "Too dark" in out or "too dark" in out
    assert cv2.imread(str(overlay)).shape == (540, 960, 3)
    assert main(["camera-check", str(photo), "--deck", str(deck), "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["ok"] is False and len(body["zones"]) == 8


@pytest.mark.parametrize("argv, message", [
    (["camera-check", "{tmp}/nothing.png", "--deck", "{deck}"], "neither a camera index"),
    (["camera-check", "{photo}", "--deck", "{tmp}/missing.json"], "deck"),
    (["camera-check", "{photo}", "--deck", "{deck}", "--overlay", "{tmp}/x.txt"], "must be a .png or .jpg"),
    (["camera-check", "{photo}", "--deck", "{deck}", "--frames", "0"], "--frames must be 1 or more"),
])
def test_camera_check_refuses_bad_input_in_one_sentence(print_deck, tmp_path, capsys, argv, message):
    from companion.cards.payloads import save_print

    deck = tmp_path / "deck.json"
    save_print(print_deck, deck)
    photo = tmp_path / "t.png"
    cv2.imwrite(str(photo), np.full((60, 80, 3), 100, np.uint8))
    argv = [a.replace("{tmp}", str(tmp_path)).replace("{deck}", str(deck)).replace("{photo}", str(photo)) for a in argv]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err, err


def test_camera_check_reads_a_phone_stream_url(arts, print_deck, tmp_path, capsys):
    """A phone on a stand: its camera app streams MJPEG over Wi-Fi (here on loopback); the check reads the URL."""
    from companion.cards.payloads import save_print

    from .mjpeg import MjpegServer

    deck = tmp_path / "deck.json"
    save_print(print_deck, deck)
    with MjpegServer(image=_frame(arts, glare=2, glare_strength=0.8, seed=5)) as phone:
        assert main(["camera-check", phone.url, "--deck", str(deck), "--frames", "3", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["size"] == [1920, 1080] and body["cards_read"] >= 5
    assert any("glare" in sentence for sentence in body["advice"]) and body["glare"]


def test_a_camera_too_close_is_told_how_much_to_raise_it(arts, print_deck):
    """The issue's example: zones cut off by a camera too low ('raise the camera 15 cm')."""
    report = check_setup(_frame(arts, synth.Camera(width=1920, height=1080, tilt=12, fill=1.25)), print_deck, layout=BUX_TABLE)
    assert _said(report, "the seat 1 plate", "outside the picture", "raise the camera about", "cm"), report.advice
    raise_cm = int(next(s for s in _english(report) if "raise the camera about" in s).split("about ")[1].split(" cm")[0])
    # The truth: how far the renderer's camera sits from where the whole table (margin included) just fits.
    from companion.vision.geometry import load_layout

    fits = synth.camera_model(synth.Camera(width=1920, height=1080, tilt=12), BUX_TABLE)[2]
    now = synth.camera_model(synth.Camera(width=1920, height=1080, tilt=12, fill=1.25), BUX_TABLE)[2]
    true_cm = float(np.linalg.norm(fits - now)) / 10
    assert abs(raise_cm - true_cm) <= max(5.0, 0.35 * true_cm), (raise_cm, true_cm)


def test_doctests():
    import doctest

    from companion.vision import check

    assert doctest.testmod(check).failed == 0


def test_the_overlay_labels_zones_in_another_script(arts, print_deck):
    """Zone names in Russian (OpenCV's font draws ASCII only): drawn, in the labels' places only."""
    from companion.table.check_messages import zone_names

    frame = _frame(arts)
    report = check_setup(frame, print_deck, layout=BUX_TABLE)
    english = draw_overlay(frame, report).astype(int)
    russian = draw_overlay(frame, report, names=zone_names("ru"), decimal=",").astype(int)
    assert russian.shape == english.shape
    changed = np.abs(russian - english).max(axis=2) > 40
    assert 0.002 < changed.mean() < 0.1
    assert (draw_overlay(frame, report, names=zone_names("en")) == english).all()
