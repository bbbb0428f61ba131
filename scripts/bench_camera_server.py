#!/usr/bin/env python3
"""The server side of a phone's own camera, measured (issue 31): how long a move takes from the camera's frame to
the wall's screen, and how many cameras one server holds (frames a second each, CPU each).

    .venv/bin/python scripts/bench_camera_server.py latency --demo DIR            # one camera, a real wall page
    .venv/bin/python scripts/bench_camera_server.py scale --demo DIR --cameras 1,2,4,8

DIR: `companion demo --headless --moves 6 --out DIR` (without --demo a 3-move one is made). Each camera is a
plain https client on loopback playing the demo's video in real time (--slow N: at 1/N speed) as the camera
page does: the newest picture is sent as a JPEG (quality 90, like the page's 0.9), one POST in flight, the
next one once the server's answer came (it answers once its reader has read the frame). `--still` sends one
picture a second of an unchanging table, as the page does once the table is still.

latency: the server runs in this process as `companion play --camera browser` runs it (the browser source, the
live loop LiveTable reading it, the https app, the live stream), on a new game set up as the demo's; a real
Chromium page shows the game's wall (/g/<id>, live by its event stream). Every frame whose reading stored
something (an observation, a move, an attention item: the wall changes with each) is timed from the start of
its POST to the moment the wall page drew that seq (board.js render() sets body[data-seq]). The tracker
needs 3 sightings before a card counts (companion/tracker/fusion.py), so the frame that completes a move is
the third that shows it: add two frames' interval for the time from the card put down.

scale: N `companion play --camera browser` processes (each a game of its own, as a host runs one per table),
N cameras at once. Per camera: frames a second answered as read, and the play process's CPU (utime + stime
from /proc/<pid>/stat) per frame and per second, while the table changes and while it is still.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_browser_camera import raw_frames  # noqa: E402
from tests.chromium import ARGS, CHROMIUM  # noqa: E402

GAME = "g"
SHOWN = """window.__shown = [];
document.addEventListener("DOMContentLoaded", () => new MutationObserver(() => window.__shown.push(
  [Number(document.body.dataset.seq), (performance.timeOrigin + performance.now()) / 1000]))
  .observe(document.body, {attributes: true, attributeFilter: ["data-seq"]}));"""
"""The wall page's board.js render() sets body[data-seq] once it has drawn a state: note each, with the time."""
TICK = os.sysconf("SC_CLK_TCK")


def load() -> str:
    """The machine's load averages (1, 5, 15 min), to print with each figure: other work shares the cores."""
    return " ".join(f"{v:.2f}" for v in os.getloadavg())


def demo_folder(given: str | None, work: Path) -> Path:
    if given:
        return Path(given)
    demo = work / "demo"
    subprocess.run([sys.executable, "-m", "companion", "demo", "--game", "bux", "--headless", "--out", str(demo), "--moves", "3"],
                   cwd=ROOT, check=True, capture_output=True)
    return demo


def new_game(demo: Path, db: Path) -> None:
    """A store holding the demo's game at its deal (the record's setup line), as a host starts it before play."""
    from companion.store.backends import open_store
    from companion.store.session import GameSession

    setup = json.loads((demo / "record.jsonl").read_text(encoding="utf-8").splitlines()[0])
    db.parent.mkdir(parents=True, exist_ok=True)
    with open_store(db) as store:
        GameSession.start(store, setup, game_id=GAME)


def jpegs(demo: Path, size: tuple[int, int]) -> tuple[list[bytes], float]:
    """Every frame of the demo's video at `size`, as JPEG (quality 90); and the video's frames a second."""
    capture = cv2.VideoCapture(str(demo / "video.mp4"))
    count, fps = int(capture.get(cv2.CAP_PROP_FRAME_COUNT)), capture.get(cv2.CAP_PROP_FPS) or 10.0
    capture.release()
    return [cv2.imencode(".jpg", f, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes() for f in raw_frames(demo / "video.mp4", count, size)], fps


@dataclass
class Camera:
    """One simulated camera page: POSTs the video's current picture, one in flight, until `seconds` have passed."""

    port: int
    token: str
    frames: list[bytes]
    fps: float
    slow: float = 1.0
    still: bool = False
    seconds: float | None = None
    device: str = "bench"
    posts: list[tuple[float, float, bool, int]] = field(default_factory=list)
    """(start, end, read, bytes) per POST, times from time.monotonic()."""
    errors: list[str] = field(default_factory=list)

    def run(self, begin: float) -> None:
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE  # loopback, the table's own certificate
        connection = http.client.HTTPSConnection("127.0.0.1", self.port, context=context, timeout=30)
        headers = {"X-Camera-Device": self.device, "X-Camera-Label": self.device, "Content-Type": "image/jpeg",
                   "X-Companion-Token": self.token}
        length = self.seconds if self.seconds is not None else len(self.frames) * self.slow / self.fps
        last = -1
        while (now := time.monotonic()) - begin < length:
            if self.still:
                data = self.frames[0]
                time.sleep(max(0.0, 1.0 - (now - self.posts[-1][0])) if self.posts else 0)
            else:  # the video's picture now; never the same one twice (the page waits for the camera's next picture)
                index = int((now - begin) * self.fps / self.slow)
                if index == last:
                    time.sleep((index + 1) * self.slow / self.fps - (now - begin))
                    continue
                data, last = self.frames[min(index, len(self.frames) - 1)], index
            start = time.monotonic()
            try:
                connection.request("POST", f"/g/{GAME}/camera/frame", body=data, headers=headers)
                response = connection.getresponse()
                body = json.loads(response.read() or b"{}")
            except (http.client.HTTPException, OSError) as error:  # the page's fetch fails too, and it sends again
                self.errors.append(f"{time.monotonic() - begin:.1f} s: {error!r}")
                connection.close()
                continue
            if response.status != 200 or response.getheader("connection") == "close":
                self.errors.append(f"{time.monotonic() - begin:.1f} s: {response.status} {response.getheader('connection')} {body}"[:300])
            self.posts.append((start, time.monotonic(), response.status == 200 and bool(body.get("read")), len(data)))
        connection.close()

    def start(self, begin: float) -> threading.Thread:
        thread = threading.Thread(target=self.run, args=(begin,), daemon=True)
        thread.start()
        return thread


def tls_for(work: Path):
    from companion.web.tls import ensure_certificate

    return ensure_certificate(work / "tls", ["localhost", "127.0.0.1"])


class Loop(threading.Thread):
    """`companion play --camera browser`'s loop in a thread: read the browser source, feed LiveTable; note each
    frame whose reading stored something: (frame time, seq before, seq after, time once stored). Times are
    time.monotonic(), one clock for every process of the machine: the frame's time is when the server took it.
    The tablet's part is played at once, as the demo's players do: each draw's price (or "all passed", "keeps")
    is typed before its cards are dealt, and a proposal that needs a tap is confirmed; so the frame that shows
    a move's cards where they go completes it, and the move is stored."""

    def __init__(self, db: Path, deck, source, record: list[dict]):
        super().__init__(daemon=True)
        self.db, self.deck, self.source, self.record = db, deck, source, record
        self.commits: list[tuple[float, int, int, float]] = []
        self.feed_ms: list[float] = []
        self.typed: set[int] = set()
        """Moves (by index in the record) whose settlement is typed."""
        self.stop = threading.Event()

    def run(self) -> None:
        from companion.live import LiveTable
        from companion.store.backends import open_store
        from companion.store.session import GameSession
        from companion.table.layouts import layout_for
        from companion.vision.pipeline import Pipeline

        with open_store(self.db) as store:
            pipeline = Pipeline(self.deck, layout=layout_for(self.deck.game))  # as `companion play` reads the print's game
            live = LiveTable(GameSession(store, GAME), pipeline, auto_confirm=lambda line: line)
            seq = self.type_bid(live, store)
            while not self.stop.is_set():
                frame = self.source.read()
                if frame is None:
                    continue
                began = time.perf_counter()
                live.feed(frame.image, frame.time)
                self.feed_ms.append((time.perf_counter() - began) * 1000)
                after = store.last_seq(GAME)
                if after != seq:
                    self.commits.append((frame.time, seq, after, time.monotonic()))
                    seq = self.type_bid(live, store)

    def type_bid(self, live, store) -> int:
        """If the game's next move is a draw, type its settlement now (once); return the log's last seq."""
        done = len(live.session.record_lines()) - 1
        move = self.record[done] if done < len(self.record) else {}
        if move.get("type") == "draw" and done not in self.typed:
            self.typed.add(done)
            live.enter_bid(price=move.get("price"), keep=bool(move.get("keep")),
                           all_passed=move.get("winner") is None and not move.get("keep"))
        return store.last_seq(GAME)


def latency(args, demo: Path, work: Path) -> dict:
    """One camera into an in-process server, a real Chromium wall page; per stored change, POST start -> wall drew it.

    One piece because: the server, the loop, the browser and the camera are started and stopped in one order, and
    the figures need all four's records.
    """
    from playwright.sync_api import sync_playwright

    from companion.cards.payloads import load_print
    from companion.store.backends import open_store
    from companion.store.game_secrets import give_key
    from companion.vision.browser_source import BrowserCameraSource
    from companion.web import create_app
    from companion.web.access import game_token
    from companion.web.asgi import ServerThread
    from companion.web.dice_service import DiceService
    from companion.store.session import GameSession

    db = work / "latency" / "companion.db"
    new_game(demo, db)
    with open_store(db) as store:
        DiceService(GameSession(store, GAME)).ensure_seed()
        token = game_token(bytes.fromhex(give_key(store, GAME)))
    frames, fps = jpegs(demo, args.size)
    tls = tls_for(work)
    source = BrowserCameraSource(GAME)
    record = [json.loads(line) for line in (demo / "record.jsonl").read_text(encoding="utf-8").splitlines()[1:]]
    import companion.live  # noqa: F401 - imported here, not first in the loop's thread while this one imports too
    from companion.table.readers import reader_for
    reader_for("bux")
    loop = Loop(db, load_print(demo / "deck.json"), source, record)
    loop.start()
    server = ServerThread(create_app({"DB": str(db), "BROWSER_CAMERA": source, "TLS": tls}), **tls.uvicorn_options()).start()
    camera = Camera(server.port, token, frames, fps, slow=args.slow)
    before = load()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS + ["--ignore-certificate-errors"])
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.add_init_script(SHOWN)
        page.goto(f"https://127.0.0.1:{server.port}/g/{GAME}", wait_until="domcontentloaded")
        page.wait_for_function("() => window.__shown.length > 0", timeout=30000)
        camera.start(time.monotonic()).join()
        time.sleep(3)  # the last change reaches the wall
        shown = page.evaluate("() => window.__shown")
        offset = time.time() - time.monotonic()  # the page's times are the wall clock's
        browser.close()
    loop.stop.set()
    source.close()
    loop.join(10)
    server.stop()
    with open_store(db) as store:
        kinds = {e.seq: e.kind for e in store.events(GAME)}
    rows = []
    for taken, seq_before, seq_after, stored in loop.commits:
        drawn = next((t - offset for s, t in shown if s >= seq_after), None)
        posted = next((start for start, end, _read, _n in camera.posts if start <= taken <= end), None)
        if drawn is None or posted is None:
            continue
        rows.append({"taken": round(taken - camera.posts[0][0], 2), "events": [kinds.get(s) for s in range(seq_before + 1, seq_after + 1)],
                     "post_to_wall_ms": round((drawn - posted) * 1000), "post_to_stored_ms": round((stored - posted) * 1000),
                     "stored_to_wall_ms": round((drawn - stored) * 1000)})
    answered = [p for p in camera.posts if p[2]]
    seconds = camera.posts[-1][1] - camera.posts[0][0]

    def median(key: str, only=lambda r: True) -> float | None:
        values = [r[key] for r in rows if only(r)]
        return round(statistics.median(values)) if values else None

    moves = lambda r: "move" in r["events"]  # noqa: E731
    return {"part": "latency", "posts_answered": len(answered), "posts_cut": len(camera.errors), "size": "x".join(map(str, args.size)), "slow": args.slow, "load_before": before, "load_after": load(),
            "frames_per_s_read": round(len(answered) / seconds, 2), "feed_ms_median": round(statistics.median(loop.feed_ms)),
            "changes_on_wall": len(rows), "event_kinds": sorted({k for r in rows for k in r["events"] if k}),
            "post_to_wall_ms_median": median("post_to_wall_ms"), "post_to_stored_ms_median": median("post_to_stored_ms"),
            "stored_to_wall_ms_median": median("stored_to_wall_ms"),
            "post_to_wall_ms_range": [min(r["post_to_wall_ms"] for r in rows), max(r["post_to_wall_ms"] for r in rows)] if rows else None,
            "moves_post_to_wall_ms_median": median("post_to_wall_ms", moves), "rows": rows}


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user + system, all threads), from /proc/<pid>/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def machine_ticks() -> tuple[int, int]:
    """(busy, all) clock ticks of every core so far, from /proc/stat."""
    ticks = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = ticks[3] + ticks[4]
    return sum(ticks) - idle, sum(ticks)


def machine_busy(since: tuple[int, int]) -> float:
    """The share of the machine's cores busy (anyone's work) since `since` = machine_ticks()."""
    busy, total = machine_ticks()
    return round((busy - since[0]) / max(total - since[1], 1), 2)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_play(demo: Path, folder: Path) -> tuple[subprocess.Popen, int, str]:
    """`companion play --camera browser` on a new game in `folder`: (process, https port, game token)."""
    db = folder / "companion.db"
    new_game(demo, db)
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "companion", "play", "--camera", "browser", "--deck", str(demo / "deck.json"),
                             "--game", GAME, "--db", str(db), "--host", "127.0.0.1", "--port", str(port)],
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    out = proc.stdout
    assert out is not None
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = out.readline()
        if not line:
            break
        found = re.search(r"\?t=([0-9a-f]+)", line)
        if found:
            threading.Thread(target=out.read, daemon=True).start()  # drain the rest
            return proc, port, found.group(1)
    proc.kill()
    raise SystemExit("companion play did not print its join link")


def run_cameras(plays, frames, fps, args, still: bool) -> dict:
    """All cameras at once for one window; per camera: frames a second read, CPU s per frame and per second."""
    seconds = args.still_seconds if still else (args.seconds or len(frames) * args.slow / fps)
    cameras = [Camera(port, token, frames, fps, slow=args.slow, still=still, seconds=seconds, device=f"cam{i}")
               for i, (_proc, port, token) in enumerate(plays)]
    cpu0 = [cpu_seconds(proc.pid) for proc, _p, _t in plays]
    stat0 = machine_ticks()
    begin, before, client0 = time.monotonic(), load(), time.process_time()
    threads = [c.start(begin) for c in cameras]
    for t in threads:
        t.join()
    elapsed = time.monotonic() - begin
    client = time.process_time() - client0
    cpu = [cpu_seconds(proc.pid) - c0 for (proc, _p, _t), c0 in zip(plays, cpu0)]
    read = [sum(1 for p in c.posts if p[2]) for c in cameras]
    sent = [sum(p[3] for p in c.posts) for c in cameras]
    return {"cameras": len(plays), "table": "still" if still else "changing", "seconds": round(elapsed, 1),
            "load_before": before, "load_after": load(),
            "frames_per_s_each": [round(n / elapsed, 2) for n in read],
            "frames_per_s_median": round(statistics.median(n / elapsed for n in read), 2),
            "cpu_ms_per_frame_median": round(statistics.median(c * 1000 / max(n, 1) for c, n in zip(cpu, read))),
            "cpu_per_s_of_camera_median": round(statistics.median(c / elapsed for c in cpu), 3),
            "cpu_all_cameras_per_s": round(sum(cpu) / elapsed, 2),
            "upstream_kb_per_s_median": round(statistics.median(b / elapsed for b in sent) / 1024),
            "posts_cut": sum(len(c.errors) for c in cameras),
            "clients_cpu_per_s": round(client / elapsed, 2), "machine_busy": machine_busy(stat0)}


def scale(args, demo: Path, work: Path) -> list[dict]:
    frames, fps = jpegs(demo, args.size)
    results = []
    for n in args.cameras:
        plays = [start_play(demo, work / f"scale{n}-{i}") for i in range(n)]
        try:
            time.sleep(2)  # the processes settle (imports done, the loops waiting for a frame)
            idle0 = [cpu_seconds(proc.pid) for proc, _p, _t in plays]
            time.sleep(3)
            idle = statistics.median((cpu_seconds(proc.pid) - c) / 3 for (proc, _p, _t), c in zip(plays, idle0))
            for still in (False, True):
                row = run_cameras(plays, frames, fps, args, still)
                row["cpu_per_s_idle_median"] = round(idle, 3)
                print(json.dumps(row), flush=True)
                results.append(row)
        finally:
            for proc, _p, _t in plays:
                proc.terminate()
            for proc, _p, _t in plays:
                try:
                    proc.wait(20)
                except subprocess.TimeoutExpired:
                    proc.kill()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("latency", "scale"))
    parser.add_argument("--demo", help="a `companion demo --headless --out` folder (default: made now, 3 moves)")
    parser.add_argument("--size", default="1920x1080", help="the frames' size (the demo's video is resized)")
    parser.add_argument("--slow", type=float, default=1.0, help="play the demo at 1/N speed")
    parser.add_argument("--cameras", default="1,2,4,8", help="scale: how many cameras, comma-separated")
    parser.add_argument("--seconds", type=float, help="scale: how long the table changes (default: the video once)")
    parser.add_argument("--still-seconds", type=float, default=10.0, help="scale: how long the table is still")
    args = parser.parse_args()
    args.size = tuple(int(v) for v in args.size.split("x"))
    args.cameras = [int(n) for n in args.cameras.split(",")]
    work = Path(tempfile.mkdtemp(prefix="bench-camera-server-"))
    demo = demo_folder(args.demo, work)
    if args.part == "latency":
        print(json.dumps(latency(args, demo, work), indent=1))
    else:
        scale(args, demo, work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
