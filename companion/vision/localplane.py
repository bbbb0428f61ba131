"""The table plane from read marks, for frames whose table plates were not found.

The top-down decode and the finder search (companion.vision.ladder, companion.vision.sampling) need the
table's homography: it gives a region's scale and perspective, so a finder has a known size in module
units. Without the plates (out of the frame, under a hand or a glare spot, a camera at one side whose
view cuts the table) they were skipped, and marks at 2.0-2.5 px/module, which only those steps read,
were lost: on blurred side-view scenes 17 of 79 such cards were read without the plates against 77 with
them (docs/vision.md, issue 33 item 2).

A mark that was read is itself a piece of the table plane of known size: its 4 corners are a 30 mm
square (15 modules of MODULE_MM). Two or more reads give the whole plane, perspective included
(`frame_plane`: the squares' common circular points). One read gives a local frame (`near`): the affine
map that fits its corners, metric up to an unknown turn and shift, which neither step needs; its
projective terms are left out, since zxing's corners are whole pixels and one small mark's perspective
extrapolates badly. Only reads that name a card of this print are used (their printed size is known).
With no read near, the frame itself is taken as the plane at a guessed scale, square or foreshortened
(`guesses`). Every read these steps make must still identify as a card of this print, so a wrong plane
costs time, never a wrong code.

Knows nothing of rules: the caller says which reads are this print's marks.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Sequence

import cv2
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
GUESS_FORESHORTENING = 0.85
"""A camera tilted 20-35 degrees at a side of the table, held level, sees marks this much shorter up the picture
than across it. Searched as a second guess where the frame's own plane finds no finder as well: as the only
guess it read 73 of 79 side-view band cards without plates (59 with the frame's plane) but 40 of 58 overhead
ones (58) (docs/vision.md, issue 33 item 2)."""
LOCAL_FIX_FROM = 0.08
"""A table plane (the plates', or the one fitted to every read) that shows a read mark nearby off its printed square by
more than this (log of a side's scale, either axis) is corrected there by that read (`fixed`): the plates' plane of
an uncalibrated barrel lens, or of two or three plates close together, was 0.8-2.7x the true scale at the tuning
set's missed marks (docs/vision.md, issue 33 item 2). Below it the read's whole-pixel corners are the larger error."""
PLATES_DOUBT = 0.2
"""When the plates' plane shows the frame's reads off their printed square by more than this (median of
`fixed`'s error), the plane fitted to the reads (`frame_plane`) is taken instead where it fits: two or three
plates close together extrapolate a perspective that showed marks across the frame at 0.7-13x their size (tuning
seeds 113, 126, 137); a right plane through an uncalibrated barrel lens shows them ~0.02-0.15 off."""
PLATES_WRONG = 1.0
"""Where the plates' squares and the reads fit no plane together, the reads alone are taken only when the plates'
plane shows them off by more than this (e-fold): the reads' own fit, from small squares close together, was off by
~0.2 at far marks (tuning seed 137, plates off by 0.3-0.6, read better on the plates corrected near each read),
and is the better one where the plates' plane is 13x off (seed 113)."""
PX_PER_MODULE_RANGE = (1.6, 8.0)
"""Reads showing their modules outside this range are not used (a wrong corner, or a mark of another size)."""


def mark_frame(det: Detection, module_mm: float = MODULE_MM) -> np.ndarray | None:
    """Return the 3x3 affine map from a read mark's square (mm, its side 15 modules of `module_mm`) to frame
    px, or None for a read whose corners are no plausible square of this print's marks."""
    side = MARK_MM * module_mm / MODULE_MM
    img = np.asarray(det.corners, np.float64).reshape(-1, 2)
    if img.shape != (4, 2) or not np.isfinite(img).all():
        return None
    ppm = det.side_px() / (MARK_MM / MODULE_MM)
    if not PX_PER_MODULE_RANGE[0] <= ppm <= PX_PER_MODULE_RANGE[1]:
        return None
    sq = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float64)
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


def frame_plane(reads: Sequence[Detection], module_mm: float = MODULE_MM,
                squares: Sequence[tuple[np.ndarray, float]] = ()) -> np.ndarray | None:
    """Return the table plane's image -> mm homography from two or more read marks of this print, or None.

    Each read square's homography H_i (mark mm -> image) maps the plane's circular points to the same
    image points whatever the square's turn and place on the table, so H_i diag(1, 1, 0) H_i^T (the
    image of the dual absolute conic) is one matrix for all marks: averaged over the reads (each
    normalised), its decomposition gives the plane's metric rectification, perspective included, and
    the marks' side (MARK_MM) its scale. A fit whose marks do not come out square within 12 % is dropped.
    `squares`: more squares on the table, (image corners (4, 2), side mm) each: the plates, whose shape holds
    wherever they lie (a moved seat plate too), and which lie wide apart, where the reads' perspective is
    least known."""
    side = MARK_MM * module_mm / MODULE_MM
    usable = [(np.asarray(d.corners, np.float64).reshape(4, 2), side) for d in reads
              if mark_frame(d, module_mm) is not None]
    if len(usable) < 2:
        return None
    usable += [(np.asarray(c, np.float64).reshape(4, 2), float(mm)) for c, mm in squares]
    # Image coordinates centred and scaled to ~1 (the conic's entries then weigh alike).
    centre = np.mean([c.mean(axis=0) for c, _ in usable], axis=0)
    spread = max(float(np.abs(np.concatenate([c for c, _ in usable]) - centre).max()), 1.0)
    norm = np.array([[1 / spread, 0, -centre[0] / spread], [0, 1 / spread, -centre[1] / spread], [0, 0, 1.0]])
    hs = []
    for corners, mm in usable:
        img = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), norm).reshape(4, 2)
        sq = np.array([[0, 0], [mm, 0], [mm, mm], [0, mm]], np.float32)
        h = cv2.getPerspectiveTransform(sq, img.astype(np.float32))
        c = h @ np.diag([1.0, 1.0, 0.0]) @ h.T
        hs.append((h, c / np.linalg.norm(c), sq))
    conic = np.mean([c for _, c, _ in hs], axis=0)
    u, sv, _ = np.linalg.svd((conic + conic.T) / 2.0)
    if sv[1] <= 1e-9:
        return None
    plane_to_image = u @ np.diag([np.sqrt(sv[0]), np.sqrt(sv[1]), 1.0])
    image_to_plane = np.linalg.inv(plane_to_image)
    scales, shapes_ok = [], 0
    for h, _, sq in hs:
        q = cv2.perspectiveTransform(sq.reshape(-1, 1, 2).astype(np.float64), image_to_plane @ h).reshape(4, 2)
        e = np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)
        diag = np.linalg.norm(q[0] - q[2]), np.linalg.norm(q[1] - q[3])
        if e.min() > 0 and e.max() / e.min() < 1.12 and max(diag) / min(diag) < 1.12:
            shapes_ok += 1
        scales.append(float(sq[1, 0]) / max(float(e.mean()), 1e-12))
    if shapes_ok < 0.75 * len(hs):
        return None
    k = float(np.median(scales))
    return np.diag([k, k, 1.0]) @ image_to_plane @ norm


def guesses(layout: TableLayout, module_mm: float = MODULE_MM) -> tuple[TableGeometry, ...]:
    """Return the planes a box with no read mark near is searched on: the frame's own at GUESS_PX_PER_MODULE,
    then the same foreshortened up the picture by GUESS_FORESHORTENING (a camera at a side, held level)."""
    s = module_mm / GUESS_PX_PER_MODULE
    return (TableGeometry(layout=layout, image_to_mm=np.diag([s, s, 1.0])),
            TableGeometry(layout=layout, image_to_mm=np.diag([s, s / GUESS_FORESHORTENING, 1.0])))


def fixed(plane: TableGeometry, det: Detection, module_mm: float = MODULE_MM) -> tuple[float, TableGeometry] | None:
    """Return how far `plane` shows a read mark off its printed square (the larger |log| of its affine fit's two
    scales) and the plane corrected there: the mark's square (mm) -> the plane's mm affine, undone after the
    plane, so the read comes out square at its printed size while the plane's perspective is kept. None for a
    read that is no plausible mark of this print."""
    if mark_frame(det, module_mm) is None:
        return None
    img = np.asarray(det.corners, np.float64).reshape(4, 2)
    if plane.lens is not None:
        img = plane.lens.undistort_points(img)
    mm = cv2.perspectiveTransform(img.reshape(-1, 1, 2), plane.image_to_mm).reshape(4, 2)
    if not np.isfinite(mm).all():
        return None
    side = MARK_MM * module_mm / MODULE_MM
    sq = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float64)
    a, *_ = np.linalg.lstsq(np.column_stack([sq, np.ones(4)]), mm, rcond=None)
    m = np.eye(3)
    m[:2, :] = a.T
    sv = np.linalg.svd(m[:2, :2], compute_uv=False)
    if sv[1] <= 1e-9:
        return None
    err = float(np.abs(np.log(sv)).max())
    return err, replace(plane, image_to_mm=np.linalg.inv(m) @ plane.image_to_mm)


def nearest(reads: Sequence[Detection], box: tuple[float, float, float, float],
            module_mm: float = MODULE_MM, checked: bool = False) -> Detection | None:
    """Return the usable read mark (`reads`: this print's card marks, frame px; `checked`: all known usable)
    nearest a frame box's centre within NEAR_MARKS of its sides, or None."""
    cx, cy = (box[0] + box[2]) / 2.0, (box[1] + box[3]) / 2.0
    best: tuple[float, Detection] | None = None
    for d in reads:
        x, y = d.centre()
        dist = math.hypot(x - cx, y - cy)
        if dist > NEAR_MARKS * d.side_px() or (best is not None and dist >= best[0]):
            continue
        if checked or mark_frame(d, module_mm) is not None:
            best = (dist, d)
    return None if best is None else best[1]


def near(reads: Sequence[Detection], box: tuple[float, float, float, float], layout: TableLayout,
         module_mm: float = MODULE_MM, plane: TableGeometry | None = None) -> TableGeometry:
    """Return a local table geometry for a frame box from the nearest usable read mark (`reads`: this print's
    card marks, frame px) within NEAR_MARKS of its sides: `plane` (the plates' or the reads' fitted plane)
    corrected by it where it shows that read off its square by more than LOCAL_FIX_FROM, else `plane`; without
    a plane, the read's own affine frame. With no read near, `plane`, else the frame's at GUESS_PX_PER_MODULE."""
    d = nearest(reads, box, module_mm)
    if d is None:
        return plane if plane is not None else guesses(layout, module_mm)[0]
    if plane is None:
        m = mark_frame(d, module_mm)
        assert m is not None  # nearest() keeps usable reads only
        return TableGeometry(layout=layout, image_to_mm=np.linalg.inv(m))
    fix = fixed(plane, d, module_mm)
    return fix[1] if fix is not None and fix[0] > LOCAL_FIX_FROM else plane
