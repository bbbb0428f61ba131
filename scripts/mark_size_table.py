"""Print the mark size `cards print --camera --table` chooses, for a grid of cameras, tables and placements.

Why: docs/printing.md shows what a camera needs before anyone prints; this is the command behind its table.
For each camera (70 degree webcam field of view), table and placement (overhead, or at a long side tilted
25 degrees, each just high enough to see the whole table): the worst place's px/module with today's 2 mm
modules, the module size that gives >= 2.5 px/module everywhere (no cap), and what the game's cards carry
(companion.commands.mark_size.choose, capped).

Usage:
    .venv/bin/python scripts/mark_size_table.py [--game bux]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main(argv: list[str] | None = None) -> int:
    """Print the Markdown table; return 0."""
    from companion.cards.decks import load_deck
    from companion.commands.mark_size import choose
    from companion.printing.marks import MODULE_SIZES
    from companion.vision.coverage import RESOLUTIONS, View, coverage, smallest_module

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bux")
    args = parser.parse_args(argv)
    deck = load_deck(args.game)
    print("| camera | table | placement | worst px/module at 2 mm | module needed (mm) | printed (mm) | worst px/module printed |")
    print("|---|---|---|---|---|---|---|")
    for name in ("720p", "1080p", "4k"):
        for table in ((900.0, 600.0), (1200.0, 800.0), (1600.0, 900.0)):
            for tilt in (0.0, 25.0):
                view = View(*RESOLUTIONS[name], tilt=tilt)
                seen = coverage(view, table)
                needed = smallest_module(seen.worst_px_per_mm, MODULE_SIZES)
                choice = choose(deck, view, table)
                mark = f"{choice.module_mm:g}" + ("" if choice.reads_everywhere else " (capped)")
                print(f"| {view.named()} | {table[0] / 10:g} x {table[1] / 10:g} cm | "
                      f"{'overhead' if tilt == 0 else f'long side, {tilt:g} deg'} | {seen.worst_px_per_module(2.0):.2f} | "
                      f"{'-' if needed is None else f'{needed:g}'} | {mark} | {choice.worst_px_per_module:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
