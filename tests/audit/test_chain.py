"""The hash chain check finds and locates edited, deleted and re-linked events."""

from __future__ import annotations

from companion.audit.audit import run_audit
from companion.audit.chain import fast_hash
from companion.audit.source import from_store
from companion.store.events import event_hash
from tests.backends import raw_execute


def _kinds(audit):
    return [(a.kind, a.seq) for a in audit.anomalies if a.kind.startswith("chain.")]


def test_fast_hash_equals_the_store_hash(demo):
    for event in demo.events("demo")[:50]:
        assert fast_hash(event) == event.hash == event.expected_hash()


def test_intact_game_has_no_chain_break(demo):
    audit = run_audit(from_store(demo, "demo"))
    assert audit.chain.ok and audit.chain.count == demo.last_seq("demo")
    assert audit.chain.head == demo.events("demo")[-1].hash


def test_edited_payload_is_located(demo, demo_db):
    """Someone changes a winning price in the file: that event's hash no longer matches."""
    target = next(e for e in demo.events("demo") if e.kind == "move" and '"price"' in e.payload)
    raw_execute(demo_db, "UPDATE events SET payload = ? WHERE game_id = 'demo' AND seq = ?",
                (target.payload.replace('"price":', '"price":1', 1), target.seq))
    audit = run_audit(from_store(demo, "demo"))
    assert _kinds(audit) == [("chain.edited", target.seq)]
    assert audit.counts()["error"] >= 1


def test_deleted_event_is_located(demo, demo_db):
    raw_execute(demo_db, "DELETE FROM events WHERE game_id = 'demo' AND seq = 7")
    audit = run_audit(from_store(demo, "demo"))
    assert ("chain.missing", 7) in _kinds(audit)
    assert "7 are missing" in next(a.message for a in audit.anomalies if a.kind == "chain.missing")


def test_edit_that_recomputes_its_own_hash_breaks_the_next_link(demo, demo_db):
    """A careful forger re-seals the edited event; the following event's prev_hash still exposes it."""
    e = [e for e in demo.events("demo") if e.kind == "move"][5]
    payload = e.payload.replace('"type"', '"note":"x","type"', 1)
    digest = event_hash(e.game_id, e.seq, e.time, e.source, e.kind, payload, e.prev_hash)
    raw_execute(demo_db, "UPDATE events SET payload = ?, hash = ? WHERE game_id = 'demo' AND seq = ?", (payload, digest, e.seq))
    audit = run_audit(from_store(demo, "demo"))
    assert _kinds(audit) == [("chain.relinked", e.seq + 1)]
