"""The scene renderer: deterministic per seed, cached backgrounds never leak between poses, truth honest."""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision import synth

from companion.table.layouts import layout_for

BUX_TABLE = layout_for("bux")
"""BUX's table: the scenes are a BUX table's (its bid area, discard and timer area), read with its layout."""


def _table(arts, n=12, seed=3):
    return synth.random_table(np.random.default_rng(seed), sorted(arts), n, timer_codes=("bux-1", "bux-2", "bux-3"), layout=BUX_TABLE)


def test_same_seed_same_frame_other_seed_other_noise(arts):
    placements = _table(arts)
    cam = synth.Camera(width=640, height=360, tilt=20, k1=-0.05)
    nz = synth.Nuisance(warm=0.4, light_falloff=0.3, hands=1, shadows=1, glare=1, defocus=0.6, noise=3, jpeg=90, seed=7)
    a = synth.render_scene(arts, placements, cam, nz, layout=BUX_TABLE).image
    b = synth.render_scene(arts, placements, cam, nz, layout=BUX_TABLE).image
    c = synth.render_scene(arts, placements, cam, synth.Nuisance(**{**nz.__dict__, "seed": 8}), layout=BUX_TABLE).image
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)


def test_cached_background_is_not_drawn_on(arts):
    """Cards drawn on one frame must not show up on the next frame of the same camera."""
    cam = synth.Camera(width=640, height=360)
    empty = synth.render_scene(arts, [], cam, layout=BUX_TABLE).image
    full = synth.render_scene(arts, _table(arts, 20), cam, layout=BUX_TABLE).image
    again = synth.render_scene(arts, [], cam, layout=BUX_TABLE).image
    assert np.array_equal(empty, again)
    assert np.abs(full.astype(int) - empty.astype(int)).sum() > 0


def test_moved_plate_changes_the_background(arts):
    cam = synth.Camera(width=640, height=360)
    home = synth.render_scene(arts, [], cam, layout=BUX_TABLE).image
    moved = synth.render_scene(arts, [], cam, markers={11: (600, 250)}, layout=BUX_TABLE).image
    hidden = synth.render_scene(arts, [], cam, hidden_markers=(11,), layout=BUX_TABLE).image
    assert not np.array_equal(home, moved) and not np.array_equal(home, hidden)


def test_card_art_is_drawn_where_the_truth_says(arts):
    cam = synth.Camera(width=1280, height=720)
    scene = synth.render_scene(arts, [synth.Placement("heart-x-25", (550, 380), rotation=30)], cam, layout=BUX_TABLE)
    (t,) = scene.truth
    assert t.readable and t.zone
    inside = np.round(t.corners.mean(axis=0)).astype(int)
    # The card body is near-white paper; the table is wood.
    assert scene.image[inside[1], inside[0]].mean() > 150
    outside = np.round(t.corners.mean(axis=0) + 2.0 * (t.corners[0] - t.corners.mean(axis=0))).astype(int)
    assert scene.image[outside[1], outside[0]].mean() < 150


def test_px_per_module_is_measured_in_the_distorted_frame(arts):
    """A barrel lens shrinks marks near the frame edge: truth must count what the frame shows."""
    placements = [synth.Placement("heart-x-25", (60, 60))]
    flat = synth.render_scene(arts, placements, synth.Camera(width=1280, height=720, margin_mm=5), layout=BUX_TABLE)
    barrel = synth.render_scene(arts, placements, synth.Camera(width=1280, height=720, margin_mm=5, k1=-0.15), layout=BUX_TABLE)
    assert barrel.truth[0].px_per_module < flat.truth[0].px_per_module


def test_sleeve_streaks_brighten_face_up_cards_only_and_lower_their_contrast(arts):
    """Glossy sleeves: a specular streak across each face-up card, nothing on the table around it."""
    placements = [synth.Placement("heart-x-25", (400, 620)), synth.Placement("club-x-50", (700, 620), face_up=False)]
    cam = synth.Camera(width=1280, height=720)
    plain = synth.render_scene(arts, placements, cam, synth.Nuisance(seed=2), layout=BUX_TABLE)
    sleeved = synth.render_scene(arts, placements, cam, synth.Nuisance(seed=2, sleeves=0.8), layout=BUX_TABLE)
    diff = sleeved.image.astype(int) - plain.image.astype(int)
    assert (diff >= 0).all() and diff.max() > 100
    face_up, face_down = (np.round(t.corners).astype(np.int32) for t in plain.truth)
    inside = np.zeros(diff.shape[:2], np.uint8)
    cv2.fillConvexPoly(inside, face_up, 1)
    near = cv2.dilate(inside, np.ones((9, 9), np.uint8))  # the streak is drawn at quarter scale: soft edges
    assert diff[near == 0].max() <= 2, "the streak stays on the sleeved card"
    (up, down) = sleeved.truth
    assert min(c for _, c in up.marks) < min(c for _, c in plain.truth[0].marks)
    assert down.marks == () and not down.legible(0.0, 0.0)


def test_dim_light_and_glare_lower_the_contrast_the_truth_counts(arts):
    placements = [synth.Placement("heart-x-25", (400, 620))]
    cam = synth.Camera(width=1280, height=720)
    bright = synth.render_scene(arts, placements, cam, synth.Nuisance(seed=1), layout=BUX_TABLE).truth[0]
    dim = synth.render_scene(arts, placements, cam, synth.Nuisance(seed=1, exposure=0.3), layout=BUX_TABLE).truth[0]
    assert max(c for _, c in bright.marks) > 0.8 > 0.3 > max(c for _, c in dim.marks)
    assert bright.legible(1.0, 0.3) and not dim.legible(1.0, 0.3) and dim.legible(1.0, 0.2)


def test_a_scene_records_the_blur_it_was_rendered_with(arts):
    """The motion blur's angle is drawn from the scene's generator and used on the frame; the scene keeps it (with
    the defocus and the kernel's length) so a reader's blur model can be checked against the truth."""
    placements = [synth.Placement("heart-x-25", (400, 620))]
    nuisance = synth.Nuisance(defocus=0.9, motion=3.2, seed=4)
    scene = synth.render_scene(arts, placements, synth.Camera(width=640, height=360), nuisance, layout=BUX_TABLE)
    defocus, length, angle = scene.blur
    assert (defocus, length) == (0.9, 3) and 0.0 <= angle < 180.0
    assert synth.render_scene(arts, placements, synth.Camera(width=640, height=360),
                              synth.Nuisance(defocus=0.9, seed=4), layout=BUX_TABLE).blur == (0.9, 0, 0.0)


def test_phone_processing_smooths_flat_noise_and_sharpens_edges(arts):
    """Nuisance.phone: the bilateral denoise lowers sensor noise on the plain table; the unsharp mask after it
    leaves edges steeper than the blurred frame without it. It draws no random numbers: the rest of the frame's
    random steps (hands, light, noise) stay those of the same seed."""
    placements = _table(arts)
    cam = synth.Camera(width=960, height=540)
    base = dict(defocus=0.8, noise=5, seed=4, hands=1)
    plain = synth.render_scene(arts, placements, cam, synth.Nuisance(**base), layout=BUX_TABLE)
    phone = synth.render_scene(arts, placements, cam, synth.Nuisance(**base, phone=1.0), layout=BUX_TABLE)
    g0, g1 = (cv2.cvtColor(s.image, cv2.COLOR_BGR2GRAY).astype(np.float32) for s in (plain, phone))
    # Noise: the high-pass residue on the table's corner (no card there), weaker after the denoise.
    flat = (slice(20, 60), slice(20, 60))
    hp = [float(np.std(g[flat] - cv2.GaussianBlur(g, (0, 0), 2.0)[flat])) for g in (g0, g1)]
    assert hp[1] < 0.7 * hp[0], hp  # measured 3.1 -> 1.4
    # Edges: the strongest gradients (card and mark edges) steeper after the sharpening.
    grad = [float(np.percentile(np.abs(cv2.Sobel(g, cv2.CV_32F, 1, 0)), 99.5)) for g in (g0, g1)]
    assert grad[1] > 1.2 * grad[0], grad  # measured 464 -> 636
    assert [t.code for t in plain.truth] == [t.code for t in phone.truth]


def test_side_conditions_put_the_camera_at_a_side_tilted(arts):
    """random_side_conditions: tilt 20-35 degrees from one of the four sides, zoomed in, phone processing on."""
    rng = np.random.default_rng(5)
    for _ in range(20):
        cam, nz = synth.random_side_conditions(rng)
        assert 20 <= cam.tilt <= 35 and cam.azimuth in (0.0, 90.0, 180.0, -90.0) and cam.fill > 1.0
        assert nz.phone > 0 and 78 <= nz.jpeg <= 84 and cam.k1 < 0
