"""Property tests over random legal games (chance from a seeded random.Random outside the engine)."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.match import rules
from companion.games.match.moves import Score
from companion.games.match.record import read_record, replay, state_to_json, write_record
from companion.games.match.selfplay import random_game
from companion.games.match.scoring import score_layout
from companion.games.match.state import DRAW, PLAY, SCORE, cards_in_play, totals

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_every_card_is_in_exactly_one_place(seed):
    """In a dealt round each card of the game is in one hand, one stack, one deck or one pile, once."""
    moves = random_game(seed)
    state = rules.initial_state(moves[0])
    for move in moves[1:]:
        state = rules.apply(state, move)
        if state.tracked and state.phase in (DRAW, PLAY, SCORE):
            places = Counter(rules.card_places(state))
            assert set(places) == cards_in_play(state.advanced)
            assert max(places.values()) == 1


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_record_alone_replays_the_game(seed):
    """Chance is recorded: writing a game and replaying the text gives the same final state."""
    moves = random_game(seed)
    state = rules.initial_state(moves[0])
    for move in moves[1:]:
        state = rules.apply(state, move)
    assert replay(write_record(moves).splitlines(True)) == state
    assert [m for _, m in read_record(write_record(moves).splitlines(True))] == moves


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_totals_are_the_sum_of_the_scored_layouts(seed):
    """The scoreboard is exactly the per-round scores of what each player laid out."""
    moves = random_game(seed)
    state = replay(write_record(moves).splitlines(True))
    scores = [m for m in moves if isinstance(m, Score)]
    expected = [sum(score_layout(s.players[p]).score for s in scores) for p in state.players]
    assert list(totals(state)) == expected
    for s in scores:
        assert any(not layout.hand for layout in s.players.values())
        for layout in s.players.values():
            result = score_layout(layout)
            assert result.positive_stack >= 0 and result.stacks[0] == -result.stacks[1]


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, cut=st.integers(min_value=2, max_value=400))
def test_the_shared_summary_never_shows_a_hand_card(seed, cut):
    """Hidden hands: at any point of a round, no card in anyone's hand appears in the public summary."""
    moves = random_game(seed)[:cut]
    state = replay(write_record(moves).splitlines(True))
    text = json.dumps(state_to_json(state))
    if state.tracked and state.phase in (DRAW, PLAY):
        hidden = {c for hand in state.hands for c in hand}
        assert not any(f'"{card}"' in text for card in hidden)
