"""The hint table («поле-подсказка»): which card may be played at which stake, and when.

The table itself is data in cards_printable/cats.deck.json (number_hint and
kinds.*.hint); this module reads it and evaluates its named conditions against
a state. Pure: no I/O beyond the deck file read once by state.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from companion.games.cats.state import DECK, CatsState, lot_size, prize_size

CONDITIONS: Mapping[str, Mapping[str, str]] = DECK.data["conditions"]
"""Condition id -> {"ru": sheet text, "en": English}."""
STAKE_STATES: Mapping[str, Mapping[str, str]] = DECK.data["stake_states"]


@dataclass(frozen=True)
class Cell:
    """One crossing of the table: allowed or banned, and the condition when allowed."""

    allowed: bool
    condition: str | None = None


def _cell(data: Mapping[str, Any]) -> Cell:
    return Cell(allowed=bool(data["allowed"]), condition=data.get("condition"))


NUMBER_ROW: Mapping[str, Cell] = {column: _cell(c) for column, c in DECK.data["number_hint"].items()}
CAT_ROWS: Mapping[str, Mapping[str, Cell]] = {
    kind: {column: _cell(c) for column, c in info["hint"].items()} for kind, info in DECK.data["kinds"].items()
}

# Conditions that do not depend on the card being laid (the 2x rule is checked with the bid).
_HOLDS: dict[str, Callable[[CatsState], bool]] = {
    "prev_double": lambda s: s.last_bid == "double",
    "prev_golden": lambda s: s.last_bid == "golden",
    "prize_not_empty": lambda s: prize_size(s) > 0,
    "bank_not_empty": lambda s: bool(s.bank),
    "lot_not_empty": lambda s: lot_size(s) > 0,
}


def cell(kind: str, column: str) -> Cell:
    """Return the table's crossing for a cat kind (or "number") and a stake column."""
    return NUMBER_ROW[column] if kind == "number" else CAT_ROWS[kind][column]


def condition_holds(condition: str | None, state: CatsState) -> bool:
    """Return True if a named condition of the table holds in `state` (None always holds)."""
    return condition is None or _HOLDS[condition](state)


def condition_text(condition: str, lang: str = "en") -> str:
    """Return a condition's wording: the sheet's Russian, or our English."""
    return CONDITIONS[condition][lang]


def table(lang: str = "en") -> list[dict[str, Any]]:
    """Return the whole table as rows for a rules page: card title, then one cell per stake column."""
    kinds = DECK.data["kinds"]
    rows = [("number", {"ru": "1, 1000, 2000 или 5000", "en": "1, 1000, 2000 or 5000"})]
    rows += [(kind, info["title"]) for kind, info in kinds.items()]
    out = []
    for kind, title in rows:
        cells = {}
        for column in STAKE_STATES:
            c = cell(kind, column)
            cells[column] = {"allowed": c.allowed, "condition": condition_text(c.condition, lang) if c.condition else None}
        out.append({"kind": kind, "title": title[lang], "cells": cells})
    return out
