"""Image kernels of the decode ladder, each giving OpenCV's own bytes (or as near as measured) faster.

The pipeline's stages sharpen, blur, halve and upscale crops many times a frame; these are those
operations rewritten where OpenCV's own path had no vector code or rounded more often than needed.
Each says what it computes, what it replaces and how close it is; tests/vision/test_pipeline.py
holds them to OpenCV's results. Nothing here knows of marks, tables or cards.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np


def sharpen(gray: np.ndarray, sigma: float, amount: float) -> np.ndarray:
    """Return an unsharp mask of a uint8 image: (1 + amount) * gray - amount * its Gaussian blur, saturated."""
    blur = gaussian(gray, sigma)
    return cv2.addWeighted(gray, 1.0 + amount, blur, -amount, 0)


@functools.lru_cache(maxsize=512)
def gaussian_taps(sigma: float) -> np.ndarray:
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


def gaussian(gray: np.ndarray, sigma: float) -> np.ndarray:
    """Return cv2.GaussianBlur(gray, (0, 0), sigma) of a uint8 image, the same bytes, in float32 arithmetic.

    OpenCV's 8-bit fixed-point Gaussian was the largest part of the 3x retry (~40 % of its instructions,
    ~33 a pixel). In float32 the same taps (multiples of 1/256) and pixels give every partial sum exactly
    (multiples of 2^-16 under 256: 24 bits), so adding 0.5 and truncating rounds half up as OpenCV does;
    the separable float filter skips the zero end taps and has vector code: ~0.6 of the time."""
    taps = gaussian_taps(float(sigma))
    return cv2.sepFilter2D(gray, cv2.CV_32F, taps, taps, delta=0.5).astype(np.uint8)


def to_uint8(image: np.ndarray) -> np.ndarray:
    """Return a float32 image rounded to the nearest grey level (half to even) and saturated to 0-255, as uint8.

    OpenCV's saturating conversion in one pass (numpy's rint, clip and cast made three over a 3x upscale)."""
    return cv2.add(image, 0.0, dtype=cv2.CV_8U)


def halves(gray: np.ndarray) -> list[np.ndarray]:
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
def lanczos3_kernels() -> tuple[np.ndarray, np.ndarray]:
    """Return the column kernels of a 3x Lanczos upscale's two in-between phases, read off OpenCV's own resize.

    Output pixel 3k + j of a 3x upscale sits at source position k + (j - 1) / 3: phase 1 is source pixel k
    itself, phases 0 and 2 are fixed 8-tap filters, here 9-tap correlation kernels centred on k (taps at
    offsets -4..3 and -3..4). They are read off the upscale of an impulse, as `gaussian_taps` reads its taps."""
    impulse = np.zeros((1, 17), np.float32)
    impulse[0, 8] = 1.0
    up = cv2.resize(impulse, (51, 1), interpolation=cv2.INTER_LANCZOS4)[0]
    # Output 3k + j weighs source 8 with the tap at offset 8 - k, i.e. kernel index i = 12 - k.
    phase0, phase2 = (np.array([up[3 * (12 - i) + j] for i in range(9)], np.float32) for j in (0, 2))
    return phase0, phase2


def lanczos3(gray: np.ndarray) -> np.ndarray:
    """Return a 3x Lanczos upscale of a uint8 or float32 image, rounded to uint8: OpenCV's INTER_LANCZOS4 resize,
    computed as phase filters.

    OpenCV's Lanczos resize has no vector code in either pass (~5 ns an output pixel, in float as in 8 bits), and
    it was the largest part of the 3x retry. A whole-factor upscale is three fixed filters per direction (one of
    them the identity), so it is done as the two vertical phases interleaved with the source rows, then the two
    horizontal phases of that, each a vectorised `filter2D` on the source-sized image (~0.45 of the time, both
    conversions included). Borders replicate, as the resize's do. The taps are the resize's own; it recomputes
    them per column from float positions, so ~3 pixels in 10,000 round one grey level the other way."""
    k0, k2 = lanczos3_kernels()
    h, w = gray.shape[:2]
    src = gray if gray.dtype == np.float32 else gray.astype(np.float32)
    rows = np.stack([cv2.filter2D(src, -1, k0.reshape(9, 1), borderType=cv2.BORDER_REPLICATE), src,
                     cv2.filter2D(src, -1, k2.reshape(9, 1), borderType=cv2.BORDER_REPLICATE)], axis=1).reshape(3 * h, w)
    cols = [to_uint8(cv2.filter2D(rows, -1, k.reshape(1, 9), borderType=cv2.BORDER_REPLICATE)) for k in (k0, k2)]
    return cv2.merge([cols[0], to_uint8(rows), cols[1]]).reshape(3 * h, 3 * w)


X3_SHARPEN = 0.7
"""The 3x retry's unsharp mask: this amount of a blur of sigma 1.5 upscaled px taken off (1 + amount) x the image."""
X3_BLUR_TAPS = np.array([-0.0087, 0.1502, 0.7170, 0.1502, -0.0087], np.float32)
"""The source-scale blur whose 3x Lanczos upscale is nearest a Gaussian of sigma 1.5 on the upscale (a least-squares
fit on the 3x retry's regions of the bench's medium frames; a sampled Gaussian of sigma 0.5 is 0.54 grey level off
on average, this 0.41, most of it the roundings of the path it replaces)."""


def sharpened_lanczos3(gray: np.ndarray) -> np.ndarray:
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
    return lanczos3(cv2.addWeighted(src, 1.0 + X3_SHARPEN, blur, -X3_SHARPEN, 0.0))
