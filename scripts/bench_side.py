#!/usr/bin/env python3
"""Side-view recall by px/module band (issue 33 item 2): a camera at one side of the table.

    .venv/bin/python scripts/bench_side.py --scenes 12
    .venv/bin/python scripts/bench_side.py --scenes 12 --extra-blur 0.4,1.5 --plates hidden

Scenes: `synth.random_side_conditions` (tilt 20-35 degrees from any side, the table turned in the
picture, zoomed so most marks show at 2.0-2.5 px/module at 1080p; barrel lens k1 -0.06..-0.1, glare,
shadows, warm light, vignetting, phone-style denoise + sharpen, JPEG 78-84) on BUX's table with the fixed
print `bench-fixed-print`, seed 33 (scene i from generator 33000 + i, as tests/vision/bench_frames.side_frame).
`--extra-blur D,M` adds D px of defocus and M px of motion blur to what SIDE draws; `--plates` `shown`
(the table found from its plates), `hidden` (plates not drawn: no table homography) or `ignored` (drawn,
not searched). Each frame goes through a tracking pipeline's first full scan (`video`, what one live frame
gets), a still (`track=False`) and raw zxing-cpp. A card counts in the band of its best mark with contrast
>= 0.3 (`Scene.legible`'s rule), from 2.0 px/module up; wrong = a card code read that is not on the table.
These are development scenes (tuned on); they are not the held-out evaluation.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
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
from companion.vision import decoders, synth  # noqa: E402
from companion.vision.pipeline import Pipeline  # noqa: E402

BUX_TABLE = layout_for("bux")
BANDS = ((2.0, 2.5), (2.5, 3.0), (3.0, 99.0))


def band_of(ppm: float) -> str:
    for lo, hi in BANDS:
        if lo <= ppm < hi:
            return f"{lo:.1f}-{hi:.1f}" if hi < 99 else f">={lo:.1f}"
    return "<2.0"


def side_scene(arts, index: int, extra_blur: tuple[float, float], hidden: bool, seed: int = 33):
    rng = np.random.default_rng(seed * 1000 + index)
    placements = synth.random_table(rng, sorted(arts), int(rng.integers(15, 46)),
                                    timer_codes=("bux-1", "bux-2", "bux-3"), layout=BUX_TABLE)
    cam, nz = synth.random_side_conditions(rng, 1920, 1080, seed=seed * 1000 + index)
    nz = dataclasses.replace(nz, defocus=nz.defocus + extra_blur[0], motion=nz.motion + extra_blur[1])
    return synth.render_scene(arts, placements, cam, nz, layout=BUX_TABLE,
                              hidden_markers=tuple(BUX_TABLE.markers) if hidden else ()), cam


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=12)
    ap.add_argument("--extra-blur", default="0,0", help="defocus,motion px added to SIDE's (default 0,0)")
    ap.add_argument("--plates", choices=("shown", "hidden", "ignored"), default="shown")
    ap.add_argument("--misses", action="store_true", help="list the missed cards (scene, code, px/module)")
    args = ap.parse_args(argv)
    try:
        extra = tuple(float(v) for v in args.extra_blur.split(","))
        assert len(extra) == 2
    except (ValueError, AssertionError):
        ap.error("--extra-blur takes two numbers: defocus,motion")
    cv2.setNumThreads(1)
    with tempfile.TemporaryDirectory() as tmp:
        save_print(new_print(load_deck("bux"), "bench", secret=b"bench-fixed-print"), f"{tmp}/bux.print.json")
        subprocess.run([sys.executable, "-m", "companion", "cards", "export", "--game", "bux", "--png", tmp,
                        "--deck", f"{tmp}/bux.print.json", "--backs", "--quiet"], check=True, cwd=ROOT,
                       stdout=subprocess.DEVNULL)
        deck = load_print(f"{tmp}/bux.print.json")
        arts = synth.load_card_arts(tmp)
    modes = ("video", "still", "zxing")
    total: dict[str, int] = {}
    hits: dict[str, dict[str, int]] = {m: {} for m in modes}
    wrong = dict.fromkeys(modes, 0)
    cpu: dict[str, list[float]] = {"video": [], "still": []}
    misses: list[tuple] = []
    for i in range(args.scenes):
        scene, cam = side_scene(arts, i, extra, args.plates == "hidden")
        legible = {t.code: max(p for p, c in t.marks if c >= 0.3) for t in scene.legible(2.0, 0.3)}
        on_table = {t.code for t in scene.truth}
        for ppm in legible.values():
            total[band_of(ppm)] = total.get(band_of(ppm), 0) + 1
        for mode in modes:
            if mode == "zxing":
                got = {deck.identify(d.payload).code for d in decoders.decode_zxing(scene.image)} - {None}
            else:
                with Pipeline(deck, track=mode == "video", use_zbar=False, layout=BUX_TABLE,
                              find_table=args.plates == "shown") as p:
                    c0 = time.process_time()
                    got = set(p.process(scene.image).codes())
                    cpu[mode].append((time.process_time() - c0) * 1000)
            wrong[mode] += len(got - on_table)
            for code, ppm in legible.items():
                if code in got:
                    hits[mode][band_of(ppm)] = hits[mode].get(band_of(ppm), 0) + 1
                elif mode == "still":
                    misses.append((i, code, round(ppm, 2)))
    report = {"scenes": args.scenes, "extra_blur": extra, "plates": args.plates, "legible_by_band": total,
              "read": {m: {b: hits[m].get(b, 0) for b in total} for m in modes}, "wrong_codes": wrong,
              "cpu_median_ms": {m: round(statistics.median(v), 1) for m, v in cpu.items() if v}}
    if args.misses:
        report["still_misses"] = misses
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
