"""Synthetic table photos: printed card images laid on a table, seen by a pinhole camera.

Renders a BGR frame and its ground truth (which card marks are visible, at how
many pixels per module) for tests, the vision benchmark and the demo video.
Cards are warped straight into the frame through the composed homography
(card pixels -> table mm -> image), so a frame costs one small warp per card
plus whole-frame light, blur, distortion, noise and JPEG passes.

Deterministic: every random choice comes from the caller's `numpy` Generator
or seed. Knows nothing of game rules; it only places images.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Mapping, Sequence

import cv2
import numpy as np

from companion.vision.decoders import decode_zxing
from companion.vision.geometry import TableLayout, load_layout, rotate_mm
from companion.vision.pinhole import Camera, pose


@dataclass(frozen=True)
class CardArt:
    """A card's printed face and back as images, plus where its QR marks sit on the face."""

    code: str
    payload: str
    face: np.ndarray = field(repr=False)
    back: np.ndarray = field(repr=False)
    marks: tuple[np.ndarray, ...] = field(repr=False, default=())
    """Each mark's 4 corners in face pixels (symbol corners, quiet zone excluded)."""
    modules: int = 15
    """Modules across one mark (15 for the printer's Micro QR M3, 21 for a version-1 QR)."""


def card_art(code: str, payload: str, face: np.ndarray, back: np.ndarray, modules: int | None = None) -> CardArt:
    """Return a CardArt, finding the marks on the face image by decoding it.

    Raises:
        ValueError: if the face shows no readable mark with this payload.
    """
    found = [d for d in decode_zxing(face, model2_only=False) if d.payload == payload]
    if not found:
        raise ValueError(f"card {code!r}: no QR mark with its payload on the face image")
    marks = tuple(np.array(d.corners, dtype=np.float64) for d in found)
    if modules is None:
        modules = _modules_of(face, marks[0])
    return CardArt(code=code, payload=payload, face=face, back=back, marks=marks, modules=modules)


def _modules_of(face: np.ndarray, corners: np.ndarray) -> int:
    """Return the module count across a mark: side / (finder run / 7), snapped to a QR or Micro QR size."""
    side = float(np.linalg.norm(corners[1] - corners[0]))
    gray = cv2.cvtColor(face, cv2.COLOR_BGR2GRAY) if face.ndim == 3 else face
    # The finder pattern is 7 modules; measure the top-left black run along the top edge.
    p0, p1 = corners[0], corners[1]
    n = max(int(side), 8)
    xs = np.linspace(p0[0], p1[0], n) + (corners[3][0] - p0[0]) * 0.5 / 21
    ys = np.linspace(p0[1], p1[1], n) + (corners[3][1] - p0[1]) * 0.5 / 21
    line = gray[np.clip(ys.astype(int), 0, gray.shape[0] - 1), np.clip(xs.astype(int), 0, gray.shape[1] - 1)]
    dark = line < 128
    run = int(np.argmin(dark)) if not dark.all() else n
    module_px = run / 7.0 if run else side / 21
    versions = [11, 13, 15, 17] + [21 + 4 * v for v in range(40)]
    return min(versions, key=lambda m: abs(side / m - module_px))


@dataclass(frozen=True)
class Placement:
    """One card on the table: where its centre lies (mm), its rotation, face up or down."""

    code: str
    centre_mm: tuple[float, float]
    rotation: float = 0.0
    """Degrees counter-clockwise seen from above; 0 = readable from seats 1 and 2."""
    face_up: bool = True


@dataclass(frozen=True)
class Nuisance:
    """Everything a real table adds; defaults are a clean frame."""

    texture: str = "wood"
    warm: float = 0.0
    """0 = white light, 1 = strong tungsten tint."""
    light_falloff: float = 0.0
    """0 = even light, 1 = lamp spot fading to 35% at the edges."""
    glare: int = 0
    glare_strength: float = 0.6
    shadows: int = 0
    hands: int = 0
    defocus: float = 0.0
    """Gaussian sigma in pixels."""
    motion: float = 0.0
    """Motion-blur length in pixels."""
    noise: float = 0.0
    """Sensor noise sigma in grey levels."""
    jpeg: int = 0
    """JPEG quality (0 = none)."""
    seed: int = 0
    exposure: float = 1.0
    """Gain on the whole frame before noise: 0.3 is a dim room the camera does not make up for."""
    sleeves: float = 0.0
    """Glossy sleeves: each face-up card gets a specular streak across it adding up to this much white (0-1)."""
    phone: float = 0.0
    """Phone-style processing after the sensor noise, before the JPEG (0 = none, 1 = strong): an edge-keeping
    denoise (bilateral) that smears fine low-contrast detail, then an unsharp mask that rings at edges."""


@dataclass(frozen=True)
class TruthCard:
    """What a perfect reader could see of one card in the frame."""

    code: str
    payload: str
    face_up: bool
    centre_mm: tuple[float, float]
    zone: str
    px_per_module: float
    """Best px/module among the card's unoccluded marks (0 if none)."""
    readable: bool
    """Face up, at least one mark unoccluded, unglared and inside the frame."""
    corners: np.ndarray = field(repr=False)
    """The card's 4 corners in image pixels."""
    marks: tuple[tuple[float, float], ...] = ()
    """(px/module, contrast) of every face-up mark unoccluded and inside the frame, glared or not. Contrast is
    (paper - ink) / 255 at the mark's centre after light, glare, sleeve streak and exposure (1 = black on white)."""

    def legible(self, min_ppm: float, min_contrast: float) -> bool:
        """True if a mark shows at >= min_ppm px/module with >= min_contrast contrast (glare counted by its effect)."""
        return self.face_up and any(p >= min_ppm and c >= min_contrast for p, c in self.marks)


@dataclass(frozen=True)
class Scene:
    """A rendered frame with its ground truth."""

    image: np.ndarray = field(repr=False)
    truth: tuple[TruthCard, ...]
    table_to_image: np.ndarray = field(repr=False)
    camera_matrix: np.ndarray = field(repr=False)
    dist_coeffs: np.ndarray = field(repr=False)
    blur: tuple[float, int, float] = (0.0, 0, 0.0)
    """(defocus sigma px, motion line kernel px, its angle in degrees) the frame was blurred with, before the lens:
    the blur a reader could at best undo (the angle is the one the scene's rng drew anyway)."""

    def readable(self, min_ppm: float = 0.0) -> tuple[TruthCard, ...]:
        """Return the cards a reader should get: readable and at >= min_ppm px per module."""
        return tuple(t for t in self.truth if t.readable and t.px_per_module >= min_ppm)

    def legible(self, min_ppm: float = 2.0, min_contrast: float = 0.3) -> tuple[TruthCard, ...]:
        """Return the cards with a mark at >= min_ppm px/module and >= min_contrast contrast, glare or not."""
        return tuple(t for t in self.truth if t.legible(min_ppm, min_contrast))


def camera_model(camera: Camera, layout: TableLayout) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (K, R, C): intrinsics, world->camera rotation and camera centre, table in view."""
    return pose(camera, layout.table_mm)


def table_homography(camera: Camera, layout: TableLayout) -> np.ndarray:
    """Return the 3x3 homography from table mm to (undistorted) image pixels."""
    k, r, c = camera_model(camera, layout)
    t = -r @ c
    h = k @ np.column_stack([r[:, 0], r[:, 1], t])
    return h / h[2, 2]


def _project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(np.asarray(pts, dtype=np.float64).reshape(-1, 1, 2), h).reshape(-1, 2)


@functools.lru_cache(maxsize=8)
def _texture(kind: str, seed: int, size: tuple[int, int]) -> np.ndarray:
    """Return a table-top texture at 1 px per mm (BGR uint8)."""
    rng = np.random.default_rng(seed)
    w, h = size
    coarse = cv2.resize(rng.normal(0, 1, (max(h // 40, 2), max(w // 40, 2))).astype(np.float32), (w, h),
                        interpolation=cv2.INTER_CUBIC)
    fine = rng.normal(0, 1, (h, w)).astype(np.float32)
    if kind == "felt":
        base = np.array([60, 110, 40], np.float32)
        v = 1.0 + 0.06 * coarse + 0.08 * cv2.GaussianBlur(fine, (0, 0), 0.7)
    else:
        y = np.arange(h, dtype=np.float32)[:, None]
        x = np.arange(w, dtype=np.float32)[None, :]
        grain = np.sin((y + 12 * coarse + 0.02 * x) * (2 * np.pi / rng.uniform(9, 16)))
        base = np.array([50, 95, 150], np.float32)
        v = 1.0 + 0.12 * grain + 0.08 * coarse + 0.05 * cv2.GaussianBlur(fine, (0, 0), 0.6)
    return np.clip(base[None, None, :] * v[..., None], 0, 255).astype(np.uint8)


@functools.lru_cache(maxsize=32)
def _aruco_plate(dictionary: str, marker_id: int) -> np.ndarray:
    """Return a plate image: the marker (200 px) on a white plate (280 px = 70 mm for a 50 mm marker)."""
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
    m = cv2.aruco.generateImageMarker(d, marker_id, 200)
    plate = np.full((280, 280), 255, np.uint8)
    plate[40:240, 40:240] = m
    return cv2.cvtColor(plate, cv2.COLOR_GRAY2BGR)


class _Scaled:
    """Caches card images pre-shrunk to a power-of-two scale so warps do not alias.

    Keyed by the image object itself (kept alive in the entry), so a new image
    that happens to reuse a freed id never gets a stale pyramid level.
    """

    def __init__(self, limit: int = 4000):
        self._cache: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}
        self.limit = limit

    def get(self, image: np.ndarray, scale: float) -> tuple[np.ndarray, float]:
        level = 0
        while scale * (2 ** (level + 1)) <= 1.0 and level < 5:
            level += 1
        if level == 0:
            return image, 1.0
        key = (id(image), level)
        hit = self._cache.get(key)
        if hit is None or hit[0] is not image:
            f = 0.5 ** level
            img = cv2.resize(image, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
            if len(self._cache) >= self.limit:
                self._cache.clear()
            hit = self._cache[key] = (image, img)
        return hit[1], 0.5 ** level


_SCALED = _Scaled()


def _paste(frame: np.ndarray, image: np.ndarray, h_img_to_frame: np.ndarray, quad: np.ndarray) -> None:
    """Warp `image` into `frame` where `quad` (its 4 projected corners) falls, in place.

    Only the quad's bounding box is touched, and the warp writes straight into
    it (transparent border), so a card costs its own size, not a frame.
    """
    hgt, wid = frame.shape[:2]
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 2
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, wid), min(y1, hgt)
    if x1 <= x0 or y1 <= y0:
        return
    side = float(np.linalg.norm(quad[1] - quad[0]))
    scale = side / image.shape[1]
    src, f = _SCALED.get(image, scale)
    # Shrunk pixel u sits at source (u + 0.5) / f - 0.5 (pixel centres), not u / f: without the
    # half-pixel term a card drawn from a 1/32 level lands 15 face pixels (about 1.3 mm) off.
    o = (1.0 / f - 1.0) / 2.0
    s = np.array([[1.0 / f, 0, o], [0, 1.0 / f, o], [0, 0, 1.0]])
    roi_h = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]]) @ h_img_to_frame @ s
    cv2.warpPerspective(src, roi_h, (x1 - x0, y1 - y0), dst=frame[y0:y1, x0:x1], flags=cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_TRANSPARENT)


def card_to_table(art_shape: tuple[int, int], placement: Placement, layout: TableLayout) -> np.ndarray:
    """Return the homography from card-image pixels to table mm for a placement."""
    hgt, wid = art_shape
    cw, ch = layout.card_mm
    s = np.array([[cw / wid, 0, -cw / 2], [0, ch / hgt, -ch / 2], [0, 0, 1.0]])
    t = math.radians(placement.rotation)
    c, si = math.cos(t), math.sin(t)
    rot = np.array([[c, si, 0], [-si, c, 0], [0, 0, 1.0]])
    tr = np.array([[1, 0, placement.centre_mm[0]], [0, 1, placement.centre_mm[1]], [0, 0, 1.0]])
    return tr @ rot @ s


def _ellipse_poly(cx, cy, ax, ay, ang, n=24) -> np.ndarray:
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    p = np.stack([ax * np.cos(t), ay * np.sin(t)], axis=1)
    return rotate_mm(p, ang) + (cx, cy)


def _hand_polys(rng: np.random.Generator, layout: TableLayout) -> list[np.ndarray]:
    """Return convex polygons (table mm) of one arm reaching in from a table edge."""
    tw, th = layout.table_mm
    side = rng.integers(4)
    if side == 0:
        start = np.array([rng.uniform(0.15, 0.85) * tw, th + 150])
    elif side == 1:
        start = np.array([rng.uniform(0.15, 0.85) * tw, -150])
    elif side == 2:
        start = np.array([-150, rng.uniform(0.2, 0.8) * th])
    else:
        start = np.array([tw + 150, rng.uniform(0.2, 0.8) * th])
    end = np.array([rng.uniform(0.2, 0.8) * tw, rng.uniform(0.2, 0.8) * th])
    d = end - start
    d /= np.linalg.norm(d)
    n = np.array([-d[1], d[0]])
    arm = np.array([start + n * 45, end + n * 38, end - n * 38, start - n * 45])
    ang = -math.degrees(math.atan2(d[1], d[0]))
    palm_at, fingers_at = end + d * 55, end + d * 135
    palm = _ellipse_poly(palm_at[0], palm_at[1], 75, 48, ang)
    fingers = _ellipse_poly(fingers_at[0], fingers_at[1], 55, 40, ang)
    return [arm, palm, fingers]


def _quad_area_overlap(a: np.ndarray, b: np.ndarray) -> float:
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return float(area)


def _expand(quad: np.ndarray, amount: float) -> np.ndarray:
    c = quad.mean(axis=0)
    v = quad - c
    norm = np.linalg.norm(v, axis=1, keepdims=True)
    return c + v * (1 + amount / np.maximum(norm, 1e-9))


@functools.lru_cache(maxsize=8)
def _distort_maps(camera: Camera, k_bytes: bytes) -> tuple[np.ndarray, np.ndarray]:
    """Return remap tables (fixed point, the fast form) that put the lens's barrel on a frame."""
    k = np.frombuffer(k_bytes).reshape(3, 3)
    w, h = camera.width, camera.height
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    pts = np.stack([xs.ravel(), ys.ravel()], axis=1).reshape(-1, 1, 2)
    und = cv2.undistortPoints(pts, k, np.array([camera.k1, 0, 0, 0], np.float64), P=k).reshape(h, w, 2)
    return cv2.convertMaps(und[..., 0].astype(np.float32), und[..., 1].astype(np.float32), cv2.CV_16SC2)


class _Backgrounds:
    """Caches the empty table (floor, table top, plates) per camera pose, so a video frame starts from a copy."""

    def __init__(self, limit: int = 6):
        self._cache: dict[tuple, tuple[TableLayout, np.ndarray]] = {}
        self.limit = limit

    def get(self, layout: TableLayout, camera: Camera, h_tab: np.ndarray, texture: str, texture_seed: int,
            markers: Mapping[int, tuple[float, float]] | None, hidden: Sequence[int]) -> np.ndarray:
        key = (id(layout), camera, texture, texture_seed,
               tuple(sorted((int(k), tuple(map(float, v))) for k, v in (markers or {}).items())),
               tuple(sorted(int(m) for m in hidden)))
        hit = self._cache.get(key)
        if hit is None or hit[0] is not layout:
            if len(self._cache) >= self.limit:
                self._cache.pop(next(iter(self._cache)))
            hit = self._cache[key] = (layout, _empty_table(layout, camera, h_tab, texture, texture_seed,
                                                            markers, hidden))
        return hit[1].copy()


def _empty_table(layout, camera, h_tab, texture, texture_seed, markers, hidden) -> np.ndarray:
    """Return the floor, the table top and the plates as the camera sees them."""
    w, hgt = camera.width, camera.height
    tw, th = int(layout.table_mm[0]), int(layout.table_mm[1])
    frame = np.empty((hgt, w, 3), np.uint8)
    frame[:] = (38, 40, 44)
    tex = _texture(texture, texture_seed, (tw, th))
    cv2.warpPerspective(tex, h_tab, (w, hgt), dst=frame, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT)
    positions = dict(markers or {})
    for mid in layout.markers:
        if mid in hidden:
            continue
        centre = positions.get(mid, layout.markers[mid][0])
        plate = _aruco_plate(layout.dictionary, mid)
        corners = layout.marker_corners_mm(mid, centre)
        plate_corners = _expand_square(corners, 70.0 / 50.0)
        src = np.array([[0, 0], [280, 0], [280, 280], [0, 280]], np.float64)
        h_plate = cv2.getPerspectiveTransform(src.astype(np.float32), plate_corners.astype(np.float32))
        _paste(frame, plate, h_tab @ h_plate, _project(h_tab, plate_corners))
    return frame


_BACKGROUNDS = _Backgrounds()


@functools.lru_cache(maxsize=4)
def _noise_bank(sigma_x10: int, channels: int = 3, side: int = 1024) -> np.ndarray:
    """Return a tile of Gaussian sensor noise (int16) that frames take random windows of."""
    rng = np.random.default_rng(sigma_x10)
    return np.round(rng.normal(0.0, sigma_x10 / 10.0, (side, side, channels))).astype(np.int16)


def _add_noise(frame: np.ndarray, sigma: float, rng: np.random.Generator) -> np.ndarray:
    """Return the frame plus Gaussian noise, tiled from a cached bank at a random offset (cheap per frame)."""
    bank = _noise_bank(max(int(round(sigma * 10)), 1))
    side = bank.shape[0]
    hgt, w = frame.shape[:2]
    out = np.empty_like(frame)
    oy, ox = (int(v) for v in rng.integers(0, side // 2, 2))
    for y in range(0, hgt, side // 2):
        for x in range(0, w, side // 2):
            h1, w1 = min(side // 2, hgt - y), min(side // 2, w - x)
            cv2.add(frame[y:y + h1, x:x + w1], bank[oy:oy + h1, ox:ox + w1], dst=out[y:y + h1, x:x + w1],
                    dtype=cv2.CV_8U)
    return out


def render_scene(arts: Mapping[str, CardArt], placements: Sequence[Placement], camera: Camera = Camera(),
                 nuisance: Nuisance = Nuisance(), layout: TableLayout | None = None,
                 markers: Mapping[int, tuple[float, float]] | None = None,
                 hidden_markers: Sequence[int] = ()) -> Scene:
    """Return a rendered frame of cards on the table and its ground truth.

    Placements are drawn in order, so later cards lie on earlier ones.
    `markers` overrides plate centres (mm) for plates moved off their layout
    position; `hidden_markers` are not drawn. The steps draw from one random generator
    (seeded by the nuisance) in a fixed order: hands, light, sleeves, motion, noise.
    """
    layout = layout or load_layout()
    rng = np.random.default_rng(nuisance.seed)
    h_tab = table_homography(camera, layout)
    k, _, _ = camera_model(camera, layout)

    # Floor, table top and plates: cached per camera pose (a video keeps its camera).
    frame = _BACKGROUNDS.get(layout, camera, h_tab, nuisance.texture, nuisance.seed % 4, markers, hidden_markers)
    drawn = _draw_cards(frame, arts, placements, h_tab, layout)
    hand_quads = _draw_hands(frame, nuisance.hands, h_tab, layout, rng)
    frame, light = _light(frame, nuisance, drawn, hand_quads, rng)
    frame, blur = _lens_and_sensor(frame, camera, k, nuisance, rng)
    dist = np.array([camera.k1, 0, 0, 0], np.float64)
    truth = _truth(drawn, hand_quads, light, camera, k, dist, nuisance, layout, h_tab)
    # A card whose every mark was hidden keeps readable=False; last placement wins for duplicates.
    return Scene(image=frame, truth=tuple(truth), table_to_image=h_tab, camera_matrix=k, dist_coeffs=dist, blur=blur)


_Drawn = tuple[Placement, CardArt, np.ndarray, list[np.ndarray]]
"""A card drawn on a frame: its placement, art, image quad and its marks' image quads."""


@dataclass(frozen=True)
class _Light:
    """The light a frame was lit with: its gain (falloff and shadows) and glare on a coarse grid, the sleeves'
    additive sheen at frame size (None when not drawn)."""

    gain: np.ndarray
    glare: np.ndarray
    sheen: np.ndarray | None


def _draw_cards(frame: np.ndarray, arts: Mapping[str, CardArt], placements: Sequence[Placement],
                h_tab: np.ndarray, layout: TableLayout) -> list[_Drawn]:
    """Draw the cards on the frame, bottom to top; return each with its image quad and its marks' quads."""
    drawn: list[_Drawn] = []
    for p in placements:
        art = arts[p.code]
        img = art.face if p.face_up else art.back
        h_card = card_to_table(art.face.shape[:2], p, layout)
        fh, fw = art.face.shape[:2]
        h_img = h_tab @ h_card
        if img.shape[:2] != art.face.shape[:2]:
            bh, bw = img.shape[:2]
            h_img = h_img @ np.diag([fw / bw, fh / bh, 1.0])
        corners_card = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float64)
        quad = _project(h_tab @ h_card, corners_card)
        _paste(frame, img, h_img, quad)
        marks_img = [_project(h_tab @ h_card, m) for m in art.marks]
        drawn.append((p, art, quad, marks_img))
    return drawn


def _draw_hands(frame: np.ndarray, hands: int, h_tab: np.ndarray, layout: TableLayout,
                rng: np.random.Generator) -> list[np.ndarray]:
    """Draw `hands` hands over the table (a soft shadow first, drawn at quarter scale over the hand's box only);
    return their image polygons."""
    hand_quads: list[np.ndarray] = []
    for _ in range(hands):
        polys_mm = _hand_polys(rng, layout)
        polys = [_project(h_tab, p) for p in polys_mm]
        _shade(frame, [p + (25, 30) for p in polys], 0.45, blur=12.0)
        tone = np.array([95, 130, 185]) * rng.uniform(0.7, 1.1)
        for poly in polys:
            cv2.fillConvexPoly(frame, np.round(poly * 16).astype(np.int32), tone.tolist(), cv2.LINE_AA, 4)
        hand_quads.extend(polys)
    return hand_quads


def _light(frame: np.ndarray, nuisance: Nuisance, drawn: list[_Drawn], hand_quads: list[np.ndarray],
           rng: np.random.Generator) -> tuple[np.ndarray, _Light]:
    """Return the frame lit: falloff, warm tint, shadows, glare (computed on a coarse grid, then upsampled),
    sleeve sheen; and that light."""
    hgt, w = frame.shape[:2]
    gw, gh = 64, 36
    gy, gx = np.mgrid[0:gh, 0:gw].astype(np.float32)
    gx, gy = gx / (gw - 1), gy / (gh - 1)
    lx, ly = rng.uniform(0.2, 0.8), rng.uniform(0.2, 0.8)
    light = 1.0 - nuisance.light_falloff * 0.65 * np.clip(((gx - lx) ** 2 + (gy - ly) ** 2) / 0.5, 0, 1)
    for _ in range(nuisance.shadows):
        sx, sy = rng.uniform(0, 1), rng.uniform(0, 1)
        light *= 1.0 - 0.35 * np.exp(-(((gx - sx) / 0.18) ** 2 + ((gy - sy) / 0.3) ** 2))
    glare_field = np.zeros_like(light)
    for _ in range(nuisance.glare):
        sx, sy = rng.uniform(0.1, 0.9), rng.uniform(0.1, 0.9)
        glare_field += nuisance.glare_strength * np.exp(-(((gx - sx) / 0.05) ** 2 + ((gy - sy) / 0.07) ** 2))
    tint = np.array([1.0 - 0.28 * nuisance.warm, 1.0 - 0.1 * nuisance.warm, 1.0], np.float32)
    if nuisance.light_falloff or nuisance.shadows or nuisance.warm:
        # Gain as 8-bit (255 = 1.0) so the multiply runs in integer SIMD.
        gain = np.clip(light[..., None] * tint * 255.0, 0, 255).astype(np.uint8)
        gain_full = cv2.resize(gain, (w, hgt), interpolation=cv2.INTER_LINEAR)
        frame = cv2.multiply(frame, gain_full, scale=1.0 / 255.0)
    if nuisance.glare:
        glare_u8 = np.clip(glare_field * 255.0, 0, 255).astype(np.uint8)
        frame = cv2.add(frame, cv2.cvtColor(cv2.resize(glare_u8, (w, hgt), interpolation=cv2.INTER_LINEAR),
                                            cv2.COLOR_GRAY2BGR))
    sheen = None
    if nuisance.sleeves > 0:
        sheen = _sleeve_sheen(drawn, hand_quads, (w, hgt), nuisance.sleeves, rng)
        frame = cv2.add(frame, cv2.cvtColor(sheen, cv2.COLOR_GRAY2BGR))
    return frame, _Light(gain=light, glare=glare_field, sheen=sheen)


def _lens_and_sensor(frame: np.ndarray, camera: Camera, k: np.ndarray, nuisance: Nuisance,
                     rng: np.random.Generator) -> tuple[np.ndarray, tuple[float, int, float]]:
    """Return the frame as the camera records it: defocus, motion blur, the lens's barrel, exposure, sensor
    noise, JPEG; and the blur applied (defocus sigma, motion kernel length, its angle)."""
    if nuisance.defocus > 0:
        frame = cv2.GaussianBlur(frame, (0, 0), nuisance.defocus)
    blur = (float(nuisance.defocus), 0, 0.0)
    if nuisance.motion >= 1.5:
        n = int(round(nuisance.motion))
        kern: np.ndarray = np.zeros((n, n), np.float32)
        kern[n // 2, :] = 1.0
        angle = float(rng.uniform(0, 180))
        blur = (float(nuisance.defocus), n, angle)
        rot = cv2.getRotationMatrix2D(((n - 1) / 2, (n - 1) / 2), angle, 1.0)
        kern = cv2.warpAffine(kern, rot, (n, n))
        frame = cv2.filter2D(frame, -1, kern / kern.sum())
    if camera.k1:
        m1, m2 = _distort_maps(camera, k.tobytes())
        frame = cv2.remap(frame, m1, m2, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    if nuisance.exposure != 1.0:
        frame = cv2.convertScaleAbs(frame, alpha=float(nuisance.exposure))
    if nuisance.noise > 0:
        frame = _add_noise(frame, nuisance.noise, rng)
    if nuisance.phone > 0:
        frame = _phone_processing(frame, nuisance.phone)
    if nuisance.jpeg:
        ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, int(nuisance.jpeg)])
        decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR)
        assert decoded is not None  # the bytes were just encoded by imencode
        frame = decoded
    return frame, blur


def _phone_processing(frame: np.ndarray, strength: float) -> np.ndarray:
    """Return the frame as a phone's image processing leaves it: denoised (a bilateral filter, stronger on flat
    areas than across edges) and then sharpened (unsharp mask, radius ~1 px), `strength` 0-1. Draws no random
    numbers, so scenes without it are the same as before."""
    den = cv2.bilateralFilter(frame, 5, 12.0 + 28.0 * strength, 1.5)
    soft = cv2.GaussianBlur(den, (0, 0), 1.0)
    amount = 0.4 + 1.1 * strength
    return cv2.addWeighted(den, 1.0 + amount, soft, -amount, 0.0)


def _truth(drawn: list[_Drawn], hand_quads: list[np.ndarray], light: _Light, camera: Camera, k: np.ndarray,
           dist: np.ndarray, nuisance: Nuisance, layout: TableLayout, h_tab: np.ndarray) -> list[TruthCard]:
    """Return each drawn card's ground truth: where it is, and how well its uncovered marks show (px/module as
    the frame shows them, paper-to-ink contrast at their centre; a mark under strong glare is not readable)."""
    from companion.vision.geometry import TableGeometry  # local: geometry owns zones

    w, hgt = camera.width, camera.height
    geo = TableGeometry(layout=layout, image_to_mm=np.linalg.inv(h_tab))
    glare_at = cv2.resize(light.glare, (w, hgt), interpolation=cv2.INTER_LINEAR) if nuisance.glare else None
    light_at = cv2.resize(light.gain, (w, hgt), interpolation=cv2.INTER_LINEAR)
    sheen = light.sheen
    truth = []
    for i, (p, art, quad, marks) in enumerate(drawn):
        above = [q for (_, _, q, _) in drawn[i + 1:]] + hand_quads
        best = 0.0
        seen = []
        for m in marks:
            ppm = float(np.mean(np.linalg.norm(m - np.roll(m, -1, axis=0), axis=1))) / art.modules
            guard = _expand(m, 1.5 * ppm * math.sqrt(2))
            if any(_quad_area_overlap(guard, q) > 0.5 for q in above):
                continue
            md = _distort_points(m, k, dist) if camera.k1 else m
            # px/module as the frame shows it: a barrel lens shrinks marks towards the edges.
            ppm = float(np.mean(np.linalg.norm(md - np.roll(md, -1, axis=0), axis=1))) / art.modules
            if (md < 2).any() or (md[:, 0] > w - 2).any() or (md[:, 1] > hgt - 2).any():
                continue
            cx, cy = np.clip(md.mean(axis=0).astype(int), 0, [w - 1, hgt - 1])
            # Paper and ink at the mark's centre: the light's gain (its green channel), then the additive
            # glare and sleeve streak, then the exposure, each clipped at 255 as the sensor clips.
            gain = float(light_at[cy, cx]) * (1.0 - 0.1 * nuisance.warm)
            add = (float(glare_at[cy, cx]) * 255 if glare_at is not None else 0.0) + (
                float(sheen[cy, cx]) if sheen is not None else 0.0)
            paper = min(255.0, min(255.0, 250 * gain + add) * nuisance.exposure)
            ink = min(255.0, min(255.0, 25 * gain + add) * nuisance.exposure)
            if p.face_up:
                seen.append((ppm, (paper - ink) / 255.0))
            if glare_at is not None and glare_at[cy, cx] * 255 * 1.0 > 110:
                continue
            best = max(best, ppm)
        corners = _distort_points(quad, k, dist) if camera.k1 else quad
        truth.append(TruthCard(code=p.code, payload=art.payload, face_up=p.face_up, centre_mm=p.centre_mm,
                               zone=geo.zone_of(p.centre_mm), px_per_module=best if p.face_up else 0.0,
                               readable=p.face_up and best > 0, corners=corners, marks=tuple(seen)))
    return truth


def _sleeve_sheen(drawn, hand_quads, size, strength: float, rng: np.random.Generator) -> np.ndarray:
    """Return an additive highlight (uint8, frame size): on each face-up card a soft specular streak across it,
    at a random angle and offset, as a glossy sleeve reflects a lamp; nothing outside the cards."""
    w, h = size
    q = 4
    field = np.zeros((-(-h // q), -(-w // q)), np.float32)
    for p, _art, quad, _marks in drawn:
        if not p.face_up:
            continue
        level = strength * float(rng.uniform(0.5, 1.0))
        centre = quad.mean(axis=0) / q
        side = float(np.linalg.norm(quad[1] - quad[0])) / q
        angle = float(rng.uniform(0, np.pi))
        offset = float(rng.uniform(-0.4, 0.4)) * side
        d = np.array([math.cos(angle), math.sin(angle)])
        n = np.array([-d[1], d[0]])
        a, b = centre + n * offset - d * 2 * side, centre + n * offset + d * 2 * side
        streak = np.zeros_like(field)
        cv2.line(streak, tuple(np.round(a * 16).astype(int)), tuple(np.round(b * 16).astype(int)), 1.0,
                 max(1, int(side * 0.18)), cv2.LINE_AA, 4)
        streak = cv2.GaussianBlur(streak, (0, 0), max(side * 0.08, 0.8))
        mask = np.zeros_like(field)
        cv2.fillConvexPoly(mask, np.round(quad / q * 16).astype(np.int32), 1.0, cv2.LINE_AA, 4)
        field = np.maximum(field, streak / max(float(streak.max()), 1e-6) * mask * level)
    for hand in hand_quads:  # a hand above the card hides its sheen
        cv2.fillConvexPoly(field, np.round(hand / q * 16).astype(np.int32), 0.0, cv2.LINE_AA, 4)
    return np.clip(cv2.resize(field, (w, h), interpolation=cv2.INTER_LINEAR) * 255.0, 0, 255).astype(np.uint8)


def _shade(frame: np.ndarray, polys: Sequence[np.ndarray], strength: float, blur: float) -> None:
    """Darken the frame in place under soft-edged polygons (a hand's shadow), working at quarter scale."""
    hgt, w = frame.shape[:2]
    pts = np.concatenate(polys)
    pad = 3 * blur
    x0, y0 = np.floor(pts.min(axis=0) - pad).astype(int)
    x1, y1 = np.ceil(pts.max(axis=0) + pad).astype(int)
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, hgt)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return
    q = 4
    small = np.zeros(((y1 - y0 + q - 1) // q, (x1 - x0 + q - 1) // q), np.uint8)
    for p in polys:
        cv2.fillConvexPoly(small, np.round((p - (x0, y0)) / q * 16).astype(np.int32), 255, cv2.LINE_AA, 4)
    small = cv2.GaussianBlur(small, (0, 0), blur / q)
    # Gain 255 = unchanged, 255 * (1 - strength) under the full shadow.
    gain: np.ndarray = (255 - (small.astype(np.uint16) * int(round(strength * 255)) // 255)).astype(np.uint8)
    gain = cv2.resize(gain, (x1 - x0, y1 - y0), interpolation=cv2.INTER_LINEAR)
    roi = frame[y0:y1, x0:x1]
    roi[:] = cv2.multiply(roi, cv2.cvtColor(gain, cv2.COLOR_GRAY2BGR), scale=1.0 / 255.0)


def _expand_square(corners: np.ndarray, factor: float) -> np.ndarray:
    c = corners.mean(axis=0)
    return c + (corners - c) * factor


def _distort_points(pts: np.ndarray, k: np.ndarray, dist: np.ndarray) -> np.ndarray:
    """Return undistorted pixel points moved to where the lens puts them."""
    kinv = np.linalg.inv(k)
    h = np.column_stack([pts, np.ones(len(pts))]) @ kinv.T
    obj = np.column_stack([h[:, :2] / h[:, 2:3], np.ones(len(pts))])
    out, _ = cv2.projectPoints(obj, np.zeros(3), np.zeros(3), k, dist)
    return out.reshape(-1, 2)


# --- Random scenes for tests and the benchmark -------------------------------------------

DIFFICULTY = {
    "easy": dict(tilt=(0, 15), k1=(0, 0), warm=(0, 0.3), falloff=(0, 0.2), glare=(0, 0), shadows=(0, 0),
                 hands=(0, 0), defocus=(0, 0.5), motion=(0, 0), noise=(0, 2), jpeg=(92, 95)),
    "medium": dict(tilt=(10, 30), k1=(-0.08, 0), warm=(0.2, 0.7), falloff=(0.2, 0.5), glare=(0, 1), shadows=(0, 1),
                   hands=(0, 1), defocus=(0.3, 0.9), motion=(0, 2), noise=(2, 4), jpeg=(85, 90)),
    "hard": dict(tilt=(25, 45), k1=(-0.15, -0.03), warm=(0.5, 1.0), falloff=(0.4, 0.8), glare=(1, 2), shadows=(1, 2),
                 hands=(1, 2), defocus=(0.6, 1.3), motion=(1, 4), noise=(3, 7), jpeg=(70, 85)),
}


ROOMS = {
    # A living room at night: warm lamp light fading to the edges, a dim sensor, glare spots from the lamp,
    # glossy sleeves, a little blur; the camera a usual one (tilt 0-15 degrees).
    "room": dict(tilt=(0, 15), warm=(0.4, 1.0), falloff=(0.2, 0.5), exposure=(0.3, 0.6), glare=(1, 3),
                 glare_strength=(0.3, 0.7), sleeves=(0.2, 0.6), defocus=(0.3, 0.8), motion=(0, 2.5), noise=(2, 4),
                 jpeg=(85, 92)),
    # The same, harsher: darker and noisier, stronger glare and sleeve streaks, more blur, lower JPEG quality.
    "harsh": dict(tilt=(0, 15), warm=(0.4, 1.0), falloff=(0.2, 0.5), exposure=(0.2, 0.4), glare=(2, 4),
                  glare_strength=(0.5, 0.9), sleeves=(0.5, 0.9), defocus=(0.6, 1.1), motion=(1, 3.5), noise=(4, 7),
                  jpeg=(75, 85)),
}
"""Lighting nuisances of a real room (issue 19), drawn by random_room_conditions; legibility then counts
contrast (Scene.legible) rather than dropping every mark under glare."""


SIDE = dict(tilt=(20, 35), k1=(-0.1, -0.06), fill=(1.15, 1.4), warm=(0.4, 1.0), falloff=(0.3, 0.7), glare=(1, 2),
            shadows=(1, 2), hands=(0, 1), defocus=(0.4, 0.9), motion=(0, 2), noise=(2, 5), phone=(0.4, 1.0),
            jpeg=(78, 84))
"""A camera at one side of the table (issue 33): 20-35 degrees of tilt from a long or a short side, so the
table lies turned in the picture, zoomed in (`fill` > 1, the far edge may leave the frame) so that most marks
show at 2.0-2.5 px/module at 1080p; barrel lens, glare, shadows, warm light, vignetting and phone-style
processing (denoise, sharpen, JPEG ~80)."""


def random_side_conditions(rng: np.random.Generator, width: int = 1920, height: int = 1080,
                           seed: int = 0) -> tuple[Camera, Nuisance]:
    """Return a random camera at one side of the table and the nuisances of SIDE."""
    r = SIDE

    def u(key):
        lo, hi = r[key]
        return float(rng.uniform(lo, hi))

    def n(key):
        lo, hi = r[key]
        return int(rng.integers(lo, hi + 1))

    cam = Camera(width=width, height=height, tilt=u("tilt"), azimuth=float(rng.choice([0.0, 90.0, 180.0, -90.0])),
                 roll=float(rng.uniform(-4, 4)), k1=u("k1"), hfov=float(rng.uniform(60, 75)), fill=u("fill"))
    nz = Nuisance(texture=str(rng.choice(["wood", "felt"])), warm=u("warm"), light_falloff=u("falloff"),
                  glare=n("glare"), shadows=n("shadows"), hands=n("hands"), defocus=u("defocus"), motion=u("motion"),
                  noise=u("noise"), phone=u("phone"), jpeg=int(u("jpeg")), seed=seed)
    return cam, nz


def random_room_conditions(rng: np.random.Generator, kind: str, width: int = 1920, height: int = 1080,
                           seed: int = 0) -> tuple[Camera, Nuisance]:
    """Return a random camera and room nuisances of ROOMS[kind] ("room" or "harsh")."""
    r = ROOMS[kind]

    def u(key):
        lo, hi = r[key]
        return float(rng.uniform(lo, hi))

    cam = Camera(width=width, height=height, tilt=u("tilt"), roll=float(rng.uniform(-4, 4)),
                 hfov=float(rng.uniform(60, 75)))
    nz = Nuisance(texture=str(rng.choice(["wood", "felt"])), warm=u("warm"), light_falloff=u("falloff"),
                  exposure=u("exposure"), glare=int(rng.integers(int(r["glare"][0]), int(r["glare"][1]) + 1)),
                  glare_strength=u("glare_strength"), sleeves=u("sleeves"), defocus=u("defocus"), motion=u("motion"),
                  noise=u("noise"), jpeg=int(u("jpeg")), seed=seed)
    return cam, nz


def random_table(rng: np.random.Generator, codes: Sequence[str], n_cards: int, layout: TableLayout | None = None,
                 timer_codes: Sequence[str] = ()) -> list[Placement]:
    """Return a plausible mid-game table: fanned spreads by the seats, a stacked discard pile,
    cards up for auction in the bid area and timer cards in the timer area.

    The layout must have those three zones ("timer_area", "discard", "bid_area": BUX's table, the benches'
    scenes); the common frame alone has seats only and raises KeyError naming the missing zone."""
    layout = layout or load_layout()
    pool = [c for c in codes if c not in timer_codes]
    rng.shuffle(pool)
    n_cards = min(n_cards, len(pool) + len(timer_codes))
    out: list[Placement] = []
    n_timer = min(len(timer_codes), int(rng.integers(0, 4)), max(n_cards - 1, 0))
    for i, code in enumerate(list(timer_codes)[:n_timer]):
        z = layout.zone("timer_area")
        cx, cy = z.centre()
        out.append(Placement(code, (cx - 40 + 40 * i, cy + rng.uniform(-60, 60)), rng.uniform(-8, 8)))
    rest = n_cards - len(out)
    n_discard = min(int(rng.integers(2, 6)), rest)
    n_bid = min(int(rng.integers(1, 4)), rest - n_discard)
    n_seat = rest - n_discard - n_bid
    it = iter(pool)
    dz = layout.zone("discard")
    dcx, dcy = dz.centre()
    for _ in range(n_discard):
        out.append(Placement(next(it), (dcx + rng.uniform(-12, 12), dcy + rng.uniform(-15, 15)),
                             rng.uniform(-25, 25)))
    bz = layout.zone("bid_area")
    bcx, bcy = bz.centre()
    for i in range(n_bid):
        out.append(Placement(next(it), (bcx + rng.uniform(-40, 40), bcy - 70 + 70 * i), rng.uniform(-6, 6)))
    seats = [z for z in layout.zones if z.name.startswith("seat:")]
    per_seat = [n_seat // len(seats) + (1 if i < n_seat % len(seats) else 0) for i in range(len(seats))]
    for z, count in zip(seats, per_seat):
        x0, y0, x1, y1 = z.rect
        cx, cy = z.centre()
        along = np.array([1.0, 0.0]) if z.facing in (0, 180) else np.array([0.0, 1.0])
        length = (x1 - x0) if z.facing in (0, 180) else (y1 - y0)
        # Sets of three, fanned; a gap between sets.
        step, gap = rng.uniform(22, 32), rng.uniform(30, 60)
        span = count * step + (count // 3) * gap + 63
        start = -min(span, length) / 2 + 32
        pos = start
        for j in range(count):
            offset = along * pos
            face_up = rng.uniform() > 0.08
            out.append(Placement(next(it), (cx + offset[0] + rng.uniform(-3, 3), cy + offset[1] + rng.uniform(-3, 3)),
                                 z.facing + rng.uniform(-7, 7), face_up=face_up))
            pos += step + (gap if j % 3 == 2 else 0)
            if pos > length / 2 - 32:
                pos = start + rng.uniform(5, 15)
    return out


def random_conditions(rng: np.random.Generator, difficulty: str, width: int = 1920, height: int = 1080,
                      seed: int = 0) -> tuple[Camera, Nuisance]:
    """Return a random camera and nuisance set for a difficulty ("easy", "medium", "hard")."""
    d = DIFFICULTY[difficulty]

    def u(key):
        lo, hi = d[key]
        return float(rng.uniform(lo, hi)) if hi > lo else float(lo)

    def n(key):
        lo, hi = d[key]
        return int(rng.integers(lo, hi + 1))

    cam = Camera(width=width, height=height, tilt=u("tilt"), azimuth=float(rng.choice([0.0, 0.0, 90.0, 180.0, -90.0])) if difficulty != "easy" else 0.0,
                 roll=float(rng.uniform(-4, 4)), k1=u("k1"), hfov=float(rng.uniform(60, 75)))
    nz = Nuisance(texture=str(rng.choice(["wood", "felt"])), warm=u("warm"), light_falloff=u("falloff"),
                  glare=n("glare"), shadows=n("shadows"), hands=n("hands"), defocus=u("defocus"), motion=u("motion"),
                  noise=u("noise"), jpeg=int(u("jpeg")), seed=seed)
    return cam, nz


def load_card_arts(export_dir, codes: Sequence[str] | None = None) -> dict[str, CardArt]:
    """Return CardArt for the cards written by `companion cards export --png DIR [--backs]`.

    Reads DIR/manifest.json ([{"file", "code", "payload"}]); a card's back is
    `<code>.back.png` when exported, else a plain dark back without any mark.

    Raises:
        ValueError: if the folder has no manifest or an image is unreadable.
    """
    from pathlib import Path
    import json

    root = Path(export_dir)
    try:
        manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"{str(root)!r} is not a card export folder: {exc}") from None
    arts: dict[str, CardArt] = {}
    plain_back = None
    for entry in manifest:
        code = entry["code"]
        if codes is not None and code not in codes:
            continue
        face = cv2.imread(str(root / entry["file"]), cv2.IMREAD_COLOR)
        if face is None:
            raise ValueError(f"cannot read card image {entry['file']!r}")
        back = cv2.imread(str(root / f"{code}.back.png"), cv2.IMREAD_COLOR)
        if back is None:
            if plain_back is None:
                plain_back = np.full_like(face, (110, 60, 35))
            back = plain_back
        arts[code] = card_art(code, entry["payload"], face, back)
    return arts


# --- A flat printed page seen through a lens (lens-calibration tests) ----------------------

def view_of_page(page: np.ndarray, px_per_mm: float, camera_matrix: np.ndarray, dist_coeffs: np.ndarray,
                 rvec: Sequence[float], tvec: Sequence[float], size: tuple[int, int],
                 background: int = 70, defocus: float = 0.0, noise: float = 0.0, seed: int = 0) -> np.ndarray:
    """Return a frame (BGR) of a flat page photographed by a camera with lens distortion.

    `page` is the page image (a rasterised PDF, `px_per_mm` pixels per mm, origin at its
    top-left); the page plane is z = 0 in mm, placed in the camera frame by (rvec, tvec).
    Every frame pixel is traced back through the lens (undistorted), along its ray to the
    page plane, and sampled there, so straight printed lines come out bent as the lens bends them.
    """
    w, h = size
    # The map is smooth: trace every 4th pixel (the centres a 4x linear resize expects) and interpolate.
    q = 4
    gh, gw = -(-h // q) + 1, -(-w // q) + 1
    ys, xs = np.mgrid[0:gh, 0:gw].astype(np.float32) * q + (q - 1) / 2.0
    pts = np.stack([xs.ravel(), ys.ravel()], axis=1).reshape(-1, 1, 2)
    ideal = cv2.undistortPoints(pts, camera_matrix, dist_coeffs,
                                criteria=(cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 20, 1e-7)).reshape(-1, 2)
    r, _ = cv2.Rodrigues(np.asarray(rvec, np.float64))
    plane_to_norm = np.column_stack([r[:, 0], r[:, 1], np.asarray(tvec, np.float64).ravel()])
    norm_to_page = np.diag([px_per_mm, px_per_mm, 1.0]) @ np.linalg.inv(plane_to_norm)
    coarse = cv2.perspectiveTransform(ideal.reshape(-1, 1, 2), norm_to_page).reshape(gh, gw, 2).astype(np.float32)
    uv = cv2.resize(coarse, (gw * q, gh * q), interpolation=cv2.INTER_LINEAR)[:h, :w]
    # Pixel centres: page pixel u covers mm [u, u+1) / px_per_mm.
    map_x = (uv[..., 0] - 0.5).astype(np.float32)
    map_y = (uv[..., 1] - 0.5).astype(np.float32)
    src = page if page.ndim == 3 else cv2.cvtColor(page, cv2.COLOR_GRAY2BGR)
    # Shrink the page first where the view is much smaller, so the remap does not alias.
    scale = float(np.median(np.hypot(*np.gradient(uv[::8, ::8, 0])))) / 8.0
    if scale > 2.0:
        f = 1.0 / scale
        src = cv2.resize(src, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        map_x, map_y = (map_x + 0.5) * f - 0.5, (map_y + 0.5) * f - 0.5
    frame = cv2.remap(src, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                      borderValue=(background, background + 8, background + 16))
    if defocus > 0:
        frame = cv2.GaussianBlur(frame, (0, 0), defocus)
    if noise > 0:
        frame = _add_noise(frame, noise, np.random.default_rng(seed))
    return frame


CALIBRATION_SPOTS = ((0, 0, 0, 0, 0), (-0.72, -0.62, 0, 0, 0), (0.72, -0.62, 0, 0, 0), (0.72, 0.62, 0, 0, 0),
                     (-0.72, 0.62, 0, 0, 0), (-0.75, 0, 0, 28, 0), (0.75, 0, 28, 0, 0), (0, -0.6, -25, 0, 90),
                     (0, 0.6, 0, -25, 90), (0.3, 0.2, 20, 20, 30))
"""Where a person shows a calibration board: (u, v) of its centre in the frame (-1..1), tilt about x and y
and spin (degrees): the middle, the four corners, tilted towards the edges, turned."""


def page_poses(camera_matrix: np.ndarray, size: tuple[int, int], centre_mm: Sequence[float],
               distance_mm: float = 380.0, spots=CALIBRATION_SPOTS) -> list[tuple[np.ndarray, np.ndarray]]:
    """Return (rvec, tvec) poses of a page (plane z = 0, mm) that put `centre_mm` at each spot of the frame."""
    k = camera_matrix
    centre = np.array([centre_mm[0], centre_mm[1], 0.0])
    poses = []
    for u, v, ax, ay, spin in spots:
        r, _ = cv2.Rodrigues(np.radians([ax, ay, spin]))
        target = np.array([u * size[0] / 2 / k[0, 0] * distance_mm, v * size[1] / 2 / k[1, 1] * distance_mm,
                           distance_mm])
        poses.append((cv2.Rodrigues(r)[0].ravel(), target - r @ centre))
    return poses


def blurred_mark(matrix: np.ndarray, seed: int, ppm: float, defocus: float, motion: int,
                 foreshortened: tuple[float, float] = (0.7, 0.9), far: float | None = None,
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (grey image, true corners, true grid) of one printed symbol seen at `ppm` px/module: turned at random,
    foreshortened (its second axis `foreshortened` times as long, drawn from that range) or, with `far`, a
    keystone (its side away from the finder `far` times as long, as a steep camera shows it), then defocused
    (Gaussian sigma px), motion-blurred (`motion` px at a random angle), noisy and JPEG 80. The grid maps module
    units (0..n across the symbol) to image px. The sampler's tests and the codebook's bench read these: a mark
    alone, its truth exact, without a table around it."""
    rng = np.random.default_rng(seed)
    n, s, q = matrix.shape[0], 12, 4
    sym = cv2.resize(np.where(np.pad(matrix, q) == 1, 30, 225).astype(np.uint8), None, fx=s, fy=s,
                     interpolation=cv2.INTER_NEAREST)
    src = np.array([[q * s, q * s], [(q + n) * s, q * s], [(q + n) * s, (q + n) * s], [q * s, (q + n) * s]],
                   np.float32)
    ang = rng.uniform(0, 2 * np.pi)
    rot = np.array([[np.cos(ang), -np.sin(ang)], [np.sin(ang), np.cos(ang)]])
    square = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * n * ppm / 2
    dst: np.ndarray
    if far is None:
        dst = (square * [1.0, rng.uniform(*foreshortened)]) @ rot.T + 60.0
    else:
        dst = (square * [[1, 1], [far, 0.9], [far, 0.9], [1, 1]]) @ rot.T + 60.0
    hom = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
    img: np.ndarray = cv2.warpPerspective(sym, hom, (120, 120), flags=cv2.INTER_AREA, borderValue=225)
    img = cv2.GaussianBlur(img, (0, 0), defocus)
    k: np.ndarray = np.zeros((motion, motion), np.float32)
    k[motion // 2, :] = 1
    k = cv2.warpAffine(k, cv2.getRotationMatrix2D(((motion - 1) / 2,) * 2, float(rng.uniform(0, 180)), 1),
                       (motion, motion))
    img = cv2.filter2D(img, -1, k / k.sum())
    img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    decoded = cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 80])[1], cv2.IMREAD_GRAYSCALE)
    assert decoded is not None
    return decoded, dst, hom @ np.array([[s, 0, q * s], [0, s, q * s], [0, 0, 1.0]])
