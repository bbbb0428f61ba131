"""The camera page says when the camera sends no picture, instead of "wait a moment" for ever.

Before, "Check the setup" with no camera answered "No picture from the camera yet; wait a
moment and check again." however long it had been, and the preview stayed empty.
"""

from __future__ import annotations

import time

import pytest

from tests.chromium import skip_without_chromium
from tests.web.camera_rooms import live_app, table_frames  # noqa: F401 (fixtures)
from tests.web.conftest import GAME_ID
from tests.web.serving import serving

NO_PICTURE = "The camera sends no picture: is it plugged in, and is the address right?"


def test_a_camera_that_sends_nothing_is_said_after_a_few_seconds(live_app, auth):
    app, live, _printed = live_app
    camera = app.config["CAMERA"]
    camera.no_picture_s = 0.3
    client = app.test_client()
    first = client.get(f"/g/{GAME_ID}/camera/state.json").json
    assert first == {"picture": "waiting", "message": "Waiting for the camera's first picture…"}
    time.sleep(0.4)
    assert client.get(f"/g/{GAME_ID}/camera/state.json").json == {"picture": "none", "message": NO_PICTURE}
    check = client.post(f"/g/{GAME_ID}/camera/check", headers=auth)
    assert check.status_code == 409 and check.json["error"]["message"] == NO_PICTURE
    russian = client.get(f"/g/{GAME_ID}/camera/state.json?lang=ru").json["message"]
    assert russian.startswith("Камера не присылает кадров")


def test_a_camera_that_stops_is_said_and_a_picture_clears_it(live_app, auth, table_frames):
    app, live, _printed = live_app
    camera = app.config["CAMERA"]
    camera.no_picture_s = 0.3
    client = app.test_client()
    live.feed(table_frames[1], 0.0)
    assert client.get(f"/g/{GAME_ID}/camera/state.json").json == {"picture": "ok", "message": None}
    time.sleep(0.4)
    stalled = client.get(f"/g/{GAME_ID}/camera/state.json").json
    assert stalled["picture"] == "stalled" and stalled["message"].startswith("The camera stopped sending pictures")
    live.end_of_frames()  # a video's end or the demo's game over is no camera fault
    assert client.get(f"/g/{GAME_ID}/camera/state.json").json == {"picture": "ended", "message": None}


def test_the_page_has_the_place_the_state_is_said(live_app):
    app, _live, _printed = live_app
    page = app.test_client().get(f"/g/{GAME_ID}/camera/").get_data(as_text=True)
    assert 'id="camera-state"' in page


@pytest.mark.browser
@skip_without_chromium
def test_the_tablet_page_says_it_and_clears_it_when_pictures_come(live_app, table_frames, browser, token):
    """Real browser: the page polls the state; no picture is a sentence under the preview, a picture clears it."""
    from playwright.sync_api import expect

    app, live, _printed = live_app
    app.config["CAMERA"].no_picture_s = 1.0
    with serving(app) as base:
        page = browser.new_context().new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{base}/g/{GAME_ID}?t={token}")
        page.goto(f"{base}/g/{GAME_ID}/camera/")
        state = page.locator("#camera-state")
        expect(state).to_have_text(NO_PICTURE, timeout=10000)
        live.feed(table_frames[1], 0.0)
        app.config["CAMERA"].no_picture_s = 60.0  # the picture stays fresh while the page polls again
        expect(state).to_be_hidden(timeout=10000)
        assert not errors, errors
