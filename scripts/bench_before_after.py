#!/usr/bin/env python3
"""Pipeline speed before / after a change: the same bench frames through two versions, alternating, in one run.

    .venv/bin/python scripts/bench_before_after.py --before 53692a3 --sizes 1920x1080 --rounds 3

The frames are bench_vision.py's (`synth.random_table` + `synth.random_conditions`, seed 11/12/13
for easy/medium/hard, a fixed print), rendered once. Each version runs in its own worker process
(`git archive` of --before into a temporary folder; this checkout for "after"), the two taking
turns for --rounds rounds (the order swapped every round), so a load that comes and goes on the
shared machine falls on both. Per frame: the CPU time (`time.process_time()`, OpenCV on one thread)
of a tracking Pipeline's first, full scan, as bench_vision's "pipeline" (video) column. Printed per
row: readable cards, read and wrong codes for each version, the CPU medians and after / before.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SEEDS = {"easy": 11, "medium": 12, "hard": 13}
"""bench_vision.py's seed per difficulty (11 + its index in easy,medium,hard)."""


def worker(code_root: str, frames_file: str, deck_file: str) -> None:
    """Read every frame with the pipeline found under code_root; print one JSON line per frame."""
    sys.path.insert(0, code_root)
    import cv2

    from companion.cards.payloads import load_print
    from companion.vision.pipeline import Pipeline

    cv2.setNumThreads(1)
    deck = load_print(deck_file)
    frames = np.load(frames_file)
    for key in sorted(frames.files):
        with Pipeline(deck, track=True, use_zbar=False) as p:
            c0 = time.process_time()
            result = p.process(frames[key])
            cpu = (time.process_time() - c0) * 1000
        print(json.dumps({"frame": key, "cpu_ms": cpu, "codes": sorted(result.codes())}), flush=True)


def _archive(ref: str, dest: Path) -> None:
    data = subprocess.run(["git", "archive", ref, "companion", "pyproject.toml", "cards_printable", "calibration"],
                          cwd=ROOT, check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True, help="git commit of the 'before' pipeline")
    ap.add_argument("--scenes", type=int, default=6)
    ap.add_argument("--sizes", default="1920x1080")
    ap.add_argument("--difficulties", default="easy,medium,hard")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--secret", default="bench-fixed-print")
    ap.add_argument("--worker", nargs=3, metavar=("CODE_ROOT", "FRAMES", "DECK"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(*args.worker)
        return 0
    sys.path.insert(0, str(ROOT))
    from companion.cards.decks import load_deck
    from companion.cards.payloads import load_print, new_print, save_print
    from companion.vision import synth

    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        before_root = tmp_path / "before"
        before_root.mkdir()
        _archive(args.before, before_root)
        deck_file = tmp_path / "bux.print.json"
        save_print(new_print(load_deck("bux"), "bench", secret=args.secret.encode()), deck_file)
        subprocess.run([sys.executable, "-m", "companion", "cards", "export", "--game", "bux", "--png", tmp,
                        "--deck", str(deck_file), "--backs", "--quiet"], check=True, cwd=ROOT,
                       stdout=subprocess.DEVNULL)
        deck = load_print(deck_file)
        arts = synth.load_card_arts(tmp)
        frames: dict[str, np.ndarray] = {}
        truth: dict[str, tuple[set, set]] = {}
        rows: list[tuple[str, list[str]]] = []
        for size in args.sizes.split(","):
            w, h = (int(v) for v in size.split("x"))
            for diff in args.difficulties.split(","):
                rng = np.random.default_rng(SEEDS[diff])
                keys = []
                for i in range(args.scenes):
                    placements = synth.random_table(rng, sorted(arts), int(rng.integers(10, 46)),
                                                    timer_codes=("bux-1", "bux-2", "bux-3"))
                    cam, nz = synth.random_conditions(rng, diff, w, h, seed=SEEDS[diff] * 1000 + i)
                    sc = synth.render_scene(arts, placements, cam, nz)
                    key = f"{size}-{diff}-{i}"
                    frames[key] = sc.image
                    truth[key] = ({t.code for t in sc.readable(2.0)}, {t.code for t in sc.truth})
                    keys.append(key)
                rows.append((f"{size} {diff}", keys))
        frames_file = tmp_path / "frames.npz"
        np.savez(frames_file, **frames)
        del frames
        results: dict[str, dict[str, list[dict]]] = {"before": {}, "after": {}}
        for r in range(args.rounds):
            order = [("before", before_root), ("after", ROOT)]
            for name, root in order if r % 2 == 0 else order[::-1]:
                out = subprocess.run([sys.executable, __file__, "--before", args.before, "--worker", str(root),
                                      str(frames_file), str(deck_file)], check=True, capture_output=True, text=True).stdout
                for line in out.splitlines():
                    rec = json.loads(line)
                    results[name].setdefault(rec["frame"], []).append(rec)
        del deck
    print("| frames | readable | read before / after | wrong before / after | CPU ms before | CPU ms after | after / before |")
    print("|---|---|---|---|---|---|---|")
    for label, keys in rows:
        readable = sum(len(truth[k][0]) for k in keys)
        read = {n: sum(len(set(results[n][k][0]["codes"]) & truth[k][0]) for k in keys) for n in results}
        wrong = {n: sum(len(set(results[n][k][0]["codes"]) - truth[k][1]) for k in keys) for n in results}
        cpu = {n: statistics.median(rec["cpu_ms"] for k in keys for rec in results[n][k]) for n in results}
        print(f"| {label} | {readable} | {read['before']} / {read['after']} | {wrong['before']} / {wrong['after']} | "
              f"{cpu['before']:.1f} | {cpu['after']:.1f} | {cpu['after'] / cpu['before']:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
