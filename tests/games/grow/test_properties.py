"""Properties of random legal games (Hypothesis picks the seeds; selfplay plays the game)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.grow import rules
from companion.games.grow.record import read_record, replay, write_record
from companion.games.grow.selfplay import Style, random_game
from companion.games.grow.state import OVER, phase
from tests.games.grow.conftest import assert_conserved

seeds = st.integers(min_value=0, max_value=2**32 - 1)
player_counts = st.sampled_from([2, 3, 4])
styles = st.builds(Style, bid_share=st.sampled_from([0.0, 0.3, 1.0]), act=st.sampled_from([0.0, 1.0]),
                   break_token=st.sampled_from([0.0, 0.2]))


def states(moves):
    state = rules.initial_state(moves[0])
    yield state
    for move in moves[1:]:
        state = rules.apply(state, move)
        yield state


@settings(max_examples=40, deadline=None)
@given(seed=seeds, players=player_counts, style=styles)
def test_tokens_are_conserved_and_every_card_is_in_exactly_one_place(seed, players, style):
    moves = random_game(seed, players, style)
    for state in states(moves):
        assert_conserved(state, players)
    assert phase(state) == OVER
    assert len(rules.card_places(state)) == 48


@settings(max_examples=25, deadline=None)
@given(seed=seeds, players=player_counts)
def test_export_then_replay_reproduces_every_state(seed, players):
    moves = random_game(seed, players)
    text = write_record(moves)
    assert [m for _, m in read_record(text.splitlines(keepends=True))] == moves
    assert replay(text.splitlines(keepends=True)) == list(states(moves))[-1]


@settings(max_examples=25, deadline=None)
@given(seed=seeds, players=player_counts)
def test_game_length_and_end(seed, players):
    """Every round draws one card per player; the game ends when fewer cards remain than players."""
    moves = random_game(seed, players)
    final = list(states(moves))[-1]
    deck_size = 48 - (8 if players == 2 else 0)
    assert final.rounds == deck_size // players
    result = rules.outcome(final)
    totals = {p: s["total"] for p, s in rules.scores(final).items()}
    assert set(result.winners) == {p for p, t in totals.items() if t == max(totals.values())}


@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_views_never_show_removed_cards(seed):
    moves = random_game(seed, 2)
    removed = moves[0].removed
    for state in states(moves):
        for viewer in (None, *state.players):
            text = json.dumps(rules.view_for(state, viewer))
            assert not any(f'"{card}"' in text for card in removed)


@settings(max_examples=25, deadline=None)
@given(seed=seeds, players=player_counts)
def test_listed_legal_moves_are_legal(seed, players):
    for state in list(states(random_game(seed, players)))[::7]:
        for move in rules.legal_moves(state):
            assert rules.can(state, move), move
