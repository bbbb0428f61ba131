"""The setup check that runs by itself while the table's camera is placed (issue 31): the server's side.

A real LiveTable and LiveCamera read rendered 1080p frames of a laid-out table (tests/web/camera_rooms.py) and
run the real check; only the clock is the test's, so "at most every 2 s" is exact. The page polls
placing.json about once a second; a poll starts a check in its own thread when one is due.
"""

from __future__ import annotations

import threading
import time

from companion.live import PlacingCheck
from tests.web.camera_rooms import CODES, live_app, table_frames  # noqa: F401 (fixtures)
from tests.web.conftest import GAME_ID

URL = f"/g/{GAME_ID}/camera/placing"


class Clock:
    """The checks' clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Counted:
    """LiveCamera.check as it is, counting the checks and how many ran at once."""

    def __init__(self, camera) -> None:
        self.check, self.started, self.running, self.most = camera.check, [], 0, 0
        self.lock = threading.Lock()
        self.gate = threading.Event()
        """Cleared, it holds a check at its start (as a slow machine would), so the test can poll meanwhile."""
        self.gate.set()
        camera.check = self

    def __call__(self):
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
            self.started.append(time.monotonic())
        try:
            self.gate.wait(30)
            return self.check()
        finally:
            with self.lock:
                self.running -= 1


def _placed(live_app, **options) -> tuple[PlacingCheck, Clock, Counted]:
    camera = live_app[0].config["CAMERA"]
    clock = Clock()
    camera.placing = PlacingCheck(camera, clock=clock, **options)
    return camera.placing, clock, Counted(camera)


def _settle(check: PlacingCheck) -> None:
    if check.thread is not None:
        check.thread.join(30)


def test_placing_needs_the_game_token(live_app, auth):
    app, _live, _printed = live_app
    client = app.test_client()
    assert client.get(f"{URL}.json").status_code == 403
    assert client.post(URL, json={"placing": False}).status_code == 403
    refused = client.post(URL, json={"placing": "yes"}, headers=auth)
    assert refused.status_code == 400 and "true or false" in refused.json["error"]["message"]
    assert app.config["CAMERA"].placing.placing is True  # the bad request changed nothing


def test_a_check_runs_at_most_every_2_s_one_at_a_time_and_only_on_a_new_frame(live_app, auth, table_frames):
    app, live, _printed = live_app
    check, clock, counted = _placed(live_app)
    client = app.test_client()
    assert client.get(f"{URL}.json", headers=auth).json == {"placing": True, "ended": None, "checking": False,
                                                           "checks": 0, "check": None}  # no frame yet: nothing to check
    assert counted.started == []
    dark = table_frames[2]
    live.feed(dark, 0.0)
    counted.gate.clear()
    first = client.get(f"{URL}.json", headers=auth).json
    assert first["checking"] is True
    for step in range(8):  # while it runs, polls come, new frames, and 4 s pass: still one check
        clock.now += 0.5
        live.feed(dark, 1.0 + step)
        assert client.get(f"{URL}.json", headers=auth).json["checking"] is True
    assert len(counted.started) == 1
    counted.gate.set()
    _settle(check)
    assert counted.most == 1
    started = len(counted.started)
    for second in range(20):  # ten seconds of polls twice a second, a new frame before each
        clock.now += 0.5
        live.feed(dark, 10.0 + second)
        client.get(f"{URL}.json", headers=auth)
        _settle(check)
    assert len(counted.started) - started == 5, counted.started  # every 2 s of the test's clock: 10 s, 5 checks
    assert counted.most == 1
    clock.now += 2.0
    client.get(f"{URL}.json", headers=auth)  # the last frame has come since the last check: it is checked
    _settle(check)
    before = len(counted.started)
    for _ in range(6):  # no new frame: nothing new to check
        clock.now += 1.0
        client.get(f"{URL}.json", headers=auth)
        _settle(check)
    assert len(counted.started) == before


def test_the_advice_comes_worded_with_its_picture_and_names_no_card(live_app, auth, table_frames):
    app, live, printed = live_app
    check, _clock, _counted = _placed(live_app)
    client = app.test_client()
    live.feed(table_frames[2], 0.0)
    client.get(f"{URL}.json?lang=ru", headers=auth)
    _settle(check)
    response = client.get(f"{URL}.json?lang=ru", headers=auth)
    body = response.json
    assert body["placing"] is True and body["checks"] == 1 and body["check"]["ok"] is False
    assert any(s.startswith("картинка слишком тёмная") for s in body["check"]["advice"]), body["check"]["advice"]
    assert body["check"]["said"][0]["id"] == "check.dark"
    assert response.headers["Cache-Control"] == "no-store"
    picture = client.get(body["check"]["overlay"])
    assert picture.status_code == 200 and picture.mimetype == "image/jpeg"
    raw = response.get_data(as_text=True)
    assert not any(code in raw or printed.payload(code) in raw for code in CODES)


def test_placing_ends_once_the_setup_looked_good_for_4_s_and_then_nothing_runs(live_app, auth, table_frames):
    app, live, _printed = live_app
    check, clock, counted = _placed(live_app)
    client = app.test_client()
    states = []
    for second in range(12):
        live.feed(table_frames[1], float(second))
        states.append(client.get(f"{URL}.json", headers=auth).json)
        _settle(check)
        clock.now += 1.0
    ended = next(i for i, s in enumerate(states) if not s["placing"])
    assert states[ended]["ended"] == "good" and states[ended]["check"]["ok"] is True
    assert len(counted.started) == 3  # good at 0, 2 and 4 s: it has looked good for 4 s
    assert all(s["placing"] for s in states[:ended]) and not any(s["placing"] for s in states[ended:])
    assert client.post(URL, json={"placing": True}, headers=auth).json == {"ok": True, "placing": True}
    live.feed(table_frames[1], 20.0)
    assert client.get(f"{URL}.json", headers=auth).json["checking"] is True  # placing again: it checks again
    _settle(check)
    assert len(counted.started) == 4


def test_a_bad_setup_keeps_placing_until_done_and_done_stops_the_checks(live_app, auth, table_frames):
    app, live, _printed = live_app
    check, clock, counted = _placed(live_app)
    client = app.test_client()
    for second in range(7):
        live.feed(table_frames[2], float(second))
        state = client.get(f"{URL}.json", headers=auth).json
        _settle(check)
        clock.now += 1.0
    assert state["placing"] is True and state["ended"] is None and len(counted.started) == 4
    assert client.post(URL, json={"placing": False}, headers=auth).json == {"ok": True, "placing": False}
    for second in range(4):
        clock.now += 2.0
        live.feed(table_frames[2], 10.0 + second)
        state = client.get(f"{URL}.json", headers=auth).json
    assert state["placing"] is False and state["ended"] == "done" and len(counted.started) == 4
    assert state["check"]["ok"] is False  # the last advice stays on the page


def test_placing_ends_after_its_longest_time(live_app, auth, table_frames):
    app, live, _printed = live_app
    _check, clock, counted = _placed(live_app, max_s=60.0)
    client = app.test_client()
    clock.now += 61.0
    live.feed(table_frames[2], 0.0)
    state = client.get(f"{URL}.json", headers=auth).json
    assert state["placing"] is False and state["ended"] == "timeout" and counted.started == []


def test_without_a_camera_placing_is_refused_in_words(app, auth):
    response = app.test_client().get(f"{URL}.json", headers=auth)
    assert response.status_code == 409 and response.json["error"]["message"] == "The camera is off."
