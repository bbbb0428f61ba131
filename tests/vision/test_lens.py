"""Lens calibration end to end: the printed board (the real PDF, rasterised) seen through a known lens.

The board is printed by `companion cards lens-board`, rasterised, and photographed by a
simulated camera with barrel distortion at several poses (synth.view_of_page traces every
pixel back through the lens to the page). `companion calibrate` must recover that lens,
and a table scene read with the recovered lens file must give more edge marks and truer
table positions than without it.
"""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.printing.lens_board import board_origin_mm
from companion.printing.render import rasterise_pdf
from companion.vision import synth
from companion.vision.geometry import load_layout
from companion.vision.lens import Lens, LensSession, find_board, load_lens
from companion.vision.pipeline import Pipeline

from companion.table.layouts import layout_for

BUX_TABLE = layout_for("bux")
"""BUX's table: the scenes are a BUX table's (its bid area, discard and timer area), read with its layout."""

VIEW = (960, 540)
"""Board views are rendered at this modest size; the lens is then used on 1080p frames (for_size)."""
SCENE_CAMERA = synth.Camera(width=1920, height=1080, tilt=10, hfov=75, k1=-0.15)
"""A wide-angle camera with strong barrel distortion (a phone's wide lens over the table)."""
DPI = 100.0


@pytest.fixture(scope="module")
def board_page(tmp_path_factory):
    """Return the lens board page of the real PDF, rasterised (BGR), and its px per mm."""
    out = tmp_path_factory.mktemp("board") / "board.pdf"
    assert main(["cards", "lens-board", "--paper", "a4", "--out", str(out)]) == 0
    (page,) = rasterise_pdf(out.read_bytes(), DPI)
    return np.ascontiguousarray(page[..., ::-1]), DPI / 25.4


@pytest.fixture(scope="module")
def truth():
    """Return the true lens of the scene camera, at the board views' size."""
    k, _, _ = synth.camera_model(SCENE_CAMERA, BUX_TABLE)
    lens = Lens(camera_matrix=k, dist_coeffs=np.array([[SCENE_CAMERA.k1, 0, 0, 0]]),
                size=(SCENE_CAMERA.width, SCENE_CAMERA.height))
    return lens.for_size(VIEW)


@pytest.fixture(scope="module")
def views(board_page, truth, tmp_path_factory):
    """Return a folder of rendered board views (PNG), as a camera would have taken them."""
    page, ppm = board_page
    folder = tmp_path_factory.mktemp("views")
    ox, oy = board_origin_mm("a4")
    for i, (rvec, tvec) in enumerate(synth.page_poses(truth.camera_matrix, VIEW, (ox + 75.0, oy + 105.0))):
        frame = synth.view_of_page(page, ppm, truth.camera_matrix, truth.dist_coeffs, rvec, tvec, VIEW,
                                   defocus=0.6, noise=2.0, seed=i)
        cv2.imwrite(str(folder / f"view-{i:02d}.png"), frame)
    return folder


@pytest.fixture(scope="module")
def lens_file(views, tmp_path_factory):
    out = tmp_path_factory.mktemp("lens") / "lens-test.json"
    assert main(["calibrate", "--camera", str(views), "--name", "test", "--out", str(out)]) == 0
    return out


def test_the_printed_board_is_the_board_the_detector_looks_for(board_page):
    """One definition: every inner corner of the printed page is found (5x7 squares: 4x6 corners)."""
    page, _ = board_page
    view = find_board(page)
    assert view is not None and view.count == view.total == 24


def test_calibrate_recovers_the_known_distortion(lens_file, truth):
    """Tolerance: over the whole frame the recovered lens puts every point within 1.5 px of where the
    true lens puts it (the true lens moves points by up to ~110 px), focal length within 1%, k1 within 0.02."""
    lens = load_lens(lens_file)
    assert lens.size == VIEW and lens.views >= 8 and lens.rms < 0.5
    w, h = VIEW
    grid = np.array([[x, y] for x in np.linspace(0, w, 25) for y in np.linspace(0, h, 15)], np.float64)
    ideal = truth.undistort_points(grid)
    assert truth.displacement(ideal).max() > 30, "the test lens must bend the frame visibly"
    error = np.linalg.norm(lens.distort_points(ideal) - grid, axis=1)
    assert error.max() < 1.5, error.max()
    assert abs(lens.camera_matrix[0, 0] / truth.camera_matrix[0, 0] - 1) < 0.01
    assert abs(lens.dist_coeffs.ravel()[0] - truth.dist_coeffs.ravel()[0]) < 0.02


def test_calibrate_guides_the_user_to_the_uncovered_parts_of_the_frame(views, capsys, tmp_path):
    """With only the centre view, the advice names the corner still missing; solving refuses politely."""
    session = LensSession("x")
    first = session.add(cv2.imread(str(sorted(views.iterdir())[0])))
    assert first.kept and "move the board to the top-left corner of the picture" in first.message
    again = session.add(cv2.imread(str(sorted(views.iterdir())[0])))
    assert not again.kept and "nothing new" in again.message
    empty = session.add(np.full((VIEW[1], VIEW[0], 3), 90, np.uint8))
    assert not empty.kept and empty.message.startswith("no board in view")
    folder = tmp_path / "two"
    folder.mkdir()
    for p in sorted(views.iterdir())[:2]:
        (folder / p.name).write_bytes(p.read_bytes())
    assert main(["calibrate", "--camera", str(folder), "--out", str(tmp_path / "lens.json")]) == 1
    err = capsys.readouterr().err
    assert "needs at least 4 views" in err and "move the board to the" in err and "Traceback" not in err
    assert not (tmp_path / "lens.json").exists()


def test_the_lens_reads_more_edge_marks_and_puts_cards_where_they_are(lens_file, arts, print_deck, monkeypatch):
    """A wide-angle frame read with and without the calibrated lens file (scaled from 960x540 to 1080p). Without
    the print's codebook (companion.vision.codebook), which reads the last bent marks without the lens too
    (33 -> 33 with it)."""
    from companion.vision import codebook

    monkeypatch.setattr(codebook, "of_deck", lambda deck: None)
    read = {"without": 0, "with": 0}
    errors = {"without": [], "with": []}
    for seed in (1, 5):
        rng = np.random.default_rng(seed)
        placements = synth.random_table(rng, sorted(arts), 30, timer_codes=("bux-1", "bux-2", "bux-3"), layout=BUX_TABLE)
        scene = synth.render_scene(arts, placements, SCENE_CAMERA,
                                   synth.Nuisance(defocus=1.0, noise=2, jpeg=90, seed=seed), layout=BUX_TABLE)
        on_table = {t.code: t for t in scene.truth if t.face_up}
        for name, lens in (("without", None), ("with", load_lens(lens_file))):
            with Pipeline(print_deck, track=False, use_zbar=False, lens=lens, layout=BUX_TABLE) as pipeline:
                result = pipeline.process(scene.image)
            assert result.codes() <= set(on_table), "a code that is not on the table"
            read[name] += len(result.codes())
            # A card seen by both its marks is placed at its centre (one mark alone says only where that corner is).
            errors[name] += [np.hypot(*np.subtract(c.table_mm, on_table[c.code].centre_mm))
                             for c in result.cards if c.marks == 2]
    # The barrel shrinks edge marks below 2 px/module; resampled through the lens, more of them read
    # (6 more of ~55 in development; 29 -> 33 with the sampler of 2026-11, 31 -> 33 since its corner refit,
    # deconvolution and quiet-band ranking read some bent marks without the lens too).
    assert read["with"] > read["without"], read
    # Without the lens the plates' homography bends towards the edges; with it cards land within a few mm.
    assert np.median(errors["with"]) < 0.5 * np.median(errors["without"]), (np.median(errors["with"]),
                                                                            np.median(errors["without"]))
    assert np.percentile(errors["with"], 90) < 5.0, np.percentile(errors["with"], 90)


def test_play_watch_and_scan_refuse_a_bad_lens_file_in_one_sentence(tmp_path, capsys, print_deck):
    bad = tmp_path / "lens.json"
    bad.write_text(json.dumps({"camera_matrix": [[1, 0], [0, 1]], "size": [640, 480], "dist_coeffs": [0, 0, 0, 0]}))
    image = tmp_path / "empty.png"
    cv2.imwrite(str(image), np.full((120, 160, 3), 100, np.uint8))
    deck = tmp_path / "deck.json"
    from companion.cards.payloads import save_print

    save_print(print_deck, deck)
    for argv in (["scan", str(image), "--deck", str(deck), "--lens", str(bad)],
                 ["watch", str(image), "--deck", str(deck), "--lens", str(tmp_path / "missing.json")],
                 ["play", "--camera", str(image), "--deck", str(deck), "--game", "g", "--db", str(tmp_path / "x.db"),
                  "--lens", str(bad)]):
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "lens file" in err and "Traceback" not in err, err


def test_a_lens_for_another_frame_shape_is_refused(truth):
    with pytest.raises(Exception, match="another shape of frame"):
        truth.for_size((640, 480))


def test_a_lens_file_round_trips_and_its_two_directions_undo_each_other(truth, tmp_path):
    from companion.vision.lens import save_lens

    path = save_lens(truth, tmp_path / "calibration" / "lens-x.json")
    again = load_lens(path)
    assert again.size == truth.size and np.allclose(again.camera_matrix, truth.camera_matrix)
    points = np.array([[5.0, 7.0], [480.0, 270.0], [950.0, 530.0], [100.0, 500.0]])
    assert np.abs(again.distort_points(again.undistort_points(points)) - points).max() < 0.01
    # Barrel: undistorting moves frame points away from the centre, most at the corners.
    shift = np.linalg.norm(again.undistort_points(points) - points, axis=1)
    assert shift[1] < 0.1 < shift[3] < shift[0]


def test_from_a_camera_a_view_is_kept_only_once_the_board_is_held_still(views):
    frames = [cv2.imread(str(p)) for p in sorted(views.iterdir())[:2]]
    session = LensSession("cam", require_still=True)
    first = session.add(frames[0])
    assert not first.kept and "hold it still" in first.message
    moved = session.add(frames[1])
    assert not moved.kept and "hold it still" in moved.message, "another place: the board was moving"
    assert session.add(frames[1]).kept, "the same place twice: still"


def test_calibrate_from_a_video_where_the_board_pauses_at_each_place(views, tmp_path, capsys):
    """A camera's frames: the board moves between places and rests at each for a few frames."""
    video = tmp_path / "board.avi"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 10, VIEW)
    for path in sorted(views.iterdir()):
        frame = cv2.imread(str(path))
        for _ in range(3):
            writer.write(frame)
    writer.release()
    out = tmp_path / "lens-video.json"
    assert main(["calibrate", "--camera", str(video), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "hold it still" in text and "view 10 kept" in text
    assert load_lens(out).rms < 0.5
