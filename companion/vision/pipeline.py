"""Frame -> cards: decode every QR mark on the table, fast enough for video.

One full scan of a frame:
1. zxing-cpp on the whole frame (cheap; reads marks at >= ~2.5 px/module);
2. the table plates (searched at 960 px): the table homography, and plate
   boxes that are never mistaken for marks;
3. candidate regions found at half scale (dense edges in both directions: a
   QR mark, text) that no read explains are cropped at full scale, upscaled
   2x and decoded again; then, with the table known, resampled top-down
   through the homography (perspective gone, square 6 px modules) and
   sharpened, which reads blurred marks near 2 px/module that no upscale of
   the raw crop reads; then a 3x Lanczos upscale where zxing located a symbol
   it could not decode, and finally zbar (crash-isolated). A region holding
   several marks (a fanned spread) goes on down the ladder until it is
   explained, since one read there says nothing of its neighbours;
   last, in regions the whole ladder read nothing from, the finder patterns
   are located on a top-down patch (companion.vision.locator) and the marks
   they start are read by our own module sampler (companion.vision.sampler),
   which reads blurred marks at ~2 px/module no binarizer does; a bounded
   number of failed tries per frame (a read gives its try back), cards of this
   print only. Without the plates, the top-down and finder steps run on the
   table plane the frame's read marks give, or a guessed one
   (companion.vision.localplane);
4. video of a still table: candidate regions of marks too small for one frame (1.2-2.2 px/module) are
   averaged over frames in table coordinates and the averages read (companion.vision.fusion);
5. each payload is identified against the print (card / other print / foreign),
   a card counted once however many of its marks show, and placed on the
   table (mm) and in a zone when a TableGeometry is known.

Between frames the pipeline keeps the last result: it compares each frame
with the previous one at 1/8 scale and rescans only regions that changed (plus
one rotating tile, so a mark missed once is found later); a settled table
costs a resize and a difference. A large change (a bumped camera) triggers a
full scan and re-registration from the table plates.

Each step is its own module; this one wires them and keeps the state between frames:
companion.vision.proposals (candidate regions), companion.vision.ladder (the decode ladder, on
companion.vision.kernels and companion.vision.topdown), companion.vision.sampling (finders located,
marks sampled), companion.vision.identify (cards named and placed; the result types, also importable
from here).

Knows nothing of game rules; identification is the PrintDeck's job.
"""

from __future__ import annotations

import time

import cv2
import numpy as np

from companion.errors import CompanionError
from companion.vision import decoders, kernels, ladder, localplane, locator, proposals, sampling, shapes
from companion.vision.fusion import Fusion
from companion.vision.decoders import Detection
from companion.vision.geometry import TableGeometry, TableLayout, detect_markers, load_layout
from companion.vision.identify import CardSeen, FrameResult, Identifier, identify_reads
from companion.vision.lens import Lens
from companion.vision.topdown import MODULE_MM
from companion.vision.sampling import (LOCATE_REGIONS_FULL, LOCATE_REGIONS_PARTIAL, LOCATE_REGIONS_STILL,
                                       SAMPLED_MARKS_FULL, SAMPLED_MARKS_PARTIAL, SAMPLED_MARKS_STILL)

__all__ = ["CardSeen", "FrameResult", "Identifier", "Pipeline"]

MARKER_SEARCH_SIDE = 960
"""Plates are searched on a copy shrunk to this long side (corners refined at full size)."""
REPLANE_ROUNDS = 3
"""Boxes are searched again on the plane new reads give at most this many times a still's pass (a video frame's
once): each round's reads correct the plane a step further from them (a plates' plane off by 1.5x across a frame,
tuning seed 137); a video's first full scan without plates paid ~1.35x CPU for 3 rounds (side bench, blurred)."""
MAX_FAILED = 256
"""Failed finder points remembered between video frames (bounded: a long game must not grow memory)."""


class Pipeline:
    """Turns BGR frames into FrameResults; keeps state between frames of one camera.

    Args:
        deck: the print whose cards to recognise (a PrintDeck); None reports every payload as unknown.
        geometry: a fixed TableGeometry; None finds it from the plates on full scans.
        layout: the table layout for plate positions and zones (default calibration/).
        use_zbar: allow zbar as the last retry on failed regions (crash-isolated child process).
        track: reuse the last result where the image did not change (for video); off for stills.
        photo: also try inverted, Micro/Model-1 QR, zbar and OpenCV on the whole image (single photos).
        locate: with the table known, search candidate regions nothing read for finder patterns and read
            the marks found with the module sampler (a bounded number per frame; cards of this print only).
        lens: the camera's lens calibration (`companion calibrate`): the plates' homography is fitted to
            undistorted points and marks are resampled through the lens, so edge marks of a wide-angle
            camera are read where they really are. Scaled to the frame size (same shape of frame).
        module_mm: the printed marks' module size (mm), for the finder search; default the print's
            (`deck.module_mm`, chosen by `cards print --camera`), else 2 mm.
        fuse: video (`track`) with a deck: average regions nothing read over frames in table coordinates and
            read the averages (companion.vision.fusion): a still table's marks at 1.5-2 px/module.
        module_sizes_mm: every module size (mm) the print's marks carry, for the finder search and the
            top-down decode; default `module_mm` and the print's own other sizes (`deck.other_modules_mm`:
            a rules card's 18 mm mark has 1.2 mm modules). Sizes, not games: the print says them.
    """

    def __init__(self, deck: Identifier | None = None, geometry: TableGeometry | None = None,
                 layout: TableLayout | None = None, *, use_zbar: bool = True, track: bool = True,
                 photo: bool = False, find_table: bool = True, rescan_tiles: int = 4, full_every: int = 15,
                 change_threshold: int = 14, locate: bool = True, lens: Lens | None = None,
                 module_mm: float | None = None, module_sizes_mm: tuple[float, ...] | None = None,
                 fuse: bool = True):
        self.deck = deck
        self.module_mm = float(module_mm if module_mm is not None else getattr(deck, "module_mm", MODULE_MM))
        sizes = module_sizes_mm if module_sizes_mm is not None else getattr(deck, "other_modules_mm", ())
        self.module_sizes = tuple(dict.fromkeys([self.module_mm] + [float(m) for m in sizes]))
        """The print's module sizes, its main one first (the finder search tries each)."""
        self.lens = lens
        self.layout = layout
        self.fixed_geometry = geometry
        self.geometry = geometry
        self.use_zbar = use_zbar and decoders.availability()["zbar"] == "ok"
        self.track = track
        self.photo = photo
        self.find_table = find_table
        self.rescan_tiles = rescan_tiles
        self.full_every = full_every
        """Video: rescan the whole frame at least every this many frames, and on the frame after a
        partial rescan lost a card it had read (a crop can cut through a mark the full frame reads)."""
        self._since_full = 0
        self.change_threshold = change_threshold
        self.locate = locate
        self._budget = sampling.Budget()
        """What is left of this frame's finder searches and sampler reads."""
        self._failed: list[tuple[float, float]] = []
        """Video: frame points of finders the sampler could not read, not tried again while their
        area is unchanged, so the next full scans spend the budget on the others."""
        self._spent: list[tuple[float, float, float, float]] = []
        """Video: candidate boxes (frame px) whose every finder failed, not searched again while unchanged."""
        self._carry: list[Detection] = []
        """Video: the sampler's reads, kept through a periodic full scan where the image is unchanged."""
        self._zbar: decoders.ZbarWorker | None = None
        self._prev_small: np.ndarray | None = None
        self._prev_dets: tuple[Detection, ...] = ()
        self._tile = 0
        self._identified: tuple | None = None
        """The last frame's reads, its geometry and what `identify_reads` made of them: a settled table's
        frames read the same marks, and naming their cards again cost ~0.7-1 ms a frame."""
        self._plate_boxes: list[tuple[float, float, float, float]] = []
        self._plate_squares: list[tuple[np.ndarray, float]] = []
        """The plates found on the last full scan: image corners and side (mm), squares of the table plane."""
        self.notes: list[str] = []
        self._lens: Lens | None = None
        """The lens scaled to the current frame size."""
        self._fusion = Fusion(deck, module_mm=self.module_mm) if fuse and track and deck is not None else None
        self._unread: list[tuple[float, float, float, float]] = []
        """This frame's candidate boxes (frame px) no earlier read explained: the fusion's spots, where reads leave them unexplained."""
        if use_zbar and not self.use_zbar:
            self.notes.append(decoders.availability()["zbar"])

    def close(self) -> None:
        """Stop the zbar worker, if one was started."""
        if self._zbar is not None:
            self._zbar.close()
            self._zbar = None

    def __enter__(self) -> "Pipeline":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- decoding ---------------------------------------------------------------------------

    def _zbar_decode(self, image: np.ndarray) -> tuple[Detection, ...]:
        """Return zbar's reads of an image, from the worker (started on first use)."""
        if self._zbar is None:
            self._zbar = decoders.ZbarWorker()
        return self._zbar.decode(image)

    def _zbar_step(self) -> ladder.Zbar | None:
        """Return the ladder's zbar step, or None when zbar is not to be used."""
        return self._zbar_decode if self.use_zbar else None

    def read_region(self, gray: np.ndarray, box=None, halves: list[np.ndarray] | None = None) -> list[Detection]:
        """Return the marks read in a region (whole image if box is None), frame coordinates.

        `halves`: the whole frame's `kernels.halves`, when a video frame already made them for its change copy."""
        if box is None:
            x0, y0, x1, y1 = 0, 0, gray.shape[1], gray.shape[0]
        else:
            x0, y0, x1, y1 = (int(round(v)) for v in box)
            x0, y0 = max(x0, 0), max(y0, 0)
            x1, y1 = min(x1, gray.shape[1]), min(y1, gray.shape[0])
        if x1 - x0 < 8 or y1 - y0 < 8:
            return []
        crop = gray[y0:y1, x0:x1]
        if box is not None:
            halves = None
        if box is None and not self.photo:
            found = ladder.read_whole(crop, halves)
        else:
            found = [d.shifted(x0, y0) for d in decoders.decode_zxing(crop, try_downscale=False)]
        if box is None and self._carry:
            found = shapes.dedupe(found + self._carry)
        found += self._candidates_pass(crop, found, x0, y0, halves[0] if halves else None)
        if self.photo:
            found += ladder.photo_pass(crop, found, x0, y0, self._zbar_step())
        return found

    def _candidates_pass(self, crop: np.ndarray, found: list[Detection], ox: int, oy: int,
                         half: np.ndarray | None = None) -> list[Detection]:
        """Decode upscaled crops of dense-edge regions no read explains yet; then sample located marks.

        `half`: the crop's 2x area halving, when already made (a video frame's full scan)."""
        known = [shapes.box_of(d.shifted(-ox, -oy), 0.1) for d in found]
        # Table plates are dense edges too, but never a card mark: their boxes count as explained.
        known += [(x0 - ox, y0 - oy, x1 - ox, y1 - oy) for x0, y0, x1, y1 in self._plate_boxes]
        out: list[Detection] = []
        located: list[tuple[locator.Finder, list[np.ndarray]]] = []
        regions: list[tuple[tuple[float, float, float, float], int, int]] = []
        laddered: list[tuple[int, int, int, int]] = []
        planes = _Planes(self, found) if self.deck is not None and self.locate else None
        for box in proposals.split(proposals.candidate_boxes(crop, max_side=0.6 * max(crop.shape), half=half)):
            if shapes.inside_any(box, known):
                continue
            # Without the plates, the table plane near a read mark of this print (companion.vision.localplane).
            # With them, the ladder's top-down decode too once the reads doubt the plates (`_Planes.doubted`).
            geometry = self.geometry if planes is None or (self.geometry is not None and not planes.doubted) \
                else planes.near(box, ox, oy, out)
            got = ladder.decode_candidate(crop, box, ox, oy, laddered, geometry=geometry,
                                          zbar=self._zbar_step())
            if self._fusion is not None:  # a fan's box with one read in it may hold other marks
                self._unread.append((box[0] + ox, box[1] + oy, box[2] + ox, box[3] + oy))
            unread = not got or (not self.track and sum(shapes.area(shapes.box_of(d, 0.3)) for d in got) < 0.8 * shapes.area(box))
            if unread and self._budget.regions > 0 and geometry is not None and self.deck is not None:
                # Video: only where the whole ladder read nothing. A box with a read in it is mostly a
                # fan whose other finders are covered marks (measured: searching those too read one
                # more hard card in 27 and cost 10-30 ms more per 1080p frame on easy and medium).
                # A still searches every box its reads do not fill.
                frame_box = (box[0] + ox, box[1] + oy, box[2] + ox, box[3] + oy)
                if any(shapes.iou(frame_box, b) > 0.8 for b in self._spent):
                    continue  # every finder there failed on an earlier frame of this unchanged area
                if planes is not None and (got or self.geometry is not None):
                    # The plane the finders are searched on, near a read mark of this print: the plates'
                    # corrected where it shows that read off its square (the box's own reads give it best).
                    geometry = planes.near(box, ox, oy, out + [d.shifted(ox, oy) for d in got])
                found_here = self._search_finders(geometry, planes, crop, box, ox, oy)
                regions.append((frame_box, len(located), len(located) + len(found_here)))
                if planes is not None:
                    planes.searched.append((box, geometry.image_to_mm))
                located += found_here
            for d in got:
                out.append(d.shifted(ox, oy))
                known.append(shapes.box_of(d, 0.1))
        tried: set[int] = set()
        if located and self.deck is not None:  # (only searched with a deck)
            sampled, failed = sampling.sample(self.deck, crop, located, [d.shifted(-ox, -oy) for d in found + out],
                                              ox, oy, tried, self._budget, self._failed)
            out += [d.shifted(ox, oy) for d in sampled]
            self._remember_failed(failed)
        if planes is not None:
            out += self._replanes(planes, crop, ox, oy, found + out)
        if self.track:
            # A region all of whose finders were tried without a read is not searched again while unchanged.
            read_here = [shapes.box_of(d) for d in out]
            self._spent = (self._spent + [b for b, i, j in regions if all(k in tried for k in range(i, j))
                                          and not any(shapes.boxes_overlap(b, r) for r in read_here)])[-MAX_FAILED:]
        return out

    def _search_finders(self, geometry: TableGeometry, planes: "_Planes | None", crop: np.ndarray, box,
                        ox: int, oy: int) -> list[tuple[locator.Finder, list[np.ndarray]]]:
        """Return the finders located in one unread candidate box on `geometry`: at the print's main module
        size (`_locate_main`) and at its other sizes."""
        before = self._budget.regions
        found_here = self._locate_main(geometry, planes, crop, box, ox, oy)
        for m in self.module_sizes[1:]:
            # The print's other sizes (a rules card's smaller mark) search the same region and spend the
            # budget once for it (a 4K video's 16 regions stay 16 for the main marks).
            counted = self._budget.regions < before
            budget = sampling.Budget(max(self._budget.regions, 1)) if counted else self._budget
            found_here += sampling.locate(geometry, crop, box, ox, oy, budget, m)
        return found_here

    def _locate_main(self, geometry: TableGeometry, planes: "_Planes | None", crop: np.ndarray, box, ox: int,
                     oy: int) -> list[tuple[locator.Finder, list[np.ndarray]]]:
        """Return the finders of the print's main module size located in a box on `geometry` and, without plates
        and no read near, on the foreshortened guess too, the better match kept."""
        found = sampling.locate(geometry, crop, box, ox, oy, self._budget, self.module_mm)
        if planes is not None and planes.guessed(geometry) and self._budget.regions > 0:
            # No read mark near: also the foreshortened guess; the finders that match better are kept.
            other = sampling.locate(localplane.guesses(planes.layout, self.module_mm)[1], crop, box, ox, oy,
                                    self._budget, self.module_mm)
            if max((f.score for f, _ in other), default=0.0) > max((f.score for f, _ in found), default=0.0):
                found = other
        return found

    def _replanes(self, planes: "_Planes", crop: np.ndarray, ox: int, oy: int,
                  reads: list[Detection]) -> list[Detection]:
        """Return the reads of boxes searched again, up to REPLANE_ROUNDS times, on the plane that the reads made
        since (ladder or sampler, each round's too) now correct (frame coordinates)."""
        out: list[Detection] = []
        for _ in range(1 if self.track else REPLANE_ROUNDS):  # video: one round, as its budget is per frame
            if not planes.searched:
                break
            more = self._replane(planes, crop, ox, oy, reads + out)
            out += more
            if not more:
                break
        return out

    def _replane(self, planes: "_Planes", crop: np.ndarray, ox: int, oy: int,
                 reads: list[Detection]) -> list[Detection]:
        """Search again, on the plane the new reads now give, the boxes that were searched on a guessed or rougher
        plane (or the plates' uncorrected there) and read nothing; sample their finders (frame coordinates).

        The first pass's planes come from zxing's reads only, often none on a blurred side view; the marks the
        sampler then reads fit a plane (localplane.frame_plane) that shows the other finders at their true
        scale and foreshortening, where the sampler's grid fit reads them."""
        read_boxes = [shapes.box_of(d.shifted(-ox, -oy)) for d in reads]
        new = [d for d in reads if d not in planes.reads]
        located: list[tuple[locator.Finder, list[np.ndarray]]] = []
        for i, (box, used) in enumerate(planes.searched):
            if self._budget.regions <= 0:
                break
            if any(shapes.boxes_overlap(box, r) for r in read_boxes):
                continue
            geometry = planes.near(box, ox, oy, new)
            if np.allclose(geometry.image_to_mm, used, rtol=0.02, atol=1e-6):
                continue
            planes.searched[i] = (box, geometry.image_to_mm)
            located += self._locate_main(geometry, planes, crop, box, ox, oy)
        if not located or self.deck is None:
            return []
        sampled, failed = sampling.sample(self.deck, crop, located, [d.shifted(-ox, -oy) for d in reads],
                                          ox, oy, set(), self._budget, [])
        self._remember_failed(failed)
        return [d.shifted(ox, oy) for d in sampled]

    def process(self, frame: np.ndarray) -> FrameResult:
        """Return the cards and other payloads seen in one BGR (or grey) frame.

        Raises:
            ValueError: if the frame is empty or not an image array.
            CompanionError: if the lens was calibrated for another shape of frame.
        """
        t0, cpu0 = time.perf_counter(), time.process_time()
        if not isinstance(frame, np.ndarray) or frame.size == 0 or frame.ndim not in (2, 3):
            raise ValueError("empty or malformed frame")
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
        if self.lens is not None and (self._lens is None or self._lens.size != (gray.shape[1], gray.shape[0])):
            self._lens = self.lens.for_size((gray.shape[1], gray.shape[0]))
        if not self.locate:
            self._budget = sampling.Budget(0, 0)
        elif self.track:
            self._budget = sampling.Budget(LOCATE_REGIONS_FULL, SAMPLED_MARKS_FULL)
        else:
            self._budget = sampling.Budget(LOCATE_REGIONS_STILL, SAMPLED_MARKS_STILL)
        self._unread = []
        halves = kernels.halves(gray) if self.track else None  # the 1/8 copy is the change copy; a full scan reuses the rest
        small = halves[2] if halves is not None else None
        # halves (and small) exist exactly when tracking
        if halves is not None and self._prev_small is not None and self._prev_small.shape == halves[2].shape:
            dets, scan = self._next_frame(gray, halves)
        else:
            self._failed, self._carry, self._spent = [], [], []
            self._refresh_geometry(gray, halves[0] if halves is not None else None)
            dets, scan = self.read_region(gray, halves=halves), "full"
            self._since_full = 0
        if self._fusion is not None:
            dets = self._fused(gray, dets, scan, cpu0)
        if self.track:
            self._prev_small, self._prev_dets = small, tuple(dets)
            self._carry = [d for d in dets if d.backend == "sampler"]
        done = self._identified
        if done is not None and done[1] is self.geometry and done[0] == tuple(dets):
            result = done[2]
        else:
            result = identify_reads(self.deck, self.geometry, dets)
            self._identified = (tuple(dets), self.geometry, result)
        ms = (time.perf_counter() - t0) * 1000.0
        return FrameResult(cards=result[0], unknown=result[1], other_print=result[2], ms=ms, scan=scan,
                           geometry=self.geometry, detections=tuple(dets))

    def _fused(self, gray: np.ndarray, dets: list[Detection], scan: str, cpu0: float) -> list[Detection]:
        """Return the frame's reads plus what the fusion of unread regions over frames reads (video); `cpu0`:
        time.process_time() at the frame's start (the fusion's decodes keep the frame within its budget)."""
        assert self._fusion is not None
        fresh = scan == "full"
        if fresh and self.geometry is not None:
            self._fusion.add_regions(self.geometry, self._unread, [d for d in dets if d.backend != "fused"])
        fused = self._fusion.update(gray, self.geometry, fresh, started=cpu0, settled=scan == "settled")
        # A partial scan keeps the last frame's reads, the fused ones too: those are the fusion's to give.
        mine = [d for d in dets if d.backend != "fused"]
        return shapes.dedupe(mine + fused) if fused else mine

    def _next_frame(self, gray: np.ndarray, halves: list[np.ndarray]) -> tuple[list[Detection], str]:
        """Return a video frame's reads and its scan ("full", "partial" or "settled"), from what changed since
        the last frame (`halves`: the frame's `kernels.halves`, the last of them its change copy)."""
        scan = "full"
        assert self._prev_small is not None  # process() calls this only when a previous frame is kept
        diff = cv2.absdiff(halves[2], self._prev_small)
        changed = (diff > self.change_threshold).astype(np.uint8)
        frac = float(changed.mean())
        if frac > 0.35 or (self.full_every and self._since_full >= self.full_every):
            if frac > 0.35:  # the camera moved: nothing remembered holds
                self._failed, self._carry, self._spent = [], [], []
            else:
                self._forget_changed(changed)
            self._refresh_geometry(gray, halves[0])
            dets = self.read_region(gray, halves=halves)
            self._since_full = 0
        else:
            before = {d.payload for d in self._prev_dets}
            self._budget.regions = min(self._budget.regions, LOCATE_REGIONS_PARTIAL)
            self._budget.marks = min(self._budget.marks, SAMPLED_MARKS_PARTIAL)
            self._forget_changed(changed)
            dets, scan = self._partial(gray, changed), "partial"
            self._since_full += 1
            if frac == 0.0:
                scan = "settled"
            elif before - {d.payload for d in dets}:
                self._since_full = self.full_every
        return dets, scan

    def _remember_failed(self, points: list[tuple[float, float]]) -> None:
        """Video: remember the frame points of finders the sampler tried and could not read (the last MAX_FAILED)."""
        if self.track:
            self._failed = (self._failed + points)[-MAX_FAILED:]

    def _forget_changed(self, changed: np.ndarray) -> None:
        """Drop remembered failures and carried sampler reads where the 1/8-scale change mask is set."""
        if not changed.any():
            return
        grown = cv2.dilate(changed, np.ones((5, 5), np.uint8))
        h, w = grown.shape

        def unchanged(x: float, y: float) -> bool:
            return not grown[min(max(int(y / 8), 0), h - 1), min(max(int(x / 8), 0), w - 1)]

        self._failed = [p for p in self._failed if unchanged(*p)]
        self._carry = [d for d in self._carry if unchanged(*d.centre())]
        self._spent = [b for b in self._spent
                       if not grown[max(int(b[1] / 8), 0):max(int(np.ceil(b[3] / 8)), 1),
                                    max(int(b[0] / 8), 0):max(int(np.ceil(b[2] / 8)), 1)].any()]

    def _partial(self, gray: np.ndarray, changed: np.ndarray) -> list[Detection]:
        """Rescan changed regions and one rotating tile; keep previous reads elsewhere."""
        f = 8.0
        boxes = []
        if changed.any():
            grown = cv2.dilate(changed, np.ones((5, 5), np.uint8))
            n, _, stats, _ = cv2.connectedComponentsWithStats(grown, connectivity=8)
            for i in range(1, n):
                x, y, w, h = stats[i, :4]
                boxes.append((x * f - 24, y * f - 24, (x + w) * f + 24, (y + h) * f + 24))
        if self.rescan_tiles:
            k = self.rescan_tiles
            ty, tx = divmod(self._tile % (k * k), k)
            self._tile += 1
            th, tw = gray.shape[0] / k, gray.shape[1] / k
            boxes.append((tx * tw - 40, ty * th - 40, (tx + 1) * tw + 40, (ty + 1) * th + 40))
        change_boxes = boxes[:-1] if self.rescan_tiles else boxes
        kept = [d for d in self._prev_dets if not any(shapes.boxes_overlap(shapes.box_of(d), b) for b in change_boxes)]
        fresh: list[Detection] = []
        for i, b in enumerate(boxes):
            if self.rescan_tiles and i == len(boxes) - 1:
                # The rotating tile of a settled table: no finder search there, so a mark nothing
                # reads costs no sampler time frame after frame (full scans still search it).
                self._budget.regions = self._budget.marks = 0
            fresh += self.read_region(gray, b)
        return shapes.dedupe(kept + fresh)

    def _refresh_geometry(self, gray: np.ndarray, half: np.ndarray | None = None) -> None:
        """Find the table plates (`half`: the frame's 2x area halving, when made) and fit the geometry."""
        if self.fixed_geometry is not None or not self.find_table:
            return
        layout = self.layout or load_layout()
        markers = detect_markers(gray, layout, max_side=MARKER_SEARCH_SIDE, half=half)
        boxes = []
        for c in markers.values():
            # The white plate is 70 mm round a 50 mm marker.
            (ax, ay), (bx, by), (cx, cy), (dx, dy) = corners = c.tolist()
            mx, my = (ax + bx + cx + dx) / 4.0, (ay + by + cy + dy) / 4.0
            x0, y0, x1, y1 = shapes.bounds(corners)
            boxes.append((mx + (x0 - mx) * 1.45, my + (y0 - my) * 1.45, mx + (x1 - mx) * 1.45, my + (y1 - my) * 1.45))
        self._plate_boxes = boxes
        self._plate_squares = [(np.asarray(c, np.float64).reshape(4, 2), layout.marker_mm) for c in markers.values()]
        try:
            self.geometry = TableGeometry.from_markers(markers, layout, self._lens)
        except CompanionError:  # too few plates this frame: keep the last pose
            pass


class _Planes:
    """A frame's read marks of this print, lending their local table plane to candidate boxes: the plates' plane
    corrected near a read it shows off its square, or when the plates were not found the reads' own
    (companion.vision.localplane); each payload is identified once."""

    def __init__(self, pipeline: Pipeline, found: list[Detection]):
        self.plates = pipeline.geometry
        """The plates' plane, when found this frame or kept from an earlier one."""
        self.squares = pipeline._plate_squares
        """The plates' squares (image corners, side mm): with the reads, they fit a plane where the plates' own
        homography is doubted."""
        self.deck = pipeline.deck
        self.module_mm = pipeline.module_mm
        self.layout = pipeline.layout or load_layout()
        self.cards: dict[str, bool] = {}
        self.reads = [d for d in found if self._card(d)]
        self.searched: list[tuple[tuple[float, float, float, float], np.ndarray]] = []
        """Crop boxes searched for finders, each with the image -> mm homography it was searched on."""
        self._fitted_on = -1
        self._plane: TableGeometry | None = None
        self._fixes: dict[tuple, tuple[float, TableGeometry] | None] = {}
        """localplane.fixed of each read (payload, corners) on a plane (its id: the plates', or a fit kept in
        `_planes_kept`)."""
        self._planes_kept: list[TableGeometry] = []
        """Every plane `_fixes` was keyed on (kept alive, so no id is reused)."""

    def _card(self, det: Detection) -> bool:
        """True when the read names a card of this print (a mark of known printed size)."""
        if det.payload not in self.cards:
            self.cards[det.payload] = getattr(self.deck.identify(det.payload) if self.deck else None,
                                              "status", None) == "card"
        return self.cards[det.payload]

    def guessed(self, geometry: TableGeometry) -> bool:
        """True when `geometry` is the frame's guessed plane (no read mark gave one)."""
        return bool(np.array_equal(geometry.image_to_mm, localplane.guesses(self.layout, self.module_mm)[0].image_to_mm))

    def near(self, box, ox: int, oy: int, more: list[Detection]) -> TableGeometry:
        """Return the table geometry for a crop box (frame reads `more` of this pass count too): the plates'
        plane (or, where the reads doubt it, the plane fitted to them), corrected by the nearest read where it
        shows it off its square; without the plates, the plane fitted to every read mark when two or more give
        one, else the nearest read's, else a guess."""
        reads, frame_box = self._fitted(more), (box[0] + ox, box[1] + oy, box[2] + ox, box[3] + oy)
        if self.plates is not None and self._plane is not None:
            # localplane.near with the plates, each read's check and correction computed once (a pass asks for
            # ~15 boxes' planes, each among the same reads).
            d = localplane.nearest([r for r in reads if self._fix_of(r, self._plane) is not None], frame_box,
                                   self.module_mm, checked=True)
            fix = None if d is None else self._fix_of(d, self._plane)
            return fix[1] if fix is not None and fix[0] > localplane.LOCAL_FIX_FROM else self._plane
        if self._plane is not None:
            return self._plane
        return localplane.near(reads, frame_box, self.layout, self.module_mm)

    @property
    def doubted(self) -> bool:
        """True when the reads so far doubt the plates' plane (the base `near` starts from is the reads' fit)."""
        return self.plates is not None and self._plane is not None and self._plane is not self.plates

    def _fix_of(self, det: Detection, plane: TableGeometry) -> tuple[float, TableGeometry] | None:
        """Return localplane.fixed(plane, det), kept per read and plane."""
        key = (id(plane), det.payload, det.corners)
        if key not in self._fixes:
            self._fixes[key] = localplane.fixed(plane, det, self.module_mm)
        return self._fixes[key]

    def _fitted(self, more: list[Detection]) -> list[Detection]:
        """Return the reads of this print (`more`: this pass's frame reads too), the frame's plane fitted to them."""
        reads = self.reads + [d for d in more if self._card(d)]
        if len(reads) != self._fitted_on:
            self._fitted_on = len(reads)
            self._plane = self._base(reads)
        return reads

    def _base(self, reads: list[Detection]) -> TableGeometry | None:
        """Return the frame's plane before local corrections: the plates', unless the reads doubt it
        (localplane.PLATES_DOUBT) and fit one of their own; without the plates, the reads' fit or None."""
        doubt = 0.0
        if self.plates is not None:
            errors = []
            for d in reads:
                fix = self._fix_of(d, self.plates)
                if fix is not None:
                    errors.append(fix[0])
            doubt = float(np.median(errors)) if len(errors) >= 2 else 0.0
            if doubt <= localplane.PLATES_DOUBT:
                return self.plates
        plane = localplane.frame_plane(reads, self.module_mm, self.squares if self.plates is not None else ())
        if plane is None and self.plates is not None and doubt > localplane.PLATES_WRONG:
            # The reads alone, when the plates' squares do not fit one plane with them and the plates' plane is
            # further off than the reads' own fit, from small squares close together, is likely to be.
            plane = localplane.frame_plane(reads, self.module_mm)
        if plane is None:
            return self.plates
        self._planes_kept.append(TableGeometry(layout=self.layout, image_to_mm=plane))
        return self._planes_kept[-1]
