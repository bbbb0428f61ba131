"""BUX card arithmetic: what a set pays, which cards are protected, the best way to sell.

Pure functions over card codes; no state, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Iterable, Iterator

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

    sets: tuple[tuple[str, ...], ...]
    payout: int


def best_partition(cards: Iterable[str], *, double: bool = False) -> Partition | None:
    """Return the partition of all the cards into legal 3-card sets that pays most, or None.

    The camera sees cards leave a spread for the discard pile but not how the
    player grouped them; the best-paying reading is proposed for confirmation.

    Why this is exact and fast: every card is sold in exactly one set and a mixed
    set pays the sum of its backs, so any partition pays the sum of all the backs
    plus (500 - 175) for each perfect match. The best partition is therefore the
    one with the most perfect matches. Any three cards of one suit (or of one
    shape) form a legal set, so a partition exists exactly when each card can be
    sent to its suit's group or its shape's group with every group a multiple of
    3. A front (suit, shape) holds at most 3 cards, so that is a small dynamic
    programme over suits with the shape groups' remainders mod 3 as its state.

    >>> best_partition(["heart-x-25", "heart-x-50", "heart-x-100"]).payout
    500
    >>> best_partition(["heart-x-25", "club-oval-50", "spade-circle-100"]) is None
    True
    """
    listed = list(cards)
    bag = sorted(set(listed))
    if len(bag) != len(listed) or len(bag) % 3 or any(c not in SUIT for c in bag):
        return None
    plan = _plan(bag)
    if plan is None:
        return None
    sets = _group(bag, plan)
    payout = sum(set_payout(s, double=double) or 0 for s in sets)  # each is a set: _plan made them
    return Partition(sets=sets, payout=payout)


def _plan(bag: list[str]) -> dict[tuple[str, str], int] | None:
    """Return, per front, how many of its cards go to the suit group (the rest to the shape group)."""
    suits = sorted({SUIT[c] for c in bag})
    shapes = sorted({SHAPE[c] for c in bag})
    count: dict[tuple[str, str], int] = {}
    for c in bag:
        count[(SUIT[c], SHAPE[c])] = count.get((SUIT[c], SHAPE[c]), 0) + 1
    # best[residues of the shape groups] = (perfect matches so far, choices per front)
    best: dict[tuple[int, ...], tuple[int, dict[tuple[str, str], int]]] = {(0,) * len(shapes): (0, {})}
    for suit in suits:
        fronts = [(suit, shape) for shape in shapes]
        step: dict[tuple[int, ...], tuple[int, dict[tuple[str, str], int]]] = {}
        for residues, (perfect, chosen) in best.items():
            for split in _splits([count.get(f, 0) for f in fronts]):
                if sum(split) % 3:
                    continue
                new = tuple((r + count.get(f, 0) - k) % 3 for r, f, k in zip(residues, fronts, split))
                gained = sum(1 for f, k in zip(fronts, split) if count.get(f, 0) == 3 and k in (0, 3))
                if new not in step or perfect + gained > step[new][0]:
                    step[new] = (perfect + gained, {**chosen, **dict(zip(fronts, split))})
        best = step
    final = best.get((0,) * len(shapes))
    return final[1] if final else None


def _splits(sizes: list[int]) -> Iterator[tuple[int, ...]]:
    if not sizes:
        yield ()
        return
    for k in range(sizes[0] + 1):
        for rest in _splits(sizes[1:]):
            yield (k,) + rest


def _group(bag: list[str], plan: dict[tuple[str, str], int]) -> tuple[tuple[str, ...], ...]:
    """Turn a plan into sets: whole fronts as perfect matches, the rest in threes per group."""
    by_suit: dict[str, list[str]] = {}
    by_shape: dict[str, list[str]] = {}
    sets: list[tuple[str, ...]] = []
    for front, k in sorted(plan.items()):
        members = sorted(c for c in bag if (SUIT[c], SHAPE[c]) == front)
        if len(members) == 3 and k in (0, 3):
            sets.append(tuple(members))
            continue
        by_suit.setdefault(front[0], []).extend(members[:k])
        by_shape.setdefault(front[1], []).extend(members[k:])
    for group in (*by_suit.values(), *by_shape.values()):
        group.sort()
        sets.extend(tuple(group[i:i + 3]) for i in range(0, len(group), 3))
    return tuple(sorted(sets))


def sellable_sets(spread: Iterable[str]) -> tuple[tuple[str, str, str], ...]:
    """Return every legal 3-card set (sorted codes) that can be made from a spread."""
    return tuple(s for s in combinations(sorted(spread), 3) if set_payout(s) is not None)
