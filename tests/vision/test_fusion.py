"""Multi-frame reading (companion.vision.fusion): a still table's marks too small for one frame, read over frames."""

from __future__ import annotations

import numpy as np
import pytest

import cv2

from companion.table.layouts import layout_for
from companion.vision import synth
from companion.vision.fusion import Fusion
from companion.vision.geometry import TableGeometry
from companion.vision.pipeline import Pipeline

BUX_TABLE = layout_for("bux")
CODES = ("heart-x-25", "club-oval-50", "diamond-square-100", "spade-x-50")
SPOTS = ((300, 380), (560, 400), (820, 380), (600, 640))


def shaken(arts, placements, frames: int, seed: int, fill: float = 0.7, defocus: float = 1.0):
    """Return `frames` renders of one still table at ~1.7 px/module (fill 0.7 at 1080p), the camera shaken
    0.2-0.8 px each frame, fresh noise and JPEG."""
    rng = np.random.default_rng(seed)
    out = []
    for f in range(frames):
        ang, mag = rng.uniform(0, 2 * np.pi), rng.uniform(0.2, 0.8)
        cam = synth.Camera(tilt=12.0, roll=1.0 + float(rng.normal(0, 0.02)), hfov=66.0, fill=fill,
                           shift=(float(mag * np.cos(ang)), float(mag * np.sin(ang))))
        nz = synth.Nuisance(defocus=defocus, noise=4.0, jpeg=85, seed=seed * 100 + 4 * f + seed % 4)  # seed % 4 picks the table texture: the same table every frame
        out.append(synth.render_scene(arts, placements, cam, nz, layout=BUX_TABLE))
    return out


@pytest.fixture(scope="module")
def still_clip(arts):
    placements = [synth.Placement(c, xy, rotation=8.0 * i) for i, (c, xy) in enumerate(zip(CODES, SPOTS))]
    return shaken(arts, placements, 16, seed=5)


def test_still_table_reads_over_frames_what_no_single_frame_reads(still_clip, print_deck):
    ppm = [p for t in still_clip[0].truth for p, _ in t.marks]
    assert 1.5 <= min(ppm) and max(ppm) < 2.0  # the band the fusion is for
    single: set[str] = set()
    for sc in still_clip:
        single |= Pipeline(print_deck, layout=BUX_TABLE, track=False, use_zbar=False).process(sc.image).codes()
    # A tracking pipeline's partial rescans crop the frame differently and now and then read a card for a frame;
    # what counts is that the still table is read and stays read: the cards reported on each of the last 8 frames.
    steady: set[str] | None = None
    with Pipeline(print_deck, layout=BUX_TABLE, use_zbar=False) as pipe:
        for i, sc in enumerate(still_clip):
            codes = pipe.process(sc.image).codes()
            assert codes <= set(CODES)  # never a wrong code
            if i >= len(still_clip) - 8:
                steady = set(codes) if steady is None else steady & codes
    assert steady is not None and steady - single, (steady, single)  # a card only the frames together read


def test_frames_are_registered_by_the_image_not_by_each_frames_plate_fit(still_clip, print_deck):
    """The plates' homography refitted each frame jitters by pixels (1-6 px on the independent renderer's clips):
    averaged through it, a mark at 1.7 px/module blurs away. Each frame's region is registered to the spot's first
    by the image itself (phase correlation), so a plate fit 2 px off frame to frame still reads every card."""
    geo0 = TableGeometry(BUX_TABLE, np.linalg.inv(still_clip[0].table_to_image))
    boxes = []
    for t in still_clip[0].truth:
        c = np.asarray(t.corners)
        boxes.append((c[:, 0].min() - 8, c[:, 1].min() - 8, c[:, 0].max() + 8, c[:, 1].max() + 8))
    fusion = Fusion(print_deck)
    fusion.add_regions(geo0, boxes, [])
    rng = np.random.default_rng(3)
    read: set[str] = set()
    for sc in still_clip:
        jx, jy = rng.uniform(-2.0, 2.0, 2)  # this frame's plate fit, off by up to 2 px
        geo = TableGeometry(BUX_TABLE, geo0.image_to_mm @ np.array([[1, 0, -jx], [0, 1, -jy], [0, 0, 1.0]]))
        for d in fusion.update(cv2.cvtColor(sc.image, cv2.COLOR_BGR2GRAY), geo, fresh=True):
            read.add(print_deck.identify(d.payload).code)
    assert read == set(CODES)  # every card, and nothing else (before: 2 of the 4)


def test_a_table_that_changes_is_not_fused_across_the_change(arts, print_deck):
    before = [synth.Placement(c, xy, rotation=8.0 * i) for i, (c, xy) in enumerate(zip(CODES, SPOTS))]
    swapped = ("club-x-25", "heart-oval-50", "spade-square-100", "diamond-x-50")
    after = [synth.Placement(c, xy, rotation=8.0 * i) for i, (c, xy) in enumerate(zip(swapped, SPOTS))]
    clip = shaken(arts, before, 6, seed=6) + shaken(arts, after, 10, seed=7)
    seen_after: set[str] = set()
    with Pipeline(print_deck, layout=BUX_TABLE, use_zbar=False) as pipe:
        for i, sc in enumerate(clip):
            codes = pipe.process(sc.image).codes()
            on_table = {t.code for t in sc.truth}
            assert codes <= on_table, (i, codes - on_table)  # nothing of the old table once it changed
            if i >= 6:
                seen_after |= codes
    assert seen_after  # the new table is read in its turn
