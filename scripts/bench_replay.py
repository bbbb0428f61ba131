#!/usr/bin/env python3
"""Benchmark: replay speed of a 2,000-line BUX record and the engine's cost per move.

    .venv/bin/python scripts/bench_replay.py [--repeat 30]

Reports medians over repeats, measured in one process on one core. The target
(issue 2) is a 2,000-line record replayed in under 100 ms. Results go to
docs/benchmarks.md by hand, with the command and the machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.bux import rules  # noqa: E402
from companion.games.bux.record import read_record, replay, write_record  # noqa: E402
from companion.games.bux.selfplay import Style, random_game  # noqa: E402


def long_record(lines: int) -> list:
    """Return a legal game of exactly `lines` lines: a table that swaps a lot, so decks last."""
    for seed in range(1000):
        moves = random_game(seed, 5, Style(swap=0.999, sell=0.05, max_moves=lines))
        if len(moves) == lines:
            return moves
    raise SystemExit("could not make a long enough game")


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    moves = long_record(args.lines)
    text = write_record(moves).splitlines(True)
    kinds = {}
    for m in moves[1:]:
        kinds[type(m).__name__] = kinds.get(type(m).__name__, 0) + 1
    state0 = rules.initial_state(moves[0])

    def apply_all():
        state = state0
        for move in moves[1:]:
            state = rules.apply(state, move)

    full = median_ms(lambda: replay(text), args.repeat)
    parse = median_ms(lambda: list(read_record(text)), args.repeat)
    engine = median_ms(apply_all, args.repeat)
    per_kind = {}
    for kind in sorted(kinds):
        states = []
        state = state0
        for i, m in enumerate(moves[1:]):
            if type(m).__name__ == kind and len(states) < 200:
                states.append((state, m))
            state = rules.apply(state, m)
        per_kind[kind] = median_ms(lambda: [rules.apply(s, m) for s, m in states], args.repeat) * 1000 / len(states)
    print(f"record: {len(text)} lines ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}), 5 players, one core")
    print(f"replay (read + verify + apply), median of {args.repeat}: {full:.1f} ms  (target < 100 ms)")
    print(f"  of which reading JSON lines into moves: {parse:.1f} ms")
    print(f"  of which the rules engine alone: {engine:.1f} ms = {engine * 1000 / (len(text) - 1):.1f} us per move")
    for kind, us in per_kind.items():
        print(f"  engine cost per {kind}: {us:.1f} us")
    # A realistic mix: whole typical games (mostly draws and sales) adding up to the same line count.
    games, total = [], 0
    seed = 0
    while total < args.lines:
        game = write_record(random_game(10_000 + seed)).splitlines(True)
        games.append(game)
        total += len(game)
        seed += 1
    typical = median_ms(lambda: [replay(g) for g in games], args.repeat)
    print(f"typical games: {len(games)} whole games, {total} lines, replayed in {typical:.1f} ms "
          f"= {typical * args.lines / total:.1f} ms per {args.lines} lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
