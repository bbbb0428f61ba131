"""Scoring exactly per the sheet: every row of both bonus tables, gold products, and input checks."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError, RuleViolation
from companion.games.grow.scoring import gold_score, score_cards, score_holdings, score_numbers, stack_bonus
from companion.games.grow.state import Holdings


@pytest.mark.parametrize("size, bonus", [(1, 0), (2, 0), (3, 2), (4, 14), (5, 25), (6, 35), (7, 55), (8, 55), (12, 55)])
def test_blue_stack_bonus(size, bonus):
    """Blue: 'One = 0, Two = 0, Three = 2, Four = 14, Five = 25, Six = 35, Seven or more = 55'."""
    assert stack_bonus("blue", size) == bonus
    # The numbers on the cards score on top of the bonus.
    assert score_numbers([], [[1] * size], [], [], [])["blue"] == size + bonus  # arithmetic only: the deck has three blue 1s


@pytest.mark.parametrize("size, bonus", [(1, 1), (2, 3), (3, 8), (4, 13), (5, 15), (6, 19), (7, 24), (8, 24), (12, 24)])
def test_red_stack_bonus(size, bonus):
    """Red: 'One = 1, Two = 3, Three = 8, Four = 13, Five = 15, Six = 19, Seven or more = 24'."""
    assert stack_bonus("red", size) == bonus
    assert score_numbers([], [], [[2] * size], [], [])["red"] == 2 * size + bonus


def test_bonus_is_per_stack():
    """'Score bonus points for the number of cards in each stack.'"""
    # Two blue stacks of 2 score no bonus; one stack of 4 scores 14.
    assert score_holdings({"P": {"blue": [[1, 1], [2, 2]]}})["P"]["blue"] == 6
    assert score_holdings({"P": {"blue": [[1, 1, 2, 2]]}})["P"]["blue"] == 6 + 14
    assert score_holdings({"P": {"red": [[3], [4, 5], [1, 1, 2]]}})["P"]["red"] == (3 + 1) + (9 + 3) + (4 + 8)


def test_green_scores_the_numbers():
    """Green: 'Score the number shown on the card.'"""
    assert score_holdings({"P": {"green": [2, 7, 15]}})["P"] == {"green": 24, "blue": 0, "red": 0, "gold": 0, "total": 24}


def test_gold_plus_times_each_multiplier():
    """'First, add up the total of all your plus (+) gold cards. Then, multiply that number by each multiplication (x) gold card.'"""
    assert gold_score([1, 2, 4], [2]) == 14
    assert gold_score([1, 2, 4], [2, 3]) == 42
    assert gold_score([5], []) == 5


def test_gold_multipliers_alone_are_worth_zero():
    """'Multiplication gold cards are worth zero without any plus gold cards.'"""
    assert gold_score([], [2, 3]) == 0
    assert score_holdings({"P": {"gold_times": [3]}})["P"]["total"] == 0


def test_hand_computed_table():
    """Two players' holdings, scored by hand:

    Ann: green 5+7=12; blue [1,2,3,4] = 10+14 = 24; red [6] = 6+1 = 7; gold (2+3)x2 = 10; total 53.
    Ben: green 0; blue [1,1,2,2,3,3,5] = 17+55 = 72, [6] = 6; red [1,2,3] = 6+8 = 14, [4,4] = 8+3 = 11; gold 0x3 = 0; total 103.
    """
    data = {
        "Ann": {"green": [5, 7], "blue": [[1, 2, 3, 4]], "red": [[6]], "gold_plus": [2, 3], "gold_times": [2]},
        "Ben": {"green": [], "blue": [[1, 1, 2, 2, 3, 3, 5], [6]], "red": [[1, 2, 3], [4, 4]], "gold_plus": [], "gold_times": [3]},
    }
    assert score_holdings(data) == {
        "Ann": {"green": 12, "blue": 24, "red": 7, "gold": 10, "total": 53},
        "Ben": {"green": 0, "blue": 78, "red": 25, "gold": 0, "total": 103},
    }


def test_score_cards_reads_the_deck_numbers():
    """Held cards score through the deck file: green-12 is 15, blue-01..04 are 1,1,1,2, red-12 is 7, gold-08 +5, gold-12 x3."""
    held = Holdings(green=("green-12",), blue=(("blue-01", "blue-02", "blue-03", "blue-04"),), red=(("red-12",),),
                    gold=("gold-08", "gold-12"))
    assert score_cards(held) == {"green": 15, "blue": 5 + 14, "red": 7 + 1, "gold": 15, "total": 15 + 19 + 8 + 15}


@pytest.mark.parametrize("data, words", [
    ([], "JSON object"),
    ({}, "at least one player"),
    ({"P": [1, 2]}, "'P': holdings must be an object"),
    ({"P": {"gren": [1]}}, "unknown key 'gren'"),
    ({"P": {"green": 5}}, "'P' green: must be a list"),
    ({"P": {"green": [1, "2"]}}, "'2' is not a whole number"),
    ({"P": {"green": [1.5]}}, "1.5 is not a whole number"),
    ({"P": {"green": [True]}}, "True is not a whole number"),
    ({"P": {"green": [-1]}}, "-1 is below 0"),
    ({"P": {"blue": [1, 2]}}, "'P' blue: must be a list of stacks"),
    ({"P": {"red": [[]]}}, "stack 1 is empty"),
    ({"P": {"red": [[1], [2, None]]}}, "'P' red stack 2: None is not a whole number"),
    ({"P": {"gold_times": [0]}}, "gold_times: 0 is below 1"),
])
def test_bad_holdings_get_a_clear_message(data, words):
    with pytest.raises(CompanionError) as info:
        score_holdings(data)
    assert words in info.value.message


def test_stack_bonus_rejects_empty_stack():
    with pytest.raises(ValueError):
        stack_bonus("red", 0)


@pytest.mark.parametrize("data, rule, fragment", [
    ({"P": {"green": [100]}}, "score.not_in_deck", "green: the deck has no card of 100"),
    ({"P": {"gold_times": [7]}}, "score.not_in_deck", "gold times: the deck has no card of 7"),
    ({"P": {"blue": [[1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 5, 6, 1]]}}, "score.too_many_cards", "blue 1 is shown 4 times, but the deck has only 3"),
    ({"P": {"green": [15]}, "Q": {"green": [15]}}, "score.too_many_cards", "only 1 such card"),
    ({f"P{i}": {} for i in range(100)}, "score.player_count", "not 100"),
])
def test_holdings_no_deck_can_hold_are_refused(data, rule, fragment):
    """Issue 14: green 100, gold x7 and 13 cards in one blue stack (the deck has 12) were scored."""
    with pytest.raises(RuleViolation) as info:
        score_holdings(data)
    assert info.value.rule == rule and fragment in info.value.message
