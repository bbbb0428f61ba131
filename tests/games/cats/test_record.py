"""The cat auction record: golden replays, round trips, malformed input, and `companion replay`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli
from companion.errors import CompanionError, RecordError, RuleViolation
from companion.games import find_game
from companion.games.cats.record import move_from_json, move_to_json, read_record, replay, state_to_json, write_record
from companion.games.cats.selfplay import random_game

RECORDS = Path(__file__).resolve().parents[2] / "records"
GOLDEN = sorted(RECORDS.glob("cats-*.jsonl"))
ROOT = Path(__file__).resolve().parents[3]


def lines(*objs) -> list[str]:
    return [json.dumps(o, ensure_ascii=False) + "\n" for o in objs]


SETUP = json.loads(RECORDS.joinpath("cats-3p.jsonl").read_text(encoding="utf-8").splitlines()[0])


def test_there_are_golden_records():
    assert len(GOLDEN) >= 3


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_record_replays_to_its_expected_summary(path):
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert state_to_json(replay(text)) == expected
    assert expected["over"] is True and len(expected["winners"]) == 1


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_cli_replay_picks_the_game_from_the_setup_line(path, capsys):
    assert cli.main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "cats" and out == json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))


def test_registered_game_replays_and_summarises():
    game = find_game("cats")
    state = game.replay(RECORDS.joinpath("cats-4p.jsonl").read_text(encoding="utf-8").splitlines(True))
    assert game.is_over(state) and game.state_to_json(state)["winners"]


def test_write_then_read_is_the_identity():
    moves = random_game(7, 3)
    again = [move for _, move in read_record(write_record(moves).splitlines(keepends=True))]
    assert again == moves
    assert all(move_from_json(move_to_json(m), first=i == 0) == m for i, m in enumerate(moves))


def test_hands_are_hidden_in_the_summary_until_the_game_is_over():
    """Hands are secret: shared screens and `replay` of a running game show only how many cards each holds."""
    moves = random_game(118, 3)
    running = replay(write_record(moves[:12]).splitlines(True))
    summary = json.dumps(state_to_json(running))
    assert "hand" not in summary and not any(code in summary for code in running.hands[0])
    assert all("cards" in p for p in state_to_json(running)["players"].values())


@pytest.mark.parametrize(
    "bad, fragment",
    [
        ({"type": "bid", "player": "Аня", "cards": "bank-1-01"}, "Choose the cards again"),
        ({"type": "bid", "player": "Аня", "cards": ["bank-3-01"]}, "no card bank-3-01"),
        ({"type": "play", "player": "Аня"}, "Choose the card first"),
        ({"type": "play", "player": "Аня", "card": "cat-zero-1", "turned": 5}, "Choose the card turned over: 5 is not a card"),
        ({"type": "pass", "player": "Аня", "penalty": None}, "Choose the card to pay first"),
        ({"type": "lot", "card": 7}, "Choose the card: 7 is not a card"),
        ({"type": "draw", "cards": []}, "Choose the player first"),
        ({"type": "Bid", "player": "Аня"}, "Unknown line type Bid"),
        ({"type": "setup", "game": "cats"}, "Only the first line"),
    ],
)
def test_malformed_lines_fail_with_their_line_number(bad, fragment):
    with pytest.raises(RecordError) as info:
        replay(lines(SETUP, bad))
    assert info.value.line == 2 and fragment in info.value.message


def test_illegal_line_names_the_rule_and_the_line():
    with pytest.raises(RuleViolation) as info:
        replay(lines(SETUP, {"type": "pass", "player": SETUP["first"], "penalty": "bank-1-01"}))
    assert info.value.line == 2 and info.value.rule == "pass.lot_first"


@pytest.mark.parametrize("first, fragment", [
    ({"type": "setup", "game": "cats", "players": "Аня", "first": "Аня", "hands": {}}, "players must be a list"),
    ({"type": "setup", "game": "cats", "players": ["Аня"], "first": "Аня", "hands": []}, "hands must give each player a list"),
    ({"type": "lot", "card": "cat-zero-1"}, "first line must be a setup"),
])
def test_bad_setup_lines(first, fragment):
    with pytest.raises(CompanionError) as info:
        replay(lines(first))
    assert info.value.line == 1 and fragment in info.value.message


def test_empty_record_and_blank_line():
    with pytest.raises(RecordError):
        replay([])
    with pytest.raises(RecordError) as info:
        replay(lines(SETUP) + ["\n"] + lines({"type": "lot", "card": "cat-zero-1"}))
    assert info.value.line == 2


@pytest.mark.parametrize("payload", [
    b'{"type": "setup", "game": "cats", "players": ["\xd0"]}\n',
    b'{"type": "setup", "game": "cats", "players": ["A", "B"], "first": "A", "hands": {"A": [], "B": []}}\n',
    b'{"type": "setup", "game": "cats"}\n{"type": "lot", "card": [[[[' + b'[' * 5000 + b'\n',
    b'[1, 2]\n',
])
def test_companion_replay_exits_1_without_a_traceback(tmp_path, payload):
    """Bad input gets a clear message and exit 1; no traceback ever reaches the user."""
    path = tmp_path / "bad.jsonl"
    path.write_bytes(payload)
    run = subprocess.run([sys.executable, "-m", "companion", "replay", str(path), "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr + run.stdout
    assert "error" in json.loads(run.stdout)


def test_cli_error_carries_the_russian_text(tmp_path, capsys):
    path = tmp_path / "illegal.jsonl"
    path.write_text("".join(lines(SETUP, {"type": "lot", "card": SETUP["hands"][SETUP["first"]][-1]})), encoding="utf-8")
    assert cli.main(["replay", str(path), "--json"]) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["line"] == 2 and error["rule"] == "lot.not_in_prize" and "«Приз»" in error["messages"]["ru"]


def test_text_summary_lists_players_and_hides_running_hands():
    from companion.games.cats.record import format_summary

    final = format_summary(state_to_json(replay(RECORDS.joinpath("cats-3p.jsonl").read_text(encoding="utf-8").splitlines(True))))
    assert final.startswith("cats:") and "game over, won by" in final and "Аня" in final
    moves = random_game(118, 3)
    running = replay(write_record(moves[:12]).splitlines(True))
    text = format_summary(state_to_json(running))
    assert "to move" in text and not any(code in text for hand in running.hands for code in hand)
