"""BUX money flow: every chip is accounted for, from the engine's own states."""

from __future__ import annotations

import pytest

from companion.audit.audit import run_audit
from companion.audit.source import from_file
from companion.games.bux.record import replay, write_record
from companion.games.bux.selfplay import random_game


@pytest.mark.parametrize("seed", [1, 2, 3, 8, 11, 21])
def test_flow_balances_for_every_player(tmp_path, seed):
    """start + received + sold + broke - bought = final, and the bank's net payout matches the engine's."""
    moves = random_game(seed)
    path = tmp_path / "game.jsonl"
    path.write_text(write_record(moves))
    audit = run_audit(from_file(path))
    final = replay(write_record(moves).splitlines(True))
    assert audit.replay_error is None
    accounts = audit.flow
    for name, chips in zip(final.players, final.chips):
        account = accounts[name]
        assert account["final"] == chips
        assert account["start"] + account["received"] + account["sold"] + account["broke"] - account["bought"] == chips
    bank = sum(a["sold"] + a["broke"] - a["paid_bank"] for a in accounts.values())
    assert bank == final.bank_paid
    swaps = sum(1 for m in moves if type(m).__name__ == "Swap")
    assert sum(a["swaps_made"] for a in accounts.values()) == sum(a["swaps_suffered"] for a in accounts.values()) == swaps


def test_worked_example(tmp_path):
    """A bid won by another player pays the drawer; buying one's own draw pays the bank."""
    lines = [
        '{"type": "setup", "game": "bux", "players": ["Ann", "Ben", "Cat"], "first": "Ann", '
        '"spreads": {"Ann": ["heart-x-25", "heart-oval-50", "club-x-100"], "Ben": ["spade-x-25", "spade-oval-25", "diamond-square-50"], '
        '"Cat": ["club-circle-25", "club-square-50", "diamond-oval-100"]}}',
        '{"type": "draw", "player": "Ann", "cards": ["heart-circle-25", "spade-square-50", "club-oval-25"], "winner": "Ben", "price": 40}',
        '{"type": "draw", "player": "Ben", "cards": ["heart-square-25", "diamond-x-50", "club-x-50"], "winner": "Ben", "price": 15}',
    ]
    path = tmp_path / "w.jsonl"
    path.write_text("\n".join(lines) + "\n")
    audit = run_audit(from_file(path))
    assert audit.flow["Ann"]["received"] == 40 and audit.flow["Ann"]["final"] == 240
    assert audit.flow["Ben"]["bought"] == 55 and audit.flow["Ben"]["paid_bank"] == 15 and audit.flow["Ben"]["final"] == 145
    assert [m["text"] for m in audit.moves[1:]] == [  # the tablet's words, each card with its value (a finished record)
        "Ann drew ♥ circle 25, ♠ square 50, ♣ oval 25. Ben won the bid for 40.",
        "Ben drew ♥ square 25, ♦ X 50, ♣ X 50. Ben won the bid for 15.",
    ]
