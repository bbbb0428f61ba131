"""Find Micro QR finder patterns in a top-down patch, for marks zxing cannot locate.

zxing locates a Micro QR symbol by scanning binarized rows for the finder's
1:1:3:1:1 run pattern; at about 2 px per module under defocus and motion blur
the binarized runs are gone, so it never gets as far as sampling. The finder
(7x7 modules) with its light ring (separator on two sides, quiet zone on the
other two) is the one structure of the mark that looks the same under a
quarter turn and unlike card art, and once the table homography is known its
size on a top-down resampled patch is known too (2 mm modules). So: one
normalised cross-correlation with that 9x9-module pattern averaged over all
rotations (rotation-invariant) finds candidate centres; at each, the pattern at
a few rotations between 0 and 90 degrees gives score, sub-pixel centre and
angle; and each finder yields the grids of the four quadrants the mark may
extend into, as homographies from module units to patch pixels. The module
sampler then picks the grid whose fixed modules match and reads the mark.

Knows nothing of cards or rules; the payload check decides what a read is.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import cv2
import numpy as np

FINDER_MODULES = 7
TEMPLATE_MODULES = 9
"""The finder and the light ring round it."""
ANGLE_STEP = 15.0
"""Degrees between template rotations (the pattern repeats every 90)."""


@dataclass(frozen=True)
class Finder:
    """One finder pattern found in a patch: its centre (patch px), rotation (degrees, mod 90) and NCC score."""

    x: float
    y: float
    angle: float
    score: float
    coarse_angle: float | None = None
    """The best of the tried rotations (`angle` is interpolated between them)."""


def _pattern() -> np.ndarray:
    """Return the 9x9 module pattern (1 = dark): a 7x7 finder with a one-module light ring."""
    p = np.zeros((TEMPLATE_MODULES, TEMPLATE_MODULES), np.float32)
    for r in range(FINDER_MODULES):
        for c in range(FINDER_MODULES):
            ring = max(abs(r - 3), abs(c - 3))
            p[r + 1, c + 1] = 0.0 if ring == 2 else 1.0
    return p


@functools.lru_cache(maxsize=64)
def template(module_px: float, angle: float) -> np.ndarray:
    """Return the pattern as a grey template (dark 0, light 1) at `module_px` and rotated by `angle` degrees.

    Outside the rotated 9x9 square the template is light: on two sides of a real
    finder that is the quiet zone, on the other two data modules (noise to NCC).
    """
    up = 8
    big = cv2.resize(1.0 - _pattern(), None, fx=module_px * up, fy=module_px * up, interpolation=cv2.INTER_NEAREST)
    half = TEMPLATE_MODULES * module_px / 2.0
    side = int(np.ceil(2 * half * (abs(np.cos(np.radians(angle))) + abs(np.sin(np.radians(angle)))))) | 1
    c = (side - 1) / 2.0
    # template px -> big px: rotate about the centre, scale by `up`.
    rot = cv2.getRotationMatrix2D((c, c), angle, 1.0)
    m = np.vstack([rot, [0, 0, 1]])
    to_big = np.array([[up, 0, half * up - c * up], [0, up, half * up - c * up], [0, 0, 1.0]]) @ m
    # Average the high-resolution pattern over each template pixel (area sampling), then warp.
    smooth = cv2.GaussianBlur(big, (0, 0), up * 0.4)
    out = cv2.warpAffine(smooth, to_big[:2], (side, side), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=1.0)
    return out.astype(np.float32)


@functools.lru_cache(maxsize=64)
def template_mask(module_px: float, angle: float) -> np.ndarray:
    """Return where `template(module_px, angle)` is scored: the rotated 9x9-module square only (1 inside, 0 out).

    Beyond the finder's light ring lie the quiet zone on two sides and the mark's data modules on the other two;
    blurred at ~2 px/module, dark data modules there pulled a plainly visible finder's score to 0.3-0.45 against
    a template that wants light all round (issue 33: 8 of the tuning set's 2.0-2.5 px/module misses). Inside
    the square, those finders score 0.68-0.90 and card art's peaks 0.54 at most.
    """
    side = template(module_px, angle).shape[0]
    yy, xx = np.mgrid[:side, :side] - (side - 1) / 2.0
    a = np.radians(angle)
    u, v = xx * np.cos(a) + yy * np.sin(a), -xx * np.sin(a) + yy * np.cos(a)
    half = TEMPLATE_MODULES * module_px / 2.0
    return ((np.abs(u) <= half) & (np.abs(v) <= half)).astype(np.float32)


@functools.lru_cache(maxsize=16)
def radial_template(module_px: float) -> np.ndarray:
    """Return the pattern averaged over all rotations: it matches a finder at any angle equally well."""
    angles = np.arange(0.0, 90.0, 5.0)
    side = template(module_px, 0.0).shape[0]  # the unrotated template is the smallest
    acc = np.zeros((side, side), np.float64)
    for a in angles:
        t = template(module_px, float(a))
        pad = (t.shape[0] - side) // 2
        acc += t[pad:pad + side, pad:pad + side]
    acc /= len(angles)
    # Keep the disc the pattern covers at every angle: corners of the square hold no information.
    yy, xx = np.mgrid[:side, :side] - (side - 1) / 2.0
    acc[np.hypot(xx, yy) > side / 2.0] = 1.0
    return acc.astype(np.float32)


def find_finders(patch: np.ndarray, module_px: float, *, min_score: float = 0.45, max_finders: int = 6,
                 angles: tuple[float, ...] | None = None, min_radial: float = 0.55) -> list[Finder]:
    """Return the finder patterns in a grey top-down patch, best first (centres in patch px).

    One rotation-invariant match (the pattern averaged over rotations) finds the
    candidate centres; each is then matched at `angles` in a small window, which
    gives its rotation and a score that separates finders from card art.
    Peaks closer than 5 modules to a better one are dropped (one finder, one peak).
    """
    g = patch.astype(np.float32)
    angles = angles if angles is not None else tuple(np.arange(0.0, 90.0, ANGLE_STEP))
    rt = radial_template(round(module_px, 2))
    if rt.shape[0] + 2 >= min(g.shape[:2]):
        return []
    rad = cv2.matchTemplate(g, rt, cv2.TM_CCOEFF_NORMED)
    off = (rt.shape[0] - 1) // 2
    radius = max(round(2.5 * module_px), 1)
    dil = cv2.dilate(rad, cv2.getStructuringElement(cv2.MORPH_RECT, (2 * radius + 1, 2 * radius + 1)))
    ys, xs = np.nonzero((rad >= dil) & (rad >= min_radial))
    order = np.argsort(-rad[ys, xs])[:2 * max_finders]
    out: list[Finder] = []
    w = 2  # search window (px) round each radial peak for the rotated templates
    for i in order:
        cy, cx = int(ys[i]) + off, int(xs[i]) + off
        best = None
        scores = {}
        for a in angles:
            t = template(round(module_px, 2), float(a))
            half = (t.shape[0] - 1) // 2
            y0, x0 = cy - half - w, cx - half - w
            if y0 < 0 or x0 < 0 or y0 + t.shape[0] + 2 * w > g.shape[0] or x0 + t.shape[1] + 2 * w > g.shape[1]:
                continue
            r = cv2.matchTemplate(g[y0:y0 + t.shape[0] + 2 * w, x0:x0 + t.shape[1] + 2 * w], t, cv2.TM_CCOEFF_NORMED,
                                  mask=template_mask(round(module_px, 2), float(a)))
            r[~np.isfinite(r)] = -1.0  # a flat window (no variance under the mask)
            _, score, _, (px, py) = cv2.minMaxLoc(r)
            scores[a] = score
            if best is None or score > best[0]:
                best = (score, a, r, px, py, x0 + half, y0 + half)
        if best is None or best[0] < min_score:
            continue
        score, a, r, px, py, bx, by = best
        x, y = bx + px + _subpixel(r, py, px, axis=1), by + py + _subpixel(r, py, px, axis=0)
        if any((f.x - x) ** 2 + (f.y - y) ** 2 < (5 * module_px) ** 2 for f in out):
            continue
        out.append(Finder(x=x, y=y, angle=_refined_angle(scores, a, angles), score=float(score),
                          coarse_angle=float(a)))
        if len(out) >= max_finders:
            break
    out.sort(key=lambda f: -f.score)
    return out


def _refined_angle(scores: dict, a: float, angles) -> float:
    """Return the best angle between the tried ones: a parabola through the neighbours' scores
    (the pattern repeats every 90 degrees, so the neighbours of 0 are the last angle and the next)."""
    ordered = sorted(angles)
    if len(ordered) < 3:
        return float(a)
    i = ordered.index(a)
    step = 90.0 / len(ordered)
    lo, hi = scores.get(ordered[i - 1]), scores.get(ordered[(i + 1) % len(ordered)])
    if lo is None or hi is None:
        return float(a)
    d = lo - 2 * scores[a] + hi
    return float(a + (np.clip(0.5 * (lo - hi) / d, -0.5, 0.5) * step if d < 0 else 0.0)) % 90.0


def _subpixel(r: np.ndarray, y: int, x: int, axis: int) -> float:
    """Return the parabolic peak offset (-0.5..0.5) along one axis."""
    if axis == 1:
        if x == 0 or x == r.shape[1] - 1:
            return 0.0
        a, b, c = r[y, x - 1], r[y, x], r[y, x + 1]
    else:
        if y == 0 or y == r.shape[0] - 1:
            return 0.0
        a, b, c = r[y - 1, x], r[y, x], r[y + 1, x]
    d = a - 2 * b + c
    return float(np.clip(0.5 * (a - c) / d, -0.5, 0.5)) if d < 0 else 0.0


def grids(finder: Finder, module_px: float) -> list[np.ndarray]:
    """Return the homographies (module units -> patch px) of the 15x15 marks this finder may start.

    Module (0, 0) is the finder's outer corner; the finder centre is module (3.5, 3.5).
    The mark lies in one of the four quadrants the finder's rotation allows; each is given at
    the interpolated angle and at the best tried one (interpolation helps most marks, but
    misleads on some sheared by the table homography), so 8 grids when both are known.
    """
    bases = [finder.angle] if finder.coarse_angle is None else [finder.angle, finder.coarse_angle]
    out = []
    for k in range(4):
        for base in bases:
            t = np.radians(base + 90.0 * k)
            u = np.array([np.cos(t), np.sin(t)]) * module_px   # one module along the mark's rows
            v = np.array([-u[1], u[0]])                          # one module down its columns (y down)
            origin = np.array([finder.x, finder.y]) - 3.5 * u - 3.5 * v
            out.append(np.array([[u[0], v[0], origin[0]], [u[1], v[1], origin[1]], [0, 0, 1.0]]))
    return out
