"""Every golden record under tests/records/ replays to its expected JSON, through the real CLI.

Regenerate expectations with scripts/regenerate_golden.py (it prints a diff), never by hand.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.games import game_modules

RECORDS = Path(__file__).parent / "records"
GOLDEN = sorted(RECORDS.glob("*.jsonl"))


@pytest.mark.parametrize("record", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_to_expected_state(record, capsys):
    expected = json.loads(record.with_suffix(".expected.json").read_text(encoding="utf-8"))
    assert main(["replay", str(record), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == expected


def test_every_game_has_golden_records():
    games = {json.loads(p.read_text(encoding="utf-8").splitlines()[0]).get("game") for p in GOLDEN}
    assert set(game_modules()) <= games, f"games without golden records: {set(game_modules()) - games}"


def test_every_golden_record_has_an_expectation():
    assert all(p.with_suffix(".expected.json").exists() for p in GOLDEN)


@pytest.mark.parametrize("record", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_records_and_their_rewrite_hold_no_unknown_key(record):
    """What the companion writes (move_to_json, used by the tablet's views and exports) uses only each line type's keys."""
    from companion.games import game_of_record

    lines = record.read_text(encoding="utf-8").splitlines()
    game = game_of_record(lines)
    assert game.key_warnings(lines) == []
    rewritten = [game.move_to_json(move) for _n, move in game.read_record(lines)]
    assert game.key_warnings(rewritten) == []
    assert all(set(line) <= set(game.line_keys[line["type"]]) for line in rewritten)


@pytest.mark.parametrize("name", sorted(game_modules()))
def test_every_line_type_has_its_keys_and_self_play_writes_no_other(name):
    """LINE_KEYS names every line type, setup first, and 20 self-played games (every kind of move) write only known keys."""
    import importlib

    from companion.games import find_game

    record = importlib.import_module(f"companion.games.{name}.record")
    assert list(record.LINE_KEYS)[0] == "setup"
    game = find_game(name)
    selfplay = importlib.import_module(f"companion.games.{name}.selfplay")
    lines = [game.move_to_json(move) for seed in range(20) for move in selfplay.random_game(seed)]
    assert game.key_warnings(lines) == []
    assert {line["type"] for line in lines} >= set(record.LINE_KEYS) - {"reveal", "deal", "tiebreak", "break"}
