"""bench_vision's scenes, drawn as the bench draws them, for tests that hold one bench frame's measured case."""

from __future__ import annotations

import numpy as np

from companion.vision import synth

from companion.table.layouts import layout_for

BUX_TABLE = layout_for("bux")
"""BUX's table: the scenes are a BUX table's (its bid area, discard and timer area), read with its layout."""


def hard_frame(arts, index: int, size: tuple[int, int] = (1920, 1080)):
    """Return bench_vision's hard scene `index` (seed 13, one generator for the row, as the bench draws it)."""
    rng = np.random.default_rng(13)
    for i in range(index + 1):
        placements = synth.random_table(rng, sorted(arts), int(rng.integers(10, 46)),
                                        timer_codes=("bux-1", "bux-2", "bux-3"), layout=BUX_TABLE)
        camera, nuisance = synth.random_conditions(rng, "hard", *size, seed=13 * 1000 + i)
    return synth.render_scene(arts, placements, camera, nuisance, layout=BUX_TABLE)


def mark_quads(art, card) -> list[np.ndarray]:
    """Return a rendered card's mark corners in frame px (4x2 each, the finder's outer corner first).

    From the card's true corners (`TruthCard.corners`) and the marks' corners on its face image; a lens's
    bending inside one card is ignored (well under a module on the bench frames)."""
    import cv2

    fh, fw = art.face.shape[:2]
    h = cv2.getPerspectiveTransform(np.float32([[0, 0], [fw, 0], [fw, fh], [0, fh]]), np.float32(card.corners))
    return [cv2.perspectiveTransform(m.reshape(-1, 1, 2).astype(np.float64), h).reshape(4, 2) for m in art.marks]


def side_frame(arts, index: int, size: tuple[int, int] = (1920, 1080), no_plates: bool = False):
    """Return side-view scene `index` (synth.random_side_conditions, seed 33, one generator per scene) with
    0.4 px more defocus and 1.5 px more motion blur than SIDE draws, as docs/vision.md's issue 33 item 2
    figures were measured; `no_plates`: the table's plates are not drawn (a view without them)."""
    import dataclasses

    rng = np.random.default_rng(33 * 1000 + index)
    placements = synth.random_table(rng, sorted(arts), int(rng.integers(15, 46)),
                                    timer_codes=("bux-1", "bux-2", "bux-3"), layout=BUX_TABLE)
    camera, nuisance = synth.random_side_conditions(rng, *size, seed=33 * 1000 + index)
    nuisance = dataclasses.replace(nuisance, defocus=nuisance.defocus + 0.4, motion=nuisance.motion + 1.5)
    hidden = tuple(BUX_TABLE.markers) if no_plates else ()
    return synth.render_scene(arts, placements, camera, nuisance, layout=BUX_TABLE, hidden_markers=hidden)
