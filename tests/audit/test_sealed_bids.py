"""`companion audit` checks Grow's sealed bids: a revealed amount edited afterwards fails the audit, naming its event.

A keeper holding the database can edit the reveal_bids move and recompute
every later hash: the chain then holds and the game replays (the forged bid
is legal), so only the commitment sealed in its own earlier event tells. The
check is the game's own (companion/games/grow/sealed.py bid_problems), run
by the audit through the game's audit part.
"""

from __future__ import annotations

import json

from companion.cli import main
from companion.games.grow.screens.bids import SealedBidBox
from companion.store.backends import open_store
from companion.store.session import GameSession
from tests.store import damage

PLAYERS = ["Ann", "Ben", "Cat"]
BIDS = {"Ann": 1, "Ben": 2, "Cat": 3}


def _sealed_game(path) -> int:
    """Store a Grow game in the SQLite file whose bids were sealed and revealed; return the reveal's event seq."""
    with open_store(path) as store:
        session = GameSession.start(store, {"type": "setup", "game": "grow", "players": PLAYERS, "removed": []}, game_id="gr")
        session.submit({"type": "draw", "cards": ["green-02", "red-02", "blue-05"]})
        box = SealedBidBox(session)
        for player, amount in BIDS.items():
            box.seal(player, amount)
        reveal = box.reveal()
        assert reveal is not None and reveal.data["bids"] == BIDS
        return reveal.seq


def _audit(path, tmp_path, *extra) -> int:
    return main(["audit", "gr", "--db", str(path), "--out", str(tmp_path / "r.html"), *extra])


def test_an_edited_revealed_bid_fails_the_audit_naming_its_event(tmp_path, capsys):
    path = tmp_path / "companion.db"
    seq = _sealed_game(path)
    assert _audit(path, tmp_path, "--json") == 0
    body = json.loads(capsys.readouterr().out)
    assert not [a for a in body["anomalies"] if a["kind"] == "bid.commitment"]

    damage.rewrite_chain(path, "gr", seq, lambda data: data["bids"].update(Ann=0))
    assert _audit(path, tmp_path, "--json") == 3
    body = json.loads(capsys.readouterr().out)
    assert body["chain"]["ok"] is True and body["replay"]["ok"] is True, "the forgery holds together: only the commitment tells"
    [problem] = [a for a in body["anomalies"] if a["kind"] == "bid.commitment"]
    assert problem["seq"] == seq and problem["severity"] == "error"
    assert "'Ann'" in problem["message"] and "revealed bid 0 does not match the commitment" in problem["message"]

    assert _audit(path, tmp_path) == 3
    assert f"error: event {seq}: sealed bids: 'Ann'" in capsys.readouterr().out


def test_a_reveal_pointing_at_another_seat_s_envelope_fails_the_audit(tmp_path, capsys):
    path = tmp_path / "companion.db"
    seq = _sealed_game(path)

    def swap(data):
        proof = data["evidence"]["sealed"]
        proof["Ann"], proof["Ben"] = proof["Ben"], proof["Ann"]

    damage.rewrite_chain(path, "gr", seq, swap)
    assert _audit(path, tmp_path, "--json") == 3
    problems = [a for a in json.loads(capsys.readouterr().out)["anomalies"] if a["kind"] == "bid.commitment"]
    assert {a["seq"] for a in problems} == {seq} and len(problems) == 2
    assert all("is not an earlier sealed_bid of theirs" in a["message"] for a in problems)
