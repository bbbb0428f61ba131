#!/usr/bin/env python3
"""Benchmark: does a flood of slow, idle and oversized requests freeze the table? (issue 29)

    PYTHONPATH=. .venv/bin/python scripts/bench_flood.py [--connections 500] [--oversized 20] [--seconds 30] [--kinds idle,...] [--tls]

Starts a real `companion serve --game` process on 127.0.0.1 (a Grow game in
a temporary SQLite file), over plain http (`--no-tls`), or with `--tls` over
https as `serve` speaks by default, every connection then a TLS one. A second process keeps `--connections`
connections against it for `--seconds`, a quarter of each kind (or of the
kinds named by --kinds):
- idle: connects and sends nothing;
- slow head: a request head, one byte a second, never finished;
- slow tokenless body: a phone's bid head without a token, then one byte of
  body a second;
- slow body with token: a tablet's entry with the game token, then one byte
  of body a second.
They are opened over the first second. Each one the server ends is reopened
0.5 to 1.5 s later, at random so they do not all come back at once. A
tokenless body is refused at once, so that quarter alone is a flood of about
120 requests a second. After two seconds the same process sends
`--oversized` tokenless 15 MB bodies at once (a bid whose key is one long
string), each pushed as fast as the server takes it. The flood runs in its
own process so that its work never delays the reads timed here. Meanwhile
this process reads GET /g/<id>/state.json in a loop (a fresh connection each
time, 5 s timeout, 20 ms apart) and samples the server's resident memory
after each read (and its kernel-kept peak, VmHWM, at the end).

Prints one JSON object: the state.json latencies (before the flood, and
during it: p50, p99, max, failures), the server's peak RSS, and how each kind
of connection ended. Exits 1 unless p99 < 250 ms, no read failed and the
peak RSS < 300 MB. Loopback only, bounded in time (--seconds, at most 120)
and count (at most 2,000 connections).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import random
import resource
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from loopback import free_port, wait_port  # noqa: E402

from companion.store.backends import open_store  # noqa: E402
from companion.store.session import GameSession  # noqa: E402
from companion.web.access import game_key, game_token  # noqa: E402

GAME = "flood"
KINDS = ("idle", "slow head", "slow tokenless body", "slow body with token")
BIG = 15 * 2**20
P99_MS = 250.0
RSS_MB = 300.0
TLS: ssl.SSLContext | None = None
"""With --tls, the client side of every connection (the made certificate is not checked: loopback, a benchmark)."""
REOPEN_SECONDS = (0.5, 1.5)
"""How long after the server ended a connection it is reopened (uniformly at random in this range)."""


def build(db: Path) -> str:
    """Store a Grow game waiting for bids; return its game token."""
    with open_store(db) as store:
        session = GameSession.start(store, {"type": "setup", "game": "grow", "players": ["Ann", "Ben", "Cat"]}, game_id=GAME)
        session.submit({"type": "draw", "cards": ["green-02", "red-02", "blue-05"]}, source="import")
        return game_token(game_key(store, GAME))


def head(path: str, length: int, token: str | None) -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json", f"Content-Length: {length}"]
    if token is not None:
        lines.append(f"X-Companion-Token: {token}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("ascii")


def status_of(got: bytes) -> str:
    parts = got.split(b" ", 2)
    return parts[1].decode("ascii", "replace") if got.startswith(b"HTTP/") and len(parts) > 1 else "closed"


async def keep_open(kind: str, port: int, token: str, stop: float, ended: Counter) -> None:
    """Hold one connection of `kind` open until `stop`, opening a new one whenever the server ends it."""
    loop = asyncio.get_running_loop()
    first, drip = {
        "idle": (b"", b""),
        "slow head": (b"GET /g/%s/state.json HTTP/1.1\r\n" % GAME.encode(), b"X"),
        "slow tokenless body": (head(f"/g/{GAME}/grow/api/bid", 200, None), b" "),
        "slow body with token": (head(f"/g/{GAME}/grow/api/move", 200, token), b" "),
    }[kind]
    await asyncio.sleep(random.uniform(0, 1))
    while loop.time() < stop:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=TLS)
        except OSError:
            ended[(kind, "connect failed")] += 1
            await asyncio.sleep(0.2)
            continue
        writer.write(first)
        got = b""
        try:
            while loop.time() < stop:
                try:
                    got = await asyncio.wait_for(reader.read(256), min(1.0, stop - loop.time()))
                    break
                except asyncio.TimeoutError:
                    if drip:
                        writer.write(drip)
            else:
                ended[(kind, "open at the end")] += 1
                continue
            ended[(kind, status_of(got))] += 1
        except OSError:
            ended[(kind, "reset")] += 1
        finally:
            writer.close()
        await asyncio.sleep(random.uniform(*REOPEN_SECONDS))


def big_body() -> bytes:
    """A phone's bid whose private key is a 15 MB string (a long string is what made the old nesting check costly)."""
    prefix, suffix = b'{"player": "Ann", "bid": 1, "k": "', b'"}'
    return prefix + b"x" * (BIG - len(prefix) - len(suffix)) + suffix


async def oversized(port: int, body: bytes, ended: Counter, sent: list[int]) -> None:
    """Send one tokenless 15 MB bid body as fast as the server takes it; note how it ended and how much went."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=TLS)
    writer.write(head(f"/g/{GAME}/grow/api/bid", len(body), None))
    pushed = 0
    answer = asyncio.create_task(reader.read(256))
    try:
        while pushed < len(body) and not answer.done():
            writer.write(body[pushed:pushed + 65536])
            pushed += 65536
            await writer.drain()
        got = await asyncio.wait_for(answer, 30)
        ended[("oversized tokenless body", status_of(got))] += 1
    except OSError:  # the server answered and closed while this was still sending: the kernel resets the connection
        ended[("oversized tokenless body", "reset")] += 1
    except asyncio.TimeoutError:
        ended[("oversized tokenless body", "no answer in 30 s")] += 1
    finally:
        sent.append(min(pushed, len(body)))
        if answer.done():
            answer.exception()  # a reset is how it ended, counted above
        else:
            answer.cancel()
        writer.close()


async def flood(port: int, token: str, connections: int, big: int, seconds: float, kinds: list[str]) -> dict:
    """Run the flood (in its own process); return how each connection ended and what the big bodies sent."""
    loop = asyncio.get_running_loop()
    stop = loop.time() + seconds
    ended: Counter = Counter()
    sent: list[int] = []
    tasks = [asyncio.create_task(keep_open(kinds[n % len(kinds)], port, token, stop, ended)) for n in range(connections)]
    await asyncio.sleep(2)
    print("open", flush=True)
    body = big_body()
    tasks += [asyncio.create_task(oversized(port, body, ended, sent)) for _ in range(big)]
    await asyncio.gather(*tasks)
    await asyncio.sleep(stop - loop.time())  # the whole time even with nothing to hold (a control run: --connections 0)
    used = resource.getrusage(resource.RUSAGE_SELF)
    return {"ended": {f"{kind}: {how}": count for (kind, how), count in sorted(ended.items())}, "sent": sent,
            "cpu_seconds": round(used.ru_utime + used.ru_stime, 1)}


def read_state(port: int) -> float | None:
    """Return the milliseconds one GET state.json took on a fresh connection, or None if it failed."""
    start = time.perf_counter()
    try:
        connection = (http.client.HTTPSConnection("127.0.0.1", port, timeout=5, context=TLS) if TLS is not None
                      else http.client.HTTPConnection("127.0.0.1", port, timeout=5))
        connection.request("GET", f"/g/{GAME}/state.json")
        answer = connection.getresponse()
        answer.read()
        connection.close()
        return (time.perf_counter() - start) * 1000 if answer.status == 200 else None
    except OSError:
        return None


def cpu_seconds(pid: int) -> float:
    """Return the CPU time the process has used (user + system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100


def rss_mb(pid: int, field: str = "VmRSS") -> float:
    """Return the process's resident memory now (VmRSS) or at its peak so far (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def summary(reads: list[float | None]) -> dict:
    done = sorted(r for r in reads if r is not None)
    if not done:
        return {"reads": len(reads), "failed": len(reads)}
    return {"reads": len(reads), "failed": len(reads) - len(done), "over_250_ms": sum(r >= P99_MS for r in done),
            "p50_ms": round(statistics.median(done), 1),
            "p99_ms": round(done[min(len(done) - 1, int(len(done) * 0.99))], 1), "max_ms": round(done[-1], 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=500)
    parser.add_argument("--oversized", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--kinds", default=",".join(KINDS), help="which kinds of connection to hold (comma-separated)")
    parser.add_argument("--tls", action="store_true", help="serve over https (serve's default) and flood over TLS")
    parser.add_argument("--flood", nargs=2, metavar=("PORT", "TOKEN"), help=argparse.SUPPRESS)  # the flooding process
    args = parser.parse_args(argv)
    if not (0 <= args.connections <= 2000 and 0 <= args.oversized <= 100 and 5 <= args.seconds <= 120):
        parser.error("at most 2,000 connections, 100 oversized bodies, 5 to 120 seconds")
    global TLS
    if args.tls:
        TLS = ssl.create_default_context()
        TLS.check_hostname = False
        TLS.verify_mode = ssl.CERT_NONE
    if args.flood:
        print(json.dumps(asyncio.run(flood(int(args.flood[0]), args.flood[1], args.connections, args.oversized, args.seconds,
                                          args.kinds.split(",")))))
        return 0
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "flood.db"
        token = build(db)
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--game", GAME, "--db", str(db),
                                   "--host", "127.0.0.1", "--port", str(port),
                                   *(["--http-port", "0"] if args.tls else ["--no-tls"])], cwd=root,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_port(port, server)
            read_state(port)
            before = [read_state(port) for _ in range(50)]
            rss = [rss_mb(server.pid)]
            flooding = subprocess.Popen([sys.executable, __file__, "--flood", str(port), token, "--connections",
                                         str(args.connections), "--oversized", str(args.oversized), "--seconds",
                                         str(args.seconds), "--kinds", args.kinds, *(["--tls"] if args.tls else [])],
                                        stdout=subprocess.PIPE, text=True)
            assert flooding.stdout.readline().strip() == "open"
            cpu, began = cpu_seconds(server.pid), time.monotonic()
            during = []
            while flooding.poll() is None:
                during.append(read_state(port))
                rss.append(rss_mb(server.pid))
                time.sleep(0.02)
            flooded = json.loads(flooding.stdout.read())
            busy = (cpu_seconds(server.pid) - cpu) / (time.monotonic() - began)
            sent = flooded["sent"]
            after = [read_state(port) for _ in range(20)]
            rss.append(rss_mb(server.pid, "VmHWM"))
        finally:
            server.terminate()
            server.wait(30)
    during_summary = summary(during)
    result = {
        "connections": args.connections, "oversized": args.oversized, "seconds": args.seconds,
        "state_before": summary(before), "state_during": during_summary, "state_after": summary(after),
        "server_cpu_during": f"{busy:.0%} of one core",
        "flood_process_cpu_seconds": flooded["cpu_seconds"],
        "load_average_after": round(os.getloadavg()[0], 1),
        "server_rss_mb": {"start": round(rss[0], 1), "peak": round(max(rss), 1)},  # the last sample is the kernel's peak
        "oversized_mb_sent_before_refusal": {"max": round(max(sent, default=0) / 2**20, 2),
                                             "median": round(statistics.median(sent) / 2**20, 2) if sent else None},
        "ended": flooded["ended"],
    }
    print(json.dumps(result, indent=1))
    good = during_summary.get("p99_ms", 1e9) < P99_MS and during_summary["failed"] == 0 and max(rss) < RSS_MB
    print(f"{'PASS' if good else 'FAIL'}: state.json p99 {during_summary.get('p99_ms')} ms (< {P99_MS:.0f}), "
          f"{during_summary['failed']} failed, server peak RSS {max(rss):.0f} MB (< {RSS_MB:.0f})")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
