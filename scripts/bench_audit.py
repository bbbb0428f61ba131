"""Benchmark: audit of a four-hour BUX game (2,000 moves, ~1 million camera observations).

Builds (once, cached) a real SQLite event store the way the table writes it:
2,000 legal moves, each preceded by 100 per-frame camera observation events
(a 15 fps camera over ~4 hours = ~200,000 frames) carrying the frame's card
detections (5 per frame: 1,000,000 observations), one settled-change
observation, a keyframe and the move with its evidence. Then runs
`companion audit` on it in a fresh process several times and reports the
median wall time and the peak memory (max RSS), next to a baseline in the
same run: a bare `SELECT` of every event row, so noisy-machine readings can
be compared as a ratio.

Usage: .venv/bin/python scripts/bench_audit.py [--runs 5] [--db PATH] [--moves 2000] [--frames 100]
"""

from __future__ import annotations

import argparse
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.audit.sample import build_game  # noqa: E402
from companion.games.bux.selfplay import Style  # noqa: E402
from companion.store.sqlite import EventStore  # noqa: E402

TIME_LIMIT_S = 5.0
MEMORY_LIMIT_MB = 300


def build(db: Path, moves: int, frames: int) -> None:
    # Swap-heavy table where every auction is passed: the only way a legal BUX game reaches 2,000 moves.
    style = Style(sell=0.0, swap=1.0, all_pass=1.0, keep=0.0, max_moves=moves)
    with EventStore(db) as store:
        made = build_game(store, seed=1, players=5, game_id="long", frames_per_move=frames, max_moves=moves, style=style,
                          tablet_share=0.1)
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    print(f"built {db}: {made.moves} moves, {made.observations} observation events, {made.keyframes} keyframes")


def baseline(db: Path) -> float:
    start = time.perf_counter()
    con = sqlite3.connect(db)
    count = sum(1 for _ in con.execute("SELECT game_id, seq, time, source, kind, payload, prev_hash, hash FROM events"))
    con.close()
    assert count
    return time.perf_counter() - start


def audit_once(db: Path, out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "companion", "audit", "long", "--db", str(db), "--out", str(out)],
                   cwd=ROOT, check=False, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--db", type=Path, default=Path(tempfile.gettempdir()) / "bench_audit.db")
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--frames", type=int, default=100, help="per-frame observation events before each move")
    args = parser.parse_args()
    if not args.db.exists():
        build(args.db, args.moves, args.frames)
    with EventStore(args.db) as store:
        events = store.last_seq("long")
        detections = store.db.execute(
            "SELECT COALESCE(SUM(json_array_length(payload, '$.seen')), 0) FROM events WHERE kind = 'observation'").fetchone()[0]
        frames_kept, frame_bytes = store.keyframe_usage("long")
    out = Path(tempfile.gettempdir()) / "bench_audit_report.html"
    times, bases = [], []
    for _ in range(args.runs):
        bases.append(baseline(args.db))
        times.append(audit_once(args.db, out))
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    median, base = statistics.median(times), statistics.median(bases)
    print(f"events {events:,}; camera observations (detections) {detections:,}; keyframes {frames_kept} ({frame_bytes / 1e6:.1f} MB)")
    print(f"report {out.stat().st_size / 1e6:.1f} MB")
    print(f"audit (whole `companion audit` process, {args.runs} runs): median {median:.2f} s  [min {min(times):.2f}, max {max(times):.2f}]")
    print(f"baseline bare SELECT of all rows: median {base:.2f} s; audit/baseline ratio {median / base:.1f}")
    print(f"peak memory (max RSS of the audit process): {peak_mb:.0f} MB")
    ok = median < TIME_LIMIT_S and peak_mb < MEMORY_LIMIT_MB
    print(f"target: < {TIME_LIMIT_S:.0f} s and < {MEMORY_LIMIT_MB} MB: {'MET' if ok else 'NOT MET'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
