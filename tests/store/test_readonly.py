"""Read-only opening: the audit, `games` and `export` never write, never create, and work on files nobody may write.

SQLite only: these tests are about a database file's own bytes (PostgreSQL's per-game check is in test_sqlite.py).
"""

from __future__ import annotations

import os
import subprocess

import pytest

from companion.cli import main
from tests.store import damage


@pytest.fixture
def unwritable(tmp_path):
    """The golden game in a folder nobody can write: a read-only tmpfs as root (chmod binds no root), else chmod."""
    source = damage.golden_db(tmp_path)
    folder = tmp_path / "ro"
    folder.mkdir()
    if os.geteuid() == 0:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)], capture_output=True)
        if done.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
        (folder / "game.db").write_bytes(source.read_bytes())
        try:
            subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
            yield folder / "game.db"
        finally:
            # Lazy: a connection a failing test left open must not keep the mount behind.
            subprocess.run(["umount", "-l", str(folder)], check=True)
    else:
        (folder / "game.db").write_bytes(source.read_bytes())
        (folder / "game.db").chmod(0o444)
        folder.chmod(0o555)
        yield folder / "game.db"
        folder.chmod(0o755)


def _snapshot(path):
    return path.read_bytes(), path.stat().st_mtime_ns, sorted(os.listdir(path.parent))


def test_audit_export_games_and_recover_work_on_a_file_nobody_can_write(unwritable, tmp_path, capsys):
    before = _snapshot(unwritable)
    assert main(["audit", "g", "--db", str(unwritable), "--out", str(tmp_path / "r.html")]) == 0
    assert "hash chain intact (47 events)" in capsys.readouterr().out
    assert main(["export", "g", "--db", str(unwritable), "--out", str(tmp_path / "g.jsonl")]) == 0
    assert len((tmp_path / "g.jsonl").read_text().splitlines()) == 47
    assert main(["games", "--db", str(unwritable)]) == 0
    assert "winner: Ben" in capsys.readouterr().out
    assert main(["recover", str(unwritable), "--out", str(tmp_path / "saved")]) == 0
    assert (tmp_path / "saved" / "g.events.jsonl").read_text().count("\n") == 47
    assert _snapshot(unwritable) == before


@pytest.mark.parametrize("command", [["audit", "g"], ["games"], ["export", "g"]])
def test_an_empty_file_is_a_clear_error_and_stays_empty(tmp_path, capsys, command):
    path = tmp_path / "empty.db"
    path.write_bytes(b"")
    assert main([*command, "--db", str(path)]) == 1
    err = capsys.readouterr().err
    assert "empty (0 bytes)" in err and "Traceback" not in err
    assert path.read_bytes() == b"" and sorted(os.listdir(tmp_path)) == ["empty.db"]
