#!/usr/bin/env python3
"""Vision benchmark: the pipeline next to raw zxing-cpp, pyzbar and OpenCV, in one run.

    .venv/bin/python scripts/bench_vision.py --scenes 6 --sizes 1280x720,1920x1080,3840x2160

Synthetic scenes are rendered (companion/vision/synth.py) from the real exported card
PNGs (`companion cards export --backs`, done into a temp folder here). Recall counts
face-up cards with an unoccluded mark at >= 2 px/module; a "wrong" code is a card code
read that is not on the table. Also: decode rate on the real photos
(/work/shared/datasets/qr-photos), settled-table cost, and optionally memory over
--long-run frames. Medians; the machine is shared, so compare within one run.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.cards.payloads import load_print  # noqa: E402
from companion.vision import decoders, synth  # noqa: E402
from companion.vision.pipeline import Pipeline  # noqa: E402
from companion.vision.sources import read_image  # noqa: E402

PHOTOS = Path("/work/shared/datasets/qr-photos")


def real_photos() -> dict:
    manifest = json.loads((PHOTOS / "manifest.json").read_text(encoding="utf-8"))
    singles = [e for e in manifest if e["kind"] == "single_qr"]
    none = [e for e in manifest if e["kind"] == "no_qr"]
    out = {}
    with Pipeline(None, track=False, photo=True, find_table=False) as p:
        for name, fn in [("pipeline", lambda g: p.process(g).unknown),
                         ("zxing", lambda g: [d.payload for d in decoders.decode_zxing(g, model2_only=False, try_invert=True)]),
                         ("zbar", lambda g: [d.payload for d in decoders.decode_zbar_unsafe(g)]),
                         ("opencv", lambda g: [d.payload for d in decoders.decode_opencv(g)])]:
            read, ms, false = 0, [], 0
            for e in singles:
                g = read_image(PHOTOS / e["file"])
                t = time.perf_counter()
                got = fn(g)
                ms.append((time.perf_counter() - t) * 1000)
                read += e["expected"] in got
            for e in none:
                try:
                    g = read_image(PHOTOS / e["file"])
                except Exception:  # noqa: BLE001 - two upstream files are not decodable images
                    continue
                false += len(fn(g))
            out[name] = {"read": read, "of": len(singles), "false_reads_on_no_code_images": false,
                         "median_ms": round(statistics.median(ms), 2)}
    return out


def scenes(arts, deck, difficulty, size, count, seed) -> dict:
    rng = np.random.default_rng(seed)
    tot = 0
    hits = {"pipeline": 0, "zxing": 0, "zbar": 0, "opencv": 0}
    wrong = dict.fromkeys(hits, 0)
    ms = {k: [] for k in hits}
    settled = []
    render = []
    codes = sorted(arts)
    for i in range(count):
        placements = synth.random_table(rng, codes, int(rng.integers(10, 46)), timer_codes=("bux-1", "bux-2", "bux-3"))
        cam, nz = synth.random_conditions(rng, difficulty, *size, seed=seed * 1000 + i)
        t = time.perf_counter()
        sc = synth.render_scene(arts, placements, cam, nz)
        render.append((time.perf_counter() - t) * 1000)
        truth = {t.code for t in sc.readable(2.0)}
        on_table = {t.code for t in sc.truth}
        tot += len(truth)
        with Pipeline(deck, track=True, use_zbar=False) as p:
            r = p.process(sc.image)
            got = set(r.codes())
            ms["pipeline"].append(r.ms)
            for _ in range(3):
                settled.append(p.process(sc.image.copy()).ms)
        hits["pipeline"] += len(got & truth)
        wrong["pipeline"] += len(got - on_table)
        for name, fn in [("zxing", decoders.decode_zxing), ("zbar", decoders.decode_zbar_unsafe),
                         ("opencv", decoders.decode_opencv)]:
            t = time.perf_counter()
            dets = fn(sc.image)
            ms[name].append((time.perf_counter() - t) * 1000)
            got = {deck.identify(d.payload).code for d in dets} - {None}
            hits[name] += len(got & truth)
            wrong[name] += len(got - on_table)
    return {"difficulty": difficulty, "size": f"{size[0]}x{size[1]}", "scenes": count, "readable_cards": tot,
            "recall": {k: round(v / max(tot, 1), 4) for k, v in hits.items()},
            "wrong_codes": wrong, "median_ms": {k: round(statistics.median(v), 1) for k, v in ms.items()},
            "settled_median_ms": round(statistics.median(settled), 2),
            "render_median_ms": round(statistics.median(render), 1)}


def long_run(arts, deck, frames: int) -> dict:
    rng = np.random.default_rng(5)
    imgs = []
    for i in range(4):
        pl = synth.random_table(rng, sorted(arts), 20)
        cam, nz = synth.random_conditions(rng, "easy", 1280, 720, seed=i)
        imgs.append(synth.render_scene(arts, pl, cam, nz).image)
    rss = []
    with Pipeline(deck, track=True, use_zbar=False) as p:
        for n in range(frames):
            p.process(imgs[(n // 50) % 4])
            if n % max(frames // 10, 1) == 0:
                rss.append(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
    return {"frames": frames, "max_rss_mb_samples": rss}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=6)
    ap.add_argument("--sizes", default="1280x720,1920x1080,3840x2160")
    ap.add_argument("--difficulties", default="easy,medium,hard")
    ap.add_argument("--long-run", type=int, default=0)
    ap.add_argument("--no-photos", action="store_true")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "companion", "cards", "export", "--game", "bux", "--png", tmp,
                        "--deck", f"{tmp}/bux.print.json", "--backs", "--quiet"], check=True, cwd=ROOT,
                       stdout=subprocess.DEVNULL)
        deck = load_print(f"{tmp}/bux.print.json")
        arts = synth.load_card_arts(tmp)
    report = {"availability": decoders.availability()}
    if not args.no_photos and (PHOTOS / "manifest.json").exists():
        report["real_photos"] = real_photos()
        print(json.dumps({"real_photos": report["real_photos"]}), flush=True)
    report["scenes"] = []
    for size in args.sizes.split(","):
        w, h = (int(v) for v in size.split("x"))
        for k, diff in enumerate(args.difficulties.split(",")):
            row = scenes(arts, deck, diff, (w, h), args.scenes, seed=11 + k)
            report["scenes"].append(row)
            print(json.dumps(row), flush=True)
    if args.long_run:
        report["long_run"] = long_run(arts, deck, args.long_run)
        print(json.dumps(report["long_run"]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
