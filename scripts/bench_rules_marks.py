#!/usr/bin/env python3
"""The rules cards' 18 mm marks on tuning scenes of the independent renderer (issue 33).

    .venv/bin/python scripts/bench_rules_marks.py                       # 4K, tuning seeds 100-123
    .venv/bin/python scripts/bench_rules_marks.py --size 1920x1080 --seeds 100-112

bench_held_out's scenes hold few rules cards (17 legible marks in 60 held-out 4K scenes). Here each TUNING scene of
bux or grow (the games whose decks have rules cards: one 18 mm mark, 1.2 mm modules) is laid by eval_scenes as
usual, then its rules cards are moved onto the last face-up singles and spreads (and taken off any pile), so every
scene shows 2-4 of them. Tuning seeds only: the held-out seeds are never run here. Counts a rules card read when
its code is among the frame's codes (a fresh still Pipeline without zbar), banded by its best mark's px/module.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import eval_scenes  # noqa: E402
from companion.table.layouts import layout_for  # noqa: E402
from companion.vision.pipeline import Pipeline  # noqa: E402

_LAY = eval_scenes.lay_table


def lay_rules(rng, codes, layout):
    """eval_scenes' table with the rules cards face up on the last face-up places."""
    lays = [lay for lay in _LAY(rng, codes, layout) if not lay.code.startswith("rules")]
    ups = [i for i, lay in enumerate(lays) if lay.face_up][::-1]
    for i, code in zip(ups, [c for c in codes if c.startswith("rules")]):
        lays[i] = eval_scenes.Lay(code, lays[i].centre, lays[i].rotation, True)
    return lays


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="3840x2160")
    ap.add_argument("--seeds", default="100-123", help="a range within the tuning seeds 100-139")
    a = ap.parse_args(argv)
    size = tuple(int(v) for v in a.size.split("x"))
    lo, hi = (int(v) for v in a.seeds.split("-"))
    if not (100 <= lo <= hi <= 139):
        ap.error("tuning seeds only: 100-139")
    eval_scenes.lay_table = lay_rules
    bands: dict[str, list[int]] = {}
    wrong, cpu = 0, []
    for seed in range(lo, hi + 1):
        game = ("bux", "grow")[seed % 2]
        frame, truth = eval_scenes.render_still(seed, size, game)
        with Pipeline(truth.deck, use_zbar=False, track=False, layout=layout_for(game)) as p:
            c0 = time.process_time()
            got = set(p.process(frame).codes())
            cpu.append((time.process_time() - c0) * 1000)
        wrong += len(got - set(truth.codes))
        best: dict[str, float] = {}
        for m in truth.marks:
            if m.size_mm < 25 and m.visible and m.contrast >= 0.3:
                best[m.code] = max(best.get(m.code, 0.0), m.px_per_module)
        missed = []
        for code, ppm in best.items():
            band = "[2,2.5)" if 2.0 <= ppm < 2.5 else "[2.5,3)" if 2.5 <= ppm < 3.0 else "[3,inf)" if ppm >= 3 else None
            if band is None:
                continue
            bands.setdefault(band, [0, 0])
            bands[band][0] += 1
            bands[band][1] += code in got
            if code not in got:
                missed.append(f"{code}@{ppm:.2f}")
        print(seed, game, truth.side, f"{cpu[-1]:.0f} ms", "missed:", " ".join(missed) or "-", flush=True)
    total = [sum(v[0] for v in bands.values()), sum(v[1] for v in bands.values())]
    print("rules cards read:", {b: f"{r}/{n}" for b, (n, r) in sorted(bands.items())},
          f">= 2 px/module {total[1]}/{total[0]}, wrong codes {wrong}, CPU ms median {statistics.median(cpu):.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
