"""Properties of random legal cat auction games (Hypothesis picks the seeds and table sizes)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.cats import rules
from companion.games.cats.record import read_record, replay, state_to_json, view_for, write_record
from companion.games.cats.selfplay import random_game
from companion.games.cats.moves import Bid
from companion.games.cats.state import ALL_CARDS, OVER, bid_value, in_game

seeds = st.integers(min_value=0, max_value=2**32 - 1)
sizes = st.integers(min_value=2, max_value=4)


def states(moves):
    """Yield the state after each move of a game."""
    state = rules.initial_state(moves[0])
    yield state
    for move in moves[1:]:
        state = rules.apply(state, move)
        yield state


@settings(max_examples=40, deadline=None)
@given(seeds, sizes)
def test_every_card_is_in_exactly_one_place(seed, players):
    for state in states(random_game(seed, players)):
        places = [*state.hands, state.bank, state.prize, state.discard, set(state.lot), set(state.penalties), set(state.middle)]
        assert sum(len(p) for p in places) == len(ALL_CARDS)
        assert frozenset().union(*places) == ALL_CARDS


@settings(max_examples=40, deadline=None)
@given(seeds, sizes)
def test_players_out_stay_out_and_never_act(seed, players):
    moves = random_game(seed, players)
    out: frozenset[int] = frozenset()
    for move, state in zip(moves[1:], list(states(moves))[:-1]):
        player = getattr(move, "player", None)
        if player is not None:
            assert state.seat(player) not in state.out
    for state in states(moves):
        assert out <= state.out
        out = state.out
        assert all(not state.hands[s] for s in state.out), "a player out never gets cards again"
        assert len(in_game(state)) >= 1


@settings(max_examples=30, deadline=None)
@given(seeds, sizes)
def test_every_game_ends_with_one_winner(seed, players):
    final = list(states(random_game(seed, players)))[-1]
    assert rules.is_over(final)
    result = rules.outcome(final)
    assert len(result.winners) == 1 and final.players.index(result.winners[0]) not in final.out


@settings(max_examples=30, deadline=None)
@given(seeds, sizes)
def test_export_then_replay_reproduces_the_state(seed, players):
    moves = random_game(seed, players)
    text = write_record(moves)
    assert [m for _, m in read_record(text.splitlines(True))] == moves
    assert replay(text.splitlines(True)) == list(states(moves))[-1]


@settings(max_examples=25, deadline=None)
@given(seeds, sizes)
def test_no_seat_sees_another_seats_hand_while_the_game_runs(seed, players):
    """Hidden hands: view_for(state, seat) shows only that seat's own cards (and a lot it peeked at)."""
    for state in states(random_game(seed, players)):
        if state.phase == OVER:
            continue
        shared = json.dumps(state_to_json(state))
        assert not any(code in shared for hand in state.hands for code in hand)
        assert not any(code in shared for code in state.lot)
        for seat, name in enumerate(state.players):
            view = json.dumps(view_for(state, name), ensure_ascii=False)
            others = set().union(*(h for s, h in enumerate(state.hands) if s != seat)) - state.hands[seat]
            assert not any(f'"{code}"' in view for code in others)


@settings(max_examples=30, deadline=None)
@given(seeds, sizes)
def test_number_bids_at_a_numeric_stake_at_least_double_it(seed, players):
    moves = random_game(seed, players)
    for move, before in zip(moves[1:], states(moves)):
        if isinstance(move, Bid):
            assert not before.golden
            assert bid_value(move.cards) >= 2 * before.stake
