#!/usr/bin/env python3
"""Benchmark: what one scoreboard read (GET state.json) costs on long stored games.

    .venv/bin/python scripts/bench_state.py [--repeat 15]

Builds three BUX games in a RAM-backed SQLite file: a 2,000-move game; the
same with 200,000 camera observations between its moves (a long evening with
the camera on); the same with 49,000 undo/redo pairs (~100,000 move and
undo events). For each it serves the real Flask app (test client, no
network) and reports the first read (cold: the server folds the whole game
once), the median of repeated reads with nothing new, and the median read
right after one new event. Medians, one process; run on the same machine
before and after a change and compare the ratio.

With --serve, each game is instead served by a real `companion serve --game`
process on loopback, as after a restart mid-game: the seconds until it
answers, then its first reads of state.json over HTTP.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_replay import long_record  # noqa: E402
from loopback import free_port, wait_port  # noqa: E402

from companion.games.bux.record import move_to_json  # noqa: E402
from companion.store.sqlite import EventStore  # noqa: E402
from companion.web import create_app  # noqa: E402


def build(db: Path, lines: list[dict], *, observations: int, churn: int) -> None:
    """Store the game with `observations` camera observations spread between its moves and `churn` undo/redo pairs."""
    with EventStore(db) as store:
        store.create_game("g", "bux", events=[("move", lines[0])])
        per_move = observations // max(len(lines) - 1, 1)
        batch = []
        for number, line in enumerate(lines[1:], start=1):
            batch += [("observation", {"t": number + i / 1000, "changes": [{"code": "x", "from": None, "to": "bid"}]})
                      for i in range(per_move)]
            batch.append(("move", line))
            if len(batch) > 5000:
                store.append_many("g", batch, "camera")
                batch = []
        store.append_many("g", batch, "camera")
        last = lines[-1]
        for _ in range(churn):
            seq = store.last_seq("g")
            store.append_many("g", [("undo", {"undoes": seq}), ("move", last)], "tablet")


def measure(db: Path, repeat: int) -> dict:
    app = create_app({"DB": str(db), "TESTING": True})
    client = app.test_client()

    def read() -> float:
        start = time.perf_counter()
        answer = client.get("/g/g/state.json")
        assert answer.status_code == 200, answer.status_code
        return (time.perf_counter() - start) * 1000

    cold = read()
    warm = statistics.median(read() for _ in range(repeat))
    after_new = []
    with EventStore(db) as store:
        for i in range(repeat):
            store.append("g", "observation", {"t": 1e6 + i, "changes": []}, "camera")
            after_new.append(read())
    return {"cold_ms": round(cold, 1), "warm_ms": round(warm, 1), "after_new_event_ms": round(statistics.median(after_new), 1)}


def measure_serve(db: Path, repeat: int) -> dict:
    """Start `companion serve --game g` on the file; time its start and its first reads of state.json."""
    port = free_port()
    root = Path(__file__).resolve().parents[1]
    start = time.perf_counter()
    server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--game", "g", "--db", str(db),
                               "--host", "127.0.0.1", "--port", str(port), "--no-tls"], cwd=root,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/g/g/state.json"
    try:
        wait_port(port, server)
        answering = time.perf_counter() - start
        reads = []
        for _ in range(repeat):
            began = time.perf_counter()
            with urllib.request.urlopen(url, timeout=60) as answer:
                answer.read()
            reads.append((time.perf_counter() - began) * 1000)
    finally:
        server.terminate()
        server.wait()
    return {"answering_s": round(answering, 2), "first_read_ms": round(reads[0], 1),
            "later_reads_ms": round(statistics.median(reads[1:]), 1) if len(reads) > 1 else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--serve", action="store_true", help="time a real `companion serve` process instead")
    args = parser.parse_args(argv)
    lines = [move_to_json(m) for m in long_record(args.lines)]
    cases = {"2,000 moves": (0, 0), "2,000 moves + 200,000 observations": (200_000, 0),
             "2,000 moves + 49,000 undo/redo pairs": (0, 49_000)}
    results = {}
    folder = "/dev/shm" if Path("/dev/shm").is_dir() else None
    for name, (observations, churn) in cases.items():
        with tempfile.TemporaryDirectory(dir=folder) as tmp:
            db = Path(tmp) / "g.db"
            build(db, lines, observations=observations, churn=churn)
            with EventStore(db) as store:
                events = store.last_seq("g")
            results[name] = {"events": events, **(measure_serve if args.serve else measure)(db, args.repeat)}
            print(name, json.dumps(results[name]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
