"""Bench: reading a still table over video frames (issue 33 item 3), with and without multi-frame fusion.

    PYTHONPATH=. .venv/bin/python scripts/bench_fusion.py --clips 6 --secret bench-fixed-print

Each clip is a still table rendered by companion.vision.synth at 1080p, the camera far enough that marks
show at 1.5-2.0 px/module (or 2.0-2.5, `--bands`), 20 frames (2 s at 10 fps), each with its own sub-pixel
camera shake (0.2-0.8 px, roll +-0.02 degree), fresh sensor noise (3-5) and JPEG (80-90); defocus 0.7-1.1 px. A card counts
in the band of its best mark with contrast >= 0.3. Printed: a markdown table of the cards read by frames 1, 5,
10 and 20 (cumulative), wrong codes, and the CPU ms per frame (median, 90th percentile), per band and mode
(single frames, fused with no bound on its decodes, fused within its frame budget `--frame-ms`), and what
each decode pass of the fusion read and cost.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.cards.decks import load_deck  # noqa: E402
from companion.cards.payloads import load_print, new_print, save_print  # noqa: E402
from companion.table.layouts import layout_for  # noqa: E402
from companion.vision import synth  # noqa: E402
from companion.vision.fusion import FUSE_FRAME_MS  # noqa: E402
from companion.vision.pipeline import Pipeline  # noqa: E402

BUX_TABLE = layout_for("bux")
BANDS = {"1.5-2.0": (0.68, 0.74, 1.5, 2.0), "2.0-2.5": (0.88, 0.98, 2.0, 2.5)}
"""Band -> (camera fill range, px/module range counted)."""
CHECKPOINTS = (1, 5, 10, 20)
UNBOUNDED = -1.0
"""A mode's frame budget meaning fusion with no bound on its decodes (the 'before' of the budget)."""


def modes(frame_ms: float | None) -> list[tuple[str, bool, float | None]]:
    """Return the compared modes: (label, fuse, the fusion's frame budget ms or UNBOUNDED)."""
    return [("single frames", False, None), ("fused, no bound", True, UNBOUNDED),
            (f"fused, {frame_ms:g} ms budget" if frame_ms else "fused", True, frame_ms)]


def pipeline(deck, fuse: bool, frame_ms: float | None, stats: dict | None = None, **kw) -> Pipeline:
    """Return a tracking pipeline, its fusion's frame budget set (UNBOUNDED: none) and its pass counts kept in `stats`."""
    pipe = Pipeline(deck, layout=BUX_TABLE, track=True, fuse=fuse, **kw)
    fusion = pipe._fusion  # the bench sets the budget it compares and reads the pass counts
    if fusion is not None:
        fusion.frame_ms = None if frame_ms == UNBOUNDED else frame_ms
        if stats is not None:
            fusion.stats = stats
    return pipe


def still_clip(arts, seed: int, fill: float, frames: int = 20) -> list[synth.Scene]:
    """Return the frames of one still table: a random BUX table, the camera shaken a fraction of a pixel each frame."""
    rng = np.random.default_rng(seed)
    placements = synth.random_table(rng, sorted(arts), int(rng.integers(20, 46)), timer_codes=("bux-1", "bux-2", "bux-3"),
                                    layout=BUX_TABLE)
    tilt, roll, hfov = float(rng.uniform(0, 25)), float(rng.uniform(-4, 4)), float(rng.uniform(60, 75))
    defocus, noise, jpeg = float(rng.uniform(0.7, 1.1)), float(rng.uniform(3, 5)), int(rng.uniform(80, 90))
    out = []
    for f in range(frames):
        ang, mag = rng.uniform(0, 2 * np.pi), rng.uniform(0.2, 0.8)
        cam = synth.Camera(tilt=tilt, roll=roll + float(rng.normal(0, 0.02)), hfov=hfov, fill=fill,
                           shift=(float(mag * np.cos(ang)), float(mag * np.sin(ang))))
        nz = synth.Nuisance(texture=str(rng.choice(["wood", "felt"])) if f == 0 else out[0][1].texture, warm=0.3,
                            light_falloff=0.2, defocus=defocus, noise=noise, jpeg=jpeg, seed=seed * 100 + 4 * f + seed % 4)  # seed % 4 picks the table texture: the same table every frame
        out.append((cam, nz))
    return [synth.render_scene(arts, placements, cam, nz, layout=BUX_TABLE) for cam, nz in out]


def run_clip(deck, frames: list[synth.Scene], lo: float, hi: float, fuse: bool, frame_ms: float | None = None,
             stats: dict | None = None) -> dict:
    """Return one clip's counts: legible cards in the band, read by each checkpoint, wrong codes, CPU ms per frame."""
    first = frames[0]
    legible = {t.code for t in first.truth
               if t.face_up and max((p for p, c in t.marks if c >= 0.3), default=0.0) >= lo
               and max((p for p, c in t.marks if c >= 0.3), default=0.0) < hi}
    on_table = {t.code for t in first.truth}
    seen: set[str] = set()
    by = {}
    wrong = 0
    ms = []
    with pipeline(deck, fuse, frame_ms, stats) as pipe:
        for i, sc in enumerate(frames, 1):
            t = time.process_time()
            codes = pipe.process(sc.image).codes()
            ms.append((time.process_time() - t) * 1000)
            wrong += len(codes - on_table)
            seen |= codes
            if i in CHECKPOINTS:
                by[i] = len(seen & legible)
    return {"legible": len(legible), "by": by, "wrong": wrong, "ms": ms}


def speed(arts, deck, count: int, frame_ms: float | None, seed: int = 12) -> str:
    """Return a markdown table of bench_vision.py's medium 1080p scenes (the same seed, so the same frames): CPU ms
    of the first (full) scan and of the same frame again (settled) for 29 frames, per mode."""
    rng = np.random.default_rng(seed)
    ms: dict[str, dict[str, list[float]]] = {m[0]: {"full": [], "settled": [], "settled_after": []} for m in modes(frame_ms)}
    for i in range(count):
        placements = synth.random_table(rng, sorted(arts), int(rng.integers(10, 46)), timer_codes=("bux-1", "bux-2", "bux-3"),
                                        layout=BUX_TABLE)
        cam, nz = synth.random_conditions(rng, "medium", 1920, 1080, seed=seed * 1000 + i)
        sc = synth.render_scene(arts, placements, cam, nz, layout=BUX_TABLE)
        for label, fuse, budget in modes(frame_ms):
            with pipeline(deck, fuse, budget, use_zbar=False) as pipe:
                for k in range(30):
                    t = time.process_time()
                    pipe.process(sc.image.copy())
                    cpu = (time.process_time() - t) * 1000
                    ms[label]["full" if k == 0 else "settled" if k < 25 else "settled_after"].append(cpu)
    lines = ["| medium 1080p (bench_vision seed 12) | full scan median | settled median / p90 (frames 2-25) | "
             "settled median (frames 26-30) |", "|---|---|---|---|"]
    for label, m in ms.items():
        lines.append(f"| {label} ({count} scenes) | {np.median(m['full']):.1f} | "
                     f"{np.median(m['settled']):.1f} / {np.percentile(m['settled'], 90):.1f} | "
                     f"{np.median(m['settled_after']):.1f} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clips", type=int, default=6, help="clips per band")
    ap.add_argument("--seed", type=int, default=1, help="first clip seed (the tests use others)")
    ap.add_argument("--bands", default=",".join(BANDS), help=f"comma-separated, of {', '.join(BANDS)}")
    ap.add_argument("--secret", help="fixed print secret (same marks every run); default: a new random print")
    ap.add_argument("--speed", type=int, default=0, help="also time this many of bench_vision's medium 1080p scenes")
    ap.add_argument("--frame-ms", type=float, default=FUSE_FRAME_MS,
                    help=f"the bounded mode's frame budget for the fusion's decodes (default {FUSE_FRAME_MS})")
    args = ap.parse_args(argv)
    bands = args.bands.split(",")
    if args.clips < 1 or any(b not in BANDS for b in bands) or (args.frame_ms is not None and args.frame_ms <= 0):
        ap.error(f"--clips must be 1 or more, --frame-ms above 0 and --bands of {', '.join(BANDS)}")
    cv2.setNumThreads(1)
    with tempfile.TemporaryDirectory() as tmp:
        if args.secret:
            save_print(new_print(load_deck("bux"), "bench", secret=args.secret.encode()), f"{tmp}/bux.print.json")
        subprocess.run([sys.executable, "-m", "companion", "cards", "export", "--game", "bux", "--png", tmp,
                        "--deck", f"{tmp}/bux.print.json", "--backs", "--quiet"], check=True, cwd=ROOT,
                       stdout=subprocess.DEVNULL)
        deck = load_print(f"{tmp}/bux.print.json")
        arts = synth.load_card_arts(tmp)
    if args.speed:
        print(speed(arts, deck, args.speed, args.frame_ms), flush=True)
    rows = []
    stats: dict[tuple[str, str], dict[str, list[float]]] = {}
    for band in bands:
        f_lo, f_hi, lo, hi = BANDS[band]
        totals = {m[0]: {"legible": 0, "by": dict.fromkeys(CHECKPOINTS, 0), "wrong": 0, "ms": []} for m in modes(args.frame_ms)}
        for k in range(args.clips):
            seed = args.seed + k
            fill = float(np.random.default_rng(seed + 7919).uniform(f_lo, f_hi))
            frames = still_clip(arts, seed, fill)
            for label, fuse, budget in modes(args.frame_ms):
                r = run_clip(deck, frames, lo, hi, fuse, budget, stats.setdefault((band, label), {}))
                t = totals[label]
                t["legible"] += r["legible"]
                t["wrong"] += r["wrong"]
                t["ms"] += r["ms"]
                for c in CHECKPOINTS:
                    t["by"][c] += r["by"][c]
                print(f"# band {band} clip {seed} fill {fill:.2f} {label}: {r['by']} of {r['legible']}, "
                      f"wrong {r['wrong']}, median {np.median(r['ms']):.0f} ms", file=sys.stderr, flush=True)
        for label, t in totals.items():
            n = max(t["legible"], 1)
            rows.append(f"| {band} | {label} | {args.clips} | {t['legible']} | "
                        + " | ".join(f"{t['by'][c]} ({t['by'][c] / n:.2f})" for c in CHECKPOINTS)
                        + f" | {t['wrong']} | {np.median(t['ms']):.0f} / {np.percentile(t['ms'], 90):.0f} |")
    print("| px/module | mode | clips | legible cards | by frame 1 | by 5 | by 10 | by 20 | wrong codes | CPU ms/frame median / p90 |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print("\n| px/module | mode | decode pass | runs | cards it read first | CPU ms per run |\n|---|---|---|---|---|---|")
    for (band, label), passes in stats.items():
        for name, (runs, reads, ms) in passes.items():
            print(f"| {band} | {label} | {name} | {runs:.0f} | {reads:.0f} | {ms / max(runs, 1):.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
