"""Nothing is lost when power, camera or disk fail: kill -9 loops, a full disk, a damaged file, an unplugged camera.

The kill -9 tests and the camera test run on both backends; the full disk,
the damaged file and recovery are about a SQLite file's own bytes and run
on SQLite only (they take tmp_path, not store_target).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.errors import StoreError
from companion.games.bux.record import move_to_json, replay, state_to_json
from companion.games.bux.selfplay import random_game
from companion.store.recover import recover
from companion.store.session import GameSession
from companion.store.backends import open_store
from companion.store.sqlite import EventStore, verify_chain
from tests.tmpfs import fill, tmpfs
from companion.vision.sources import CaptureSource

ROOT = Path(__file__).resolve().parents[2]


def _record(tmp_path, seed=11, moves=None) -> tuple[Path, list[dict]]:
    lines = [move_to_json(m) for m in random_game(seed, 4)[:moves]]
    path = tmp_path / "source.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path, lines


def test_kill_9_at_random_points_loses_and_doubles_nothing(store_target, tmp_path):
    """Scripted games are killed with SIGKILL at random instants and restarted until done; the result is exact."""
    db = store_target
    rng = random.Random(20240607)
    kills = 0
    points = set()
    deadline = time.monotonic() + 120
    for seed in (11, 8):
        lines = [move_to_json(m) for m in random_game(seed, 4)]
        record = tmp_path / f"source-{seed}.jsonl"
        record.write_text("".join(json.dumps(line) + "\n" for line in lines))
        game_id = f"g{seed}"
        while True:
            assert time.monotonic() < deadline, "the driver never finished the records"
            proc = subprocess.Popen([sys.executable, "-m", "companion.store.driver", str(db), str(record), "--game-id", game_id,
                                     "--delay", "0.02"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            ready = proc.stdout.readline()  # start-up time varies with load; kill relative to the first submit
            try:
                # A move goes in every ~25 ms: kills land before, during and between commits.
                proc.wait(timeout=rng.uniform(0.0, 0.3) if ready else 5)
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                proc.stdout.close()
                proc.stderr.close()
                kills += 1
                with open_store(db) as store:
                    points.add((game_id, len(GameSession(store, game_id).refresh().moves)))
                continue
            proc.stdout.close()
            error = proc.stderr.read()
            proc.stderr.close()
            assert proc.returncode == 0, error
            break
        with open_store(db) as store:
            session = GameSession(store, game_id)
            events = store.events(game_id)
            assert verify_chain(events) is None
            assert [e.kind for e in events] == ["move"] * len(lines)  # none rejected, none doubled
            assert session.record_lines() == lines
            assert state_to_json(session.state) == state_to_json(replay(record.read_text().splitlines(True)))
    assert kills >= 6, f"only {kills} kills happened; the test did not exercise restarts"
    assert len(points) >= 4, f"kills landed at too few points: {sorted(points)}"


def test_a_stored_move_survives_a_kill_right_after_the_ack(store_target, tmp_path):
    """What submit() returned is stored: kill the writer the moment it reports the move stored."""
    _, lines = _record(tmp_path)
    db = store_target
    script = ("import json, time\nfrom companion.store.backends import open_store\nfrom companion.store.session import GameSession\n"
              f"lines = [json.loads(l) for l in open({str(record_path(tmp_path))!r})]\n"
              f"s = GameSession.start(open_store({str(db)!r}), lines[0], game_id='g')\n"
              "for line in lines[1:4]:\n    print(s.submit(line).seq, flush=True)\ntime.sleep(60)\n")
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    acknowledged = [int(proc.stdout.readline()) for _ in range(3)]
    proc.kill()
    proc.wait()
    proc.stdout.close()
    with open_store(db) as store:
        assert store.last_seq("g") == acknowledged[-1] == 4
        assert GameSession(store, "g").record_lines() == lines[:4]


def record_path(tmp_path: Path) -> Path:
    return tmp_path / "source.jsonl"


def test_full_database_gives_a_clear_message_and_changes_nothing(tmp_path):
    """SQLite's max_page_count caps the file: the write fails whole, the game state stays as it was."""
    record, lines = _record(tmp_path, moves=40)
    with EventStore(tmp_path / "full.db") as store:
        session = GameSession.start(store, lines[0], game_id="g")
        for line in lines[1:10]:
            session.submit(line)
        before_state, before_seq = session.state, store.last_seq("g")
        pages = store.db.execute("PRAGMA page_count").fetchone()[0]
        store.db.execute(f"PRAGMA max_page_count = {pages}")
        # ~52 KB: past the pages left, within the store's event limits (64 KiB, 4,096 characters a text).
        big = {"type": "note", "text": "x" * 4000, "parts": ["x" * 4000] * 12}
        with pytest.raises(StoreError, match="disk is full: nothing was stored"):
            store.append("g", "note", big)
        with pytest.raises(StoreError, match="disk is full"):
            store.append_many("g", [("note", big), ("note", big)])
        assert store.last_seq("g") == before_seq
        assert GameSession(store, "g").state == before_state
        assert verify_chain(store.events("g")) is None
        store.db.execute("PRAGMA max_page_count = 1073741823")
        session.submit(lines[10])  # space again: the game goes on
        assert store.last_seq("g") == before_seq + 1


@pytest.fixture
def tiny_disk(tmp_path):
    """A real 2 MB filesystem (tmpfs); needs root, as in CI. Skips where mounting is not allowed."""
    with tmpfs(tmp_path / "tiny", "2m") as mount:
        yield mount


def test_real_full_disk(tiny_disk):
    _, lines = _record(tiny_disk.parent, moves=30)
    db = tiny_disk / "game.db"
    with EventStore(db) as store:
        session = GameSession.start(store, lines[0], game_id="g")
        for line in lines[1:]:
            session.submit(line)
        before_state, before_seq = session.state, store.last_seq("g")
        filler = tiny_disk / "filler"
        fill(filler)
        with pytest.raises(StoreError, match="disk is full"):
            for _ in range(200):
                store.append("g", "note", {"text": "y" * 4000})
        stored = store.last_seq("g")
    with EventStore(db) as store:  # reopened: the last write is either whole or absent
        assert store.last_seq("g") == stored >= before_seq
        assert verify_chain(store.events("g")) is None
        assert GameSession(store, "g").state == before_state
    filler.unlink()


def _damage(path: Path, store_id: str = "g") -> None:
    """Overwrite a page in the middle of the events table with garbage."""
    with EventStore(path) as store:
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = store.db.execute("PRAGMA page_size").fetchone()[0]
        pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    data = bytearray(path.read_bytes())
    victim = pages * 3 // 4
    data[victim * page_size:(victim + 1) * page_size] = bytes(random.Random(1).randrange(256) for _ in range(page_size))
    path.write_bytes(bytes(data))


def _stored_game(tmp_path, moves=150) -> tuple[Path, list[dict]]:
    _, lines = _record(tmp_path, seed=11, moves=moves)
    db = tmp_path / "damaged.db"
    with EventStore(db) as store:
        session = GameSession.start(store, lines[0], game_id="g")
        for line in lines[1:]:
            session.submit(line, evidence={"observations": [], "frames": [], "keyframe": None, "pad": "p" * 2000})
    return db, lines


def test_damaged_file_gives_a_clear_message(tmp_path, capsys):
    db, _ = _stored_game(tmp_path)
    _damage(db)
    for argv in (["export", "g", "--db", str(db)], ["audit", "g", "--db", str(db), "--out", str(tmp_path / "r.html")]):
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert "damaged" in err and "companion recover" in err and "Traceback" not in err


def test_recover_saves_the_intact_prefix(tmp_path, capsys):
    db, lines = _stored_game(tmp_path)
    _damage(db)
    [item] = recover(db)
    assert item.stopped is not None
    n = len(item.record_lines)
    assert 1 <= n < len(lines)
    assert list(item.record_lines) == lines[:n]
    assert verify_chain(list(item.events)) is None
    out = tmp_path / "saved"
    assert main(["recover", str(db), "--out", str(out)]) == 0
    assert "stopped" in capsys.readouterr().out
    assert main(["replay", str(out / "g.jsonl")]) == 0
    assert main(["audit", str(out / "g.events.jsonl"), "--out", str(tmp_path / "saved.html")]) == 0


def test_recover_of_an_intact_file_keeps_everything(tmp_path):
    db, lines = _stored_game(tmp_path, moves=30)
    [item] = recover(db)
    assert item.stopped is None and list(item.record_lines) == lines


def test_recover_of_garbage_is_a_clear_error(tmp_path, capsys):
    junk = tmp_path / "junk.db"
    junk.write_bytes(os.urandom(8192))
    assert main(["recover", str(junk), "--out", str(tmp_path / "o")]) == 1
    assert "not a database" in capsys.readouterr().err


def _video(path: Path, frames: int) -> None:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 15, (160, 120))
    for i in range(frames):
        writer.write(np.full((120, 160, 3), i * 8 % 255, np.uint8))
    writer.release()


def test_camera_unplugged_and_replugged_mid_game(store_target, tmp_path):
    """While the camera is gone the tablet keeps the game going; when it is back, observations resume."""
    _, lines = _record(tmp_path, moves=8)
    clip = tmp_path / "cam.avi"
    _video(clip, 5)
    now = [0.0]
    # A URL target makes the source live (reopen with backoff); the opener maps it to the clip, while it exists.
    source = CaptureSource("file://cam", backoff_s=1.0, clock=lambda: now[0],
                           opener=lambda _t: cv2.VideoCapture(str(clip)) if clip.exists() else None)
    with open_store(store_target) as store:
        session = GameSession.start(store, lines[0], game_id="g")

        def watch(steps: int) -> int:
            seen = 0
            for _ in range(steps):
                frame = source.read()
                now[0] += 0.1
                if frame is not None:
                    session.observe([], t=frame.time, extra={"frame": frame.index})
                    seen += 1
            return seen

        assert watch(3) == 3
        session.submit(lines[1], source="camera", evidence={"observations": [2], "frames": [0.0], "keyframe": None})
        clip.unlink()  # unplugged: the clip ends, the reopen fails and backs off
        assert watch(30) <= 2
        assert "retrying" in source.status
        for line in lines[2:5]:  # the game goes on by hand
            session.submit(line, source="tablet")
        _video(clip, 5)  # plugged back in
        assert watch(60) >= 3
        assert source.reopens >= 2
        session.submit(lines[5], source="tablet")
        kinds = [e.kind for e in store.events("g")]
        last_tablet = max(i for i, e in enumerate(store.events("g")) if e.source == "tablet")
        assert "observation" in kinds[kinds.index("move", 1) + 4:last_tablet]
        assert session.record_lines() == lines[:6]
