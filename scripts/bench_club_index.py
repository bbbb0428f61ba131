"""Benchmark the club index: what one move at one table costs the club server's index, its stream and its standings.

N tables (BUX games from tests/records/bux-3p-full.jsonl, each MOVES moves in)
in one store (PostgreSQL: a throwaway cluster, or SQLite: one file), served
by the live server in club mode on loopback, with VIEWERS club streams open.
Each round stores one move at a random table from another connection (as a
table's own camera process would), then measures:

* change to stream: from the move's commit to its `change` on every open club stream;
* tables.json, built: the first fetch after the change (every game's card from its shared view);
* tables.json, cached: the next fetch (the same (seqs, language) key);
* standings, built and cached: the same for /club/standings.json (folds every game).

Medians and p90 over the rounds, in ms; the machine is noisy, compare within one run.

    PYTHONPATH=. .venv/bin/python scripts/bench_club_index.py --tables 50 --viewers 100 --rounds 30
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import socket
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.pg import bench_store  # noqa: E402

RECORD = ROOT / "tests" / "records" / "bux-3p-full.jsonl"


def fetch(port: int, path: str) -> bytes:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", path, headers={"Accept-Language": "en"})
        response = conn.getresponse()
        body = response.read()
        assert response.status == 200, (path, response.status)
        return body
    finally:
        conn.close()


class Stream(threading.Thread):
    """One club stream; records when each `change` arrives."""

    def __init__(self, port: int):
        super().__init__(daemon=True)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.conn.request("GET", "/club/stream")
        self.response = self.conn.getresponse()
        self.seen: list[float] = []

    def run(self) -> None:
        buffer = b""
        try:
            while True:
                chunk = self.response.read1(4096)
                if not chunk:
                    return
                buffer += chunk
                while b"\n\n" in buffer:
                    event, buffer = buffer.split(b"\n\n", 1)
                    if b"event: change" in event:
                        self.seen.append(time.perf_counter())
        except Exception:  # noqa: BLE001 - closed at the end
            return


def ms(values: list[float]) -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
    return f"median {statistics.median(values) * 1000:7.1f}  p90 {p90 * 1000:7.1f}"


def run(backend: str, args) -> dict:
    from companion.store.backends import open_store
    from companion.store.session import GameSession
    from companion.web import create_app
    from companion.web.asgi import ServerThread, listen_socket

    lines = [json.loads(line) for line in RECORD.read_text(encoding="utf-8").splitlines() if line.strip()]
    with bench_store(backend, lambda folder: str(folder / "club.db"), url=None, prefix="bench-club-index-") as db:
        with open_store(db) as store:
            for i in range(args.tables):
                session = GameSession.start(store, lines[0], game_id=f"t{i + 1}", title=f"Table {i + 1}")
                for line in lines[1:1 + args.moves]:
                    session.submit(line, source="import")
        app = create_app({"DB": db, "CLUB": True, "STREAM_SECONDS": 3600})
        server = ServerThread(app, sock=listen_socket("127.0.0.1", 0), threads=8).start()
        port = server.port
        streams = [Stream(port) for _ in range(args.viewers)]
        for stream in streams:
            stream.start()
        time.sleep(1.0)
        fetch(port, "/club/tables.json"), fetch(port, "/club/standings.json")
        next_move = {f"t{i + 1}": 1 + args.moves for i in range(args.tables)}
        rng = random.Random(7)
        figures: dict[str, list[float]] = {k: [] for k in ("stream_all", "tables_built", "tables_cached", "standings_built", "standings_cached")}
        with open_store(db) as store:
            for _ in range(args.rounds):
                game_id = rng.choice([g for g, n in next_move.items() if n < len(lines)])
                counts = [len(s.seen) for s in streams]
                start = time.perf_counter()
                GameSession(store, game_id).submit(lines[next_move[game_id]], source="import")
                next_move[game_id] += 1
                deadline = time.monotonic() + 30
                while any(len(s.seen) <= c for s, c in zip(streams, counts)) and time.monotonic() < deadline:
                    time.sleep(0.001)
                figures["stream_all"].append(max(s.seen[c] for s, c in zip(streams, counts)) - start)
                for path, key in (("/club/tables.json", "tables"), ("/club/standings.json", "standings")):
                    t0 = time.perf_counter()
                    fetch(port, path)
                    t1 = time.perf_counter()
                    fetch(port, path)
                    figures[f"{key}_built"].append(t1 - t0)
                    figures[f"{key}_cached"].append(time.perf_counter() - t1)
        for stream in streams:  # shut first: close() would wait for the reader thread's read to end
            stream.conn.sock.shutdown(socket.SHUT_RDWR)
            stream.conn.close()
        server.stop()
        return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=20, help="moves already made at each table")
    parser.add_argument("--viewers", type=int, default=100, help="club streams open")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--backend", choices=("postgres", "sqlite", "both"), default="both")
    args = parser.parse_args(argv)
    for backend in ("postgres", "sqlite") if args.backend == "both" else (args.backend,):
        figures = run(backend, args)
        print(f"{backend}: {args.tables} tables, {args.viewers} club streams, {args.rounds} moves (ms)")
        labels = {"stream_all": "move to change on every stream", "tables_built": "tables.json, built",
                  "tables_cached": "tables.json, cached", "standings_built": "standings.json, built",
                  "standings_cached": "standings.json, cached"}
        for key, label in labels.items():
            print(f"  {label:32} {ms(figures[key])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
