"""The two advanced rounds that used to get stuck, reached by legal play, replayed through the real CLI.

Issue "a round can get stuck": a Wild put away with no replacement as the last
card in hand, and a Steal victim who draws nothing, left the round in `play`
(the score line refused with score.round_not_over). The records in
tests/records/match-stuck-*.jsonl were played from a setup and a random deal
by tests/games/match/stuck_records.py; before commit 4f2a2f6 both were refused
at their score line. Here they end their round, score, and round 2 is dealt.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.cli import main
from companion.errors import RuleViolation
from companion.games.match import rules
from companion.games.match.moves import Discard, Draw
from companion.games.match.record import replay
from companion.games.match.state import COLOUR, COLOURS, PLAY, SCORE, turn

from . import stuck_records
from .conftest import RECORDS, ROOT

WILD, STEAL = "match-stuck-wild-5p", "match-stuck-steal-5p"


def record_lines(name: str) -> list[str]:
    return (RECORDS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines(True)


def ending_line(name: str) -> int:
    """Return the index of the line that empties a hand (the one the generator notes)."""
    return next(i for i, line in enumerate(record_lines(name)) if "note" in json.loads(line))


@pytest.mark.parametrize("name", [WILD, STEAL])
def test_the_generator_still_plays_the_kept_records(name):
    """The fixtures are what stuck_records.py plays from its seeds (so a rule change that breaks the play shows here)."""
    table = stuck_records.BUILDERS[name](stuck_records.SEEDS[name])
    assert table.record() == (RECORDS / f"{name}.jsonl").read_text(encoding="utf-8")


def the_ending(name):
    """The record's lines, the index of the line that empties a hand, that line, and the state just before it."""
    lines = record_lines(name)
    at = ending_line(name)
    return lines, at, json.loads(lines[at]), replay(lines[:at])


def test_the_wild_goes_away_unreplaced_as_the_last_card_and_the_round_ends_there():
    lines, at, line, before = the_ending(WILD)
    seat = before.seat(line["player"])
    assert line["type"] == "discard_wild" and line["draw"] is None
    assert before.phase == PLAY and before.hands[seat] == frozenset({line["card"]})
    colour = COLOURS.index(COLOUR[line["card"]])
    assert not before.decks[colour] and not before.discards[colour]
    after = replay(lines[: at + 1])
    assert after.phase == SCORE and turn(after) is None and after.hands[seat] == frozenset()
    nxt = before.players[(seat + 1) % len(before.players)]
    for move, rule in ((Discard(player=line["player"], card=line["card"]), "discard.round_over"),
                       (Draw(player=nxt, source=None, card=None), "draw.round_over")):
        with pytest.raises(RuleViolation) as info:
            rules.apply(after, move)
        assert info.value.rule == rule


def test_the_steal_victim_draws_nothing_and_the_round_ends_there():
    lines, at, line, before = the_ending(STEAL)
    victim = before.seat(line["from"])
    assert line["type"] == "steal" and line["draw"] is None
    assert before.phase == PLAY and before.hands[victim] == frozenset({line["take"]})
    after = replay(lines[: at + 1])
    assert after.phase == SCORE and after.hands[victim] == frozenset()
    assert json.loads(lines[at + 1])["type"] == "score"


@pytest.mark.parametrize("name, ender, score", [
    # Eve matched 200, 400, 500 (blue 500 with the red Wild), 600, 700 (the blue Wild with <700>):
    # stack 1 = +200 -400 +500 -600 +700 = 400; nothing in hand: 400.
    (WILD, "Eve", 400),
    # Cat matched 100, 800 (blue 800 with the red Wild), 900, 700 (the blue Wild with <700>):
    # stack 1 = +100 -800 +900 -700 = -500, so stack 2 (+500) is positive; hand emptied by the Steal: 500.
    (STEAL, "Cat", 500),
])
def test_replay_in_a_real_process_scores_round_1_and_reaches_round_2s_first_draw(name, ender, score):
    path = RECORDS / f"{name}.jsonl"
    proc = subprocess.run([sys.executable, "-m", "companion", "replay", str(path), "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    summary = json.loads(proc.stdout)
    assert "error" not in summary and not summary.get("warnings")
    assert summary["round"] == 2 and summary["phase"] == "draw" and summary["turn"] == "Ben"
    assert summary["scoreboard"][ender] == {"round_1": score, "total": score}
    assert all(set(row) == {"round_1", "total"} for row in summary["scoreboard"].values())
    assert all(p["hand_size"] == 10 and p["matches"] == [] for p in summary["players"].values())


@pytest.mark.parametrize("name", [WILD, STEAL])
def test_import_into_sqlite_audits_clean_and_replays_from_the_store_as_from_the_file(name, tmp_path, capsys):
    path, db = RECORDS / f"{name}.jsonl", str(tmp_path / "games.sqlite")
    assert main(["import", str(path), "--db", db, "--id", "stuck", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"game_id": "stuck"}
    assert main(["audit", "stuck", "--db", db, "--out", str(tmp_path / "audit.html"), "--json"]) == 0
    audit = json.loads(capsys.readouterr().out)
    assert audit["chain"]["ok"] and audit["replay"]["ok"]
    assert main(["replay", "stuck", "--db", db, "--json"]) == 0
    from_store = json.loads(capsys.readouterr().out)
    assert main(["replay", str(path), "--json"]) == 0
    assert from_store == json.loads(capsys.readouterr().out)
    assert from_store["round"] == 2 and from_store["phase"] == "draw"


def test_the_steal_rounds_result_scores_alone_with_the_thief_holding_eleven(tmp_path, capsys):
    """What the camera reads at that round's end: Dan, the thief, drew and stole but never discarded, so he shows
    11 cards; `companion score match` and a result-only record score it as the turn-by-turn replay does."""
    lines = record_lines(STEAL)
    score = next(json.loads(line) for line in lines if json.loads(line)["type"] == "score")
    assert len(score["players"]["Dan"]["hand"]) == 11
    played = json.loads((RECORDS / f"{STEAL}.expected.json").read_text(encoding="utf-8"))["scoreboard"]
    path = tmp_path / "round.json"
    path.write_text(json.dumps({"game": "match", "round": 1, "advanced": True, "players": score["players"]}), encoding="utf-8")
    assert main(["score", "match", str(path), "--json"]) == 0
    assert {p: r["total"] for p, r in json.loads(capsys.readouterr().out).items()} == {p: r["round_1"] for p, r in played.items()}
    result_only = tmp_path / "result-only.jsonl"
    result_only.write_text(lines[0] + json.dumps(score) + "\n", encoding="utf-8")
    assert main(["replay", str(result_only), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["scoreboard"] == played
