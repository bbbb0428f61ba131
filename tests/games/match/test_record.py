"""The match-game record: reading, writing, golden records, and replay errors with line numbers."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError, RecordError, RuleViolation
from companion.games import find_game
from companion.games.match.record import LINE_KEYS, move_from_json, move_to_json, read_record, replay, state_to_json, write_record
from companion.games.match.selfplay import Style, random_game

from .conftest import RECORDS, lines

GOLDEN = sorted(p.stem for p in RECORDS.glob("match-*.jsonl"))
SETUP = {"type": "setup", "game": "match", "players": ["Ann", "Ben"], "dealer": "Ben", "advanced": False}


def error_of(record_lines) -> CompanionError:
    with pytest.raises(CompanionError) as info:
        replay(record_lines)
    return info.value


def test_there_are_golden_records_of_both_kinds():
    assert {"match-results-3p", "match-basic-2p", "match-advanced-4p"} <= set(GOLDEN)


@pytest.mark.parametrize("name", GOLDEN)
def test_golden_record_replays_to_its_expected_summary(name):
    text = (RECORDS / f"{name}.jsonl").read_text(encoding="utf-8")
    expected = json.loads((RECORDS / f"{name}.expected.json").read_text(encoding="utf-8"))
    game = find_game(json.loads(text.splitlines()[0])["game"])
    assert game.state_to_json(game.replay(text.splitlines(keepends=True))) == expected


def test_result_only_golden_matches_the_hand_computed_scoreboard():
    """Hand-computed in docs/match.md: Ann 1000+900-1700=200, Ben -300+700+700=1100, Cat 1100-1600+900=400."""
    summary = state_to_json(replay((RECORDS / "match-results-3p.jsonl").read_text().splitlines(True)))
    assert summary["scoreboard"]["Ann"] == {"round_1": 1000, "round_2": 900, "round_3": -1700, "total": 200}
    assert summary["scoreboard"]["Ben"]["total"] == 1100 and summary["scoreboard"]["Cat"]["total"] == 400
    assert summary["winners"] == ["Ben"] and summary["over"] is True


@pytest.mark.parametrize("seed", range(6))
def test_write_then_read_round_trips(seed):
    moves = random_game(seed)
    text = write_record(moves)
    assert [m for _, m in read_record(text.splitlines(True))] == moves
    assert all(move_from_json(move_to_json(m), first=i == 0) == m for i, m in enumerate(moves))


def test_hands_stay_hidden_in_the_public_summary():
    """Hidden hands: the shared screen shows hand sizes and face-up matches, never hand cards."""
    moves = random_game(3, players=2, advanced=False)
    deal_at = next(i for i, m in enumerate(moves) if type(m).__name__ == "Deal")
    state = replay(write_record(moves[: deal_at + 4]).splitlines(True))
    text = json.dumps(state_to_json(state))
    for hand in state.hands:
        for card in hand:
            assert f'"{card}"' not in text
    assert sorted(p["hand_size"] for p in state_to_json(state)["players"].values()) == sorted(len(h) for h in state.hands)


def test_errors_carry_the_line_number():
    bad = {"type": "score", "round": 1, "players": {"Ann": {"matches": [["blue-100-1", "red-200-1"]], "hand": []}, "Ben": {"hand": []}}}
    error = error_of(lines(SETUP, bad))
    assert isinstance(error, RuleViolation) and error.line == 2 and error.rule == "score.not_a_match"


@pytest.mark.parametrize("record, line", [
    ([], 1),
    (["not json\n"], 1),
    (lines({"type": "draw", "player": "Ann"}), 1),
    (lines({**SETUP, "game": "bux"}), 1),
    (lines({**SETUP, "advanced": "yes"}), 1),
    (lines(SETUP, SETUP), 2),
    (lines(SETUP, {"type": "deal", "hands": {"Ann": ["blue-1-1"]}}), 2),
    (lines(SETUP, {"type": "draw", "player": "Ann", "from": "green-deck", "card": "blue-100-1"}), 2),
    (lines(SETUP, {"type": "match", "player": "Ann", "cards": ["blue-100-1"]}), 2),
    (lines(SETUP, {"type": "score", "round": "one", "players": {}}), 2),
    (lines(SETUP, {"type": "score", "round": 1, "players": {"Ann": {"matches": [], "hand": ["red-100"]}, "Ben": {"hand": []}}}), 2),
    (lines(SETUP) + ["\n", "\n"] + lines({"type": "discard", "player": "Ann", "card": "blue-100-1"}), 2),
    ([json.dumps(SETUP).encode() + b"\n", b"\xff\xfe\n"], 2),
])
def test_malformed_lines_are_record_errors(record, line):
    error = error_of(record)
    assert isinstance(error, RecordError) and error.line == line


def test_score_line_must_come_after_a_finished_round():
    moves = random_game(5, players=2, advanced=False, style=Style(result_only=0.0))
    deal = move_to_json(next(m for m in moves if type(m).__name__ == "Deal"))
    score = {"type": "score", "round": 1, "players": {"Ann": {"matches": [], "hand": []}, "Ben": {"matches": [], "hand": []}}}
    setup = move_to_json(moves[0])
    error = error_of(lines(setup, deal, score))
    assert isinstance(error, RuleViolation) and error.rule == "score.round_not_over" and error.line == 3


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.sampled_from(["Ann", "Ben", "blue-100-1", "red-100-1", "blue-deck", "red-wild-1", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["Ann", "Ben", "matches", "hand"]), inner, max_size=3),
    max_leaves=12,
)
KEYS = ["player", "card", "cards", "from", "with", "take", "give", "draw", "hands", "round", "players"]


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(tuple(LINE_KEYS) + ("other",)), fields=st.dictionaries(st.sampled_from(KEYS), JSON_VALUES, max_size=5))
def test_fuzzed_lines_fail_only_with_companion_errors(kind, fields):
    """Like python-chess's fuzz: any line either replays or raises a CompanionError, never anything else."""
    try:
        replay(lines(SETUP, {"type": kind, **fields}))
    except CompanionError as error:
        assert error.line == 2 and error.message
