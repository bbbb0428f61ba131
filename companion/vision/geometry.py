"""Table geometry: image pixels <-> table millimetres from the printed ArUco plates, and zones.

A table layout says where each plate sits and where the zones are: the common
frame (calibration/table-layout.json with markers.json: the table's size, the corner
and seat plates and the seat zones, the same for every game) plus, for a game, that
game's own layout file (its middle plates and zones, and any seat zone it shapes
differently), merged by `load_layout`. Vision names no zone of any game: a zone
name is checked by its form only (ZONE_NAME). `TableGeometry.from_markers`
fits a homography from the plates found in one frame, so a camera bumped
mid-game is re-registered from the markers alone, with no new calibration.
With a lens calibration (companion.vision.lens, `companion calibrate`), image
points are undistorted before the homography and table points distorted back
after it, so a wide-angle lens's barrel no longer bends the table's map.

Zone rule (documented in calibration/README.md): a zone's rectangle moves
with its plate when the plate is seen away from its layout position; a point
belongs to the zone whose rectangle contains it, else to the nearest zone
within `zone_margin_mm`, else it is "off_table". Knows nothing of game rules.
"""

from __future__ import annotations

import functools
import json
import math
import re
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping, Sequence

import cv2
import numpy as np

from companion.data import data_folder
from companion.errors import CompanionError

if TYPE_CHECKING:
    from companion.vision.lens import Lens

CALIBRATION_DIR = data_folder("calibration")
"""The table layout and markers: calibration/ in a checkout, package data once installed."""
ZONE_NAME = re.compile(r"seat:[1-9][0-9]?|[a-z][a-z0-9]*(?:_[a-z0-9]+)*")
"""A zone's name: "seat:N" or lower-case words joined by "_" ("bid_area", "deck_blue"), at most ZONE_NAME_MAX long."""
ZONE_NAME_MAX = 40
OFF_TABLE = "off_table"
"""The name of no zone: a point outside every zone and its margin (reserved: no layout may name a zone so)."""
MIN_MARKERS = 2
"""Plates needed for a homography: two give 8 corner points, enough with RANSAC."""


@dataclass(frozen=True)
class Zone:
    """A named table area: an axis-aligned rectangle in mm, optionally tied to a plate."""

    name: str
    rect: tuple[float, float, float, float]
    marker: int | None = None
    facing: float = 0.0
    """Direction (degrees, as marker rotation) a card in this zone is read from; used by synth."""

    def centre(self) -> tuple[float, float]:
        """Return the rectangle's centre in mm."""
        x0, y0, x1, y1 = self.rect
        return ((x0 + x1) / 2.0, (y0 + y1) / 2.0)


@dataclass(frozen=True)
class TableLayout:
    """Where the plates and zones sit on the table, in millimetres (see table-layout.json)."""

    table_mm: tuple[float, float]
    marker_mm: float
    dictionary: str
    markers: Mapping[int, tuple[tuple[float, float], float]]
    """Marker id -> (centre mm, rotation degrees counter-clockwise seen from above)."""
    roles: Mapping[int, Mapping[str, object]]
    zones: tuple[Zone, ...]
    zone_margin_mm: float = 40.0
    card_mm: tuple[float, float] = (63.0, 88.0)

    def marker_corners_mm(self, marker_id: int, centre: tuple[float, float] | None = None) -> np.ndarray:
        """Return a plate's 4 corners in mm, in ArUco order (top-left, top-right, bottom-right, bottom-left)."""
        (cx, cy), rot = self.markers[marker_id]
        if centre is not None:
            cx, cy = centre
        h = self.marker_mm / 2.0
        local = np.array([[-h, -h], [h, -h], [h, h], [-h, h]], dtype=np.float64)
        return rotate_mm(local, rot) + (cx, cy)

    @functools.cached_property
    def corners_mm(self) -> Mapping[int, np.ndarray]:
        """Every placed plate's marker_corners_mm, made once (a scan's plate search and fit ask for them all)."""
        out = {}
        for i in self.markers:
            corners = self.marker_corners_mm(i)
            corners.setflags(write=False)
            out[i] = corners
        return MappingProxyType(out)

    def zone(self, name: str) -> Zone:
        """Return the zone with this name. Raises KeyError for an unknown name."""
        for z in self.zones:
            if z.name == name:
                return z
        raise KeyError(name)


def rotate_mm(points: np.ndarray, degrees: float) -> np.ndarray:
    """Return points (N,2, y down) rotated counter-clockwise as seen from above by `degrees`."""
    t = math.radians(degrees)
    c, s = math.cos(t), math.sin(t)
    rot = np.array([[c, s], [-s, c]])
    return np.asarray(points, dtype=np.float64) @ rot.T


FRAME_FILE = "table-layout.json"
MARKERS_FILE = "markers.json"


def load_layout(path: str | Path | Traversable | None = None, markers_path: str | Path | None = None) -> TableLayout:
    """Return a table layout: the common frame alone (no path), or the frame with a game's layout file merged in.

    The frame (calibration/table-layout.json, markers.json) holds the table's size, the
    corner and seat plates and the seat zones, which every game shares. A game's file
    adds its own plates ("markers": id, role, centre, rotation) and zones; a zone it
    names like a frame zone ("seat:3") replaces that zone's rectangle in place. With no
    path the layout has seat zones only: a game without its own layout is followed seat
    by seat. `markers_path` replaces the frame's markers.json (tests).

    Raises:
        CompanionError: if a file is missing or malformed, or names a zone badly.
    """
    frame = CALIBRATION_DIR / FRAME_FILE
    game = None if path is None else (path if not isinstance(path, str) else Path(path))
    # A Traversable (the installed package's files) is hashable at run time; its protocol does not say so.
    return _load_layout(frame, Path(markers_path) if markers_path else CALIBRATION_DIR / MARKERS_FILE, game)  # type: ignore[arg-type]


def _read_json(path: Traversable, what: str) -> dict:
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CompanionError(f"cannot read {what}: {exc}") from None
    except ValueError as exc:
        raise CompanionError(f"{what} {str(path)!r} is not JSON: {exc}") from None
    if not isinstance(body, dict):
        raise CompanionError(f"{what} {str(path)!r} is not a JSON object")
    return body


def _zone(z: Mapping, where: str) -> Zone:
    """Return one zone of a layout file, its name checked by form.

    Raises:
        CompanionError: for a name that is not "seat:N" or lower-case words joined by "_", or "off_table".
    """
    name = z.get("name") if isinstance(z, Mapping) else None
    if not isinstance(name, str) or len(name) > ZONE_NAME_MAX or not ZONE_NAME.fullmatch(name) or name == OFF_TABLE:
        raise CompanionError(f"table layout {where} has a zone named {name!r}: a zone is named seat:N (seat:3) or with "
                             f"lower-case words joined by _ (discard, deck_blue), at most {ZONE_NAME_MAX} characters, "
                             f"and never {OFF_TABLE}")
    r = z["rect"]
    rect = (float(r[0]), float(r[1]), float(r[2]), float(r[3]))
    if not (rect[0] < rect[2] and rect[1] < rect[3]):
        raise CompanionError(f"table layout {where}: zone {name!r} has an empty rectangle {list(rect)!r} (x0 < x1, y0 < y1)")
    marker = z.get("marker")
    return Zone(name=name, rect=rect, marker=None if marker is None else int(marker), facing=float(z.get("facing", 0)))


@functools.cache
def _load_layout(frame_path: Traversable, markers_path: Traversable, game_path: Traversable | None) -> TableLayout:
    """Return the frame with the game's file (if any) merged in, checked: zone names by form, each name once, each
    placed plate with a role, each zone's plate placed. Cached per files (a scan asks for its layout often)."""
    body = _read_json(frame_path, "table layout")
    mbody = _read_json(markers_path, "table markers")
    where = repr(str(game_path if game_path is not None else frame_path))
    try:
        roles = {int(m["id"]): MappingProxyType(dict(m)) for m in mbody["markers"]}
        markers = {int(m["id"]): ((float(m["centre"][0]), float(m["centre"][1])), float(m.get("rotation", 0)))
                   for m in body["markers"]}
        zones = [_zone(z, repr(str(frame_path))) for z in body["zones"]]
        if game_path is not None:
            game = _read_json(game_path, "table layout")
            for m in game.get("markers", ()):
                i = int(m["id"])
                if i in roles:
                    raise CompanionError(f"table layout {where} places plate {i}, which the common frame already has")
                roles[i] = MappingProxyType({k: v for k, v in m.items() if k not in ("centre", "rotation")})
                markers[i] = ((float(m["centre"][0]), float(m["centre"][1])), float(m.get("rotation", 0)))
            for z in (_zone(z, where) for z in game.get("zones", ())):
                same = [k for k, old in enumerate(zones) if old.name == z.name]
                if same:
                    zones[same[0]] = z
                else:
                    zones.append(z)
            body = {**body, **{k: game[k] for k in ("table_mm", "card_mm", "zone_margin_mm") if k in game}}
        card_mm = body.get("card_mm", (63, 88))
        layout = TableLayout(
            table_mm=(float(body["table_mm"][0]), float(body["table_mm"][1])),
            marker_mm=float(mbody["marker_mm"]), dictionary=str(mbody["dictionary"]),
            markers=MappingProxyType(markers), roles=MappingProxyType(roles), zones=tuple(zones),
            zone_margin_mm=float(body.get("zone_margin_mm", 40)),
            card_mm=(float(card_mm[0]), float(card_mm[1])),
        )
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        raise CompanionError(f"table layout {where} is malformed: {exc!r}") from None
    names = [z.name for z in layout.zones]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise CompanionError(f"table layout {where} names zones twice: {twice!r}")
    missing = set(markers) - set(roles)
    if missing:
        raise CompanionError(f"table layout {where} places markers not in markers.json: {sorted(missing)!r}")
    unplaced = sorted({z.marker for z in layout.zones if z.marker is not None} - set(markers))
    if unplaced:
        raise CompanionError(f"table layout {where} ties zones to plates it does not place: {unplaced!r}")
    return layout


@functools.lru_cache(maxsize=64)
def _aruco_detector(dictionary: str, window: int, min_perimeter_rate: float | None = None,
                    max_perimeter_rate: float | None = None) -> cv2.aruco.ArucoDetector:
    """An ArUco detector thresholding with one adaptive window (px), outline limits relative to the image's long side.

    Kept per setting (a crop's limits depend on its size, so the cache is bounded; building one costs ~2 us)."""
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.adaptiveThreshWinSizeMin = params.adaptiveThreshWinSizeMax = window
    if min_perimeter_rate is not None:
        params.minMarkerPerimeterRate = min_perimeter_rate
    if max_perimeter_rate is not None:
        params.maxMarkerPerimeterRate = max_perimeter_rate
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary)), params)


_REFINE = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_COUNT, 20, 0.05)
"""cornerSubPix's stop: 20 steps or a step under 0.05 px."""
SEARCH_WINDOWS = (13, 23)
"""The adaptive threshold windows (px of the search copy) a plate is searched with: the plates are big and
high-contrast, so two windows instead of OpenCV's three (3, 13, 23) find the same plates at 30% less cost. The
first runs over the whole copy; the second only where it can still find a plate (`detect_markers`)."""


def _found(result, layout: TableLayout, at=(0.0, 0.0)) -> dict[int, np.ndarray]:
    """Return a detectMarkers result as id -> (4,2) corners (shifted by `at`), for the ids markers.json knows."""
    corners, ids, _ = result
    if ids is None:
        return {}
    return {int(i): c.reshape(4, 2) + np.float32(at) for c, i in zip(corners, ids.ravel()) if int(i) in layout.roles}


def _missing_boxes(found: Mapping[int, np.ndarray], layout: TableLayout,
                   shape) -> list[tuple[int, int, int, int]] | None:
    """Return crop boxes round the layout's plates not in `found` that its plates place wholly inside the image,
    or None when nothing can be placed (fewer than MIN_MARKERS of them are placed plates, or their corners fit no
    homography): the caller then searches everywhere.

    The plates found give the table's homography (RANSAC, so a moved plate does not bend it); each crop holds the
    predicted marker with 0.6 of its side and the threshold window's reach round it, so a prediction a few px off
    (a lens, a plate a little askew) still holds the whole marker and its threshold reads as on the whole image."""
    placed = sorted(i for i in found if i in layout.markers)
    if len(placed) < MIN_MARKERS:
        return None
    rest = [i for i in sorted(layout.markers) if i not in found]
    if not rest:
        return []
    h, w = shape[:2]
    mm = np.concatenate([layout.corners_mm[i] for i in placed])
    px = np.concatenate([found[i] for i in placed]).astype(np.float64)
    hom, _ = cv2.findHomography(mm, px, cv2.RANSAC, 0.01 * max(h, w))
    if hom is None:
        return None
    quads = cv2.perspectiveTransform(np.concatenate([layout.corners_mm[i] for i in rest]).reshape(-1, 1, 2),
                                     hom).reshape(-1, 4, 2)
    boxes = []
    for q in quads:
        if not np.isfinite(q).all():
            continue
        (x0, y0), (x1, y1) = q.min(axis=0), q.max(axis=0)
        if x0 < 0 or y0 < 0 or x1 > w or y1 > h or max(x1 - x0, y1 - y0) < 4:
            continue
        m = 0.6 * max(x1 - x0, y1 - y0) + SEARCH_WINDOWS[-1] // 2 + 3
        boxes.append((int(max(x0 - m, 0)), int(max(y0 - m, 0)), int(min(x1 + m + 1, w)), int(min(y1 + m + 1, h))))
    return boxes


def detect_markers(image: np.ndarray, layout: TableLayout | None = None,
                   max_side: int | None = None, half: np.ndarray | None = None) -> dict[int, np.ndarray]:
    """Return the table plates found in the image: marker id -> (4,2) corners in image pixels.

    Only ids that markers.json knows are returned. With `max_side`, the search
    runs on a copy shrunk to that long side (plates are large: a 1080p frame
    shrunk to 960 loses none in the benchmark scenes, at a quarter of the
    cost) and the corners are refined on the full image. `half`: the image's 2x area halving, when the
    caller has made it; used where the shrunk copy is exactly half size (a 1920 px frame), the same bytes.

    The copy is thresholded with SEARCH_WINDOWS' first window all over; the second window then searches only
    crops round the layout's plates that the plates found place inside the image and that are not found yet
    (the whole copy when fewer than MIN_MARKERS were found). The first window finds ~39 plates in 40, so the
    second's pass over the whole copy was half the search's cost for the 40th (on 60 bench frames: the same
    plates and one more, every corner where it was or nearer the renderer's truth, docs/vision.md).
    """
    layout = layout or load_layout()
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    f = 1.0
    small = gray
    if max_side and max(gray.shape[:2]) > max_side:
        f = max_side / max(gray.shape[:2])
        if f == 0.5 and half is not None and half.shape[:2] == (gray.shape[0] // 2, gray.shape[1] // 2) \
                and gray.shape[0] % 2 == 0 and gray.shape[1] % 2 == 0:
            small = half
        else:
            small = cv2.resize(gray, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    # On the shrunk copy, outlines shorter than 4.5% of its long side (a plate under ~11 px a side,
    # cells under 2 px) are not examined: the same plates on the bench frames, ~25% faster (default 3%).
    side = max(small.shape[:2])
    min_px = (0.045 if f != 1.0 else 0.03) * side
    first, second = SEARCH_WINDOWS
    found = _found(_aruco_detector(layout.dictionary, first, min_px / side).detectMarkers(small), layout)
    boxes = _missing_boxes(found, layout, small.shape)
    if boxes is None:
        boxes = [(0, 0, small.shape[1], small.shape[0])]
    for x0, y0, x1, y1 in boxes:
        crop = small[y0:y1, x0:x1]
        crop_side = max(crop.shape[:2])
        # The same outline limits in px as on the whole copy.
        more = _aruco_detector(layout.dictionary, second, min_px / crop_side, 4.0 * side / crop_side).detectMarkers(crop)
        for i, c in _found(more, layout, (x0, y0)).items():
            found.setdefault(i, c)
    if f == 1.0:
        return {i: c.astype(np.float64) for i, c in found.items()}
    return {i: _refined(gray, c / f, f) for i, c in found.items()}


def _refined(gray: np.ndarray, corners: np.ndarray, f: float) -> np.ndarray:
    """Return plate corners found on a copy shrunk by `f` refined on the full image (`corners` in its pixels).

    The window spans the copy's pixel and a little more. cornerSubPix puts back a corner whose fit would leave its
    window, which happens where the copy's corner was more than ~a window off (measured against the renderer's
    truth: up to 9 px on blurred 4K plates); such corners are refined once more with twice the window."""
    pts = np.ascontiguousarray(corners, dtype=np.float32).reshape(-1, 2)
    win = max(2, int(round(1.0 / f)) + 1)
    start = pts.copy()
    cv2.cornerSubPix(gray, pts, (win, win), (-1, -1), _REFINE)
    stuck = (pts == start).all(axis=1)
    if stuck.any():
        again = pts[stuck].copy()
        cv2.cornerSubPix(gray, again, (2 * win, 2 * win), (-1, -1), _REFINE)
        pts[stuck] = again
    return pts.astype(np.float64)


@dataclass(frozen=True)
class TableGeometry:
    """One camera pose: the image->table homography plus where each zone's plate was seen."""

    layout: TableLayout
    image_to_mm: np.ndarray
    markers_seen: tuple[int, ...] = ()
    zone_shift: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    reprojection_mm: float = 0.0
    lens: "Lens | None" = None
    """The camera's lens: image_to_mm then maps undistorted pixels (Lens.undistort_points) to mm."""

    @classmethod
    def from_markers(cls, markers: Mapping[int, np.ndarray], layout: TableLayout | None = None,
                     lens: "Lens | None" = None) -> "TableGeometry":
        """Return the geometry fitted to detected plates (id -> image corners).

        Plates at their layout positions fit the homography (RANSAC drops a
        plate that was moved); a zone plate found elsewhere moves its zone.

        Raises:
            CompanionError: if fewer than MIN_MARKERS known plates were found.
        """
        layout = layout or load_layout()
        known = {i: c for i, c in markers.items() if i in layout.markers}
        if len(known) < MIN_MARKERS:
            raise CompanionError(f"table not found: {len(known)} table marker(s) seen, need {MIN_MARKERS}")
        src = np.concatenate([np.asarray(known[i], dtype=np.float64).reshape(4, 2) for i in sorted(known)])
        if lens is not None:
            src = lens.undistort_points(src)
        dst = np.concatenate([layout.corners_mm[i] for i in sorted(known)])
        h, inliers = cv2.findHomography(src, dst, cv2.RANSAC, 8.0)
        if h is None:
            raise CompanionError("table not found: the markers seen do not fit one table plane")
        mapped = cv2.perspectiveTransform(src.reshape(-1, 1, 2), h).reshape(-1, 2)
        errors = np.linalg.norm(mapped - dst, axis=1)
        mask = inliers.ravel().astype(bool)
        shift: dict[str, tuple[float, float]] = {}
        for k, i in enumerate(sorted(known)):
            centre = mapped[4 * k:4 * k + 4].mean(axis=0)
            home = np.array(layout.markers[i][0])
            if np.linalg.norm(centre - home) > layout.marker_mm / 2:
                for z in layout.zones:
                    if z.marker == i:
                        shift[z.name] = (float(centre[0] - home[0]), float(centre[1] - home[1]))
        rep = float(np.median(errors[mask])) if mask.any() else float("inf")
        return cls(layout=layout, image_to_mm=h, markers_seen=tuple(sorted(known)),
                   zone_shift=MappingProxyType(shift), reprojection_mm=rep, lens=lens)

    @classmethod
    def from_image(cls, image: np.ndarray, layout: TableLayout | None = None,
                   lens: "Lens | None" = None) -> "TableGeometry":
        """Return the geometry found from the plates visible in one image.

        Raises:
            CompanionError: if too few plates are visible.
        """
        layout = layout or load_layout()
        return cls.from_markers(detect_markers(image, layout), layout, lens)

    @functools.cached_property
    def mm_to_image(self) -> np.ndarray:
        """The inverse of image_to_mm: table mm -> (undistorted) image pixels (kept: a scan maps ~50 regions)."""
        return np.linalg.inv(self.image_to_mm)

    def to_table(self, points: np.ndarray) -> np.ndarray:
        """Return image points (N,2) mapped to table millimetres."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        if self.lens is not None:
            pts = self.lens.undistort_points(pts)
        return cv2.perspectiveTransform(pts.reshape(-1, 1, 2), self.image_to_mm).reshape(-1, 2)

    def to_image(self, points_mm: np.ndarray) -> np.ndarray:
        """Return table points (N,2, mm) mapped to image pixels (through the lens, when there is one)."""
        pts = np.asarray(points_mm, dtype=np.float64).reshape(-1, 1, 2)
        out = cv2.perspectiveTransform(pts, self.mm_to_image).reshape(-1, 2)
        return self.lens.distort_points(out) if self.lens is not None else out

    def zone_rect(self, zone: Zone) -> tuple[float, float, float, float]:
        """Return a zone's rectangle in mm, moved with its plate if the plate was seen elsewhere."""
        dx, dy = self.zone_shift.get(zone.name, (0.0, 0.0))
        x0, y0, x1, y1 = zone.rect
        return (x0 + dx, y0 + dy, x1 + dx, y1 + dy)

    def zone_of(self, point_mm: Sequence[float]) -> str:
        """Return the zone name of a table point: containing zone, else nearest within margin, else off_table."""
        x, y = float(point_mm[0]), float(point_mm[1])
        best, best_d = OFF_TABLE, self.layout.zone_margin_mm
        for z in self.layout.zones:
            x0, y0, x1, y1 = self.zone_rect(z)
            dx = max(x0 - x, 0.0, x - x1)
            dy = max(y0 - y, 0.0, y - y1)
            d = math.hypot(dx, dy)
            if d == 0.0:
                return z.name
            if d <= best_d:
                best, best_d = z.name, d
        return best
