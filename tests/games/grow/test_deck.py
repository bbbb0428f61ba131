"""The default Grow Your Assets deck file: complete, consistent, and documented."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.cards.decks import load_deck
from companion.games.grow.checks import checks_for, consequence, describe_roll, is_dice

DECK = load_deck("grow")
GAME_CARDS = [c for c in DECK.cards if c.kind in ("green", "red", "blue", "gold")]


def test_twelve_cards_of_each_colour():
    assert Counter(c.kind for c in GAME_CARDS) == {"green": 12, "red": 12, "blue": 12, "gold": 12}


@pytest.mark.parametrize("card", GAME_CARDS, ids=lambda c: c.code)
def test_every_card_has_what_the_engine_and_printer_need(card):
    assert card.code.startswith(card.kind + "-")
    assert isinstance(card["warnings"], int) and isinstance(card["red_warnings"], int)
    if card.kind == "gold":
        assert ("plus" in card.attrs) != ("times" in card.attrs)
        assert card["red_warnings"] == 0
    else:
        assert isinstance(card["number"], int) and card["number"] > 0
    action = card["action"]
    if action is not None:
        assert action["kind"] in ("steal", "shift") and action["colour"] == card.kind and action["text"]
    face = card["face"]
    assert face["colour"] == card.kind and face["background"].startswith("#") and face["title"]
    assert face["icons"] == ["warning"] * card["warnings"] + ["red-warning"] * card["red_warnings"]
    assert face["text"] == (action["text"] if action else "")


def test_deck_has_both_warning_kinds_actions_plus_and_multiplier_cards():
    assert any(c["red_warnings"] for c in GAME_CARDS) and any(c["warnings"] for c in GAME_CARDS)
    assert {c["action"]["kind"] for c in GAME_CARDS if c["action"]} == {"steal", "shift"}
    assert sum("plus" in c.attrs for c in GAME_CARDS) == 8 and sum("times" in c.attrs for c in GAME_CARDS) == 4


def test_choices_and_readings_are_documented():
    assert len(DECK.data["choices"]) >= 5 and len(DECK.readings) >= 10
    for note in list(DECK.data["choices"]) + list(DECK.readings):
        assert note["topic"] and note["why"] and (note.get("reading") or note.get("choice"))


def test_rules_cards_print_the_bonus_tables():
    lines = " ".join(line for c in DECK.cards if c.kind == "rules" for line in c["lines"])
    assert "3:2 4:14 5:25 6:35 7+:55" in lines and "1:1 2:3 3:8 4:13 5:15 6:19 7+:24" in lines


def test_roll_words_for_the_page():
    """The page shows each roll with its consequence, e.g. 'doubles: the card is discarded'."""
    assert describe_roll("green", "warning", (3, 3)) == "doubles: the card is discarded"
    assert describe_roll("blue", "warning", (1, 1)) == "snake eyes: the whole stack is discarded"
    assert describe_roll("red", "red", (4, 4)) == "doubles on a red warning: the whole stack is discarded"
    assert describe_roll("gold", "warning", (1, 2)) == "no doubles: the card stays"
    assert consequence("gold", "warning", (1, 1)) == "card"
    assert checks_for("green-09") == ("warning", "warning") and checks_for("gold-09") == ()
    assert not is_dice((1, 2, 3)) and not is_dice("12")


def test_what_the_deck_file_says_of_action_cards_agrees_with_the_cards():
    """Issue 14: the Actions choice called every action card warning-free, yet blue-07 and red-07 carry a warning."""
    choice = next(c for c in DECK.data["choices"] if c["topic"] == "Actions")["choice"]
    reading = next(r for r in DECK.readings if r["topic"] == "Action cards with a warning (our choice)")["reading"]
    actions = [c for c in GAME_CARDS if c["action"]]
    assert all(card.code in choice for card in actions), "every action card is named in the Actions choice"
    warned = [c.code for c in actions if c["warnings"] or c["red_warnings"]]
    free = [c.code for c in actions if not (c["warnings"] or c["red_warnings"])]
    assert f"({', '.join(free)}: warning-free)" in choice
    assert f"({', '.join(warned)}: one warning each)" in choice and all(code in reading for code in warned)
