"""The BUX record contract: reading, writing, and replay errors with line numbers."""

from __future__ import annotations

import json

import pytest

from companion.errors import CompanionError, RecordError, RuleViolation
from companion.games.bux.moves import Broke, Draw, Sell, Setup, Swap
from companion.games.bux.record import move_from_json, move_to_json, read_record, replay, state_to_json, write_record
from companion.games.bux.selfplay import random_game

SETUP = {"type": "setup", "game": "bux", "players": ["Ann", "Ben", "Cat"], "first": "Ann",
         "spreads": {"Ann": ["heart-x-50", "club-oval-25", "spade-square-100"],
                     "Ben": ["diamond-circle-50", "club-x-100", "heart-oval-100"],
                     "Cat": ["spade-x-50", "diamond-oval-25", "club-circle-25"]}}


def lines(*objs) -> list[str]:
    return [json.dumps(o) + "\n" for o in objs]


def error_of(record_lines) -> CompanionError:
    with pytest.raises(CompanionError) as info:
        replay(record_lines)
    return info.value


def test_worked_example_from_the_contract():
    """Ann draws [heart-x-25, club-oval-50, bux-2, spade-circle-100], Ben wins at 40: Ben 160, Ann 240, timer 1."""
    draw = {"type": "draw", "player": "Ann", "cards": ["heart-x-25", "club-oval-50", "bux-2", "spade-circle-100"], "winner": "Ben", "price": 40}
    summary = state_to_json(replay(lines(SETUP, draw)))
    assert summary["players"]["Ben"]["chips"] == 160
    assert summary["players"]["Ann"]["chips"] == 240
    assert summary["bux_timer"] == 1 and summary["double_bux"] is False
    assert summary["turn"] == "Ben" and summary["deck"] == 1 and summary["over"] is False
    assert summary["players"]["Ben"]["spread"] == sorted(SETUP["spreads"]["Ben"] + ["heart-x-25", "club-oval-50", "spade-circle-100"])


def test_summary_sorts_cards_in_plain_string_order():
    draw = {"type": "draw", "player": "Ann", "cards": ["heart-x-25", "heart-x-100", "spade-circle-100"], "winner": None}
    summary = state_to_json(replay(lines(SETUP, draw)))
    assert summary["discard"] == ["heart-x-100", "heart-x-25", "spade-circle-100"]


@pytest.mark.parametrize(
    "bad, fragment",
    [
        ({"type": "draw", "player": "Ann", "cards": ["heart-x-25", "club-oval-50", "spade-circle-100"], "keep": False}, "Keep may only be true"),
        ({"type": "draw", "player": "Ann", "cards": ["heart-x-25", "club-oval-50", "spade-circle-100"], "winner": None, "price": 10}, "no price"),
        ({"type": "draw", "player": "Ann", "cards": ["heart-x-25", "club-oval-50", "spade-circle-100"], "winner": "Ben", "price": 10.0}, "whole number"),
        ({"type": "draw", "player": "Ann", "cards": ["heart-x-25", "club-oval-50", "spade-circle-100"], "winner": "Ben"}, "needs a price"),
        ({"type": "draw", "player": "Ann", "cards": ["Heart-x-25", "club-oval-50", "spade-circle-100"], "winner": None}, "no card Heart-x-25"),
        ({"type": "Draw", "player": "Ann"}, "Unknown line type Draw; expected setup, draw, sell, swap or broke"),
        ({"type": "sell", "player": "Ann", "sets": "nope"}, "Choose the sets to sell again"),
        ({"type": "swap", "player": "Ann", "give": "heart-x-50", "take": "club-x-100"}, "Choose the other player first"),
        ({"type": "broke"}, "Choose the player first"),
        ({"type": "swap", "player": "Ann", "give": ["heart-x-50"], "take": "club-x-100", "from": "Ben"}, "Choose the card to give first"),
        ({"type": "setup", "game": "bux"}, "Only the first line"),
    ],
)
def test_malformed_lines_fail_with_their_line_number(bad, fragment):
    error = error_of(lines(SETUP, bad))
    assert isinstance(error, RecordError)
    assert error.line == 2 and fragment in error.message


def test_illegal_line_names_the_rule_and_line():
    draw = {"type": "draw", "player": "Ann", "cards": ["heart-x-25", "club-oval-50", "spade-circle-100"], "winner": "Ben", "price": 42}
    error = error_of(lines(SETUP, draw))
    assert isinstance(error, RuleViolation) and error.line == 2 and error.rule == "bid.not_multiple"
    assert "multiple of 5" in error.message


def test_unknown_extra_keys_are_ignored():
    draw = {"type": "draw", "player": "Ann", "cards": ["heart-x-25", "club-oval-50", "spade-circle-100"], "winner": None, "note": "x", "time": 3}
    assert state_to_json(replay(lines({**SETUP, "venue": "club"}, draw)))["discard"]


def test_blank_line_is_an_error_but_a_final_newline_is_fine():
    draw = json.dumps({"type": "draw", "player": "Ann", "cards": ["heart-x-25", "club-oval-50", "spade-circle-100"], "winner": None})
    text = json.dumps(SETUP) + "\n\n" + draw + "\n"
    assert error_of(text.splitlines(True)).line == 2
    replay((json.dumps(SETUP) + "\n" + draw + "\n").splitlines(True))


def test_empty_record_fails_at_line_one():
    assert error_of([]).line == 1


def test_first_line_must_be_a_bux_setup():
    assert error_of(lines({"type": "broke", "player": "Ann"})).line == 1
    assert "for the game chess, not BUX" in error_of(lines({**SETUP, "game": "chess"})).message
    assert error_of(lines({**SETUP, "players": ["Ann", "Ben", 7]})).line == 1


def test_setup_spreads_must_name_exactly_the_players():
    spreads = dict(SETUP["spreads"])
    spreads["Dan"] = spreads.pop("Cat")
    error = error_of(lines({**SETUP, "spreads": spreads}))
    assert error.line == 1 and error.rule == "setup.spreads_players"


def test_any_line_after_the_game_ends_is_an_error():
    moves = random_game(7)
    text = write_record(moves)
    extra = json.dumps({"type": "broke", "player": moves[0].players[0]}) + "\n"
    error = error_of((text + extra).splitlines(True))
    assert error.line == len(moves) + 1 and "over" in error.message


@pytest.mark.parametrize("move", [
    Setup(players=("A", "B", "C"), first="B", spreads={"A": ("heart-x-25",), "B": (), "C": ()}),
    Draw(player="A", cards=("heart-x-25", "bux-1"), winner="B", price=15),
    Draw(player="A", cards=("heart-x-25",), all_passed=True),
    Draw(player="A", cards=("heart-x-25",), keep=True),
    Draw(player="A", cards=("bux-3",)),
    Sell(player="A", sets=(("heart-x-25", "heart-x-50", "heart-x-100"),)),
    Swap(player="A", give="heart-x-25", take="club-x-25", from_="C"),
    Broke(player="A"),
])
def test_moves_round_trip_through_json(move):
    line = move_to_json(move)
    assert move_from_json(json.loads(json.dumps(line)), first=isinstance(move, Setup)) == move


def test_write_then_read_reproduces_the_moves():
    moves = random_game(3)
    assert [m for _, m in read_record(write_record(moves).splitlines(True))] == moves


def test_read_record_on_error_hook_can_collect():
    errors = []
    got = list(read_record(lines(SETUP, {"type": "nope"}, {"type": "broke", "player": "Ann"}), on_error=errors.append))
    assert [n for n, _ in got] == [1, 3]
    assert [e.line for e in errors] == [2]
