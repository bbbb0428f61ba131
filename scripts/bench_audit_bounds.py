"""Benchmark: audit time and peak memory on a 4-hour store and a ~200 MB events file, for two checkouts.

Builds (once, cached) the 4-hour BUX store of scripts/bench_audit.py (2,000
moves, ~200,000 per-frame camera observations, 1,794 keyframes) and, from
it, a ~200 MB events file: every per-frame observation written twice (re-
numbered and re-chained, so the file audits clean). Then runs the whole
`companion audit` command of each checkout given (`--root`, e.g. main and
this worktree) in a fresh process, `--runs` times each, and prints the
median wall time, the peak memory (max RSS, from wait4) and the report size.

Usage: python scripts/bench_audit_bounds.py --root /work/main --root . [--runs 3] [--dir /tmp/bench_bounds]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.store.sqlite import EventStore  # noqa: E402

_FIELDS = ("game_id", "seq", "time", "source", "kind", "payload", "prev_hash", "hash")


def _hash(game_id, seq, time_, source, kind, payload, prev) -> str:
    sealed = json.dumps([game_id, seq, time_, source, kind, payload, prev], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(sealed.encode("utf-8")).hexdigest()


def build_events_file(db: Path, out: Path) -> None:
    """Write the store's game with each per-frame observation doubled, re-chained: ~200 MB."""
    seq, prev = 0, "0" * 64
    renumber: dict[int, int] = {}
    with EventStore(db, read_only=True) as store, out.open("w", encoding="utf-8") as handle:
        for event in store.iter_events("long"):
            copies = 2 if event.kind == "observation" and '"changes":[]' in event.payload else 1
            for _ in range(copies):
                seq += 1
                payload = event.payload
                if event.kind == "move" and '"evidence"' in payload:
                    data = json.loads(payload)
                    ev = data.get("evidence") or {}
                    ev["observations"] = [renumber.get(s, s) for s in ev.get("observations") or []]
                    payload = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
                digest = _hash("long", seq, event.time, event.source, event.kind, payload, prev)
                row = dict(zip(_FIELDS, ("long", seq, event.time, event.source, event.kind, payload, prev, digest)))
                row["game"] = "bux"
                handle.write(json.dumps(row, ensure_ascii=False) + "\n")
                prev = digest
            renumber[event.seq] = seq


def run_once(root: Path, argv: list[str], out: Path) -> tuple[float, float]:
    """Return (wall seconds, max RSS in MB) of one `companion audit` process of the checkout at root."""
    env = dict(os.environ, PYTHONPATH=str(root))
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "companion", "audit", *argv, "--out", str(out)], cwd=root, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _status, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", action="append", type=Path, required=True, help="a checkout to measure (repeat)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=Path("/tmp/bench_bounds"))
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    db, events = args.dir / "long.db", args.dir / "long.events.jsonl"
    if not db.exists():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_audit.py"), "--runs", "0", "--db", str(db)], check=False)
    if not events.exists():
        build_events_file(db, events)
    print(f"store {db.stat().st_size / 1e6:.0f} MB; events file {events.stat().st_size / 1e6:.0f} MB")
    cases = {"4-hour store": ["long", "--db", str(db)], "~200 MB events file": [str(events)]}
    for name, argv in cases.items():
        for root in args.root:
            out = args.dir / f"report-{root.resolve().name}.html"
            runs = [run_once(root.resolve(), argv, out) for _ in range(args.runs)]
            times, peaks = [r[0] for r in runs], [r[1] for r in runs]
            print(f"{name:20} {str(root):20} median {statistics.median(times):6.1f} s [min {min(times):.1f}, max {max(times):.1f}]  "
                  f"peak RSS median {statistics.median(peaks):5.0f} MB  report {out.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
