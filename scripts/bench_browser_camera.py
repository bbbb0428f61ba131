#!/usr/bin/env python3
"""A phone's own camera, measured: frames a second reaching the reader, and marks read from the JPEG frames the
browser sends against `companion scan` of the same raw frames.

    .venv/bin/python scripts/bench_browser_camera.py                      # runs the demo's first 3 moves first
    .venv/bin/python scripts/bench_browser_camera.py --demo DIR --frames 120 --seconds 40 --size 3840x2160
    .venv/bin/python scripts/bench_browser_camera.py --demo DIR --still --seconds 20   # a still table

1. Raw frames: --frames frames spread evenly over the self-playing demo's video (`companion demo --headless`),
   resized to --size. Each is read as `companion scan` reads a photo (Pipeline(track=False)): cards read, ms.
2. The same frames are written as .y4m (tests/y4m.py) and played by Chromium's fake camera (each frame held
   --hold frames at 10 fps) into the camera page, which streams them over https (the table's certificate) to
   the frame endpoint, one JPEG in flight, exactly as on a phone. The reader on the server side takes each frame
   from the browser source (companion/vision/browser_source.py) as `companion play --camera browser` does and
   reads it with the same Pipeline(track=False); each received frame is matched to its raw frame (nearest
   thumbnail), so the marks read are compared frame for frame.
Printed: frames a second reaching the reader, the browser's JPEG size, the bytes a second it sends (the JPEG
bodies; each POST's head adds about 400 bytes), and per matched frame the cards read from the raw frame and
from the browser's JPEG. With --still the fake camera shows the first frame only: after its 3 s at full rate
the page sends one frame a second, and the window is measured from then on.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.cards.payloads import load_print  # noqa: E402
from companion.vision.browser_source import BrowserCameraSource  # noqa: E402
from companion.vision.pipeline import Pipeline  # noqa: E402
from tests.chromium import ARGS, CHROMIUM  # noqa: E402
from tests.y4m import write_y4m  # noqa: E402

from companion.table.layouts import layout_for  # noqa: E402

BUX_TABLE = layout_for("bux")
"""BUX's table: the scenes are a BUX table's (its bid area, discard and timer area), read with its layout."""


def thumb(image: np.ndarray) -> np.ndarray:
    return cv2.resize(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (64, 36), interpolation=cv2.INTER_AREA).astype(np.int16)


def raw_frames(video: Path, count: int, size: tuple[int, int]) -> list[np.ndarray]:
    capture = cv2.VideoCapture(str(video))
    total = int(capture.get(cv2.CAP_PROP_FRAME_COUNT))
    wanted = set(np.linspace(0, max(total - 1, 0), count).astype(int).tolist())
    frames, index = [], 0
    while True:
        ok, frame = capture.read()
        if not ok:
            break
        if index in wanted:
            frames.append(frame if frame.shape[1::-1] == size else cv2.resize(frame, size, interpolation=cv2.INTER_CUBIC))
        index += 1
    capture.release()
    return frames


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--demo", help="a `companion demo --headless --out` folder (default: made now, 3 moves)")
    parser.add_argument("--frames", type=int, default=80)
    parser.add_argument("--hold", type=int, default=5, help="fake-camera frames (10 fps) each raw frame is held")
    parser.add_argument("--seconds", type=float, default=None, help="how long the browser sends (default: one pass)")
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--still", action="store_true", help="a still table: the first frame only")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    size = (width, height)
    work = Path(tempfile.mkdtemp(prefix="bench-browser-camera-"))
    demo = Path(args.demo) if args.demo else work / "demo"
    if not args.demo:
        subprocess.run([sys.executable, "-m", "companion", "demo", "--game", "bux", "--headless", "--out", str(demo), "--moves", "3"],
                       cwd=ROOT, check=True, capture_output=True)
    deck = load_print(demo / "deck.json")
    frames = raw_frames(demo / "video.mp4", args.frames, size)
    thumbs = [thumb(f) for f in frames]

    raw_cards, raw_ms = [], []
    with Pipeline(deck, track=False, layout=BUX_TABLE) as pipeline:  # as `companion scan` reads each photo
        for frame in frames:
            result = pipeline.process(frame)
            raw_cards.append(len(result.cards))
            raw_ms.append(result.ms)

    video = work / "bench.y4m"
    played = frames[:1] * 20 if args.still else frames
    write_y4m(video, (f for f in played for _ in range(args.hold)), 10)
    seconds = args.seconds or len(played) * args.hold / 10

    from companion.store.backends import open_store
    from companion.web import create_app
    from companion.web.access import game_key, game_token
    from companion.web.asgi import ServerThread
    from companion.web.tls import ensure_certificate

    with open_store(demo / "companion.db") as store:
        game_id = store.games()[0]["game_id"]
        token = game_token(game_key(store, game_id))
    tls = ensure_certificate(work / "tls", ["localhost", "127.0.0.1"])
    sizes: list[int] = []

    server_ms: list[float] = []  # a frame's time on the server: decoded, then waiting until the reader has read it

    class Measured(BrowserCameraSource):
        def put(self, device, label, data, **kwargs):
            sizes.append(len(data))
            self._began = time.perf_counter()
            return super().put(device, label, data, **kwargs)

        def wait_read(self, index, timeout_s):
            done = super().wait_read(index, timeout_s)
            server_ms.append((time.perf_counter() - self._began) * 1000)
            return done

    source = Measured(game_id)
    app = create_app({"DB": str(demo / "companion.db"), "BROWSER_CAMERA": source, "TLS": tls})
    server = ServerThread(app, **tls.uvicorn_options()).start()
    seen: list[tuple[int, int, float]] = []  # (matched raw index, cards read, ms)
    reader_stop = threading.Event()

    def reader() -> None:
        with Pipeline(deck, track=False, layout=BUX_TABLE) as pipeline:
            while not reader_stop.is_set():
                frame = source.read()
                if frame is None:
                    continue
                small = thumb(frame.image)
                index = int(np.argmin([np.abs(small - t).mean() for t in thumbs]))
                result = pipeline.process(frame.image)
                seen.append((index, len(result.cards), result.ms))

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    base = f"https://127.0.0.1:{server.port}"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS + [
            "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={video}", "--ignore-certificate-errors"])
        page = browser.new_context(viewport={"width": 900, "height": 1200}).new_page()
        page.goto(f"{base}/g/{game_id}?t={token}", wait_until="domcontentloaded")
        page.goto(f"{base}/g/{game_id}/camera/", wait_until="domcontentloaded")
        page.click("#own-camera-start")
        from playwright.sync_api import expect

        expect(page.locator("#own-camera-status")).to_contain_text("×", timeout=30000)
        if args.still:
            time.sleep(5)  # the page's 3 s at full rate after it starts, then one frame a second
        started, before, sent_before = time.monotonic(), source.frames, len(sizes)
        time.sleep(seconds)
        received, elapsed = source.frames - before, time.monotonic() - started
        upstream = sum(sizes[sent_before:sent_before + received])
        status = page.locator("#own-camera-status").inner_text()
        page.click("#own-camera-stop")
        browser.close()
    reader_stop.set()
    thread.join(10)
    server.stop()
    source.close()

    pairs = [(raw_cards[i], n) for i, n, _ms in seen]
    summary = {
        "size": args.size, "raw_frames": len(frames), "seconds": round(elapsed, 1),
        "fps_reaching_reader": round(received / elapsed, 2), "page_says": status,
        "jpeg_kb_median": round(statistics.median(sizes) / 1024, 1) if sizes else None,
        "upstream_kb_per_s": round(upstream / elapsed / 1024), "still": args.still,
        "scan_cards_per_frame": round(statistics.mean(raw_cards), 2), "scan_ms_median": round(statistics.median(raw_ms), 1),
        "browser_frames_read": len(seen), "distinct_raw_frames_seen": len({i for i, _n, _m in seen}),
        "cards_raw_on_seen": sum(r for r, _b in pairs), "cards_browser_on_seen": sum(b for _r, b in pairs),
        "frames_browser_fewer": sum(1 for r, b in pairs if b < r), "frames_browser_more": sum(1 for r, b in pairs if b > r),
        "browser_ms_median": round(statistics.median([m for _i, _n, m in seen]), 1) if seen else None,
        "cycle_ms": round(elapsed * 1000 / max(received, 1)),
        "server_ms_median": round(statistics.median(server_ms)) if server_ms else None,
        "browser_and_network_ms": round(elapsed * 1000 / max(received, 1) - statistics.median(server_ms)) if server_ms else None,
    }
    print(json.dumps(summary, indent=2))
    video.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
