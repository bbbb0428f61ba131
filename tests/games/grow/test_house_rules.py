"""Grow's house rules (issue 36): each switchable reading changes what a record does, replayed both ways.

Each record below is a short real game; its setup line is given once by the
defaults and once with the house rule switched, and the two replays differ.
"""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import RecordError, RuleViolation
from companion.games.grow import rules
from companion.games.grow.record import read_record, replay, write_record
from companion.games.grow.selfplay import Style, random_game
from companion.games.grow.state import DECK, RED_WARNINGS, OVER, phase
from companion.games.house import played_with
from tests.games.grow.conftest import assert_conserved

PLAYERS = ["Ann", "Ben", "Cat"]
BIDS = {"type": "reveal_bids", "bids": {"Ann": 3, "Ben": 2, "Cat": 1}}


def _round(cards, *picks_and_rolls):
    """A round of three: the row drawn, Ann > Ben > Cat bidding, then the given lines."""
    return [{"type": "draw", "cards": list(cards)}, BIDS, *picks_and_rolls]


def _pick(player, card, stack=None):
    line = {"type": "pick", "player": player, "card": card}
    return {**line, "stack": stack} if stack else line


def _roll(player, a, b):
    return {"type": "roll", "player": player, "dice": [a, b]}


def _replay(lines, house=None):
    setup = {"type": "setup", "game": "grow", "players": PLAYERS, **({"rules": house} if house else {})}
    return replay([json.dumps(line) + "\n" for line in [setup, *lines]])


def _held(state, player):
    return state.holdings[state.seat(player)]


# Ann puts blue-09 (two warnings) on her blue-02: 3-3 discards the card, then snake eyes.
WARNING_ROLLS = [
    *_round(["blue-02", "green-02", "green-03"], _pick("Ann", "blue-02"), _pick("Ben", "green-02"), _pick("Cat", "green-03")),
    *_round(["blue-09", "green-04", "red-02"], _pick("Ann", "blue-09", "blue-02"), _roll("Ann", 3, 3)),
]


def test_warning_rolls_continue_after_the_card_is_gone_and_snake_eyes_take_its_stack():
    by_default = _replay(WARNING_ROLLS)
    assert _held(by_default, "Ann").blue == (("blue-02",),) and by_default.pending is None
    switched = _replay([*WARNING_ROLLS, _roll("Ann", 1, 1)], {"warning-rolls": "continue"})
    assert _held(switched, "Ann").blue == () and switched.discard == ("blue-09", "blue-02")
    # The roll the house rule adds is no roll by the default reading: that record is refused at its line.
    with pytest.raises(RuleViolation, match="line 11: Not now"):
        _replay([*WARNING_ROLLS, _roll("Ann", 1, 1)])
    # Other doubles on the later roll cost nothing more: the card is already gone.
    kept = _replay([*WARNING_ROLLS, _roll("Ann", 4, 4)], {"warning-rolls": "continue"})
    assert _held(kept, "Ann").blue == (("blue-02",),) and kept.pending is None


def test_a_card_alone_in_its_stack_owes_no_later_roll_even_by_the_literal_reading():
    alone = [*_round(["blue-09", "green-02", "green-03"], _pick("Ann", "blue-09"), _roll("Ann", 3, 3))]
    state = _replay(alone, {"warning-rolls": "continue"})
    assert state.pending is None and rules.to_move(state) == "Ben"


# Ann holds blue-02 and blue-03 apart; blue-07 (shift, one warning) is discarded by 2-2.
ACTIONS = [
    *_round(["blue-02", "green-02", "green-03"], _pick("Ann", "blue-02"), _pick("Ben", "green-02"), _pick("Cat", "green-03")),
    *_round(["blue-03", "green-04", "red-02"], _pick("Ann", "blue-03"), _pick("Ben", "green-04"), _pick("Cat", "red-02")),
    *_round(["blue-07", "red-03", "red-04"], _pick("Ann", "blue-07"), _roll("Ann", 2, 2)),
]
SHIFT = {"type": "act", "player": "Ann", "card": "blue-03", "from": "Ann", "stack": "blue-02"}


def test_a_discarded_cards_action_is_taken_only_by_the_house_rule():
    by_default = _replay(ACTIONS)
    assert by_default.pending is None and rules.to_move(by_default) == "Ben"
    with pytest.raises(RuleViolation, match="line 16: Not now"):
        _replay([*ACTIONS, SHIFT])
    switched = _replay([*ACTIONS, SHIFT], {"discarded-card-action": "taken"})
    assert "blue-07" in switched.discard
    assert _held(switched, "Ann").blue == (("blue-02", "blue-03"),)
    assert _held(by_default, "Ann").blue == (("blue-02",), ("blue-03",))


def test_a_gold_red_warning_takes_the_gold_stack_only_by_the_house_rule(monkeypatch):
    """The deck has no gold red warning: this edits one in, as a group with its own deck would (deck file: red_warnings)."""
    monkeypatch.setitem(RED_WARNINGS, "gold-05", 1)
    record = [
        *_round(["gold-02", "green-02", "green-03"], _pick("Ann", "gold-02"), _pick("Ben", "green-02"), _pick("Cat", "green-03")),
        *_round(["gold-05", "green-04", "red-02"], _pick("Ann", "gold-05"), _roll("Ann", 2, 3), _roll("Ann", 4, 4)),
    ]
    by_default = _replay(record)
    assert _held(by_default, "Ann").gold == ("gold-02",) and by_default.discard == ("gold-05",)
    switched = _replay(record, {"gold-red-warnings": "stack"})
    assert _held(switched, "Ann").gold == () and set(switched.discard) == {"gold-02", "gold-05"}


def test_the_setup_line_keeps_only_switched_rules_and_a_default_game_has_no_rules_key():
    moves = random_game(3, 3)
    assert '"rules"' not in write_record(moves).splitlines()[0]
    moves = random_game(3, 3, house={"warning-rolls": "continue"})
    first = json.loads(write_record(moves).splitlines()[0])
    assert first["rules"] == {"warning-rolls": "continue"}
    assert [m for _, m in read_record(write_record(moves).splitlines(keepends=True))] == moves
    given = {"type": "setup", "game": "grow", "players": PLAYERS, "rules": {"warning-rolls": "stop"}}
    assert dict(replay([json.dumps(given)]).rules) == {}


def test_a_bad_rule_in_a_setup_line_is_refused():
    with pytest.raises(RecordError, match="warning-rolls can be continue, stop, not sometimes"):
        _replay([], {"warning-rolls": "sometimes"})


def test_played_with_names_the_switched_choices():
    state = _replay([], {"warning-rolls": "continue", "discarded-card-action": "taken"})
    assert [words for _rule, words in played_with(DECK, state.rules)] == [
        "every warning is rolled, even after the card is gone", "a discarded card's action is still taken"]


COMBINATIONS = [dict(zip((r.name for r in DECK.house_rules), values))
                for values in itertools.product(*(sorted(r.choices) for r in DECK.house_rules))]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.sampled_from([2, 3, 4]),
       house=st.sampled_from(COMBINATIONS), act=st.sampled_from([0.0, 1.0]))
def test_every_combination_of_house_rules_conserves_tokens_and_cards(seed, players, house, act):
    moves = random_game(seed, players, Style(act=act), house=house)
    state = rules.initial_state(moves[0])
    for move in moves[1:]:
        state = rules.apply(state, move)
        assert_conserved(state, players)
    assert phase(state) == OVER
    assert replay(write_record(moves).splitlines(keepends=True)) == state
