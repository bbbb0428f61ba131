"""Top-down patches: a frame region resampled onto the table plane (mm), and reads mapped back.

Through the table homography (and the lens, when one is calibrated) a region is seen from straight
above at a chosen px per mm: perspective gone, modules square and of a known size. The ladder's
top-down stage decodes such patches; the finder search (companion.vision.sampling) matches on them.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.vision import shapes
from companion.vision.decoders import Detection
from companion.vision.geometry import TableGeometry
from companion.vision.lens import warp_maps

MODULE_MM = 2.0
"""The printed mark's module (30 mm Micro QR M3, 15 modules)."""
MARK_MM = 15 * MODULE_MM
"""The printed mark's side: a region narrower than this on the table cannot hold a whole mark."""
WARP_UPSCALE_MAX = 4
"""The top-down patch's cubic sampling upscales its source by at most this whole factor (then warps bilinearly)."""


def on_table(geometry: TableGeometry, box, ox: int,
             oy: int) -> tuple[np.ndarray | None, tuple[float, float, float, float]]:
    """Return a crop box's 4 corners on the table (mm, (4,2)) and their bounds; None and NaN bounds when
    a corner maps to no finite point (beyond the table's horizon)."""
    x0, y0, x1, y1 = box
    mm = geometry.to_table(np.array([[x0 + ox, y0 + oy], [x1 + ox, y0 + oy], [x1 + ox, y1 + oy],
                                          [x0 + ox, y1 + oy]], np.float64))
    bounds = shapes.bounds(mm.tolist())
    if not all(map(math.isfinite, bounds)):
        return None, (math.nan,) * 4
    return mm, bounds


def patch_to_crop(geometry: TableGeometry, px_per_mm: float, mx0: float, my0: float, ox: int,
                  oy: int) -> np.ndarray:
    """Return the homography of a top-down patch (`px_per_mm`, its corner at table mm (mx0, my0)) to crop px:
    patch px -> table mm -> (undistorted) frame px -> crop px (the crop at (ox, oy) in the frame)."""
    return (np.array([[1, 0, -ox], [0, 1, -oy], [0, 0, 1.0]]) @ geometry.mm_to_image
            @ np.array([[1 / px_per_mm, 0, mx0], [0, 1 / px_per_mm, my0], [0, 0, 1.0]]))


def warp(geometry: TableGeometry, src: np.ndarray, patch_to_crop: np.ndarray, size: tuple[int, int],
         interpolation: int, src_at: tuple[float, float], crop_at: tuple[int, int]) -> np.ndarray:
    """Return the top-down patch sampled from `src` (which starts at `src_at` in the crop, the crop at
    `crop_at` in the frame): a perspective warp, or through the lens when the geometry has one.

    INTER_CUBIC is done as a cubic upscale of `src` by a whole factor (to the patch's scale or finer)
    and a bilinear warp of that: OpenCV samples a perspective warp bicubically without vector code
    (~17 ns a pixel, 8 ms of a 1080p medium full scan), while its 2-4x cubic resize and its bilinear
    warp have it (~4 ns a pixel together). Bilinear steps between samples already cubic-interpolated
    at a finer pitch than the patch's differ from a direct bicubic sample by ~0.5 grey level on average
    (99th percentile ~5, up to ~25 at the sharpened source's hardest edges, on the bench's patches); the
    hard bench read the same cards as a still and after a video's 4th full scan (docs/vision.md)."""
    lens = geometry.lens
    to_src = np.array([[1, 0, -src_at[0]], [0, 1, -src_at[1]], [0, 0, 1.0]])
    if interpolation == cv2.INTER_CUBIC:
        quad = cv2.perspectiveTransform(np.array([[[0, 0]], [[size[0], 0]], [[size[0], size[1]]], [[0, size[1]]]],
                                                 np.float64), to_src @ patch_to_crop).reshape(4, 2)
        src_per_patch = np.sqrt(abs(cv2.contourArea(quad.astype(np.float32))) / max(size[0] * size[1], 1))
        k = int(min(max(np.ceil(1.0 / max(src_per_patch, 1e-6) - 0.05), 1), WARP_UPSCALE_MAX))
        if k > 1:
            src = cv2.resize(src, (src.shape[1] * k, src.shape[0] * k), interpolation=cv2.INTER_CUBIC)
        up = np.array([[k, 0, (k - 1) / 2.0], [0, k, (k - 1) / 2.0], [0, 0, 1.0]])
        interpolation = cv2.INTER_LINEAR
    else:
        k, up = 1, np.eye(3)
    if lens is None:
        return cv2.warpPerspective(src, up @ to_src @ patch_to_crop, size, flags=interpolation | cv2.WARP_INVERSE_MAP,
                                   borderMode=cv2.BORDER_REPLICATE)
    ox, oy = crop_at[0] + src_at[0], crop_at[1] + src_at[1]
    to_frame = np.array([[1, 0, crop_at[0]], [0, 1, crop_at[1]], [0, 0, 1.0]])
    map_x, map_y = warp_maps(lens, to_frame @ patch_to_crop, size)
    return cv2.remap(src, (map_x - ox) * k + (k - 1) / 2.0, (map_y - oy) * k + (k - 1) / 2.0, interpolation,
                     borderMode=cv2.BORDER_REPLICATE)


def mapped_to_crop(geometry: TableGeometry, det: Detection, patch_to_crop: np.ndarray, ox: int,
                   oy: int) -> Detection:
    """Return a detection read on a top-down patch with its corners in crop pixels (through the lens)."""
    lens = geometry.lens
    if lens is None:
        return shapes.mapped(det, patch_to_crop)
    ideal = cv2.perspectiveTransform(np.asarray(det.corners, np.float64).reshape(-1, 1, 2), patch_to_crop)
    pts = lens.distort_points(ideal.reshape(-1, 2) + (ox, oy)) - (ox, oy)
    return Detection(payload=det.payload, corners=tuple((float(x), float(y)) for x, y in pts),
                     backend=det.backend, raw=det.raw)
