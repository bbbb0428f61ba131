"""Properties of random legal BUX games (Hypothesis picks the seeds and table styles).

At least 300 complete games per run: chips conserved, every card in exactly
one place, spreads a multiple of 3 after every settled draw or sale, and the
record round-trips.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.bux import rules
from companion.games.bux.moves import Draw
from companion.games.bux.record import read_record, replay, state_to_json, write_record
from companion.games.bux.selfplay import Style, random_game
from companion.games.bux.state import ALL_CARDS, STARTING_CHIPS, draw_deck

styles = st.builds(
    Style,
    sell=st.floats(0.0, 1.0),
    swap=st.floats(0.0, 0.6),
    keep=st.floats(0.0, 1.0),
    all_pass=st.floats(0.0, 1.0),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 5), style=styles)
def test_random_games_keep_every_invariant(seed, players, style):
    moves = random_game(seed, players, style)
    state = rules.initial_state(moves[0])
    for move in moves[1:]:
        before = state
        state = rules.apply(state, move)
        # Chips: players' total == starting total + the bank's net payout.
        assert sum(state.chips) == STARTING_CHIPS * players + state.bank_paid
        assert all(c >= 0 for c in state.chips)
        # Every one of the 51 cards is in exactly one place.
        places = [*state.spreads, state.discard, state.timers_out, draw_deck(state)]
        if not state.over:
            assert sum(len(p) for p in places) == len(ALL_CARDS) == 51
            assert frozenset().union(*places) == ALL_CARDS
        # Spreads grow and shrink by whole sets, except a swap (1 for 1).
        for a, b in zip(before.spreads, state.spreads):
            assert (len(b) - len(a)) % 3 == 0
    assert state.over and state.deck == 3
    assert rules.outcome(state).winners
    # The record round-trips: written, read and replayed to the same state.
    text = write_record(moves)
    assert [m for _, m in read_record(text.splitlines(True))] == moves
    assert replay(text.splitlines(True)) == state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_spreads_are_always_multiples_of_three(seed):
    """'Spreads have multiples of three cards (3, 6, 9, 12...).'"""
    moves = random_game(seed)
    state = rules.initial_state(moves[0])
    for move in moves[1:]:
        state = rules.apply(state, move)
        assert all(len(s) % 3 == 0 for s in state.spreads)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_bids_pay_between_players_and_sales_come_from_the_bank(seed):
    moves = random_game(seed)
    state = rules.initial_state(moves[0])
    for move in moves[1:]:
        after = rules.apply(state, move)
        if isinstance(move, Draw) and move.winner and move.winner != move.player:
            assert after.bank_paid == state.bank_paid
            assert sum(after.chips) == sum(state.chips)
        state = after
    assert state_to_json(state)["winners"] == [p for p, c in zip(state.players, state.chips) if c == max(state.chips)]
