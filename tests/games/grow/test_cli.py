"""`companion score grow` and `companion replay` on Grow Your Assets files, run as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

RECORDS = Path(__file__).resolve().parents[2] / "records"


def companion(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=60)


def test_score_grow_matches_hand_computed_totals(tmp_path):
    """Joe: green 3+8 = 11; blue [1,1,2,2,3] = 9+25 = 34; red [5,6] = 11+3 = 14; gold (1+2+5)x2x3 = 48; total 107.
    Moe: green 15; blue [4] = 4+0; red [1,1,2,2,2,3,3,4] = 18+24 = 42, [7] = 7+1 = 8; gold +4 = 4; total 73."""
    holdings = {
        "Joe": {"green": [3, 8], "blue": [[1, 1, 2, 2, 3]], "red": [[5, 6]], "gold_plus": [1, 2, 5], "gold_times": [2, 3]},
        "Moe": {"green": [15], "blue": [[4]], "red": [[1, 1, 2, 2, 2, 3, 3, 4], [7]], "gold_plus": [4], "gold_times": []},
    }
    path = tmp_path / "holdings.json"
    path.write_text(json.dumps(holdings), encoding="utf-8")
    result = companion("score", "grow", str(path), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "Joe": {"green": 11, "blue": 34, "red": 14, "gold": 48, "total": 107},
        "Moe": {"green": 15, "blue": 4, "red": 50, "gold": 4, "total": 73},
    }
    plain = companion("score", "grow", str(path))
    assert plain.returncode == 0 and plain.stdout.splitlines()[0].startswith("Joe: 107")


@pytest.mark.parametrize("content", [
    b"{not json",
    b"\xff\xfe garbage",
    b"[1, 2, 3]",
    json.dumps({"Joe": {"blue": [[1, "x"]]}}).encode(),
    json.dumps({"Joe": {"golden": [1]}}).encode(),
])
def test_score_grow_bad_input_exits_1_without_traceback(tmp_path, content):
    path = tmp_path / "holdings.json"
    path.write_bytes(content)
    result = companion("score", "grow", str(path), "--json")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    assert json.loads(result.stdout)["error"]["message"]


def test_score_grow_missing_file_exits_1(tmp_path):
    result = companion("score", "grow", str(tmp_path / "nope.json"), "--json")
    assert result.returncode == 1 and "cannot read" in result.stdout and "Traceback" not in result.stderr


def test_replay_json_reads_a_grow_record():
    record = RECORDS / "grow-4p.jsonl"
    result = companion("replay", str(record), "--json")
    assert result.returncode == 0, result.stderr
    expected = json.loads((RECORDS / "grow-4p.expected.json").read_text(encoding="utf-8"))
    assert json.loads(result.stdout) == expected


def test_replay_reports_an_illegal_grow_line(tmp_path):
    lines = (RECORDS / "grow-4p.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    bad = tmp_path / "bad.jsonl"
    # Line 3 is the first reveal; bid more than anyone holds.
    line = json.loads(lines[2])
    assert line["type"] == "reveal_bids"
    line["bids"][next(iter(line["bids"]))] = 99
    bad.write_text("".join(lines[:2]) + json.dumps(line) + "\n", encoding="utf-8")
    result = companion("replay", str(bad), "--json")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    error = json.loads(result.stdout)["error"]
    assert error["line"] == 3 and error["rule"] == "bid.over_tokens"
