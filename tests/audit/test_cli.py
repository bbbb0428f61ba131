"""`companion audit` and `companion recover` from the command line."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion.cli import main
from tests.backends import raw_execute


def test_audit_writes_html_and_json(demo_db, tmp_path, capsys):
    out = tmp_path / "report.html"
    assert main(["audit", "demo", "--db", str(demo_db), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "hash chain intact" in text and "every move replays" in text and "report:" in text
    assert out.read_text().startswith("<!doctype html>")
    body = json.loads(out.with_suffix(".json").read_text())
    assert body["chain"]["ok"] is True and body["replay"]["ok"] is True
    assert body["standings"]["over"] is True and len(body["moves"]) > 10
    assert set(body["flow"]) == set(body["standings"]["players"])


def test_tampered_game_exits_3_and_names_the_event(demo_db, tmp_path, capsys):
    raw_execute(demo_db, "UPDATE events SET time = '2024-01-01T00:00:00.000+00:00' WHERE game_id = 'demo' AND seq = 12")
    assert main(["audit", "demo", "--db", str(demo_db), "--out", str(tmp_path / "r.html"), "--json"]) == 3
    body = json.loads(capsys.readouterr().out)
    assert body["chain"]["ok"] is False and body["chain"]["breaks"][0]["seq"] == 12


def test_audit_of_a_record_file(tmp_path, capsys):
    from companion.games.bux.record import write_record
    from companion.games.bux.selfplay import random_game

    path = tmp_path / "game.jsonl"
    path.write_text(write_record(random_game(3)))
    assert main(["audit", str(path), "--out", str(tmp_path / "g.html")]) == 0
    assert "no hash chain" in capsys.readouterr().out


def test_bad_targets_are_clear_errors(tmp_path, demo_db, capsys):
    assert main(["audit", "nosuch", "--db", str(demo_db)]) == 1
    assert "no stored game 'nosuch'" in capsys.readouterr().err
    assert main(["audit", "nosuch", "--db", str(tmp_path / "none.db")]) == 1
    assert "no event store" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    assert main(["audit", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "line 1" in err and "not valid JSON" in err and "Traceback" not in err


def test_games_lists_date_players_and_winner(demo_db, capsys):
    assert main(["games", "--db", str(demo_db), "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["game_id"] == "demo" and len(row["players"]) == 4 and len(row["winners"]) >= 1
    assert row["created"].startswith("20")


def test_audit_lists_an_unknown_key_with_its_line(tmp_path, capsys):
    """Issue 14: a typo such as "stak" is read past by the rules; the audit names it as a warning."""
    from pathlib import Path

    lines = (Path(__file__).parents[1] / "records" / "grow-2p.jsonl").read_text(encoding="utf-8").splitlines()
    number = max(n for n, text in enumerate(lines, start=1) if '"pick"' in text and '"stack"' in text)
    lines[number - 1] = lines[number - 1].replace('"stack"', '"stak"')
    path = tmp_path / "typo.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["audit", str(path), "--out", str(tmp_path / "t.html"), "--json"]) == 0
    found = [a for a in json.loads(capsys.readouterr().out)["anomalies"] if a["kind"] == "record.unknown_key"]
    assert [(a["seq"], a["severity"]) for a in found] == [(number, "warning")]
    assert found[0]["message"].startswith("pick: unknown key 'stak' was ignored")


def test_a_payload_that_is_not_utf8_is_a_damaged_event_not_a_stopped_audit(sqlite_demo, tmp_path, capsys):
    """SQLite only (bytes a PostgreSQL text column cannot hold). Issue 14: one damaged byte stopped the audit with "Could not decode ... column 'payload'" and no event number."""
    from companion.store.session import GameSession

    seq = sqlite_demo.db.execute("SELECT seq FROM events WHERE game_id = 'demo' AND kind = 'move' ORDER BY seq LIMIT 1 OFFSET 5").fetchone()[0]
    raw = sqlite3.connect(sqlite_demo.path)
    raw.execute("UPDATE events SET payload = CAST(X'FF' || CAST(payload AS BLOB) AS TEXT) WHERE game_id = 'demo' AND seq = ?", (seq,))
    raw.commit()
    raw.close()
    with pytest.raises(sqlite3.OperationalError, match="decode"):  # what sqlite3 does with such a row by itself
        sqlite3.connect(sqlite_demo.path).execute("SELECT payload FROM events WHERE seq = ?", (seq,)).fetchall()

    assert main(["audit", "demo", "--db", str(sqlite_demo.path), "--out", str(tmp_path / "r.html")]) == 3
    assert f"error: event {seq}: its payload is not valid UTF-8" in capsys.readouterr().out
    assert main(["audit", "demo", "--db", str(sqlite_demo.path), "--out", str(tmp_path / "r.html"), "--json"]) == 3
    body = json.loads(capsys.readouterr().out)
    damaged = [a for a in body["anomalies"] if a["kind"] == "event.damaged"]
    assert [(a["seq"], a["severity"], a["message"]) for a in damaged] == [(seq, "error", "its payload is not valid UTF-8")]
    assert body["replay"]["error"] == f"event {seq}: its payload is not valid UTF-8"
    assert any(b["seq"] == seq for b in body["chain"]["breaks"])  # its bytes changed after it was sealed

    damage = GameSession(sqlite_demo, "demo").damage  # the tablet shows the game read-only up to there, not a storage error
    assert damage is not None and damage.seq == seq and "not valid UTF-8" in damage.message
