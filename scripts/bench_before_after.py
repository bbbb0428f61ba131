#!/usr/bin/env python3
"""Pipeline speed before / after a change: the same bench frames through two versions, alternating, in one run.

    .venv/bin/python scripts/bench_before_after.py --before 53692a3 --sizes 1920x1080 --rounds 3
    .venv/bin/python scripts/bench_before_after.py --before 53692a3 --difficulties medium --rounds 5 --cpu auto --nice -10
    .venv/bin/python scripts/bench_before_after.py --before 53692a3 --difficulties medium --callgrind

The frames are bench_vision.py's (`synth.random_table` + `synth.random_conditions`, seed 11/12/13
for easy/medium/hard, a fixed print), rendered once. Each version runs in its own worker process
(`git archive` of --before into a temporary folder; this checkout for "after"), the two taking
turns for --rounds rounds (the order swapped every round), so a load that comes and goes on the
shared machine falls on both. Per frame: the CPU time (`time.process_time()`, OpenCV, BLAS and
OpenMP on one thread) of a tracking Pipeline's first, full scan, as bench_vision's "pipeline"
(video) column, --repeats times a round; then --settled more scans of the unchanged frame (the
settled table: a 1/8-scale difference and the rotating tile). Printed per row: readable cards,
read and wrong codes for each version, "same marks" (frames whose full scan read the very same marks at the
same corners, to 0.01 px, in both versions: a change meant to keep every decision shows n / n), the CPU medians of all full scans, the median over frames
of each frame's fastest full scan (what a quiet machine approaches: the load only ever adds), the
settled medians, and after / before; the load average before and after the run.

On a loaded machine the CPU time of the same work varies by half (caches and cores shared with
other jobs), so `--cpu auto` pins the workers to the CPU that was least busy over a second and
`--nice` (root only) lowers their nice value so they are not preempted mid-frame. `--callgrind`
instead counts each version's instructions per full scan under valgrind (one pass; the count
repeats exactly whatever the load, though it weighs a cache miss like any instruction): it needs
valgrind, its callgrind.h and a C compiler, and takes ~20 s per worker plus ~3 s per 1080p frame.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"  # before numpy loads: one core, as the targets are; workers inherit it

import argparse  # noqa: E402
import glob  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tarfile  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from io import BytesIO  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

from companion.table.layouts import layout_for  # noqa: E402

BUX_TABLE = layout_for("bux")
"""BUX's table: the scenes are a BUX table's (its bid area, discard and timer area), read with its layout."""

ROOT = Path(__file__).resolve().parents[1]
SEEDS = {"easy": 11, "medium": 12, "hard": 13}
"""bench_vision.py's seed per difficulty (11 + its index in easy,medium,hard)."""
CALLGRIND_HELPER = """#include <valgrind/callgrind.h>
void cg_start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; }
void cg_stop(const char *name) { CALLGRIND_STOP_INSTRUMENTATION; CALLGRIND_DUMP_STATS_AT(name); }
"""
"""Client requests that count instructions around one scan only (not Python's start or the imports)."""


def worker(code_root: str, frames_file: str, deck_file: str, repeats: int, settled: int, callgrind: str) -> None:
    """Read every frame with the pipeline found under code_root; print one JSON line per frame."""
    sys.path.insert(0, code_root)
    import cv2

    from companion.cards.payloads import load_print
    from companion.vision.pipeline import Pipeline

    cv2.setNumThreads(1)
    deck = load_print(deck_file)
    frames = np.load(frames_file)
    helper = None
    if callgrind:
        import ctypes

        helper = ctypes.CDLL(callgrind)
    for key in sorted(frames.files):
        image = frames[key]
        cpu, settled_cpu, codes, marks = [], [], None, ""
        if helper is not None:
            with Pipeline(deck, track=True, use_zbar=False, layout=BUX_TABLE) as p:
                p.process(image[:64, :64])  # first-call setup (zxing, OpenCV) outside the count
        for _ in range(repeats):
            with Pipeline(deck, track=True, use_zbar=False, layout=BUX_TABLE) as p:
                if helper is not None:
                    helper.cg_start()
                c0 = time.process_time()
                result = p.process(image)
                cpu.append((time.process_time() - c0) * 1000)
                if helper is not None:
                    helper.cg_stop(key.encode())
                codes = sorted(result.codes())
                marks = _marks_digest(result)
                for _ in range(settled):
                    copy = image.copy()  # a new frame of the unchanged table, as a camera delivers it
                    c0 = time.process_time()
                    scan = p.process(copy).scan
                    settled_cpu.append((time.process_time() - c0) * 1000)
                    assert scan == "settled", scan
        print(json.dumps({"frame": key, "cpu_ms": cpu, "settled_ms": settled_cpu, "codes": codes, "marks": marks}),
              flush=True)


def _marks_digest(result) -> str:
    """Return a digest of every mark a scan read: payload and corners to 0.01 px (an older FrameResult without
    detections gives its card codes). Equal digests say two versions made the same decisions on a frame."""
    marks = sorted([d.payload, [[round(x, 2), round(y, 2)] for x, y in d.corners]]
                   for d in getattr(result, "detections", ())) or sorted(result.codes())
    return hashlib.sha1(json.dumps(marks).encode()).hexdigest()[:16]


def _archive(ref: str, dest: Path) -> None:
    run = subprocess.run(["git", "archive", ref, "companion", "pyproject.toml", "cards_printable", "calibration"],
                         cwd=ROOT, capture_output=True)
    if run.returncode != 0:
        raise SystemExit(f"--before {ref}: git archive failed ({run.stderr.decode(errors='replace').strip()})")
    data = run.stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")


def _cpu_busy() -> dict[int, int]:
    """Return each CPU's busy jiffies so far (user + nice + system + irq + softirq + steal), from /proc/stat."""
    out = {}
    with open("/proc/stat", encoding="ascii") as f:
        for line in f:
            name, *fields = line.split()
            if name.startswith("cpu") and name[3:].isdigit():
                v = [int(x) for x in fields]
                out[int(name[3:])] = v[0] + v[1] + v[2] + v[5] + v[6] + v[7]
    return out


def least_busy_cpu(seconds: float = 1.0) -> int:
    """Return the CPU (of those this process may use) that was least busy over `seconds`."""
    allowed = os.sched_getaffinity(0)
    before = _cpu_busy()
    time.sleep(seconds)
    after = _cpu_busy()
    return min((after[c] - before[c], c) for c in after if c in allowed)[1]


def _cpu_choice(text: str) -> str:
    """Return --cpu's value if it is '', 'auto' or a CPU this process may run on."""
    if text in ("", "auto") or (text.isdigit() and int(text) in os.sched_getaffinity(0)):
        return text
    raise argparse.ArgumentTypeError(f"not 'auto' nor one of the CPUs {sorted(os.sched_getaffinity(0))}")


def _callgrind_counts(out_prefix: str) -> dict[str, int]:
    """Return frame -> instructions from the dumps `cg_stop` asked callgrind for."""
    counts = {}
    for path in glob.glob(out_prefix + ".*"):
        trigger, total = None, None
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("desc: Trigger: Client Request: "):
                    trigger = line.split("Client Request: ", 1)[1].strip()
                elif line.startswith("totals:"):
                    total = int(line.split()[1])
        if trigger and total is not None:
            counts[trigger] = total
    return counts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True, help="git commit of the 'before' pipeline")
    ap.add_argument("--scenes", type=int, default=6)
    ap.add_argument("--sizes", default="1920x1080")
    ap.add_argument("--difficulties", default="easy,medium,hard")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=1, help="full scans of each frame per worker (fresh pipelines)")
    ap.add_argument("--settled", type=int, default=3, help="settled scans after each full scan")
    ap.add_argument("--cpu", default="", type=_cpu_choice,
                    help="pin the workers to this CPU, or 'auto': the least busy one")
    ap.add_argument("--nice", type=int, default=0, help="the workers' nice value (below 0 needs root)")
    ap.add_argument("--callgrind", action="store_true", help="count instructions under valgrind instead of timing")
    ap.add_argument("--secret", default="bench-fixed-print")
    ap.add_argument("--worker", nargs=6, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        root, frames_file, deck_file, repeats, settled, helper = args.worker
        worker(root, frames_file, deck_file, int(repeats), int(settled), helper if helper != "-" else "")
        return 0
    if args.callgrind and not (shutil.which("valgrind") and shutil.which("cc")
                               and Path("/usr/include/valgrind/callgrind.h").exists()):
        print("--callgrind needs valgrind, its headers (valgrind/callgrind.h) and a C compiler (cc)", file=sys.stderr)
        return 2
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
                                                    timer_codes=("bux-1", "bux-2", "bux-3"), layout=BUX_TABLE)
                    cam, nz = synth.random_conditions(rng, diff, w, h, seed=SEEDS[diff] * 1000 + i)
                    sc = synth.render_scene(arts, placements, cam, nz, layout=BUX_TABLE)
                    key = f"{size}-{diff}-{i}"
                    frames[key] = sc.image
                    truth[key] = ({t.code for t in sc.readable(2.0)}, {t.code for t in sc.truth})
                    keys.append(key)
                rows.append((f"{size} {diff}", keys))
        frames_file = tmp_path / "frames.npz"
        np.savez(frames_file, **frames)
        del frames
        prefix: list[str] = []
        helper = "-"
        if args.callgrind:
            subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-x", "c", "-o", str(tmp_path / "cg.so"), "-"],
                           input=CALLGRIND_HELPER, text=True, check=True)
            helper = str(tmp_path / "cg.so")
            args.rounds, args.repeats, args.settled = 1, 1, 0
        else:
            cpu = least_busy_cpu() if args.cpu == "auto" else int(args.cpu) if args.cpu else None
            if cpu is not None:
                prefix += ["taskset", "-c", str(cpu)]
            if args.nice:
                prefix += ["nice", "-n", str(args.nice)]
            print(f"workers: {' '.join(prefix) or 'not pinned'}", flush=True)
        load_before = os.getloadavg()
        results: dict[str, dict[str, dict]] = {"before": {}, "after": {}}
        counts: dict[str, dict[str, int]] = {}
        for r in range(args.rounds):
            order = [("before", before_root), ("after", ROOT)]
            for name, root in order if r % 2 == 0 else order[::-1]:
                cmd = [sys.executable, __file__, "--before", args.before, "--worker", str(root), str(frames_file),
                       str(deck_file), str(args.repeats), str(args.settled), helper]
                if args.callgrind:
                    out_prefix = str(tmp_path / f"callgrind.{name}")
                    cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--quiet",
                           f"--callgrind-out-file={out_prefix}.%p"] + cmd
                out = subprocess.run(prefix + cmd, check=True, capture_output=True, text=True).stdout
                for line in out.splitlines():
                    rec = json.loads(line)
                    got = results[name].setdefault(rec["frame"], {"cpu_ms": [], "settled_ms": [], "codes": rec["codes"],
                                                                  "marks": rec.get("marks", "")})
                    got["cpu_ms"] += rec["cpu_ms"]
                    got["settled_ms"] += rec["settled_ms"]
                if args.callgrind:
                    counts[name] = _callgrind_counts(out_prefix)
        load_after = os.getloadavg()
        del deck
    print(f"load average before: {' '.join(f'{v:.2f}' for v in load_before)}; "
          f"after: {' '.join(f'{v:.2f}' for v in load_after)}")
    if args.callgrind:
        print("| frames | readable | read before / after | wrong before / after | same marks | "
              "instructions before (M, median) | after | after / before |")
        print("|---|---|---|---|---|---|---|---|")
    else:
        print("| frames | readable | read before / after | wrong before / after | same marks | CPU ms before | "
              "CPU ms after | after / before | fastest run before | after | after / before | settled before | after |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for label, keys in rows:
        readable = sum(len(truth[k][0]) for k in keys)
        read = {n: sum(len(set(results[n][k]["codes"]) & truth[k][0]) for k in keys) for n in results}
        wrong = {n: sum(len(set(results[n][k]["codes"]) - truth[k][1]) for k in keys) for n in results}
        same = sum(results["before"][k]["marks"] == results["after"][k]["marks"] for k in keys)
        head = (f"| {label} | {readable} | {read['before']} / {read['after']} | {wrong['before']} / {wrong['after']} | "
                f"{same} / {len(keys)} |")
        if args.callgrind:
            ins = {n: statistics.median(counts[n][k] for k in keys) / 1e6 for n in results}
            print(f"{head} {ins['before']:.0f} | {ins['after']:.0f} | {ins['after'] / ins['before']:.2f} |", flush=True)
            continue
        cpu = {n: statistics.median(v for k in keys for v in results[n][k]["cpu_ms"]) for n in results}
        fast = {n: statistics.median(min(results[n][k]["cpu_ms"]) for k in keys) for n in results}
        settled = {n: statistics.median(v for k in keys for v in results[n][k]["settled_ms"] or [float("nan")])
                   for n in results}
        print(f"{head} {cpu['before']:.1f} | {cpu['after']:.1f} | {cpu['after'] / cpu['before']:.2f} | "
              f"{fast['before']:.1f} | {fast['after']:.1f} | {fast['after'] / fast['before']:.2f} | "
              f"{settled['before']:.1f} | {settled['after']:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
