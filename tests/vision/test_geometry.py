"""Table homography from the plates, zones, and re-registration after a camera bump."""

from __future__ import annotations

import numpy as np
import pytest

from companion.errors import CompanionError
from companion.vision import synth
from companion.vision.geometry import TableGeometry, load_layout


def _frame(camera):
    return synth.render_scene({}, [], camera, synth.Nuisance(noise=2, jpeg=90))


@pytest.mark.parametrize("tilt,azimuth", [(0, 0), (30, 0), (40, 90)])
def test_homography_maps_image_to_table_mm(tilt, azimuth):
    cam = synth.Camera(width=1280, height=720, tilt=tilt, azimuth=azimuth, roll=3)
    scene = _frame(cam)
    geo = TableGeometry.from_image(scene.image)
    assert len(geo.markers_seen) >= 8
    probe_mm = np.array([[100.0, 100.0], [550.0, 380.0], [1000.0, 650.0]])
    img_pts = synth._project(scene.table_to_image, probe_mm)
    back = geo.to_table(img_pts)
    assert np.abs(back - probe_mm).max() < 6.0


def test_zones_follow_the_layout_and_a_moved_plate():
    layout = load_layout()
    cam = synth.Camera(width=1280, height=720, tilt=10)
    geo = TableGeometry.from_image(_frame(cam).image)
    assert geo.zone_of(layout.zone("seat:1").centre()) == "seat:1"
    assert geo.zone_of(layout.zone("discard").centre()) == "discard"
    assert geo.zone_of((300, 250)) == "off_table"  # open table between seat 4, seat 5 and the bid area
    assert geo.zone_of((-200, -200)) == "off_table"
    moved = synth.render_scene({}, [], cam, synth.Nuisance(), markers={11: (600, 250)})
    geo2 = TableGeometry.from_image(moved.image)
    assert geo2.zone_of((600, 250)) == "discard"
    assert geo2.zone_of((600, 470)) != "discard"


def test_bumped_camera_is_re_registered_from_the_plates():
    before = _frame(synth.Camera(width=1280, height=720, tilt=15))
    after = _frame(synth.Camera(width=1280, height=720, tilt=25, roll=8))
    g1, g2 = TableGeometry.from_image(before.image), TableGeometry.from_image(after.image)
    p = np.array([[300.0, 600.0]])
    assert np.abs(g2.to_table(synth._project(after.table_to_image, p)) - p).max() < 6.0
    assert not np.allclose(g1.image_to_mm, g2.image_to_mm)


def test_no_plates_is_a_clear_error():
    with pytest.raises(CompanionError, match="table not found"):
        TableGeometry.from_image(np.full((300, 400, 3), 128, np.uint8))


def test_plates_found_on_a_shrunk_copy_match_the_full_search():
    """The pipeline searches plates at 960 px: same plates, corners refined to within a pixel."""
    from companion.vision.geometry import detect_markers

    scene = synth.render_scene({}, [], synth.Camera(width=1920, height=1080, tilt=25, roll=4),
                               synth.Nuisance(noise=3, jpeg=88, defocus=0.6))
    full = detect_markers(scene.image)
    small = detect_markers(scene.image, max_side=960)
    assert len(full) >= 8 and set(small) == set(full)
    for i in full:
        assert np.abs(small[i] - full[i]).max() < 1.0, i
