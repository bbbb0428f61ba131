"""Set payouts, protection and the best partition of a bag of sold cards."""

from __future__ import annotations

import doctest
import random
from itertools import combinations

import pytest

from companion.games.bux import scoring
from companion.games.bux.scoring import best_partition, is_protected, set_payout
from companion.games.bux.state import PLAYING_CARDS


def test_doctests():
    assert doctest.testmod(scoring).failed == 0


def test_sheet_protection_example():
    """The sheet's A-F spread: A, B and F protected; C, D and E not."""
    spread = {"A": "heart-x-25", "B": "club-circle-50", "C": "spade-x-100", "D": "club-oval-25", "E": "diamond-square-50", "F": "heart-circle-100"}
    cards = list(spread.values())
    protected = {name for name, card in spread.items() if is_protected(cards, card)}
    assert protected == {"A", "B", "F"}


def test_identical_cards_protect_each_other():
    """'Identical cards automatically protect each other.'"""
    cards = ["heart-x-25", "heart-x-100", "club-oval-50"]
    assert is_protected(cards, "heart-x-25") and is_protected(cards, "heart-x-100")
    assert not is_protected(cards, "club-oval-50")


def test_single_card_is_never_protected():
    assert not is_protected(["heart-x-25"], "heart-x-25")


def test_payout_agrees_with_rules_over_every_triple_of_one_suit():
    hearts = [c for c in PLAYING_CARDS if c.startswith("heart-")]
    for triple in combinations(hearts, 3):
        shapes = {c.split("-")[1] for c in triple}
        values = sum(int(c.split("-")[2]) for c in triple)
        expected = 500 if len(shapes) == 1 else values
        assert set_payout(triple) == expected
        assert set_payout(triple, double=True) == 2 * expected


def test_best_partition_prefers_the_higher_paying_grouping():
    # Six hearts: x-25/x-50/x-100 is perfect (500); grouping by mixed matches pays less.
    bag = ["heart-x-25", "heart-x-50", "heart-x-100", "heart-oval-25", "heart-oval-50", "heart-oval-100"]
    best = best_partition(bag)
    assert best.payout == 1000
    assert sorted(map(sorted, best.sets)) == sorted([sorted(bag[:3]), sorted(bag[3:])])
    assert best_partition(bag, double=True).payout == 2000


def test_best_partition_uses_every_card_or_says_none():
    assert best_partition(["heart-x-25", "heart-x-50"]) is None
    assert best_partition(["heart-x-25", "heart-x-50", "heart-x-100", "club-oval-25", "spade-circle-50", "diamond-square-100"]) is None
    assert best_partition([]).payout == 0


def _brute_force(bag: tuple[str, ...]) -> int | None:
    """Try every grouping (the first card with every legal pair of the rest)."""
    if not bag:
        return 0
    best = None
    for a, b in combinations(bag[1:], 2):
        pay = set_payout((bag[0], a, b))
        if pay is None:
            continue
        rest = _brute_force(tuple(c for c in bag[1:] if c not in (a, b)))
        if rest is not None and (best is None or pay + rest > best):
            best = pay + rest
    return best


@pytest.mark.parametrize("size", [6, 9, 12])
def test_best_partition_matches_brute_force(size):
    rng = random.Random(size)
    hearts_and_xs = [c for c in PLAYING_CARDS if c.startswith("heart-") or "-x-" in c]
    for trial in range(80):
        pool = hearts_and_xs if trial % 2 else PLAYING_CARDS  # dense pools have many partitions
        bag = tuple(rng.sample(pool, size))
        best = best_partition(bag)
        assert (best.payout if best else None) == _brute_force(bag)
        if best:
            assert sorted(c for s in best.sets for c in s) == sorted(bag)
            assert all(set_payout(s) is not None for s in best.sets)


def test_best_partition_of_the_whole_deck_is_sixteen_perfect_matches():
    assert best_partition(PLAYING_CARDS).payout == 16 * 500
