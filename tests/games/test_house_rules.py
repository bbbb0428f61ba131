"""House rules (issue 36): a deck's switchable readings, a setup line's choices checked, defaults kept out of records."""

from __future__ import annotations

import pytest

from companion.cards.decks import parse_deck
from companion.errors import CompanionError, RecordError
from companion.games.house import house_rule, parse_rule_options, played_with, read_house_rules
from companion.games.wording import render

DECK = parse_deck({
    "game": "toy", "cards": [{"code": "a", "kind": "x"}],
    "readings": [
        {"topic": "Rolls", "reading": "stop", "rule": {"name": "rolls", "default": "stop",
                                                       "choices": {"stop": "rolls stop once the card is gone",
                                                                   "continue": "rolls go on after the card is gone"}}},
        {"topic": "Winner", "reading": "shared"},
    ],
})


def test_only_readings_with_a_rule_are_switchable():
    assert [rule.name for rule in DECK.house_rules] == ["rolls"]
    assert DECK.house_rules[0].topic == "Rolls"


def test_a_default_choice_is_not_recorded_and_a_switched_one_is():
    assert dict(read_house_rules(DECK, None)) == {}
    assert dict(read_house_rules(DECK, {"rolls": "stop"})) == {}
    chosen = read_house_rules(DECK, {"rolls": "continue"})
    assert dict(chosen) == {"rolls": "continue"}
    assert house_rule(DECK, chosen, "rolls") == "continue"
    assert house_rule(DECK, {}, "rolls") == "stop"
    assert [(rule.name, words) for rule, words in played_with(DECK, chosen)] == [("rolls", "rolls go on after the card is gone")]
    assert played_with(DECK, {}) == ()


@pytest.mark.parametrize("given, words", [
    ({"dice": "two"}, "no house rule called dice; it has: rolls"),
    ({"rolls": "sometimes"}, "rolls can be continue, stop, not sometimes"),
    ({"rolls": 3}, "not 3"),
    (["rolls"], "names with their choices"),
])
def test_a_bad_choice_is_refused_in_words_in_both_languages(given, words):
    with pytest.raises(RecordError) as refused:
        read_house_rules(DECK, given)
    assert words in str(refused.value)
    assert "{" not in render(refused.value, "ru") and render(refused.value, "ru") != str(refused.value)


def test_a_game_without_house_rules_says_so():
    plain = parse_deck({"game": "plain", "cards": [{"code": "a", "kind": "x"}]})
    with pytest.raises(RecordError, match="no house rules"):
        read_house_rules(plain, {"rolls": "continue"})


def test_command_line_words():
    assert dict(parse_rule_options(DECK, ["rolls=continue"])) == {"rolls": "continue"}
    with pytest.raises(CompanionError, match="NAME=VALUE"):
        parse_rule_options(DECK, ["rolls"])


def test_a_deck_rule_without_its_default_among_the_choices_is_refused():
    with pytest.raises(CompanionError, match="default among them"):
        _ = parse_deck({"game": "bad", "cards": [], "readings": [
            {"topic": "T", "rule": {"name": "r", "default": "x", "choices": {"a": "A", "b": "B"}}}]}).house_rules
