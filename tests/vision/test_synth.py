"""The scene renderer: deterministic per seed, cached backgrounds never leak between poses, truth honest."""

from __future__ import annotations

import numpy as np

from companion.vision import synth


def _table(arts, n=12, seed=3):
    return synth.random_table(np.random.default_rng(seed), sorted(arts), n, timer_codes=("bux-1", "bux-2", "bux-3"))


def test_same_seed_same_frame_other_seed_other_noise(arts):
    placements = _table(arts)
    cam = synth.Camera(width=640, height=360, tilt=20, k1=-0.05)
    nz = synth.Nuisance(warm=0.4, light_falloff=0.3, hands=1, shadows=1, glare=1, defocus=0.6, noise=3, jpeg=90, seed=7)
    a = synth.render_scene(arts, placements, cam, nz).image
    b = synth.render_scene(arts, placements, cam, nz).image
    c = synth.render_scene(arts, placements, cam, synth.Nuisance(**{**nz.__dict__, "seed": 8})).image
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)


def test_cached_background_is_not_drawn_on(arts):
    """Cards drawn on one frame must not show up on the next frame of the same camera."""
    cam = synth.Camera(width=640, height=360)
    empty = synth.render_scene(arts, [], cam).image
    full = synth.render_scene(arts, _table(arts, 20), cam).image
    again = synth.render_scene(arts, [], cam).image
    assert np.array_equal(empty, again)
    assert np.abs(full.astype(int) - empty.astype(int)).sum() > 0


def test_moved_plate_changes_the_background(arts):
    cam = synth.Camera(width=640, height=360)
    home = synth.render_scene(arts, [], cam).image
    moved = synth.render_scene(arts, [], cam, markers={11: (600, 250)}).image
    hidden = synth.render_scene(arts, [], cam, hidden_markers=(11,)).image
    assert not np.array_equal(home, moved) and not np.array_equal(home, hidden)


def test_card_art_is_drawn_where_the_truth_says(arts):
    cam = synth.Camera(width=1280, height=720)
    scene = synth.render_scene(arts, [synth.Placement("heart-x-25", (550, 380), rotation=30)], cam)
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
    flat = synth.render_scene(arts, placements, synth.Camera(width=1280, height=720, margin_mm=5))
    barrel = synth.render_scene(arts, placements, synth.Camera(width=1280, height=720, margin_mm=5, k1=-0.15))
    assert barrel.truth[0].px_per_module < flat.truth[0].px_per_module
