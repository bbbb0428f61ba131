#!/usr/bin/env python3
"""Club benchmark: many tables on one PostgreSQL, against one SQLite file per table (issue 20).

    PYTHONPATH=. .venv/bin/python scripts/bench_club.py --tables 50 --viewers 10 --backend both

Each table is its own process playing the whole golden BUX game
(tests/records/bux-3p-full.jsonl, 46 moves) at table pace (`--pace` s between
moves, jittered 0.5-1.5x) with bursts (every `--burst-every` moves, `--burst`
moves back to back). Every move is raced: the table's camera loop submits
it straight to the store (GameSession, as `companion play` does) while the
table's tablet POSTs it over HTTP with a request id, both judged against the
seq the table last saw; one is stored, the other refused. `--viewers`
screens per table watch the game's event stream (`/g/<id>/stream?state=1`,
as the scoreboard does) from one asyncio process.

  * postgres: one throwaway cluster (tests/pg.py; or `--db URL`), one club
    server (`companion serve --db postgresql://...`; `--servers N`: N of
    them on the one database, each serving every Nth table) for every table's
    tablet and screens; each table's camera process writes to the database
    itself and the server learns of it by LISTEN/NOTIFY.
  * sqlite: each table has its own file and serves its own tablet and
    screens from its own process (one laptop per table, as today).

Reported: moves stored per second (whole run), submit latency p50/p99 of
the camera's and the tablet's submits, change-to-screen p50/p99 (from the
stored event's time to each screen receiving it), the most database
connections open at once (PostgreSQL), and the check afterwards: every
game's stored record is exactly the golden record (nothing lost or
doubled) and every game audits clean. Everything runs on this machine
(2 cores shared by the database, the server(s), 50 table processes and the
viewers), so the figures are what one small box does, not the server alone.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import multiprocessing
import os
import random
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.pg import bench_store  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
from loopback import free_port, wait_port  # noqa: E402

RECORD = "bux-3p-full.jsonl"


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


# --- one table (its own process) ------------------------------------------------------------------------

def table(db: str, game_id: str, steps: list, token: str, port: int, serve_here: bool, start_at: float,
          pace: float, burst_every: int, burst: int, seed: int, out) -> None:
    """Play one game: each move raced by the camera (store) and the tablet (HTTP); report latencies and outcomes."""
    from companion.errors import CompanionError, Conflict
    from companion.store.backends import normalize, open_store
    from companion.store.session import GameSession, Request
    from tests.web.racing import connect, send

    server = None
    if serve_here:  # one laptop per table: the table's own server for its tablet and screens
        from companion.web import create_app
        from companion.web.asgi import ServerThread, listen_socket

        server = ServerThread(create_app({"DB": normalize(db)}), sock=listen_socket("127.0.0.1", port)).start()
    rng = random.Random(seed)
    camera_ms, tablet_ms, outcomes, errors = [], [], {}, []
    store = open_store(db)
    time.sleep(max(0.0, start_at - time.time()))
    base = f"http://127.0.0.1:{port}"
    for number, (line, post) in enumerate(steps, start=1):
        in_burst = burst_every and (number % burst_every) < burst
        if not in_burst:
            time.sleep(pace * rng.uniform(0.5, 1.5))
        seen = store.last_seq(game_id)
        go = threading.Barrier(2)
        result = {}

        def camera() -> None:
            go.wait()
            started = time.perf_counter()
            try:
                GameSession(store, game_id, request=Request(seen=seen)).submit(line, source="camera")
                result["camera"] = "stored"
            except (CompanionError, Conflict) as error:
                result["camera"] = type(error).__name__
            except Exception as error:  # noqa: BLE001 - reported, the run goes on
                result["camera"] = "error"
                errors.append(f"camera: {error!r}")
            camera_ms.append((time.perf_counter() - started) * 1000)

        thread = threading.Thread(target=camera)
        thread.start()
        go.wait()
        started = time.perf_counter()
        try:
            answer = send(connect(base, timeout=60), "POST", post.path, post.body,
                          {"X-Companion-Token": post.token, "X-Request-Id": uuid.uuid4().hex, "X-Seen-Seq": str(seen)})
            result["tablet"] = "stored" if answer.status == 200 else str(answer.status)
        except OSError as error:
            result["tablet"] = "error"
            errors.append(f"tablet: {error!r}")
        tablet_ms.append((time.perf_counter() - started) * 1000)
        thread.join()
        key = f"camera {result['camera']} / tablet {result['tablet']}"
        outcomes[key] = outcomes.get(key, 0) + 1
    store.close()
    if server is not None:
        time.sleep(3)  # let the last change reach the screens before this table's server goes
        server.stop()
    out.put({"game_id": game_id, "camera_ms": camera_ms, "tablet_ms": tablet_ms, "outcomes": outcomes, "errors": errors})


# --- the screens (one asyncio process) -----------------------------------------------------------------

class Screen(asyncio.Protocol):
    def __init__(self):
        self.buffer = b""
        self.arrived: dict[int, float] = {}

    def data_received(self, data: bytes) -> None:
        now = time.time()
        self.buffer += data
        while b"\n\n" in self.buffer:
            message, self.buffer = self.buffer.split(b"\n\n", 1)
            for part in message.split(b"\n"):
                if part.startswith(b"id: "):
                    self.arrived.setdefault(int(part[4:]), now)


def screens(targets: list[tuple[str, int]], viewers: int, until: float, ready, out) -> None:
    """Hold `viewers` event streams per (game, port) until `until`; report when each screen got each seq."""
    async def run() -> dict:
        loop = asyncio.get_running_loop()
        held: list[tuple[str, Screen]] = []
        failed = 0
        for game_id, port in targets:
            request = f"GET /g/{game_id}/stream?state=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()
            for _ in range(viewers):
                try:
                    transport, screen = await loop.create_connection(Screen, "127.0.0.1", port)
                    transport.write(request)
                    held.append((game_id, screen))
                except OSError:
                    failed += 1
        ready.set()
        await asyncio.sleep(max(0.0, until - time.time()))
        return {"failed": failed, "seen": [(game_id, screen.arrived) for game_id, screen in held]}

    out.put(asyncio.run(run()))


# --- one run --------------------------------------------------------------------------------------------

def prepare(db: str, count: int) -> dict[str, tuple[list, str]]:
    """Create one game per table; return game id -> ((record line, tablet post) per move, token)."""
    from companion.store.backends import open_store
    from companion.web.dice_service import DiceService
    from companion.store.session import GameSession
    from tests.web.racing import create

    games = {}
    targets = [db] * count if db.startswith("postgresql") else [str(Path(db) / f"table-{i + 1}.db") for i in range(count)]
    for i, target in enumerate(targets):
        game_id = f"table-{i + 1}"
        with open_store(target) as store:
            game = create(store, RECORD, game_id)
            DiceService(GameSession(store, game_id)).ensure_seed()
        games[game_id] = ([(step.line, step.posts[0]) for step in game.steps], game.token, target, game.lines)
    return games


def check(games: dict) -> tuple[int, int, int]:
    """Return (games exact, games auditing clean, move events stored) after the run."""
    from companion.audit.audit import run_audit
    from companion.audit.source import from_store
    from companion.store.backends import open_store
    from companion.store.session import GameSession

    exact = clean = moves = 0
    for game_id, (_steps, _token, target, lines) in games.items():
        with open_store(target, read_only=True) as store:
            session = GameSession(store, game_id)
            exact += session.record_lines() == lines
            moves += sum(e.kind == "move" for e in session.events)
            audit = run_audit(from_store(store, game_id))
            clean += audit.chain.ok and audit.replay_error is None and audit.counts()["error"] == 0
    return exact, clean, moves


def event_times(games: dict) -> dict[tuple[str, int], float]:
    from companion.store.backends import open_store

    times = {}
    for game_id, (_s, _t, target, _l) in games.items():
        with open_store(target, read_only=True) as store:
            for event in store.events(game_id):
                times[(game_id, event.seq)] = dt.datetime.fromisoformat(event.time).timestamp()
    return times


def one(backend: str, args) -> dict:
    from companion.store.postgres import close_pools

    with bench_store(backend, str, url=args.db, prefix="bench-club-") as db:
        games = prepare(db, args.tables)
        close_pools()  # forked table processes must not share this process's connections
        servers = []
        if backend == "postgres":
            env = dict(os.environ, PYTHONPATH=str(ROOT))
            code = ("import resource, sys; soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE); "
                    "resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard)); from companion.cli import main; sys.exit(main(sys.argv[1:]))")
            server_ports = []
            for _ in range(args.servers):  # club servers on one database: table i is served by server i mod N
                port = free_port()
                servers.append(subprocess.Popen([sys.executable, "-c", code, "serve", "--game", "table-1", "--db", db,
                                                 "--host", "127.0.0.1", "--port", str(port), "--no-tls"], env=env,
                                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
                server_ports.append(port)
            for port, server in zip(server_ports, servers):
                wait_port(port, server)
            ports = {game_id: server_ports[i % len(server_ports)] for i, game_id in enumerate(games)}
        else:
            ports = {game_id: free_port() for game_id in games}
        context = multiprocessing.get_context("fork")
        out = context.Queue()
        start_at = time.time() + 8 + args.tables * 0.15
        tables = [context.Process(target=table, args=(target, game_id, steps, token, ports[game_id], backend == "sqlite",
                                                      start_at, args.pace, args.burst_every, args.burst, i, out))
                  for i, (game_id, (steps, token, target, _lines)) in enumerate(games.items())]
        for proc in tables:
            proc.start()
        if backend == "sqlite":
            for game_id in games:
                wait_port(ports[game_id])
        ready = context.Event()
        viewer_out = context.Queue()
        longest = len(next(iter(games.values()))[0]) * args.pace * 1.5 + 60
        viewer = context.Process(target=screens, args=([(g, ports[g]) for g in games], args.viewers,
                                                       start_at + longest, ready, viewer_out))
        viewer.start()
        ready.wait(120)
        connections, sampling = [0], threading.Event()
        if backend == "postgres":
            def sample() -> None:
                import psycopg

                with psycopg.connect(db, autocommit=True) as conn:
                    while not sampling.is_set():
                        count = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                             "AND pid <> pg_backend_pid()").fetchone()[0]
                        connections[0] = max(connections[0], count)
                        sampling.wait(0.5)
            threading.Thread(target=sample, daemon=True).start()
        results = [out.get(timeout=longest + 120) for _ in tables]
        finished = time.time()
        for proc in tables:
            proc.join(30)
        sampling.set()
        seen = viewer_out.get(timeout=longest + 180)
        viewer.join(30)
        for server in servers:
            server.terminate()
            server.wait(30)
        duration = finished - start_at
        times = event_times(games)
        delays = [(arrived - times[(game_id, seq)]) * 1000 for game_id, arrived_at in seen["seen"]
                  for seq, arrived in arrived_at.items() if (game_id, seq) in times and seq > 1]
        last = {game_id: max(seq for (g, seq) in times if g == game_id) for game_id in games}
        missed = sum(1 for game_id, arrived_at in seen["seen"] if last[game_id] not in arrived_at)
        exact, clean, moves = check(games)
        outcomes: dict[str, int] = {}
        for result in results:
            for key, n in result["outcomes"].items():
                outcomes[key] = outcomes.get(key, 0) + n
        return {
            "backend": backend, "servers": args.servers if backend == "postgres" else args.tables, "tables": args.tables, "viewers": args.tables * args.viewers,
            "moves_stored": moves - len(games), "seconds": round(duration, 1),
            "moves_per_s": round((moves - len(games)) / duration, 2),
            "camera_ms": (round(pct(sum((r["camera_ms"] for r in results), []), 0.5), 1),
                          round(pct(sum((r["camera_ms"] for r in results), []), 0.99), 1)),
            "tablet_ms": (round(pct(sum((r["tablet_ms"] for r in results), []), 0.5), 1),
                          round(pct(sum((r["tablet_ms"] for r in results), []), 0.99), 1)),
            "screen_ms": (round(pct(delays, 0.5), 1), round(pct(delays, 0.9), 1), round(pct(delays, 0.99), 1)),
            "screens_missing_last_move": missed, "screens_failed": seen["failed"],
            "db_connections_max": connections[0] if backend == "postgres" else None,
            "games_exact": f"{exact}/{len(games)}", "games_audit_clean": f"{clean}/{len(games)}",
            "outcomes": outcomes, "errors": sum((r["errors"] for r in results), [])[:5],
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--viewers", type=int, default=10, help="screens per table")
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between moves at a table (jittered 0.5-1.5x)")
    parser.add_argument("--burst-every", type=int, default=10, help="every N moves a burst starts")
    parser.add_argument("--burst", type=int, default=4, help="moves entered back to back in a burst")
    parser.add_argument("--backend", choices=("postgres", "sqlite", "both"), default="both")
    parser.add_argument("--db", help="an existing PostgreSQL database URL (default: a throwaway cluster)")
    parser.add_argument("--servers", type=int, default=1, help="PostgreSQL: club server processes sharing the tables")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    rows = [one(backend, args) for backend in (("postgres", "sqlite") if args.backend == "both" else (args.backend,))]
    for row in rows:
        print(json.dumps(row))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
