"""How many pixels a camera gives a printed mark at the worst place on a table, before anything is set up.

The print side chooses its mark size from this (`companion cards print --camera 1080p --table 120x80cm`):
a camera (resolution, horizontal field of view), where it stands (overhead, or at the middle of a long
side tilted from straight down; at a given height or far enough that the table fits the frame) and the
table's size give the scale, in px per mm, at every place a card can lie. The worst place decides: a
module must show at >= GOOD_PX_PER_MODULE there (2.5: the setup check's margin; ~2 px/module is one frame's
reading limit). The camera is the pinhole model the scene renderer films with (companion.vision.pinhole), so the print's
figures and the rendered scenes that test the reader agree. Knows nothing of games or cards: sizes in mm.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision import pinhole
from companion.vision.check import GOOD_PX_PER_MODULE

DEFAULT_HFOV = 70.0
"""Horizontal field of view (degrees) of a typical webcam (Logitech C920: 70.4) or a phone's main camera in video."""
RESOLUTIONS = {"720p": (1280, 720), "1080p": (1920, 1080), "1440p": (2560, 1440), "4k": (3840, 2160)}
"""Camera resolutions by name, lowest first (also given as WxH)."""
CARD_MARGIN_MM = 40.0
"""Cards lie at least this far in from the table's edge (their centres: about half a card)."""
FRAME_MARGIN_MM = 20.0
"""A camera placed to fit the table leaves this much around it (the renderer's default)."""


@dataclass(frozen=True)
class View:
    """A camera and where it stands over the table."""

    width: int
    height: int
    hfov: float = DEFAULT_HFOV
    tilt: float = 0.0
    """Degrees from straight down; the camera stands at the middle of one long side when tilted."""
    camera_height_mm: float | None = None
    """The lens's height above the table; None: just far enough that the whole table fits the frame."""

    def named(self) -> str:
        """Return the resolution as a person says it ("1080p", or "1600x1200")."""
        for name, size in RESOLUTIONS.items():
            if size == (self.width, self.height):
                return name.upper() if name == "4k" else name
        return f"{self.width}x{self.height}"


@dataclass(frozen=True)
class Coverage:
    """The scale the camera gives the table's places: the worst and the best, and where the worst is."""

    worst_px_per_mm: float
    best_px_per_mm: float
    worst_mm: tuple[float, float]
    """The worst place (table mm from the corner at the far left as the camera sees it)."""
    camera_height_mm: float
    in_view: float
    """Fraction of the places cards lie that the frame shows (1.0 when the camera is placed to fit)."""

    def worst_px_per_module(self, module_mm: float) -> float:
        """Return the worst place's px per module for marks printed with this module."""
        return self.worst_px_per_mm * module_mm


def parse_resolution(text: str) -> tuple[int, int]:
    """Return (width, height) of a camera named 720p, 1080p, 1440p or 4K, or given as WxH.

    >>> parse_resolution("1080p"), parse_resolution("4K"), parse_resolution("1600x1200")
    ((1920, 1080), (3840, 2160), (1600, 1200))

    Raises:
        ValueError: with a sentence saying what is accepted.
    """
    key = text.strip().lower()
    if key in RESOLUTIONS:
        return RESOLUTIONS[key]
    found = re.fullmatch(r"(\d{3,5})\s*x\s*(\d{3,5})", key)
    if found:
        w, h = int(found.group(1)), int(found.group(2))
        if 320 <= min(w, h) and max(w, h) <= 8192:
            return (w, h) if w >= h else (h, w)
    raise ValueError(f"camera {text!r}: give 720p, 1080p, 1440p, 4K or a size like 1920x1080")


def parse_table(text: str) -> tuple[float, float]:
    """Return a table's (long, short) sides in mm from "120x80cm", "1200x800mm", "1.2x0.8m" (cm without a unit).

    >>> parse_table("120x80cm"), parse_table("800x1200mm"), parse_table("90x90")
    ((1200.0, 800.0), (1200.0, 800.0), (900.0, 900.0))

    Raises:
        ValueError: with a sentence saying what is accepted.
    """
    found = re.fullmatch(r"(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|m)?", text.strip().lower())
    if found:
        unit = {"mm": 1.0, "cm": 10.0, "m": 1000.0}[found.group(3) or "cm"]
        a, b = float(found.group(1)) * unit, float(found.group(2)) * unit
        if 300 <= min(a, b) and max(a, b) <= 4000:
            return (max(a, b), min(a, b))
    raise ValueError(f"table {text!r}: give its sides like 120x80cm (each 30 cm to 4 m)")


def _pose(view: View, table_mm: tuple[float, float]) -> tuple[np.ndarray, float]:
    """Return the table-mm -> image-px homography and the camera's height above the table (mm)."""
    camera = pinhole.Camera(width=view.width, height=view.height, tilt=view.tilt, hfov=view.hfov,
                          margin_mm=FRAME_MARGIN_MM)
    # The renderer's own model: intrinsics, rotation, and the centre far enough back that the table fits.
    k, r, c = pinhole.pose(camera, (float(table_mm[0]), float(table_mm[1])))
    target = np.array([table_mm[0] / 2.0, table_mm[1] / 2.0, 0.0])
    if view.camera_height_mm is not None:
        back = (c - target) / np.linalg.norm(c - target)
        c = target + back * (view.camera_height_mm / max(-back[2], 1e-6))
    h = k @ np.column_stack([r[:, 0], r[:, 1], -r @ c])
    return h / h[2, 2], float(-c[2])


def coverage(view: View, table_mm: tuple[float, float], grid: int = 9) -> Coverage:
    """Return the scale (px per mm) the camera gives the places cards lie on this table, worst first.

    A place's scale is that of a small square lying there as the frame shows it (the mean of its sides, as
    the setup check measures a module), over a grid of places CARD_MARGIN_MM in from the table's edge.
    Places outside the frame (a camera set too low) are left out of the worst and counted in `in_view`.
    """
    h, height_mm = _pose(view, table_mm)
    margin = min(CARD_MARGIN_MM, min(table_mm) / 4)
    xs, ys = np.meshgrid(np.linspace(margin, table_mm[0] - margin, grid), np.linspace(margin, table_mm[1] - margin, grid))
    places = np.column_stack([xs.ravel(), ys.ravel()])
    side = 10.0
    square = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float64) * side / 2
    corners = (places[:, None, :] + square[None, :, :]).reshape(-1, 2)
    img = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), h).reshape(-1, 4, 2)
    scale = np.linalg.norm(img - np.roll(img, -1, axis=1), axis=2).mean(axis=1) / side
    centre = img.mean(axis=1)
    inside = ((centre[:, 0] >= 0) & (centre[:, 0] < view.width) & (centre[:, 1] >= 0) & (centre[:, 1] < view.height))
    if not inside.any():
        return Coverage(0.0, 0.0, (0.0, 0.0), height_mm, 0.0)
    shown = np.flatnonzero(inside)
    worst = shown[int(np.argmin(scale[shown]))]
    return Coverage(worst_px_per_mm=float(scale[worst]), best_px_per_mm=float(scale[shown].max()),
                    worst_mm=(float(places[worst, 0]), float(places[worst, 1])), camera_height_mm=height_mm,
                    in_view=float(inside.mean()))


def smallest_module(px_per_mm: float, sizes: tuple[float, ...], target: float = GOOD_PX_PER_MODULE) -> float | None:
    """Return the smallest of `sizes` (mm) that shows at >= target px per module at this scale, or None.

    >>> smallest_module(1.1, (2.0, 2.5, 3.0)), smallest_module(0.5, (2.0, 3.0))
    (2.5, None)
    """
    for size in sorted(sizes):
        if px_per_mm * size >= target - 1e-9:
            return size
    return None


def camera_needed(view: View, table_mm: tuple[float, float], module_mm: float,
                  target: float = GOOD_PX_PER_MODULE) -> View | None:
    """Return the lowest named resolution's width (same shape of frame, field of view and placement) that gives
    this module >= target px everywhere on the table, or None when even 4K's does not."""
    aspect = view.width / view.height
    for w, _h in RESOLUTIONS.values():
        # The named widths, in this camera's shape of frame (a 4:3 camera's 1920 x 1440).
        candidate = View(w, int(round(w / aspect)), view.hfov, view.tilt, view.camera_height_mm)
        got = coverage(candidate, table_mm)
        if got.in_view >= 1.0 and got.worst_px_per_module(module_mm) >= target - 1e-9:
            return candidate
    return None

