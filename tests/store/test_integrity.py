"""The file itself is checked before a chain verdict is trusted: a damaged index never yields an "intact" game.

SQLite only: these tests are about a database file's own bytes (PostgreSQL's per-game check is in test_sqlite.py).
"""

from __future__ import annotations

import json
import shutil
import threading

from companion.cli import main
from companion.store.sqlite import EventStore
from tests.store import damage


def _index_damaged(tmp_path):
    path = damage.golden_db(tmp_path)
    damage.damage_index_entry(path, "sqlite_autoindex_events_1", 19)
    return path


def test_a_sound_file_has_no_problems(tmp_path):
    path = damage.golden_db(tmp_path)
    with EventStore(path, read_only=True) as store:
        assert store.integrity("g") == [] and store.integrity("g", full=True) == []


def test_one_byte_in_the_events_index_is_found_by_the_cheap_check(tmp_path):
    """The lookup of the game stops at entry 20 (19 events, a perfect chain); the table still holds 47."""
    path = _index_damaged(tmp_path)
    with EventStore(path, read_only=True) as store:
        assert len(store.events("g")) == 19
        [problem] = store.integrity("g")
        assert "up to event 19, but the table holds event 47" in problem
        assert any("missing from index" in p for p in store.integrity(full=True))


def test_a_write_committed_during_the_check_is_not_damage(tmp_path):
    """The check reads the index and the table in one snapshot: a writer committing meanwhile is no damaged index.

    Four tablets rolling dice at once saw "the database file is damaged" and a
    read-only game when a commit fell between the check's two reads.
    """
    path = tmp_path / "race.db"
    with EventStore(path) as store:
        store.create_game("g", "bux")
        store.append("g", "move", {"n": 0})
    done = threading.Event()
    seen: list[str] = []

    def checker() -> None:
        with EventStore(path) as store:
            while not done.is_set():
                seen.extend(store.integrity("g"))

    thread = threading.Thread(target=checker)
    thread.start()
    try:
        with EventStore(path) as store:
            for n in range(1, 400):
                store.append("g", "move", {"n": n})
    finally:
        done.set()
        thread.join(timeout=30)
    assert seen == []


def test_the_audit_never_calls_a_game_with_a_damaged_index_intact(tmp_path, capsys):
    path = _index_damaged(tmp_path)
    assert main(["audit", "g", "--db", str(path), "--out", str(tmp_path / "r.html")]) == 3
    out = capsys.readouterr().out
    assert "chain intact" not in out and "DAMAGED" in out and "companion recover" in out
    assert main(["audit", "g", "--db", str(path), "--out", str(tmp_path / "r.html"), "--json"]) == 3
    body = json.loads(capsys.readouterr().out)
    assert any(a["kind"] == "store.damaged" for a in body["anomalies"])
    html = (tmp_path / "r.html").read_text()
    assert "database file damaged" in html and "hash chain intact" not in html


def test_export_and_games_refuse_a_cut_down_game(tmp_path, capsys):
    path = _index_damaged(tmp_path)
    assert main(["export", "g", "--db", str(path)]) == 1
    said = capsys.readouterr()
    assert said.out == "" and "index is damaged" in said.err and "companion recover" in said.err
    assert main(["games", "--db", str(path)]) == 0
    assert "(damaged)" in capsys.readouterr().out


def test_a_damaged_schema_entry_is_an_error_not_a_crash(tmp_path, capsys):
    """One byte in the keyframes index's CREATE statement: SQLite refuses the file unless told to skip it."""
    path = damage.golden_db(tmp_path)
    damage.damage_schema_entry(path, b"keyframes (game_id", b"keyframes (gbme_id")
    assert main(["audit", "g", "--db", str(path), "--out", str(tmp_path / "r.html")]) == 3
    out = capsys.readouterr().out
    assert "47 events" in out and "schema is damaged" in out and "chain intact" not in out


def test_the_games_list_shows_the_final_seal(tmp_path, capsys):
    path = damage.golden_db(tmp_path)
    with EventStore(path) as store:
        head = store.events("g")[-1].hash
    assert main(["games", "--db", str(path)]) == 0
    assert f"seal #47 {head[:12]}" in capsys.readouterr().out
    assert main(["games", "--db", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["seal"] == f"#47 {head[:12]}"


def test_a_copy_is_still_sound(tmp_path):
    path = damage.golden_db(tmp_path)
    copy = tmp_path / "copy.db"
    shutil.copy(path, copy)
    with EventStore(copy, read_only=True) as store:
        assert store.integrity("g", full=True) == []


def test_a_live_session_on_a_damaged_index_is_read_only_and_chains_nothing(tmp_path):
    """A session would judge new moves against the 19-event cut and chain them after event 47: it must refuse instead."""
    import pytest

    from companion.errors import StoreError
    from companion.store.session import GameSession

    path = _index_damaged(tmp_path)
    with EventStore(path) as store:
        session = GameSession(store, "g")
        assert session.damage is not None and "index is damaged" in session.damage.message
        with pytest.raises(StoreError, match="read-only"):
            session.undo()
        shared = GameSession(store, "g", shared=True)
        assert shared.damage is not None
    with EventStore(path, read_only=True) as store:
        assert store.integrity("g")  # still damaged, and nothing was appended behind the cut
