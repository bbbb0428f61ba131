"""Closed-codebook decoding: a blurred mark's module greys matched against the print's own symbols.

A print knows every payload its cards carry (a few dozen to ~150), and the printer draws each as one exact Micro
QR M3 matrix (segno, error level M, mask and format modules included). At 2.0-2.5 px/module under blur the
sampler's grid lands on the mark, but too many data modules come out on the wrong side of any threshold for
Reed-Solomon (an M3-M corrects 4 codewords). Matching the soft greys against each printed matrix needs no
threshold: for each candidate, a 3x3 module-level blur (plus offset) is fitted by least squares to predict all
225 module greys from that candidate's bits, and the share of the free (data and format) modules' variance it
leaves unexplained is the candidate's misfit. Two different payloads differ in about half their data modules, so
the true symbol's fit stands far apart from every other; a read is taken only when the best explains at least
`MIN_FIT` of the free modules' variance and beats the second best by `MIN_MARGIN` (figures in docs/vision.md,
"Issue 33"). A mark of another print or a foreign code fits no candidate well, and a wrong card needs a second
symbol to fit almost as well as the true one, which the margin rules out.

Knows nothing of cards: it takes payload strings (a deck's `payloads` mapping) and gives back one of them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

import numpy as np

from companion.cards import symbols
from companion.vision.sampler import FIXED_MASK, N, shifts

MIN_FIT = 0.7
"""The best candidate must explain at least this share of the free modules' grey variance."""
MIN_MARGIN = 0.3
"""... and beat the second best candidate's share by at least this much."""

_FREE = ~FIXED_MASK.ravel()


def symbol_matrix(payload: str) -> np.ndarray | None:
    """Return the Micro QR M3-M module matrix (1 = dark) the printer draws for a payload, or None if the payload
    makes another symbol (the sampler reads M3 marks only).

    The printer's own encoder with the default mark (companion.cards.symbols)."""
    try:
        m = symbols.symbol_matrix(payload)
    except ValueError:
        return None
    return m if m.shape == (N, N) else None


@dataclass(frozen=True)
class Match:
    """The codebook's verdict on one grid: the best payload, the share of free-module variance its fit explains,
    and the second best's share."""

    payload: str
    fit: float
    second: float

    @property
    def margin(self) -> float:
        """How far the best stands above the second best."""
        return self.fit - self.second


class Codebook:
    """Every symbol a print's cards carry, ready to match module greys against."""

    def __init__(self, payloads: Iterable[str]) -> None:
        pairs = [(p, symbol_matrix(p)) for p in dict.fromkeys(payloads)]
        pairs = [(p, m) for p, m in pairs if m is not None]
        self.payloads: tuple[str, ...] = tuple(p for p, _ in pairs)
        self.matrices = np.array([m for _, m in pairs], np.uint8).reshape(-1, N, N)
        # Each candidate's design matrix of the module blur (3x3 neighbours' bits and a 1) and its normal matrix's
        # inverse, computed once: a match is then a few batched products (~0.07 ms for 55 symbols).
        design = np.array([shifts(m.astype(np.float64)) for m in self.matrices]).reshape(-1, N * N, 10)
        self._design_t = np.ascontiguousarray(design.transpose(0, 2, 1))
        self._free = np.ascontiguousarray(design[:, _FREE])
        self._inverse = np.linalg.inv(self._design_t @ design + 1e-6 * np.eye(10))

    def __len__(self) -> int:
        return len(self.payloads)

    def match(self, values: np.ndarray) -> Match | None:
        """Return the best and second-best fits of a grid's (15, 15) module greys, or None with fewer than 2
        candidates or a flat grid."""
        if len(self.payloads) < 2:
            return None
        v = values.astype(np.float64).ravel()
        free = v[_FREE]
        tss = float(((free - free.mean()) ** 2).sum())
        if tss < 1e-6:
            return None
        w = self._inverse @ (self._design_t @ v)[..., None]  # (C, 10, 1): each candidate's blur and offset
        residual = free[None] - (self._free @ w)[..., 0]
        fits = 1.0 - (residual ** 2).sum(axis=1) / tss
        order = np.argsort(-fits)
        return Match(self.payloads[order[0]], float(fits[order[0]]), float(fits[order[1]]))

    def read(self, values: np.ndarray, min_fit: float = MIN_FIT, min_margin: float = MIN_MARGIN) -> str | None:
        """Return the payload whose symbol the module greys match unambiguously, or None."""
        m = self.match(values)
        if m is None or m.fit < min_fit or m.margin < min_margin:
            return None
        return m.payload


@functools.lru_cache(maxsize=8)
def _cached(payloads: tuple[str, ...]) -> Codebook:
    return Codebook(payloads)


def of_deck(deck: Any) -> Codebook | None:
    """Return the codebook of a deck that says its payloads (a `payloads` mapping of code -> payload, as a
    PrintDeck has), or None for one that does not (a photo read without a print)."""
    payloads = getattr(deck, "payloads", None)
    if not isinstance(payloads, Mapping) or len(payloads) < 2:
        return None
    return _cached(tuple(payloads.values()))
