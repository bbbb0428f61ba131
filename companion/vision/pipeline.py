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
   number per frame (it costs ~2-4 ms a mark), cards of this print only;
4. each payload is identified against the print (card / other print / foreign),
   a card counted once however many of its marks show, and placed on the
   table (mm) and in a zone when a TableGeometry is known.

Between frames the pipeline keeps the last result: it compares each frame
with the previous one at 1/8 scale and rescans only regions that changed (plus
one rotating tile, so a mark missed once is found later); a settled table
costs a resize and a difference. A large change (a bumped camera) triggers a
full scan and re-registration from the table plates.

Knows nothing of game rules; identification is the PrintDeck's job.
"""

from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Protocol

import cv2
import numpy as np

from companion.errors import CompanionError
from companion.vision import decoders, locator, sampler
from companion.vision.decoders import Detection
from companion.vision.geometry import TableGeometry, TableLayout, detect_markers, load_layout
from companion.vision.lens import Lens, local_homography, warp_maps


class Identifier(Protocol):
    """What the pipeline needs from a print: companion.cards.payloads.PrintDeck fits."""

    def identify(self, payload: str):  # -> Identity(status, code, print_id)
        ...


@dataclass(frozen=True)
class CardSeen:
    """One card of the print, seen in one frame."""

    code: str
    payload: str
    corners: tuple[tuple[float, float], ...]
    """4 image points of the card's mark (the first mark read when several show)."""
    centre_px: tuple[float, float]
    """Mean of all its marks' centres (the card centre when marks sit at opposite corners)."""
    table_mm: tuple[float, float] | None = None
    zone: str | None = None
    marks: int = 1

    def to_json(self) -> dict:
        """Return the `companion scan --json` card entry."""
        return {"code": self.code, "payload": self.payload,
                "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
                "zone": self.zone,
                "table_mm": None if self.table_mm is None else [round(v, 1) for v in self.table_mm]}


@dataclass(frozen=True)
class FrameResult:
    """What one frame showed: this print's cards, foreign payloads, other prints' payloads."""

    cards: tuple[CardSeen, ...]
    unknown: tuple[str, ...] = ()
    other_print: tuple[str, ...] = ()
    ms: float = 0.0
    scan: str = "full"
    """"full", "partial" (changed regions only) or "settled" (nothing changed)."""
    geometry: TableGeometry | None = field(default=None, repr=False)
    detections: tuple[Detection, ...] = field(default=(), repr=False)

    def codes(self) -> frozenset[str]:
        """Return the card codes seen."""
        return frozenset(c.code for c in self.cards)


MARKER_SEARCH_SIDE = 960
"""Plates are searched on a copy shrunk to this long side (corners refined at full size)."""
CANDIDATE_FULL_SCALE_SIDE = 0
"""Frames up to this long side are searched for candidate marks at full scale."""
CANDIDATE_ROW_SIDE = 28.0
"""An elongated dense-edge blob at least this thick (frame px) is kept as a candidate and split into tiles:
a fanned row of small marks merges into one long blob under the search's closing (a 1080p hard bench frame
lost two cards so), while lines (card edges, print) are thinner. A mark at 2 px/module is 30 px across."""
RECTIFY_PX_PER_MM = 3.0
"""Top-down resampling scale for blurred marks: 6 px per 2 mm module (4 reads a few more, at twice the cost)."""
RECTIFY_MAX_MM = 140.0
"""Larger candidate regions are not resampled top-down (the cost grows with the square)."""
MODULE_MM = 2.0
"""The printed mark's module (30 mm Micro QR M3, 15 modules)."""
MARK_MM = 15 * MODULE_MM
"""The printed mark's side: a region narrower than this on the table cannot hold a whole mark."""
UNLOCATED_TOPDOWN_MM, UNLOCATED_TOPDOWN_PX_PER_MM = 60.0, 2.0
"""A candidate region where the 2x decode located no symbol is resampled top-down only if it spans at least
UNLOCATED_TOPDOWN_MM (two marks) or the frame shows it at UNLOCATED_TOPDOWN_PX_PER_MM or more. On the 1080p bench
frames (6 medium, 24 hard; video, still, no-locate; all under 1.6 px/mm) the top-down stage of such regions read
15 marks in 2079 tries, all in fans spanning 85-121 mm, none in the 1047 under 60 mm (~40% of that stage's cost
there). At 4K (2.5-4 px/mm) it does read lone marks so: bench_camera's harsh room, 2 of 115 at contrast >= 0.12."""
WARP_UPSCALE_MAX = 4
"""The top-down patch's cubic sampling upscales its source by at most this whole factor (then warps bilinearly)."""
LADDERED_WITHIN = 0.9
"""A candidate region this much inside a region already taken through the whole ladder is not decoded again."""
LOCATE_PX_PER_MM = 1.0
"""Top-down scale for the finder locator: 2 px modules (finder centres within ~0.3 module; 1.5 is no better)."""
SAMPLER_MIN_PX_PER_MODULE = 1.8
"""Regions whose marks the frame shows smaller than this are not searched (nothing reads them)."""
LOCATE_MIN_MARK = 0.75
"""Candidate boxes narrower than this many mark sides (at the frame's scale there) are not searched for finders:
of 414 sampler reads on bench frames (hard 1080p and 4K, medium 1080p; stills and video) the smallest box
that found the read's finder was 1.08 marks across, while half of an easy 1080p frame's searches were in
smaller boxes (letters, pips; docs/vision.md, issue 19)."""
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
MAX_FAILED = 256
"""Failed finder points remembered between video frames (bounded: a long game must not grow memory)."""


def _sharpen(gray: np.ndarray, sigma: float, amount: float) -> np.ndarray:
    """Return an unsharp mask of a uint8 image: (1 + amount) * gray - amount * its Gaussian blur, saturated."""
    blur = _gaussian(gray, sigma)
    return cv2.addWeighted(gray, 1.0 + amount, blur, -amount, 0)


@functools.lru_cache(maxsize=512)
def _gaussian_taps(sigma: float) -> np.ndarray:
    """Return the taps OpenCV's 8-bit GaussianBlur(sigma) uses, as float32 (integers / 256, zero ends dropped).

    OpenCV blurs 8-bit images in fixed point: integer taps summing to 256 in each direction, the exact
    sum of products, rounded half up at the end. Read off the blur of a vertical line of 255 (each output
    is floor((255 t + 128) / 256): t itself up to 128, t - 1 above, which only the centre tap can be)."""
    ksize = int(round(sigma * 6 + 1)) | 1
    line = np.zeros((ksize + 2, 2 * ksize + 1), np.uint8)
    line[:, ksize] = 255
    taps = cv2.GaussianBlur(line, (0, 0), sigma)[ksize // 2 + 1, ::-1].astype(np.int64)
    taps[np.argmax(taps)] += 256 - int(taps.sum())
    while len(taps) > 1 and taps[0] == 0 and taps[-1] == 0:
        taps = taps[1:-1]
    return (taps / 256.0).astype(np.float32)


def _gaussian(gray: np.ndarray, sigma: float) -> np.ndarray:
    """Return cv2.GaussianBlur(gray, (0, 0), sigma) of a uint8 image, the same bytes, in float32 arithmetic.

    OpenCV's 8-bit fixed-point Gaussian was the largest part of the 3x retry (~40 % of its instructions,
    ~33 a pixel). In float32 the same taps (multiples of 1/256) and pixels give every partial sum exactly
    (multiples of 2^-16 under 256: 24 bits), so adding 0.5 and truncating rounds half up as OpenCV does;
    the separable float filter skips the zero end taps and has vector code: ~0.6 of the time."""
    taps = _gaussian_taps(float(sigma))
    return cv2.sepFilter2D(gray, cv2.CV_32F, taps, taps, delta=0.5).astype(np.uint8)


def _to_uint8(image: np.ndarray) -> np.ndarray:
    """Return a float32 image rounded to the nearest grey level (half to even) and saturated to 0-255, as uint8.

    OpenCV's saturating conversion in one pass (numpy's rint, clip and cast made three over a 3x upscale)."""
    return cv2.add(image, 0.0, dtype=cv2.CV_8U)


def _halves(gray: np.ndarray) -> list[np.ndarray]:
    """Return the frame at 1/2, 1/4 and 1/8 scale, each a 2x area halving of the one before.

    The 1/8 copy is what a video frame is compared with the last one on. OpenCV's 2x area resize has
    vector code, a direct 8x one does not: at 4K the halvings cost ~0.9 ms against ~4.2 ms, paid by every
    frame (a settled 4K table cost ~12 ms in all). They round three times, so a pixel may differ from the
    direct average by a grey level or two; both frames of a comparison are shrunk the same way, and the
    change threshold is 14 levels. A full scan reuses the 1/2 and 1/4 copies (the candidate search and the
    Model 2 pass make the same halvings), so they are made once a frame."""
    if min(gray.shape[:2]) < 8:
        return [cv2.resize(gray, (max(gray.shape[1] // f, 1), max(gray.shape[0] // f, 1)),
                           interpolation=cv2.INTER_AREA) for f in (2, 4, 8)]
    out = [gray]
    for _ in range(3):
        out.append(cv2.resize(out[-1], (out[-1].shape[1] // 2, out[-1].shape[0] // 2), interpolation=cv2.INTER_AREA))
    return out[1:]


@functools.lru_cache(maxsize=1)
def _lanczos3_kernels() -> tuple[np.ndarray, np.ndarray]:
    """Return the column kernels of a 3x Lanczos upscale's two in-between phases, read off OpenCV's own resize.

    Output pixel 3k + j of a 3x upscale sits at source position k + (j - 1) / 3: phase 1 is source pixel k
    itself, phases 0 and 2 are fixed 8-tap filters, here 9-tap correlation kernels centred on k (taps at
    offsets -4..3 and -3..4). They are read off the upscale of an impulse, as `_gaussian_taps` reads its taps."""
    impulse = np.zeros((1, 17), np.float32)
    impulse[0, 8] = 1.0
    up = cv2.resize(impulse, (51, 1), interpolation=cv2.INTER_LANCZOS4)[0]
    # Output 3k + j weighs source 8 with the tap at offset 8 - k, i.e. kernel index i = 12 - k.
    phase0, phase2 = (np.array([up[3 * (12 - i) + j] for i in range(9)], np.float32) for j in (0, 2))
    return phase0, phase2


def _lanczos3(gray: np.ndarray) -> np.ndarray:
    """Return a 3x Lanczos upscale of a uint8 or float32 image, rounded to uint8: OpenCV's INTER_LANCZOS4 resize,
    computed as phase filters.

    OpenCV's Lanczos resize has no vector code in either pass (~5 ns an output pixel, in float as in 8 bits), and
    it was the largest part of the 3x retry. A whole-factor upscale is three fixed filters per direction (one of
    them the identity), so it is done as the two vertical phases interleaved with the source rows, then the two
    horizontal phases of that, each a vectorised `filter2D` on the source-sized image (~0.45 of the time, both
    conversions included). Borders replicate, as the resize's do. The taps are the resize's own; it recomputes
    them per column from float positions, so ~3 pixels in 10,000 round one grey level the other way."""
    k0, k2 = _lanczos3_kernels()
    h, w = gray.shape[:2]
    src = gray if gray.dtype == np.float32 else gray.astype(np.float32)
    rows = np.stack([cv2.filter2D(src, -1, k0.reshape(9, 1), borderType=cv2.BORDER_REPLICATE), src,
                     cv2.filter2D(src, -1, k2.reshape(9, 1), borderType=cv2.BORDER_REPLICATE)], axis=1).reshape(3 * h, w)
    cols = [_to_uint8(cv2.filter2D(rows, -1, k.reshape(1, 9), borderType=cv2.BORDER_REPLICATE)) for k in (k0, k2)]
    return cv2.merge([cols[0], _to_uint8(rows), cols[1]]).reshape(3 * h, 3 * w)


X3_SHARPEN = 0.7
"""The 3x retry's unsharp mask: this amount of a blur of sigma 1.5 upscaled px taken off (1 + amount) x the image."""
X3_BLUR_TAPS = np.array([-0.0087, 0.1502, 0.7170, 0.1502, -0.0087], np.float32)
"""The source-scale blur whose 3x Lanczos upscale is nearest a Gaussian of sigma 1.5 on the upscale (a least-squares
fit on the 3x retry's regions of the bench's medium frames; a sampled Gaussian of sigma 0.5 is 0.54 grey level off
on average, this 0.41, most of it the roundings of the path it replaces)."""


def _sharpened_lanczos3(gray: np.ndarray) -> np.ndarray:
    """Return the 3x retry's image: a 3x Lanczos upscale of a uint8 image with an unsharp mask (X3_SHARPEN of a
    sigma 1.5 blur on the upscale).

    The mask and the upscale are both linear, so the mask is applied first, at source scale with `X3_BLUR_TAPS`,
    and the sharpened source upscaled in float and rounded once. It was a Gaussian over every pixel of the 3x
    upscale (9 times the source's pixels), after rounding the upscale and before rounding the blur: ~9 % of a
    heavy 1080p medium scan. The two differ by 0.41 grey level on average (99th percentile 1; at most 2 away from
    the borders, which replicate here). It changes which marks the retry reads at the edge of legibility: on the
    benches it read one more hard 1080p card (docs/vision.md)."""
    src = gray.astype(np.float32)
    # Two filter2D passes, not sepFilter2D: the same sums, but OpenCV's float sepFilter2D runs an AVX2 instruction
    # valgrind 3.19 cannot decode, which would stop bench_before_after.py --callgrind.
    blur = cv2.filter2D(cv2.filter2D(src, -1, X3_BLUR_TAPS.reshape(5, 1), borderType=cv2.BORDER_REPLICATE), -1,
                        X3_BLUR_TAPS.reshape(1, 5), borderType=cv2.BORDER_REPLICATE)
    return _lanczos3(cv2.addWeighted(src, 1.0 + X3_SHARPEN, blur, -X3_SHARPEN, 0.0))


def _mapped(det: Detection, h: np.ndarray) -> Detection:
    """Return a detection whose corners are mapped through homography h."""
    pts = cv2.perspectiveTransform(np.asarray(det.corners, np.float64).reshape(-1, 1, 2), h).reshape(-1, 2)
    return Detection(payload=det.payload, corners=tuple((float(x), float(y)) for x, y in pts),
                     backend=det.backend, raw=det.raw)


def _boxes_overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _bounds(quad) -> tuple[float, float, float, float]:
    """Return the bounds (x0, y0, x1, y1) of 4 points.

    Plain Python: a scan asks this ~200 times (read marks, located symbols, regions on the table, plates), where
    numpy's per-call overhead on 4 points was ~5% of a 1080p medium full scan."""
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = quad
    return min(ax, bx, cx, dx), min(ay, by, cy, dy), max(ax, bx, cx, dx), max(ay, by, cy, dy)


def _box_of(det: Detection, pad: float = 0.0):
    """Return a detection's bounding box, grown by `pad` of its longer side on every side."""
    x0, y0, x1, y1 = _bounds(det.corners)
    p = pad * max(x1 - x0, y1 - y0)
    return (x0 - p, y0 - p, x1 + p, y1 + p)


def _inside_any(inner, boxes) -> bool:
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
    """

    def __init__(self, deck: Identifier | None = None, geometry: TableGeometry | None = None,
                 layout: TableLayout | None = None, *, use_zbar: bool = True, track: bool = True,
                 photo: bool = False, find_table: bool = True, rescan_tiles: int = 4, full_every: int = 15,
                 change_threshold: int = 14, locate: bool = True, lens: Lens | None = None):
        self.deck = deck
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
        self._locate_left = 0
        self._sample_left = 0
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
        """The last frame's reads, its geometry and what `_identify` made of them: a settled table's
        frames read the same marks, and naming their cards again cost ~0.7-1 ms a frame."""
        self._plate_boxes: list[tuple[float, float, float, float]] = []
        self.notes: list[str] = []
        self._lens: Lens | None = None
        """The lens scaled to the current frame size."""
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
        if not self.use_zbar:
            return ()
        if self._zbar is None:
            self._zbar = decoders.ZbarWorker()
        return self._zbar.decode(image)

    def read_region(self, gray: np.ndarray, box=None, halves: list[np.ndarray] | None = None) -> list[Detection]:
        """Return the marks read in a region (whole image if box is None), frame coordinates.

        `halves`: the whole frame's `_halves`, when a video frame already made them for its change copy."""
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
            found = self._read_whole(crop, halves)
        else:
            found = [d.shifted(x0, y0) for d in decoders.decode_zxing(crop, try_downscale=False)]
        if box is None and self._carry:
            found = _dedupe(found + self._carry)
        found += self._candidates_pass(crop, found, x0, y0, halves[0] if halves else None)
        if self.photo:
            found += self._photo_pass(crop, found, x0, y0)
        return found

    def _read_whole(self, gray: np.ndarray, halves: list[np.ndarray] | None = None) -> list[Detection]:
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
            small = halves[1] if halves is not None else _halves(gray)[1]
            found += [d.shifted(0, 0, 0.25) for d in decoders.decode_zxing(small, try_downscale=False, micro=False)]
        return found

    def _candidates_pass(self, crop: np.ndarray, found: list[Detection], ox: int, oy: int,
                         half: np.ndarray | None = None) -> list[Detection]:
        """Decode upscaled crops of dense-edge regions no read explains yet; then sample located marks.

        `half`: the crop's 2x area halving, when already made (a video frame's full scan)."""
        known = [_box_of(d.shifted(-ox, -oy), 0.1) for d in found]
        # Table plates are dense edges too, but never a card mark: their boxes count as explained.
        known += [(x0 - ox, y0 - oy, x1 - ox, y1 - oy) for x0, y0, x1, y1 in self._plate_boxes]
        out: list[Detection] = []
        located: list[tuple[locator.Finder, list[np.ndarray]]] = []
        regions: list[tuple[tuple[float, float, float, float], int, int]] = []
        laddered: list[tuple[int, int, int, int]] = []
        for box in _split(_candidate_boxes(crop, max_side=0.6 * max(crop.shape), half=half)):
            if _inside_any(box, known):
                continue
            got = self._decode_candidate(crop, box, ox, oy, laddered)
            unread = not got or (not self.track and sum(_area(_box_of(d, 0.3)) for d in got) < 0.8 * _area(box))
            if unread and self._locate_left > 0 and self.geometry is not None and self.deck is not None:
                # Video: only where the whole ladder read nothing. A box with a read in it is mostly a
                # fan whose other finders are covered marks (measured: searching those too read one
                # more hard card in 27 and cost 10-30 ms more per 1080p frame on easy and medium).
                # A still searches every box its reads do not fill.
                frame_box = (box[0] + ox, box[1] + oy, box[2] + ox, box[3] + oy)
                if any(_iou(frame_box, b) > 0.8 for b in self._spent):
                    continue  # every finder there failed on an earlier frame of this unchanged area
                found_here = self._locate(crop, box, ox, oy)
                regions.append((frame_box, len(located), len(located) + len(found_here)))
                located += found_here
            for d in got:
                out.append(d.shifted(ox, oy))
                known.append(_box_of(d, 0.1))
        tried: set[int] = set()
        if located:
            out += [d.shifted(ox, oy) for d in self._sample(crop, located, [d.shifted(-ox, -oy) for d in found + out],
                                                            ox, oy, tried)]
        if self.track:
            # A region all of whose finders were tried without a read is not searched again while unchanged.
            read_here = [_box_of(d) for d in out]
            self._spent = (self._spent + [b for b, i, j in regions if all(k in tried for k in range(i, j))
                                          and not any(_boxes_overlap(b, r) for r in read_here)])[-MAX_FAILED:]
        return out

    def _locate(self, crop: np.ndarray, box, ox: int, oy: int) -> list[tuple[locator.Finder, list[np.ndarray]]]:
        """Return the finder patterns in a candidate box, each with its 4 grids (module units -> crop px).

        The box (plus a margin) is resampled top-down at LOCATE_PX_PER_MM through the table
        homography, so the finder has a known size (2 mm modules) whatever the perspective,
        and matched there (companion.vision.locator).
        """
        x0, y0, x1, y1 = box
        side = max(x1 - x0, y1 - y0)
        pad = 0.15 * side + 4
        bx0, by0 = int(max(x0 - pad, 0)), int(max(y0 - pad, 0))
        bx1, by1 = int(min(x1 + pad, crop.shape[1])), int(min(y1 + pad, crop.shape[0]))
        mm, (mx0, my0, mx1, my1) = self._on_table((bx0, by0, bx1, by1), ox, oy)
        if mm is None:
            return []
        # The frame's scale there from areas: the box's table quad, not its axis-aligned bounds (a turned,
        # foreshortened quad's bounds are up to ~1.25x its sides, which called 2.0-2.2 px/module marks 1.7).
        px_per_mm = np.sqrt(_area((bx0, by0, bx1, by1)) / max(abs(cv2.contourArea(mm.astype(np.float32))), 1e-6))
        if px_per_mm * MODULE_MM < SAMPLER_MIN_PX_PER_MODULE:
            return []  # marks this small are beyond the sampler: no search
        if max(x1 - x0, y1 - y0) < LOCATE_MIN_MARK * MARK_MM * px_per_mm:
            return []  # a blob this small is a letter or a pip, not a mark (nor a whole finder and its ring)
        if max(mx1 - mx0, my1 - my0) > LOCATE_MAX_MM:
            # A split tile seen steeply from afar spans more table than one patch: search it in two halves
            # overlapping by a mark and its margin (the sampler drops a finder found twice).
            overlap = 1.5 * MARK_MM * px_per_mm
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
                if self._locate_left > 0:
                    out += self._locate(crop, half, ox, oy)
            return out
        r = LOCATE_PX_PER_MM
        w, h = int(np.ceil((mx1 - mx0) * r)), int(np.ceil((my1 - my0) * r))
        module_px = MODULE_MM * r
        if min(w, h) < 10 * module_px:
            return []
        self._locate_left -= 1
        patch_to_crop = self._patch_to_crop(r, mx0, my0, ox, oy)
        patch = self._warp(crop[by0:by1, bx0:bx1], patch_to_crop, (w, h), cv2.INTER_LINEAR, (bx0, by0), (ox, oy))
        assert self.geometry is not None, "patches are made only once the geometry is known"
        lens = self.geometry.lens
        if lens is None:
            return [(f, [patch_to_crop @ g for g in locator.grids(f, module_px)])
                    for f in locator.find_finders(patch, module_px)]
        to_frame = np.array([[1, 0, ox], [0, 1, oy], [0, 0, 1.0]])
        from_frame = np.linalg.inv(to_frame)
        return [(f, [from_frame @ local_homography(lens, to_frame @ patch_to_crop @ g, 15.0)
                     for g in locator.grids(f, module_px)])
                for f in locator.find_finders(patch, module_px)]

    def _sample(self, crop: np.ndarray, located, read: list[Detection], ox: int = 0, oy: int = 0,
                tried: set[int] | None = None) -> list[Detection]:
        """Return marks of this print the module sampler reads at located finders (crop coordinates).

        Finders inside a mark already read are skipped, and so are those whose every grid runs
        into a read mark (a fanned card's covered mark). Finders away from any read mark go
        first: next to one, a finder is most often that fan's covered mark, which costs a
        failed fit. At most `_sample_left` marks are tried; in video, finders that failed on an
        earlier frame of an unchanged area are not tried again (`_failed`), and the indexes of the
        finders dealt with are added to `tried`. Only reads that identify as a card of this print
        are kept: a grid the sampler got wrong is dropped by zxing's Reed-Solomon check or by the
        keyed payload, never reported.
        """
        assert self.deck is not None, "the sampler runs only with a deck to identify its reads"
        read = list(read)
        read_boxes = [_box_of(d, 0.05) for d in read]
        read_centres = np.array([d.centre() for d in read], np.float64).reshape(-1, 2)
        failed = np.array(self._failed, np.float64).reshape(-1, 2) - (ox, oy)
        queue: list[tuple[Any, ...]] = []  # (near, -score, centre, mark px, grids, quads, index)
        tried = set() if tried is None else tried
        for index, (f, grids) in enumerate(located):
            quads = [_grid_quad(g) for g in grids]
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
        out: list[Detection] = []
        for _, _, centre, mark_px, grids, quads, index in queue:
            if self._sample_left <= 0:
                break
            tried.add(index)
            if any(b[0] <= centre[0] <= b[2] and b[1] <= centre[1] <= b[3] for b in read_boxes):
                continue
            cx, cy = float(centre[0]), float(centre[1])
            read_quads = [np.asarray(d.corners, np.float32) for d in read
                          if math.hypot(cx - d.centre()[0], cy - d.centre()[1]) < 2.5 * mark_px]
            # Nor can a visible mark hold another finder: that grid runs under the card above.
            others = [q[2] for q in queue if q[2] is not centre
                      and math.hypot(float(q[2][0]) - cx, float(q[2][1]) - cy) < 1.5 * mark_px]
            keep = [g for g, q in zip(grids, quads)
                    if not any(_quad_overlap(q, rq) > 0.15 for rq in read_quads)
                    and not any(cv2.pointPolygonTest(q, (float(o[0]), float(o[1])), True) > 0.1 * mark_px
                                for o in others)]
            if not keep:
                self._remember_failed(centre, ox, oy)
                continue
            self._sample_left -= 1
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
            det = sampler.read_grids(crop[y0:y1, x0:x1].astype(np.float32), [shift @ g for g in keep],
                                     start_ratio=1.0, settled=0.9, variants_below=0.9, rank_below=0.9,
                                     rank_span=SAMPLER_RANK_SPAN, corners_from=SAMPLER_CORNERS_FROM,
                                     deconv_from=SAMPLER_DECONV_FROM, sharpen_below=SAMPLER_SHARPEN_BELOW)
            if det is None or getattr(self.deck.identify(det.payload), "status", None) != "card":
                self._remember_failed(centre, ox, oy)
                continue
            det = det.shifted(x0, y0)
            out.append(det)
            read.append(det)
            read_boxes.append(_box_of(det, 0.05))
        return out

    def _decode_candidate(self, crop: np.ndarray, box, ox: int = 0, oy: int = 0,
                          laddered: list[tuple[int, int, int, int]] | None = None) -> list[Detection]:
        """Return the marks read in one candidate box of `crop` (crop coordinates).

        First a plain 2x upscale (cheap, reads most). Then, when the table is
        known, the region is resampled top-down through the table homography
        (perspective gone, modules square and 6 px wide) and sharpened, which
        reads blurred marks at 2-2.5 px/module that no upscale of the raw crop
        does; then a 3x Lanczos + sharpen retry where zxing located a symbol.

        A box whose padded region lies within one of `laddered`, the regions of this frame already
        taken through every stage, the top-down one included, is not decoded again (the same pixels at
        the same scales; it is still searched for finders when nothing reads it). `laddered` gets this
        region when it is so.
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
        if laddered and any(_overlap_area(b, (bx0, by0, bx1, by1)) >= LADDERED_WITHIN * area for b in laddered):
            return []
        failed: list = []
        found: list[Detection] = []
        rectified: list[bool] = []
        up = cv2.resize(region, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
        stages: list[Callable[[], list[Detection]]] = [
            lambda: [d.shifted(bx0, by0, 2.0) for d in
                     decoders.decode_zxing(up, try_downscale=False, binarizer="local", failed=failed)],
        ]
        if self.geometry is not None:
            stages.append(lambda: self._decode_rectified(crop, (bx0, by0, bx1, by1), ox, oy, rectified,
                                                         located=bool(failed or found)))
        stages.append(lambda: self._decode_located(region, failed, bx0, by0))
        if self.use_zbar:
            stages.append(lambda: [d.shifted(bx0, by0, 2.0) for d in self._zbar_decode(up)] if failed else [])
        for stage in stages:
            found = _dedupe(found + stage())
            # A region holding one mark is done once it is read; a larger one (a fan of cards)
            # goes on through the ladder, since other marks in it may need the heavier steps.
            if found and sum(_area(_box_of(d, 0.6)) for d in found) >= 0.5 * area:
                return found
        if laddered is not None and rectified:
            laddered.append((bx0, by0, bx1, by1))
        return found

    def _decode_located(self, region: np.ndarray, failed: list, bx0: int, by0: int) -> list[Detection]:
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
            qx0, qy0, qx1, qy1 = (v / 2.0 for v in _bounds(quad))
            m = max(qx1 - qx0, qy1 - qy0) + 4
            b = (int(max(qx0 - m, 0)), int(max(qy0 - m, 0)),
                 int(min(qx1 + m, region.shape[1])), int(min(qy1 + m, region.shape[0])))
            if b[2] - b[0] >= 8 and b[3] - b[1] >= 8 and not _inside_any(b, boxes):
                boxes.append(b)
        if sum(_area(b) for b in boxes) >= 0.5 * region.shape[0] * region.shape[1]:
            boxes = [(0, 0, region.shape[1], region.shape[0])]
        out: list[Detection] = []
        for x0, y0, x1, y1 in boxes:
            up = _sharpened_lanczos3(region[y0:y1, x0:x1])
            out += [d.shifted(bx0 + x0, by0 + y0, 3.0) for d in decoders.decode_zxing(up, try_downscale=False)]
        return _dedupe(out)

    def _decode_rectified(self, crop: np.ndarray, box, ox: int, oy: int,
                          rectified: list[bool] | None = None, located: bool = True) -> list[Detection]:
        """Return marks read from the box resampled top-down (table mm) at RECTIFY_PX_PER_MM.

        `located`: the 2x decode read or located a symbol in the box; a box where it did not is resampled
        only when it spans at least UNLOCATED_TOPDOWN_MM or the frame shows it at UNLOCATED_TOPDOWN_PX_PER_MM
        or more. `rectified` gets True when the box was resampled (not skipped as too large, too narrow or
        too small)."""
        bx0, by0, bx1, by1 = box
        mm, (mx0, my0, mx1, my1) = self._on_table(box, ox, oy)
        span = max(mx1 - mx0, my1 - my0)
        if mm is None or span > RECTIFY_MAX_MM:
            return []
        px_per_mm = max(bx1 - bx0, by1 - by0) / max(span, 1e-6)
        if not located and span < UNLOCATED_TOPDOWN_MM and px_per_mm < UNLOCATED_TOPDOWN_PX_PER_MM:
            return []
        if min(mx1 - mx0, my1 - my0) < MARK_MM:
            # Too narrow for a whole card mark (a pip, a letter of the card's art): no warp, no decode.
            # On the bench frames such regions were a third of those resampled at 1080p and three
            # quarters at 4K, and none read (the narrowest region read spans ~60 mm).
            return []
        r = RECTIFY_PX_PER_MM
        w, h = int(np.ceil((mx1 - mx0) * r)), int(np.ceil((my1 - my0) * r))
        if w < 16 or h < 16:
            return []
        patch_to_crop = self._patch_to_crop(r, mx0, my0, ox, oy)
        # Unsharp mask on the small source region (half a module wide), then one cubic resampling;
        # the fixed mid-grey threshold then reads motion- and defocus-blurred marks.
        src = _sharpen(crop[by0:by1, bx0:bx1], sigma=max(0.5, px_per_mm * 1.0), amount=2.0)
        patch = self._warp(src, patch_to_crop, (w, h), cv2.INTER_CUBIC, (bx0, by0), (ox, oy))
        if rectified is not None:
            rectified.append(True)
        for binarizer in ("fixed", "local"):
            got = decoders.decode_zxing(patch, try_downscale=False, binarizer=binarizer)
            if got:
                return [self._mapped_to_crop(d, patch_to_crop, ox, oy) for d in got]
        return []

    def _on_table(self, box, ox: int, oy: int) -> tuple[np.ndarray | None, tuple[float, float, float, float]]:
        """Return a crop box's 4 corners on the table (mm, (4,2)) and their bounds; None and NaN bounds when
        a corner maps to no finite point (beyond the table's horizon)."""
        x0, y0, x1, y1 = box
        assert self.geometry is not None, "a region is placed on the table only once the geometry is known"
        mm = self.geometry.to_table(np.array([[x0 + ox, y0 + oy], [x1 + ox, y0 + oy], [x1 + ox, y1 + oy],
                                              [x0 + ox, y1 + oy]], np.float64))
        bounds = _bounds(mm.tolist())
        if not all(map(math.isfinite, bounds)):
            return None, (math.nan,) * 4
        return mm, bounds

    def _patch_to_crop(self, px_per_mm: float, mx0: float, my0: float, ox: int, oy: int) -> np.ndarray:
        """Return the homography of a top-down patch (`px_per_mm`, its corner at table mm (mx0, my0)) to crop px:
        patch px -> table mm -> (undistorted) frame px -> crop px (the crop at (ox, oy) in the frame)."""
        assert self.geometry is not None, "patches are made only once the geometry is known"
        return (np.array([[1, 0, -ox], [0, 1, -oy], [0, 0, 1.0]]) @ self.geometry.mm_to_image
                @ np.array([[1 / px_per_mm, 0, mx0], [0, 1 / px_per_mm, my0], [0, 0, 1.0]]))

    def _warp(self, src: np.ndarray, patch_to_crop: np.ndarray, size: tuple[int, int], interpolation: int,
              src_at: tuple[int, int], crop_at: tuple[int, int]) -> np.ndarray:
        """Return the top-down patch sampled from `src` (which starts at `src_at` in the crop, the crop at
        `crop_at` in the frame): a perspective warp, or through the lens when the geometry has one.

        INTER_CUBIC is done as a cubic upscale of `src` by a whole factor (to the patch's scale or finer)
        and a bilinear warp of that: OpenCV samples a perspective warp bicubically without vector code
        (~17 ns a pixel, 8 ms of a 1080p medium full scan), while its 2-4x cubic resize and its bilinear
        warp have it (~4 ns a pixel together). Bilinear steps between samples already cubic-interpolated
        at a finer pitch than the patch's differ from a direct bicubic sample by ~0.5 grey level on average
        (99th percentile ~5, up to ~25 at the sharpened source's hardest edges, on the bench's patches); the
        hard bench read the same cards as a still and after a video's 4th full scan (docs/vision.md)."""
        assert self.geometry is not None, "patches are made only once the geometry is known"
        lens = self.geometry.lens
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

    def _mapped_to_crop(self, det: Detection, patch_to_crop: np.ndarray, ox: int, oy: int) -> Detection:
        """Return a detection read on a top-down patch with its corners in crop pixels (through the lens)."""
        assert self.geometry is not None, "patches are made only once the geometry is known"
        lens = self.geometry.lens
        if lens is None:
            return _mapped(det, patch_to_crop)
        ideal = cv2.perspectiveTransform(np.asarray(det.corners, np.float64).reshape(-1, 1, 2), patch_to_crop)
        pts = lens.distort_points(ideal.reshape(-1, 2) + (ox, oy)) - (ox, oy)
        return Detection(payload=det.payload, corners=tuple((float(x), float(y)) for x, y in pts),
                         backend=det.backend, raw=det.raw)

    def _photo_pass(self, crop: np.ndarray, found: list[Detection], ox: int, oy: int) -> list[Detection]:
        """Single photos: the whole-image ladder measured best on the real-photo set."""
        if found:
            return []
        ladder: list[tuple[Callable[[np.ndarray], tuple[Detection, ...]], Callable[[np.ndarray], np.ndarray], float]] = [
            (lambda g: decoders.decode_zxing(g, model2_only=False, try_invert=True), lambda g: g, 1.0),
            (self._zbar_decode, lambda g: g, 1.0),
            (self._zbar_decode, lambda g: cv2.resize(g, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA), 0.5),
            (self._zbar_decode, lambda g: cv2.GaussianBlur(g, (3, 3), 0), 1.0),
            (decoders.decode_opencv, lambda g: cv2.resize(g, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA), 0.5),
        ]
        for decode, prep, scale in ladder:
            got = decode(prep(crop))
            if got:
                return [d.shifted(ox, oy, scale) for d in got]
        return []

    # -- frames -----------------------------------------------------------------------------

    def process(self, frame: np.ndarray) -> FrameResult:
        """Return the cards and other payloads seen in one BGR (or grey) frame.

        Raises:
            ValueError: if the frame is empty or not an image array.
            CompanionError: if the lens was calibrated for another shape of frame.
        """
        t0 = time.perf_counter()
        if not isinstance(frame, np.ndarray) or frame.size == 0 or frame.ndim not in (2, 3):
            raise ValueError("empty or malformed frame")
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
        if self.lens is not None and (self._lens is None or self._lens.size != (gray.shape[1], gray.shape[0])):
            self._lens = self.lens.for_size((gray.shape[1], gray.shape[0]))
        scan = "full"
        if not self.locate:
            self._locate_left = self._sample_left = 0
        elif self.track:
            self._locate_left, self._sample_left = LOCATE_REGIONS_FULL, SAMPLED_MARKS_FULL
        else:
            self._locate_left, self._sample_left = LOCATE_REGIONS_STILL, SAMPLED_MARKS_STILL
        halves = _halves(gray) if self.track else None  # the 1/8 copy is the change copy; a full scan reuses the rest
        small = halves[2] if halves is not None else None
        if halves is not None and small is not None and self._prev_small is not None and self._prev_small.shape == small.shape:
            diff = cv2.absdiff(small, self._prev_small)
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
                self._locate_left = min(self._locate_left, LOCATE_REGIONS_PARTIAL)
                self._sample_left = min(self._sample_left, SAMPLED_MARKS_PARTIAL)
                self._forget_changed(changed)
                dets, scan = self._partial(gray, changed), "partial"
                self._since_full += 1
                if frac == 0.0:
                    scan = "settled"
                elif before - {d.payload for d in dets}:
                    self._since_full = self.full_every
        else:
            self._failed, self._carry, self._spent = [], [], []
            self._refresh_geometry(gray, halves[0] if halves is not None else None)
            dets = self.read_region(gray, halves=halves)
            self._since_full = 0
        if self.track:
            self._prev_small, self._prev_dets = small, tuple(dets)
            self._carry = [d for d in dets if d.backend == "sampler"]
        done = self._identified
        if done is not None and done[1] is self.geometry and done[0] == tuple(dets):
            result = done[2]
        else:
            result = self._identify(dets)
            self._identified = (tuple(dets), self.geometry, result)
        ms = (time.perf_counter() - t0) * 1000.0
        return FrameResult(cards=result[0], unknown=result[1], other_print=result[2], ms=ms, scan=scan,
                           geometry=self.geometry, detections=tuple(dets))

    def _remember_failed(self, centre, ox: int, oy: int) -> None:
        if self.track:
            self._failed = (self._failed + [(float(centre[0] + ox), float(centre[1] + oy))])[-MAX_FAILED:]

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
        kept = [d for d in self._prev_dets if not any(_boxes_overlap(_box_of(d), b) for b in change_boxes)]
        fresh: list[Detection] = []
        for i, b in enumerate(boxes):
            if self.rescan_tiles and i == len(boxes) - 1:
                # The rotating tile of a settled table: no finder search there, so a mark nothing
                # reads costs no sampler time frame after frame (full scans still search it).
                self._locate_left = self._sample_left = 0
            fresh += self.read_region(gray, b)
        return _dedupe(kept + fresh)

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
            x0, y0, x1, y1 = _bounds(corners)
            boxes.append((mx + (x0 - mx) * 1.45, my + (y0 - my) * 1.45, mx + (x1 - mx) * 1.45, my + (y1 - my) * 1.45))
        self._plate_boxes = boxes
        try:
            self.geometry = TableGeometry.from_markers(markers, layout, self._lens)
        except CompanionError:  # too few plates this frame: keep the last pose
            pass

    def _identify(self, dets: Iterable[Detection]):
        by_code: dict[str, list[Detection]] = {}
        unknown: list[str] = []
        other: list[str] = []
        for d in dets:
            ident = self.deck.identify(d.payload) if self.deck is not None else None
            status = getattr(ident, "status", "foreign")
            if status == "card" and ident is not None:
                by_code.setdefault(ident.code, []).append(d)
            elif status == "other_print":
                if d.payload not in other:
                    other.append(d.payload)
            elif d.payload not in unknown:
                unknown.append(d.payload)
        groups = [(code, _dedupe(ds)) for code, ds in by_code.items()]
        # Each card's centre is the mean of its marks' centres (summed in order, as numpy's mean does),
        # all mapped to the table in one call.
        centres = [(sum(c[0] for c in cs) / len(cs), sum(c[1] for c in cs) / len(cs))
                   for cs in ([d.centre() for d in ds] for _, ds in groups)]
        on_table = self.geometry.to_table(np.array(centres)).tolist() if self.geometry is not None and centres else None
        cards = []
        for i, (code, ds) in enumerate(groups):
            table_mm = zone = None
            if on_table is not None and self.geometry is not None:  # on_table is read through the geometry
                table_mm = (float(on_table[i][0]), float(on_table[i][1]))
                zone = self.geometry.zone_of(table_mm)
            cards.append(CardSeen(code=code, payload=ds[0].payload, corners=ds[0].corners, centre_px=centres[i],
                                  table_mm=table_mm, zone=zone, marks=len(ds)))
        cards.sort(key=lambda c: c.code)
        return tuple(cards), tuple(unknown), tuple(other)


def _grid_quad(h: np.ndarray) -> np.ndarray:
    """Return the 4 image corners of a 15x15 module grid (h: module units -> image px)."""
    unit = np.array([[[0, 0]], [[15, 0]], [[15, 15]], [[0, 15]]], np.float64)
    return cv2.perspectiveTransform(unit, h).reshape(4, 2).astype(np.float32)


def _quad_overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Return the area of quad a inside convex quad b, as a fraction of a's area."""
    area = abs(cv2.contourArea(a))
    if area <= 0:
        return 0.0
    inter, _ = cv2.intersectConvexConvex(a, b)
    return float(inter) / area


def _iou(a, b) -> float:
    ix = max(min(a[2], b[2]) - max(a[0], b[0]), 0.0)
    iy = max(min(a[3], b[3]) - max(a[1], b[1]), 0.0)
    inter = ix * iy
    union = _area(a) + _area(b) - inter
    return inter / union if union > 0 else 0.0


def _overlap_area(a, b) -> float:
    """Return the area two boxes share."""
    return max(min(a[2], b[2]) - max(a[0], b[0]), 0) * max(min(a[3], b[3]) - max(a[1], b[1]), 0)


def _area(box) -> float:
    return float(max(box[2] - box[0], 0.0) * max(box[3] - box[1], 0.0))


def _dedupe(dets: list[Detection]) -> list[Detection]:
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


def _split(boxes: list[tuple], tile: float = 240.0, overlap: float = 80.0) -> list[tuple]:
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


def _candidate_boxes(gray: np.ndarray, min_side: float = 14.0, max_side: float = 400.0,
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
