#!/usr/bin/env python3
"""How far a true mark's codebook match stands from everything else (issue 33, companion.vision.codebook).

    .venv/bin/python scripts/bench_codebook.py --marks 30

For each game, one print's codebook (its payloads' printed symbols) is matched against blurred marks rendered at
2.0-2.5 px/module (defocus 0.8-1.6 px, motion blur 2-5 px, noise, JPEG 80) at grids fitted from the true corners:

* true: that print's own cards (the fit and margin a read needs, and how many the thresholds take);
* other print: the same game printed with another secret (its symbols differ from this print's in their data);
* foreign: random 16-digit Micro QR codes (a finder with a data area of no card);
and, for every mark, grids a module off, half a module off and turned a quarter (a misregistered grid), where a
true mark must not give another card either. Also once with a 156-symbol codebook (two games' payloads). A read is
wrong if it names a payload other than the mark's. Prints percentiles of the best fit and of best - second.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.cards.decks import load_deck  # noqa: E402
from companion.cards.payloads import new_print  # noqa: E402
from companion.vision import codebook, sampler, synth  # noqa: E402

CONDITIONS = ((2.0, 0.8, 2), (2.2, 1.2, 3), (2.2, 1.6, 5), (2.5, 1.4, 4), (2.0, 1.2, 4))
"""(px/module, defocus sigma px, motion blur px) of the rendered marks."""


def render(payload: str, seed: int, ppm: float, defocus: float, motion: int) -> tuple[np.ndarray, np.ndarray]:
    """Return (grey image, true grid: module units -> px) of a printed symbol seen tilted and blurred."""
    m = codebook.symbol_matrix(payload)
    assert m is not None
    img, _, grid = synth.blurred_mark(m, seed, ppm, defocus, motion, foreshortened=(0.8, 1.0))
    return img.astype(np.float32), grid


_TURN = np.array([[0, -1, 15], [1, 0, 0], [0, 0, 1.0]])
MISREGISTERED = [np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1.0]]) for dx, dy in ((1, 0), (0, 1), (-1, -1), (0.5, 0.5))]
MISREGISTERED += [np.linalg.matrix_power(_TURN, k) for k in (1, 2, 3)]


def measure(book: codebook.Codebook, payloads: list[str], own: bool, seed0: int) -> dict:
    """Match each payload's renders; return the fits, margins and reads (right and wrong)."""
    fits, margins, right, wrong, mis_fits = [], [], 0, 0, []
    for i, payload in enumerate(payloads):
        for j, (ppm, defocus, motion) in enumerate(CONDITIONS):
            g, grid = render(payload, seed0 + 31 * i + j, ppm, defocus, motion)
            _, fitted = sampler.fit_grid(g, grid)
            m = book.match(sampler.module_values(g, fitted))
            assert m is not None
            fits.append(m.fit)
            margins.append(m.margin)
            got = book.read(sampler.module_values(g, fitted))
            right += got == payload
            wrong += got is not None and got != payload
            for move in MISREGISTERED:
                values = sampler.module_values(g, fitted @ move)
                mm = book.match(values)
                got = book.read(values)
                wrong += got is not None and got != payload
                if mm is not None and mm.payload != payload:
                    mis_fits.append(mm.fit)
    return {"n": len(fits), "fits": np.array(fits), "margins": np.array(margins), "right": right, "wrong": wrong,
            "mis_fits": np.array(mis_fits), "own": own}


def report(name: str, r: dict) -> None:
    pct = (0, 1, 5, 50, 95, 100)
    print(f"{name}: {r['n']} marks, read right {r['right']}, wrong {r['wrong']} (misregistered grids included)")
    print(f"  best fit    p{pct}: {np.percentile(r['fits'], pct).round(3).tolist()}")
    print(f"  best-second p{pct}: {np.percentile(r['margins'], pct).round(3).tolist()}")
    if len(r["mis_fits"]):
        print(f"  misregistered grids, best fit of another payload: max {r['mis_fits'].max():.3f}, "
              f"p99 {np.percentile(r['mis_fits'], 99):.3f}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--marks", type=int, default=30, help="payloads per kind and game")
    args = ap.parse_args(argv)
    print(f"thresholds: fit >= {codebook.MIN_FIT}, best - second >= {codebook.MIN_MARGIN}; conditions {CONDITIONS}")
    rng = np.random.default_rng(33)
    books = {}
    for game in ("bux", "grow", "cats", "match"):
        mine = new_print(load_deck(game), "mine", secret=b"codebook-bench-print-a")
        other = new_print(load_deck(game), "other", secret=b"codebook-bench-print-b")
        book = codebook.of_deck(mine)
        assert book is not None
        books[game] = mine
        foreign = ["".join(map(str, rng.integers(0, 10, 16))) for _ in range(args.marks)]
        report(f"{game} ({len(book)} symbols) true", measure(book, list(mine.payloads.values())[:args.marks], True, 0))
        report(f"{game} other print", measure(book, list(other.payloads.values())[:args.marks], False, 1000))
        report(f"{game} foreign", measure(book, foreign, False, 2000))
    big = codebook.Codebook(list(books["cats"].payloads.values()) + list(books["match"].payloads.values()))
    other = new_print(load_deck("cats"), "other", secret=b"codebook-bench-print-b")
    report(f"cats+match ({len(big)} symbols) true", measure(big, list(books["cats"].payloads.values())[:args.marks],
                                                          True, 3000))
    report("cats+match other print", measure(big, list(other.payloads.values())[:args.marks], False, 4000))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
