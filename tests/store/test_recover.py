"""`companion recover`: reads through damage it can read through, and keeps only what no break can have touched.

SQLite only: these tests are about a database file's own bytes (PostgreSQL's per-game check is in test_sqlite.py).
"""

from __future__ import annotations

import json
import shutil

import pytest

from companion.audit.sample import build_game
from companion.cli import main
from companion.store.recover import recover
from companion.store.sqlite import EventStore
from tests.store import damage


@pytest.fixture(scope="module")
def camera_game(tmp_path_factory):
    """A 4-player BUX game played in through the camera: 268 events between keyframe pictures, as a table writes it."""
    path = tmp_path_factory.mktemp("camera") / "camera.db"
    with EventStore(path) as store:
        build_game(store, seed=11, players=4, game_id="demo", frames_per_move=3)
        events = store.events("demo")
    damage.checkpoint(path)
    return path, events


@pytest.mark.parametrize("fraction", [0.95, 0.9, 0.75, 0.5])
def test_a_half_copied_file_gives_up_its_readable_events(camera_game, tmp_path, capsys, fraction):
    """SQLite calls the file malformed from its first query; the leaf pages that did get copied still hold events."""
    source, events = camera_game
    path = tmp_path / "cut.db"
    shutil.copy(source, path)
    damage.truncate(path, fraction)
    out = tmp_path / "saved"
    assert main(["recover", str(path), "--out", str(out), "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    # Measured: 262 / 251 / 210 / 135 of 268 events; the bound leaves room for page layout, not for giving up.
    assert row["verified_through"] >= int(len(events) * fraction * 0.8)
    assert row["file_problems"] and row["suspect"] == []
    saved = [json.loads(line) for line in (out / "demo.events.jsonl").read_text().splitlines()]
    assert [e["hash"] for e in saved] == [e.hash for e in events[:len(saved)]]
    assert main(["audit", str(out / "demo.events.jsonl"), "--out", str(tmp_path / "r.html")]) == 0
    capsys.readouterr()
    assert main(["recover", str(path), "--out", str(out)]) == 0
    assert f"verified through event {row['verified_through']}" in capsys.readouterr().out


def test_a_forged_price_is_set_apart_not_laundered(tmp_path, capsys):
    """Event 12's price edited (150 -> 15) and only its own hash recomputed: the link breaks at 13, so 12 is suspect."""
    path = damage.golden_db(tmp_path)
    damage.forge_payload(path, "g", 12, lambda d: d.update(price=15))
    [item] = recover(path)
    assert item.verified_through == 11 and [e.seq for e in item.suspect] == [12]
    assert json.loads(item.suspect[0].payload)["price"] == 15
    assert [e.seq for e in item.unverified] == list(range(13, 48))
    out = tmp_path / "saved"
    assert main(["recover", str(path), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "suspect, not kept: event 12" in text and "verified through event 11" in text
    saved = (out / "g.events.jsonl").read_text()
    assert saved.count("\n") == 11 and '"price\\":15' not in saved
    apart = [json.loads(line) for line in (out / "g.unverified.events.jsonl").read_text().splitlines()]
    assert apart[0]["seq"] == 12 and len(apart) == 36


def test_an_event_whose_own_hash_fails_makes_the_one_before_it_suspect(tmp_path):
    path = damage.golden_db(tmp_path)
    damage.forge_payload(path, "g", 30, lambda d: d.update(price=5))
    import sqlite3
    con = sqlite3.connect(path)
    con.execute("UPDATE events SET source = 'camera' WHERE game_id = 'g' AND seq = 31")  # 31 no longer matches its hash
    con.commit()
    con.close()
    [item] = recover(path)
    assert item.verified_through == 29 and [e.seq for e in item.suspect] == [30]
    assert "event 31 fails its hash check" in item.stopped


def test_a_damaged_events_index_is_read_around_and_reported(tmp_path, capsys):
    path = damage.golden_db(tmp_path)
    damage.damage_index_entry(path, "sqlite_autoindex_events_1", 19)
    assert main(["recover", str(path), "--out", str(tmp_path / "saved")]) == 0
    out = capsys.readouterr().out
    assert "47 events, 47 moves" in out and "the file is damaged" in out and "missing from index" in out


def test_a_damaged_schema_entry_is_read_around(tmp_path, capsys):
    """One byte in the keyframes index's CREATE statement: SQLite refuses the whole file; all 47 events are there."""
    path = damage.golden_db(tmp_path)
    damage.damage_schema_entry(path, b"keyframes (game_id", b"keyframes (gbme_id")
    out = tmp_path / "saved"
    assert main(["recover", str(path), "--out", str(out)]) == 0
    assert "47 events, 47 moves" in capsys.readouterr().out
    assert main(["replay", str(out / "g.jsonl")]) == 0
    assert main(["audit", str(out / "g.events.jsonl"), "--out", str(tmp_path / "r.html")]) == 0


def test_a_game_whose_name_is_lost_is_not_taken_for_any_game(tmp_path):
    """No games row and a setup that names no game: recover says it cannot tell, rather than guessing a game."""
    import sqlite3

    path = damage.golden_db(tmp_path)
    damage.forge_payload(path, "g", 1, lambda d: d.pop("game"))
    con = sqlite3.connect(path)
    con.execute("DELETE FROM games WHERE game_id = 'g'")
    con.commit()
    con.close()
    [item] = recover(path)
    assert item.game == "" and item.events == ()
    assert "which game this is cannot be told" in item.stopped

