"""`companion audit --seal`: a seal seen during the game catches a chain rewritten with recomputed hashes."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion.cli import main
from companion.store.events import format_seal, parse_seal, seal_of
from companion.store.backends import open_store
from tests.store import damage


@pytest.fixture
def golden(tmp_path):
    path = damage.golden_db(tmp_path)
    with open_store(path) as store:
        events = store.events("g")
    return path, events


def _audit(path, tmp_path, *seals):
    argv = ["audit", "g", "--db", str(path), "--out", str(tmp_path / "r.html"), "--json"]
    for seal in seals:
        argv += ["--seal", seal]
    return main(argv)


def test_the_seal_is_the_first_12_hex_digits_with_the_event_number(golden):
    _, events = golden
    last = events[-1]
    assert seal_of(last) == last.hash[:12]
    assert format_seal(last) == f"#47 {last.hash[:12]}"
    assert parse_seal(format_seal(last)) == (47, last.hash[:12])
    assert parse_seal(last.hash[:8].upper()) == (None, last.hash[:8])


def test_an_untouched_game_passes_its_seals(golden, tmp_path, capsys):
    path, events = golden
    assert _audit(path, tmp_path, format_seal(events[-1]), f"21:{seal_of(events[20]).upper()}") == 0
    body = json.loads(capsys.readouterr().out)
    assert body["chain"]["ok"] is True


def test_a_rewritten_chain_passes_the_plain_audit_but_not_the_seal(golden, tmp_path, capsys):
    """Price 150 -> 15 at event 12, every later hash recomputed: the chain holds, the seal does not."""
    path, events = golden
    assert json.loads(events[11].payload)["price"] == 150
    damage.rewrite_chain(path, "g", 12, lambda d: d.update(price=15))
    assert _audit(path, tmp_path) == 0  # the file agrees with itself: no seal, no way to tell
    capsys.readouterr()
    assert _audit(path, tmp_path, format_seal(events[-1])) == 3
    body = json.loads(capsys.readouterr().out)
    assert any(a["kind"] == "seal" and "not in this log" in a["message"] for a in body["anomalies"])
    # A seal noted before the forged event still holds: the rewrite starts after it.
    assert _audit(path, tmp_path, format_seal(events[10])) == 3  # ...but 36 changes after it are unwitnessed
    capsys.readouterr()


def test_deleting_the_last_events_is_caught_by_the_final_seal(golden, tmp_path, capsys):
    path, events = golden
    damage.delete_tail(path, "g", 20)
    assert _audit(path, tmp_path, format_seal(events[-1])) == 3
    assert "not in this log at event 47" in capsys.readouterr().out


def test_an_undo_appended_after_the_end_is_caught(golden, tmp_path, capsys):
    path, events = golden
    damage.append_forged(path, "g", "undo", {"undoes": 47})
    assert _audit(path, tmp_path, format_seal(events[-1])) == 3
    body = json.loads(capsys.readouterr().out)
    [problem] = [a for a in body["anomalies"] if a["kind"] == "seal"]
    assert problem["seq"] == 48 and "no seal witnesses them" in problem["message"]


def test_a_seal_behind_a_break_does_not_count(golden, tmp_path, capsys):
    path, events = golden
    con = sqlite3.connect(path)
    con.execute("UPDATE events SET time = 'x' WHERE game_id = 'g' AND seq = 5")
    con.commit()
    con.close()
    assert _audit(path, tmp_path, format_seal(events[-1])) == 3
    body = json.loads(capsys.readouterr().out)
    assert any(a["kind"] == "seal" and "breaks before it, at event 5" in a["message"] for a in body["anomalies"])


@pytest.mark.parametrize("text", ["3fa9c2e", "xyz12345678", "#47", ""])
def test_a_bad_seal_is_one_clear_sentence(golden, tmp_path, capsys, text):
    path, _ = golden
    assert _audit(path, tmp_path, text) == 1
    said = capsys.readouterr()
    assert "is not a seal" in said.out + said.err and "Traceback" not in said.out + said.err


@pytest.mark.parametrize("short", [lambda e: e.hash[:12], lambda e: f"#{e.seq} {e.hash[:8]}", lambda e: e.hash[:16]])
def test_a_seal_needs_its_event_number_and_12_digits(golden, tmp_path, capsys, short):
    """8 digits on any event: a keeper who rewrote the game appends free-text events until one hash
    starts with them (about 2^32 tries). Pinned to its event and 12 digits long, no trial matches it."""
    path, events = golden
    assert _audit(path, tmp_path, short(events[-1])) == 1
    said = capsys.readouterr()
    assert "the event number and 12 hex digits" in said.err + said.out and "Traceback" not in said.err + said.out
    assert not (tmp_path / "r.html").exists()


def test_a_plain_record_cannot_hold_a_seal(tmp_path, capsys):
    assert main(["audit", str(damage.GOLDEN), "--out", str(tmp_path / "r.html"), "--seal", "#47 3fa9c2e01b7d"]) == 3
    assert "no hash chain" in capsys.readouterr().out


def test_a_forged_seed_reveal_after_the_final_seal_is_caught_and_a_second_reveal_needs_a_seal(golden, tmp_path, capsys):
    """The first reveal needs no seal (it lands just after the end screen's final seal) but its seed is bound
    by the commitment stored at the start: a forged one is a dice error. A second reveal is an unwitnessed change."""
    from companion import dice

    path, _ = golden
    seed = bytes(range(32))
    damage.append_forged(path, "g", "seed", {"commitment": dice.commitment(seed)})
    with open_store(path) as store:
        final = format_seal(store.events("g")[-1])
    clean = tmp_path / "clean.db"
    clean.write_bytes(path.read_bytes())
    damage.append_forged(clean, "g", "seed_reveal", {"seed": seed.hex()})
    assert _audit(clean, tmp_path, final) == 0
    capsys.readouterr()
    damage.append_forged(path, "g", "seed_reveal", {"seed": bytes(32).hex()})
    assert _audit(path, tmp_path, final) == 3
    body = json.loads(capsys.readouterr().out)
    assert [a["kind"] for a in body["anomalies"] if a["severity"] == "error"] == ["dice.mismatch"]
    damage.append_forged(clean, "g", "seed_reveal", {"seed": seed.hex()})
    assert _audit(clean, tmp_path, final) == 3
    body = json.loads(capsys.readouterr().out)
    [problem] = [a for a in body["anomalies"] if a["kind"] == "seal"]
    assert problem["seq"] == 50 and "no seal witnesses them" in problem["message"]
