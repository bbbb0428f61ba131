"""Real browser: while a phone is placed as the table's camera, its own screen shows the setup check's advice and
picture, refreshed by itself, without a tap on "Check the setup" (issue 31).

Chromium's fake camera plays a rendered 1080p table (tests/web/camera_rooms.py: a dark room, or a good one) into the
camera page at 390 × 844, served over real HTTP on loopback (a secure context); its frames go to a real
BrowserCameraSource read by a real LiveTable in a thread, as `companion play --camera browser` wires them, and the
server runs the real check. Screenshots go to $COMPANION_ARTIFACTS/web/placing-*.png.
"""

from __future__ import annotations

import contextlib
import threading
import time

from companion.vision.browser_source import BrowserCameraSource
from companion.vision.sources import frames
from tests.chromium import ARGS, BROWSER_TEST, CHROMIUM
from tests.web.camera_rooms import live_app, low_frame, table_frames  # noqa: F401 (fixtures)
from tests.web.conftest import GAME_ID
from tests.web.serving import serving
from tests.y4m import write_y4m

pytestmark = BROWSER_TEST
PHONE = {"width": 390, "height": 844}


@contextlib.contextmanager
def phone(live_app, picture, token, tmp_path):
    """Yield (page, page errors, camera) of the camera page on a phone whose camera films `picture`, signed in by the
    join link, with the table's live loop reading what the page sends."""
    from playwright.sync_api import sync_playwright

    app, live, _printed = live_app
    video = tmp_path / "table.y4m"
    write_y4m(video, [picture] * 4, 2)  # the fake camera loops it: a still table, two pictures a second
    source = BrowserCameraSource(GAME_ID)
    app.config["BROWSER_CAMERA"] = source

    def read() -> None:
        for frame in frames(source):
            live.feed(frame.image, frame.time)

    loop = threading.Thread(target=read, daemon=True)
    loop.start()
    try:
        with serving(app) as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS + [
                "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", f"--use-file-for-fake-video-capture={video}"])
            page = browser.new_context(viewport=PHONE).new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{base}/g/{GAME_ID}?t={token}")  # the join link sets the phone's cookie
            page.goto(f"{base}/g/{GAME_ID}/camera/", wait_until="domcontentloaded")
            yield page, errors, app.config["CAMERA"]
            browser.close()
    finally:
        source.close()
        loop.join(30)


def test_a_phone_placed_in_a_dark_room_shows_the_advice_and_the_picture_without_a_tap(live_app, table_frames, token, tmp_path, artifacts):
    from playwright.sync_api import expect

    with phone(live_app, table_frames[2], token, tmp_path) as (page, errors, camera):
        page.click("#own-camera-start")  # this device becomes the camera; the check itself is never tapped
        started = time.monotonic()
        expect(page.locator("#setup-check-advice li").first).to_contain_text("The picture is too dark", timeout=15000)
        shown_after = time.monotonic() - started
        expect(page.locator("#setup-check-verdict")).to_have_text("Change this before the game:")
        expect(page.locator("#setup-check-said")).to_contain_text("The picture is too dark")  # the live region says it
        assert page.locator("#setup-check-said").get_attribute("aria-live") == "polite"
        page.wait_for_function("document.getElementById('setup-check-overlay').naturalWidth > 0")
        expect(page.locator("#setup-check-overlay")).to_be_visible()
        expect(page.locator("#setup-check-placing")).to_contain_text("checked every 2 seconds")
        expect(page.locator("#setup-check-done")).to_be_visible()
        first = page.locator("#setup-check-overlay").get_attribute("src")
        expect(page.locator("#setup-check-overlay")).not_to_have_attribute("src", first, timeout=10000)  # each check's own
        assert camera.placing.placing and camera.placing.ended is None  # a dark room is never "good": still placing
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing wider than the phone
        shots = artifacts / "web"
        shots.mkdir(parents=True, exist_ok=True)
        page.locator("#setup-check").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "placing-dark.png"))
        page.screenshot(path=str(shots / "placing-dark-full.png"), full_page=True)
        page.click("#setup-check-done")
        expect(page.locator("#setup-check-again")).to_be_visible()
        expect(page.locator("#setup-check-placing")).to_contain_text("no longer checked by itself")
        assert camera.placing.ended == "done"
        assert not errors, errors
    print(f"\nthe dark room's advice showed {shown_after:.1f} s after the camera started")


def test_a_phone_placed_well_says_it_can_be_left_and_stops_checking(live_app, table_frames, token, tmp_path, artifacts):
    from playwright.sync_api import expect

    with phone(live_app, table_frames[1], token, tmp_path) as (page, errors, camera):
        page.click("#own-camera-start")
        verdict = page.locator("#setup-check-verdict")
        expect(verdict).to_have_text("Setup looks good: you can leave the phone.", timeout=25000)
        expect(page.locator("#setup-check-said")).to_contain_text("Setup looks good: you can leave the phone.")
        expect(page.locator("#setup-check-advice li").first).to_contain_text("Setup looks good")
        expect(page.locator("#setup-check-done")).to_be_hidden()
        expect(page.locator("#setup-check-again")).to_be_visible()
        assert camera.placing.ended == "good"
        checks = camera.placing.checks
        time.sleep(3)
        assert camera.placing.checks == checks  # placing is over: no check costs the reader's CPU any more
        shots = artifacts / "web"
        shots.mkdir(parents=True, exist_ok=True)
        page.locator("#setup-check").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "placing-good.png"))
        assert not errors, errors


def test_a_phone_held_too_low_is_told_to_raise_it_without_a_tap(live_app, low_frame, token, tmp_path, artifacts):
    """The issue's example: plates outside the picture, "raise the camera about 15 cm"."""
    from playwright.sync_api import expect

    with phone(live_app, low_frame, token, tmp_path) as (page, errors, camera):
        page.click("#own-camera-start")
        advice = page.locator("#setup-check-advice")
        expect(advice).to_contain_text("outside the picture: raise the camera about", timeout=15000)
        expect(page.locator("#setup-check-said")).to_contain_text("raise the camera about")
        page.wait_for_function("document.getElementById('setup-check-overlay').naturalWidth > 0")
        assert camera.placing.placing
        shots = artifacts / "web"
        shots.mkdir(parents=True, exist_ok=True)
        page.locator("#setup-check").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "placing-low.png"))
        assert not errors, errors
