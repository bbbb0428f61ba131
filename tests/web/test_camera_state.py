"""The camera page says when the camera sends no picture, instead of "wait a moment" for ever.

Before, "Check the setup" with no camera answered "No picture from the camera yet; wait a
moment and check again." however long it had been, and the preview stayed empty.
"""

from __future__ import annotations

import time

from tests.web.camera_rooms import live_app, table_frames  # noqa: F401 (fixtures)
from tests.web.conftest import GAME_ID

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
