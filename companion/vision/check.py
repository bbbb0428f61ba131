"""The setup check: before the game, will this camera, in this room, read the cards? Said in plain sentences.

From one frame of the table with its plates and a few cards laid out, it measures
what decides whether marks read (the project's design range: a 2 mm module must
show at >= 2 px, sharp, with contrast): px/module in every zone (a mark lying
there, as the frame shows it, lens included), sharpness and exposure on the
printed plates (known black and white, known sharp edges), glare areas (bright
patches that wash out everything under them), zones outside the picture, and
the cards actually read. Each problem becomes one piece of advice that says what
to change, as an id and its figures ({"id": "check.too_small", "params": {"zones":
[{"phrase": "seat", "seat": 3}], "ppm": 1.7, "cm": 15, ...}}), which
companion.table.check_messages words in English for the CLI ("seat 3 is below 2
px/module (1.7 at seat 3): move the camera about 15 cm closer or use 1080p") and
in the reader's language on the tablet's camera page; `draw_overlay` paints the
same on the frame.

Knows nothing of games or languages: zones and plates come from the table layout,
cards are whatever the print identifies. Measures, never decides a move.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping

import cv2
import numpy as np

from companion.vision.geometry import TableGeometry, TableLayout, detect_markers, load_layout
from companion.vision.lens import Lens
from companion.vision.pipeline import FrameResult, Identifier, Pipeline

MODULE_MM = 2.0
"""The marks' module size unless the print says another (PrintDeck.module_mm, `cards print --camera`)."""
MIN_PX_PER_MODULE = 2.0
"""The design range: marks below this are not read reliably."""
GOOD_PX_PER_MODULE = 2.5
"""Below this a zone reads when sharp, but blur or glare there will cost cards."""
MAX_BLUR_MODULES = 0.4
"""Edge blur (Gaussian sigma) above this fraction of a module merges the modules: marks stop reading."""
DARK_WHITE = 100
"""Paper (the plates' white) below this grey level: too dark."""
MIN_CONTRAST = 70
"""Grey levels between the plates' black and white below which marks lose their contrast."""
WASHED_BLACK = 110
"""The plates' black above this (with white clipped): the picture is washed out."""
SHARP_EDGE_PX = 0.75
"""What a sharp step edge measures as (sigma, px) after sampling; subtracted in quadrature."""
GLARE_MIN_MM = 25.0
"""A bright patch smaller than this across is ignored (a mark is 30 mm)."""


@dataclass(frozen=True)
class ZoneCheck:
    """What the camera makes of one table zone."""

    name: str
    px_per_module: float
    """A module of the print (2 mm unless it says another) lying at the zone's centre, as the frame shows it."""
    in_view: float
    """Fraction of the zone's rectangle inside the picture."""
    blur_modules: float | None = None
    """Edge blur (sigma) at the nearest plate, in modules of this zone."""
    white: float | None = None
    """The nearest plate's paper white (grey level)."""
    cards: int = 0
    """Cards of the print read in this zone."""

    def to_json(self) -> dict:
        """Return the zone's figures as JSON (no card codes)."""
        return {"zone": self.name, "px_per_module": round(self.px_per_module, 2), "in_view": round(self.in_view, 2),
                "blur_modules": None if self.blur_modules is None else round(self.blur_modules, 2),
                "white": None if self.white is None else round(self.white), "cards": self.cards}


@dataclass(frozen=True)
class PlateLight:
    """Black, white and edge sharpness measured on one printed plate."""

    marker: int
    black: float
    white: float
    blur_px: float
    """Edge blur (Gaussian sigma, px) beyond a sharp camera's; nan when the plate has too little contrast."""
    px_per_mm: float


@dataclass(frozen=True)
class GlareArea:
    """A bright patch that washes out what lies under it."""

    zone: str
    box: tuple[int, int, int, int]
    """x0, y0, x1, y1 in frame pixels."""
    table_fraction: float


@dataclass(frozen=True)
class SetupReport:
    """The setup check's findings and its advice, worst first."""

    size: tuple[int, int]
    advice: tuple[dict, ...]
    """Problems first (each says what to change), then notes; when ok, the first says so. Each is
    {"id", "params"}: an id of companion.table.check_messages and plain JSON figures, no words."""
    ok: bool
    """No problem found: every visible zone at >= 2 px/module, sharp, lit, no glare, every plate seen."""
    zones: tuple[ZoneCheck, ...] = ()
    plates: tuple[PlateLight, ...] = ()
    missing_plates: tuple[str, ...] = ()
    glare: tuple[GlareArea, ...] = ()
    cards_read: int = 0
    geometry: TableGeometry | None = field(default=None, repr=False)
    result: FrameResult | None = field(default=None, repr=False)

    def to_json(self) -> dict:
        """Return the report as JSON: advice ({"id", "params"}), per-zone figures, glare boxes; never card codes."""
        return {"ok": self.ok, "advice": list(self.advice), "size": list(self.size), "cards_read": self.cards_read,
                "zones": [z.to_json() for z in self.zones], "missing_plates": list(self.missing_plates),
                "glare": [{"zone": g.zone, "box": list(g.box), "table_fraction": round(g.table_fraction, 3)}
                          for g in self.glare],
                "plates": [{"marker": p.marker, "black": round(p.black), "white": round(p.white),
                            "blur_px": round(p.blur_px, 2)} for p in self.plates]}


def zone_label(name: str) -> str:
    """Return a zone's name as a person says it.

    >>> zone_label("seat:3"), zone_label("bid_area")
    ('seat 3', 'the bid area')
    """
    if ":" in name:
        return name.replace(":", " ")
    return "the " + name.replace("_", " ")


def zone_phrase(name: str) -> dict:
    """Return a zone's name as a phrase to word later (companion.table.check_messages).

    >>> zone_phrase("seat:3"), zone_phrase("bid_area")
    ({'phrase': 'seat', 'seat': 3}, {'phrase': 'zone', 'zone': 'bid_area'})
    """
    kind, _, n = name.partition(":")
    if kind == "seat" and n.isdigit():
        return {"phrase": "seat", "seat": int(n)}
    return {"phrase": "zone", "zone": name}


def _plate_phrase(layout: TableLayout, marker: int) -> dict:
    role = dict(layout.roles.get(marker, {}))
    if role.get("role") == "corner":
        return {"phrase": "plate_corner", "corner": str(role.get("corner", ""))}
    if role.get("role") == "seat":
        return {"phrase": "plate_seat", "seat": role.get("seat")}
    return {"phrase": "plate", "role": str(role.get("role", marker))}


def _plate_label(layout: TableLayout, marker: int) -> str:
    role = dict(layout.roles.get(marker, {}))
    if role.get("role") == "corner":
        return f"the {str(role.get('corner', '')).replace('_', '-')} corner plate"
    if role.get("role") == "seat":
        return f"the seat {role.get('seat')} plate"
    return f"the {str(role.get('role', marker)).replace('_', ' ')} plate"


def _said(id_: str, /, **params) -> dict:
    return {"id": id_, "params": params}


def measure_plate(gray: np.ndarray, marker: int, corners: np.ndarray, marker_mm: float) -> PlateLight | None:
    """Return black/white levels and edge blur measured on one plate (its marker and white border), or None if cut off."""
    c = np.asarray(corners, np.float64).reshape(4, 2)
    centre = c.mean(axis=0)
    h, w = gray.shape[:2]
    outer = centre + (c - centre) * 1.35
    if (outer < 0).any() or (outer[:, 0] >= w).any() or (outer[:, 1] >= h).any():
        return None
    x0, y0 = np.floor(outer.min(axis=0)).astype(int)
    x1, y1 = np.ceil(outer.max(axis=0)).astype(int) + 1
    roi = gray[y0:y1, x0:x1]
    inner_mask = np.zeros(roi.shape, np.uint8)
    ring_mask = np.zeros(roi.shape, np.uint8)
    shift = np.array([x0, y0], np.float64)
    cv2.fillConvexPoly(ring_mask, np.round(outer - shift).astype(np.int32), 255)
    cv2.fillConvexPoly(ring_mask, np.round(centre + (c - centre) * 1.08 - shift).astype(np.int32), 0)
    cv2.fillConvexPoly(inner_mask, np.round(c - shift).astype(np.int32), 255)
    inside, ring = roi[inner_mask > 0], roi[ring_mask > 0]
    if inside.size < 16 or ring.size < 16:
        return None
    black, white = float(np.percentile(inside, 5)), float(np.percentile(ring, 90))
    contrast = white - black
    side = float(np.mean(np.linalg.norm(c - np.roll(c, -1, axis=0), axis=1)))
    blur = float("nan")
    if contrast > 20:
        # A blurred step of height C has a steepest slope of C / (sigma * sqrt(2 pi)): sigma from the slope.
        f = roi.astype(np.float32)
        gx = cv2.Sobel(f, cv2.CV_32F, 1, 0, ksize=3) / 8.0
        gy = cv2.Sobel(f, cv2.CV_32F, 0, 1, ksize=3) / 8.0
        slope = float(np.percentile(np.hypot(gx, gy)[(ring_mask > 0) | (inner_mask > 0)], 99.5))
        measured = contrast / (math.sqrt(2 * math.pi) * max(slope, 1e-6))
        # A perfectly sharp edge still measures ~0.75 px (pixel area, interpolation): report the blur beyond it.
        blur = math.sqrt(max(measured ** 2 - SHARP_EDGE_PX ** 2, 0.0))
    return PlateLight(marker=marker, black=black, white=white, blur_px=blur, px_per_mm=side / marker_mm)


def _module_px(geometry: TableGeometry, point_mm, module_mm: float = MODULE_MM) -> float:
    x, y = point_mm
    half = module_mm / 2
    sq = geometry.to_image(np.array([[x - half, y - half], [x + half, y - half], [x + half, y + half], [x - half, y + half]]))
    return float(np.mean(np.linalg.norm(sq - np.roll(sq, -1, axis=0), axis=1)))


def _in_view(geometry: TableGeometry, rect, size) -> float:
    x0, y0, x1, y1 = rect
    xs, ys = np.meshgrid(np.linspace(x0, x1, 7), np.linspace(y0, y1, 7))
    pts = geometry.to_image(np.column_stack([xs.ravel(), ys.ravel()]))
    w, h = size
    inside = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
    return float(inside.mean())


def _focal_px(geometry: TableGeometry, size, lens: Lens | None) -> float:
    """Return the camera's focal length in px: the lens's, else from the plane's homography, else a guess."""
    if lens is not None:
        return float(lens.camera_matrix[0, 0])
    w, h = size
    guess = 0.85 * w
    # Square pixels, centred principal point: the table's x and y axes are perpendicular in space,
    # which fixes f when the camera is tilted (Zhang's constraint with one unknown).
    hmat = np.linalg.inv(geometry.image_to_mm)
    hmat = hmat / hmat[2, 2]
    t = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1.0]]) @ hmat
    h1, h2 = t[:, 0], t[:, 1]
    denom = h1[2] * h2[2]
    if abs(denom) < 1e-12:
        return guess
    f2 = -(h1[0] * h2[0] + h1[1] * h2[1]) / denom
    if f2 <= 0:
        return guess
    f = math.sqrt(f2)
    return f if 0.4 * w <= f <= 3.0 * w else guess


def _framing_advice(geometry: TableGeometry, layout: TableLayout, zones, size, lens: Lens | None) -> dict:
    """Return what to do when zones or plates fall outside the picture: aim at the table's middle when the
    zones and plates would fit the frame, else raise the camera by about how much (from the focal length and
    the scale at the picture's centre)."""
    w, h = size
    rects = [geometry.zone_rect(layout.zone(z.name)) for z in zones]
    rects += [(c[0] - 35, c[1] - 35, c[0] + 35, c[1] + 35) for c, _rotation in layout.markers.values()]
    x0, y0 = min(r[0] for r in rects), min(r[1] for r in rects)
    x1, y1 = max(r[2] for r in rects), max(r[3] for r in rects)
    pts = geometry.to_image(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64))
    span_x, span_y = float(np.ptp(pts[:, 0])), float(np.ptp(pts[:, 1]))
    needed = max(span_x / (0.95 * w), span_y / (0.95 * h))
    if needed <= 1.0:
        return {"phrase": "aim"}
    centre = geometry.to_table(np.array([[w / 2, h / 2]], np.float64))[0]
    distance = _focal_px(geometry, size, lens) / (_module_px(geometry, centre) / MODULE_MM)
    raise_cm = distance * (needed - 1) / 10
    return {"phrase": "raise", "cm": int(max(5, 5 * math.ceil(raise_cm / 5)))}


def _glare(gray: np.ndarray, geometry: TableGeometry, px_per_mm: float) -> list[tuple[tuple[int, int, int, int], float, tuple[float, float]]]:
    """Return bright patches on the table: (box, fraction of the table, centre px).

    Everywhere on a table something dark lies within a few centimetres (wood grain, print,
    marks); under a lamp's reflection even that is lifted. So the darkest grey within ~45 mm
    (a grey erosion, at quarter scale) is high only where glare washes everything out.
    """
    q = 4
    small = cv2.resize(gray, (max(gray.shape[1] // q, 1), max(gray.shape[0] // q, 1)), interpolation=cv2.INTER_AREA)
    tw, th = geometry.layout.table_mm
    table = geometry.to_image(np.array([[0, 0], [tw, 0], [tw, th], [0, th]], np.float64)) / q
    mask = np.zeros(small.shape, np.uint8)
    cv2.fillConvexPoly(mask, np.round(table).astype(np.int32), 255)
    if not mask.any():
        return []
    k = max(3, int(round(45.0 * px_per_mm / q)) | 1)
    floor = cv2.erode(small, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    level = float(np.median(floor[mask > 0]))
    bright: np.ndarray = ((floor >= max(190.0, level + 70.0)) & (mask > 0)).astype(np.uint8)
    bright = cv2.dilate(bright, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    n, _, stats, centroids = cv2.connectedComponentsWithStats(bright, connectivity=8)
    min_side = GLARE_MIN_MM * px_per_mm / q
    table_area = float((mask > 0).sum())
    out = []
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        if max(w, h) < min_side:
            continue
        out.append(((x * q, y * q, (x + w) * q, (y + h) * q), area / table_area,
                    (float(centroids[i][0] * q), float(centroids[i][1] * q))))
    out.sort(key=lambda g: -g[1])
    return out


def _resolution_hint(size) -> dict:
    w = max(size)
    if w < 1920:
        return {"phrase": "use_1080p"}
    if w < 3840:
        return {"phrase": "use_4k"}
    return {"phrase": "zoom_in"}


def check_setup(frame: np.ndarray, deck: Identifier | None = None, *, layout: TableLayout | None = None,
                lens: Lens | None = None, result: FrameResult | None = None, module_mm: float | None = None,
                module_sizes: tuple[float, ...] = ()) -> SetupReport:
    """Return the setup check of one frame of the laid-out table (plates, a few cards).

    `result` is the pipeline's reading of this frame when the caller has one (the live
    camera); otherwise the frame is read here as a still. `module_mm`: the marks' module size
    (default the print's, `deck.module_mm`, else 2 mm). `module_sizes`: the module sizes the
    cards could be printed at (the print side knows them); a zone below GOOD_PX_PER_MODULE is then
    told the smallest of them that would read there.

    Raises:
        ValueError: if the frame is empty or not an image array.
        CompanionError: if the lens was calibrated for another shape of frame.
    """
    if not isinstance(frame, np.ndarray) or frame.size == 0 or frame.ndim not in (2, 3):
        raise ValueError("empty or malformed frame")
    layout = layout or load_layout()
    module = float(module_mm if module_mm is not None else getattr(deck, "module_mm", MODULE_MM))
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    size = (gray.shape[1], gray.shape[0])
    sized_lens = lens.for_size(size) if lens is not None else None
    if result is None:
        with Pipeline(deck, layout=layout, track=False, use_zbar=False, lens=sized_lens, module_mm=module) as pipeline:
            result = pipeline.process(frame)
    geometry = result.geometry
    markers = detect_markers(gray, layout)
    plates = tuple(p for p in (measure_plate(gray, i, c, layout.marker_mm) for i, c in sorted(markers.items()))
                   if p is not None)
    advice: list[dict] = []
    if geometry is None:
        advice.append(_said("check.no_plates", seen=len(markers)))
        advice += _light_advice(plates)
        return SetupReport(size=size, advice=tuple(advice), ok=False, plates=plates, cards_read=len(result.cards),
                           result=result)

    zones = _zone_checks(result, geometry, markers, plates, layout, size, module)
    visible = [z for z in zones if z.in_view > 0.3]
    view, missing = _view_advice(geometry, layout, markers, zones, size, sized_lens)
    advice += view
    scale, notes = _scale_advice(geometry, visible, size, sized_lens, module, module_sizes)
    advice += scale
    advice += _sharpness_advice(visible)
    advice += _light_advice(plates)
    glare = _glare_areas(gray, geometry, visible, module)
    advice += _glare_advice(glare)
    ok = not advice
    if ok:
        advice.append(_said("check.good", ppm=float(min(z.px_per_module for z in zones)), cards=len(result.cards)))
    advice += notes
    return SetupReport(size=size, advice=tuple(advice), ok=ok, zones=tuple(zones), plates=plates,
                       missing_plates=tuple(missing), glare=tuple(glare), cards_read=len(result.cards),
                       geometry=geometry, result=result)


def _zone_checks(result: FrameResult, geometry: TableGeometry, markers: Mapping[int, np.ndarray],
                 plates: tuple[PlateLight, ...], layout: TableLayout, size: tuple[int, int],
                 module_mm: float = MODULE_MM) -> list[ZoneCheck]:
    """Return each zone's scale, view, cards read, and the light and sharpness at its nearest plate."""
    counts: dict[str, int] = {}
    for card in result.cards:
        if card.zone:
            counts[card.zone] = counts.get(card.zone, 0) + 1
    plate_mm = {p.marker: geometry.to_table(np.asarray(markers[p.marker]).mean(axis=0, keepdims=True))[0]
                for p in plates}
    zones = []
    for zone in layout.zones:
        rect = geometry.zone_rect(zone)
        centre = ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)
        ppm = _module_px(geometry, centre, module_mm)
        nearest = min(plates, key=lambda p: np.hypot(*(plate_mm[p.marker] - centre)), default=None)
        blur = None
        if nearest is not None and math.isfinite(nearest.blur_px):
            blur = nearest.blur_px / max(nearest.px_per_mm * module_mm, 1e-6)
        zones.append(ZoneCheck(name=zone.name, px_per_module=ppm, in_view=_in_view(geometry, rect, size),
                               blur_modules=blur, white=None if nearest is None else nearest.white,
                               cards=counts.get(zone.name, 0)))
    return zones


def _view_advice(geometry: TableGeometry, layout: TableLayout, markers: Mapping[int, np.ndarray],
                 zones: list[ZoneCheck], size: tuple[int, int], lens: Lens | None) -> tuple[list[dict], list[str]]:
    """Return the advice on what the camera does not see, and the missing plates' labels.

    Zones or plates outside the picture make one sentence, with how to frame the table; plates in the
    picture that are not found (covered, moved, glare) another."""
    advice: list[dict] = []
    outside = [zone_phrase(z.name) for z in sorted(zones, key=lambda z: z.in_view) if z.in_view < 0.95]
    missing, outside_plates = [], []
    for marker in sorted(set(layout.markers) - set(markers)):
        centre = layout.markers[marker][0]
        if _in_view(geometry, (centre[0] - 25, centre[1] - 25, centre[0] + 25, centre[1] + 25), size) < 1.0:
            outside.append(_plate_phrase(layout, marker))
            outside_plates.append(marker)
        else:
            missing.append(marker)
    if outside:
        partly = {"why": "partly"} if len(outside) == 1 and not outside_plates else {}
        advice.append(_said("check.outside", things=outside,
                            framing=_framing_advice(geometry, layout, zones, size, lens), **partly))
    if missing:
        advice.append(_said("check.not_seen", plates=[_plate_phrase(layout, m) for m in missing]))
    # The figures name plates in English, as the zones' names are (the overlay's and the CLI's table).
    labels = [f"{_plate_label(layout, m)} (covered)" for m in missing] + [
        f"{_plate_label(layout, m)} (outside)" for m in outside_plates]
    return advice, labels


def _scale_advice(geometry: TableGeometry, visible: list[ZoneCheck], size: tuple[int, int],
                  lens: Lens | None, module_mm: float = MODULE_MM,
                  module_sizes: tuple[float, ...] = ()) -> tuple[list[dict], list[dict]]:
    """Return the advice on scale (px/module per zone, with how far to move, and what mark size would read
    there) and the notes on zones near the limit (told after everything else)."""
    advice: list[dict] = []
    small = sorted((z for z in visible if z.px_per_module < MIN_PX_PER_MODULE), key=lambda z: z.px_per_module)
    if small:
        worst = small[0]
        f = _focal_px(geometry, size, lens)
        px_per_mm = worst.px_per_module / module_mm
        distance = f / px_per_mm
        closer_cm = distance * (1 - worst.px_per_module / MIN_PX_PER_MODULE) / 10
        advice.append(_said("check.too_small", zones=[zone_phrase(z.name) for z in small], min=MIN_PX_PER_MODULE,
                            ppm=float(worst.px_per_module), worst=zone_phrase(worst.name),
                            cm=int(max(5, 5 * math.ceil(closer_cm / 5))), hint=_resolution_hint(size)))
        spread = max(z.px_per_module for z in visible) / max(worst.px_per_module, 1e-6)
        if spread > 1.4:
            advice.append(_said("check.steep", ratio=float(spread)))
        advice += _mark_size_advice([z for z in visible if z.px_per_module < GOOD_PX_PER_MODULE], module_mm,
                                    module_sizes)
    marginal = [z for z in visible if MIN_PX_PER_MODULE <= z.px_per_module < GOOD_PX_PER_MODULE]
    notes: list[dict] = []
    if marginal and not small:
        notes.append(_said("check.near_limit",
                           zones=[zone_phrase(z.name) for z in sorted(marginal, key=lambda z: z.px_per_module)],
                           ppm=float(min(z.px_per_module for z in marginal)), hint=_resolution_hint(size)))
        notes += _mark_size_advice(marginal, module_mm, module_sizes)
    return advice, notes


def _mark_size_advice(zones: list[ZoneCheck], module_mm: float, module_sizes: tuple[float, ...]) -> list[dict]:
    """Return what mark size would read the zones below GOOD_PX_PER_MODULE: the smallest of `module_sizes`
    larger than the print's that gives the worst of them >= GOOD_PX_PER_MODULE (none when no size does)."""
    if not zones:
        return []
    worst = min(z.px_per_module for z in zones)
    need = module_mm * GOOD_PX_PER_MODULE / max(worst, 1e-6)
    fits = [m for m in sorted(module_sizes) if m > module_mm + 1e-9 and m >= need - 1e-9]
    # `arg` is the size as the command line takes it (a decimal point in every language).
    if not fits:
        return []
    module = fits[0]
    return [_said("check.mark_size", zones=[zone_phrase(z.name) for z in sorted(zones, key=lambda z: z.px_per_module)],
                  module=float(module), mark=float(15 * module), ppm=float(worst * module / module_mm),
                  arg=f"{module:g}")]


def _sharpness_advice(visible: list[ZoneCheck]) -> list[dict]:
    """Return the advice on sharpness, per zone (at its nearest plate).

    A zone already too small is told to come closer; its blur in modules would only repeat that."""
    blurred = [(z, z.blur_modules) for z in visible if z.blur_modules is not None and z.blur_modules > MAX_BLUR_MODULES
               and z.px_per_module >= MIN_PX_PER_MODULE]
    if not blurred:
        return []
    return [_said("check.blurred", zones=[zone_phrase(z.name) for z, _ in sorted(blurred, key=lambda zb: -zb[1])],
                  blur=float(max(blur for _, blur in blurred)))]


def _glare_areas(gray: np.ndarray, geometry: TableGeometry, visible: list[ZoneCheck],
                 module_mm: float = MODULE_MM) -> list[GlareArea]:
    """Return the glare on the table, each area with its zone."""
    mean_px_per_mm = float(np.median([z.px_per_module for z in visible] or [module_mm])) / module_mm
    glare = []
    for box, fraction, centre in _glare(gray, geometry, mean_px_per_mm):
        zone = geometry.zone_of(geometry.to_table(np.array([centre]))[0])
        x0, y0, x1, y1 = box
        glare.append(GlareArea(zone=zone, box=(int(x0), int(y0), int(x1), int(y1)), table_fraction=fraction))
    return glare


def _glare_advice(glare: list[GlareArea]) -> list[dict]:
    """Return the advice on glare: where it is, and how much of the table it covers."""
    if not glare:
        return []
    # In the order the English sentence always had: "off the zones", then "over ..." by name.
    where = {"off the zones" if g.zone == "off_table" else f"over {zone_label(g.zone)}":
             {"phrase": "glare_off"} if g.zone == "off_table" else {"phrase": "glare_over", "zone": zone_phrase(g.zone)}
             for g in glare}
    return [_said("check.glare", where=[where[k] for k in sorted(where)],
                  percent=float(sum(g.table_fraction for g in glare) * 100))]


def _light_advice(plates: tuple[PlateLight, ...]) -> list[dict]:
    if not plates:
        return []
    white = float(np.median([p.white for p in plates]))
    black = float(np.median([p.black for p in plates]))
    advice = []
    if white < DARK_WHITE:
        advice.append(_said("check.dark", white=float(white)))
    elif black > WASHED_BLACK and white >= 245:
        advice.append(_said("check.washed", black=float(black)))
    elif white - black < MIN_CONTRAST:
        advice.append(_said("check.low_contrast", levels=float(white - black)))
    return advice


def _draw_labels(image: np.ndarray, labels: list[tuple[str, np.ndarray]]) -> np.ndarray:
    """Return the image with each label centred at its point, white on a dark box. OpenCV's own font
    draws ASCII only, so labels in another script are drawn with Pillow in DejaVu Sans (scripts/setup.sh)."""
    if all(text.isascii() for text, _at in labels):
        for text, at in labels:
            (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 0.55, 1)
            org = (int(at[0] - tw / 2), int(at[1] + th / 2))
            cv2.rectangle(image, (org[0] - 3, org[1] - th - 3), (org[0] + tw + 3, org[1] + 4), (30, 30, 30), -1)
            cv2.putText(image, text, org, cv2.FONT_HERSHEY_SIMPLEX, 0.55, (255, 255, 255), 1, cv2.LINE_AA)
        return image
    from PIL import Image, ImageDraw, ImageFont

    font: ImageFont.FreeTypeFont | ImageFont.ImageFont
    try:
        font = ImageFont.truetype("DejaVuSans.ttf", 13)  # Pillow looks in the system's font folders
    except OSError:
        font = ImageFont.load_default(13)
    picture = Image.fromarray(image[..., ::-1])
    draw = ImageDraw.Draw(picture)
    for text, at in labels:
        x0, y0, x1, y1 = draw.textbbox((0, 0), text, font=font)
        left, top = int(at[0] - (x1 - x0) / 2), int(at[1] - (y1 - y0) / 2)
        draw.rectangle((left - 3, top - 3, left + x1 - x0 + 3, top + y1 - y0 + 4), fill=(30, 30, 30))
        draw.text((left - x0, top - y0), text, font=font, fill=(255, 255, 255))
    return np.ascontiguousarray(np.asarray(picture)[..., ::-1])


ZONE_COLOURS = {"good": (70, 200, 70), "marginal": (0, 190, 255), "bad": (60, 60, 230)}


def draw_overlay(frame: np.ndarray, report: SetupReport, width: int = 960,
                 names: Mapping[str, str] | None = None, decimal: str = ".") -> np.ndarray:
    """Return a downscaled copy of the frame with each zone coloured by its px/module (green, amber, red)
    and labelled, glare areas hatched in magenta, and read cards' marks outlined. No card codes.

    `names` words the zones ({"seat:3": "место 3"}) for a reader of another language, `decimal` its decimal
    mark (","); English by default.
    """
    scale = min(1.0, width / frame.shape[1])
    image = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else frame.copy()
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    geometry = report.geometry
    if geometry is not None:
        tint = image.copy()
        labels: list[tuple[str, np.ndarray]] = []
        for z in report.zones:
            zone = geometry.layout.zone(z.name)
            x0, y0, x1, y1 = geometry.zone_rect(zone)
            xs = np.linspace(x0, x1, 9)
            ys = np.linspace(y0, y1, 9)
            ring = np.concatenate([np.column_stack([xs, np.full(9, y0)]), np.column_stack([np.full(9, x1), ys]),
                                   np.column_stack([xs[::-1], np.full(9, y1)]), np.column_stack([np.full(9, x0), ys[::-1]])])
            pts = np.round(geometry.to_image(ring) * scale).astype(np.int32)
            state = ("bad" if z.px_per_module < MIN_PX_PER_MODULE or z.in_view < 0.95
                     or (z.blur_modules or 0) > MAX_BLUR_MODULES
                     else "marginal" if z.px_per_module < GOOD_PX_PER_MODULE else "good")
            colour = ZONE_COLOURS[state]
            cv2.fillPoly(tint, [pts], colour)
            cv2.polylines(image, [pts], True, colour, 2, cv2.LINE_AA)
            name = (names or {}).get(z.name) or zone_label(z.name).removeprefix("the ")
            labels.append((f"{name}: {z.px_per_module:.1f}".replace(".", decimal), pts.mean(axis=0).astype(int)))
        image = cv2.addWeighted(tint, 0.22, image, 0.78, 0)
        image = _draw_labels(image, labels)
    for g in report.glare:
        x0, y0, x1, y1 = (int(round(v * scale)) for v in g.box)
        x0, y0 = max(x0, 0), max(y0, 0)
        x1, y1 = min(x1, image.shape[1] - 1), min(y1, image.shape[0] - 1)
        roi = image[y0:y1, x0:x1]
        for k in range(-(y1 - y0), x1 - x0, 10):
            cv2.line(roi, (k, y1 - y0), (k + (y1 - y0), 0), (220, 60, 220), 1, cv2.LINE_AA)
        cv2.rectangle(image, (x0, y0), (x1, y1), (220, 60, 220), 2)
        cv2.putText(image, "glare", (x0 + 4, max(y0 - 6, 12)), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (220, 60, 220), 2, cv2.LINE_AA)
    if report.result is not None:
        for card in report.result.cards:
            pts = np.round(np.array(card.corners, np.float64) * scale).astype(np.int32)
            cv2.polylines(image, [pts], True, (60, 230, 60), 2, cv2.LINE_AA)
    return image
