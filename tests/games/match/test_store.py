"""The match game in the event store: camera score lines, rejected proposals, undo, export and replay."""

from __future__ import annotations

import pytest

from companion.errors import RuleViolation
from companion.games.match.record import replay, state_to_json
from companion.store.events import REJECTED
from companion.store.session import GameSession, import_record
from companion.store.sqlite import EventStore, verify_chain

from .conftest import RECORDS

SETUP = {"type": "setup", "game": "match", "players": ["Ann", "Ben"], "dealer": "Ann", "advanced": False}


def score_line(n, ann, ben):
    return {"type": "score", "round": n, "players": {"Ann": ann, "Ben": ben}}


def test_rounds_scored_from_the_camera_are_stored_audited_and_exported(tmp_path):
    with EventStore(tmp_path / "games.sqlite") as store:
        session = GameSession.start(store, SETUP, source="tablet")
        ann = {"matches": [["blue-500-1", "red-500-1"], ["blue-100-1", "red-100-1"], ["blue-100-2", "red-100-2"],
                           ["blue-200-1", "red-200-1"], ["blue-200-2", "red-200-2"]], "hand": []}  # 500 - 100 + 100 - 200 + 200
        ben = {"matches": [], "hand": ["red-100-3"] + [f"blue-{v}-{k}" for v in (300, 400, 600) for k in (1, 2, 3)]}
        good = score_line(1, ann, ben)
        bad = score_line(2, {"matches": [["blue-500-1", "red-400-1"]], "hand": []}, {"matches": [], "hand": []})
        session.submit(good, source="camera", evidence={"frame": 17})
        with pytest.raises(RuleViolation):
            session.submit(bad, source="camera")
        assert [e.kind for e in session.events].count(REJECTED) == 1
        assert state_to_json(session.state)["scoreboard"]["Ann"]["total"] == 500
        session.undo()
        assert session.state.round == 1 and session.state.scores == ()
        session.submit(good, source="tablet")
        assert verify_chain(session.events) is None
        exported = session.export_record()
    assert "evidence" not in exported
    assert replay(exported.splitlines(True)).scores == ((500, -100),)


@pytest.mark.parametrize("name", ["match-basic-2p", "match-advanced-4p"])
def test_a_turn_by_turn_record_imports_and_folds_to_the_same_state(tmp_path, name):
    text = (RECORDS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines(True)
    with EventStore(tmp_path / "games.sqlite") as store:
        session = import_record(store, text)
        assert session.state == replay(text)
