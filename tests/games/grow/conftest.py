"""Small Grow Your Assets states built by hand, so each rule test exercises exactly one rule."""

from __future__ import annotations

from dataclasses import replace

from companion.games.grow import rules
from companion.games.grow.moves import Setup
from companion.games.grow.state import ALL_CARDS, START_TOKENS, GrowState, Holdings

# Two of each colour, for two-player setups.
REMOVED_2P = ("green-03", "green-04", "red-03", "red-04", "blue-03", "blue-04", "gold-05", "gold-06")


def make_state(players=("Ann", "Ben", "Cat"), *, holdings: dict | None = None, **changes) -> GrowState:
    """Return a fresh state for `players`, then apply field `changes`.

    `holdings` may be given as {name: Holdings}; players not named hold nothing.
    """
    setup = Setup(players=tuple(players), removed=REMOVED_2P if len(players) == 2 else ())
    state = rules.initial_state(setup)
    if holdings:
        changes["holdings"] = tuple(holdings.get(p, Holdings()) for p in state.players)
    return replace(state, **changes)


def picking(players=("Ann", "Ben", "Cat"), row=("green-02", "red-02", "blue-02"), order=None, **changes) -> GrowState:
    """Return a state waiting for the first pick of a round: `row` face up, order settled (seat order by default)."""
    order = order or tuple((p,) for p in players)
    bids = {p: 0 for p in players}
    return make_state(players, row=tuple(row), bids=bids, order=tuple(order), rounds=1, **changes)


def play(state: GrowState, *moves) -> GrowState:
    """Return the state after applying `moves` in order through the engine."""
    for move in moves:
        state = rules.apply(state, move)
    return state


def assert_conserved(state: GrowState, players: int) -> None:
    """Assert that no token was made or lost, no stack is empty, and every card lies in exactly one place.

    The conservation check of every random game: test_properties plays the defaults, test_house_rules every
    combination of house rules.
    """
    assert sum(t.worth for t in state.tokens) + state.bank == START_TOKENS * players
    assert all(t.blue >= 0 and t.black >= 0 for t in state.tokens)
    places: list[str] = [*state.removed, *state.row, *state.discard]
    for held in state.holdings:
        places += list(held.green) + list(held.gold) + [c for s in held.red + held.blue for c in s]
        assert all(s for s in held.red + held.blue), "no empty stacks"
    assert len(places) == len(set(places)), "a card is in two places"
    assert set(rules.card_places(state)) == ALL_CARDS
