"""Real browser: a phone's own camera is the table's (issue 31).

Chromium's fake camera plays the self-playing demo's video (written as .y4m,
tests/y4m.py); the camera page streams it over https, with the certificate
`companion play` made, to `companion play --camera browser`; the stored game
is compared with what `companion play --camera FILE` stores from the same
file. Also: screens say "camera lost" within 3 s when frames stop, a second
device is told which one is the camera and takes over with a tap, and a page
opened over plain http on a LAN name says where the camera works instead of
showing a button that cannot.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.chromium import ARGS, BROWSER_TEST, CHROMIUM
from tests.y4m import video_frames, write_y4m

pytestmark = BROWSER_TEST
ROOT = Path(__file__).resolve().parents[2]
FPS = 10
LEAD, TAIL = 20, 60
"""Frames of the still table added before the demo's first frame and after its last: the browser starts
sending a moment after the fake camera opens, and is stopped before the fake camera loops back to the start."""
SLOW = 3
"""The demo plays at a third of its speed (each frame thrice): a browser on this shared 2-core machine got 2-9
frames a second to the reader, and each step of the game is then on camera for 3.6 s, long enough to be read."""
GAME = "g"


@pytest.fixture(scope="module")
def demo_video(tmp_path_factory):
    """The demo's first moves on video (deck, record, .y4m): (folder, frames in the .y4m)."""
    out = tmp_path_factory.mktemp("demo")
    done = subprocess.run([sys.executable, "-m", "companion", "demo", "--game", "bux", "--headless", "--out", str(out), "--moves", "3", "--json"],
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=600)
    assert (out / "video.mp4").exists(), done.stderr[-2000:]
    _w, _h, count = write_y4m(out / "table.y4m", video_frames(out / "video.mp4", lead=LEAD, tail=TAIL, slow=SLOW), FPS)
    yield out, count
    (out / "table.y4m").unlink(missing_ok=True)  # a gigabyte


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _new_db(folder: Path, name: str, *, misdealt: bool = False) -> Path:
    """A store holding the demo's game, its setup only; `misdealt`: the first and last players' spreads swapped, so
    the camera sees every one of their cards where the game has the other player's, and raises it."""
    from companion.store.backends import open_store
    from companion.store.session import GameSession

    db = folder / name
    setup = json.loads((folder / "record.jsonl").read_text(encoding="utf-8").splitlines()[0])
    if misdealt:
        first, last = setup["players"][0], setup["players"][-1]
        setup["spreads"][first], setup["spreads"][last] = setup["spreads"][last], setup["spreads"][first]
    with open_store(db) as store:
        GameSession.start(store, setup, game_id=GAME)
    return db


def _ctrl_c_stops_it() -> None:
    """In the child before it runs: Ctrl-C's default, as in a terminal. A test run started in the background
    (CI, nohup, `&` in a script) ignores SIGINT and its children inherit that, so `play` (whose server is not in
    the main thread, unlike serve's uvicorn, which catches SIGINT itself) took no notice and _stop waited 30 s."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _play(folder: Path, db: Path, camera: str, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "companion", "play", "--camera", camera, "--deck", str(folder / "deck.json"),
                             "--game", GAME, "--db", str(db), "--host", "127.0.0.1", *extra],
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, preexec_fn=_ctrl_c_stops_it)


def _join_link(proc: subprocess.Popen) -> str:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        assert line, "companion play ended before printing its join link"
        if "join link to enter moves: " in line:
            return line.split("join link to enter moves: ")[1].rstrip().rstrip(")")
    raise AssertionError("no join link")


def _wait_listening(port: int) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert time.monotonic() < deadline
            time.sleep(0.05)


def _stop(proc: subprocess.Popen) -> None:
    """Press Ctrl-C: `play` stops in a second or two (web/asgi.py CLOSE_SECONDS); 30 s is a hang, and fails."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise AssertionError("companion play did not stop within 30 s of Ctrl-C")
    finally:
        proc.stdout.close()


def stored(db: Path) -> dict:
    """What a game's store says happened: the moves in effect, the attention items raised (message and cards),
    and the card changes each observation stored."""
    from companion.store.backends import open_store
    from companion.store.session import GameSession

    with open_store(db) as store:
        session = GameSession(store, GAME)
        changes = [[(c["code"], c["from"], c["to"]) for c in json.loads(e.payload)["changes"]]
                   for e in session.events_of("observation")]
        return {"moves": session.record_lines()[1:],
                "attention": [(json.loads(e.payload)["message"], json.loads(e.payload)["cards"])
                              for e in session.events_of("attention")],
                "changes": changes}


def table_read(changes: list[list[tuple]]) -> dict[str, str]:
    """Where each card lies once every observed change is applied: the table as the reader ends with it."""
    table: dict[str, str] = {}
    for observation in changes:
        for code, _from, to in observation:
            if to is None:
                table.pop(code, None)
            else:
                table[code] = to
    return table


def _spki_pin(db: Path) -> str:
    """The server certificate's public key hash, for --ignore-certificate-errors-spki-list: trust exactly it."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    from companion.web.tls import tls_directory

    cert = x509.load_pem_x509_certificate((tls_directory(db) / "server-cert.pem").read_bytes())
    spki = cert.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


def _chromium(playwright, video: Path, pin: str, *extra: str):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS + [
        "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", f"--use-file-for-fake-video-capture={video}",
        f"--ignore-certificate-errors-spki-list={pin}", *extra])


def _camera_page(browser, join: str):
    page = browser.new_context(viewport={"width": 900, "height": 1200}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(join)  # the join link sets the device's cookie
    page.goto(join.split("?")[0] + "/camera/", wait_until="domcontentloaded")  # the live MJPEG view never ends loading
    return page, errors


def test_the_browser_streams_the_demo_and_the_game_is_stored_as_play_stores_it_from_the_file(demo_video):
    from playwright.sync_api import expect, sync_playwright

    folder, count = demo_video
    reference = _new_db(folder, "file.db", misdealt=True)
    proc = _play(folder, reference, str(folder / "table.y4m"), "--port", str(_free_port()), "--http-port", "0")
    begun = time.monotonic()
    proc.wait(900)
    proc.stdout.close()
    from_file = stored(reference)
    print(f"play from the file: {time.monotonic() - begun:.1f} s")

    db = _new_db(folder, "browser.db", misdealt=True)
    port = _free_port()
    proc = _play(folder, db, "browser", "--port", str(port), "--http-port", "0")
    try:
        join = _join_link(proc)
        assert join.startswith(f"https://127.0.0.1:{port}/g/{GAME}?t=")
        _wait_listening(port)
        with sync_playwright() as p:
            browser = _chromium(p, folder / "table.y4m", _spki_pin(db))
            page, errors = _camera_page(browser, join)
            assert page.evaluate("window.isSecureContext")
            page.click("#own-camera-start")
            expect(page.locator("#own-camera-status")).to_contain_text("1920 × 1080", timeout=20000)
            started = time.monotonic()
            time.sleep(max((count - TAIL // 2) / FPS - (time.monotonic() - started), 0))
            rate = page.locator("#own-camera-status").inner_text()
            page.click("#own-camera-stop")
            assert not errors, errors
            browser.close()
    finally:
        _stop(proc)
    from_browser = stored(db)
    print(f"\n{rate}\nfile: {len(from_file['changes'])} observations, browser: {len(from_browser['changes'])}")
    for a, b in zip(from_file["changes"], from_browser["changes"]):
        print("  same" if a == b else f"  file {a}\n  browser {b}")
    assert "frames a second reach the reader" in rate or "The table is still" in rate  # 3 s into the still tail
    print("attention, file:", from_file["attention"], "\nattention, browser:", from_browser["attention"])
    # What `play` stores from the file, the browser's frames store too: the same moves (none: nobody types the
    # bids), the same attention items (the misdeal: each swapped card where the game has another player's), and
    # the same table at the end.
    assert from_browser["moves"] == from_file["moves"]
    assert from_browser["attention"] == from_file["attention"] != []
    assert table_read(from_browser["changes"]) == table_read(from_file["changes"]) != {}
    # Every change the file's reader saw, the browser's saw too, and no other; two changes a few frames apart may
    # be stored as one observation from the browser (the fake camera plays in real time and the page sends only
    # what the reader keeps up with, while play reads every frame of the file: docs/web.md, "This device's camera").
    assert sorted((c for o in from_browser["changes"] for c in o), key=repr) == sorted((c for o in from_file["changes"] for c in o), key=repr)


@pytest.fixture(scope="module")
def small_video(demo_video):
    """Two seconds of the demo's table at 640 × 360 (the fake camera loops it): for tests that need frames, not reads."""
    import cv2

    folder, _count = demo_video
    path = folder / "small.y4m"
    frames = (cv2.resize(f, (640, 360)) for i, f in zip(range(20), video_frames(folder / "video.mp4")))
    write_y4m(path, frames, FPS)
    return path


@pytest.fixture
def browser_play(demo_video, tmp_path):
    """`companion play --camera browser` running: (join link, https port, plain-http port, database)."""
    folder, _count = demo_video
    db = _new_db(tmp_path, "b.db") if (tmp_path / "record.jsonl").exists() else None
    if db is None:
        (tmp_path / "record.jsonl").write_text((folder / "record.jsonl").read_text(encoding="utf-8"), encoding="utf-8")
        db = _new_db(tmp_path, "b.db")
    port, http_port = _free_port(), _free_port()
    proc = _play(folder, db, "browser", "--port", str(port), "--http-port", str(http_port))
    try:
        join = _join_link(proc)
        _wait_listening(port)
        _wait_listening(http_port)
        yield join, port, http_port, db
    finally:
        _stop(proc)


def test_a_second_device_is_told_which_is_the_camera_takes_over_and_the_screens_say_camera_lost(browser_play, small_video):
    from playwright.sync_api import expect, sync_playwright

    join, port, _http_port, db = browser_play
    with sync_playwright() as p:
        browser = _chromium(p, small_video, _spki_pin(db))  # two devices: two browsers, each page its window's only one
        other = _chromium(p, small_video, _spki_pin(db))
        first, errors = _camera_page(browser, join)
        first.click("#own-camera-start")
        expect(first.locator("#own-camera-status")).to_contain_text("640 × 360", timeout=20000)
        wall = browser.new_context().new_page()
        wall.goto(f"https://127.0.0.1:{port}/g/{GAME}", wait_until="domcontentloaded")
        second, errors2 = _camera_page(other, join)
        second.click("#own-camera-start")
        expect(second.locator("#own-camera-status")).to_contain_text("is the table's camera now", timeout=20000)
        expect(second.locator("#own-camera-take")).to_be_visible()
        time.sleep(1.5)
        expect(wall.locator("#camera-lost")).to_be_hidden()  # the first device still sends
        second.click("#own-camera-take")
        expect(second.locator("#own-camera-stop")).to_be_visible(timeout=20000)
        expect(first.locator("#own-camera-status")).to_contain_text("is the table's camera now", timeout=20000)
        expect(first.locator("#own-camera-take")).to_be_visible()
        time.sleep(2)
        expect(wall.locator("#camera-lost")).to_be_hidden()  # the second device sends now
        second.click("#own-camera-stop")
        stopped = time.monotonic()
        expect(wall.locator("#camera-lost")).to_be_visible(timeout=5000)
        lost_after = time.monotonic() - stopped
        expect(wall.locator("#camera-lost")).to_contain_text("Camera lost")
        assert lost_after <= 3.0, f"the wall said 'camera lost' {lost_after:.1f} s after the frames stopped"
        assert not errors and not errors2, errors + errors2
        other.close()
        browser.close()


def test_a_page_over_plain_http_on_a_lan_name_says_where_the_camera_works(browser_play, small_video):
    """http://table.lan is no secure context: no button that cannot work, but the https address to open."""
    from playwright.sync_api import expect, sync_playwright

    join, port, http_port, db = browser_play
    token = join.split("?t=")[1]
    with sync_playwright() as p:
        browser = _chromium(p, small_video, _spki_pin(db), "--host-resolver-rules=MAP table.lan 127.0.0.1")
        page = browser.new_context().new_page()
        page.goto(f"http://table.lan:{http_port}/g/{GAME}?t={token}", wait_until="domcontentloaded")
        page.goto(f"http://table.lan:{http_port}/g/{GAME}/camera/", wait_until="domcontentloaded")
        assert not page.evaluate("window.isSecureContext")
        notice = page.locator("#own-camera-https")
        expect(notice).to_contain_text("secure (https) page")
        expect(notice.locator("a")).to_have_attribute("href", f"https://127.0.0.1:{port}/g/{GAME}/camera/")
        assert page.locator("#own-camera-start").count() == 0
        browser.close()


CARD = (40, 56)
"""A card's size in the 640 × 360 still-table video (about what the demo's cards measure at that size)."""
STILL_S, SLIDE_S, LAID_S = 8, 2, 8
"""The still-table video: the bare table, then a card slides in from the right edge, then it lies still."""


@pytest.fixture(scope="module")
def still_table_video(demo_video):
    """The demo's first picture at 640 × 360, every frame with fresh sensor noise and its own JPEG artefacts: the
    bare table for STILL_S, a card sliding in for SLIDE_S, the card lying for LAID_S (the fake camera then loops, and
    the card vanishes). Returns (path, band): band is the rows the card crosses, (top, bottom)."""
    import cv2
    import numpy as np

    folder, _count = demo_video
    table = cv2.resize(next(iter(video_frames(folder / "video.mp4"))), (640, 360))
    top = 250
    rng = np.random.default_rng(31)

    def frame(card_x: int | None):
        picture = table.astype(np.float32)
        if card_x is not None:
            w, h = CARD
            picture[top:top + h, card_x:card_x + w] = 30.0  # its edge
            picture[top + 2:top + h - 2, card_x + 2:card_x + w - 2] = 235.0
        picture += rng.normal(0, 4, picture.shape[:2])[..., None]  # sensor noise, sigma 4 grey levels
        picture = np.clip(picture, 0, 255).astype(np.uint8)
        return cv2.imdecode(cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, 85])[1], cv2.IMREAD_COLOR)

    start_x, end_x = 640 - CARD[0] - 4, 300
    slide = SLIDE_S * FPS
    frames = [frame(None) for _ in range(STILL_S * FPS)]
    frames += [frame(round(start_x + (end_x - start_x) * i / (slide - 1))) for i in range(slide)]
    frames += [frame(end_x) for _ in range(LAID_S * FPS)]
    path = folder / "still.y4m"
    write_y4m(path, frames, FPS)
    return path, (top, top + CARD[1])


PROBE = """
(band) => {
  // Every camera picture the page shows: when, whether the card is in it (the band's mean grey rises), and how far
  // the page measured it from the last picture it sent. Every frame the page POSTs: when.
  const log = {frames: [], posts: []};
  window.__probe = log;
  const fetched = window.fetch;
  window.fetch = function (url, options) {
    if (options && options.method === "POST") log.posts.push(performance.now());
    return fetched.apply(this, arguments);
  };
  const view = document.getElementById("own-camera-view");
  const canvas = document.createElement("canvas");
  canvas.width = 640; canvas.height = 360;
  const context = canvas.getContext("2d", {willReadFrequently: true});
  const tick = () => {
    if (view.videoWidth) {
      context.drawImage(view, 0, 0, 640, 360);
      const data = context.getImageData(0, band[0], 640, band[1] - band[0]).data;
      let sum = 0;
      for (let i = 0; i < data.length; i += 4) sum += data[i + 1];
      log.frames.push([performance.now(), sum / (data.length / 4), Number(view.dataset.change || -1)]);
    }
    view.requestVideoFrameCallback(tick);
  };
  view.requestVideoFrameCallback(tick);
}
"""


def test_a_still_table_is_sent_once_a_second_and_a_change_at_once_at_full_rate(browser_play, still_table_video):
    """The page sends a still table's picture once a second, and a change (a card slid in, then the card gone)
    at once and at full rate for the HOLD after it."""
    from playwright.sync_api import expect, sync_playwright

    join, _port, _http_port, db = browser_play
    video, band = still_table_video
    with sync_playwright() as p:
        browser = _chromium(p, video, _spki_pin(db))
        page, errors = _camera_page(browser, join)
        page.evaluate(PROBE, list(band))
        page.click("#own-camera-start")
        expect(page.locator("#own-camera-status")).to_contain_text("640 × 360", timeout=20000)
        time.sleep(STILL_S + SLIDE_S + LAID_S + 5)  # the camera opened at the click: one loop of the video and more
        said = page.locator("#own-camera-status").inner_text()
        log = page.evaluate("window.__probe")
        served = page.evaluate(f"fetch('/g/{GAME}/camera/device.json').then((r) => r.json())")
        page.click("#own-camera-stop")
        assert not errors, errors
        browser.close()
    frames, posts = log["frames"], log["posts"]
    bare = sorted(mean for _t, mean, _c in frames)[len(frames) // 4]  # most pictures show the bare table
    card = [(t, mean > bare + 1.5) for t, mean, _c in frames]
    ons = [t for (t, on), (_t0, was) in zip(card[1:], card) if on and not was]
    offs = [t for (t, on), (_t0, was) in zip(card[1:], card) if was and not on]
    assert ons and offs and ons[0] < offs[0], (ons, offs)
    came, went = ons[0], offs[0]
    first = frames[0][0]
    hold = 3.0 * 1000
    still_spans = [(first + hold + 1000, came), (came + SLIDE_S * 1000 + hold + 1000, went)]
    still_s = sum(max(b - a, 0) for a, b in still_spans) / 1000
    still_posts = sum(1 for t in posts for a, b in still_spans if a <= t < b)
    busy = (came, came + SLIDE_S * 1000 + hold)
    busy_posts = sum(1 for t in posts if busy[0] <= t < busy[1])
    still_rate, busy_rate = still_posts / still_s, busy_posts / ((busy[1] - busy[0]) / 1000)
    gap = max(b - a for a, b in zip(posts, posts[1:])) / 1000
    noise = max((c for t, _m, c in frames if any(a <= t < b for a, b in still_spans)), default=None)
    print(f"\nstill: {still_posts} frames in {still_s:.1f} s ({still_rate:.2f}/s); changing: {busy_posts} in "
          f"{(busy[1] - busy[0]) / 1000:.1f} s ({busy_rate:.2f}/s); largest thumbnail change while still: {noise}; "
          f"at the card: {[c for t, _m, c in frames if came <= t < came + 300]}; server frames {served['frames']}, "
          f"posts {len(posts)}; longest gap between frames {gap:.2f} s")
    assert still_s >= 5, still_spans
    assert 0.6 <= still_rate <= 1.3, f"{still_rate:.2f} frames a second while the table was still"
    assert gap <= 1.5, f"{gap:.2f} s without a frame: the screens say 'camera lost' after 2 s"
    assert busy_rate >= 2.5 and busy_rate >= 2 * still_rate, f"{busy_rate:.2f} frames a second while it changed"
    for change in (came, went):
        after = min((t for t in posts if t >= change), default=None)
        assert after is not None and after - change <= 500, f"the change was sent {after and after - change:.0f} ms late"
    assert served["frames"] >= len(posts) - 1  # the server got them all (one may be in flight)
    assert said == "Camera: 640 × 360; sending to the table. The table is still: 1 frame a second.", said


TRACK = """() => { const s = document.getElementById("own-camera-view").srcObject;
  const t = s && s.getVideoTracks()[0]; return t ? [t.id, t.readyState] : null; }"""


def test_a_camera_the_system_stops_is_asked_for_again_and_its_frozen_picture_is_never_sent(browser_play, small_video):
    """A phone that locks or lends its camera to another app ends the page's camera track: the page must not go on
    sending the last, frozen picture as a still table's heartbeat (the screens would never say "camera lost"); it
    asks for the camera again and streams on. Both ways a track ends: silently, and with its "ended" event."""
    from playwright.sync_api import expect, sync_playwright

    join, _port, _http_port, db = browser_play
    with sync_playwright() as p:
        browser = _chromium(p, small_video, _spki_pin(db))
        page, errors = _camera_page(browser, join)
        page.click("#own-camera-start")
        expect(page.locator("#own-camera-status")).to_contain_text("640 × 360", timeout=20000)
        for how in ("t.stop()", "t.stop(); t.dispatchEvent(new Event('ended'))"):
            before = page.evaluate(TRACK)
            assert before and before[1] == "live", before
            page.evaluate(f"() => {{ const t = document.getElementById('own-camera-view').srcObject.getVideoTracks()[0]; {how}; }}")
            deadline = time.monotonic() + 15
            while True:
                now = page.evaluate(TRACK)
                if now and now[0] != before[0] and now[1] == "live":
                    break
                assert time.monotonic() < deadline, f"the page did not ask for its camera again after {how}: {now}"
                time.sleep(0.2)
            expect(page.locator("#own-camera-status")).to_contain_text("sending to the table", timeout=20000)
            expect(page.locator("#own-camera-stop")).to_be_visible()
        assert not errors, errors
        browser.close()
