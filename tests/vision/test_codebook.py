"""Closed-codebook decoding (issue 33): blurred marks matched against the print's own symbols, never a wrong card."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from companion.cards.decks import load_deck
from companion.cards.payloads import new_print
from companion.printing.marks import DEFAULT_MARK, qr_matrix
from companion.vision import codebook, sampler, sampling

from .test_sampler import _blurred_mark

PLAN = sampler.GridTries(start_ratio=1.0, settled=0.9, variants_below=0.9, rank_below=0.9,
                         rank_span=sampling.SAMPLER_RANK_SPAN, corners_from=sampling.SAMPLER_CORNERS_FROM,
                         deconv_from=sampling.SAMPLER_DECONV_FROM, sharpen_below=sampling.SAMPLER_SHARPEN_BELOW)
"""The sampling stage's tries (companion.vision.sampling.sample) for one located grid."""


def _hard_blur(payload: str, seed: int):
    """A mark at 2.2 px/module under defocus 1.6 px and 5 px of motion blur (beyond the 1080p hard bench's worst)."""
    return _blurred_mark(payload, seed=seed, ppm=2.2, defocus=1.6, motion=5, far=1.0)


def test_the_codebook_holds_exactly_the_printed_symbols(print_deck):
    book = codebook.of_deck(print_deck)
    assert book is not None and len(book) == len(print_deck.payloads)
    for payload, matrix in zip(book.payloads, book.matrices):
        assert (matrix == qr_matrix(payload, DEFAULT_MARK)).all()


def test_a_deck_without_payloads_has_no_codebook():
    class PhotoDeck:
        def identify(self, payload):
            return None

    assert codebook.of_deck(None) is None
    assert codebook.of_deck(PhotoDeck()) is None


def test_blurred_marks_the_splits_miss_read_against_the_print(print_deck):
    """At 2.2 px/module under defocus 1.6 px plus 5 px of motion blur the sampler's splits (with deblur, corner
    refit, deconvolution, the crop sharpened) read none of 12 marks at their true grids; matched against the
    print's 55 symbols 11 read, each as its own card."""
    book = codebook.of_deck(print_deck)
    with_book = replace(PLAN, codebook=book)
    hard = matched = 0
    for i, code in enumerate(print_deck.codes()[:12]):
        payload = print_deck.payload(code)
        img, grid = _hard_blur(payload, seed=i)
        g = img.astype(np.float32)
        before = sampler.read_grids(g, [grid], PLAN)
        after = sampler.read_grids(g, [grid], with_book)
        hard += before is not None
        if after is not None:
            assert after.payload == payload
            assert print_deck.identify(after.payload).code == code
            matched += 1
            if before is None:
                assert after.backend == "codebook"
    assert hard <= 2 and matched >= 10, (hard, matched)


def test_other_prints_and_foreign_codes_never_match(print_deck):
    """Another print of the same game (another secret) and foreign Micro QR codes, blurred or sharp, at their
    true grids and at grids a module off: the best of this print's symbols explains at most ~0.5 of their data
    modules (a true mark: 0.84 or more) and is never taken."""
    other = new_print(load_deck("bux"), "other", secret=b"another-print-same-game")
    rng = np.random.default_rng(7)
    foreign = ["".join(map(str, rng.integers(0, 10, 16))) for _ in range(12)]
    book = codebook.of_deck(print_deck)
    with_book = replace(PLAN, codebook=book)
    payloads = [other.payload(c) for c in other.codes()[:12]] + foreign
    worst = 0.0
    for i, payload in enumerate(payloads):
        for img, grid in (_hard_blur(payload, seed=i), _blurred_mark(payload, seed=i, far=1.0)):
            g = img.astype(np.float32)
            det = sampler.read_grids(g, [grid], with_book)
            assert det is None or print_deck.identify(det.payload).status != "card"
            _, fitted = sampler.fit_grid(g, grid)
            for dx, dy in ((0, 0), (1, 0), (0, 1)):
                shifted = fitted @ np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1.0]])
                m = book.match(sampler.module_values(g, shifted))
                assert m is not None and book.read(sampler.module_values(g, shifted)) is None
                worst = max(worst, m.fit)
    assert worst < codebook.MIN_FIT - 0.1, worst


def test_no_mark_never_matches(print_deck, rng):
    book = codebook.of_deck(print_deck)
    grid = np.array([[2.2, 0, 40], [0, 2.2, 40], [0, 0, 1.0]])
    noise = cv2.GaussianBlur(rng.integers(0, 256, (120, 120)).astype(np.uint8), (0, 0), 1.0).astype(np.float32)
    assert book.read(sampler.module_values(noise, grid)) is None
    assert book.read(np.full((15, 15), 200.0)) is None
    # A finder with nothing round it (a mark whose data area is covered or blank).
    blank = np.where(sampler.FIXED_MASK & (sampler.FIXED_VALUE == 1), 30.0, 225.0)
    assert book.read(blank) is None
