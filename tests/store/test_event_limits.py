"""The log holds moves, not payloads (issue 29): every stored event is bounded, a refused entry is kept as a digest
and an excerpt, and whatever `recover` writes, `audit` reads.

Real SQLite and PostgreSQL for the append path; SQLite for recover (it reads a file's own bytes).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import RuleViolation, StoreError
from companion.store.backends import open_store
from companion.store.events import REJECTED, canonical_json, event_hash
from companion.store.limits import MAX_EVENT_BYTES
from companion.store.session import GameSession
from companion.store.sqlite import EventStore

RECORD = Path(__file__).parents[1] / "records" / "bux-worked-example.jsonl"
LINES = [json.loads(line) for line in RECORD.read_text().splitlines()]
HUGE_NAME = "B" * (2 * 1024 * 1024)
"""A 2 MB player name: what a token holder can send in one refused entry."""


@pytest.fixture
def store(store_target):
    with open_store(store_target) as s:
        yield s


def test_a_refused_entry_with_a_huge_name_is_stored_as_a_digest_and_an_excerpt(store):
    session = GameSession.start(store, LINES[0], game_id="g")
    with pytest.raises(RuleViolation):
        session.submit({**LINES[1], "player": HUGE_NAME})
    rejected = session.events[-1]
    assert rejected.kind == REJECTED
    assert len(rejected.payload.encode()) < 4096, "a refused entry is never stored whole when it is large"
    cut = rejected.data["cut"]
    assert cut["bytes"] > 2 * 1024 * 1024 and len(cut["sha256"]) == 64 and len(cut["excerpt"]) <= 200
    assert rejected.data["line"]["type"] == LINES[1]["type"] and "player" not in rejected.data["line"]
    assert len(rejected.data["message"]) <= 500
    # A small refused line is still kept whole: the audit and the history say what was refused.
    with pytest.raises(RuleViolation):
        session.submit({**LINES[1], "price": 42})
    assert session.events[-1].data["line"] == {**LINES[1], "price": 42}


@pytest.mark.parametrize("payload", [
    {"note": "x" * (MAX_EVENT_BYTES + 1)},                    # the whole event over 64 KiB
    {"notes": ["y" * 3000] * 30},                               # many small texts adding up past it
    {"note": "z" * 5000},                                       # one text over its own limit
    {"z" * 5000: 1},                                            # a key is a text too
])
def test_no_event_over_its_limits_is_stored(store, payload):
    session = GameSession.start(store, LINES[0], game_id="g")
    before = store.events("g")
    with pytest.raises(StoreError) as refused:
        store.append("g", "note", payload, "tablet")
    assert refused.value.status == 413 and "nothing was stored" in refused.value.message
    with pytest.raises(StoreError):
        session.raise_attention("seen", evidence=payload)
    assert store.events("g") == before


def _old_store_with_a_huge_rejected_event(path: Path) -> None:
    """A game stored before events had a size limit: setup, a move, a 2 MB refused entry, two more moves."""
    with EventStore(path) as store:
        session = GameSession.start(store, LINES[0], game_id="g")
        session.submit(LINES[1])
    db = sqlite3.connect(path)
    seq, prev = db.execute("SELECT seq, hash FROM events WHERE game_id = 'g' ORDER BY seq DESC LIMIT 1").fetchone()
    when = db.execute("SELECT time FROM events WHERE game_id = 'g' AND seq = ?", (seq,)).fetchone()[0]
    text = canonical_json({"line": {**LINES[2], "player": HUGE_NAME}, "message": "no such player", "rule": "player.unknown"})
    digest = event_hash("g", seq + 1, when, "tablet", REJECTED, text, prev)
    db.execute("INSERT INTO events (game_id, seq, time, source, kind, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               ("g", seq + 1, when, "tablet", REJECTED, text, prev, digest))
    db.commit()
    db.close()
    with EventStore(path) as store:
        session = GameSession(store, "g")
        session.submit(LINES[2])
        session.submit(LINES[3])


def test_what_recover_writes_from_a_game_with_a_huge_refused_entry_audit_reads(tmp_path, capsys):
    path = tmp_path / "old.db"
    _old_store_with_a_huge_rejected_event(path)
    out = tmp_path / "saved"
    assert main(["recover", str(path), "--out", str(out), "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["verified_through"] == 2 and "3" in row["stopped"] and "64 KiB" in row["stopped"]
    written = sorted(out.iterdir())
    assert all(len(line.encode()) < MAX_EVENT_BYTES * 2 for f in written for line in f.read_text().splitlines())
    for name in ("g.events.jsonl", "g.unverified.events.jsonl"):
        main(["audit", str(out / name), "--out", str(tmp_path / f"{name}.html")])
        said = capsys.readouterr()
        assert "longer than" not in said.err + said.out and (tmp_path / f"{name}.html").is_file(), name
    assert main(["replay", str(out / "g.jsonl")]) == 0
