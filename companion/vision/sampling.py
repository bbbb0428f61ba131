"""The ladder's last step: finder patterns located top-down, their marks read by the module sampler.

In regions the decode ladder read nothing from, the finders are searched on a top-down patch
(companion.vision.locator) and the marks they start are read by our own module sampler
(companion.vision.sampler), which reads blurred marks at ~2 px/module no binarizer does. Both
cost milliseconds a try, so a frame gets a bounded number of each (`Budget`), and only reads that
identify as a card of this print are kept.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision import codebook, locator, sampler, shapes, topdown
from companion.vision.decoders import Detection
from companion.vision.geometry import TableGeometry
from companion.vision.identify import Identifier
from companion.vision.lens import local_homography
from companion.vision.topdown import MARK_MM, MODULE_MM

LOCATE_PX_PER_MM = 1.0
"""Top-down scale for the finder locator: 2 px modules (finder centres within ~0.3 module; 1.5 is no better)."""
SAMPLER_MIN_PX_PER_MODULE = 1.8
"""Regions whose marks the frame shows smaller than this are not searched (nothing reads them)."""
LOCATE_MIN_MARK = 0.75
"""Candidate boxes narrower than this many mark sides (at the frame's scale there) are not searched for finders:
of 414 sampler reads on bench frames (hard 1080p and 4K, medium 1080p; stills and video) the smallest box
that found the read's finder was 1.08 marks across, while half of an easy 1080p frame's searches were in
smaller boxes (letters, pips; docs/vision.md, issue 19)."""
LOCATE_FINDER_AREA = 900.0
"""Finders kept per patch: one per this many square modules of it, at least 6 (issue 33: two tuning-set misses
were finders ranked below the 6 of marks already read in a 370 x 362 mm patch)."""
LOCATE_MAX_MM = 400.0
"""Larger regions are not searched for finders (a split tile of a fan is up to ~300 mm at 1080p)."""
LOCATE_REGIONS_FULL, LOCATE_REGIONS_PARTIAL, LOCATE_REGIONS_STILL = 16, 3, 40
"""Candidate regions searched for finders per full scan / partial scan (changed regions only) of a
video, and per still (`track=False`): ~1-2 ms each at 1080p. A video's full scan searched 10 until the
wide boxes were searched in halves, each half counting: then 10 left a hard 1080p bench frame's cards
unsearched by the 4th full scan (docs/vision.md, issue 19). Easy and medium frames search fewer than 10."""
SAMPLED_MARKS_FULL, SAMPLED_MARKS_PARTIAL, SAMPLED_MARKS_STILL = 8, 2, 40
"""Located marks handed to the module sampler, likewise: ~2-4 ms each read, 15-95 ms each failure on a
blurred mark. A still's 30 ran out on 4 of the 24 hard 1080p bench frames, and 40 once wide and steep boxes
were searched too; a video's 6 a full scan left the 4th full scan 6 cards short of the still on them, 8 (with
16 regions) reads all but 4 of 145 by then (docs/vision.md, issue 19)."""
SAMPLER_RANK_SPAN = 50.0
"""Located marks whose finder spans fewer grey levels than this (dim light, glare: contrast ~0.3 of 255 and
less) have their grids ranked by a coarse fit before the full fits (sampler.read_grids): there blur and
noise flatten the separator and timing modules that tell a finder's 4 orientations apart. Ordinary
frames' finders mostly span 65-200 levels and skip that cost."""
SAMPLER_CORNERS_FROM = 0.7
"""A located grid fitting its fixed modules at least this well (a mark, not art) that does not decode has
its 4 corners refined apart and is decoded once more (sampler.fit_corners): a steep camera or an
uncalibrated wide lens shears marks, which the sampler's similarity fit cannot follow."""
SAMPLER_DECONV_FROM = 0.6
"""A located grid fitting at least this well that no split reads has its modules solved from every pixel
(sampler.deconvolve, ~8 ms a mark): defocus plus motion blur at 2-2.5 px/module beyond the module-level deblur."""
SAMPLER_SHARPEN_BELOW = 0.9
"""A located finder whose grids all start below this (a blurred one) is read first from its crop with a Gaussian
blur undone (sampler.sharpen), then as it is: on the 24 hard 1080p bench frames 10 of the 11 located cards a
still missed read that way (docs/vision.md, "Blur undone before the grid fit")."""



@dataclass
class Budget:
    """What is left of one scan's finder searches (`regions`) and sampler tries (`marks`); the stages spend it."""

    regions: int = 0
    marks: int = 0
    refunds: int = 16
    """Reads that give their try back (`marks` then counts failed tries only): a blurred side view at 2.0-2.5
    px/module holds a dozen marks only the sampler reads, and a video's first full scan read 62 of 79 such
    cards in 24 scenes with 8 tries, 74 with reads given back; bounded, as each read costs a few ms."""


def locate(geometry: TableGeometry, crop: np.ndarray, box, ox: int, oy: int,
           budget: Budget, module_mm: float = MODULE_MM) -> list[tuple[locator.Finder, list[np.ndarray]]]:
    """Return the finder patterns in a candidate box, each with its 4 grids (module units -> crop px).

    The box (plus a margin) is resampled top-down at LOCATE_PX_PER_MM through the table
    homography, so the finder has a known size (`module_mm`, the print's: 2 mm) whatever the perspective,
    and matched there (companion.vision.locator). Each patch searched spends one of `budget.regions`;
    a box too wide for one patch is searched in two halves while the budget lasts.
    """
    x0, y0, x1, y1 = box
    mark_mm = MARK_MM / MODULE_MM * module_mm
    side = max(x1 - x0, y1 - y0)
    pad = 0.15 * side + 4
    bx0, by0 = int(max(x0 - pad, 0)), int(max(y0 - pad, 0))
    bx1, by1 = int(min(x1 + pad, crop.shape[1])), int(min(y1 + pad, crop.shape[0]))
    mm, (mx0, my0, mx1, my1) = topdown.on_table(geometry, (bx0, by0, bx1, by1), ox, oy)
    if mm is None:
        return []
    # The frame's scale there from areas: the box's table quad, not its axis-aligned bounds (a turned,
    # foreshortened quad's bounds are up to ~1.25x its sides, which called 2.0-2.2 px/module marks 1.7).
    px_per_mm = np.sqrt(shapes.area((bx0, by0, bx1, by1)) / max(abs(cv2.contourArea(mm.astype(np.float32))), 1e-6))
    if px_per_mm * module_mm < SAMPLER_MIN_PX_PER_MODULE:
        return []  # marks this small are beyond the sampler: no search
    if max(x1 - x0, y1 - y0) < LOCATE_MIN_MARK * mark_mm * px_per_mm:
        return []  # a blob this small is a letter or a pip, not a mark (nor a whole finder and its ring)
    if max(mx1 - mx0, my1 - my0) > LOCATE_MAX_MM:
        # A split tile seen steeply from afar spans more table than one patch: search it in two halves
        # overlapping by a mark and its margin (the sampler drops a finder found twice).
        overlap = 1.5 * mark_mm * px_per_mm
        if max(x1 - x0, y1 - y0) < 2 * overlap:
            return []
        if x1 - x0 >= y1 - y0:
            mid = (x0 + x1) / 2.0
            halves = [(x0, y0, mid + overlap / 2, y1), (mid - overlap / 2, y0, x1, y1)]
        else:
            mid = (y0 + y1) / 2.0
            halves = [(x0, y0, x1, mid + overlap / 2), (x0, mid - overlap / 2, x1, y1)]
        out = []
        for half in halves:
            if budget.regions > 0:
                out += locate(geometry, crop, half, ox, oy, budget, module_mm)
        return out
    # The patch's scale follows the module: a finder is matched at 2 px/module whatever the print's size
    # (1 px/mm for 2 mm modules; an 18 mm mark's 1.2 mm modules at 1 px/mm were 1.2 px, and most went unfound).
    r = LOCATE_PX_PER_MM * max(MODULE_MM / module_mm, 1.0)
    w, h = int(np.ceil((mx1 - mx0) * r)), int(np.ceil((my1 - my0) * r))
    module_px = module_mm * r
    if min(w, h) < 10 * module_px:
        return []
    budget.regions -= 1
    patch_to_crop = topdown.patch_to_crop(geometry, r, mx0, my0, ox, oy)
    patch = topdown.warp(geometry, crop[by0:by1, bx0:bx1], patch_to_crop, (w, h), cv2.INTER_LINEAR, (bx0, by0), (ox, oy))
    found = locator.find_finders(patch, module_px, max_finders=max(6, int(w * h / (LOCATE_FINDER_AREA * module_px ** 2))))
    lens = geometry.lens
    if lens is None:
        return [(f, [patch_to_crop @ g for g in locator.grids(f, module_px)])
                for f in found]
    to_frame = np.array([[1, 0, ox], [0, 1, oy], [0, 0, 1.0]])
    from_frame = np.linalg.inv(to_frame)
    return [(f, [from_frame @ local_homography(lens, to_frame @ patch_to_crop @ g, 15.0)
                 for g in locator.grids(f, module_px)])
            for f in found]


def sample(deck: Identifier, crop: np.ndarray, located, read: list[Detection], ox: int, oy: int, tried: set[int],
           budget: Budget, failed: list[tuple[float, float]]) -> tuple[list[Detection], list[tuple[float, float]]]:
    """Return the marks of this print the module sampler reads at located finders (crop coordinates), and
    the frame points of the finders tried now that read nothing a video should not try again.

    Finders inside a mark already read are skipped, and so are those whose every grid runs
    into a read mark (a fanned card's covered mark). Finders away from any read mark go
    first: next to one, a finder is most often that fan's covered mark, which costs a
    failed fit. At most `budget.marks` marks are tried; finders near the frame points `failed`
    (those that failed on an earlier frame of an unchanged area, in video) are not tried again, and the
    indexes of the finders dealt with are added to `tried`. Only reads that identify as a card of this
    print are kept: a grid the sampler got wrong is dropped by zxing's Reed-Solomon check or by the
    keyed payload, never reported. A grid no split decodes is matched against the print's own symbols when the deck
    says its payloads (companion.vision.codebook; issue 33).
    """
    book = codebook.of_deck(deck)
    read = list(read)
    read_boxes = [shapes.box_of(d, 0.05) for d in read]
    queue = _queue(located, read, np.array(failed, np.float64).reshape(-1, 2) - (ox, oy), tried)
    out: list[Detection] = []
    failed_now: list[tuple[float, float]] = []
    for _, _, centre, mark_px, grids, quads, index in queue:
        if budget.marks <= 0:
            break
        tried.add(index)
        if any(b[0] <= centre[0] <= b[2] and b[1] <= centre[1] <= b[3] for b in read_boxes):
            continue
        keep = _clear_grids(centre, mark_px, grids, quads, read, queue)
        if not keep:
            failed_now.append((float(centre[0] + ox), float(centre[1] + oy)))
            continue
        budget.marks -= 1
        # Sample from a float copy of the marks' neighbourhood only.
        x0, y0 = np.floor(np.min([q.min(axis=0) for q in quads], axis=0) - 4).astype(int)
        x1, y1 = np.ceil(np.max([q.max(axis=0) for q in quads], axis=0) + 4).astype(int)
        x0, y0 = max(x0, 0), max(y0, 0)
        x1, y1 = min(x1, crop.shape[1]), min(y1, crop.shape[0])
        if x1 - x0 < 8 or y1 - y0 < 8:
            continue
        shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]])
        # A grid fitting its fixed modules at >= 0.9 is a sharp finder: if it does not decode it is
        # covered, so no second orientation and no other splits (those cost ~10 ms a covered mark).
        plan = sampler.GridTries(start_ratio=1.0, settled=0.9, variants_below=0.9, rank_below=0.9,
                                 rank_span=SAMPLER_RANK_SPAN, corners_from=SAMPLER_CORNERS_FROM,
                                 deconv_from=SAMPLER_DECONV_FROM, sharpen_below=SAMPLER_SHARPEN_BELOW,
                                 codebook=book)
        det = sampler.read_grids(crop[y0:y1, x0:x1].astype(np.float32), [shift @ g for g in keep], plan)
        if det is None or getattr(deck.identify(det.payload), "status", None) != "card":
            failed_now.append((float(centre[0] + ox), float(centre[1] + oy)))
            continue
        if budget.refunds > 0:
            # A read is cheap (1-4 ms against 15-50 ms a failure): it does not count against the budget, up to
            # `refunds` reads a scan (docs/vision.md, issue 33 item 2).
            budget.marks += 1
            budget.refunds -= 1
        det = det.shifted(x0, y0)
        out.append(det)
        read.append(det)
        read_boxes.append(shapes.box_of(det, 0.05))
    return out, failed_now


def _queue(located, read: list[Detection], failed: np.ndarray, tried: set[int]) -> list[tuple]:
    """Return the located finders to try, in order: (near a read mark, -score, centre, mark side px, grids,
    grid quads, index in `located`). A finder found twice (overlapping candidate boxes) or near one of
    `failed` (crop points) is left out, its index added to `tried`."""
    read_centres = np.array([d.centre() for d in read], np.float64).reshape(-1, 2)
    queue: list[tuple] = []
    for index, (f, grids) in enumerate(located):
        quads = [shapes.grid_quad(g) for g in grids]
        centre = cv2.perspectiveTransform(np.array([[[3.5, 3.5]]]), grids[0])[0, 0]
        mark_px = float(np.sqrt(abs(cv2.contourArea(quads[0]))))
        if any(np.hypot(*(centre - q[2])) < 0.2 * q[3] for q in queue):
            tried.add(index)
            continue  # the same finder, found again from an overlapping candidate box
        if (np.hypot(*(failed - centre).T) < 0.2 * mark_px).any():
            tried.add(index)
            continue  # tried on an earlier frame of this unchanged area
        near = bool((np.hypot(*(read_centres - centre).T) < 1.6 * mark_px).any())
        queue.append((near, -f.score, centre, mark_px, grids, quads, index))
    queue.sort(key=lambda q: (q[0], q[1]))
    return queue


def _clear_grids(centre: np.ndarray, mark_px: float, grids, quads, read: list[Detection],
                 queue: list[tuple]) -> list[np.ndarray]:
    """Return the grids of a finder that run into no read mark nor over another queued finder."""
    cx, cy = float(centre[0]), float(centre[1])
    read_quads = [np.asarray(d.corners, np.float32) for d in read
                  if math.hypot(cx - d.centre()[0], cy - d.centre()[1]) < 2.5 * mark_px]
    # Nor can a visible mark hold another finder: that grid runs under the card above.
    others = [q[2] for q in queue if q[2] is not centre
              and math.hypot(float(q[2][0]) - cx, float(q[2][1]) - cy) < 1.5 * mark_px]
    return [g for g, q in zip(grids, quads)
            if not any(shapes.quad_overlap(q, rq) > 0.15 for rq in read_quads)
            and not any(cv2.pointPolygonTest(q, (float(o[0]), float(o[1])), True) > 0.1 * mark_px
                        for o in others)]
