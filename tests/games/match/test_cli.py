"""`companion score match ROUND.json` and `companion replay` on match records, with hand-computed totals."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.cli import main

from .conftest import RECORDS, ROOT

def blues(*values: int, copy: int = 1) -> list[str]:
    return [f"blue-{v}-{copy}" for v in values]


ROUND = {
    "game": "match",
    "round": 1,
    "advanced": True,
    "players": {
        # Stacks: +600 (blue 600 with a red Wild), then -900 (blue Wild with <900>): -300 / +300.
        # Hand: a red Wild, unplayed: 10,000 (a blue card costs nothing). Score 300 - 10,000 = -9,700.
        "Dan": {"matches": [["blue-600", "red-wild"], ["red-900-2", "blue-wild-1"]], "hand": ["red-wild", "blue-700-3"]},
        # Stacks: 800 - 200 + 500 = 1,100; nothing in hand. Score 1,100.
        "Eve": {"matches": [["blue-800-1", "red-800-1"], ["red-200-3", "blue-200-3"], ["blue-500-2", "red-500-3"]], "hand": []},
        # No matches; <700>, <100>, blue cards and a red Trade in hand: 0 - 800 = -800.
        "Fay": {"matches": [], "hand": ["red-700-1", "red-100-1", "blue-300-1", "red-trade-1",
                                        *blues(100, 400, 700, 900, 1000), *blues(400, copy=2)]},
    },
}
"""Blue cards in hand cost nothing: they make each round show as many cards as a legal round leaves
(at most one lost per Trade, Steal or Wild played: scoring.verify_counts)."""


def run(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_score_match_json_hand_computed(write_json, capsys):
    code, out, _ = run(["score", "match", write_json(ROUND), "--json"], capsys)
    assert code == 0
    result = json.loads(out)
    assert {p: r["total"] for p, r in result.items()} == {"Dan": -9700, "Eve": 1100, "Fay": -800}
    assert result["Dan"]["positive_stack"] == 300 and result["Dan"]["red_in_hand"] == 10000
    assert result["Eve"]["stack_1"] == 1100 and result["Eve"]["stack_2"] == -1100


def test_score_match_text(write_json, capsys):
    code, out, _ = run(["score", "match", write_json(ROUND)], capsys)
    assert code == 0 and "Eve: 1100" in out and "Dan: -9700" in out


def test_score_match_three_rounds_scoreboard(write_json, capsys):
    """Three rounds: Eve 1100 + 0 + 500 = 1600; Dan -9700 + 300 - 100 = -9500; Fay -800 + 900 + 0 = 100."""
    two = {"players": {"Dan": {"matches": [["blue-300", "red-300"]], "hand": []},
                       "Eve": {"matches": [], "hand": ["blue-700", "blue-800", *blues(100, 200, 400, 500, 1000),
                                                       *blues(100, 200, 400, copy=2)]},
                       "Fay": {"matches": [["blue-900", "red-900"]], "hand": ["blue-600", *blues(500, 1000, copy=2),
                                                                                   *blues(100, copy=3)]}}}
    three = {"players": {"Dan": {"matches": [], "hand": ["red-100", "blue-200", *blues(300, 600, 700, 800, 900, 1000)]},
                         "Eve": {"matches": [["blue-500", "red-500"]], "hand": []},
                         "Fay": {"matches": [], "hand": ["blue-100", "blue-400", *blues(300, 600, 700, 800, 900, 1000, copy=2)]}}}
    code, out, _ = run(["score", "match", write_json({"advanced": True, "rounds": [ROUND, two, three]}), "--json"], capsys)
    assert code == 0
    board = json.loads(out)
    assert {p: r["total"] for p, r in board.items()} == {"Dan": -9500, "Eve": 1600, "Fay": 100}
    assert board["Eve"] == {"round_1": 1100, "round_2": 0, "round_3": 500, "total": 1600}


@pytest.mark.parametrize("content", [
    "not json at all",
    "[1, 2]",
    json.dumps({"players": {"Dan": {"matches": [["blue-600-1", "red-500-1"]], "hand": []}, "Eve": {"hand": []}}}),
    json.dumps({"players": {"Dan": {"matches": [], "hand": ["red-600-1"]}, "Eve": {"matches": [], "hand": ["blue-1"]}}}),
    json.dumps({"players": {"Dan": {"matches": [], "hand": ["red-600-1"]}, "Eve": {"matches": [], "hand": ["red-600-1"]}}}),
    json.dumps({"rounds": "three"}),
])
def test_malformed_round_exits_1_with_a_message(write_json, capsys, content):
    code, out, err = run(["score", "match", write_json(content), "--json"], capsys)
    assert code == 1
    body = json.loads(out)["error"]
    assert body["message"] and "Traceback" not in out + err


def test_malformed_round_no_traceback_in_a_real_process(write_json):
    path = write_json({"players": {"Dan": {"matches": [["blue-600-1"]], "hand": []}, "Eve": {"hand": []}}})
    proc = subprocess.run([sys.executable, "-m", "companion", "score", "match", path], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "[card, card] pairs" in proc.stderr


def test_missing_file_exits_1(tmp_path, capsys):
    code, _, err = run(["score", "match", str(tmp_path / "nope.json")], capsys)
    assert code == 1 and "cannot read" in err


def test_replay_picks_the_match_game_from_the_setup_line(capsys):
    code, out, _ = run(["replay", str(RECORDS / "match-results-3p.jsonl"), "--json"], capsys)
    assert code == 0
    summary = json.loads(out)
    assert summary["game"] == "match" and summary["winners"] == ["Ben"]


def test_replay_of_a_bad_match_record_reports_the_line(tmp_path, capsys):
    text = (RECORDS / "match-basic-2p.jsonl").read_text().splitlines(True)
    broken = json.loads(text[6])
    assert broken["type"] == "discard"
    broken["card"] = "red-100-3"  # a card Ben does not hold
    path = tmp_path / "bad.jsonl"
    path.write_text("".join(text[:6] + [json.dumps(broken) + "\n"] + text[7:]))
    code, out, _ = run(["replay", str(path), "--json"], capsys)
    error = json.loads(out)["error"]
    assert code == 1 and error["line"] == 7 and error["rule"] == "discard.not_in_hand"


def test_the_documented_round_example_scores_as_documented(write_json, capsys):
    """docs/match.md: the ROUND.json example scores Ann 1000, Ben -300, Cat 1100."""
    doc = (ROOT / "docs" / "match.md").read_text(encoding="utf-8")
    example = doc.split("```json\n", 1)[1].split("```", 1)[0]
    code, out, _ = run(["score", "match", write_json(example), "--json"], capsys)
    assert code == 0
    assert {p: r["total"] for p, r in json.loads(out).items()} == {"Ann": 1000, "Ben": -300, "Cat": 1100}
