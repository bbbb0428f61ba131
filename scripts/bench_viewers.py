#!/usr/bin/env python3
"""Load benchmark: many screens watching one game while moves are posted (issue 13, item 4).

    PYTHONPATH=. .venv/bin/python scripts/bench_viewers.py [--viewers 50,200,500,1000] [--moves 15]
    PYTHONPATH=. .venv/bin/python scripts/bench_viewers.py --viewers 200 --moves 41 --race 4   # issue 13's done-when

For each viewer count: a fresh SQLite file with a BUX game 5 moves in, and
`companion serve` started in its own process on 127.0.0.1 (the real server,
as a table would run it). N viewers open the scoreboard's event stream the
way board.js does (`/g/<id>/stream?state=1`, one TCP connection each) and
stay attached. Then the tablet posts `--moves` moves, one every
`--interval` s, over real HTTP, while `--probes` clients ask for
`/g/<id>/state.json` back to back. Reported:

  * state.json p50/p99: the probes' request-to-last-byte times during the moves;
  * change-to-screen p50/p99: from just before each move's POST to the
    moment each viewer has received the change event carrying the new state
    (that event is all a screen needs to redraw: no re-fetch);
  * server memory: the server process's resident set (VmRSS) at the end, and its peak (VmHWM);
  * errors: failed or non-200 probes and POSTs, viewers that could not
    connect, and (viewer, move) pairs that never arrived.

Everything runs on this machine: the load client (one asyncio process) and
the server share its 2 cores, so the client's own work is in the figures.
Only 127.0.0.1 is contacted; each run is bounded by --moves and timeouts.
Figures go to docs/benchmarks.md with this command.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from loopback import free_port, wait_port  # noqa: E402

RECORD = ROOT / "tests" / "records" / "bux-3p-full.jsonl"
GAME_ID = "bench"


def prepare(db: Path) -> tuple[list[dict], str]:
    """Store a BUX game 5 moves in; return the moves still to play (as the tablet posts them) and the game token."""
    from companion.games.bux.state import PLAYING_CARDS
    from companion.store.session import GameSession
    from companion.store.sqlite import EventStore
    from companion.web.access import card_handle, game_key, game_token
    from companion.web.dice_service import DiceService

    lines = [json.loads(line) for line in RECORD.read_text(encoding="utf-8").splitlines() if line.strip()]
    with EventStore(db) as store:
        session = GameSession.start(store, lines[0], game_id=GAME_ID)
        for line in lines[1:6]:
            session.submit(line, source="import")
        DiceService(session).ensure_seed()
        key = game_key(store, GAME_ID)
        # The tablet names spread cards (sell, swap) by handle; drawn cards go as typed.
        handle = {code: card_handle(key, code) for code in PLAYING_CARDS}
        posted = []
        for line in lines[6:]:
            if line["type"] == "sell":
                line = {**line, "sets": [[handle[c] for c in s] for s in line["sets"]]}
            elif line["type"] == "swap":
                line = {**line, "give": handle[line["give"]], "take": handle[line["take"]]}
            posted.append(line)
        return posted, game_token(key)


def start_server(db: Path, port: int) -> subprocess.Popen:
    code = ("import resource, sys; soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE); "
            "resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard)); from companion.cli import main; sys.exit(main(sys.argv[1:]))")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    server = subprocess.Popen([sys.executable, "-c", code, "serve", "--game", GAME_ID, "--db", str(db),
                               "--host", "127.0.0.1", "--port", str(port), "--no-tls"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_port(port, server, seconds=30)
    except SystemExit:
        server.kill()
        raise
    return server


def memory(pid: int) -> tuple[float, float]:
    """Return (VmRSS, VmHWM) of a process in MB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


class Viewer(asyncio.Protocol):
    """One screen's event stream: records when each event id arrived."""

    def __init__(self):
        self.buffer = b""
        self.arrived: dict[int, float] = {}
        self.ready = asyncio.get_running_loop().create_future()

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        self.buffer += data
        while b"\n\n" in self.buffer:
            message, self.buffer = self.buffer.split(b"\n\n", 1)
            # Chunk-size lines of the chunked encoding sit between messages: look for the id line anywhere.
            for line in message.split(b"\n"):
                if line.startswith(b"id: "):
                    self.arrived.setdefault(int(line[4:]), now)
                    if not self.ready.done():
                        self.ready.set_result(True)

    def connection_lost(self, exc) -> None:
        if not self.ready.done():
            self.ready.set_result(False)


async def http(port: int, method: str, path: str, body: bytes = b"", headers: dict | None = None,
               conn=None) -> tuple[int, bytes, tuple]:
    """One HTTP/1.1 request on a kept-alive connection (opened if None); return (status, body, connection)."""
    if conn is None:
        conn = await asyncio.open_connection("127.0.0.1", port)
    reader, writer = conn
    head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(body)}"]
    head += [f"{k}: {v}" for k, v in (headers or {}).items()]
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
    status_line = await reader.readline()
    length, chunked = 0, False
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
        elif name.lower() == "transfer-encoding" and "chunked" in value:
            chunked = True
    if chunked:
        data = b""
        while (size := int((await reader.readline()).strip() or b"0", 16)):
            data += await reader.readexactly(size)
            await reader.readline()
        await reader.readline()
    else:
        data = await reader.readexactly(length)
    return int(status_line.split()[1]), data, conn


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


async def run_load(port: int, viewers: int, moves: list[dict], token: str, interval: float, probes: int,
                   race: int = 0) -> dict:
    loop = asyncio.get_running_loop()
    errors = 0
    screens: list[Viewer] = []
    request = f"GET /g/{GAME_ID}/stream?state=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()

    async def attach() -> None:
        nonlocal errors
        try:
            transport, viewer = await loop.create_connection(Viewer, "127.0.0.1", port)
            transport.write(request)
            if await asyncio.wait_for(viewer.ready, 30):
                screens.append(viewer)
                return
        except (OSError, asyncio.TimeoutError):
            pass
        errors += 1

    for start in range(0, viewers, 50):  # screens arrive in batches of 50, as a room fills
        await asyncio.gather(*(attach() for _ in range(start, min(viewers, start + 50))))

    state_times: list[float] = []
    running = True

    async def probe() -> None:
        nonlocal errors
        conn = None
        while running:
            started = time.perf_counter()
            try:
                status, _body, conn = await asyncio.wait_for(http(port, "GET", f"/g/{GAME_ID}/state.json", conn=conn), 30)
                state_times.append(time.perf_counter() - started)
                errors += status != 200
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError):
                errors += 1
                conn = None

    probing = [asyncio.create_task(probe()) for _ in range(probes)]
    posted: list[tuple[int, float]] = []
    conn = None
    headers = {"X-Companion-Token": token, "Content-Type": "application/json"}
    seen = json.loads((await http(port, "GET", f"/g/{GAME_ID}/state.json"))[1])["seq"]
    race_statuses: list[int] = []
    for line in moves:
        started = time.perf_counter()
        body = json.dumps({"line": line}).encode()
        if race:
            # `race` tablets post this move at the same instant, as a table's devices would: two of them
            # are one double tap (same request id), all say which seq their screen showed.
            twin = uuid.uuid4().hex
            ids = [twin, twin] + [uuid.uuid4().hex for _ in range(race - 2)]
            answers = await asyncio.gather(*(
                asyncio.wait_for(http(port, "POST", f"/g/{GAME_ID}/api/move", body,
                                      {**headers, "X-Seen-Seq": str(seen), "X-Request-Id": rid}), 60) for rid in ids),
                return_exceptions=True)
            statuses = [a[0] if isinstance(a, tuple) else 599 for a in answers]
            race_statuses += statuses
            errors += sum(st >= 500 for st in statuses)
            stored = {json.loads(a[1])["seq"] for a in answers if isinstance(a, tuple) and a[0] == 200}
            errors += len(stored) != 1
            for a in answers:
                if isinstance(a, tuple):
                    a[2][1].close()
            if stored:
                seen = max(stored)
                posted.append((seen, started))
        else:
            status, answer, conn = await http(port, "POST", f"/g/{GAME_ID}/api/move", body, headers, conn)
            if status != 200:
                errors += 1
            else:
                seen = json.loads(answer)["seq"]
                posted.append((seen, started))
        await asyncio.sleep(interval)
    await asyncio.sleep(1.0)  # the last move's events are still arriving
    running = False
    await asyncio.gather(*probing)
    latencies, missing = [], 0
    for seq, started in posted:
        for viewer in screens:
            arrived = min((t for s, t in viewer.arrived.items() if s >= seq), default=None)
            if arrived is None:
                missing += 1
            else:
                latencies.append(arrived - started)
    return {"viewers": viewers, "attached": len(screens), "state_n": len(state_times),
            "state_p50": pct(state_times, 0.5) * 1000, "state_p99": pct(state_times, 0.99) * 1000,
            "change_p50": pct(latencies, 0.5) * 1000, "change_p99": pct(latencies, 0.99) * 1000,
            "moves": len(posted), "errors": errors + missing,
            "race": {str(code): race_statuses.count(code) for code in sorted(set(race_statuses))}}


def check_game(db: Path, played: list[dict]) -> str:
    """Return how the raced game came out: each move stored once, chain and replay sound, export = the record."""
    from companion.games import find_game
    from companion.store.session import GameSession, fold
    from companion.store.sqlite import EventStore, verify_chain

    lines = [json.loads(line) for line in RECORD.read_text(encoding="utf-8").splitlines() if line.strip()]
    with EventStore(db) as store:
        events = store.events(GAME_ID)
        broken = verify_chain(events)
        fold(find_game("bux"), events)  # strict: raises if a stored move does not replay
        exported = GameSession(store, GAME_ID).record_lines()
    intended = lines[:6] + played
    if broken is not None:
        return f"chain broken at event {broken}"
    if exported != intended:
        return f"export differs from the record ({len(exported)} lines, {len(intended)} intended)"
    replayed = find_game("bux").replay([json.dumps(line) for line in exported])
    reference = find_game("bux").replay([json.dumps(line) for line in intended])
    return "each move stored once, chain intact, export = record, replay = reference" if replayed == reference else "replay differs"


def one(viewers: int, args) -> dict:
    with tempfile.TemporaryDirectory(prefix="bench-viewers-") as tmp:
        db = Path(tmp) / "companion.db"
        moves, token = prepare(db)
        port = free_port()
        server = start_server(db, port)
        try:
            result = asyncio.run(run_load(port, viewers, moves[:args.moves], token, args.interval, args.probes, args.race))
            result["rss"], result["peak"] = memory(server.pid)
            if args.race:
                result["sound"] = check_game(db, moves[:args.moves])
        finally:
            server.terminate()
            try:
                _out, err = server.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                _out, err = server.communicate()
        result["server_log"] = err.decode(errors="replace").strip()
        return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--viewers", default="50,200,500,1000", help="comma-separated viewer counts")
    parser.add_argument("--moves", type=int, default=15, help="moves posted per run (at most 41)")
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between moves")
    parser.add_argument("--probes", type=int, default=4, help="clients asking for state.json back to back")
    parser.add_argument("--race", type=int, default=0, help="post each move from this many clients at once (0: one tablet)")
    args = parser.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    print(f"{args.moves} moves, one every {args.interval} s; {args.probes} state.json probes; server and client on {os.cpu_count()} cores")
    print("| viewers | state.json p50 / p99 (ms) | change-to-screen p50 / p99 (ms) | server RSS / peak (MB) | errors |")
    print("|---:|---:|---:|---:|---:|")
    for viewers in (int(v) for v in args.viewers.split(",")):
        r = one(viewers, args)
        print(f"| {r['viewers']} ({r['attached']} attached) | {r['state_p50']:.1f} / {r['state_p99']:.1f} ({r['state_n']} requests) "
              f"| {r['change_p50']:.1f} / {r['change_p99']:.1f} | {r['rss']:.0f} / {r['peak']:.0f} | {r['errors']} |", flush=True)
        if args.race:
            print(f"  racing: {args.race} clients per move, answers {r['race']}; {r['sound']}")
        if r["server_log"]:
            print("  server log: " + r["server_log"].replace("\n", "\n  "))
    return 0


if __name__ == "__main__":
    sys.exit(main())
