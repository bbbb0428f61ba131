"""Measure how much of each page a deck's PDF covers in ink, normal and --low-ink.

Why: a full-colour deck empties a home printer's cartridges; the low-ink variant
exists for that, and this says by how much it helps. Two figures at 50 dpi,
means over the card sheets' fronts and over their backs: "covered", the share
of pixels with any ink (a channel below 240 of 255; a pale tint counts in
full), and "ink", the mean ink density (1 - value / 255 over the three
channels, roughly the toner a CMY printer lays down).

Usage:
    .venv/bin/python scripts/ink_coverage.py [--game match] [--paper a4]
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main(argv: list[str] | None = None) -> int:
    """Print the ink coverage of fronts and backs, normal and low ink, as a Markdown table; return 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="match")
    parser.add_argument("--paper", default="a4")
    args = parser.parse_args(argv)

    from companion.cards.decks import load_deck
    from companion.cards.payloads import new_print
    from companion.printing.render import rasterise_pdf, write_deck_pdf

    deck = load_deck(args.game)
    printed = new_print(deck, "ink", secret=b"ink-coverage-bench")
    print("| game | paper | print | fronts covered | fronts ink | backs covered | backs ink |")
    print("|---|---|---|---|---|---|---|")
    for low in (False, True):
        buf = io.BytesIO()
        write_deck_pdf(printed, deck, args.paper, buf, first_sheet=False, parts=False, low_ink=low)
        pages = rasterise_pdf(buf.getvalue(), 50)
        covered = [float((page.min(axis=2) < 240).mean()) for page in pages]
        ink = [float(1 - page.mean() / 255) for page in pages]
        row = [np.mean(covered[0::2]), np.mean(ink[0::2]), np.mean(covered[1::2]), np.mean(ink[1::2])]
        print(f"| {args.game} | {args.paper} | {'low ink' if low else 'normal'} | " + " | ".join(f"{x:.0%}" for x in row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
