#!/usr/bin/env python3
"""Camera-in-a-room benchmark: lens calibration from the printed board, reading with and without the lens, the setup check.

    .venv/bin/python scripts/bench_camera.py --scenes 8 --k1 -0.15
    .venv/bin/python scripts/bench_camera.py --only room --room-scenes 10 --sizes 1920x1080,3840x2160

1. The lens board is printed (`companion cards lens-board`), rasterised, and seen by a simulated
   wide-angle camera (hfov 75, barrel k1) at the 10 spots a person shows it (synth.page_poses),
   at 960x540; `LensSession` calibrates; the recovered lens is compared with the true one over
   the whole frame (max point error, px) and scaled to the scene size (Lens.for_size).
2. Table scenes (1080p by default, tilt 10, the same lens, defocus 1.0, noise 2, JPEG 90) from the
   real exported card PNGs (fixed print) are read as stills without and with the lens file: cards
   read, readable ones (>= 2 px/module as the frame shows them) read, wrong codes, the median
   table-position error of cards seen by both marks, CPU ms per full scan (median, one thread) and
   the settled-table cost (wall).
3. The setup check's cost on the same frames (CPU ms median).
4. (--only room) Room scenes (synth.ROOMS: dim warm light, glare spots, glossy sleeves' streaks, blur, noise)
   read as stills by the pipeline and by raw zxing-cpp on the same frames: cards legible at >= 2 px/module with
   contrast >= 0.3 (and >= 0.12) read, wrong codes, the pipeline's CPU ms median; and by a tracking pipeline
   fed the unchanged frame, after its 4th full scan (as bench_vision's `pipeline_video_4th_full`).
"""

from __future__ import annotations

import argparse
import io
import statistics
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
from companion.cli import main as cli  # noqa: E402
from companion.printing.lens_board import board_origin_mm, write_lens_board_pdf  # noqa: E402
from companion.printing.render import rasterise_pdf  # noqa: E402
from companion.vision import synth  # noqa: E402
from companion.vision.check import check_setup  # noqa: E402
from companion.vision.geometry import load_layout  # noqa: E402
from companion.vision.lens import Lens, LensSession  # noqa: E402
from companion.vision import decoders  # noqa: E402
from companion.vision.pipeline import Pipeline  # noqa: E402

from companion.table.layouts import layout_for  # noqa: E402

BUX_TABLE = layout_for("bux")
"""BUX's table: the scenes are a BUX table's (its bid area, discard and timer area), read with its layout."""

VIEW = (960, 540)


def calibrate(camera: synth.Camera) -> tuple[Lens, dict]:
    k, _, _ = synth.camera_model(camera, BUX_TABLE)
    truth = Lens(camera_matrix=k, dist_coeffs=np.array([[camera.k1, 0, 0, 0]]), size=(camera.width, camera.height))
    small = truth.for_size(VIEW)
    buf = io.BytesIO()
    write_lens_board_pdf("a4", buf)
    page = np.ascontiguousarray(rasterise_pdf(buf.getvalue(), 100)[0][..., ::-1])
    ox, oy = board_origin_mm("a4")
    session = LensSession("bench")
    t = time.process_time()
    for i, (rvec, tvec) in enumerate(synth.page_poses(small.camera_matrix, VIEW, (ox + 75, oy + 105))):
        frame = synth.view_of_page(page, 100 / 25.4, small.camera_matrix, small.dist_coeffs, rvec, tvec, VIEW,
                                   defocus=0.6, noise=2.0, seed=i)
        session.add(frame)
    result = session.solve()
    cpu = (time.process_time() - t) * 1000
    lens = result.lens
    w, h = VIEW
    grid = np.array([[x, y] for x in np.linspace(0, w, 25) for y in np.linspace(0, h, 15)], np.float64)
    ideal = small.undistort_points(grid)
    error = np.linalg.norm(lens.distort_points(ideal) - grid, axis=1)
    return lens.for_size((camera.width, camera.height)), {
        "views": lens.views, "rms_px": round(lens.rms, 3), "k1_true": camera.k1,
        "k1_found": round(float(lens.dist_coeffs.ravel()[0]), 4),
        "focal_error_pct": round(100 * (lens.camera_matrix[0, 0] / small.camera_matrix[0, 0] - 1), 3),
        "max_point_error_px": round(float(error.max()), 2), "true_max_shift_px": round(float(small.displacement(ideal).max()), 1),
        "cpu_ms_detect_and_solve": round(cpu)}


def export(secret: str):
    """Return (print, card arts) of a fixed print of the BUX deck, exported as the real card PNGs."""
    with tempfile.TemporaryDirectory() as tmp:
        deck_file = Path(tmp) / "bench.print.json"
        save_print(new_print(load_deck("bux"), "bench", secret=secret.encode()), deck_file)
        assert cli(["cards", "export", "--game", "bux", "--png", tmp, "--deck", str(deck_file), "--backs", "--quiet"]) == 0
        return load_print(deck_file), synth.load_card_arts(tmp)


def room(deck, arts, kind: str, size: tuple[int, int], count: int) -> None:
    """Print one table row: room frames read by the pipeline (as stills) and by raw zxing-cpp."""
    rows = {name: {"read": 0, "read_low": 0, "wrong": 0, "cpu": []} for name in ("pipeline", "zxing", "video")}
    legible = legible_low = 0
    for seed in range(count):
        rng = np.random.default_rng(500 + seed)
        placements = synth.random_table(rng, sorted(arts), int(rng.integers(14, 31)), timer_codes=("bux-1", "bux-2", "bux-3"), layout=BUX_TABLE)
        camera, nuisance = synth.random_room_conditions(rng, kind, *size, seed=seed)
        scene = synth.render_scene(arts, placements, camera, nuisance, layout=BUX_TABLE)
        want = {t.code for t in scene.legible(2.0, 0.3)}
        want_low = {t.code for t in scene.legible(2.0, 0.12)}
        legible += len(want)
        legible_low += len(want_low)
        on_table = {t.code for t in scene.truth if t.face_up}
        with Pipeline(deck, track=False, use_zbar=False, layout=BUX_TABLE) as pipeline:
            t = time.process_time()
            got = {"pipeline": pipeline.process(scene.image).codes()}
            rows["pipeline"]["cpu"].append((time.process_time() - t) * 1000)
        with Pipeline(deck, track=True, use_zbar=False, full_every=1, layout=BUX_TABLE) as video:
            for _ in range(7):  # full scans every other frame: the 7th frame is the 4th full scan
                got["video"] = video.process(scene.image.copy()).codes()
        got["zxing"] = {deck.identify(d.payload).code for d in decoders.decode_zxing(scene.image)} - {None}
        for name, codes in got.items():
            rows[name]["read"] += len(codes & want)
            rows[name]["read_low"] += len(codes & want_low)
            rows[name]["wrong"] += len(codes - on_table)
    p, z, v = rows["pipeline"], rows["zxing"], rows["video"]
    print(f"| {size[0]}x{size[1]} {kind} | {p['read']} / {legible} | {v['read']} | {z['read']} | {p['read_low']} / "
          f"{legible_low} | {z['read_low']} | {p['wrong']} / {v['wrong']} / {z['wrong']} | "
          f"{statistics.median(p['cpu']):.0f} |", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenes", type=int, default=8)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--k1", type=float, default=-0.15)
    parser.add_argument("--secret", default="bench-fixed-print")
    parser.add_argument("--only", choices=("lens", "room"), help="run one part (default: lens and check)")
    parser.add_argument("--room-scenes", type=int, default=10)
    parser.add_argument("--sizes", default="1920x1080,3840x2160", help="frame sizes of the room scenes")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    if args.only == "room":
        deck, arts = export(args.secret)
        print(f"{args.room_scenes} scenes per row; pipeline = a still, video = a tracking pipeline after its 4th full scan")
        print("| scenes | pipeline: contrast >= 0.3 | video | zxing | pipeline: contrast >= 0.12 | zxing | "
              "wrong (pipeline / video / zxing) | CPU ms (still) |")
        print("|---|---|---|---|---|---|---|---|")
        for size in args.sizes.split(","):
            w, h = (int(v) for v in size.split("x"))
            for kind in ("room", "harsh"):
                room(deck, arts, kind, (w, h), args.room_scenes)
        return 0
    width, height = (int(v) for v in args.size.split("x"))
    camera = synth.Camera(width=width, height=height, tilt=10, hfov=75, k1=args.k1)
    lens, calibration = calibrate(camera)
    print("calibration:", calibration, flush=True)

    deck, arts = export(args.secret)
    rows = {name: {"read": 0, "readable_read": 0, "wrong": 0, "errors": [], "cpu": [], "settled": []}
            for name in ("without lens", "with lens")}
    readable = 0
    check_cpu = []
    for seed in range(args.scenes):
        rng = np.random.default_rng(seed)
        placements = synth.random_table(rng, sorted(arts), 30, timer_codes=("bux-1", "bux-2", "bux-3"), layout=BUX_TABLE)
        scene = synth.render_scene(arts, placements, camera, synth.Nuisance(defocus=1.0, noise=2, jpeg=90, seed=seed), layout=BUX_TABLE)
        on_table = {t.code: t for t in scene.truth if t.face_up}
        want = {t.code for t in scene.readable(2.0)}
        readable += len(want)
        for name, use in (("without lens", None), ("with lens", lens)):
            row = rows[name]
            with Pipeline(deck, track=False, use_zbar=False, lens=use, layout=BUX_TABLE) as pipeline:
                t = time.process_time()
                result = pipeline.process(scene.image)
                row["cpu"].append((time.process_time() - t) * 1000)
            with Pipeline(deck, track=True, use_zbar=False, lens=use, layout=BUX_TABLE) as video:
                video.process(scene.image)
                for _ in range(3):
                    row["settled"].append(video.process(scene.image.copy()).ms)
            got = result.codes()
            row["read"] += len(got & set(on_table))
            row["readable_read"] += len(got & want)
            row["wrong"] += len(got - set(on_table))
            row["errors"] += [float(np.hypot(*np.subtract(c.table_mm, on_table[c.code].centre_mm)))
                              for c in result.cards if c.marks == 2 and c.code in on_table]
        t = time.process_time()
        check_setup(scene.image, deck, lens=lens, layout=BUX_TABLE)
        check_cpu.append((time.process_time() - t) * 1000)
    print(f"\n{args.scenes} scenes {width}x{height}, k1 {args.k1}, readable (>= 2 px/module) {readable}")
    print("| | cards read | readable read | wrong | position error, median / 90% (mm) | CPU ms (median) | settled ms |")
    print("|---|---|---|---|---|---|---|")
    for name, row in rows.items():
        e = row["errors"] or [float("nan")]
        print(f"| {name} | {row['read']} | {row['readable_read']} / {readable} | {row['wrong']} | "
              f"{statistics.median(e):.1f} / {np.percentile(e, 90):.1f} | {statistics.median(row['cpu']):.0f} | "
              f"{statistics.median(row['settled']):.1f} |")
    print(f"\nsetup check: {statistics.median(check_cpu):.0f} ms CPU median per frame (reads the frame as a still)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
