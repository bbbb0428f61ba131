"""Every golden record under tests/records/ replays to its expected JSON, through the real CLI.

Regenerate expectations with scripts/regenerate_golden.py (it prints a diff), never by hand.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.games import GAME_MODULES

RECORDS = Path(__file__).parent / "records"
GOLDEN = sorted(RECORDS.glob("*.jsonl"))


@pytest.mark.parametrize("record", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_to_expected_state(record, capsys):
    expected = json.loads(record.with_suffix(".expected.json").read_text(encoding="utf-8"))
    assert main(["replay", str(record), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == expected


def test_every_game_has_golden_records():
    games = {json.loads(p.read_text(encoding="utf-8").splitlines()[0]).get("game") for p in GOLDEN}
    assert set(GAME_MODULES) <= games, f"games without golden records: {set(GAME_MODULES) - games}"


def test_every_golden_record_has_an_expectation():
    assert all(p.with_suffix(".expected.json").exists() for p in GOLDEN)
