#!/usr/bin/env python3
"""Benchmark: camera to chips. Move detection accuracy, latency and loop speed over seeded games.

    .venv/bin/python scripts/bench_demo.py [--seeds 1,2,3,4] [--levels easy,medium,hard] [--jobs 2]

Each game is a whole random BUX game acted out on rendered video and read back
through the live loop (companion/demo.py). Per game: moves the camera produced
("right"), raised as needing attention, got wrong, or missed silently; latency
from the cards coming to rest (or the price being typed) to the move being
accepted, in video seconds; and the loop's own time per frame (vision, fusion,
interpretation, storing; rendering excluded), measured in the process, pinned
to one core. Figures go to docs/benchmarks.md with the command.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def one(job: tuple[str, int, str, int, int]) -> dict:
    game, seed, level, width, height = job
    cpus = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpus[(seed + len(level)) % len(cpus)]})
    import cv2

    cv2.setNumThreads(1)
    from companion.demo import DemoOptions, run_demo

    result = run_demo(seed, None, DemoOptions(video=False, difficulty=level, width=width, height=height), game=game)
    summary = result.to_json()
    summary.update(game=game, seed=seed, size=f"{width}x{height}", loop_ms=result.ms_loop, latencies=result.latencies)
    return summary


def pct(ms: list[float], q: float) -> float:
    ordered = sorted(ms)
    return ordered[min(int(q * len(ordered)), len(ordered) - 1)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bux", help="the game played (one with a self-playing demo; default bux)")
    parser.add_argument("--seeds", default="1,2,3,4")
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--sizes", default="1920x1080,1280x720")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", help="also write every game's summary to this file")
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    jobs = [(args.game, seed, level, w, h) for (w, h) in sizes for level in args.levels.split(",") for seed in seeds]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(one, jobs))
    if args.json:
        Path(args.json).write_text(json.dumps([{k: v for k, v in r.items() if k not in ("loop_ms", "latencies")}
                                               for r in results], indent=1))
    print("| size | level | games | moves | right | raised | wrong | missed | state matches | latency median / max (s) | loop ms per frame median / p90 | loop fps (median) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for size in sorted({r["size"] for r in results}, reverse=True):
        for level in args.levels.split(","):
            group = [r for r in results if r["size"] == size and r["difficulty"] == level]
            if not group:
                continue
            loop = [ms for r in group for ms in r["loop_ms"]]
            lat = [s for r in group for s in r["latencies"]]
            total = {k: sum(r[k] for r in group) for k in ("moves", "right", "raised", "wrong", "missed")}
            med = statistics.median(loop)
            latency = f"{statistics.median(lat):.2f} / {max(lat):.2f}" if lat else "no camera moves"
            print(f"| {size} | {level} | {len(group)} | {total['moves']} | {total['right']} | {total['raised']} | "
                  f"{total['wrong']} | {total['missed']} | {sum(r['matches'] for r in group)}/{len(group)} | "
                  f"{latency} | {med:.1f} / {pct(loop, 0.9):.1f} | {1000 / med:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
