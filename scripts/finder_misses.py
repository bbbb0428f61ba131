#!/usr/bin/env python3
"""Per tuning-set miss at 2.0-2.5 px/module (1080p): was its finder located, and if not, what the locator saw there.

    .venv/bin/python scripts/finder_misses.py [SEEDS, comma-separated; default the tuning set 100-139]

Prints one JSON line per missed card: for each searched top-down patch holding its true finder centre, the
distance of the nearest located finder (frame px; 99 none), the true module size in the patch along the mark's
4 sides, the finders kept and their scores, the radial match there and its rank, and the nearest finders of a
search without thresholds (distance, score). Wraps topdown.patch_to_crop and locator.find_finders to see the
patches (no lens: the bench's Pipeline has none). Tuning seeds only (docs/vision.md, issue 33).
"""
import sys, json, math
from pathlib import Path
import cv2, numpy as np
ROOT = Path(__file__).resolve().parents[1]; sys.path.insert(0, str(ROOT)); sys.path.insert(0, str(ROOT / 'scripts'))
import eval_scenes
import bench_held_out as B
from companion.table.layouts import layout_for
from companion.vision.pipeline import Pipeline
from companion.vision import sampling, locator, topdown

calls = []
_orig_p2c = topdown.patch_to_crop
_orig_ff = locator.find_finders
state = {}
def p2c(geometry, r, mx0, my0, ox, oy):
    H = _orig_p2c(geometry, r, mx0, my0, ox, oy)
    state['H'] = np.array([[1, 0, ox], [0, 1, oy], [0, 0, 1.0]]) @ H
    state['lens'] = geometry.lens
    return H
def ff(patch, module_px, **kw):
    res = _orig_ff(patch, module_px, **kw)
    calls.append(dict(H=state['H'], patch=patch.copy(), module_px=module_px, res=res))
    return res
topdown.patch_to_crop = p2c
locator.find_finders = ff

def tp(H, pts):
    return cv2.perspectiveTransform(np.asarray(pts, np.float64).reshape(-1, 1, 2), H).reshape(-1, 2)

seeds = [int(s) for s in sys.argv[1].split(',')] if len(sys.argv) > 1 else list(B.TUNING)
if set(seeds) - set(B.TUNING):
    sys.exit("finder_misses.py: tuning seeds (100-139) only; the held-out scenes are not looked at miss by miss")
out = []
for seed in seeds:
    calls.clear()
    frame, truth = eval_scenes.render_still(seed, (1920, 1080))
    with Pipeline(truth.deck, use_zbar=False, track=False, layout=layout_for(truth.game)) as p:
        r = p.process(frame)
    got = set(r.codes())
    for code, m in B._best_marks(truth).items():
        if not (2.0 <= m.px_per_module < 2.5) or code in got:
            continue
        q = np.array(m.quad, np.float64)
        Hq = cv2.getPerspectiveTransform(np.float32([[0, 0], [15, 0], [15, 15], [0, 15]]), q.astype(np.float32))
        fc = tp(Hq, [[3.5, 3.5]])[0]
        rec = dict(seed=seed, code=code, ppm=round(m.px_per_module, 2), side=truth.side, ncalls=len(calls))
        best = None
        for ci, c in enumerate(calls):
            Hinv = np.linalg.inv(c['H'])
            pc = tp(Hinv, [fc])[0]
            hgt, wid = c['patch'].shape[:2]
            if not (0 <= pc[0] < wid and 0 <= pc[1] < hgt):
                continue
            # true module size in patch: quad in patch coords
            qp = tp(Hinv, q)
            sides = [np.linalg.norm(qp[(i + 1) % 4] - qp[i]) / 15 for i in range(4)]
            found = [(math.hypot(*(tp(c['H'] @ locator.grids(f, c['module_px'])[0], [[3.5, 3.5]])[0] - fc)), f.score) for f in c['res']]
            dmin = min([d for d, _ in found], default=99)
            # relaxed search
            rel = _orig_ff(c['patch'], c['module_px'], min_score=0.0, min_radial=0.0, max_finders=60)
            rd = [(math.hypot(f.x - pc[0], f.y - pc[1]), f.score) for f in rel]
            rd.sort()
            g = c['patch'].astype(np.float32)
            rt = locator.radial_template(round(c['module_px'], 2))
            rad = cv2.matchTemplate(g, rt, cv2.TM_CCOEFF_NORMED); off = (rt.shape[0] - 1) // 2
            x, y = int(round(pc[0])) - off, int(round(pc[1])) - off
            w = 3
            loc = rad[max(y - w, 0):y + w + 1, max(x - w, 0):x + w + 1]
            radmax = float(loc.max()) if loc.size else -1
            # rank of that radial peak among patch peaks
            item = dict(call=ci, patch=[wid, hgt], pc=[round(float(pc[0]), 1), round(float(pc[1]), 1)],
                        mod_sides=[round(s, 2) for s in sides], nres=len(c['res']),
                        found_d=round(dmin, 1), res_scores=[round(f.score, 2) for f in c['res']],
                        radmax=round(radmax, 3), n_rad_ge=int((rad >= radmax).sum()) if radmax > -1 else -1,
                        relaxed_near=[(round(d, 1), round(s, 2)) for d, s in rd[:2]])
            if best is None or item['found_d'] < best['found_d']:
                best = item
            rec.setdefault('patches', []).append(item)
        out.append(rec)
        print(json.dumps(rec), flush=True)
