"""Box and quad arithmetic of frame regions and reads, shared by the pipeline's stages.

A box is (x0, y0, x1, y1) in pixels; a read is a decoders.Detection (4 corners). Plain Python where a scan
asks a question hundreds of times on 4 points (numpy's per-call overhead showed in the frame's cost).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.vision.decoders import Detection


def mapped(det: Detection, h: np.ndarray) -> Detection:
    """Return a detection whose corners are mapped through homography h."""
    pts = cv2.perspectiveTransform(np.asarray(det.corners, np.float64).reshape(-1, 1, 2), h).reshape(-1, 2)
    return Detection(payload=det.payload, corners=tuple((float(x), float(y)) for x, y in pts),
                     backend=det.backend, raw=det.raw)


def boxes_overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def bounds(quad) -> tuple[float, float, float, float]:
    """Return the bounds (x0, y0, x1, y1) of 4 points.

    Plain Python: a scan asks this ~200 times (read marks, located symbols, regions on the table, plates), where
    numpy's per-call overhead on 4 points was ~5% of a 1080p medium full scan."""
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = quad
    return min(ax, bx, cx, dx), min(ay, by, cy, dy), max(ax, bx, cx, dx), max(ay, by, cy, dy)


def box_of(det: Detection, pad: float = 0.0):
    """Return a detection's bounding box, grown by `pad` of its longer side on every side."""
    x0, y0, x1, y1 = bounds(det.corners)
    p = pad * max(x1 - x0, y1 - y0)
    return (x0 - p, y0 - p, x1 + p, y1 + p)


def inside_any(inner, boxes) -> bool:
    """True if more than 0.6 of `inner`'s area lies inside one of `boxes` (one loop: a scan asks it of ~30
    candidate boxes against ~40 known ones)."""
    x0, y0, x1, y1 = inner
    area = max((x1 - x0) * (y1 - y0), 1e-9)
    for a0, b0, a1, b1 in boxes:
        w = min(a1, x1) - max(a0, x0)
        if w > 0:
            h = min(b1, y1) - max(b0, y0)
            if h > 0 and w * h / area > 0.6:
                return True
    return False


def grid_quad(h: np.ndarray) -> np.ndarray:
    """Return the 4 image corners of a 15x15 module grid (h: module units -> image px)."""
    unit = np.array([[[0, 0]], [[15, 0]], [[15, 15]], [[0, 15]]], np.float64)
    return cv2.perspectiveTransform(unit, h).reshape(4, 2).astype(np.float32)


def quad_overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Return the area of quad a inside convex quad b, as a fraction of a's area."""
    area = abs(cv2.contourArea(a))
    if area <= 0:
        return 0.0
    inter, _ = cv2.intersectConvexConvex(a, b)
    return float(inter) / area


def iou(a, b) -> float:
    ix = max(min(a[2], b[2]) - max(a[0], b[0]), 0.0)
    iy = max(min(a[3], b[3]) - max(a[1], b[1]), 0.0)
    inter = ix * iy
    union = area(a) + area(b) - inter
    return inter / union if union > 0 else 0.0


def overlap_area(a, b) -> float:
    """Return the area two boxes share."""
    return max(min(a[2], b[2]) - max(a[0], b[0]), 0) * max(min(a[3], b[3]) - max(a[1], b[1]), 0)


def area(box) -> float:
    return float(max(box[2] - box[0], 0.0) * max(box[3] - box[1], 0.0))


def dedupe(dets: list[Detection]) -> list[Detection]:
    """Return detections with the same payload at the same place counted once."""
    out: list[Detection] = []
    kept: list[tuple[str, float, float]] = []  # each kept read's payload and centre, computed once
    for d in dets:
        (x, y), r = d.centre(), d.side_px() * 0.5
        if any(p == d.payload and math.hypot(cx - x, cy - y) < r for p, cx, cy in kept):
            continue
        out.append(d)
        kept.append((d.payload, x, y))
    return out
