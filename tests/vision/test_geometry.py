"""Table homography from the plates, zones, and re-registration after a camera bump."""

from __future__ import annotations

import numpy as np
import pytest

from companion.errors import CompanionError
from companion.vision import synth
from companion.vision.geometry import TableGeometry, load_layout

from companion.table.layouts import layout_for

BUX_TABLE = layout_for("bux")
"""BUX's table: the scenes are a BUX table's (its bid area, discard and timer area), read with its layout."""


def _frame(camera):
    return synth.render_scene({}, [], camera, synth.Nuisance(noise=2, jpeg=90), layout=BUX_TABLE)


@pytest.mark.parametrize("tilt,azimuth", [(0, 0), (30, 0), (40, 90)])
def test_homography_maps_image_to_table_mm(tilt, azimuth):
    cam = synth.Camera(width=1280, height=720, tilt=tilt, azimuth=azimuth, roll=3)
    scene = _frame(cam)
    geo = TableGeometry.from_image(scene.image, layout=BUX_TABLE)
    assert len(geo.markers_seen) >= 8
    probe_mm = np.array([[100.0, 100.0], [550.0, 380.0], [1000.0, 650.0]])
    img_pts = synth._project(scene.table_to_image, probe_mm)
    back = geo.to_table(img_pts)
    assert np.abs(back - probe_mm).max() < 6.0


def test_zones_follow_the_layout_and_a_moved_plate():
    layout = BUX_TABLE
    cam = synth.Camera(width=1280, height=720, tilt=10)
    geo = TableGeometry.from_image(_frame(cam).image, layout=BUX_TABLE)
    assert geo.zone_of(layout.zone("seat:1").centre()) == "seat:1"
    assert geo.zone_of(layout.zone("discard").centre()) == "discard"
    assert geo.zone_of((300, 250)) == "off_table"  # open table between seat 4, seat 5 and the bid area
    assert geo.zone_of((-200, -200)) == "off_table"
    moved = synth.render_scene({}, [], cam, synth.Nuisance(), markers={11: (600, 250)}, layout=BUX_TABLE)
    geo2 = TableGeometry.from_image(moved.image, layout=BUX_TABLE)
    assert geo2.zone_of((600, 250)) == "discard"
    assert geo2.zone_of((600, 470)) != "discard"


def test_bumped_camera_is_re_registered_from_the_plates():
    before = _frame(synth.Camera(width=1280, height=720, tilt=15))
    after = _frame(synth.Camera(width=1280, height=720, tilt=25, roll=8))
    g1, g2 = TableGeometry.from_image(before.image, layout=BUX_TABLE), TableGeometry.from_image(after.image, layout=BUX_TABLE)
    p = np.array([[300.0, 600.0]])
    assert np.abs(g2.to_table(synth._project(after.table_to_image, p)) - p).max() < 6.0
    assert not np.allclose(g1.image_to_mm, g2.image_to_mm)


def test_no_plates_is_a_clear_error():
    with pytest.raises(CompanionError, match="table not found"):
        TableGeometry.from_image(np.full((300, 400, 3), 128, np.uint8), layout=BUX_TABLE)


def test_plates_found_on_a_shrunk_copy_match_the_full_search():
    """The pipeline searches plates at 960 px: same plates, corners refined to within a pixel."""
    from companion.vision.geometry import detect_markers

    scene = synth.render_scene({}, [], synth.Camera(width=1920, height=1080, tilt=25, roll=4),
                               synth.Nuisance(noise=3, jpeg=88, defocus=0.6), layout=BUX_TABLE)
    full = detect_markers(scene.image, layout=BUX_TABLE)
    small = detect_markers(scene.image, max_side=960, layout=BUX_TABLE)
    assert len(full) >= 8 and set(small) == set(full)
    for i in full:
        assert np.abs(small[i] - full[i]).max() < 1.0, i


def test_the_second_window_searches_crops_round_the_plates_still_missing_inside_the_picture():
    """The plates found place the rest: one crop round each plate the picture holds, holding its whole marker and
    the threshold window's reach; none for plates the picture cuts off; none when all in it are found; and no
    placing at all (None: the caller searches everywhere) from fewer than MIN_MARKERS plates or from corners that
    fit no homography."""
    from companion.vision.geometry import MIN_MARKERS, SEARCH_WINDOWS, _missing_boxes, detect_markers

    layout = BUX_TABLE
    scene = synth.render_scene({}, [], synth.Camera(width=1280, height=720, tilt=30, roll=5, fill=1.35),
                               synth.Nuisance(noise=2, jpeg=90), layout=BUX_TABLE)
    h, w = scene.image.shape[:2]
    found = detect_markers(scene.image, layout=BUX_TABLE)
    truth = {i: synth._project(scene.table_to_image, layout.corners_mm[i]) for i in layout.markers}
    in_picture = {i for i, q in truth.items() if q.min() >= 0 and q[:, 0].max() <= w and q[:, 1].max() <= h}
    assert set(found) == in_picture and len(in_picture) < len(layout.markers)  # the zoom cuts some plates off
    given = {i: found[i] for i in sorted(found)[:3]}
    boxes = _missing_boxes(given, layout, scene.image.shape)
    reach = SEARCH_WINDOWS[-1] // 2
    for i in in_picture - set(given):
        q = truth[i]
        assert sum(x0 + reach <= q[:, 0].min() and q[:, 0].max() <= x1 - reach
                   and y0 + reach <= q[:, 1].min() and q[:, 1].max() <= y1 - reach
                   for x0, y0, x1, y1 in boxes) == 1, i
    assert len(boxes) == len(in_picture - set(given))
    assert _missing_boxes({i: found[i] for i in sorted(found)[:MIN_MARKERS - 1]}, layout, scene.image.shape) is None
    assert _missing_boxes(found, layout, scene.image.shape) == []  # every plate in the picture found: no crop
    collapsed = {i: np.zeros((4, 2), np.float32) + k for k, i in enumerate(sorted(found)[:MIN_MARKERS])}
    assert _missing_boxes(collapsed, layout, scene.image.shape) is None  # corners that fit no homography place nothing


def test_plates_are_the_ones_both_threshold_windows_find_over_the_whole_picture():
    """Searching the second window only in the crops finds what OpenCV's two windows over the whole picture find,
    at the same corners (no shrunk copy, so no refinement: the search's own corners)."""
    import cv2

    from companion.vision.geometry import SEARCH_WINDOWS, detect_markers

    layout = BUX_TABLE
    scene = synth.render_scene({}, [], synth.Camera(width=1280, height=720, tilt=35, azimuth=20, roll=4),
                               synth.Nuisance(noise=4, jpeg=80, defocus=0.8), layout=BUX_TABLE)
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.adaptiveThreshWinSizeMin, params.adaptiveThreshWinSizeMax = SEARCH_WINDOWS
    params.adaptiveThreshWinSizeStep = SEARCH_WINDOWS[1] - SEARCH_WINDOWS[0]
    corners, ids, _ = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.dictionary)),
                                              params).detectMarkers(scene.image)
    both = {int(i): c.reshape(4, 2) for c, i in zip(corners, ids.ravel()) if int(i) in layout.roles}
    found = detect_markers(scene.image, layout=BUX_TABLE)
    assert len(both) >= 8 and set(found) == set(both)
    for i in both:
        assert np.abs(found[i] - both[i]).max() < 0.01, i


def test_a_plate_corner_the_shrunk_copy_put_px_off_is_refined_onto_the_corner():
    """cornerSubPix puts back a corner whose fit leaves its window; the refinement then tries twice the window
    (seen: corners 3-9 px off the renderer's truth on blurred plates, refined to under a pixel)."""
    import cv2

    from companion.vision.geometry import _REFINE, _refined

    layout = BUX_TABLE
    scene = synth.render_scene({}, [], synth.Camera(width=1920, height=1080, tilt=20, roll=3),
                               synth.Nuisance(noise=2, jpeg=90, defocus=1.2), layout=BUX_TABLE)
    gray = cv2.cvtColor(scene.image, cv2.COLOR_BGR2GRAY)
    truth = synth._project(scene.table_to_image, layout.corners_mm[10])
    start = truth + np.array([[3.5, 0.0], [0.0, 3.5], [-3.5, 0.0], [0.0, -3.5]])
    plain = start.astype(np.float32).copy()
    cv2.cornerSubPix(gray, plain, (3, 3), (-1, -1), _REFINE)
    assert np.linalg.norm(plain - truth, axis=1).max() > 3.0  # one window leaves at least one corner where it was
    assert np.linalg.norm(_refined(gray, start, 0.5) - truth, axis=1).max() < 1.0
