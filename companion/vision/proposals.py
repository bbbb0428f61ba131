"""Region proposals: where in a frame a mark may be that no whole-frame read explains.

Dense edges in both directions (a QR mark, text) make candidate boxes; long ones are cut into
overlapping tiles small enough to decode yet large enough to hold a whole mark. The decode ladder
(companion.vision.ladder) then reads each box.
"""

from __future__ import annotations

import cv2
import numpy as np

CANDIDATE_FULL_SCALE_SIDE = 0
"""Frames up to this long side are searched for candidate marks at full scale."""
CANDIDATE_ROW_SIDE = 28.0
"""An elongated dense-edge blob at least this thick (frame px) is kept as a candidate and split into tiles:
a fanned row of small marks merges into one long blob under the search's closing (a 1080p hard bench frame
lost two cards so), while lines (card edges, print) are thinner. A mark at 2 px/module is 30 px across."""


def split(boxes: list[tuple], tile: float = 240.0, overlap: float = 80.0) -> list[tuple]:
    """Return boxes with any side over `tile` cut into overlapping tiles (marks stay whole)."""
    out = []
    for x0, y0, x1, y1 in boxes:
        if max(x1 - x0, y1 - y0) <= tile + overlap:
            out.append((x0, y0, x1, y1))
            continue
        xs = np.arange(x0, max(x1 - overlap, x0 + 1), tile)
        ys = np.arange(y0, max(y1 - overlap, y0 + 1), tile)
        out += [(x, y, min(x + tile + overlap, x1), min(y + tile + overlap, y1)) for y in ys for x in xs]
    return out


def candidate_boxes(gray: np.ndarray, min_side: float = 14.0, max_side: float = 400.0,
                     scale: float | None = None, half: np.ndarray | None = None) -> list[tuple]:
    """Return boxes (full-scale coords) of dense-edge blobs, biggest first.

    The search runs at `scale` (default: 1 for frames up to 1920 px wide, so
    2 px modules keep their edges; 1/2 above). The gradient threshold follows
    the frame's own contrast (a blurred frame has weaker edges everywhere),
    with a floor above sensor noise and table grain.
    """
    if min(gray.shape[:2]) < 16:
        return []
    if scale is None:
        scale = 1.0 if max(gray.shape[:2]) <= CANDIDATE_FULL_SCALE_SIDE else 0.5
    if scale == 1.0:
        small = gray
    elif scale == 0.5 and half is not None:
        small = half  # the caller's 2x area halving of this image: the same bytes as the resize below
    else:
        small = cv2.resize(gray, (int(gray.shape[1] * scale), int(gray.shape[0] * scale)), interpolation=cv2.INTER_AREA)
    grad = cv2.morphologyEx(small, cv2.MORPH_GRADIENT, np.ones((2, 2), np.uint8))
    # The median and 99th percentile of a sparse sample, taken of the sample rebuilt sorted from its histogram:
    # the same values in a third of the time (numpy partitions unsorted bytes slowly: ~1 ms at 1080p).
    ordered = np.repeat(np.arange(256, dtype=np.uint8), np.bincount(grad[::4, ::4].ravel(), minlength=256))
    thr = max(14.0, 4.0 * float(np.median(ordered)), 0.5 * float(np.percentile(ordered, 99)))
    mask = cv2.threshold(grad, thr, 255, cv2.THRESH_BINARY)[1]  # grad > thr (OpenCV floors thr for bytes: the same)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    # Grana's block-based labelling: the same components and stats in the same order as the default
    # algorithm on these masks, at a third of its cost (~1.5 vs ~4.5 ms at 960x540, one thread).
    n, _, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(mask, 8, cv2.CV_32S, cv2.CCL_GRANA)
    inv = 1.0 / scale
    # The blobs are filtered as arrays: a frame or tile has hundreds (grain, letters), and a Python loop over
    # them cost ~0.3 ms of a 4K settled tile's ~1.4 ms candidate search (the same boxes in the same order).
    x, y, w, h, area = (stats[1:, i].astype(np.float64) for i in range(5))
    long_side, short_side = np.maximum(w, h), np.minimum(w, h)
    side = long_side * inv
    keep = (side >= min_side) & (side <= max_side)
    # a line (a card's edge, a print's rule); a row of marks merged into one blob is as thick as a mark
    keep &= ~((long_side > 3.5 * np.maximum(short_side, 1)) & (short_side * inv < CANDIDATE_ROW_SIDE))
    keep &= ~((area < 0.3 * w * h) & (side < 240))
    boxes = [(float(a * inv), float(b * inv), float((a + c) * inv), float((b + d) * inv))
             for a, b, c, d in zip(x[keep], y[keep], w[keep], h[keep])]
    boxes.sort(key=lambda b: -(b[2] - b[0]) * (b[3] - b[1]))
    return boxes
