#!/usr/bin/env python3
"""Held-out bench of the camera's mark reading on scenes from an independent renderer (issue 33 item 1).

    .venv/bin/python scripts/bench_held_out.py                                   # held-out, 1080p (60) + 4K (20)
    .venv/bin/python scripts/bench_held_out.py --set tuning --sizes 1920x1080 --crops /tmp/misses
    .venv/bin/python scripts/bench_held_out.py --clips --sizes 1920x1080 --scenes 12   # multi-frame reading

Scenes come from scripts/eval_scenes.py (no code of companion.vision.synth): the four games' exported cards on
a table, a camera at any side at 20-35 deg or overhead, an arm, glare, shadows, warm light, vignetting, a
barrel lens, sensor noise and a phone's processing. Two sets of seeds:

* TUNING (100-139): look at these, crop their misses, tune on them;
* HELD_OUT (9000-9059): report on these and never tune on them. 60 seeds: every game at every side
  (overhead and the 4 sides) three times.

Each still goes through a fresh `Pipeline(deck, track=False, use_zbar=False)` (`companion scan`'s still mode
without the zbar child) and through raw zxing-cpp (`zxingcpp.read_barcodes` on the BGR frame). A card counts
as read when its code is among the frame's cards (FrameResult.codes(), one per card however many marks show),
as bench_vision counts; a card is legible when one of its marks is face up, uncovered (guard ring: quiet zone
plus a module), inside the frame, at >= the band's px/module and contrast >= 0.3, and it is put in the band of
its best such mark (px/module of the mark's smaller axis, after the lens). Wrong codes: a card code read that
is not on the table; foreign: a payload that fails the payload check (not a card of this print). CPU ms: this
process's CPU time for Pipeline.process (median). `--clips` feeds a tracking Pipeline frame after frame of a
still table (sub-pixel shake, fresh noise and JPEG per frame) and counts the cards read by frame N (union).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np
import zxingcpp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import eval_scenes  # noqa: E402
from companion.table.layouts import layout_for  # noqa: E402
from companion.vision.pipeline import Pipeline  # noqa: E402

TUNING = tuple(range(100, 140))
HELD_OUT = tuple(range(9000, 9060))
"""Fixed held-out seeds: nobody tunes on these scenes."""
BANDS = ((1.5, 2.0), (2.0, 2.5), (2.5, 3.0), (3.0, math.inf))
MIN_CONTRAST = 0.3
READERS = ("pipeline", "zxing")


def band_of(ppm: float) -> str | None:
    for lo, hi in BANDS:
        if lo <= ppm < hi:
            return band_name(lo, hi)
    return None


def band_name(lo: float, hi: float) -> str:
    return f"[{lo:g},{hi:g})" if hi != math.inf else f"[{lo:g},inf)"


def zxing_codes(frame: np.ndarray, deck) -> tuple[set[str], int, list]:
    """Raw zxing-cpp on the frame: (card codes, foreign payloads, results)."""
    codes, foreign = set(), 0
    res = zxingcpp.read_barcodes(frame)
    for r in res:
        ident = deck.identify(r.text)
        if ident.status == "card":
            codes.add(ident.code)
        else:
            foreign += 1
    return codes, foreign, res


def _nuisance_tags(mark: eval_scenes.MarkTruth, truth: eval_scenes.Truth) -> list[str]:
    """Which nuisances touch a mark (for the where-are-the-misses table)."""
    tags = []
    w, h = truth.size
    cx, cy = mark.centre()
    r = math.hypot((cx - w / 2) / (w / 2), (cy - h / 2) / (h / 2)) / math.sqrt(2)
    if r > 0.6:
        tags.append("frame edge (lens, vignette)")
    if mark.glare >= 0.1:
        tags.append("glare >= 0.1")
    if mark.light < 0.6:
        tags.append("shadow (paper < 0.6)")
    if truth.arm:
        arm = np.concatenate([np.array(p) for p in truth.arm])
        d = float(np.min(np.hypot(arm[:, 0] - cx, arm[:, 1] - cy)))
        if d < 12 * mark.px_per_module * 1.5:
            tags.append("beside the arm")
    if mark.size_mm < 25:
        tags.append("small mark (rules card)")
    nz = truth.nuisances
    if nz.motion > 0:
        tags.append("shake during exposure")
    if nz.blur >= 0.8:
        tags.append("optics blur >= 0.8 px")
    if not tags:
        tags.append("none of these")
    return tags


def _best_marks(truth: eval_scenes.Truth) -> dict[str, eval_scenes.MarkTruth]:
    best: dict[str, eval_scenes.MarkTruth] = {}
    for m in truth.marks:
        if m.visible and m.contrast >= MIN_CONTRAST and (m.code not in best or m.px_per_module > best[m.code].px_per_module):
            best[m.code] = m
    return best


def run_stills(seeds, size, crops: Path | None) -> dict:
    """Render and read each still; return the counts (see the module docstring).

    One piece because every count (band, side, nuisance, reader) comes from the same loop over the scene's cards.
    """
    legible = defaultdict(int)
    read = {k: defaultdict(int) for k in READERS}
    wrong = dict.fromkeys(READERS, 0)
    foreign = dict.fromkeys(READERS, 0)
    cpu, zx_cpu, render = [], [], []
    by_side = defaultdict(lambda: [0, 0, 0])  # legible >= 2, read by pipeline, read by zxing
    by_tag = defaultdict(lambda: [0, 0])
    by_game = defaultdict(lambda: [0, 0])
    misses = []
    for seed in seeds:
        t = time.perf_counter()
        frame, truth = eval_scenes.render_still(seed, size)
        render.append(time.perf_counter() - t)
        with Pipeline(truth.deck, use_zbar=False, track=False, layout=layout_for(truth.game)) as p:
            c0 = time.process_time()
            r = p.process(frame)
            cpu.append((time.process_time() - c0) * 1000)
        got = {"pipeline": set(r.codes())}
        foreign["pipeline"] += len(r.unknown) + len(r.other_print)
        c0 = time.process_time()
        got["zxing"], fz, _ = zxing_codes(frame, truth.deck)
        zx_cpu.append((time.process_time() - c0) * 1000)
        foreign["zxing"] += fz
        for k in READERS:
            wrong[k] += len(got[k] - truth.codes)
        for code, m in _best_marks(truth).items():
            b = band_of(m.px_per_module)
            if b is None:
                continue
            legible[b] += 1
            for k in READERS:
                read[k][b] += code in got[k]
            if m.px_per_module >= 2.0:
                s = by_side[truth.side]
                s[0] += 1
                s[1] += code in got["pipeline"]
                s[2] += code in got["zxing"]
                g = by_game[truth.game]
                g[0] += 1
                g[1] += code in got["pipeline"]
                for tag in _nuisance_tags(m, truth):
                    by_tag[tag][0] += 1
                    by_tag[tag][1] += code in got["pipeline"]
                if code not in got["pipeline"]:
                    misses.append({"seed": seed, "code": code, "ppm": round(m.px_per_module, 2),
                                   "contrast": round(m.contrast, 2), "side": truth.side,
                                   "tags": _nuisance_tags(m, truth), "zxing_read": code in got["zxing"]})
                    if crops is not None:
                        _crop(frame, m, crops / f"{size[0]}-{seed}-{code}-{m.px_per_module:.2f}.png")
        print(json.dumps({"seed": seed, "size": f"{size[0]}x{size[1]}", "game": truth.game, "side": truth.side,
                          "legible_2": len(truth.legible(2.0, MIN_CONTRAST)),
                          "pipeline": len(got["pipeline"] & truth.legible(2.0, MIN_CONTRAST)),
                          "zxing": len(got["zxing"] & truth.legible(2.0, MIN_CONTRAST)),
                          "cpu_ms": round(cpu[-1], 1), "render_s": round(render[-1], 1)}), flush=True)
    return {"size": f"{size[0]}x{size[1]}", "scenes": len(seeds), "legible": dict(legible),
            "read": {k: dict(v) for k, v in read.items()}, "wrong": wrong, "foreign": foreign,
            "cpu_ms_median": round(statistics.median(cpu), 1), "zxing_cpu_ms_median": round(statistics.median(zx_cpu), 1),
            "render_s_median": round(statistics.median(render), 1), "by_side": dict(by_side),
            "by_tag": dict(by_tag), "by_game": dict(by_game), "misses": misses}


def _crop(frame: np.ndarray, m: eval_scenes.MarkTruth, path: Path) -> None:
    """Write the mark's neighbourhood (1.6x its size), enlarged 6x without smoothing, with its truth quad."""
    q = np.array(m.quad)
    c = q.mean(axis=0)
    half = float(np.abs(q - c).max()) * 1.6
    x0, y0 = (c - half).astype(int)
    x1, y1 = (c + half).astype(int)
    h, w = frame.shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return
    big = cv2.resize(frame[y0:y1, x0:x1], None, fx=6, fy=6, interpolation=cv2.INTER_NEAREST)
    cv2.polylines(big, [((q - (x0, y0)) * 6 + 3).astype(np.int32)], True, (0, 200, 0), 1)
    path.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(path), big)


def run_clips(seeds, size, frames: int) -> dict:
    """Feed each still table's clip to one tracking Pipeline; count the cards read by frame 1, 5, 10, ... (union)."""
    marks_at = sorted({1, 5, 10, frames} | set(range(20, frames + 1, 10)))
    legible = defaultdict(int)
    read = {n: defaultdict(int) for n in marks_at}
    wrong = 0
    foreign = 0
    for seed in seeds:
        clip, truth = eval_scenes.render_clip(seed, size, frames)
        best = _best_marks(truth)
        seen: set[str] = set()
        with Pipeline(truth.deck, use_zbar=False, track=True, layout=layout_for(truth.game)) as p:
            for i, fr in enumerate(clip, start=1):
                r = p.process(fr)
                seen |= set(r.codes())
                wrong += len(set(r.codes()) - truth.codes)
                foreign += len(r.unknown) + len(r.other_print)
                if i in read:
                    for code, m in best.items():
                        b = band_of(m.px_per_module)
                        if b is not None:
                            read[i][b] += code in seen
        for m in best.values():
            b = band_of(m.px_per_module)
            if b is not None:
                legible[b] += 1
        print(json.dumps({"clip": seed, "size": f"{size[0]}x{size[1]}", "frames": frames}), flush=True)
    return {"size": f"{size[0]}x{size[1]}", "clips": len(seeds), "frames": frames, "legible": dict(legible),
            "read_by_frame": {n: dict(v) for n, v in read.items()}, "wrong_reads": wrong, "foreign_reads": foreign}


def _frac(a: int, b: int) -> str:
    return f"{a}/{b} = {a / b:.3f}" if b else "-"


def markdown(rows: list[dict]) -> str:
    """The stills' figures as markdown tables: recall by band, by side, by nuisance."""
    bands = [band_name(lo, hi) for lo, hi in BANDS]
    out = ["| frame | scenes | reader | " + " | ".join(f"{b} px/module" for b in bands)
           + " | >= 2 px/module | wrong codes | foreign | CPU ms median |",
           "|---|---|---|" + "---|" * (len(bands) + 4)]
    for row in rows:
        for k in READERS:
            over = sum(row["read"][k].get(b, 0) for b in bands[1:])
            tot = sum(row["legible"].get(b, 0) for b in bands[1:])
            ms = row["cpu_ms_median"] if k == "pipeline" else row["zxing_cpu_ms_median"]
            out.append(f"| {row['size']} | {row['scenes']} | {k} | "
                       + " | ".join(_frac(row["read"][k].get(b, 0), row["legible"].get(b, 0)) for b in bands)
                       + f" | **{_frac(over, tot)}** | {row['wrong'][k]} | {row['foreign'][k]} | {ms} |")
    out += ["", "Cards at >= 2 px/module (contrast >= 0.3) by camera position (pipeline, raw zxing-cpp):", "",
            "| frame | " + " | ".join(eval_scenes.SIDES) + " |", "|---|" + "---|" * len(eval_scenes.SIDES)]
    for row in rows:
        cells = []
        for side in eval_scenes.SIDES:
            t, p, z = row["by_side"].get(side, (0, 0, 0))
            cells.append(f"{_frac(p, t)} (zxing {z})")
        out.append(f"| {row['size']} | " + " | ".join(cells) + " |")
    tags = sorted({t for row in rows for t in row["by_tag"]})
    out += ["", "Pipeline recall at >= 2 px/module by what touches the mark (a mark can have several):", "",
            "| frame | " + " | ".join(tags) + " |", "|---|" + "---|" * len(tags)]
    for row in rows:
        out.append(f"| {row['size']} | " + " | ".join(_frac(row["by_tag"].get(t, (0, 0))[1], row["by_tag"].get(t, (0, 0))[0])
                                                    for t in tags) + " |")
    games = sorted({g for row in rows for g in row["by_game"]})
    out += ["", "| frame | " + " | ".join(games) + " |", "|---|" + "---|" * len(games)]
    for row in rows:
        out.append(f"| {row['size']} | " + " | ".join(_frac(row["by_game"].get(g, (0, 0))[1], row["by_game"].get(g, (0, 0))[0])
                                                    for g in games) + " |")
    return "\n".join(out)


def markdown_clips(rows: list[dict]) -> str:
    bands = [band_name(lo, hi) for lo, hi in BANDS]
    out = ["| frame | clips | read by frame | " + " | ".join(bands) + " | wrong | foreign |",
           "|---|---|---|" + "---|" * (len(bands) + 2)]
    for row in rows:
        for n, got in row["read_by_frame"].items():
            out.append(f"| {row['size']} | {row['clips']} | {n} | "
                       + " | ".join(_frac(got.get(b, 0), row["legible"].get(b, 0)) for b in bands)
                       + f" | {row['wrong_reads']} | {row['foreign_reads']} |")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", choices=("held-out", "tuning"), default="held-out")
    ap.add_argument("--sizes", default="1920x1080:60,3840x2160:20",
                    help="WxH[:N] each, N scenes of the set (default all of it)")
    ap.add_argument("--scenes", type=int, help="the first N scenes of the set at every size")
    ap.add_argument("--crops", type=Path, help="write each pipeline miss's crop here (tuning set only)")
    ap.add_argument("--clips", action="store_true", help="read clips of a still table instead of stills")
    ap.add_argument("--frames", type=int, default=20, help="frames per clip (10 fps)")
    ap.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = ap.parse_args(argv)
    seeds = HELD_OUT if args.set == "held-out" else TUNING
    if args.crops and args.set == "held-out":
        ap.error("--crops is for the tuning set: the held-out scenes are not looked at miss by miss")
    sizes = []
    try:
        for part in args.sizes.split(","):
            dims, _, n = part.partition(":")
            w, h = (int(v) for v in dims.split("x"))
            count = args.scenes if args.scenes is not None else (int(n) if n else len(seeds))
            if w < 64 or h < 64 or count < 1:
                raise ValueError
            sizes.append(((w, h), min(count, len(seeds))))
    except ValueError:
        ap.error("--sizes is WxH[:N],... with N >= 1, e.g. 1920x1080:60,3840x2160:20")
    if args.frames < 1:
        ap.error("--frames must be 1 or more")
    cv2.setNumThreads(1)
    rows = []
    for size, count in sizes:
        chosen = seeds[:count]  # any 20 consecutive seeds hold every game at every side
        rows.append(run_clips(chosen, size, args.frames) if args.clips else run_stills(chosen, size, args.crops))
    print()
    print(markdown_clips(rows) if args.clips else markdown(rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
