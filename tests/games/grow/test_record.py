"""The Grow Your Assets record: golden records, round trips, and errors with line numbers."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.errors import CompanionError, RecordError, RuleViolation
from companion.games import find_game
from companion.games.grow.moves import Act, Break, Decline, Draw, Pick, RevealBids, Roll, Setup, Tiebreak
from companion.games.grow.record import move_from_json, move_to_json, read_record, replay, state_to_json, write_record
from companion.games.grow.selfplay import random_game

from .regenerate_records import RECORDS, expected_text

GOLDEN = sorted(RECORDS.glob("grow-*.jsonl"))


def test_there_are_golden_records():
    assert {p.stem for p in GOLDEN} >= {"grow-2p", "grow-4p", "grow-joe-moe"}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_record_replays_to_its_expectation(path: Path):
    """Regenerate with `python -m tests.games.grow.regenerate_records` after a reviewed engine change."""
    expected = path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8")
    assert expected_text(path) == expected
    # Through the registry too, as `companion replay` does it.
    game = find_game("grow")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert game.state_to_json(game.replay(lines)) == json.loads(expected)


def test_selfplayed_golden_games_are_finished():
    for name in ("grow-2p", "grow-4p"):
        summary = json.loads((RECORDS / f"{name}.expected.json").read_text(encoding="utf-8"))
        assert summary["over"] and summary["winners"] and summary["phase"] == "over"


def test_joe_moe_record_shows_the_sheet_example_and_both_tie_rules():
    summary = json.loads((RECORDS / "grow-joe-moe.expected.json").read_text(encoding="utf-8"))
    joe, moe = summary["players"]["Joe"], summary["players"]["Moe"]
    # Joe: -1 (kept 2 of 3), then first after the dice: -4.  Moe: -5, -2 (lost the dice: half of 4), -1.
    assert joe["tokens"]["worth"] == 15 - 1 - 4 and moe["tokens"]["worth"] == 15 - 5 - 2 - 1
    assert summary["bank"] == 13
    assert summary["discard"] == ["blue-05", "blue-06"], "snake eyes discarded Joe's whole blue stack"
    assert moe["green"] == ["green-12"] and moe["score"]["total"] == 15 + 2


MOVES = [
    Setup(players=("Joe", "Moe"), removed=("green-01", "green-02", "red-01", "red-02", "blue-01", "blue-02", "gold-01", "gold-02")),
    Setup(players=("A", "B", "C")),
    Draw(cards=("green-03", "red-04")),
    RevealBids(bids={"Joe": 3, "Moe": 5}),
    Tiebreak(rolls={"Joe": (1, 2), "Moe": (6, 6)}),
    Pick(player="Joe", card="red-05"),
    Pick(player="Joe", card="red-05", stack="red-07"),
    Roll(player="Moe", dice=(1, 1)),
    Act(player="Moe", card="blue-03", from_="Joe", stack="blue-06"),
    Act(player="Moe", card="red-03", from_="Moe"),
    Decline(player="Joe"),
    Break(player="Moe"),
]


@pytest.mark.parametrize("move", MOVES, ids=lambda m: type(m).__name__)
def test_every_move_round_trips_through_json(move):
    line = json.loads(json.dumps(move_to_json(move)))
    assert move_from_json(line, first=isinstance(move, Setup)) == move


@pytest.mark.parametrize("line, words", [
    ({"type": "deal"}, "Unknown line type deal"),
    ({"type": "draw", "cards": ["green-01", "green-99"]}, "no card green-99"),
    ({"type": "draw", "cards": "green-01"}, "Choose the cards again"),
    ({"type": "reveal_bids", "bids": [3, 5]}, "Give each player's value"),
    ({"type": "reveal_bids", "bids": {"Joe": "3"}}, "bid must be a whole number"),
    ({"type": "tiebreak", "rolls": {"Joe": [1]}}, "two whole numbers"),
    ({"type": "roll", "player": "Joe", "dice": [1, 2.5]}, "two whole numbers"),
    ({"type": "pick", "player": "Joe"}, "Choose the card first"),
    ({"type": "pick", "player": "", "card": "green-01"}, "Choose the player first"),
    ({"type": "act", "player": "Joe", "card": "green-01"}, "Choose the other player first"),
    ({"type": "pick", "player": "Joe", "card": "red-01", "stack": 3}, "Choose the stack to lay it on: 3 is not a card"),
    ({"type": "setup", "game": "grow", "players": ["A", "B", "C"]}, "Only the first line"),
])
def test_malformed_lines_are_record_errors(line, words):
    with pytest.raises(RecordError) as info:
        move_from_json(line)
    assert words in info.value.message


def test_first_line_must_be_a_grow_setup():
    with pytest.raises(RecordError, match="first line must be a setup"):
        move_from_json({"type": "draw", "cards": []}, first=True)
    with pytest.raises(RecordError, match='for the game bux, not Grow'):
        move_from_json({"type": "setup", "game": "bux", "players": ["A", "B"]}, first=True)


def test_errors_carry_their_line_number():
    text = write_record(random_game(1, 3)).splitlines(keepends=True)
    with pytest.raises(RecordError) as info:
        replay(text[:5] + ["{oops\n"] + text[5:])
    assert info.value.line == 6
    with pytest.raises(RecordError) as info:
        replay(text[:3] + ["\n"] + text[3:])
    assert info.value.line == 4
    with pytest.raises(RecordError) as info:
        replay([])
    assert info.value.line == 1
    # A legal line out of place is a rule violation, at its line.
    with pytest.raises(RuleViolation) as info:
        replay(text[:2] + text[1:2])
    assert info.value.line == 3 and info.value.rule == "draw.wrong_phase"


def test_on_error_hook_collects_instead_of_raising():
    errors = []
    lines = [json.dumps(move_to_json(MOVES[1])) + "\n", "[]\n", '{"type": "nope"}\n']
    moves = list(read_record(lines, on_error=errors.append))
    assert len(moves) == 1 and [e.line for e in errors] == [2, 3]


def test_write_then_replay_reproduces_the_game():
    moves = random_game(7, 3)
    text = write_record(moves)
    assert [m for _, m in read_record(text.splitlines(keepends=True))] == moves


def test_mutated_records_never_crash():
    """Fuzz: random edits of a real record give a state or a CompanionError, nothing else."""
    rng = random.Random(11)
    base = write_record(random_game(5, 4)).splitlines(keepends=True)
    for _ in range(300):
        lines = list(base)
        index = rng.randrange(len(lines))
        line = lines[index]
        cut = rng.randrange(len(line))
        choice = rng.random()
        if choice < 0.3:
            lines[index] = line[:cut] + line[cut + 1:]
        elif choice < 0.6:
            lines[index] = line[:cut] + rng.choice('{}[]",:0123456789-aZ') + line[cut:]
        elif choice < 0.8:
            del lines[index]
        else:
            lines.insert(index, rng.choice(base))
        try:
            state_to_json(replay(lines))
        except CompanionError as error:
            assert error.line is not None and error.message


def test_format_summary_reads_like_a_scoreboard():
    from companion.games.grow.record import format_summary

    summary = json.loads((RECORDS / "grow-joe-moe.expected.json").read_text(encoding="utf-8"))
    text = format_summary(summary)
    assert "round 3" in text and "waiting for Joe to roll for a warning" in text
    assert "Moe    17 points (green 15, blue 2, red 0, gold 0);  tokens 7 (0 blue + 7 black)" in text
