"""`cards print --camera ... --table ...`: the mark size a print needs, from the camera and the table.

The camera's scale over the table comes from companion.vision.coverage (no cards, no games); how large a
deck's marks may grow comes from companion.printing.marks (the card and its design). This composes the two:
the smallest printable module that shows at >= GOOD_PX_PER_MODULE px at the worst place on the table, capped
by what the cards can carry, and the sentence the command prints. When no printable size is enough it says
which camera or placement would be.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, replace

from companion.cards.decks import Deck
from companion.printing import marks
from companion.vision import coverage as cov


@dataclass(frozen=True)
class MarkChoice:
    """The module size chosen for a print, and what the camera then makes of the table."""

    module_mm: float
    """The size to print: the smallest that reads everywhere, else the largest the cards carry."""
    reads_everywhere: bool
    worst_px_per_module: float
    """At the worst place on the table, with `module_mm`."""
    largest_mm: float
    view: cov.View
    table_mm: tuple[float, float]
    seen: cov.Coverage
    instead: cov.View | None = None
    """When no size reads everywhere: a camera or placement that would, at `largest_mm` (None: none tried does)."""


def camera_arg(text: str) -> tuple[int, int]:
    """Read --camera: 720p, 1080p, 1440p, 4K or WxH, or argparse's clear refusal."""
    try:
        return cov.parse_resolution(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def table_arg(text: str) -> tuple[float, float]:
    """Read --table: the table's sides, like 120x80cm, or argparse's clear refusal."""
    try:
        return cov.parse_table(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def ranged(name: str, least: float, most: float, unit: str):
    """Return an argparse type reading a number from least to most (a clear refusal otherwise)."""
    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = float("nan")
        if not least <= value <= most:
            raise argparse.ArgumentTypeError(f"{name} must be a number from {least:g} to {most:g} {unit}, not {text!r}")
        return value
    return read


def printable_for(printed) -> tuple[float, ...]:
    """Return the module sizes a print's game's cards may be printed at, for the setup check's advice (none when
    there is no print or its game's deck cannot be read)."""
    from companion.cards.decks import load_deck
    from companion.errors import CompanionError

    game = getattr(printed, "game", None)
    if not game:
        return ()
    try:
        return marks.printable_modules(load_deck(game))
    except (CompanionError, OSError):
        return ()


def choose(deck: Deck, view: cov.View, table_mm: tuple[float, float]) -> MarkChoice:
    """Return the module size to print this deck at for this camera over this table.

    Sizes come from companion.printing.marks.MODULE_SIZES, from the deck's own size (never smaller: 2 mm was
    chosen by measurement, docs/printing.md) up to what its cards carry (marks.largest_module_mm).
    """
    sizes = marks.printable_modules(deck)
    largest = max(sizes)
    seen = cov.coverage(view, table_mm)
    chosen = cov.smallest_module(seen.worst_px_per_mm, sizes) if seen.in_view >= 1.0 else None
    if chosen is not None:
        return MarkChoice(chosen, True, seen.worst_px_per_module(chosen), largest, view, table_mm, seen)
    top = max(sizes)
    return MarkChoice(top, False, seen.worst_px_per_module(top), largest, view, table_mm, seen,
                      instead=_instead(view, table_mm, top))


def _instead(view: cov.View, table_mm: tuple[float, float], module_mm: float) -> cov.View | None:
    """Return a camera or placement that reads this module everywhere, first found of: a sharper camera where
    this one stands, this camera overhead fitting the table, a sharper one there; None when none does."""
    overhead = replace(view, tilt=0.0, camera_height_mm=None)
    better = cov.camera_needed(view, table_mm, module_mm)
    if better is not None or overhead == view:
        return better
    got = cov.coverage(overhead, table_mm)
    if got.in_view >= 1.0 and got.worst_px_per_module(module_mm) >= cov.GOOD_PX_PER_MODULE - 1e-9:
        return overhead
    return cov.camera_needed(overhead, table_mm, module_mm)


def _size(module_mm: float) -> str:
    return f"{module_mm:g} mm modules ({marks.MARK_MODULES * module_mm:g} mm marks)"


def _table(table_mm: tuple[float, float]) -> str:
    return f"{table_mm[0] / 10:g} x {table_mm[1] / 10:g} cm"


def _placed(view: cov.View) -> str:
    where = "overhead" if view.tilt == 0 else f"at a long side tilted {view.tilt:g} degrees"
    height = ("just high enough to see it all" if view.camera_height_mm is None
              else f"{view.camera_height_mm / 10:g} cm above it")
    return f"a {view.named()} camera ({view.hfov:g} degrees wide) {where}, {height}"


def sentence(choice: MarkChoice) -> str:
    """Return the one sentence `cards print --camera` says about the size it chose."""
    worst = f"{choice.worst_px_per_module:.2f} px/module at the worst place"
    if choice.seen.in_view < 1.0:
        return (f"marks printed with {_size(choice.module_mm)}, the largest these cards carry; but over a "
                f"{_table(choice.table_mm)} table, {_placed(choice.view)}, shows only {choice.seen.in_view:.0%} of it: "
                f"raise the camera")
    if choice.reads_everywhere:
        return (f"marks printed with {_size(choice.module_mm)}: over a {_table(choice.table_mm)} table, "
                f"{_placed(choice.view)}, gives {worst} (>= {cov.GOOD_PX_PER_MODULE:g})")
    fix = (f"{_placed(choice.instead)} would" if choice.instead is not None
           else "no camera up to 4K, where it stands or overhead, would")
    return (f"no printable mark size reads everywhere: with {_size(choice.module_mm)}, the largest these cards carry, "
            f"over a {_table(choice.table_mm)} table, {_placed(choice.view)}, gives {worst} (< {cov.GOOD_PX_PER_MODULE:g}); "
            f"{fix}")


def needs_sentence(module_mm: float, table_mm: tuple[float, float], view: cov.View) -> str:
    """Return the sentence `cards print --table` (no --camera) says: the camera these marks need over this table.

    `view` gives the placement and field of view; its resolution is ignored."""
    needed = cov.camera_needed(view, table_mm, module_mm)
    if needed is None:
        return (f"marks printed with {_size(module_mm)}: over a {_table(table_mm)} table no camera up to 4K placed "
                f"so reads them everywhere at >= {cov.GOOD_PX_PER_MODULE:g} px/module")
    worst = cov.coverage(needed, table_mm).worst_px_per_module(module_mm)
    return (f"marks printed with {_size(module_mm)}: a {_table(table_mm)} table needs {_placed(needed)} "
            f"({worst:.2f} px/module at the worst place)")
