"""Our own Micro QR (M3, 15x15) module sampler for marks too blurred for zxing's binarizers.

At 2-2.5 px per module under defocus plus motion blur, a light module between
dark ones comes out darker than a dark module among light ones, so no single
threshold (zxing's global, local or fixed binarizers) separates them. The mark's
layout is known from the print, though: a Micro QR M3 symbol of 15x15 modules
with its finder (7x7), separator and timing modules fixed. So, given a rough
quadrilateral for a mark:

1. try its 4 orientations and keep the one whose fixed modules match best;
2. refine the grid (shift, scale, rotation) to maximise that match, sampling
   module centres on the frame itself (sub-pixel, bilinear);
3. classify modules with the dark/light levels of the fixed modules, then
   undo the blur at module level: fit a 3x3 blur kernel (any direction, so
   motion blur too) to the current bits by least squares and re-decide each
   module by the residual of its neighbourhood (iterated conditional modes);
4. if that fails on a grid that fits well, move its 4 corners apart (a steep
   camera shears a mark beyond a similarity), and then solve each module's
   grey from every pixel of the mark (a least-squares deconvolution) and
   classify those;
5. a blurred finder (every orientation matching poorly) has its best grid tried
   first on the crop with a Gaussian blur undone by a Wiener filter (`sharpen`):
   under 3-4 px of motion blur the fit on the frame's own pixels lands off the mark;
6. draw a clean symbol (fixed modules forced, quiet zone) and let zxing-cpp
   decode it: its Reed-Solomon step corrects a few wrong codewords and
   rejects what it cannot, and the print's check digits and keyed payloads
   reject the rest, so a wrong grid costs a read, never a wrong card.

The caller supplies the quadrilateral to within a module or two (and any
rotation, given `angles`); finding marks is not this module's job. Knows
nothing of cards or rules.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np

from companion.vision import decoders
from companion.vision.decoders import Detection

N = 15
"""Modules across a Micro QR M3 symbol (what the printer draws)."""


def _function_modules() -> tuple[np.ndarray, np.ndarray]:
    """Return (mask, value) of the modules every M3 symbol has: finder, separator, timing (1 = dark)."""
    mask = np.zeros((N, N), bool)
    value = np.zeros((N, N), np.uint8)
    for r in range(8):
        for c in range(8):
            mask[r, c] = True
            if r < 7 and c < 7:
                value[r, c] = 0 if max(abs(r - 3), abs(c - 3)) == 2 else 1
    for k in range(8, N):
        mask[0, k] = mask[k, 0] = True
        value[0, k] = value[k, 0] = 1 - k % 2
    return mask, value


FIXED_MASK, FIXED_VALUE = _function_modules()
_FIXED_DARK = FIXED_MASK & (FIXED_VALUE == 1)
_FIXED_LIGHT = FIXED_MASK & (FIXED_VALUE == 0)
_CENTRES = np.stack(np.meshgrid(np.arange(N) + 0.5, np.arange(N) + 0.5), -1).reshape(-1, 1, 2)
_UNIT = np.array([[0, 0], [N, 0], [N, N], [0, N]], np.float32)
_NEIGHBOURS = [(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]


def module_values(gray: np.ndarray, h: np.ndarray) -> np.ndarray:
    """Return the (15, 15) grey values at module centres; h maps module units to image pixels."""
    pts = cv2.perspectiveTransform(_CENTRES, h).reshape(N, N, 2).astype(np.float32)
    return cv2.remap(gray, pts[..., 0], pts[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


_FIXED_T = FIXED_VALUE[FIXED_MASK].astype(np.float64)
_FIXED_T = (_FIXED_T - _FIXED_T.mean()) / np.linalg.norm(_FIXED_T - _FIXED_T.mean())


_FIXED_CENTRES = _CENTRES.reshape(N, N, 1, 2)[FIXED_MASK].copy()
"""The fixed modules' centres (module units), in the row-major order of values[FIXED_MASK]."""


def fixed_fit(gray: np.ndarray, h: np.ndarray) -> float:
    """Return fixed_score(module_values(gray, h)), sampling the 78 fixed modules only.

    The grid fit's hundreds of evaluations a mark are small-call overhead: mapping and sampling a third of the
    points gives the same values (each point is mapped and interpolated on its own), so the same score."""
    pts = cv2.perspectiveTransform(_FIXED_CENTRES, h).astype(np.float32)
    x = cv2.remap(gray, pts[..., 0], pts[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).ravel()
    return _score_fixed(x.astype(np.float64))


def fixed_score(values: np.ndarray) -> float:
    """Return how well the fixed modules match (1 = dark exactly where they should be, 0 = no relation).

    The negated correlation of the sampled grey values with the fixed modules' bits
    (written out: np.corrcoef costs five times as much, and the grid fit calls this hundreds of times).
    """
    return _score_fixed(values[FIXED_MASK].astype(np.float64))


def _score_fixed(x: np.ndarray) -> float:
    """Return fixed_score of the fixed modules' grey values (float64, in FIXED_MASK's order)."""
    x = x - x.mean()
    n = float(np.sqrt(x @ x))
    if n < 1e-6:
        return 0.0
    return float(-(x @ _FIXED_T) / n)


def _about_centre(dx: float, dy: float, scale: float, angle: float) -> np.ndarray:
    c, s = np.cos(angle) * scale, np.sin(angle) * scale
    m = N / 2.0
    return np.array([[c, -s, m + dx - c * m + s * m], [s, c, m + dy - s * m - c * m], [0, 0, 1.0]])


@functools.lru_cache(maxsize=None)
def _similarity_moves(d: float) -> tuple[np.ndarray, ...]:
    """Return the 8 grid moves of step `d` modules: a shift either way along each axis, a scale and a rotation."""
    return tuple(_about_centre(dx, dy, 1.0 + ds, da) for dx, dy, ds, da in (
        (d, 0, 0, 0), (-d, 0, 0, 0), (0, d, 0, 0), (0, -d, 0, 0),
        (0, 0, d / 15, 0), (0, 0, -d / 15, 0), (0, 0, 0, d / 10), (0, 0, 0, -d / 10)))


def fit_grid(gray: np.ndarray, h: np.ndarray, steps=(0.5, 0.25, 0.12), max_moves: int = 12) -> tuple[float, np.ndarray]:
    """Return (score, h) after hill-climbing the grid so the fixed modules match best.

    Coarse to fine: shift, scale and rotation (a similarity) at every step size. Moving each
    corner on its own as well was measured (docs/vision.md): no read gained, twice the time.
    """
    best = (fixed_fit(gray, h), h)
    for d in steps:
        moves = _similarity_moves(d)
        for _ in range(max_moves):
            moved = False
            for m in moves:
                cand = best[1] @ m
                s = fixed_fit(gray, cand)
                if s > best[0] + 1e-4:
                    best, moved = (s, cand), True
            if not moved:
                break
    return best


def fit_corners(gray: np.ndarray, h: np.ndarray, steps=(0.25, 0.12), max_moves: int = 6) -> tuple[float, np.ndarray]:
    """Return (score, h) after moving each of the grid's 4 corners on its own to match the fixed modules best.

    A similarity (fit_grid) cannot follow a mark the table homography shears or a lens bends: on the
    1080p hard bench such a grid fits to 0.3-0.6 module at its far corners and does not decode, where
    the same grid with its corners moved apart does. Run only after a similarity fit failed to decode.
    """
    q = cv2.perspectiveTransform(_UNIT.reshape(-1, 1, 2).astype(np.float64), h).reshape(4, 2)
    module = float(np.linalg.norm(q[1] - q[0])) / N
    best = (fixed_fit(gray, h), q, h)
    for d in steps:
        step = d * module
        for _ in range(max_moves):
            moved = False
            for k in range(4):
                for dx, dy in ((step, 0.0), (-step, 0.0), (0.0, step), (0.0, -step)):
                    cand = best[1].copy()
                    cand[k] += (dx, dy)
                    hh = cv2.getPerspectiveTransform(_UNIT, cand.astype(np.float32)).astype(np.float64)
                    s = fixed_fit(gray, hh)
                    if s > best[0] + 1e-4:
                        best, moved = (s, cand, hh), True
            if not moved:
                break
    return best[0], best[2]


DECONV_RING = 2
"""Modules of unknown grey round the mark in the deconvolution (its quiet zone, whatever lies beyond)."""
DECONV_SIGMAS = (1.2,)
"""Gaussian blurs (px) the deconvolution tries (the one whose fixed modules come out best is kept). On the
1080p hard bench's unread marks at their true grids: 1.2 alone read 36 of 51, as many as 0.9 and 1.2 at twice
the cost; 1.0 alone 33. (Defocus there is 0.6-1.3 px plus 1-4 px of motion blur.)"""


def _blur_pair(psf, ph: int, pw: int):
    """Return (blur, adjoint) of a flat (ph, pw) image for a Gaussian sigma (px) or a small odd-sized kernel."""
    if np.ndim(psf) == 0:
        def gauss(v):
            return cv2.GaussianBlur(v.reshape(ph, pw), (0, 0), float(psf), borderType=cv2.BORDER_REPLICATE).ravel()
        return gauss, gauss
    kern = np.asarray(psf, np.float64)
    flipped = kern[::-1, ::-1].copy()

    def blur(v):
        return cv2.filter2D(v.reshape(ph, pw), -1, kern, borderType=cv2.BORDER_REPLICATE).ravel()

    def adjoint(v):
        return cv2.filter2D(v.reshape(ph, pw), -1, flipped, borderType=cv2.BORDER_REPLICATE).ravel()
    return blur, adjoint


def deconvolve(gray: np.ndarray, h: np.ndarray, sigmas=DECONV_SIGMAS, iterations: int = 80,
               ridge: float = 0.02) -> tuple[float, np.ndarray]:
    """Return (fixed-module score, 15x15 module greys) solved from every pixel of the mark, not its centres.

    At about 2 px per module under defocus and motion blur, a module-centre sample mixes in the modules
    round it, and the 3x3 module-level deblur works on 225 such samples. Here the grey of each module (and
    of a ring round the mark) is solved so that the modules drawn as squares through `h` (area-sampled at
    half-pixel steps) and blurred by a Gaussian match the pixels by least squares: conjugate gradients on
    the normal equations, a small ridge towards the mean grey, ~4 ms per blur tried. On the marks of the
    1080p hard bench that the sampler could not read even at their true grids, this read 36 of 51 (9 without).
    Each of `sigmas` is a Gaussian's sigma (px) or a small odd-sized kernel (a motion line, a measured blur;
    applied as cv2.filter2D, its adjoint the kernel flipped); the blur whose fixed modules come out best is kept.
    """
    ring = DECONV_RING
    g_side = N + 2 * ring
    outer = cv2.perspectiveTransform(np.array([[[-ring, -ring]], [[N + ring, -ring]], [[N + ring, N + ring]],
                                               [[-ring, N + ring]]], np.float64), h).reshape(4, 2)
    x0, y0 = np.floor(outer.min(axis=0)).astype(int) - 4
    x1, y1 = np.ceil(outer.max(axis=0)).astype(int) + 5
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, gray.shape[1]), min(y1, gray.shape[0])
    if x1 - x0 < 8 or y1 - y0 < 8:
        return 0.0, np.zeros((N, N), np.float32)
    pixels = gray[y0:y1, x0:x1].astype(np.float64).ravel()
    ph, pw = y1 - y0, x1 - x0
    ys, xs = np.mgrid[0:2 * ph, 0:2 * pw]
    sub = np.stack([(xs + 0.5) / 2 - 0.5 + x0, (ys + 0.5) / 2 - 0.5 + y0], -1).reshape(-1, 1, 2).astype(np.float64)
    mod = cv2.perspectiveTransform(sub, np.linalg.inv(h)).reshape(-1, 2)
    col, row = np.floor(mod[:, 0]).astype(int) + ring, np.floor(mod[:, 1]).astype(int) + ring
    k = g_side * g_side + 1  # the last unknown: everything beyond the ring
    module_of = np.where((col >= 0) & (col < g_side) & (row >= 0) & (row < g_side), row * g_side + col, k - 1)
    pixel_of = ((ys // 2) * pw + xs // 2).ravel()
    centre = mod.reshape(2 * ph, 2 * pw, 2)[1::2, 1::2].reshape(-1, 2)
    use = ((centre > -ring + 0.5) & (centre < N + ring - 0.5)).all(axis=1).astype(np.float64)
    reg = ridge * use.sum() / k
    best = (-1.0, np.zeros((N, N), np.float32))
    for psf in sigmas:
        blur, adjoint = _blur_pair(psf, ph, pw)

        def normal(x, blur=blur, adjoint=adjoint):  # (M^T W M + ridge) x, M = blur . draw, plus an offset
            r = use * (blur(np.bincount(pixel_of, weights=x[:k][module_of], minlength=ph * pw) / 4) + x[k])
            out = np.append(np.bincount(module_of, weights=adjoint(r)[pixel_of], minlength=k) / 4, r.sum())
            out[:k] += reg * (x[:k] - x[:k].mean())
            return out

        r0 = use * pixels
        b = np.append(np.bincount(module_of, weights=adjoint(r0)[pixel_of], minlength=k) / 4, r0.sum())
        x = np.append(np.full(k, pixels.mean()), 0.0)
        r = b - normal(x)
        p, rs = r.copy(), float(r @ r)
        for _ in range(iterations):
            ap = normal(p)
            a = rs / float(p @ ap)
            x += a * p
            r -= a * ap
            rn = float(r @ r)
            if rn < 1e-10 * float(b @ b):
                break
            p, rs = r + rn / rs * p, rn
        values = x[:g_side * g_side].reshape(g_side, g_side)[ring:ring + N, ring:ring + N].astype(np.float32)
        score = fixed_score(values)
        if score > best[0]:
            best = (score, values)
    return best


SHARPEN_SIGMA = 1.2
"""Gaussian blur (px) `sharpen` undoes: the deconvolution's (DECONV_SIGMAS) for the same marks."""
SHARPEN_NSR = 0.03
"""Wiener noise-to-signal ratio of `sharpen`: on the 1080p hard bench's located but unread marks 0.03 read 10 of
11 cards, 0.01 8 (noise and JPEG blocks amplified), 0.1 7 (too little undone)."""


def sharpen(gray: np.ndarray, sigma: float = SHARPEN_SIGMA, nsr: float = SHARPEN_NSR) -> np.ndarray:
    """Return `gray` (float32) with a Gaussian blur of `sigma` px undone by a Wiener filter.

    Every later step (orientation scores, the grid fit, the module-centre samples) reads pixels: under
    defocus plus 3-4 px of motion blur at about 2 px/module a finder's timing row is a grey smear, the fit
    lands 0.5-1 module off the mark, and no split of the module greys reads, while the same steps on this
    image land on the mark. The edges are padded by replication so the crop's border does not ring inward.
    """
    pad = int(np.ceil(3 * sigma)) + 4
    padded = cv2.copyMakeBorder(gray.astype(np.float32), pad, pad, pad, pad, cv2.BORDER_REPLICATE)
    h, w = padded.shape
    fy, fx = np.fft.fftfreq(h)[:, None], np.fft.rfftfreq(w)[None, :]
    otf = np.exp(-2.0 * (np.pi * sigma) ** 2 * (fx ** 2 + fy ** 2))  # a Gaussian's transform (real, symmetric)
    out = np.fft.irfft2(np.fft.rfft2(padded) * otf * (1.0 + nsr) / (otf ** 2 + nsr), s=(h, w))  # mean kept
    return out[pad:-pad, pad:-pad].astype(np.float32)


_YX = np.mgrid[0:N, 0:N].astype(np.float64) / N - 0.5
_PLANE_PINV = np.linalg.pinv(np.stack([np.ones(int(FIXED_MASK.sum())), _YX[1][FIXED_MASK], _YX[0][FIXED_MASK],
                                       FIXED_VALUE[FIXED_MASK].astype(np.float64)], -1))


def light_plane(values: np.ndarray) -> np.ndarray:
    """Return (a, b, c, d) of grey = a + b*x + c*y + d*bit fitted to the fixed modules (x, y as _YX, bit 1 = dark)."""
    return _PLANE_PINV @ values[FIXED_MASK].astype(np.float64)


def flatten(values: np.ndarray) -> np.ndarray:
    """Return module values with a linear light ramp across the mark removed.

    grey = a + b*x + c*y + d*bit is fitted to the fixed modules (known bits) and the b, c ramp
    subtracted: under a glare streak or a lamp's falloff one side's dark modules can be lighter
    than the other side's light ones, and no single split reads the mark.
    """
    _, b, c, _ = light_plane(values)
    return (values - (b * _YX[1] + c * _YX[0])).astype(np.float32)


def classify(values: np.ndarray, at: float = 0.5) -> np.ndarray:
    """Return bits (1 = dark) split at `at` of the way from the fixed dark to the fixed light level."""
    dark, light = values[_FIXED_DARK].mean(), values[_FIXED_LIGHT].mean()
    thr = dark + at * (light - dark)
    bits = (values < thr).astype(np.uint8)
    bits[FIXED_MASK] = FIXED_VALUE[FIXED_MASK]
    return bits


_SHIFT_INDEX = np.array([[(r + 1 + dy) * (N + 2) + (c + 1 + dx) for dy, dx in _NEIGHBOURS]
                         for r in range(N) for c in range(N)])
"""For each module (row-major), where its 3x3 neighbours sit in the light-bordered (N+2, N+2) grid, flattened."""


def shifts(bits: np.ndarray) -> np.ndarray:
    """Return the (N*N, 10) design matrix of the module blur: each module's 3x3 neighbours' bits (light beyond the
    mark) and a 1 for the offset."""
    p = np.zeros((N + 2, N + 2))  # the quiet zone is light
    p[1:-1, 1:-1] = bits
    out = np.empty((N * N, len(_NEIGHBOURS) + 1))
    out[:, :-1] = p.ravel()[_SHIFT_INDEX]
    out[:, -1] = 1.0
    return out


_ONES = np.ones((N, N))


def _phase_slices() -> list[tuple[tuple[slice, slice], np.ndarray, np.ndarray]]:
    """Return the 9 interleaved phases of the free modules: (their slice of the grid, which of it is free, a
    float mask that is 0 on the phase's free modules and 1 elsewhere)."""
    out = []
    for py in range(3):
        for px in range(3):
            at = (slice(py, None, 3), slice(px, None, 3))
            keep = np.ones((N, N))
            keep[at][~FIXED_MASK[at]] = 0.0
            out.append((at, ~FIXED_MASK[at], keep))
    return out


_PHASE_SLICES = _phase_slices()


def deblur(values: np.ndarray, bits: np.ndarray, rounds: int = 4) -> np.ndarray:
    """Return bits re-decided under a 3x3 module-level blur fitted to the current bits.

    Each round fits grey = kernel * bits + offset by least squares, then sets each
    free module (in 9 interleaved phases, so modules decided together do not
    touch) to whichever value leaves the smaller squared residual over its 3x3
    neighbourhood. (Convolutions on the 15x15 grid: the grid fit's budget is a few ms per mark.)

    The two residuals are not computed apart: with the phase's modules at 0 the residual is e, and setting one to 1
    adds the kernel round it, d, so the 1 wins where the sum of d * (2e + d) over the neighbourhood is negative:
    twice e correlated with the flipped kernel, plus the flipped kernel's squares inside the grid (the same for
    every phase). Half the small-array calls of building both residuals and box-summing each (the hard 1080p
    frames spent ~45 % of a full scan here), and the same bits on all 271 deblurs of 6 hard bench frames.
    """
    b = bits.astype(np.float64)
    v = values.astype(np.float64)
    column = v.reshape(-1, 1)
    for _ in range(rounds):
        design = shifts(b)
        # The normal equations by Cholesky (~14 us against numpy lstsq's ~70, a fifth of a deblur round); numpy's
        # SVD solve where they are singular. The 10 columns hold the finder and timing modules, so they are well
        # conditioned: the same bits as lstsq on all 271 deblurs of 6 hard bench frames.
        solved, w = cv2.solve(design, column, flags=cv2.DECOMP_NORMAL | cv2.DECOMP_CHOLESKY)
        w = w.ravel() if solved else np.linalg.lstsq(design, v.ravel(), rcond=None)[0]
        kernel = w[:9].reshape(3, 3)
        flipped = kernel[::-1, ::-1]
        squares = cv2.filter2D(_ONES, cv2.CV_64F, flipped * flipped, borderType=cv2.BORDER_CONSTANT)
        twice = 2.0 * flipped
        offset = w[9] - v
        changed = False
        for at, free, keep in _PHASE_SLICES:
            e = cv2.filter2D(b * keep, cv2.CV_64F, kernel, borderType=cv2.BORDER_CONSTANT) + offset
            gain = cv2.filter2D(e, cv2.CV_64F, twice, borderType=cv2.BORDER_CONSTANT) + squares
            new = gain[at] < 0
            phase = b[at]
            changed = changed or bool(((new != (phase > 0.5)) & free).any())
            np.copyto(phase, new, where=free)
        if not changed:
            break
    return b.astype(np.uint8)


def symbol_image(bits: np.ndarray, px: int = 4, quiet: int = 2) -> np.ndarray:
    """Return a clean black-on-white image of the bits (fixed modules forced) with a quiet zone."""
    b = bits.copy()
    b[FIXED_MASK] = FIXED_VALUE[FIXED_MASK]
    img: np.ndarray = np.where(b == 1, 0, 255).astype(np.uint8)
    img = cv2.copyMakeBorder(img, quiet, quiet, quiet, quiet, cv2.BORDER_CONSTANT, value=255)
    return cv2.resize(img, None, fx=px, fy=px, interpolation=cv2.INTER_NEAREST)


def _decode_bits(bits: np.ndarray) -> str | None:
    for d in decoders.decode_zxing(symbol_image(bits), try_downscale=False, binarizer="fixed", try_rotate=False,
                                   model2=False):
        return d.payload
    return None


DARK_FRACTION = (0.25, 0.78)
"""A mark's data modules are about half dark (masked so); a grid whose free modules are mostly light
is a finder whose data area something covers (a fanned card), mostly dark is no mark. Measured:
every sampler read in the 1080p bench had 0.29-0.72, while a fifth of the failed grids fell outside."""


def _span(values: np.ndarray) -> float:
    """Return the fixed light modules' mean minus the fixed dark modules' mean (the mark's contrast, grey levels)."""
    return float(values[_FIXED_LIGHT].mean() - values[_FIXED_DARK].mean())


def _plausible_data(values: np.ndarray) -> bool:
    """Return True if the free modules' dark fraction (fixed-module threshold) looks like a mark's."""
    dark = float(classify(values)[~FIXED_MASK].mean())
    return DARK_FRACTION[0] <= dark <= DARK_FRACTION[1]


QUIET_RANK = True
"""Try a blurred finder's grids lightest quiet band first (read_grids, quiet_score): on the 24 hard 1080p bench
frames 119 -> 127 of 145 legible cards read as stills, no wrong code (docs/vision.md)."""
_QUIET_BAND = np.array([[[-1.5, r + 0.5]] for r in range(-1, 9)] + [[[c + 0.5, -1.5]] for c in range(-2, 9)], np.float64)


def quiet_score(gray: np.ndarray, h: np.ndarray) -> float:
    """Return how light the 2-module band outside the finder's outer sides is (1 = light modules, 0 = dark).

    The modules there are the mark's quiet zone when `h` has the right quadrant, the mark's data and timing
    modules when the finder's other sides face the mark. The light and dark levels are a plane fitted to the
    fixed modules (as `flatten`), extrapolated to the band: under a glare streak one side of a dim mark is
    lighter, and a level taken as one mean ranked a wrong quadrant first (harsh seed 8's club-oval-50)."""
    p = cv2.perspectiveTransform(_QUIET_BAND, h).astype(np.float32)
    band = cv2.remap(gray, p[..., 0], p[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).ravel()
    a, b, c, d = light_plane(module_values(gray, h))
    if d >= 0:
        return 0.0  # dark modules no darker than light ones: no mark in this grid
    x, y = ((_QUIET_BAND.reshape(-1, 2) - 0.5) / N - 0.5).T  # module indexes, as _YX
    light = a + b * x + c * y
    return float(np.mean((band - light - d) / -d))


MIN_SCORE = 0.5
"""Grids whose fixed modules match worse than this are not worth decoding (no mark there)."""
RANK_MARGIN = 0.1
"""Ranking by a coarse fit (read_grids' `rank_below`) takes grids starting within this of the best: the right
orientation of the harsh-light misses started 0.05-0.09 below a wrong one."""


def _decode_splits(values: np.ndarray, splits, tried: set[bytes]) -> str | None:
    """Return the payload of the first split of `values` that decodes as is or deblurred, or None.

    Bits an earlier split (in `tried`) already gave are skipped: the same decode, the same failure."""
    for at in splits:
        bits = classify(values, at)
        if bits.tobytes() in tried:
            continue
        tried.add(bits.tobytes())
        payload = _decode_bits(bits) or _decode_bits(deblur(values, bits))
        if payload is not None:
            return payload
    return None


def read_mark(gray: np.ndarray, quad: np.ndarray, min_score: float = MIN_SCORE,
              angles=(0.0,)) -> Detection | None:
    """Return the mark read from a rough quadrilateral (4 image points, any orientation), or None.

    `gray` is a single-channel image (float32 is fastest; it is converted otherwise).
    `angles` (degrees) are tried about the quad's centre when its rotation is unknown.
    """
    g = gray if gray.dtype == np.float32 else gray.astype(np.float32)
    q = np.asarray(quad, np.float32).reshape(4, 2)
    x, y = q[:, 0], q[:, 1]
    if float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y)) < 0:
        q = q[::-1].copy()  # clockwise on screen (y down), as the module grid runs
    # The finder may sit at any of the 4 corners: pick the orientation whose fixed modules match.
    options = []
    for k in range(4):
        h0 = cv2.getPerspectiveTransform(_UNIT, np.roll(q, -k, axis=0))
        for a in angles:
            h = h0 @ _about_centre(0, 0, 1.0, np.radians(a))
            options.append((fixed_fit(g, h), h))
    return read_grids(g, [h for _, h in options], GridTries(min_score=min_score))


@dataclass(frozen=True)
class GridTries:
    """How hard read_grids tries a finder's candidate grids: which it refines, decodes and retries, and how.

    The `tries` grids whose fixed modules match best are refined and decoded, if they
    start at `start_ratio` * `min_score` or better (a grid that far off is not a mark's) and
    within `margin` of the best; `steps` are the refinement's step sizes (modules). A grid
    that fits at `settled` or better but does not decode ends the search; one that fits at
    `variants_from` or better (and below `variants_below`) is also tried at the other `thresholds`.
    With `rank_below`, grids whose best starting score is below it and whose fixed modules' light - dark
    span is below `rank_span` grey levels (a dim or glared mark) are ranked by a coarse fit first; then the
    grids of any finder starting below `rank_below` are tried lightest quiet band first (quiet_score).
    With `corners_from`, a grid that fits at that or better (and below `settled`) but does not decode has its
    4 corners refined apart (fit_corners) and is tried once more at every split. With `deconv_from`, a grid
    fitting at that or better (below `settled`) that still does not decode is read once more from module greys
    solved from all its pixels (deconvolve), the last and costliest try (~8 ms). With `sharpen_below`, a finder
    whose best grid starts below it (a blurred one) is first tried once on the crop with the blur undone.
    """

    min_score: float = MIN_SCORE
    tries: int = 2
    start_ratio: float = 0.6
    margin: float = 1.0
    settled: float = 1.01
    steps: tuple[float, ...] = (0.5, 0.25, 0.12)
    thresholds: tuple[float, ...] = (0.3, 0.4, 0.6, 0.7)
    variants_from: float = 0.75
    variants_below: float = 1.01
    rank_below: float | None = None
    rank_span: float = 255.0
    corners_from: float | None = None
    deconv_from: float | None = None
    sharpen_below: float | None = None
    codebook: Any = field(default=None, compare=False)
    """A print's symbols (companion.vision.codebook.Codebook): a grid fitting at `codebook_from` or better whose
    splits do not decode has its module greys matched against them (issue 33), read as backend "codebook"."""
    codebook_from: float = 0.5


def read_grids(gray: np.ndarray, grids, plan: GridTries = GridTries()) -> Detection | None:
    """Return the mark read from candidate grids (homographies module units -> image px), or None, trying them
    as `plan` says."""
    g = gray if gray.dtype == np.float32 else gray.astype(np.float32)
    options = sorted(((fixed_fit(g, h), h) for h in grids), key=lambda o: -o[0])
    if plan.sharpen_below is not None and options and options[0][0] < plan.sharpen_below:
        # A blurred finder: its best grid (after the rankings below) is first tried on the crop with the blur
        # undone (sharpen), where the grid fit lands on the mark; then, if that reads nothing, all `tries` on
        # the crop as it is. (All tries sharpened read the same cards on the hard bench, for 1.5x the CPU.)
        found = read_grids(sharpen(g), grids, replace(plan, tries=1, sharpen_below=None))
        if found is not None:
            return found
    options, rest = _ranked(g, options, plan)
    deconv_from = plan.deconv_from
    for score, h in options[:plan.tries]:
        if score < plan.min_score * plan.start_ratio or score < options[0][0] - plan.margin:
            break
        if rest is plan.steps and not _plausible_data(module_values(g, h)):
            continue
        score, h = fit_grid(g, h, steps=rest)
        if score < plan.min_score:
            continue
        payload, h, deconvolved, backend = _decode_grid(g, score, h, rest is not plan.steps, plan, deconv_from)
        if deconvolved:
            deconv_from = None  # the first grid that gets this far only: a second costs as much and read 0 more
        if payload is None and score >= plan.settled:
            break  # the grid fits the fixed modules well: another orientation will not
        if payload is not None:
            quad = cv2.perspectiveTransform(_UNIT.reshape(-1, 1, 2).astype(np.float64), h).reshape(4, 2)
            return Detection(payload=payload, corners=tuple((float(x), float(y)) for x, y in quad),
                             backend=backend, raw=payload.encode("ascii", "replace"))
    return None


def _ranked(g: np.ndarray, options: list, plan: GridTries) -> tuple[list, tuple[float, ...]]:
    """Return a finder's grids (starting score, grid; best first) in the order to try them, and the refinement
    steps left for them (all of `plan.steps`, or those after the coarse fit that ranked them)."""
    rest = plan.steps
    if (len(options) > plan.tries and plan.rank_below is not None and options[0][0] < plan.rank_below
            and _span(module_values(g, options[0][1])) < plan.rank_span):
        # A blurred finder (all its grids start below `rank_below`): the grids share the finder, so their
        # starting scores differ only by the separator and timing modules, which blur and glare flatten,
        # and the right orientation often starts third to sixth. A coarse fit of each plausible grid lets
        # the timing rows line up and ranks them (2 of 3 harsh-light misses read this way).
        first = options[0][0]
        options = sorted((fit_grid(g, h, steps=plan.steps[:1], max_moves=3) for s0, h in options
                          if s0 >= plan.min_score * plan.start_ratio and s0 >= first - RANK_MARGIN
                          and _plausible_data(module_values(g, h))), key=lambda o: -o[0])
        rest = plan.steps[1:]
    if QUIET_RANK and len(options) > plan.tries and plan.rank_below is not None and options[0][0] < plan.rank_below:
        # A blurred finder: its 4 quadrants start within a few hundredths of each other and the right one was
        # 2nd-7th on the 1080p hard bench (after the coarse fit of a dim one, 1st-8th). The mark's own quadrant
        # leaves the light quiet zone outside the finder's two outer sides, a wrong one puts the mark's modules
        # there, so the grids are tried lightest band first (quiet_score).
        options = sorted((o for o in options if o[0] >= plan.min_score * plan.start_ratio),
                         key=lambda o: -quiet_score(g, o[1]))
    return options, rest


def _decode_grid(g: np.ndarray, score: float, h: np.ndarray, ranked: bool, plan: GridTries,
                 deconv_from: float | None) -> tuple[str | None, np.ndarray, bool, str]:
    """Return the payload one refined grid (fitting at `score`) decodes to, or None; the grid it was read at;
    whether its modules were solved by deconvolution (tried at `deconv_from` or better, when not None); and the
    backend that read it ("sampler", or "codebook" when matched against the print's symbols).
    `ranked`: the grid was ranked by a coarse fit (a dim or glared mark)."""
    values = module_values(g, h)
    # Halfway first; a grid that fits well gets other splits too (blur pulls isolated modules
    # towards their neighbours, so the best split varies), each deblurred: 11 -> 15 of 18
    # located hard bench marks read, ~40% more time per located mark.
    tried: set[bytes] = set()
    variants = plan.thresholds if plan.variants_from <= score < plan.variants_below else ()
    payload = _decode_splits(values, (0.5,) + variants, tried)
    if payload is None and ranked:
        # A dim or glared mark (ranked above): once more with the light ramp across it removed.
        payload = _decode_splits(flatten(values), (0.5,), tried)
    if payload is None and plan.codebook is not None and score >= plan.codebook_from:
        # No split decodes: match the soft greys against the print's own symbols (~0.2 ms), before the costlier
        # corner refit and deconvolution.
        payload = plan.codebook.read(values)
        if payload is not None:
            return payload, h, False, "codebook"
    grid_score, grid = score, h
    if payload is None and plan.corners_from is not None and plan.corners_from <= score < plan.settled:
        # A sheared mark: the similarity left its far corners a fraction of a module off.
        moved, h_moved = fit_corners(g, h)
        if moved > score + 1e-3:
            moved_values = module_values(g, h_moved)
            payload = _decode_splits(moved_values, (0.5,) + plan.thresholds, tried)
            grid_score, grid = moved, h_moved
            h = h_moved if payload is not None else h
            if payload is None and plan.codebook is not None:
                payload = plan.codebook.read(moved_values)
                if payload is not None:
                    return payload, h_moved, False, "codebook"
    deconvolved = False
    if payload is None and deconv_from is not None and deconv_from <= score < plan.settled:
        # Blurred beyond the module-level deblur: solve the modules from every pixel of the best grid.
        deconvolved = True
        solved_score, solved = deconvolve(g, grid)
        if solved_score >= grid_score:
            solved_tried: set[bytes] = set()
            payload = _decode_splits(solved, (0.5,) + plan.thresholds, solved_tried)
            if payload is None and ranked:
                # A dim mark under a light ramp (ranked above): the solved greys keep the ramp too.
                payload = _decode_splits(flatten(solved), (0.5,), solved_tried)
            h = grid if payload is not None else h
            if payload is None and plan.codebook is not None:
                payload = plan.codebook.read(solved)
                if payload is not None:
                    return payload, grid, True, "codebook"
    return payload, h, deconvolved, "sampler"
