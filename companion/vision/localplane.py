"""The table plane near a read mark, for frames whose table plates were not found.

The top-down decode and the finder search (companion.vision.ladder, companion.vision.sampling) need the
table's homography: it gives a region's scale and perspective, so a finder has a known size in module
units. Without the plates (out of the frame, under a hand or a glare spot, a camera at one side whose
view cuts the table) they were skipped, and marks at 2.0-2.5 px/module, which only those steps read,
were lost: on side-view scenes with defocus and motion blur 7 of 43 such cards were read without the
plates against 26 with them (docs/vision.md, issue 33 item 2).

A mark zxing did read is itself a piece of the table plane of known size: its 4 corners are a 30 mm
square (15 modules of MODULE_MM). The affine map that fits them, extended over a neighbourhood, is a
local table frame: metric (mm) up to an unknown turn and shift, which neither step needs. Its
perspective is left out on purpose: zxing's corners are whole pixels, so the projective terms of one
small mark extrapolate badly, while the affine part (scale, foreshortening, turn) holds over a few
marks' widths. Only reads that name a card of this print are used (their printed size is known). With
no such read near, the frame itself is taken as the plane at a guessed scale (GUESS_PX_PER_MODULE).
Every read these steps make must still identify as a card of this print, so a wrong plane costs time,
never a wrong code.

Knows nothing of rules: the caller says which reads are this print's marks.
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from companion.vision.decoders import Detection
from companion.vision.geometry import TableGeometry, TableLayout
from companion.vision.topdown import MARK_MM, MODULE_MM

NEAR_MARKS = 6.0
"""A read mark lends its plane to candidate boxes whose centre lies within this many of its sides."""
GUESS_PX_PER_MODULE = 2.2
"""With no read mark near, the plane is taken as the frame's own (no perspective) with marks at this many px
per module, the middle of the band only these steps read: the finder search's template and the sampler's grid
fit take the rest of the foreshortening (side-view scenes without plates, 12 stills: 27 of 43 band cards read
at a guess of 2.0, 33 at 2.2; docs/vision.md, issue 33 item 2)."""
PX_PER_MODULE_RANGE = (1.6, 8.0)
"""Reads showing their modules outside this range are not used (a wrong corner, or a mark of another size)."""


def mark_frame(det: Detection) -> np.ndarray | None:
    """Return the 3x3 affine map from a read mark's square (mm, its side MARK_MM) to frame px, or None for a
    read whose corners are no plausible square of this print's marks."""
    img = np.asarray(det.corners, np.float64).reshape(-1, 2)
    if img.shape != (4, 2) or not np.isfinite(img).all():
        return None
    ppm = det.side_px() / (MARK_MM / MODULE_MM)
    if not PX_PER_MODULE_RANGE[0] <= ppm <= PX_PER_MODULE_RANGE[1]:
        return None
    sq = np.array([[0, 0], [MARK_MM, 0], [MARK_MM, MARK_MM], [0, MARK_MM]], np.float64)
    a, *_ = np.linalg.lstsq(np.column_stack([sq, np.ones(4)]), img, rcond=None)  # (3, 2): [x y 1] @ a
    m = np.eye(3)
    m[:2, :] = a.T
    if abs(np.linalg.det(m[:2, :2])) < 1e-6:
        return None
    # The fit's residual: a read's corners off its square by more than a module are not a plane to lend.
    fit = np.column_stack([sq, np.ones(4)]) @ a
    if float(np.abs(fit - img).max()) > ppm * 1.0:
        return None
    return m


def near(reads: Sequence[Detection], box: tuple[float, float, float, float], layout: TableLayout) -> TableGeometry:
    """Return a local table geometry for a frame box: from the nearest usable read mark (`reads`: this print's
    card marks, frame px) within NEAR_MARKS of its sides, else the frame's plane at GUESS_PX_PER_MODULE."""
    cx, cy = (box[0] + box[2]) / 2.0, (box[1] + box[3]) / 2.0
    best: tuple[float, np.ndarray] | None = None
    for d in reads:
        x, y = d.centre()
        dist = math.hypot(x - cx, y - cy)
        if dist > NEAR_MARKS * d.side_px() or (best is not None and dist >= best[0]):
            continue
        m = mark_frame(d)
        if m is not None:
            best = (dist, m)
    if best is None:
        s = MODULE_MM / GUESS_PX_PER_MODULE
        return TableGeometry(layout=layout, image_to_mm=np.diag([s, s, 1.0]))
    return TableGeometry(layout=layout, image_to_mm=np.linalg.inv(best[1]))
