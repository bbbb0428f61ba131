"""Real browser: the tablet runs the setup check on the camera page and sees the advice and the annotated frame.

The screenshot goes to $COMPANION_ARTIFACTS/web/camera-check.png (docs/screens/camera-check.png is one).
"""

from __future__ import annotations

import contextlib

import pytest

from tests.chromium import BROWSER_TEST
from tests.web.camera_rooms import live_app, table_frames  # noqa: F401 (fixtures)
from tests.web.conftest import GAME_ID
from tests.web.serving import serving

pytestmark = BROWSER_TEST


@contextlib.contextmanager
def camera_page(live_app, frame, browser, token, query: str = ""):
    """Yield (page, page errors) of the tablet's camera page, signed in by the join link, `frame` its camera's latest picture."""
    app, live, _printed = live_app
    live.feed(frame, 0.0)
    with serving(app) as base:
        page = browser.new_context(viewport={"width": 1024, "height": 1280}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{base}/g/{GAME_ID}?t={token}")  # the join link sets the tablet's cookie
        page.goto(f"{base}/g/{GAME_ID}/camera/{query}")
        yield page, errors


def test_the_tablet_checks_a_dark_room_and_sees_what_to_change(live_app, table_frames, browser, token, artifacts):
    from playwright.sync_api import expect

    shots = artifacts / "web"
    shots.mkdir(parents=True, exist_ok=True)
    with camera_page(live_app, table_frames[2], browser, token) as (page, errors):  # the dark room
        page.click("#setup-check-run")
        expect(page.locator("#setup-check-verdict")).to_have_text("Change this before the game:", timeout=20000)
        expect(page.locator("#setup-check-advice li").first).to_contain_text("The picture is too dark")
        overlay = page.locator("#setup-check-overlay")
        expect(overlay).to_be_visible()
        page.wait_for_function("document.getElementById('setup-check-overlay').naturalWidth > 0")
        assert page.evaluate("document.getElementById('setup-check-overlay').naturalWidth") == 960
        page.locator("#setup-check").screenshot(path=str(shots / "camera-check.png"))
        assert not errors, errors


def test_a_russian_tablet_reads_the_advice_in_russian(live_app, table_frames, browser, token, artifacts):
    """The page's labels and the advice itself, zone names included, in the reader's language."""
    from playwright.sync_api import expect

    shots = artifacts / "web"
    shots.mkdir(parents=True, exist_ok=True)
    # ?lang=ru is remembered in a cookie: the check's request carries it
    with camera_page(live_app, table_frames[2], browser, token, "?lang=ru") as (page, _errors):  # the dark room
        page.click("#setup-check-run")
        expect(page.locator("#setup-check-verdict")).to_have_text("Перед игрой измените:", timeout=20000)
        items = page.locator("#setup-check-advice li")
        expect(items.first).to_contain_text("Картинка слишком тёмная")
        texts = items.all_inner_texts()
        assert all(t.endswith(".") and t[0].isupper() for t in texts), texts
        assert not any(w in " ".join(texts) for w in ("the ", "seat", "camera", "picture")), texts
        page.locator("#setup-check").screenshot(path=str(shots / "camera-check-ru.png"))
