"""Chip denominations and making change."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

import companion.chips as chips
from companion.chips import CHIPS, STARTING_CHIPS, STARTING_STACK, make_change


def test_doctests():
    assert doctest.testmod(chips).failed == 0


def test_starting_stack_is_200():
    """'Each player gets 200 BUX chips- 4 white, 3 silver, 1 gold, and 1 black.'"""
    assert STARTING_STACK == {"White": 4, "Silver": 3, "Gold": 1, "Black": 1}
    assert STARTING_CHIPS == 200
    assert {c.name: c.value for c in CHIPS} == {"White": 5, "Silver": 10, "Gold": 50, "Black": 100, "Red": 1000}


@given(st.integers(0, 10**6).map(lambda n: n * 5))
def test_change_adds_up_with_fewest_chips(amount):
    change = make_change(amount)
    assert sum(chip.value * n for chip, n in change) == amount
    # Greedy is optimal for this canonical system: no denomination used more than it must be.
    for chip, n in change:
        bigger = [c for c in CHIPS if c.value > chip.value]
        assert all(n * chip.value < c.value or c.value % chip.value for c in bigger) or chip.name == "Red"


@pytest.mark.parametrize("bad", [-5, 7, 2.5, "10", True])
def test_bad_amounts_are_refused(bad):
    with pytest.raises(ValueError):
        make_change(bad)
