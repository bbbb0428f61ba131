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
    done = subprocess.run([sys.executable, "-m", "companion", "demo", "--headless", "--out", str(out), "--moves", "3", "--json"],
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


def _play(folder: Path, db: Path, camera: str, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "companion", "play", "--camera", camera, "--deck", str(folder / "deck.json"),
                             "--game", GAME, "--db", str(db), "--host", "127.0.0.1", *extra],
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)


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
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
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
    assert "frames a second reach the reader" in rate
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
