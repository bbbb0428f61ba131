"""Multi-frame reading: a still table's unread marks fused over video frames, in table coordinates.

At 1.5-2 px per module one frame holds too little of a mark for any reader: blur, sensor noise and JPEG
leave the modules below what a threshold or a grid fit can tell apart. But a camera over a still table
sees the same marks in frame after frame, each shifted a fraction of a pixel (shake, a wobbly mount) and
with fresh noise. So a candidate region the single-frame ladder read nothing from (a "spot") is kept in
TABLE coordinates: the table homography of its first frame resamples it top-down onto a fixed grid finer
than the frame's pixels (FUSE_PX_PER_MM, 6 px per module), each later frame's region registered to the first
frame's by phase correlation (its sub-pixel shift: the plates' homography refitted each frame jitters by
pixels, more than the shake), and the grids are averaged (shift-and-add: the sub-pixel shifts sample the
mark at different phases, the noise averages out). Every few frames the average is decoded: zxing-cpp on it and on a sharpened copy, then the
finder locator and the module sampler (companion.vision.locator, companion.vision.sampler) on it; a region's
finders the sampler did not read each get a mark-sized spot of their own, started from the region's average.

No wrong code: only reads that identify as a card of this print are reported (zxing's Reed-Solomon step and
the keyed payload check reject a wrong grid), and a frame that does not agree with a spot's average (the
table changed there: a card moved, a hand) starts that spot afresh, so two tables are never averaged.
A card swapped for another of the same layout agrees with the average, so a spot that has read is checked
every frame on the read marks' data modules alone, and starts afresh when they changed. A spot stops once it
reads or after FUSE_MAX_FRAMES; only spots whose marks the frame shows in the fusion band
(FUSE_MIN_PX_PER_MODULE to FUSE_MAX_PX_PER_MODULE) are kept, at most FUSE_MAX_SPOTS regions and
FUSE_MAX_MARK_SPOTS marks, and at most FUSE_DECODES_PER_FRAME mark spots and FUSE_REGION_DECODES_PER_FRAME
regions are decoded a frame, their module sampler runs (most of a decode's cost) within the frame's CPU budget
FUSE_FRAME_MS (or FUSE_MIN_DECODE_MS from the frame's first decode, when its own scan took the budget), so a
table whose marks single frames read costs little here (docs/vision.md, "Issue 33 item 3").

Knows nothing of cards or rules; the print's identify decides what a read is.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.errors import CompanionError
from companion.vision import codebook, decoders, locator, sampler, shapes, topdown
from companion.vision.decoders import Detection
from companion.vision.geometry import TableGeometry
from companion.vision.identify import Identifier
from companion.vision.topdown import MARK_MM, MODULE_MM

FUSE_PX_PER_MM = 3.0
"""The fused grid: 6 px per 2 mm module, about 3.5 times finer than the frame's pixels at 1.7 px/module."""
FUSE_MIN_PX_PER_MODULE, FUSE_MAX_PX_PER_MODULE = 1.2, 2.2
"""Spots are kept only where the frame shows marks this small: above, single frames read; below, nothing does."""
FUSE_MAX_SPOTS = 24
"""Spots accumulated at once (each costs a warp of its region a frame, ~0.3-1 ms at 1080p)."""
FUSE_TILE_MM = 110.0
"""Larger regions (a fanned row) are fused as tiles this wide, overlapping by FUSE_TILE_OVERLAP_MM (a mark and a bit)."""
FUSE_TILE_OVERLAP_MM = 40.0
FUSE_MAX_FRAMES = 24
"""A spot that has not read after this many frames (about 2 s of video) is given up until the table changes."""
FUSE_TRY_AT = (4, 8, 14, 20)
"""Frames averaged at which a spot's average is decoded (each try costs ~2-20 ms)."""
FUSE_NO_FINDER_AFTER = 3
"""A spot whose average over this many frames shows no finder pattern is given up (card art, a pip)."""
FUSE_DECODES_PER_FRAME = 3
"""Spots decoded per frame at most (the others wait for the next frame)."""
FUSE_FRAME_MS: float | None = 45.0
"""The frame's CPU time (ms, from the pipeline's start on it) within which the fusion's module sampler runs
must fit: zxing and the finder locator on an average (~1.5 ms together) run while the frame is within it, the
sampler on a finder (~9 ms, most of a decode's cost) only when its expected cost (the last runs' running
average) ends within it. A mark spot whose finder waited is decoded again on the next frame (its try not
spent); a region's get mark spots as its lesser finders do. None: no bound (FUSE_DECODES_PER_FRAME mark spots
and FUSE_REGION_DECODES_PER_FRAME regions decoded a frame whatever they cost)."""
FUSE_MIN_SAMPLES_PER_FRAME = 1
"""Sampler runs a frame may make past FUSE_FRAME_MS: where the frame alone (its full scan) takes the budget, the
fusion still reads (one run, ~9 ms, a frame) instead of never."""
FUSE_MIN_DECODE_MS = 20.0
"""CPU ms the frame's decodes may take from the first of them, when that ends past FUSE_FRAME_MS: on the
independent renderer's clips the frame's own scan takes 50-300 ms (every other frame a full scan), and a bound
from the frame's start alone left the fusion one sampler run a frame (its averages waited for 10+ frames)."""
FUSE_SAMPLE_MS0 = 9.0
"""The module sampler's expected CPU ms on a finder before any was timed (scripts/bench_fusion.py: 9-12 ms)."""
FUSE_SAMPLE_PX_PER_MM = 2.0
"""The module sampler reads a spot's average shrunk to this (3 px/module): on the fused grid itself its
deconvolution cost 4 times as much (100-200 ms a spot)."""
FUSE_DECONV_FROM: float | None = None
"""The sampler's deconvolution on a spot's average (None: not tried)."""
FUSE_FINDERS = 2
"""Finders located on a spot's average that the module sampler reads: a region's best ones only while the frame
is within its time (FUSE_FRAME_MS, FUSE_MIN_DECODE_MS), the others get mark spots; past it a region's decode is
zxing and the locator alone (~2 ms), so every region of a table gets its mark spots within a few frames."""
FUSE_REGION_DECODES_PER_FRAME = 6
"""Regions decoded a frame at most (apart from FUSE_DECODES_PER_FRAME's mark spots); past the frame's budget, one."""
FUSE_REGION_FINDERS = 8
"""Finders located on a region's average (each gets a mark spot)."""
FUSE_MARK_HALF_MM = 33.0
"""A mark's spot reaches this far from its finder's centre every way (the mark may lie in any quadrant of it)."""
FUSE_MAX_MARK_SPOTS = 48
"""Finders located on a spot's average that the module sampler tries per decode (2-30 ms each)."""
FUSE_MIN_AGREE = 0.6
"""A frame's resampled region must correlate at least this well with the spot's average, or the spot starts
afresh from it: the table changed there."""
FUSE_MIN_DATA_AGREE = 0.7
"""A read spot's frame must correlate this well with its average over each read mark's data modules (the test
clip: 0.99 for the same card a frame, 0.35 for another card swapped in at the same place)."""
_UNIT = np.array([[0, 0], [15, 0], [15, 15], [0, 15]], np.float32)
FUSE_SPENT_FRAMES = 150
"""Frames a given-up spot's region is not fused again."""
FUSE_REGISTER_PX = 96
"""A spot's frame region is registered to its first frame by phase correlation on at most this many px each
way (its middle): a still table's shake moves it 0.2-1.6 px, which the plates' refit homography did not follow
(it jittered by 1-6 px on the independent renderer's clips, so averages blurred and spots restarted)."""
FUSE_REGISTER_MAX_PX = 6.0
"""A measured shift larger than this (frame px), or a weak correlation peak, is not trusted: the spot's frame
is taken unshifted and its agreement check decides (the camera moved: the spot restarts)."""
FUSE_REGISTER_MIN_PEAK = 0.05


@dataclass
class Spot:
    """One table region being fused: its table box (mm), the sum of its resampled frames and their count."""

    box: tuple[float, float, float, float]
    size: tuple[int, int]
    acc: np.ndarray | None = None
    n: int = 0
    frames: int = 0
    reads: list[Detection] = field(default_factory=list)
    """What it read, corners in fused-grid px."""
    closed: bool = False
    """Read, and no located finder left unread: no longer accumulated, its reads checked each frame."""
    tries: int = 0
    """Decodes of its average so far (the next is due at FUSE_TRY_AT[tries] frames averaged)."""
    mark: bool = False
    """A mark's spot (round a finder located on a region's average), not a candidate region's."""
    geo: TableGeometry | None = None
    """The table geometry its average is resampled through (the pipeline's when it started): a still table's
    frames are registered to it by image shift, not refitted from the plates (their fit jitters by pixels)."""
    ref: np.ndarray | None = None
    """The grey frame it started on: each frame's shift is measured against it (Fusion._register)."""
    shift: tuple[float, float] = (0.0, 0.0)
    """This frame's image shift (frame px) of the spot's region from `ref`."""
    out: list[Detection] | None = None
    """A closed spot's reads in the last frame's px (given again on a settled frame)."""


class Fusion:
    """Keeps a video's unread spots across frames and returns what their averages read.

    Args:
        deck: the print (only its cards are reported). No layout or lens: a spot's frames are registered to its
            first by the image, not refitted from the plates (the geometry a spot starts with carries the lens).
        module_mm: the printed marks' module size (mm), as the pipeline's (a larger print's marks are sampled at their size).
    """

    def __init__(self, deck: Identifier, module_mm: float = MODULE_MM):
        self.deck = deck
        self.module_mm = module_mm
        self.mark_mm = MARK_MM * module_mm / MODULE_MM
        self.spots: list[Spot] = []
        self.spent: list[tuple[tuple[float, float, float, float], int]] = []
        self._frame = 0
        self.frame_ms = FUSE_FRAME_MS
        self._free = 0
        """Sampler runs this frame may still make past its budget (FUSE_MIN_SAMPLES_PER_FRAME at its start)."""
        self._sample_ms = FUSE_SAMPLE_MS0
        """Running average of the module sampler's CPU ms on a finder."""
        self.stats: dict[str, list[float]] = {}
        """Per decode pass: [decodes that ran it, cards it read first, CPU ms] (scripts/bench_fusion.py prints it)."""

    def active(self) -> bool:
        """True while some spot is still accumulating (the frame's homography is then needed)."""
        return any(not s.closed for s in self.spots)

    def reset(self) -> None:
        """Forget everything (a new table, a moved camera the plates cannot follow)."""
        self.spots, self.spent = [], []

    def add_regions(self, geometry: TableGeometry, boxes, read: list[Detection]) -> None:
        """Take the frame boxes (frame px) a full scan read nothing from as spots, where the frame shows their
        marks in the fusion band, unless a spot or a read already covers them."""
        read_mm = [shapes.bounds(geometry.to_table(np.asarray(d.corners, np.float64)).tolist()) for d in read]
        for box in boxes:
            if self._regions() >= FUSE_MAX_SPOTS:
                return
            mm, (mx0, my0, mx1, my1) = topdown.on_table(geometry, box, 0, 0)
            if mm is None:
                continue
            px_per_mm = math.sqrt(shapes.area(box) / max(abs(cv2.contourArea(mm.astype(np.float32))), 1e-6))
            if not FUSE_MIN_PX_PER_MODULE <= px_per_mm * self.module_mm < FUSE_MAX_PX_PER_MODULE:
                continue
            if min(mx1 - mx0, my1 - my0) < 0.8 * self.mark_mm:
                continue
            m = 0.1 * self.mark_mm
            for b in _tiles((mx0 - m, my0 - m, mx1 + m, my1 + m)):
                if self._regions() < FUSE_MAX_SPOTS:
                    self._add(b, read_mm)

    def _regions(self) -> int:
        """Candidate regions' spots kept (mark spots have their own bound, FUSE_MAX_MARK_SPOTS)."""
        return sum(not s.mark for s in self.spots)

    def _add(self, b: tuple[float, float, float, float], read_mm: list) -> None:
        """Take one table box (mm) as a spot unless a spot, a given-up region or reads cover most of it."""
        if any(shapes.overlap_area(b, s.box) > 0.5 * shapes.area(b) for s in self.spots):
            return
        if any(shapes.overlap_area(b, s) > 0.5 * shapes.area(b) for s, _ in self.spent):
            return
        if sum(shapes.overlap_area(b, r) for r in read_mm) > 0.5 * shapes.area(b):
            return
        size = (int(math.ceil((b[2] - b[0]) * FUSE_PX_PER_MM)), int(math.ceil((b[3] - b[1]) * FUSE_PX_PER_MM)))
        self.spots.append(Spot(box=b, size=size))

    def update(self, gray: np.ndarray, geometry: TableGeometry | None, fresh: bool,
               started: float | None = None, settled: bool = False) -> list[Detection]:
        """Add one frame to the spots; return every fused read (frame px), new and kept.

        `geometry`: the pipeline's; `fresh`: it was fitted on this frame (a full scan), else, while a spot
        accumulates, the plates are found again here (shake moves the table a fraction of a pixel a frame).
        `started`: time.process_time() when the pipeline began the frame; decodes then keep the frame within
        self.frame_ms of it (None: no bound). `settled`: the pipeline saw nothing change since the last frame
        (its change copy): closed spots give the last frame's reads again, unchecked, as the pipeline keeps its own.

        One piece because each spot's steps (check its reads, add the frame or start afresh, decode when due
        and within the frame's decodes, spawn mark spots, give up) decide together what it reports this frame."""
        self._frame += 1
        self.spent = [(b, t) for b, t in self.spent if self._frame - t < FUSE_SPENT_FRAMES]
        if not self.spots or geometry is None:
            return []
        decodes = FUSE_DECODES_PER_FRAME
        region_decodes = FUSE_REGION_DECODES_PER_FRAME
        deadline = None if started is None or self.frame_ms is None else started + self.frame_ms / 1000.0
        self._free = FUSE_MIN_SAMPLES_PER_FRAME
        decoding = False
        out: list[Detection] = []
        # The spots decoded fewest times go first, then those with the most frames averaged.
        for spot in sorted(self.spots, key=lambda s: (s.tries, -s.n)):
            if spot.closed and settled and spot.out is not None:
                out += spot.out
                continue
            if spot.geo is not None:
                self._register(spot, gray)
            if spot.reads and not self._same_data(spot, gray):
                # The table changed there (a card swapped for another looks alike to _agrees): afresh, reads dropped.
                spot.acc, spot.reads, spot.closed, spot.frames, spot.out = None, [], False, 0, None
            if spot.closed:
                spot.out = self._to_frame(spot, spot.reads)
                out += spot.out
                continue
            if spot.acc is None:
                spot.geo, spot.ref, spot.shift = geometry, gray, (0.0, 0.0)
            patch = self._warp(gray, spot)
            if patch is not None and spot.acc is not None and not self._agrees(spot, patch):
                # The table changed there (or the camera moved): afresh, through this frame's geometry.
                spot.geo, spot.ref, spot.shift, spot.acc = geometry, gray, (0.0, 0.0), None
                patch = self._warp(gray, spot)
            if patch is None:
                out += self._to_frame(spot, spot.reads)
                continue
            if spot.acc is None:
                spot.acc, spot.n, spot.tries, spot.reads = patch.copy(), 1, 0, []
            else:
                spot.acc += patch
                spot.n += 1
            spot.frames += 1
            due = spot.tries < len(FUSE_TRY_AT) and spot.n >= FUSE_TRY_AT[spot.tries]
            if due and deadline is not None and not decoding:
                # The frame's first decode: however long the frame's own scan took, decodes get FUSE_MIN_DECODE_MS.
                decoding, deadline = True, max(deadline, time.process_time() + FUSE_MIN_DECODE_MS / 1000.0)
            fits = deadline is None or time.process_time() < deadline or self._free > 0
            go = False
            if due and spot.mark:
                go = decodes > 0 and fits
                decodes -= go
            elif due:  # a region's decode samples nothing (~2 ms): while the frame is within its time, one anyway
                go = region_decodes > 0 and (deadline is None or time.process_time() < deadline
                                             or region_decodes == FUSE_REGION_DECODES_PER_FRAME)
                region_decodes -= go
            if go:  # a spot whose turn came while others decoded waits for the next frame
                tries, spot.tries = spot.tries, sum(1 for t in FUSE_TRY_AT if t <= spot.n)
                reads, finders, unread, waited = self._decode(spot.acc / spot.n, regions=not spot.mark, deadline=deadline)
                if waited and spot.mark and not reads:
                    spot.tries = tries  # its finder waits for the next frame's time
                spot.reads = shapes.dedupe(spot.reads + reads)
                if not spot.mark and finders:
                    # A region's finders each get a mark-sized spot that starts from the region's average (a
                    # fifth of its pixels to warp, one finder to decode); the region is done with.
                    for centre in unread:
                        self._spawn(spot, centre)
                    spot.closed = True
                else:
                    spot.closed = bool(spot.reads) and not unread
                if not finders and not spot.reads and spot.n >= FUSE_NO_FINDER_AFTER:
                    spot.frames = FUSE_MAX_FRAMES  # card art, no mark: given up now
                if spot.closed and not spot.reads:
                    self.spots.remove(spot)
                    self.spent.append((spot.box, self._frame))
                    continue
            if spot.frames >= FUSE_MAX_FRAMES or spot.tries >= len(FUSE_TRY_AT):
                if spot.reads:
                    spot.closed = True
                else:
                    self.spots.remove(spot)
                    self.spent.append((spot.box, self._frame))
                    continue
            spot.out = self._to_frame(spot, spot.reads)
            out += spot.out
        return out

    # -- steps --------------------------------------------------------------------------------

    def _patch_to_frame(self, geometry: TableGeometry, spot: Spot) -> np.ndarray:
        return topdown.patch_to_crop(geometry, FUSE_PX_PER_MM, spot.box[0], spot.box[1], 0, 0)

    def _frame_box(self, spot: Spot, gray: np.ndarray, margin: int) -> tuple[int, int, int, int] | None:
        """Return the frame box (px) of the spot's region on its first frame, `margin` px wider, or None when
        it leaves the frame."""
        assert spot.geo is not None
        w, hh = spot.size
        quad = cv2.perspectiveTransform(np.array([[[0, 0]], [[w, 0]], [[w, hh]], [[0, hh]]], np.float64),
                                        self._patch_to_frame(spot.geo, spot)).reshape(4, 2)
        if not np.isfinite(quad).all():
            return None
        x0, y0 = np.floor(quad.min(axis=0)).astype(int) - margin
        x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + margin + 1
        if x0 < 0 or y0 < 0 or x1 > gray.shape[1] or y1 > gray.shape[0]:
            return None
        return int(x0), int(y0), int(x1), int(y1)

    def _register(self, spot: Spot, gray: np.ndarray) -> None:
        """Set spot.shift: how far (frame px) the spot's region moved since its first frame (phase correlation
        of its middle, at most FUSE_REGISTER_PX square); unshifted when the peak is weak or too far."""
        assert spot.ref is not None
        box = self._frame_box(spot, gray, 0)
        spot.shift = (0.0, 0.0)
        if box is None or spot.ref.shape != gray.shape:
            return
        x0, y0, x1, y1 = box
        # A closed spot only checks its reads (Fusion._same_data): its middle's quarter does (a tenth of the cost).
        cx, cy, half = (x0 + x1) // 2, (y0 + y1) // 2, FUSE_REGISTER_PX // (4 if spot.closed else 2)
        x0, x1 = max(x0, cx - half), min(x1, cx + half)
        y0, y1 = max(y0, cy - half), min(y1, cy + half)
        if x1 - x0 < 16 or y1 - y0 < 16:
            return
        win = _hanning((x1 - x0, y1 - y0))
        (dx, dy), peak = cv2.phaseCorrelate(spot.ref[y0:y1, x0:x1].astype(np.float32),
                                            gray[y0:y1, x0:x1].astype(np.float32), win)
        if peak >= FUSE_REGISTER_MIN_PEAK and math.hypot(dx, dy) <= FUSE_REGISTER_MAX_PX:
            spot.shift = (float(dx), float(dy))

    def _warp(self, gray: np.ndarray, spot: Spot) -> np.ndarray | None:
        """Return the spot's region of this frame resampled onto its fused grid (float32) through its geometry
        and this frame's shift, or None off the frame."""
        assert spot.geo is not None
        box = self._frame_box(spot, gray, 3 + int(math.ceil(FUSE_REGISTER_MAX_PX)))
        if box is None:
            return None
        x0, y0, x1, y1 = box
        at = (x0 - spot.shift[0], y0 - spot.shift[1])  # the frame moved by shift: sample there
        patch = topdown.warp(spot.geo, gray[y0:y1, x0:x1], self._patch_to_frame(spot.geo, spot), spot.size,
                             cv2.INTER_LINEAR, at, (0, 0))
        return patch.astype(np.float32)

    def _agrees(self, spot: Spot, patch: np.ndarray) -> bool:
        """True when the frame's patch correlates with the spot's average at FUSE_MIN_AGREE or better."""
        assert spot.acc is not None
        # Every 3rd pixel of the 6 px-module grid (two samples a module each way): the same verdict at a ninth of the cost.
        a = spot.acc[::3, ::3] / spot.n
        p = patch[::3, ::3]
        a, p = a - a.mean(), p - p.mean()
        d = float(np.sqrt((a * a).sum() * (p * p).sum()))
        return d > 1e-6 and float((a * p).sum()) / d >= FUSE_MIN_AGREE

    def _same_data(self, spot: Spot, gray: np.ndarray) -> bool:
        """True when every read mark's data modules (its finder and timing left out), sampled on this frame
        through its homography, correlate with the same modules of the spot's average at FUSE_MIN_DATA_AGREE
        or better: a card swapped for another at the same place keeps the card's look and the marks' finders,
        only the data modules tell. (225 samples a mark on the frame itself: no warp of the region.)"""
        assert spot.acc is not None
        mean = spot.acc / spot.n
        for d, on_frame in zip(spot.reads, self._to_frame(spot, spot.reads)):
            h = cv2.getPerspectiveTransform(_UNIT, np.asarray(d.corners, np.float32)).astype(np.float64)
            a = sampler.module_values(mean, h)[~sampler.FIXED_MASK].astype(np.float64)
            corners = np.asarray(on_frame.corners, np.float32)
            hf = cv2.getPerspectiveTransform(_UNIT, corners).astype(np.float64)
            p = sampler.module_values(gray, hf)[~sampler.FIXED_MASK].astype(np.float64)
            a, p = a - a.mean(), p - p.mean()
            n = float(np.sqrt((a @ a) * (p @ p)))
            if n < 1e-6 or float(a @ p) / n < FUSE_MIN_DATA_AGREE:
                return False
        return True

    def _spawn(self, region: Spot, centre: tuple[float, float]) -> None:
        """Add a mark's spot round a finder located on a region's average (fused-grid px), starting from the
        region's average where it lies inside, unless a mark spot is there already."""
        r = FUSE_PX_PER_MM
        side = int(round(2 * FUSE_MARK_HALF_MM * self.mark_mm / MARK_MM * r))
        ox, oy = int(round(centre[0] - side / 2)), int(round(centre[1] - side / 2))
        box = (region.box[0] + ox / r, region.box[1] + oy / r, region.box[0] + (ox + side) / r, region.box[1] + (oy + side) / r)
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if sum(s.mark for s in self.spots) >= FUSE_MAX_MARK_SPOTS or any(
                s.mark and math.hypot((s.box[0] + s.box[2]) / 2 - cx, (s.box[1] + s.box[3]) / 2 - cy) < 0.3 * self.mark_mm
                for s in self.spots):
            return
        spot = Spot(box=box, size=(side, side), mark=True, geo=region.geo, ref=region.ref, shift=region.shift)
        assert region.acc is not None
        if ox >= 0 and oy >= 0 and ox + side <= region.acc.shape[1] and oy + side <= region.acc.shape[0]:
            spot.acc, spot.n = region.acc[oy:oy + side, ox:ox + side].copy(), region.n
            spot.frames, spot.tries = region.frames, sum(1 for t in FUSE_TRY_AT if t < region.n)  # due now
        self.spots.append(spot)

    def _decode(self, mean: np.ndarray, regions: bool = False,
                deadline: float | None = None) -> tuple[list[Detection], int, list[tuple[float, float]], bool]:
        """Return the cards of this print read on a spot's average (fused-grid px): zxing on it and sharpened,
        then the finders located on it read by the module sampler; how many finders were located, and the
        centres (fused-grid px) of those no read explains. `regions`: a region's average, where up to
        FUSE_REGION_FINDERS are located (the best FUSE_FINDERS read), for the mark spots round the unread ones.
        `deadline` (time.process_time()): a finder whose sampling would end past it is not sampled (it counts as
        unread, and the last value returned is True: it waited)."""
        u8 = np.clip(mean + 0.5, 0, 255).astype(np.uint8)
        found: list[Detection] = []
        t = time.process_time()
        for name in ("plain", "sharp"):
            img = u8 if name == "plain" else cv2.addWeighted(u8, 3.0, cv2.GaussianBlur(u8, (0, 0), 2.5), -2.0, 0)
            for binarizer in ("fixed", "local"):
                before = len(found)
                found = shapes.dedupe(found + [d for d in decoders.decode_zxing(img, try_downscale=False, binarizer=binarizer)
                                               if self._card(d)])
                t = self._stat(f"zxing {name} {binarizer}", len(found) - before, t)
        r = FUSE_PX_PER_MM
        small = cv2.resize(mean, None, fx=1 / r, fy=1 / r, interpolation=cv2.INTER_AREA)
        k = FUSE_SAMPLE_PX_PER_MM
        fine = cv2.resize(mean, None, fx=k / r, fy=k / r, interpolation=cv2.INTER_AREA)
        up, back = np.diag([k, k, 1.0]), np.diag([r / k, r / k, 1.0])
        plan = sampler.GridTries(tries=1, deconv_from=FUSE_DECONV_FROM, corners_from=0.7, sharpen_below=0.9,
                                 codebook=codebook.of_deck(self.deck))  # the print's own symbols (issue 33)
        finders = locator.find_finders(small, self.module_mm, max_finders=FUSE_REGION_FINDERS if regions else FUSE_FINDERS)
        t = self._stat("locate", 0, t)
        unread: list[tuple[float, float]] = []
        waited = False
        for k, f in enumerate(finders):
            centre = (f.x * r, f.y * r)
            if any(cv2.pointPolygonTest(np.asarray(d.corners, np.float32), centre, False) >= 0 for d in found):
                continue
            # A region's best finders are read now, the rest get mark spots; none once the frame's time is up.
            sample = k < FUSE_FINDERS
            if sample and deadline is not None and time.process_time() + self._sample_ms / 1000.0 > deadline:
                if self._free > 0 and not regions:  # a region's finder past the time gets a mark spot instead
                    self._free -= 1
                else:
                    sample, waited = False, True
            det = sampler.read_grids(fine, [up @ g for g in locator.grids(f, self.module_mm)], plan) if sample else None
            if sample:
                self._sample_ms += 0.3 * ((time.process_time() - t) * 1000.0 - self._sample_ms)
            if det is not None and self._card(det):
                found = shapes.dedupe(found + [shapes.mapped(det, back)])
                t = self._stat("sampler", 1, t)
            else:
                unread.append(centre)
                if sample:
                    t = self._stat("sampler", 0, t)
        return ([Detection(payload=d.payload, corners=d.corners, backend="fused", raw=d.raw) for d in found], len(finders),
                unread, waited)

    def _stat(self, name: str, reads: int, since: float) -> float:
        """Count one run of a decode pass in self.stats; return the time now (the next pass's start)."""
        now = time.process_time()
        row = self.stats.setdefault(name, [0.0, 0.0, 0.0])
        row[0] += 1
        row[1] += reads
        row[2] += (now - since) * 1000.0
        return now

    def _card(self, det: Detection) -> bool:
        return getattr(self.deck.identify(det.payload), "status", None) == "card"

    def _to_frame(self, spot: Spot, reads: list[Detection]) -> list[Detection]:
        """Return reads on the spot's fused grid in this frame's px (its geometry, moved by its shift)."""
        if not reads or spot.geo is None:
            return []
        h = self._patch_to_frame(spot.geo, spot)
        sx, sy = spot.shift
        return [topdown.mapped_to_crop(spot.geo, d, h, 0, 0).shifted(sx, sy) for d in reads]


def _tiles(box: tuple[float, float, float, float]) -> list[tuple[float, float, float, float]]:
    """Return a table box (mm) cut into FUSE_TILE_MM tiles overlapping by FUSE_TILE_OVERLAP_MM (itself when small)."""
    x0, y0, x1, y1 = box
    step = FUSE_TILE_MM - FUSE_TILE_OVERLAP_MM

    def starts(a: float, b: float) -> list[float]:
        if b - a <= FUSE_TILE_MM:
            return [a]
        n = int(math.ceil((b - a - FUSE_TILE_MM) / step))
        return [a + (b - a - FUSE_TILE_MM) * i / n for i in range(n + 1)]

    return [(x, y, min(x + FUSE_TILE_MM, x1), min(y + FUSE_TILE_MM, y1)) for y in starts(y0, y1) for x in starts(x0, x1)]


_WINDOWS: dict[tuple[int, int], np.ndarray] = {}


def _hanning(size: tuple[int, int]) -> np.ndarray:
    """Return the phase correlation's Hanning window of a (width, height), made once per size."""
    win = _WINDOWS.get(size)
    if win is None:
        win = _WINDOWS[size] = cv2.createHanningWindow(size, cv2.CV_32F)
    return win
