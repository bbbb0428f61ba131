"""Lens calibration: measure a camera's distortion from views of the printed ChArUco board, store it, use it.

Why: a wide-angle webcam or a phone over the table bends straight lines (barrel
distortion), so the plates' homography is wrong towards the frame's edges and
the marks there are resampled from the wrong place. A `Lens` maps frame pixels
to where an ideal pinhole camera would have put them (`undistort_points`) and
back (`distort_points`); the table geometry fits its homography to undistorted
points and the pipeline resamples marks through the lens (companion.vision.geometry,
companion.vision.pipeline).

`LensSession` is the guided calibration behind `companion calibrate`: it keeps the
views of the board that add something (a part of the frame not yet covered, a
tilt), says in plain words what to do next ("move the board to the left edge"),
and solves when the frame is covered. The board comes from the same definition
the printer draws (calibration/charuco-board.json via companion.data.lens_board).
Knows nothing of cards or games.
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

import cv2
import numpy as np

from companion.data import lens_board
from companion.errors import CompanionError

GRID = 3
"""The frame is split into GRID x GRID areas that the board must visit (distortion is largest in the corners)."""
AREA_NAMES = (("top-left corner", "top edge", "top-right corner"),
              ("left edge", "middle", "right edge"),
              ("bottom-left corner", "bottom edge", "bottom-right corner"))
MIN_CORNERS = 8
"""Board corners a view needs to be kept (fewer say little about the lens)."""
MIN_VIEWS = 4
"""Views below which no calibration is attempted."""
READY_VIEWS = 10
"""Views after which the session is ready, if the frame is covered and enough views are tilted."""
TILTED_DEG = 15.0
"""A view whose board plane is turned at least this much from the camera's axis counts as tilted
(tilted views pin down the focal length; flat ones only the distortion)."""
READY_TILTED = 2
GOOD_RMS_PX, USABLE_RMS_PX = 0.6, 1.2
"""Reprojection error (RMS, px) below which a calibration is called good / usable."""


@dataclass(frozen=True)
class Lens:
    """One camera's intrinsics and distortion at one frame size (OpenCV's pinhole + radial/tangential model)."""

    camera_matrix: np.ndarray = field(repr=False)
    dist_coeffs: np.ndarray = field(repr=False)
    size: tuple[int, int]
    """Frame (width, height) the calibration was made at."""
    rms: float = 0.0
    """Reprojection error of the calibration, in pixels."""
    name: str = ""
    views: int = 0

    def undistort_points(self, points: np.ndarray) -> np.ndarray:
        """Return frame points (N,2) moved to where a distortion-free camera would see them (still pixels)."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 1, 2)
        if not len(pts):
            return pts.reshape(-1, 2)
        out = cv2.undistortPoints(pts, self.camera_matrix, self.dist_coeffs, P=self.camera_matrix,
                                  criteria=(cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 20, 1e-6))
        return out.reshape(-1, 2)

    def distort_points(self, points: np.ndarray) -> np.ndarray:
        """Return distortion-free pixel points (N,2) moved to where this lens puts them in the frame."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        if not len(pts):
            return pts
        k = self.camera_matrix
        xn = (pts[:, 0] - k[0, 2]) / k[0, 0]
        yn = (pts[:, 1] - k[1, 2]) / k[1, 1]
        d = self.dist_coeffs.ravel()
        if d.size <= 5:
            # OpenCV's radial + tangential model written out (what projectPoints does, without its overhead).
            k1, k2, p1, p2, k3 = (*d, 0.0, 0.0, 0.0, 0.0, 0.0)[:5]
            r2 = xn * xn + yn * yn
            radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3))
            xd = xn * radial + 2 * p1 * xn * yn + p2 * (r2 + 2 * xn * xn)
            yd = yn * radial + p1 * (r2 + 2 * yn * yn) + 2 * p2 * xn * yn
            return np.column_stack([xd * k[0, 0] + k[0, 1] * yd + k[0, 2], yd * k[1, 1] + k[1, 2]])
        obj = np.column_stack([xn, yn, np.ones(len(pts))])
        out, _ = cv2.projectPoints(obj, np.zeros(3), np.zeros(3), k, self.dist_coeffs)
        return out.reshape(-1, 2)

    def for_size(self, size: tuple[int, int]) -> "Lens":
        """Return this lens for frames of another size of the same camera (same aspect: the matrix scales).

        Raises:
            CompanionError: if the aspect differs (the sensor is cropped differently: calibrate again).
        """
        w, h = int(size[0]), int(size[1])
        if (w, h) == tuple(self.size):
            return self
        sx, sy = w / self.size[0], h / self.size[1]
        if abs(sx - sy) > 0.01 * max(sx, sy):
            raise CompanionError(f"the lens file was made at {self.size[0]}x{self.size[1]} and the camera now gives "
                                 f"{w}x{h} (another shape of frame): run `companion calibrate` at this resolution")
        k = self.camera_matrix.copy()
        k[0, :] *= sx
        k[1, :] *= sy
        return Lens(camera_matrix=k, dist_coeffs=self.dist_coeffs, size=(w, h), rms=self.rms * sx, name=self.name,
                    views=self.views)

    def displacement(self, points: np.ndarray) -> np.ndarray:
        """Return how far (px) the lens moves each distortion-free point (N,2) -> (N,)."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        return np.linalg.norm(self.distort_points(pts) - pts, axis=1)

    def to_json(self) -> dict:
        """Return the JSON body of calibration/lens-<name>.json."""
        return {"about": "Lens calibration written by `companion calibrate`; load with --lens.",
                "name": self.name, "size": list(self.size), "camera_matrix": self.camera_matrix.tolist(),
                "dist_coeffs": self.dist_coeffs.ravel().tolist(), "rms_px": round(self.rms, 4), "views": self.views}

    @classmethod
    def from_json(cls, body: Mapping) -> "Lens":
        """Return the lens stored by to_json.

        Raises:
            CompanionError: if the body is malformed.
        """
        try:
            k = np.array(body["camera_matrix"], dtype=np.float64).reshape(3, 3)
            dist = np.array(body["dist_coeffs"], dtype=np.float64).reshape(1, -1)
            size = (int(body["size"][0]), int(body["size"][1]))
            lens = cls(camera_matrix=k, dist_coeffs=dist, size=size, rms=float(body.get("rms_px", 0.0)),
                       name=str(body.get("name", "")), views=int(body.get("views", 0)))
        except (KeyError, TypeError, ValueError, IndexError):
            raise CompanionError("the lens file is malformed: it needs camera_matrix (3 rows of 3 numbers), "
                                 "dist_coeffs (a list of numbers) and size ([width, height])") from None
        if (dist.size not in (4, 5, 8, 12, 14) or not np.isfinite(k).all() or not np.isfinite(dist).all()
                or k[0, 0] <= 0 or k[1, 1] <= 0 or min(size) <= 0):
            raise CompanionError("the lens file is malformed: it needs a positive focal length, a frame size "
                                 "and 4, 5, 8, 12 or 14 distortion coefficients")
        return lens


def load_lens(path: str | Path) -> Lens:
    """Return the lens stored in a file written by `companion calibrate`.

    Raises:
        CompanionError: if the file cannot be read or is not a lens calibration.
    """
    p = Path(path)
    try:
        body = json.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CompanionError(f"cannot read lens file {str(p)!r}: {exc.strerror or exc}") from None
    except ValueError:
        raise CompanionError(f"lens file {str(p)!r} is not valid JSON") from None
    if not isinstance(body, dict):
        raise CompanionError(f"lens file {str(p)!r} is not a lens calibration")
    try:
        return Lens.from_json(body)
    except CompanionError as error:
        raise CompanionError(f"lens file {str(p)!r} {error.message.removeprefix('the lens file ')}") from None


def save_lens(lens: Lens, path: str | Path) -> Path:
    """Write the lens as JSON (folders made as needed) and return the path.

    Raises:
        CompanionError: if the file cannot be written.
    """
    p = Path(path)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        tmp = p.with_name(p.name + ".part")
        tmp.write_text(json.dumps(lens.to_json(), indent=1) + "\n", encoding="utf-8")
        tmp.replace(p)
    except OSError as exc:
        raise CompanionError(f"cannot write {str(p)!r}: {exc.strerror or exc}") from None
    return p


# --- the board ----------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardView:
    """The board corners found in one frame."""

    image_points: np.ndarray = field(repr=False)
    """(N,2) frame pixels of the chessboard corners found."""
    object_points: np.ndarray = field(repr=False)
    """(N,3) the same corners on the board, mm (z = 0)."""
    size: tuple[int, int]
    total: int
    """How many corners the board has."""

    @property
    def count(self) -> int:
        """Return how many corners were found."""
        return len(self.image_points)


def find_board(image: np.ndarray) -> BoardView | None:
    """Return the lens board's corners seen in a frame, or None when fewer than 4 corners are found.

    Raises:
        CompanionError: if the board definition (calibration/charuco-board.json) is malformed.
    """
    board, detector = _board_and_detector()
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    corners, ids, _, _ = detector.detectBoard(gray)
    total = len(board.getChessboardCorners())
    if ids is None or len(ids) < 4:
        return None
    obj, img = board.matchImagePoints(corners, ids)
    return BoardView(image_points=img.reshape(-1, 2).astype(np.float64),
                     object_points=obj.reshape(-1, 3).astype(np.float64), size=(gray.shape[1], gray.shape[0]),
                     total=total)


@functools.cache
def _board_and_detector():
    try:
        board = lens_board()
    except ValueError as exc:
        raise CompanionError(str(exc)) from None
    params = cv2.aruco.CharucoParameters()
    params.minMarkers = 1
    return board, cv2.aruco.CharucoDetector(board, params)


# --- the guided session ---------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """What one frame did for the calibration, and what to do next, in plain words."""

    kept: bool
    message: str
    views: int
    covered: int
    """Frame areas (of GRID x GRID) the kept views reach."""
    ready: bool


@dataclass(frozen=True)
class Result:
    """A solved calibration and how good it is."""

    lens: Lens
    per_view_px: tuple[float, ...]
    dropped: int
    """Views left out as outliers (a moving or bent board)."""
    verdict: str
    """One plain sentence on the reprojection error."""
    warnings: tuple[str, ...] = ()


class LensSession:
    """Collects board views for one camera and solves the lens.

    Feed frames with `add(image)`; each returns a Step whose message says what to do
    next. `ready` turns true when READY_VIEWS views cover every corner of the frame
    and READY_TILTED of them are tilted; `solve()` works from MIN_VIEWS views on (with
    warnings for what is missing).
    """

    def __init__(self, name: str = "", *, require_still: bool = False):
        self.name = name
        self.require_still = require_still
        """Video and cameras: keep a view only when the previous frame showed the board at the same place
        (a board moving while the shutter is open blurs its corners and bends the solution)."""
        self.size: tuple[int, int] | None = None
        self.views: list[BoardView] = []
        self._cells: list[set[tuple[int, int]]] = []
        self._tilts: list[float] = []
        self._previous: BoardView | None = None

    # coverage ----------------------------------------------------------------------------

    def _cells_of(self, view: BoardView) -> set[tuple[int, int]]:
        w, h = view.size
        cells: dict[tuple[int, int], int] = {}
        for x, y in view.image_points:
            key = (min(int(y * GRID / h), GRID - 1), min(int(x * GRID / w), GRID - 1))
            cells[key] = cells.get(key, 0) + 1
        return {c for c, n in cells.items() if n >= 2}

    def covered(self) -> set[tuple[int, int]]:
        """Return the frame areas (row, column) the kept views reach."""
        return set().union(*self._cells) if self._cells else set()

    def tilted(self) -> int:
        """Return how many kept views show the board tilted by TILTED_DEG or more."""
        return sum(t >= TILTED_DEG for t in self._tilts)

    @property
    def ready(self) -> bool:
        """True when enough views cover the frame, corners included, with some tilted."""
        corners = {(0, 0), (0, GRID - 1), (GRID - 1, 0), (GRID - 1, GRID - 1)}
        return (len(self.views) >= READY_VIEWS and corners <= self.covered()
                and len(self.covered()) >= GRID * GRID - 1 and self.tilted() >= READY_TILTED)

    def advice(self) -> str:
        """Return the next thing to do, in one plain sentence."""
        covered = self.covered()
        order = [(0, 0), (0, 2), (2, 2), (2, 0), (1, 0), (1, 2), (0, 1), (2, 1), (1, 1)]
        for cell in order:
            if cell not in covered:
                return f"move the board to the {AREA_NAMES[cell[0]][cell[1]]} of the picture"
        if self.tilted() < READY_TILTED:
            return "tilt the board about 30 degrees (prop one side up) and show it again"
        if len(self.views) < READY_VIEWS:
            return "show the board somewhere else in the picture, or tilted another way"
        return "done: enough views"

    def _tilt(self, view: BoardView) -> float:
        """Return the board plane's angle to the image plane (degrees), from a rough pinhole guess."""
        w, h = view.size
        f = 0.9 * max(w, h)
        k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])
        ok, rvec, _ = cv2.solvePnP(view.object_points, view.image_points, k, None, flags=cv2.SOLVEPNP_IPPE)
        if not ok:
            return 0.0
        r, _ = cv2.Rodrigues(rvec)
        return math.degrees(math.acos(min(1.0, abs(float(r[2, 2])))))

    def add(self, image: np.ndarray) -> Step:
        """Look for the board in one frame; keep the view if it adds coverage or tilt; return what to do next.

        Raises:
            CompanionError: if the frame's size differs from the first frame's (one lens, one frame size).
        """
        h, w = image.shape[:2]
        if self.size is None:
            self.size = (w, h)
        elif self.size != (w, h):
            raise CompanionError(f"the frames changed size ({self.size[0]}x{self.size[1]} -> {w}x{h}): "
                                 "calibrate one resolution at a time")
        view = find_board(image)
        previous, self._previous = self._previous, view
        if view is None:
            return self._step(False, "no board in view: hold the printed board flat under the camera, all of it in the picture")
        if view.count < MIN_CORNERS:
            return self._step(False, f"only {view.count} of {view.total} board corners seen: show the whole board, "
                                     "still and out of any glare")
        if self.ready:
            return self._step(False, "enough views: calibrating")
        if self.require_still and not _still(previous, view):
            return self._step(False, f"board seen ({view.count} corners), moving: hold it still for a moment")
        cells = self._cells_of(view)
        tilt = self._tilt(view)
        new_cells = cells - self.covered()
        adds_tilt = tilt >= TILTED_DEG and self.tilted() < READY_TILTED
        adds_view = len(self.views) < READY_VIEWS and not self._like_a_kept_view(view)
        if not (new_cells or adds_tilt or (adds_view and self.covered() >= self._corner_cells())):
            return self._step(False, f"board seen ({view.count} corners), nothing new here: {self.advice()}")
        self.views.append(view)
        self._cells.append(cells)
        self._tilts.append(tilt)
        what = f"view {len(self.views)} kept ({view.count} of {view.total} corners, tilted {tilt:.0f} degrees)"
        return self._step(True, f"{what}. Next: {self.advice()}" if not self.ready else f"{what}. Enough views: calibrating")

    @staticmethod
    def _corner_cells() -> set[tuple[int, int]]:
        return {(0, 0), (0, GRID - 1), (GRID - 1, 0), (GRID - 1, GRID - 1)}

    def _like_a_kept_view(self, view: BoardView) -> bool:
        """True if a kept view shows the board at nearly the same place (a still board adds nothing)."""
        centre = view.image_points.mean(axis=0)
        span = float(np.ptp(view.image_points, axis=0).max())
        for kept in self.views:
            if np.linalg.norm(kept.image_points.mean(axis=0) - centre) < 0.15 * span:
                return True
        return False

    def _step(self, kept: bool, message: str) -> Step:
        return Step(kept=kept, message=message, views=len(self.views), covered=len(self.covered()), ready=self.ready)

    # solving -----------------------------------------------------------------------------

    def solve(self, flags: int = cv2.CALIB_FIX_K3) -> Result:
        """Return the lens solved from the kept views (outlier views dropped once) and a verdict.

        Raises:
            CompanionError: if fewer than MIN_VIEWS views were kept.
        """
        if len(self.views) < MIN_VIEWS or self.size is None:
            raise CompanionError(f"calibration needs at least {MIN_VIEWS} views of the board; {len(self.views)} kept. "
                                 f"Next: {self.advice()}")
        views = list(self.views)
        rms, k, dist, errors = _calibrate(views, self.size, flags)
        dropped = 0
        median = float(np.median(errors))
        keep = [v for v, e in zip(views, errors) if e <= max(3.0 * median, 1.0)]
        if len(views) - len(keep) and len(keep) >= MIN_VIEWS:
            dropped = len(views) - len(keep)
            rms, k, dist, errors = _calibrate(keep, self.size, flags)
        lens = Lens(camera_matrix=k, dist_coeffs=dist, size=self.size, rms=rms, name=self.name, views=len(errors))
        if rms < GOOD_RMS_PX:
            verdict = f"reprojection error {rms:.2f} px: good"
        elif rms < USABLE_RMS_PX:
            verdict = f"reprojection error {rms:.2f} px: usable; a flatter board and a steadier hold would do better"
        else:
            verdict = (f"reprojection error {rms:.2f} px: too high. The board was moving, bent or blurred: glue it flat "
                       "on stiff card, hold it still, and calibrate again")
        warnings = []
        missing = [AREA_NAMES[r][c] for r in range(GRID) for c in range(GRID) if (r, c) not in self.covered()]
        if missing:
            warnings.append(f"the board never reached the {', '.join(missing)}: the lens is extrapolated there")
        if self.tilted() < READY_TILTED:
            warnings.append("fewer than 2 tilted views: the focal length is a guess")
        if dropped:
            warnings.append(f"{dropped} view(s) left out: the board moved or bent while they were taken")
        return Result(lens=lens, per_view_px=tuple(errors), dropped=dropped, verdict=verdict, warnings=tuple(warnings))


STILL_PX = 1.0
"""A board whose shared corners moved less than this (median, px) since the previous frame counts as still."""


def _still(previous: BoardView | None, view: BoardView) -> bool:
    """True if the previous frame showed the same board corners at (nearly) the same place."""
    if previous is None or previous.size != view.size:
        return False
    prev = {tuple(o[:2]): p for o, p in zip(previous.object_points.round(3).tolist(), previous.image_points)}
    moves = [np.linalg.norm(p - prev[tuple(o[:2])]) for o, p in zip(view.object_points.round(3).tolist(),
                                                                      view.image_points) if tuple(o[:2]) in prev]
    return len(moves) >= MIN_CORNERS and float(np.median(moves)) < STILL_PX


def _calibrate(views: Sequence[BoardView], size: tuple[int, int], flags: int):
    obj = [v.object_points.astype(np.float32).reshape(-1, 1, 3) for v in views]
    img = [v.image_points.astype(np.float32).reshape(-1, 1, 2) for v in views]
    try:
        rms, k, dist, rvecs, tvecs = cv2.calibrateCamera(obj, img, size, None, None, flags=flags)
    except cv2.error as exc:
        raise CompanionError(f"the views of the board do not fit one lens ({exc.err}): show the board flat and "
                             "whole, and calibrate again") from None
    errors = []
    for o, i, r, t in zip(obj, img, rvecs, tvecs):
        proj, _ = cv2.projectPoints(o, r, t, k, dist)
        errors.append(float(np.sqrt(np.mean(np.sum((proj.reshape(-1, 2) - i.reshape(-1, 2)) ** 2, axis=1)))))
    return float(rms), k, dist, errors


def warp_maps(lens: Lens, patch_to_ideal: np.ndarray, size: tuple[int, int], step: int = 4) -> tuple[np.ndarray, np.ndarray]:
    """Return remap tables (float32 x, y frame pixels) for a patch of `size` whose pixels map to
    distortion-free frame pixels through the homography `patch_to_ideal`.

    The lens moves each point by a smooth field, so every `step`-th pixel is traced and the rest
    interpolated (under 0.01 px off for table patches; tracing all costs ~10x more).
    """
    w, h = size
    gh, gw = -(-h // step) + 1, -(-w // step) + 1
    ys, xs = np.mgrid[0:gh, 0:gw].astype(np.float64) * step + (step - 1) / 2.0
    pts = np.stack([xs.ravel(), ys.ravel()], axis=1).reshape(-1, 1, 2)
    ideal = cv2.perspectiveTransform(pts, patch_to_ideal).reshape(-1, 2)
    frame = lens.distort_points(ideal).reshape(gh, gw, 2).astype(np.float32)
    full = cv2.resize(frame, (gw * step, gh * step), interpolation=cv2.INTER_LINEAR)[:h, :w]
    return np.ascontiguousarray(full[..., 0]), np.ascontiguousarray(full[..., 1])


def local_homography(lens: Lens, units_to_ideal: np.ndarray, side: float) -> np.ndarray:
    """Return the homography units -> frame pixels that best follows `units_to_ideal` through the lens
    over the square [0, side]^2 (a mark is small: the lens is nearly projective across it)."""
    unit = np.array([[0, 0], [side, 0], [side, side], [0, side], [side / 2, 0], [side, side / 2], [side / 2, side],
                     [0, side / 2], [side / 2, side / 2]], np.float64)
    ideal = cv2.perspectiveTransform(unit.reshape(-1, 1, 2), units_to_ideal).reshape(-1, 2)
    frame = lens.distort_points(ideal)
    h, _ = cv2.findHomography(unit, frame, 0)
    return h if h is not None else units_to_ideal
