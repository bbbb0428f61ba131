"""The decode ladder: the steps a region's marks are read by, cheapest first.

The whole frame is read by zxing-cpp (Micro QR at full scale, QR Model 2 at quarter scale). A
candidate region (companion.vision.proposals) no read explains goes down the ladder: a 2x upscale;
with the table known, a sharpened top-down patch (companion.vision.topdown); a 3x Lanczos upscale
where zxing located a symbol it could not decode; zbar last. A region holding one mark stops at its
first read, a fan of cards goes on. Single photos have their own whole-image ladder.

What the ladder leaves unread, the finder search and module sampler try (companion.vision.sampling).
"""

from __future__ import annotations

from typing import Callable

import cv2
import numpy as np

from companion.vision import decoders, kernels, shapes, topdown
from companion.vision.decoders import Detection
from companion.vision.geometry import TableGeometry

Zbar = Callable[[np.ndarray], tuple[Detection, ...]]
"""The pipeline's zbar decode (a crash-isolated worker, started on first use)."""

RECTIFY_PX_PER_MM = 3.0
"""Top-down resampling scale for blurred marks: 6 px per 2 mm module (4 reads a few more, at twice the cost)."""
RECTIFY_MAX_MM = 140.0
"""Larger candidate regions are not resampled top-down (the cost grows with the square)."""
UNLOCATED_TOPDOWN_MM, UNLOCATED_TOPDOWN_PX_PER_MM = 60.0, 2.0
"""A candidate region where the 2x decode located no symbol is resampled top-down only if it spans at least
UNLOCATED_TOPDOWN_MM (two marks) or the frame shows it at UNLOCATED_TOPDOWN_PX_PER_MM or more. On the 1080p bench
frames (6 medium, 24 hard; video, still, no-locate; all under 1.6 px/mm) the top-down stage of such regions read
15 marks in 2079 tries, all in fans spanning 85-121 mm, none in the 1047 under 60 mm (~40% of that stage's cost
there). At 4K (2.5-4 px/mm) it does read lone marks so: bench_camera's harsh room, 2 of 115 at contrast >= 0.12."""
LADDERED_WITHIN = 0.9
"""A candidate region this much inside a region already taken through the whole ladder is not decoded again."""


def read_whole(gray: np.ndarray, halves: list[np.ndarray] | None = None) -> list[Detection]:
    """Return the marks zxing reads on the whole frame: Micro QR (the cards' marks) at full
    scale, QR Model 2 (a foreign code, a phone's link) at quarter scale.

    Model 2 at full scale cost ~14 ms of a 1080p table frame (its detector tries triples of
    the many Micro QR finders) against ~3 ms for Micro QR alone, ~3.5 ms more at half scale.
    Quarter scale reads Model 2 symbols of >= ~10 px/module, too big for a candidate region
    (split into 320 px tiles); smaller ones are dense-edge candidate regions, whose decodes
    read both kinds.
    """
    found = list(decoders.decode_zxing(gray, try_downscale=False, model2=False))
    if min(gray.shape[:2]) >= 128:
        # Two halvings: OpenCV's 2x area resize has a fast path (~0.2 ms at 1080p), a direct 4x does not (~1.1 ms).
        # A video frame's were made with its change copy (`halves`, the same bytes).
        small = halves[1] if halves is not None else kernels.halves(gray)[1]
        found += [d.shifted(0, 0, 0.25) for d in decoders.decode_zxing(small, try_downscale=False, micro=False)]
    return found


def decode_candidate(crop: np.ndarray, box, ox: int = 0, oy: int = 0,
                     laddered: list[tuple[int, int, int, int]] | None = None, *,
                     geometry: TableGeometry | None = None, zbar: Zbar | None = None) -> list[Detection]:
    """Return the marks read in one candidate box of `crop` (crop coordinates).

    First a plain 2x upscale (cheap, reads most). Then, when the table is
    known, the region is resampled top-down through the table homography
    (perspective gone, modules square and 6 px wide) and sharpened, which
    reads blurred marks at 2-2.5 px/module that no upscale of the raw crop
    does; then a 3x Lanczos + sharpen retry where zxing located a symbol.

    A box whose padded region lies within one of `laddered`, the regions of this frame already
    taken through every stage, the top-down one included, is not decoded again (the same pixels at
    the same scales; it is still searched for finders when nothing reads it). `laddered` gets this
    region when it is so. `geometry`: the table, when known (the top-down step needs it); `zbar`: the
    pipeline's zbar decode, when zbar may be used.
    """
    x0, y0, x1, y1 = box
    side = max(x1 - x0, y1 - y0)
    pad = 0.25 * side + 4
    bx0, by0 = int(max(x0 - pad, 0)), int(max(y0 - pad, 0))
    bx1, by1 = int(min(x1 + pad, crop.shape[1])), int(min(y1 + pad, crop.shape[0]))
    region = crop[by0:by1, bx0:bx1]
    if region.size == 0:
        return []
    area = float((bx1 - bx0) * (by1 - by0))
    if laddered and any(shapes.overlap_area(b, (bx0, by0, bx1, by1)) >= LADDERED_WITHIN * area for b in laddered):
        return []
    failed: list = []
    found: list[Detection] = []
    rectified: list[bool] = []
    up = cv2.resize(region, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    stages: list[Callable[[], list[Detection]]] = [
        lambda: [d.shifted(bx0, by0, 2.0) for d in
                 decoders.decode_zxing(up, try_downscale=False, binarizer="local", failed=failed)],
    ]
    if geometry is not None:
        stages.append(lambda: decode_rectified(geometry, crop, (bx0, by0, bx1, by1), ox, oy, rectified,
                                               located=bool(failed or found)))
    stages.append(lambda: decode_located(region, failed, bx0, by0))
    if zbar is not None:
        stages.append(lambda: [d.shifted(bx0, by0, 2.0) for d in zbar(up)] if failed else [])
    for stage in stages:
        found = shapes.dedupe(found + stage())
        # A region holding one mark is done once it is read; a larger one (a fan of cards)
        # goes on through the ladder, since other marks in it may need the heavier steps.
        if found and sum(shapes.area(shapes.box_of(d, 0.6)) for d in found) >= 0.5 * area:
            return found
    if laddered is not None and rectified:
        laddered.append((bx0, by0, bx1, by1))
    return found


def decode_located(region: np.ndarray, failed: list, bx0: int, by0: int) -> list[Detection]:
    """Return marks read from a 3x Lanczos + sharpened upscale where zxing located a symbol it could
    not decode (`failed`: corners in the 2x upscale).

    In a large region (a fan of cards) only the located symbols, each with a side of margin, are
    upscaled: the 3x upscale of whole regions was the largest single cost of a 1080p medium full
    scan (~12 ms of ~100). A region the crops would mostly cover is upscaled whole, as before
    (a crop's other borders change zxing's local thresholds, and so which marks read).
    """
    if not failed:
        return []
    boxes: list[tuple[int, int, int, int]] = []
    for quad in failed:
        qx0, qy0, qx1, qy1 = (v / 2.0 for v in shapes.bounds(quad))
        m = max(qx1 - qx0, qy1 - qy0) + 4
        b = (int(max(qx0 - m, 0)), int(max(qy0 - m, 0)),
             int(min(qx1 + m, region.shape[1])), int(min(qy1 + m, region.shape[0])))
        if b[2] - b[0] >= 8 and b[3] - b[1] >= 8 and not shapes.inside_any(b, boxes):
            boxes.append(b)
    if sum(shapes.area(b) for b in boxes) >= 0.5 * region.shape[0] * region.shape[1]:
        boxes = [(0, 0, region.shape[1], region.shape[0])]
    out: list[Detection] = []
    for x0, y0, x1, y1 in boxes:
        up = kernels.sharpened_lanczos3(region[y0:y1, x0:x1])
        out += [d.shifted(bx0 + x0, by0 + y0, 3.0) for d in decoders.decode_zxing(up, try_downscale=False)]
    return shapes.dedupe(out)


def decode_rectified(geometry: TableGeometry, crop: np.ndarray, box, ox: int, oy: int,
                     rectified: list[bool] | None = None, located: bool = True) -> list[Detection]:
    """Return marks read from the box resampled top-down (table mm) at RECTIFY_PX_PER_MM.

    `located`: the 2x decode read or located a symbol in the box; a box where it did not is resampled
    only when it spans at least UNLOCATED_TOPDOWN_MM or the frame shows it at UNLOCATED_TOPDOWN_PX_PER_MM
    or more. `rectified` gets True when the box was resampled (not skipped as too large, too narrow or
    too small)."""
    bx0, by0, bx1, by1 = box
    mm, (mx0, my0, mx1, my1) = topdown.on_table(geometry, box, ox, oy)
    span = max(mx1 - mx0, my1 - my0)
    if mm is None or span > RECTIFY_MAX_MM:
        return []
    px_per_mm = max(bx1 - bx0, by1 - by0) / max(span, 1e-6)
    if not located and span < UNLOCATED_TOPDOWN_MM and px_per_mm < UNLOCATED_TOPDOWN_PX_PER_MM:
        return []
    if min(mx1 - mx0, my1 - my0) < topdown.MARK_MM:
        # Too narrow for a whole card mark (a pip, a letter of the card's art): no warp, no decode.
        # On the bench frames such regions were a third of those resampled at 1080p and three
        # quarters at 4K, and none read (the narrowest region read spans ~60 mm).
        return []
    r = RECTIFY_PX_PER_MM
    w, h = int(np.ceil((mx1 - mx0) * r)), int(np.ceil((my1 - my0) * r))
    if w < 16 or h < 16:
        return []
    patch_to_crop = topdown.patch_to_crop(geometry, r, mx0, my0, ox, oy)
    # Unsharp mask on the small source region (half a module wide), then one cubic resampling;
    # the fixed mid-grey threshold then reads motion- and defocus-blurred marks.
    src = kernels.sharpen(crop[by0:by1, bx0:bx1], sigma=max(0.5, px_per_mm * 1.0), amount=2.0)
    patch = topdown.warp(geometry, src, patch_to_crop, (w, h), cv2.INTER_CUBIC, (bx0, by0), (ox, oy))
    if rectified is not None:
        rectified.append(True)
    for binarizer in ("fixed", "local"):
        got = decoders.decode_zxing(patch, try_downscale=False, binarizer=binarizer)
        if got:
            return [topdown.mapped_to_crop(geometry, d, patch_to_crop, ox, oy) for d in got]
    return []


def photo_pass(crop: np.ndarray, found: list[Detection], ox: int, oy: int,
               zbar: Zbar | None = None) -> list[Detection]:
    """Single photos: the whole-image ladder measured best on the real-photo set (`zbar`: the pipeline's zbar
    decode, when zbar may be used; its steps read nothing without it)."""
    if found:
        return []
    if zbar is None:
        zbar = _no_zbar
    ladder: list[tuple[Callable[[np.ndarray], tuple[Detection, ...]], Callable[[np.ndarray], np.ndarray], float]] = [
        (lambda g: decoders.decode_zxing(g, model2_only=False, try_invert=True), lambda g: g, 1.0),
        (zbar, lambda g: g, 1.0),
        (zbar, lambda g: cv2.resize(g, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA), 0.5),
        (zbar, lambda g: cv2.GaussianBlur(g, (3, 3), 0), 1.0),
        (decoders.decode_opencv, lambda g: cv2.resize(g, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA), 0.5),
    ]
    for decode, prep, scale in ladder:
        got = decode(prep(crop))
        if got:
            return [d.shifted(ox, oy, scale) for d in got]
    return []


def _no_zbar(image: np.ndarray) -> tuple[Detection, ...]:
    """Return no reads: zbar's steps of the photo ladder when zbar is not to be used."""
    return ()
