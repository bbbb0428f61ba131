"""Copies of one card are interchangeable: turn what a player names ("1000", "zero") into card codes.

The rules never tell two 1000s (or two «Zero the stake» cards) apart, and a
player entering a hidden hand on a phone cannot either. So a card is named by
its label (a number card's value, a cat card's kind) and the companion picks
concrete codes from the place the cards come from (a hand, the Bank, the
Prize deck's unnamed pool). A code the camera read is reduced to its label
first, so a read copy counts as any copy of its label in that hand.
Pure: no I/O.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from companion.games.cats.state import KIND, NUMBER_CARDS, VALUE

LABELS: tuple[str, ...] = tuple(sorted({str(v) for v in VALUE.values()}, key=int)) + tuple(dict.fromkeys(sorted(KIND.values())))


def label_of(card: str) -> str:
    """Return a card's label: "1000" for a number card, "double" for a cat card; other text unchanged.

    >>> label_of("bank-1000-07"), label_of("cat-zero-2"), label_of("zero")
    ('1000', 'zero', 'zero')
    """
    if card in VALUE:
        return str(VALUE[card])
    if card in KIND:
        return KIND[card]
    return card


def _key(code: str) -> tuple[Any, ...]:
    return (0, VALUE[code], code) if code in VALUE else (1, KIND[code], code)


def pick(source: Iterable[str], wanted: Iterable[str]) -> tuple[str, ...] | None:
    """Return codes from `source` matching the wanted labels (or codes), in the wanted order; None if it lacks them.

    The lowest codes are taken, so the same entry always picks the same copies.

    >>> pick({"bank-1000-03", "bank-1000-01", "cat-zero-2"}, ["1000", "zero"])
    ('bank-1000-01', 'cat-zero-2')
    >>> pick({"bank-1-01"}, ["1000"]) is None
    True
    """
    free = sorted((c for c in source if c in VALUE or c in KIND), key=_key)
    chosen: list[str] = []
    for item in wanted:
        label = label_of(str(item))
        match = next((c for c in free if label_of(c) == label), None)
        if match is None:
            return None
        free.remove(match)
        chosen.append(match)
    return tuple(chosen)


def count_labels(cards: Iterable[str]) -> dict[str, int]:
    """Return {label: how many} for some cards, in LABELS order (number values first)."""
    counts = Counter(label_of(c) for c in cards)
    return {label: counts[label] for label in LABELS if counts[label]}


def is_number_label(label: str) -> bool:
    """Return True for a number card's label ("1", "1000", ...)."""
    return label.isdigit() and any(str(VALUE[c]) == label for c in NUMBER_CARDS)
