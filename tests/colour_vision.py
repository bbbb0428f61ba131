"""Are two colour cues still told apart by a colour-blind player? (issue 34: cues beyond colour)

A cue pair is two crops of rendered pixels that stand for two different
things by their colour (a blue and a red match card, a green and a red Grow
card). Each crop is seen through protanopia, deuteranopia and tritanopia as
colour-science simulates them (Machado et al. 2009, severity 1, applied to
linear RGB). The pair stays distinct under a deficiency when

- its key colours (the median of each crop's chromatic pixels, simulated) are
  at least DELTA_E_MIN apart in CIEDE2000, or
- its shapes differ: the ink of each crop (pixels whose simulated relative
  luminance stands out from their surroundings: strokes) differs in at least SHAPE_MIN
  of the pixels either crop inks, a difference that needs no colour at all
  (a + against a -, the word GREEN against RED).

colour-science warns on import (no SciPy/Matplotlib messages); the import is
quiet here because pytest makes warnings errors.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import cv2
import numpy as np

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import colour

DEFICIENCIES = ("Protanomaly", "Deuteranomaly", "Tritanomaly")
"""colour-science's names; at severity 1 they are protanopia, deuteranopia and tritanopia."""
with warnings.catch_warnings():  # tritanomaly's matrix warns that Machado's model only approximates it
    warnings.simplefilter("ignore")
    MATRICES = {d: colour.blindness.matrix_cvd_Machado2009(d, 1.0) for d in DEFICIENCIES}
DELTA_E_MIN = 20.0
"""CIEDE2000 between key colours that tells two kinds apart at a glance, on its own, across a table.
About 2 is a just-noticeable difference side by side; 20 is a different colour name. Grow's green
and red are 6.6 apart under deuteranopia (the confusion this test is for); blue and red stay over 40."""
SHAPE_MIN = 0.15
"""Share of the inked pixels (union of both crops) that only one crop inks: + against - is about a third."""
INK_STEP = 0.12
"""Relative luminance a pixel must differ from its neighbourhood's median by to count as ink (glyph, not ground)."""


@dataclass(frozen=True)
class Verdict:
    """How one pair fares under one deficiency."""

    deficiency: str
    delta_e: float
    shape: float

    @property
    def distinct(self) -> bool:
        return self.delta_e >= DELTA_E_MIN or self.shape >= SHAPE_MIN

    def __str__(self) -> str:
        return f"{self.deficiency}: CIEDE2000 {self.delta_e:.1f} (needs {DELTA_E_MIN}), shape {self.shape:.2f} (needs {SHAPE_MIN})"


def simulate(rgb: np.ndarray, deficiency: str) -> np.ndarray:
    """Return an sRGB uint8 image (H x W x 3) as the deficiency sees it, in linear RGB floats (0..1)."""
    linear = colour.cctf_decoding(rgb.astype(np.float64) / 255.0, function="sRGB")
    return np.clip(np.einsum("ij,...j->...i", MATRICES[deficiency], linear), 0.0, 1.0)


def _lab(linear: np.ndarray) -> np.ndarray:
    return colour.XYZ_to_Lab(colour.RGB_to_XYZ(linear, colour.RGB_COLOURSPACES["sRGB"], apply_cctf_decoding=False))


def key_colour(rgb: np.ndarray) -> np.ndarray:
    """Return the crop's cue colour as sRGB floats: the median of its chromatic pixels (not the white, grey or black ink)."""
    pixels = rgb.reshape(-1, 3).astype(np.float64) / 255.0
    chroma = pixels.max(axis=1) - pixels.min(axis=1)
    coloured = pixels[chroma > 0.15]
    return np.median(coloured if len(coloured) >= 0.05 * len(pixels) else pixels, axis=0)


def _ink(linear: np.ndarray) -> np.ndarray:
    """Return the boolean ink mask: pixels whose luminance stands out from their neighbourhood's median.

    Strokes (digits, signs, words) are thinner than the window, so they stand
    out; large flat areas (the card's colour, a white text box) do not.
    """
    weights = colour.RGB_COLOURSPACES["sRGB"].matrix_RGB_to_XYZ[1]
    luminance = np.round(np.clip(linear @ weights, 0.0, 1.0) * 255).astype(np.uint8)
    window = max(9, min(luminance.shape)) | 1  # the crop's short side: a stroke across it is still a minority
    ground = cv2.medianBlur(luminance, min(window, 255))
    return np.abs(luminance.astype(np.int16) - ground.astype(np.int16)) > INK_STEP * 255


def shape_difference(a: np.ndarray, b: np.ndarray) -> float:
    """Return the share of inked pixels that only one of two same-size masks inks (0: same glyph)."""
    union = np.logical_or(a, b).sum()
    return float(np.logical_xor(a, b).sum() / union) if union else 0.0


def judge(a: np.ndarray, b: np.ndarray, deficiency: str) -> Verdict:
    """Return how the two RGB crops fare under the deficiency (b is resized to a's size for the shape test)."""
    if b.shape != a.shape:
        b = cv2.resize(b, (a.shape[1], a.shape[0]), interpolation=cv2.INTER_AREA)
    sim_a, sim_b = simulate(a, deficiency), simulate(b, deficiency)
    key_a = simulate((key_colour(a) * 255).reshape(1, 1, 3), deficiency)[0, 0]
    key_b = simulate((key_colour(b) * 255).reshape(1, 1, 3), deficiency)[0, 0]
    delta = float(colour.delta_E(_lab(key_a), _lab(key_b), method="CIE 2000"))
    shape = shape_difference(_ink(sim_a), _ink(sim_b))
    return Verdict(deficiency, delta, shape)


def confusions(pairs: dict[str, tuple[np.ndarray, np.ndarray]]) -> list[str]:
    """Return one line per pair and deficiency under which the pair's two cues look alike (empty: all distinct)."""
    found = []
    for name, (a, b) in pairs.items():
        for deficiency in DEFICIENCIES:
            verdict = judge(a, b, deficiency)
            if not verdict.distinct:
                found.append(f"{name} {verdict}")
    return found
