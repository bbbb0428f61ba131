"""BUX card arithmetic: what a set pays, which cards are protected, the best way to sell.

Pure functions over card codes; no state, no I/O.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from itertools import combinations
from typing import Iterable

from companion.games.bux.state import DECK, SHAPE, SUIT, VALUE

PERFECT_MATCH: int = DECK.data["payouts"]["perfect_match"]
DOUBLE_BUX_FACTOR: int = DECK.data["payouts"]["double_bux_factor"]


def set_payout(cards: Iterable[str], *, double: bool = False) -> int | None:
    """Return what a 3-card set pays, or None if it is not a legal set.

    Same suit and shape: a perfect match, 500. Same suit or same shape: a mixed
    match, the sum of the values on the backs. Double-BUX doubles either.

    >>> set_payout(["heart-x-25", "heart-oval-50", "heart-circle-100"])
    175
    >>> set_payout(["club-square-25", "club-square-50", "club-square-100"], double=True)
    1000
    >>> set_payout(["heart-x-25", "club-oval-50", "spade-circle-100"]) is None
    True
    """
    cards = tuple(cards)
    if len(cards) != 3 or len(set(cards)) != 3 or any(c not in SUIT for c in cards):
        return None
    same_suit = len({SUIT[c] for c in cards}) == 1
    same_shape = len({SHAPE[c] for c in cards}) == 1
    if same_suit and same_shape:
        pay = PERFECT_MATCH
    elif same_suit or same_shape:
        pay = sum(VALUE[c] for c in cards)
    else:
        return None
    return pay * DOUBLE_BUX_FACTOR if double else pay


def is_protected(spread: Iterable[str], card: str) -> bool:
    """Return True if another card of the spread shares `card`'s suit and another shares its shape.

    >>> spread = ["heart-x-25", "heart-circle-50", "club-x-100"]
    >>> is_protected(spread, "heart-x-25"), is_protected(spread, "club-x-100")
    (True, False)
    """
    others = [c for c in spread if c != card]
    return any(SUIT[c] == SUIT[card] for c in others) and any(SHAPE[c] == SHAPE[card] for c in others)


@dataclass(frozen=True)
class Partition:
    """A way to sell a bag of cards: the sets and what they pay together."""

    sets: tuple[tuple[str, str, str], ...]
    payout: int


def best_partition(cards: Iterable[str], *, double: bool = False) -> Partition | None:
    """Return the partition of all the cards into legal 3-card sets that pays most, or None.

    The camera sees cards leave a spread for the discard pile but not how the
    player grouped them; the best-paying reading is proposed for confirmation.
    Ties go to the lexicographically first grouping, so the answer is stable.

    >>> best_partition(["heart-x-25", "heart-x-50", "heart-x-100"]).payout
    500
    >>> best_partition(["heart-x-25", "club-oval-50", "spade-circle-100"]) is None
    True
    """
    bag = tuple(sorted(set(cards)))
    if len(bag) % 3 or len(bag) != len(tuple(cards)) or any(c not in SUIT for c in bag):
        return None
    best = _best(bag)
    if best is None:
        return None
    payout, sets = best
    factor = DOUBLE_BUX_FACTOR if double else 1
    return Partition(sets=sets, payout=payout * factor)


@functools.lru_cache(maxsize=4096)
def _best(bag: tuple[str, ...]) -> tuple[int, tuple[tuple[str, str, str], ...]] | None:
    if not bag:
        return 0, ()
    first, rest = bag[0], bag[1:]
    best = None
    for a, b in combinations(rest, 2):
        pay = set_payout((first, a, b))
        if pay is None:
            continue
        remainder = tuple(c for c in rest if c != a and c != b)
        sub = _best(remainder)
        if sub is None:
            continue
        total = pay + sub[0]
        if best is None or total > best[0]:
            best = (total, ((first, a, b),) + sub[1])
    return best


def sellable_sets(spread: Iterable[str]) -> tuple[tuple[str, str, str], ...]:
    """Return every legal 3-card set (sorted codes) that can be made from a spread."""
    return tuple(s for s in combinations(sorted(spread), 3) if set_payout(s) is not None)
