"""A pinhole camera aimed at the middle of a table: the pose both the scene renderer and the print's mark sizing use.

The renderer (synth) films tables with it and `cards print --camera` (coverage) asks it how many pixels a millimetre
of table gets at each zone; one model, so the print's advice matches the scenes its reading is measured on.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Camera:
    """A pinhole camera looking at the table centre."""

    width: int = 1920
    height: int = 1080
    tilt: float = 0.0
    """Degrees from straight down (0 = top-down, 45 = oblique)."""
    azimuth: float = 0.0
    """Degrees around the table: 0 = standing behind seats 1-2."""
    roll: float = 0.0
    hfov: float = 70.0
    k1: float = 0.0
    """Radial distortion (negative = barrel, as cheap wide lenses)."""
    margin_mm: float = 20.0
    fill: float = 1.0
    """<1 zooms out: the table covers this fraction of the tightest fit."""
    shift: tuple[float, float] = (0.0, 0.0)
    """Image-plane shift (px) of the whole picture after the pose is fitted: camera shake between the frames
    of a video (with a small change of `roll`), a sub-pixel one resampling every mark afresh."""


@functools.lru_cache(maxsize=64)
def pose(camera: Camera, table_mm: tuple[float, float]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (K, R, C): intrinsics, world->camera rotation and camera centre, for a camera aimed at the
    middle of a table of table_mm and drawn back until the table (plus its margin) fills the picture."""
    w, h = camera.width, camera.height
    f = (w / 2.0) / math.tan(math.radians(camera.hfov) / 2.0)
    k = np.array([[f, 0, w / 2.0], [0, f, h / 2.0], [0, 0, 1.0]])
    target = np.array([table_mm[0] / 2.0, table_mm[1] / 2.0, 0.0])
    t, a = math.radians(camera.tilt), math.radians(camera.azimuth)
    # Direction from the target to the camera: up (-z) tilted towards azimuth (0 = +y side).
    back = np.array([math.sin(t) * math.sin(a), math.sin(t) * math.cos(a), -math.cos(t)])
    zc = -back
    up_hint = np.array([-math.sin(a), -math.cos(a), 0.0]) if camera.tilt > 1e-6 else np.array([0.0, -1.0, 0.0])
    xc = np.cross(zc, up_hint)
    xc /= np.linalg.norm(xc)
    yc = np.cross(zc, xc)
    r = np.stack([xc, yc, zc])
    cr, sr = math.cos(math.radians(camera.roll)), math.sin(math.radians(camera.roll))
    r = np.array([[cr, -sr, 0], [sr, cr, 0], [0, 0, 1.0]]) @ r
    m = camera.margin_mm
    corners = np.array([[-m, -m, 0], [table_mm[0] + m, -m, 0], [table_mm[0] + m, table_mm[1] + m, 0],
                        [-m, table_mm[1] + m, 0]])

    def fits(d: float) -> bool:
        c = target + back * d
        p = (k @ (r @ (corners - c).T)).T
        if (p[:, 2] <= 0).any():
            return False
        uv = p[:, :2] / p[:, 2:3]
        return bool((uv[:, 0] >= 0).all() and (uv[:, 0] <= w).all() and (uv[:, 1] >= 0).all() and (uv[:, 1] <= h).all())

    lo, hi = 10.0, 100000.0
    for _ in range(60):
        mid = (lo + hi) / 2.0
        lo, hi = (lo, mid) if fits(mid) else (mid, hi)
    c = target + back * (hi / max(camera.fill, 1e-3))
    if camera.shift != (0.0, 0.0):
        k = k.copy()
        k[0, 2] += camera.shift[0]
        k[1, 2] += camera.shift[1]
    return k, r, c
