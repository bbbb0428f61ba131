#!/usr/bin/env python3
"""An independent table-scene renderer for judging the camera's mark reading (issue 33 item 1).

Why its own renderer: the project's benches render with companion.vision.synth, which was tuned together
with the reader; a reader can learn its renderer's habits. This module shares no code with synth (it does
not import it): its own camera (pinhole from a field of view, posed at any side of the table at 20-35 deg
tilt or overhead), its own lens (barrel k1 about -0.08, vignetting), its own room (wood or cloth table on a
floor, people's shadows, a lamp's glare, an arm over the table, warm light) and a phone's processing
(noise, denoise, sharpening, JPEG ~80). Only the cards come from the project: `companion cards export
--backs` PNGs of a print with a fixed secret, and the deck design says where each mark sits and how big.

API (what bench_held_out.py and the multi-frame work use):

    still = render_still(seed, (1920, 1080), "bux")      # -> Still(frame, truth)
    frame_bgr, truth = still
    clip = render_clip(seed, (1920, 1080), 20, "bux")    # -> Clip(frames, truth): a still table, shaken camera
    truth.legible(2.0, 0.3)                              # marks a reader should get
    truth.deck                                           # the PrintDeck (deck.identify(payload) -> card code)

Truth per mark (MarkTruth): the card code and payload, the symbol's 4 corners in the frame (after the lens;
symbol order: the corner by the finder first), px/module as the frame shows it (the smaller of the two axes'
mean side lengths / modules, so foreshortening counts), the paper-to-ink contrast there (light, shadows, glare
and vignetting counted; 1 = black on white), occluded (a later card, or an arm, covers the mark or its guard
ring: the 2-module quiet zone plus one module) and out_of_frame. Card exports are cached in
$EVAL_SCENES_CACHE (default /tmp/eval_scenes_cache).
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple, Sequence

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.cards.decks import load_deck  # noqa: E402
from companion.cards.payloads import PrintDeck, load_print, new_print, save_print  # noqa: E402
from companion.printing.marks import mark_spec, qr_matrix  # noqa: E402
from companion.printing.sheets import CARD_H_MM, CARD_W_MM  # noqa: E402
from companion.vision.geometry import TableLayout, load_layout  # noqa: E402

GAMES = ("bux", "grow", "cats", "match")
SECRET = b"eval-scenes-issue-33"
"""Fixed print secret: the same marks every run (near-limit recall varies from print to print)."""
EXPORT_DPI = 200
"""Card PNG resolution: 7.9 px/mm, a 2 mm module is 15.7 px; frames show modules at <= ~8 px."""
CACHE = Path(os.environ.get("EVAL_SCENES_CACHE", "/tmp/eval_scenes_cache"))
SIDES = ("south", "east", "north", "west", "overhead")


# --- The cards -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CardImage:
    """One card's printed face and back, and its marks in face pixels (from the deck design)."""

    code: str
    payload: str
    face: np.ndarray = field(repr=False)
    back: np.ndarray = field(repr=False)
    marks: tuple[np.ndarray, ...] = field(repr=False)
    """Each mark's symbol corners in face px (finder corner first, then clockwise as printed)."""
    modules: tuple[int, ...] = ()
    matrices: tuple[np.ndarray, ...] = field(repr=False, default=())


@dataclass(frozen=True)
class GameCards:
    """A game's print (its deck for identify), its table layout and every card image."""

    game: str
    deck: PrintDeck
    layout: TableLayout
    cards: dict[str, CardImage]
    px_per_mm: float


def _export(game: str) -> Path:
    """Export the game's cards (fixed secret) once into the cache; return the folder."""
    out = CACHE / f"{game}-{EXPORT_DPI}"
    if (out / "manifest.json").exists():
        return out
    CACHE.mkdir(parents=True, exist_ok=True)
    # Exported into a private folder and renamed into place: benches running at once never read half an export.
    tmp = Path(tempfile.mkdtemp(prefix=f".{game}-", dir=CACHE))
    save_print(new_print(load_deck(game), "eval", secret=SECRET), str(tmp / "print.json"))
    subprocess.run([sys.executable, "-m", "companion", "cards", "export", "--game", game, "--png", str(tmp),
                    "--deck", str(tmp / "print.json"), "--backs", "--quiet", "--dpi", str(EXPORT_DPI)],
                   check=True, cwd=ROOT, stdout=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        tmp.rename(out)
    except OSError:  # another process got there first: its export is the same (same secret)
        shutil.rmtree(tmp, ignore_errors=True)
    return out


@lru_cache(maxsize=None)
def game_cards(game: str) -> GameCards:
    """Return a game's cards: PNGs from `companion cards export`, marks placed from the deck design."""
    folder = _export(game)
    deck = load_deck(game)
    printed = load_print(str(folder / "print.json"))
    specs = {c.code: c for c in deck.cards}
    cards = {}
    px_mm = 0.0
    for entry in json.loads((folder / "manifest.json").read_text(encoding="utf-8")):
        face = cv2.imread(str(folder / entry["file"]), cv2.IMREAD_COLOR)
        back = cv2.imread(str(folder / f"{entry['code']}.back.png"), cv2.IMREAD_COLOR)
        px_mm = face.shape[1] / CARD_W_MM
        spec = mark_spec(deck, specs[entry["code"]])
        matrix = qr_matrix(entry["payload"], spec)
        size, inset = float(spec["size_mm"]), float(spec["inset_mm"])
        w, h = CARD_W_MM, CARD_H_MM
        sq = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=np.float64) * size
        top_left = sq + inset
        bottom_right = (w - inset, h - inset) - sq  # turned 180 degrees: its finder corner is bottom-right
        spots = [top_left, bottom_right][-int(spec.get("count", 2)):]
        cards[entry["code"]] = CardImage(entry["code"], entry["payload"], face, back,
                                         tuple(s * px_mm for s in spots), tuple(matrix.shape[0] for _ in spots),
                                         tuple(matrix for _ in spots))
    return GameCards(game, printed, _layout(game), cards, px_mm)


def _layout(game: str) -> TableLayout:
    """The game's table layout, read from its file (companion.table.layouts.layout_for would import the game's table
    package, whose demo stage imports companion.vision.synth: this renderer keeps synth out of its process)."""
    path = ROOT / "companion" / "games" / game / "table" / "layout.json"
    return load_layout(path if path.is_file() else None)


# --- Camera ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Camera:
    """A pinhole camera with barrel distortion, posed over the table (world: table mm, x right, y down, z into the table)."""

    width: int
    height: int
    f: float
    """Focal length in px."""
    R: np.ndarray = field(repr=False)
    """World -> camera rotation (camera x right, y down, z forward)."""
    C: np.ndarray = field(repr=False)
    """Camera centre in world mm."""
    k1: float = -0.08
    k2: float = 0.0
    side: str = "overhead"
    tilt: float = 0.0

    @property
    def K(self) -> np.ndarray:
        return np.array([[self.f, 0, self.width / 2.0], [0, self.f, self.height / 2.0], [0, 0, 1]])

    def plane_h(self, z: float = 0.0) -> np.ndarray:
        """Homography: plane z (mm) points (x, y, 1) -> ideal (undistorted) pixel."""
        t = -self.R @ self.C
        m = np.column_stack([self.R[:, 0], self.R[:, 1], self.R[:, 2] * z + t])
        return self.K @ m

    def project3d(self, pts: np.ndarray) -> np.ndarray:
        """World points (N,3) mm -> ideal (undistorted) pixels."""
        c = (pts - self.C) @ self.R.T
        p = c @ self.K.T
        return p[:, :2] / p[:, 2:3]

    def distort(self, pts: np.ndarray) -> np.ndarray:
        """Ideal pixels (N,2) -> pixels as the lens shows them."""
        c = np.array([self.width / 2.0, self.height / 2.0])
        n = (pts - c) / self.f
        r2 = (n ** 2).sum(axis=1, keepdims=True)
        return n * (1 + self.k1 * r2 + self.k2 * r2 * r2) * self.f + c

    def undistort_grid(self, pts: np.ndarray) -> np.ndarray:
        """Lens pixels (...,2) -> ideal pixels (fixed-point iteration; the barrel is mild)."""
        c = np.array([self.width / 2.0, self.height / 2.0], dtype=np.float32)
        d = (pts - c) / self.f
        u = d.copy()
        for _ in range(12):
            r2 = (u ** 2).sum(axis=-1, keepdims=True)
            u = d / (1 + self.k1 * r2 + self.k2 * r2 * r2)
        return u * self.f + c


def project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Apply a homography to (N,2) points."""
    p = np.column_stack([pts, np.ones(len(pts))]) @ h.T
    return p[:, :2] / p[:, 2:3]


def pose_camera(rng: np.random.Generator, size: tuple[int, int], side: str, table_mm: tuple[float, float]) -> Camera:
    """A camera at one side of the table (tilt 20-35 deg from straight down, at the table's edge) or overhead."""
    w, h = size
    hfov = math.radians(rng.uniform(62, 76))
    f = (w / 2.0) / math.tan(hfov / 2.0)
    tw, th = table_mm
    target = np.array([tw / 2 + rng.uniform(-60, 60), th / 2 + rng.uniform(-50, 50), 0.0])
    if side == "overhead":
        tilt = rng.uniform(0, 6)
        height = rng.uniform(950, 1350)
        yaw = rng.choice([0, 90, 180, 270]) + rng.uniform(-8, 8)
        a = math.radians(yaw)
        away = np.array([math.sin(a), math.cos(a), 0.0])  # image "down" points this way on the table
        C = target + away * height * math.tan(math.radians(tilt)) + np.array([0, 0, -height])
    else:
        tilt = rng.uniform(20, 35)
        # The camera sits on the side's edge (a stand or a shelf there), looking at the middle.
        away = {"south": (0, 1), "north": (0, -1), "east": (1, 0), "west": (-1, 0)}[side]
        away = np.array([*away, 0.0], dtype=np.float64)
        # 0.95-1.45 m from the middle of the table (a stand or a shelf at that side).
        dist = rng.uniform(950, 1450)
        t = math.radians(tilt)
        C = target + away * dist * math.sin(t) + np.array([0, 0, -dist * math.cos(t)])
    fwd = target - C
    fwd /= np.linalg.norm(fwd)
    down = away - fwd * (away @ fwd)
    down /= np.linalg.norm(down)
    roll = math.radians(rng.uniform(-3, 3))
    right = np.cross(down, fwd)
    right, down = right * math.cos(roll) + down * math.sin(roll), -right * math.sin(roll) + down * math.cos(roll)
    R = np.vstack([right, down, fwd])
    return Camera(w, h, f, R, C, k1=float(rng.uniform(-0.10, -0.06)), k2=float(rng.uniform(0.0, 0.02)),
                  side=side, tilt=float(tilt))


# --- The table: what lies where --------------------------------------------------------------------------

@dataclass(frozen=True)
class Lay:
    """One card on the table: centre (mm), rotation (deg, counter-clockwise from above), face up or down."""

    code: str
    centre: tuple[float, float]
    rotation: float
    face_up: bool


def card_to_table(lay: Lay, px_mm: float) -> np.ndarray:
    """Affine (3x3) card-image px -> table mm."""
    t = math.radians(lay.rotation)
    c, s = math.cos(t), math.sin(t)
    rot = np.array([[c, s], [-s, c]])  # counter-clockwise from above with y down
    a = np.eye(3)
    a[:2, :2] = rot / px_mm
    a[:2, 2] = np.array(lay.centre) - rot @ np.array([CARD_W_MM / 2, CARD_H_MM / 2])
    return a


def lay_table(rng: np.random.Generator, codes: Sequence[str], layout: TableLayout) -> list[Lay]:
    """Spreads, piles and singles across the table, some face down, in drawing order (later on top).

    One piece because the three kinds of groups share the card supply and the drawing order.
    """
    tw, th = layout.table_mm
    pool = list(rng.permutation(codes))
    lays: list[Lay] = []

    def take() -> str | None:
        return pool.pop() if pool else None

    # Piles: a draw pile face down with a face-up discard beside it.
    for _ in range(int(rng.integers(1, 3))):
        cx, cy = rng.uniform(200, tw - 200), rng.uniform(220, th - 220)
        n = int(rng.integers(3, 7))
        up_top = bool(rng.random() < 0.6)
        for k in range(n):
            code = take()
            if code is None:
                break
            lays.append(Lay(code, (cx + rng.normal(0, 3), cy + rng.normal(0, 3)), float(rng.uniform(-6, 6)),
                            up_top and k == n - 1))
    # Spreads: players' hands laid out in rows, overlapping so that some marks are covered.
    seats = [z for z in layout.zones if z.name.startswith("seat:")]
    for z in rng.permutation(len(seats))[: int(rng.integers(2, len(seats) + 1))]:
        zone = seats[int(z)]
        (x0, y0, x1, y1) = zone.rect
        cx, cy = (x0 + x1) / 2 + rng.uniform(-40, 40), (y0 + y1) / 2 + rng.uniform(-20, 20)
        n = int(rng.integers(2, 7))
        step = rng.uniform(28, 75)
        rot = zone.facing + rng.uniform(-10, 10)
        t = math.radians(rot)
        along = np.array([math.cos(t), -math.sin(t)])
        for k in range(n):
            code = take()
            if code is None:
                break
            off = (k - (n - 1) / 2) * step
            p = np.array([cx, cy]) + along * off + rng.normal(0, 2, 2)
            lays.append(Lay(code, (float(p[0]), float(p[1])), float(rot + rng.uniform(-7, 7)),
                            bool(rng.random() < 0.85)))
    # Singles in the middle: played cards, bids.
    for _ in range(int(rng.integers(4, 12))):
        code = take()
        if code is None:
            break
        lays.append(Lay(code, (float(rng.uniform(250, tw - 250)), float(rng.uniform(200, th - 200))),
                        float(rng.uniform(0, 360)), bool(rng.random() < 0.85)))
    return lays


# --- Nuisances -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Nuisances:
    """What the room and the phone do to a frame (drawn per scene from the seed)."""

    table: str
    warm: float
    """0 = neutral white balance, 1 = strongly orange (tungsten light, no correction)."""
    lamp: tuple[float, float]
    """Where the room's main light is brightest (table mm)."""
    falloff: float
    glare: tuple[float, float, float, float] | None
    """(x mm, y mm, radius mm, strength 0..1.2): a lamp's reflection."""
    shadows: int
    arm: bool
    vignette: float
    blur: float
    defocus: float
    """Extra blur (px) per unit of relative depth away from the focus plane."""
    motion: float
    """Length (px) of a shake during the exposure (0: none)."""
    motion_angle: float
    noise: float
    sharpen: float
    denoise: bool
    jpeg: int


def draw_nuisances(rng: np.random.Generator, layout: TableLayout) -> Nuisances:
    """Every scene gets every kind of nuisance at a random strength (a few may be mild)."""
    tw, th = layout.table_mm
    glare = (float(rng.uniform(200, tw - 200)), float(rng.uniform(150, th - 150)), float(rng.uniform(40, 120)),
             float(rng.uniform(0.4, 1.1))) if rng.random() < 0.8 else None
    return Nuisances(table=str(rng.choice(["wood", "cloth", "wood"])), warm=float(rng.uniform(0.2, 0.9)),
                     lamp=(float(rng.uniform(-200, tw + 200)), float(rng.uniform(-200, th + 200))),
                     falloff=float(rng.uniform(0.2, 0.5)), glare=glare, shadows=int(rng.integers(1, 3)),
                     arm=bool(rng.random() < 0.75), vignette=float(rng.uniform(0.2, 0.45)),
                     blur=float(rng.uniform(0.5, 0.95)), defocus=float(rng.uniform(0.5, 2.0)),
                     motion=float(rng.uniform(0.8, 1.8)) if rng.random() < 0.3 else 0.0,
                     motion_angle=float(rng.uniform(0, math.pi)), noise=float(rng.uniform(1.0, 2.5)),
                     sharpen=float(rng.uniform(0.5, 1.3)), denoise=bool(rng.random() < 0.8),
                     jpeg=int(rng.integers(75, 86)))


def _wood(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """A wooden table top (BGR float 0..1): planks, grain along x, knots of darker tone."""
    h, w = shape
    base = np.array([rng.uniform(0.16, 0.3), rng.uniform(0.32, 0.45), rng.uniform(0.5, 0.68)], np.float32)
    y = np.arange(h, dtype=np.float32)[:, None]
    x = np.arange(w, dtype=np.float32)[None, :]
    warp = cv2.resize(rng.normal(0, 1, (max(h // 40, 2), max(w // 120, 2))).astype(np.float32), (w, h),
                      interpolation=cv2.INTER_CUBIC) * 6
    grain = np.sin((y + warp) * rng.uniform(0.35, 0.6) + np.sin(x * 0.01) * 2) * 0.5 + 0.5
    fine = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), sigmaX=6, sigmaY=0.6)
    plank = int(rng.uniform(120, 200))
    tone = np.repeat(rng.uniform(0.85, 1.12, h // plank + 1), plank)[:h, None].astype(np.float32)
    lum = tone * (0.85 + 0.1 * grain + 0.05 * fine)
    seams = (np.arange(h) % plank < 1)[:, None]
    lum = np.where(seams, lum * 0.55, lum)
    return np.clip(lum[..., None] * base, 0, 1)


def _cloth(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """A cloth or felt top: one colour with a fine weave and soft folds."""
    h, w = shape
    base = np.array(rng.choice([[0.25, 0.38, 0.18], [0.45, 0.25, 0.15], [0.55, 0.55, 0.58], [0.2, 0.2, 0.45]]),
                    np.float32)
    weave = rng.normal(0, 0.04, (h, w)).astype(np.float32)
    folds = cv2.resize(rng.normal(0, 1, (4, 6)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC) * 0.06
    return np.clip(base * (1 + weave + folds)[..., None], 0, 1)


def _floor(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """The floor around the table: tiles or carpet, darker than the table under the room light."""
    h, w = shape
    base = np.array(rng.choice([[0.3, 0.3, 0.32], [0.18, 0.22, 0.3], [0.35, 0.33, 0.3]]), np.float32)
    tex = rng.normal(0, 0.05, (h, w)).astype(np.float32)
    tile = int(rng.uniform(40, 80))
    grid = ((np.arange(h)[:, None] % tile < 1) | (np.arange(w)[None, :] % tile < 1)).astype(np.float32)
    return np.clip(base * (1 + tex - 0.25 * grid)[..., None], 0, 1)


def _aruco(layout: TableLayout, marker_id: int, px: int, plate_mm: float) -> np.ndarray:
    """A printed plate `plate_mm` wide: the ArUco marker, `layout.marker_mm` across its black border as the
    plates are printed and the layout fits them, centred on white paper (BGR float).

    (Before issue 33's colour work the marker filled 0.6 of the plate, 39.6 mm of a 50 mm layout: every plate's
    corners lay 7-11 mm from where the fit puts them, so RANSAC at 8 mm kept 1-2 corners a plate, and a frame
    with 4-5 plates found got a plane that mapped 30 mm marks to 20-480 mm.)"""
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.dictionary))
    cells = d.markerSize + 2
    big = 20 * cells * plate_mm / layout.marker_mm  # 20 px a cell
    side = int(round(big))
    m = cv2.aruco.generateImageMarker(d, marker_id, 20 * cells)
    pad = (side - 20 * cells) // 2
    m = cv2.copyMakeBorder(m, pad, side - 20 * cells - pad, pad, side - 20 * cells - pad, cv2.BORDER_CONSTANT,
                           value=255)
    m = cv2.resize(m, (px, px), interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(m, cv2.COLOR_GRAY2BGR).astype(np.float32) / 255.0


def _rounded_alpha(shape: tuple[int, int], radius: float) -> np.ndarray:
    """A card's trim: 1 inside the rounded rectangle, 0 outside (the export's corners are white)."""
    h, w = shape
    a = np.zeros((h, w), np.uint8)
    r = int(radius)
    cv2.rectangle(a, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(a, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(a, (cx, cy), r, 255, -1, lineType=cv2.LINE_AA)
    return a.astype(np.float32) / 255.0


class _Pyramid:
    """A card image and its halvings, each with its alpha: pick the level just above the frame's scale."""

    def __init__(self, image: np.ndarray, alpha: np.ndarray):
        rgba = np.dstack([image.astype(np.float32) / 255.0, alpha])
        self.levels = [rgba]
        while min(self.levels[-1].shape[:2]) > 16:
            self.levels.append(cv2.pyrDown(self.levels[-1]))

    def level(self, scale: float) -> tuple[np.ndarray, float]:
        """Return the level whose px is at most ~1.6 frame px... (scale: frame px per card px, the largest)."""
        k = 0
        while k + 1 < len(self.levels) and scale * 2 ** (k + 1) < 0.8:
            k += 1
        return self.levels[k], 2.0 ** k


_PYRAMIDS: dict[tuple[str, str, bool], _Pyramid] = {}


def _pyramid(game: str, card: CardImage, face_up: bool, alpha: np.ndarray) -> _Pyramid:
    key = (game, card.code, face_up)
    if key not in _PYRAMIDS:
        _PYRAMIDS[key] = _Pyramid(card.face if face_up else card.back, alpha)
    return _PYRAMIDS[key]


def _paste(canvas: np.ndarray, img_rgba: np.ndarray, h: np.ndarray, shade: np.ndarray | None = None) -> np.ndarray:
    """Warp an RGBA image (float) onto the canvas through homography h (image px -> canvas px); return its quad."""
    ih, iw = img_rgba.shape[:2]
    quad = project(h, np.array([[0, 0], [iw, 0], [iw, ih], [0, ih]], np.float64))
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 2
    H, W = canvas.shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
    if x1 <= x0 or y1 <= y0:
        return quad
    t = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
    warped = cv2.warpPerspective(img_rgba, t @ h, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    a = warped[..., 3:4]
    roi = canvas[y0:y1, x0:x1]
    roi[:] = roi * (1 - a) + warped[..., :3] * a
    return quad


def _max_scale(h: np.ndarray, w: int, hh: int) -> float:
    """The largest local magnification of homography h over an image (frame px per image px)."""
    best = 0.0
    for x, y in ((0, 0), (w, 0), (w, hh), (0, hh), (w / 2, hh / 2)):
        p = project(h, np.array([[x, y], [x + 1, y], [x, y + 1]], np.float64))
        best = max(best, float(np.linalg.norm(p[1] - p[0])), float(np.linalg.norm(p[2] - p[0])))
    return best


# --- Truth -----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MarkTruth:
    """One printed mark as the frame shows it."""

    code: str
    payload: str
    quad: tuple[tuple[float, float], ...]
    """Symbol corners in the frame (after the lens), finder corner first."""
    px_per_module: float
    contrast: float
    face_up: bool
    occluded: bool
    out_of_frame: bool
    modules: int = 15
    size_mm: float = 30.0
    """The printed mark's side (the deck design's size_mm: 30 on game cards, 18 on rules cards)."""
    light: float = 1.0
    """Paper brightness at the mark's centre, glare aside (0..1; under a shadow or at a vignetted corner it is low)."""
    glare: float = 0.0
    """The strongest glare veil over the mark (0 none, >= 0.3 washes the paper out)."""

    @property
    def visible(self) -> bool:
        return self.face_up and not self.occluded and not self.out_of_frame

    def centre(self) -> tuple[float, float]:
        q = np.array(self.quad)
        return float(q[:, 0].mean()), float(q[:, 1].mean())


@dataclass(frozen=True)
class Truth:
    """What a frame holds: every mark of every card on the table, and how the scene was made."""

    game: str
    deck: PrintDeck = field(repr=False)
    marks: tuple[MarkTruth, ...]
    codes: frozenset[str]
    """Every card on the table (face up or down, covered or not): a code read outside this set is wrong."""
    camera: Camera = field(repr=False)
    nuisances: Nuisances = field(repr=False)
    size: tuple[int, int] = (0, 0)
    arm: tuple[tuple[tuple[float, float], ...], ...] = ()
    """The arm and hand's polygons in the frame (px), when there is one."""
    glare_px: tuple[float, float, float] | None = None
    """The glare spot's centre and radius in the frame (px), when there is one."""

    @property
    def side(self) -> str:
        return self.camera.side

    def legible_marks(self, min_ppm: float = 2.0, min_contrast: float = 0.3) -> tuple[MarkTruth, ...]:
        """Marks a reader should get: face up, uncovered, in frame, >= min_ppm px/module and >= min_contrast."""
        return tuple(m for m in self.marks
                     if m.visible and m.px_per_module >= min_ppm and m.contrast >= min_contrast)

    def legible(self, min_ppm: float = 2.0, min_contrast: float = 0.3) -> frozenset[str]:
        """Card codes with at least one legible mark (a card counts once however many of its marks show)."""
        return frozenset(m.code for m in self.legible_marks(min_ppm, min_contrast))

    def card_ppm(self, min_contrast: float = 0.3) -> dict[str, float]:
        """Each card's best px/module over its visible marks with >= min_contrast (for banding)."""
        out: dict[str, float] = {}
        for m in self.marks:
            if m.visible and m.contrast >= min_contrast:
                out[m.code] = max(out.get(m.code, 0.0), m.px_per_module)
        return out


class Still(NamedTuple):
    frame: np.ndarray
    truth: Truth


class Clip(NamedTuple):
    frames: list[np.ndarray]
    truth: Truth


# --- Rendering -------------------------------------------------------------------------------------------

@dataclass
class _Scene:
    """The rendered scene before the lens and sensor: the ideal image on a canvas a margin larger than the frame."""

    canvas: np.ndarray
    light_mul: np.ndarray
    light_add: np.ndarray
    margin: int
    camera: Camera
    truth: Truth


def _build(seed: int, size: tuple[int, int], game: str | None) -> _Scene:
    """Lay the table, pose the camera and draw the ideal (undistorted, lit, noiseless) image.

    One piece because the drawing order (floor, table, shadows under cards, cards, arm, light) and the truth
    it decides (which card covers which mark) belong together.
    """
    rng = np.random.default_rng(seed)
    game = game or GAMES[seed % len(GAMES)]
    gc = game_cards(game)
    layout = gc.layout
    side = SIDES[(seed // len(GAMES)) % len(SIDES)]
    cam = pose_camera(rng, size, side, layout.table_mm)
    nz = draw_nuisances(rng, layout)
    w, h = size
    m = int(0.08 * w)
    shift = np.array([[1, 0, m], [0, 1, m], [0, 0, 1]], np.float64)
    H0 = shift @ cam.plane_h(0.0)
    cw, ch = w + 2 * m, h + 2 * m
    tw, th = layout.table_mm

    # Floor (750 mm below the table top), then the table top.
    floor_scale = 0.5
    fl = _floor(rng, (int(4000 * floor_scale), int(4400 * floor_scale)))
    floor_h = shift @ cam.plane_h(750.0) @ np.array([[1 / floor_scale, 0, -1650], [0, 1 / floor_scale, -1650],
                                                      [0, 0, 1]])
    canvas = cv2.warpPerspective(fl, floor_h, (cw, ch), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    tex_scale = 1.5
    top = (_wood if nz.table == "wood" else _cloth)(rng, (int(th * tex_scale), int(tw * tex_scale)))
    top_rgba = np.dstack([top, np.ones(top.shape[:2], np.float32)])
    s = np.diag([1 / tex_scale, 1 / tex_scale, 1.0])
    # The table's edge band: a darker rim seen from the side.
    _paste(canvas, np.dstack([top * 0.5, np.ones(top.shape[:2], np.float32)]),
           shift @ cam.plane_h(25.0) @ s)
    _paste(canvas, top_rgba, H0 @ s)

    # Plates.
    for mid, ((mx, my), rot) in layout.markers.items():
        plate_mm = layout.marker_mm + 16
        px = 160
        img = _aruco(layout, mid, px, plate_mm)
        lay = Lay("", (mx, my), rot, True)
        t = math.radians(rot)
        c, sn = math.cos(t), math.sin(t)
        a = np.eye(3)
        a[:2, :2] = np.array([[c, sn], [-sn, c]]) * plate_mm / px
        a[:2, 2] = np.array([mx, my]) - a[:2, :2] @ np.array([px / 2, px / 2])
        _paste(canvas, np.dstack([img * 0.93, np.ones((px, px), np.float32)]), H0 @ a)
        del lay

    # Cards, each with a faint contact shadow.
    lays = lay_table(rng, sorted(gc.cards), layout)
    some = next(iter(gc.cards.values()))
    alpha = _rounded_alpha(some.face.shape[:2], 3.0 * gc.px_per_mm)
    card_quads: list[np.ndarray] = []
    light_dir = np.array(nz.lamp) - np.array([tw / 2, th / 2])
    light_dir = -light_dir / (np.linalg.norm(light_dir) + 1e-9)
    for lay in lays:
        card = gc.cards[lay.code]
        a = card_to_table(lay, gc.px_per_mm)
        hc = H0 @ a
        pyr = _pyramid(game, card, lay.face_up, alpha)
        img, k = pyr.level(_max_scale(hc, card.face.shape[1], card.face.shape[0]))
        hk = hc @ np.diag([k, k, 1.0])
        sh_img = np.dstack([np.zeros(img.shape[:2] + (3,), np.float32), img[..., 3] * 0.35])
        off = np.array([[1, 0, light_dir[0] * 1.2], [0, 1, light_dir[1] * 1.2], [0, 0, 1]])
        _paste(canvas, sh_img, H0 @ off @ a @ np.diag([k, k, 1.0]))
        paper = img.copy()
        paper[..., :3] *= np.array([0.93, 0.94, 0.95], np.float32)  # paper is not perfectly white
        card_quads.append(_paste(canvas, paper, hk))

    # An arm reaching over the middle from one side, and its shadow.
    arm_poly_mm = None
    if nz.arm:
        edge = rng.choice(["south", "north", "east", "west"])
        # A player sitting at that edge: the shoulder ~150 mm beyond it, the wrist 250-480 mm inside it.
        along = {"south": (0, -1), "north": (0, 1), "east": (-1, 0), "west": (1, 0)}[edge]
        inward = np.array(along, dtype=np.float64)
        base = {"south": (rng.uniform(200, tw - 200), th), "north": (rng.uniform(200, tw - 200), 0.0),
                "east": (tw, rng.uniform(150, th - 150)), "west": (0.0, rng.uniform(150, th - 150))}[edge]
        base = np.array(base, dtype=np.float64)
        sideways = np.array([-inward[1], inward[0]]) * rng.uniform(-150, 150)
        start = base - inward * rng.uniform(120, 200)
        end = base + inward * rng.uniform(250, 480) + sideways
        wid = rng.uniform(34, 42)
        arm_poly_mm = _arm_polys(rng, start, end, wid)
    light_mul = np.ones((ch, cw), np.float32)
    # Room light: a broad lamp falloff over the table plane.
    grid = np.stack(np.meshgrid(np.arange(0, cw, 8, dtype=np.float64), np.arange(0, ch, 8, dtype=np.float64)),
                    axis=-1).reshape(-1, 2)
    tbl = project(np.linalg.inv(H0), grid)
    dist = np.linalg.norm(tbl - np.array(nz.lamp), axis=1)
    fall = (1 - nz.falloff * np.clip(dist / 1400.0, 0, 1.5)).reshape(
        (len(np.arange(0, ch, 8)), len(np.arange(0, cw, 8)))).astype(np.float32)
    light_mul *= cv2.resize(fall, (cw, ch), interpolation=cv2.INTER_LINEAR)
    # People's shadows: soft dark shapes coming in from the table's edges (drawn and blurred at 1/4 scale).
    q = 4
    small = (cw // q + 1, ch // q + 1)
    hq = np.diag([1 / q, 1 / q, 1.0]) @ H0
    shade = np.zeros(small[::-1], np.float32)
    for _ in range(nz.shadows):
        cx = rng.choice([rng.uniform(0, tw), rng.choice([-50, tw + 50])])
        cy = rng.uniform(0, th) if cx in (-50, tw + 50) else rng.choice([-50, th + 50])
        ax, ay = rng.uniform(250, 450), rng.uniform(180, 320)
        ang = rng.uniform(0, 180)
        poly = cv2.ellipse2Poly((int(cx), int(cy)), (int(ax), int(ay)), int(ang), 0, 360, 10)
        pp = project(hq, poly.astype(np.float64)).astype(np.int32)
        tmp = np.zeros_like(shade)
        cv2.fillPoly(tmp, [pp], float(rng.uniform(0.3, 0.55)), lineType=cv2.LINE_AA)
        shade = np.maximum(shade, tmp)
    if arm_poly_mm is not None:
        offs = -light_dir * rng.uniform(40, 80)
        tmp = np.zeros_like(shade)
        for poly in arm_poly_mm:
            xy = poly[:, :2] + offs[None, :] * (-poly[:, 2:3] / 100.0)
            cv2.fillPoly(tmp, [project(hq, xy).astype(np.int32)], 0.45, lineType=cv2.LINE_AA)
        shade = np.maximum(shade, tmp)
    if shade.any():
        shade = cv2.GaussianBlur(shade, (0, 0), max(1.0, 0.03 * w / q))
        light_mul *= 1 - cv2.resize(shade, (cw, ch), interpolation=cv2.INTER_LINEAR)
    light_add = np.zeros((ch, cw), np.float32)
    glare_px = None
    if nz.glare is not None:
        gx, gy, gr, gs = nz.glare
        centre = project(H0, np.array([[gx, gy]]))[0]
        rim = project(H0, np.array([[gx + gr, gy]]))[0]
        rad = float(np.linalg.norm(rim - centre))
        tmp = np.zeros(small[::-1], np.float32)
        cv2.circle(tmp, (int(centre[0] / q), int(centre[1] / q)), max(int(rad * 0.5 / q), 1), 1.0, -1,
                   lineType=cv2.LINE_AA)
        tmp = cv2.GaussianBlur(tmp, (0, 0), max(rad * 0.5 / q, 1.0))
        light_add = cv2.resize(tmp / max(float(tmp.max()), 1e-6) * gs, (cw, ch), interpolation=cv2.INTER_LINEAR)
        glare_px = (float(centre[0] - m), float(centre[1] - m), rad)

    # The arm itself (drawn over everything, lit by the room, not by the table's shadows).
    arm_px: list[np.ndarray] = []
    if arm_poly_mm is not None:
        tone = rng.uniform(0.55, 1.0)
        skin = np.array([0.42, 0.55, 0.8], np.float32) * tone
        sleeve = np.array(rng.uniform(0.08, 0.6, 3), np.float32)
        room = float(np.median(light_mul[::8, ::8]))
        for k, poly in enumerate(arm_poly_mm):
            pp = cam.project3d(poly) + m
            arm_px.append(pp)
            x0, y0 = np.maximum(np.floor(pp.min(axis=0)).astype(int) - 4, 0)
            x1, y1 = np.minimum(np.ceil(pp.max(axis=0)).astype(int) + 4, (cw, ch))
            if x1 <= x0 or y1 <= y0:
                continue
            sub = np.zeros((y1 - y0, x1 - x0), np.float32)
            cv2.fillPoly(sub, [np.round((pp - (x0, y0)) * 4).astype(np.int32)], 1.0, lineType=cv2.LINE_AA, shift=2)
            # Shading across each limb: a cylinder lit from above, darker at its sides.
            dist_t = cv2.distanceTransform((sub > 0.5).astype(np.uint8), cv2.DIST_L2, 3)
            shading = (0.6 + 0.4 * np.clip(dist_t / max(float(dist_t.max()), 1.0), 0, 1) ** 0.6)[..., None]
            col = sleeve if k == 0 else skin * (1 + 0.04 * k % 3)
            roi = canvas[y0:y1, x0:x1]
            grain = cv2.GaussianBlur(rng.normal(1.0, 0.05, sub.shape).astype(np.float32), (0, 0), 1.2)[..., None]
            roi[:] = roi * (1 - sub[..., None]) + (col * shading * grain) * sub[..., None]
            light_mul[y0:y1, x0:x1] = light_mul[y0:y1, x0:x1] * (1 - sub) + sub * room
            light_add[y0:y1, x0:x1] *= 1 - sub

    tint = np.array([1 - 0.35 * nz.warm, 1 - 0.12 * nz.warm, 1.0], np.float32)
    base = canvas * light_mul[..., None] * tint
    # The phone's auto exposure: the brightest paper (glare aside) just under white.
    gain = 0.95 / max(float(np.percentile(base[m:-m:4, m:-m:4].max(axis=2), 99.7)), 0.25)
    lit = base * gain + light_add[..., None]
    truth_marks = _mark_truth(gc, lays, card_quads, arm_px, cam, H0, m, light_mul * gain, light_add, tint, nz)
    truth = Truth(game, gc.deck, tuple(truth_marks), frozenset(l.code for l in lays), cam, nz, size,
                  tuple(tuple(map(tuple, cam.distort(p - m))) for p in arm_px),
                  glare_px)
    return _Scene(lit.astype(np.float32), light_mul, light_add, m, cam, truth)


def _arm_polys(rng: np.random.Generator, start: np.ndarray, end: np.ndarray, wid: float) -> list[np.ndarray]:
    """An arm from a shoulder beyond the table's edge to a hand over the table: (N,3) polygons in table mm.

    Sleeve, forearm, palm, four fingers and a thumb; the hand hovers 40-70 mm above the table and the arm
    rises to the shoulder 300-380 mm above it (z is down into the table, so above is negative).
    """
    d = end - start
    length = float(np.linalg.norm(d))
    d /= length
    n = np.array([-d[1], d[0]])
    hover, shoulder = rng.uniform(40, 70), rng.uniform(300, 380)

    def z_of(p: np.ndarray) -> float:
        t = float(np.clip((p - start) @ d / length, 0, 1.2))
        return -(shoulder + (hover - shoulder) * min(t, 1.0))

    elbow = start + (end - start) * rng.uniform(0.45, 0.6)
    flat = [np.array([start + n * wid * 1.35, elbow + n * wid * 1.15, elbow - n * wid * 1.15, start - n * wid * 1.35]),
            np.array([elbow + n * wid * 0.95, end + n * wid * 0.7, end - n * wid * 0.7, elbow - n * wid * 0.95])]
    palm_c = end + d * 42
    ang = math.degrees(math.atan2(d[1], d[0]))
    flat.append(cv2.ellipse2Poly((int(palm_c[0]), int(palm_c[1])), (50, 42), int(ang), 0, 360, 15).astype(np.float64))
    spread = rng.uniform(0.0, 0.2)
    for k, (off, length_f) in enumerate(((-27, 62), (-9, 74), (9, 70), (26, 55))):
        a = math.atan2(d[1], d[0]) + (k - 1.5) * spread
        fd = np.array([math.cos(a), math.sin(a)])
        fn = np.array([-fd[1], fd[0]])
        b = palm_c + d * 36 + n * off
        tip = b + fd * length_f
        flat.append(np.array([b + fn * 8.5, tip + fn * 7, tip + fd * 5, tip - fn * 7, b - fn * 8.5]))
    side = 1 if rng.random() < 0.5 else -1
    tb = palm_c - d * 5 + n * 40 * side
    tt = tb + (d * 0.75 + n * 0.65 * side) * 50
    flat.append(np.array([tb + d * 11, tt + d * 8, tt - d * 8, tb - d * 11]))
    return [np.column_stack([p, [z_of(q) if i < 2 else -hover for q in p]]) for i, p in enumerate(flat)]


def _poly_hits(a: np.ndarray, b: np.ndarray) -> bool:
    """True if polygons a and b (canvas px) overlap (rasterised in a's bounding box)."""
    x0, y0 = np.floor(a.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(a.max(axis=0)).astype(int) + 2
    if b[:, 0].max() < x0 or b[:, 0].min() > x1 or b[:, 1].max() < y0 or b[:, 1].min() > y1:
        return False
    ma = np.zeros((y1 - y0, x1 - x0), np.uint8)
    mb = np.zeros_like(ma)
    cv2.fillPoly(ma, [np.round(a - (x0, y0)).astype(np.int32)], 1)
    cv2.fillPoly(mb, [np.round(b - (x0, y0)).astype(np.int32)], 1)
    return bool((ma & mb).any())


def _mark_truth(gc: GameCards, lays: list[Lay], card_quads: list[np.ndarray], arm: list[np.ndarray], cam: Camera,
                H0: np.ndarray, m: int, light_mul: np.ndarray, light_add: np.ndarray, tint: np.ndarray,
                nz: Nuisances) -> list[MarkTruth]:
    """Every mark's quad, px/module, contrast and whether covered or outside the frame."""
    out = []
    w, h = cam.width, cam.height
    gray_tint = float(tint @ np.array([0.114, 0.587, 0.299], np.float32))
    for i, lay in enumerate(lays):
        card = gc.cards[lay.code]
        hc = H0 @ card_to_table(lay, gc.px_per_mm)
        for quad_img, n, mat in zip(card.marks, card.modules, card.matrices):
            canvas_q = project(hc, quad_img)
            frame_q = cam.distort(canvas_q - m)
            sides = np.linalg.norm(frame_q - np.roll(frame_q, -1, axis=0), axis=1)
            ppm = float(min((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2)) / n
            # Guard ring: the quiet zone (2 modules) plus one module, in card px.
            ctr = quad_img.mean(axis=0)
            guard_img = ctr + (quad_img - ctr) * (n + 6) / n
            guard_c = project(hc, guard_img)
            guard_f = cam.distort(guard_c - m)
            out_of = bool((guard_f[:, 0] < 0).any() or (guard_f[:, 1] < 0).any() or (guard_f[:, 0] > w).any()
                          or (guard_f[:, 1] > h).any())
            occluded = any(_poly_hits(guard_c, card_quads[j]) for j in range(i + 1, len(lays)))
            if not occluded:
                occluded = any(_poly_hits(guard_c, p) for p in arm)
            # Contrast: the worst of 9 points over the mark (glare is local), paper 0.93 vs ink #1a1a1a.
            pts = [canvas_q.mean(axis=0)] + list(canvas_q) + list((canvas_q + np.roll(canvas_q, -1, axis=0)) / 2)
            cs, las = [], []
            for p in pts:
                x, y = int(np.clip(p[0], 0, light_mul.shape[1] - 1)), int(np.clip(p[1], 0, light_mul.shape[0] - 1))
                fp = cam.distort(np.array([p]) - m)[0]
                vig = _vignette_at(cam, nz.vignette, fp)
                lm, la = float(light_mul[y, x]) * gray_tint, float(light_add[y, x])
                paper = min(1.0, (0.94 * lm + la) * vig)
                ink = min(1.0, (26 / 255 * 0.94 * lm + la) * vig)
                cs.append(paper - ink)
                las.append((la, 0.94 * lm * vig))
            size_mm = float(np.linalg.norm(quad_img[1] - quad_img[0])) / gc.px_per_mm
            out.append(MarkTruth(lay.code, card.payload, tuple((float(x), float(y)) for x, y in frame_q), ppm,
                                 float(min(cs)), lay.face_up, occluded, out_of, n, round(size_mm, 2),
                                 float(las[0][1]), float(max(a for a, _ in las))))
    return out


def _vignette_at(cam: Camera, strength: float, p: np.ndarray) -> float:
    r2 = float(((p - (cam.width / 2, cam.height / 2)) ** 2).sum()) / float((cam.width / 2) ** 2 + (cam.height / 2) ** 2)
    return 1 - strength * r2 ** 1.2


def _depth_spread(cam: Camera) -> np.ndarray:
    """Per frame pixel: |depth - focus depth| / focus depth of the table plane there (focus on the frame centre)."""
    w, h = cam.width, cam.height
    pts = np.array([[0, 0], [w, 0], [w, h], [0, h], [w / 2, h / 2]], np.float64)
    tbl = project(np.linalg.inv(cam.plane_h(0.0)), pts)
    depth = [(cam.R @ (np.array([x, y, 0.0]) - cam.C))[2] for x, y in tbl]
    zf = depth[4]
    corners = np.abs(np.array(depth[:4]) / zf - 1).astype(np.float32)
    small = np.array([[corners[0], corners[1]], [corners[3], corners[2]]], np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


def _vignette(cam: Camera, strength: float) -> np.ndarray:
    w, h = cam.width, cam.height
    yy, xx = np.mgrid[0:h:4, 0:w:4].astype(np.float32)
    r2 = ((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
    v = 1 - strength * r2 ** 1.2
    return cv2.resize(v, (w, h), interpolation=cv2.INTER_LINEAR)


def _lens_maps(cam: Camera, margin: int, shake: tuple[float, float, float] = (0.0, 0.0, 0.0)
               ) -> tuple[np.ndarray, np.ndarray]:
    """remap maps: each frame pixel -> the canvas point the lens brings there (a shaken camera moves it)."""
    w, h = cam.width, cam.height
    step = 8
    gx, gy = np.meshgrid(np.arange(0, w + step, step, dtype=np.float32), np.arange(0, h + step, step, dtype=np.float32))
    dx, dy, rot = shake
    if dx or dy or rot:
        c, s = math.cos(rot), math.sin(rot)
        cx, cy = w / 2, h / 2
        gx, gy = c * (gx - cx) - s * (gy - cy) + cx + dx, s * (gx - cx) + c * (gy - cy) + cy + dy
    ideal = cam.undistort_grid(np.stack([gx, gy], axis=-1)) + margin
    full_w, full_h = gx.shape[1] * step, gx.shape[0] * step
    mx = cv2.resize(ideal[..., 0].astype(np.float32), (full_w, full_h), interpolation=cv2.INTER_LINEAR)
    my = cv2.resize(ideal[..., 1].astype(np.float32), (full_w, full_h), interpolation=cv2.INTER_LINEAR)
    # resize maps grid point i to pixel i*step + (step-1)/2; shift so grid point i lands on pixel i*step.
    off = (step - 1) / 2.0
    t = np.float32([[1, 0, -off], [0, 1, -off]])
    mx = cv2.warpAffine(mx, t, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    my = cv2.warpAffine(my, t, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return mx, my


def _expose(sc: _Scene, rng: np.random.Generator, shake: tuple[float, float, float] = (0.0, 0.0, 0.0)) -> np.ndarray:
    """Lens, sensor and the phone's processing: the canvas -> one JPEG-decoded BGR frame."""
    cam, nz = sc.camera, sc.truth.nuisances
    mx, my = _lens_maps(cam, sc.margin, shake)
    img = cv2.remap(sc.canvas, mx, my, interpolation=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    img *= _vignette(cam, nz.vignette)[..., None]
    # Optics: a blur everywhere, more where the table is out of the focus plane (near and far edges).
    sharp = cv2.GaussianBlur(img, (0, 0), nz.blur)
    if nz.defocus > 0:
        soft = cv2.GaussianBlur(img, (0, 0), nz.blur + 0.7)
        wgt = np.clip(_depth_spread(cam) * nz.defocus / 0.7, 0, 1)[..., None]
        sharp = sharp * (1 - wgt) + soft * wgt
    img = sharp
    if nz.motion > 0:  # a hand-held phone's small shake during the exposure
        k = np.zeros((9, 9), np.float32)
        a = nz.motion_angle
        for t in np.linspace(-nz.motion / 2, nz.motion / 2, 15):
            k[int(round(4 + t * math.sin(a))), int(round(4 + t * math.cos(a)))] += 1
        img = cv2.filter2D(img, -1, k / k.sum())
    # Sensor: a Bayer mosaic (BGGR) whose photosites get shot noise (grows with the signal) and read noise,
    # then the camera's demosaic.
    v = np.clip(img, 0, 1.0) * 255.0
    h, w = v.shape[:2]
    mosaic = np.empty((h, w), np.float32)
    mosaic[0::2, 0::2] = v[0::2, 0::2, 0]
    mosaic[0::2, 1::2] = v[0::2, 1::2, 1]
    mosaic[1::2, 0::2] = v[1::2, 0::2, 1]
    mosaic[1::2, 1::2] = v[1::2, 1::2, 2]
    sigma = np.sqrt(mosaic * 0.06 * nz.noise + (1.2 * nz.noise) ** 2)
    mosaic += rng.standard_normal(mosaic.shape, dtype=np.float32) * sigma
    out = cv2.cvtColor(np.clip(mosaic, 0, 255).astype(np.uint8), cv2.COLOR_BayerRG2BGR_EA)
    # Phone processing: chroma denoise, a light luma denoise, unsharp masking, JPEG.
    ycc = cv2.cvtColor(out, cv2.COLOR_BGR2YCrCb)
    y, cr, cb = cv2.split(ycc)
    cr = cv2.GaussianBlur(cr, (0, 0), 1.5)
    cb = cv2.GaussianBlur(cb, (0, 0), 1.5)
    if nz.denoise:
        y = cv2.bilateralFilter(y, 5, 18, 2)
    yf = y.astype(np.float32)
    y = np.clip(yf + nz.sharpen * (yf - cv2.GaussianBlur(yf, (0, 0), 1.3)), 0, 255).astype(np.uint8)
    out = cv2.cvtColor(cv2.merge([y, cr, cb]), cv2.COLOR_YCrCb2BGR)
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, nz.jpeg])
    assert ok
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def render_still(seed: int, size: tuple[int, int] = (1920, 1080), game: str | None = None) -> Still:
    """Render one photo of a table: (frame BGR uint8, truth). Same seed, size and game -> same frame.

    game None picks one of GAMES from the seed; the side (south, east, north, west, overhead) also
    cycles with the seed, so 20 consecutive seeds cover every game at every side.
    """
    sc = _build(seed, size, game)
    frame = _expose(sc, np.random.default_rng(seed + 7_000_000))
    return Still(frame, sc.truth)


def render_clip(seed: int, size: tuple[int, int] = (1920, 1080), frames: int = 20, game: str | None = None) -> Clip:
    """Render a still table filmed for `frames` frames (10 fps): the same scene as render_still(seed, size, game).

    Each frame: a sub-pixel camera shake (a 0.2-0.8 px shift in a random direction and a rotation of up to
    0.03 deg about the frame centre), fresh sensor noise and a fresh JPEG. The truth is the still's (the
    unshaken camera's quads: within a pixel of each frame's).
    """
    sc = _build(seed, size, game)
    rng = np.random.default_rng(seed + 8_000_000)
    out = []
    for _ in range(frames):
        a = rng.uniform(0, 2 * math.pi)
        r = rng.uniform(0.2, 0.8)
        rot = math.radians(rng.uniform(-0.03, 0.03))
        out.append(_expose(sc, rng, (r * math.cos(a), r * math.sin(a), rot)))
    return Clip(out, sc.truth)


def main(argv: Sequence[str] | None = None) -> int:
    """Write a few stills (and their truth as JSON) to a folder to look at."""
    import argparse

    ap = argparse.ArgumentParser(description="Render held-out style table scenes to look at")
    ap.add_argument("--seeds", default="1,2,3,4,5")
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--game", choices=GAMES)
    ap.add_argument("--out", default="/tmp/eval_scenes")
    args = ap.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.split("x"))
        seeds = [int(s) for s in args.seeds.split(",")]
    except ValueError:
        ap.error("--size is WxH and --seeds a comma-separated list of integers")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for s in seeds:
        frame, truth = render_still(s, (w, h), args.game)
        cv2.imwrite(str(out / f"scene-{s}.jpg"), frame, [cv2.IMWRITE_JPEG_QUALITY, 95])
        leg = truth.legible_marks()
        print(f"seed {s}: {truth.game} {truth.side} tilt {truth.camera.tilt:.0f} deg, {len(truth.codes)} cards, "
              f"{len(truth.marks)} marks, {len(leg)} legible >= 2 px/module; ppm "
              f"{min((m.px_per_module for m in leg), default=0):.2f}-{max((m.px_per_module for m in leg), default=0):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
