"""Small BUX states built by hand, so each rule test exercises exactly one rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.bux import rules
from companion.games.bux.moves import Setup

SPREADS = {
    "Ann": ("heart-x-25", "heart-oval-50", "club-x-100"),
    "Ben": ("spade-circle-25", "spade-circle-50", "diamond-square-100"),
    "Cat": ("club-oval-25", "diamond-x-50", "heart-square-100"),
}


def make_state(first: str = "Ann", **changes):
    """Return a fresh 3-player state (Ann, Ben, Cat), then apply field `changes`.

    `spreads` may be given as {name: cards}; it replaces the dealt spreads as they are.
    """
    setup = Setup(players=("Ann", "Ben", "Cat"), first=first, spreads=dict(SPREADS))
    state = rules.initial_state(setup)
    if "spreads" in changes and isinstance(changes["spreads"], dict):
        changes["spreads"] = tuple(frozenset(changes["spreads"][p]) for p in state.players)
    return replace(state, **changes)


@pytest.fixture
def state():
    return make_state()
