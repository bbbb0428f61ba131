"""The frame endpoint of a phone's own camera (companion/web/browser_camera.py) and its source
(companion/vision/browser_source.py): token first, bounded body, one camera at a time, nothing queues, lost after 2 s."""

from __future__ import annotations

import socket
import threading
import time

import cv2
import numpy as np
import pytest

from companion.vision.browser_source import BrowserCameraSource
from tests.web.conftest import GAME_ID
from tests.web.serving import running


def _jpeg(width: int = 320, height: int = 180, shade: int = 90) -> bytes:
    image = np.full((height, width, 3), shade, np.uint8)
    cv2.rectangle(image, (10, 10), (60, 60), (255, 255, 255), -1)
    return cv2.imencode(".jpg", image)[1].tobytes()


class Reader:
    """The live loop's side: reads the source like `companion play` does, keeping what it read."""

    def __init__(self, source: BrowserCameraSource, delay_s: float = 0.0):
        self.source, self.delay_s, self.read = source, delay_s, []
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        from companion.vision.sources import frames

        for frame in frames(self.source):
            self.read.append(frame)
            time.sleep(self.delay_s)


@pytest.fixture
def camera_app(app):
    source = BrowserCameraSource(GAME_ID)
    app.config["BROWSER_CAMERA"] = source
    reader = Reader(source)
    yield app, source, reader
    source.close()


def _post(client, token, data: bytes, device: str = "tablet-1", label: str = "Tablet", query: str = ""):
    headers = {"X-Camera-Device": device, "X-Camera-Label": label, "Content-Type": "image/jpeg"}
    if token:
        headers["X-Companion-Token"] = token
    return client.post(f"/g/{GAME_ID}/camera/frame{query}", data=data, headers=headers)


def test_a_frame_is_answered_once_the_loop_has_read_it(camera_app, token):
    app, source, reader = camera_app
    answer = _post(app.test_client(), token, _jpeg(640, 360))
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["ok"] and body["read"] and (body["width"], body["height"]) == (640, 360)
    assert len(reader.read) == 1 and reader.read[0].image.shape == (360, 640, 3)
    status = app.test_client().get(f"/g/{GAME_ID}/camera/device.json").get_json()
    assert status["enabled"] and status["device"] == "Tablet" and status["live"] and not status["lost"]


def test_without_the_token_nothing_is_taken(camera_app):
    app, source, reader = camera_app
    answer = _post(app.test_client(), None, _jpeg())
    assert answer.status_code == 403 and "join link" in answer.get_json()["error"]["message"]
    assert source.frames == 0 and not reader.read


def test_the_token_is_checked_before_the_body_is_read(camera_app):
    """A stranger announcing 12 MB (under the app-wide bound) is answered at once, from the headers: the server never
    waits for a body it would refuse."""
    app, source, _reader = camera_app
    with running(app) as server:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
            conn.sendall((f"POST /g/{GAME_ID}/camera/frame HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Camera-Device: x\r\n"
                          "Content-Type: image/jpeg\r\nContent-Length: 12000000\r\n\r\n").encode() + b"\xff\xd8" * 1000)
            started = time.monotonic()
            head = conn.recv(200)
            assert head.startswith(b"HTTP/1.1 403"), head
            assert time.monotonic() - started < 5
    assert source.frames == 0


def test_a_frame_too_big_or_not_a_picture_is_a_sentence(camera_app, token, monkeypatch):
    from companion.web import browser_camera

    app, source, _reader = camera_app
    monkeypatch.setattr(browser_camera, "FRAME_MAX_BYTES", 1000)
    big = _post(app.test_client(), token, _jpeg(640, 360, 0) + b"\0" * 2000)
    assert big.status_code == 413 and "at most" in big.get_json()["error"]["message"]
    monkeypatch.setattr(browser_camera, "FRAME_MAX_BYTES", 8 * 1024 * 1024)
    junk = _post(app.test_client(), token, b"this is not a jpeg")
    assert junk.status_code == 400 and junk.get_json()["error"]["message"] == "That frame is not a JPEG picture."
    nameless = app.test_client().post(f"/g/{GAME_ID}/camera/frame", data=_jpeg(), headers={"X-Companion-Token": token})
    assert nameless.status_code == 400 and "reload" in nameless.get_json()["error"]["message"]
    assert source.frames == 0


def test_one_device_is_the_camera_another_is_told_which_and_takes_over(camera_app, token):
    app, source, _reader = camera_app
    client = app.test_client()
    assert _post(client, token, _jpeg(), "phone-a", "Ann%27s%20phone").status_code == 200  # as the page sends it
    refused = _post(client, token, _jpeg(), "tablet-b", "Tablet")
    assert refused.status_code == 409 and refused.get_json()["camera"] == "Ann's phone"
    assert "Ann's phone is the table's camera now" in refused.get_json()["error"]["message"]
    assert _post(client, token, _jpeg(), "tablet-b", "Tablet", "?take_over=1").status_code == 200
    assert _post(client, token, _jpeg(), "phone-a", "Ann's phone").get_json()["camera"] == "Tablet"
    assert client.get(f"/g/{GAME_ID}/camera/device.json").get_json()["device"] == "Tablet"


def test_a_camera_that_stops_sending_is_lost_after_two_seconds_and_gone_after_ten():
    now = [100.0]
    source = BrowserCameraSource("g", clock=lambda: now[0])
    assert source.put("a", "Phone", _jpeg()) == 1
    now[0] += 1.9  # a still table's heartbeat comes every second, late by its encoding and upload
    assert not source.status()["lost"] and source.status()["live"]
    now[0] += 0.2
    status = source.status()
    assert status["lost"] and not status["live"] and status["seconds"] == 2.1 and status["device"] == "Phone"
    assert source.put("b", "Tablet", _jpeg()).camera == "Phone"  # lost a moment: it keeps its place without a tap
    now[0] += 8.0
    assert source.put("b", "Tablet", _jpeg()) == 2  # gone: no tap needed
    assert source.status()["device"] == "Tablet" and not source.status()["lost"]


def test_nothing_queues_a_newer_frame_replaces_one_not_yet_read():
    source = BrowserCameraSource("g")
    first = source.put("a", "Phone", _jpeg(shade=10))
    second = source.put("a", "Phone", _jpeg(shade=200))
    frame = source.read()
    assert frame.index == second - 1 and abs(int(frame.image[100, 200, 0]) - 200) < 5
    assert source.read() is None  # the first is gone, not waiting in a queue
    assert source.wait_read(first, 0.1) and source.wait_read(second, 0.1)


def test_a_game_without_a_camera_loop_says_how_to_start_it(app, token):
    answer = _post(app.test_client(), token, _jpeg())
    assert answer.status_code == 409 and "companion play --camera browser" in answer.get_json()["error"]["message"]
    assert app.test_client().get(f"/g/{GAME_ID}/camera/device.json").get_json() == {"enabled": False}


def test_the_camera_page_offers_this_devices_camera_to_the_join_links_holder_in_its_language(camera_app, token):
    app, _source, _reader = camera_app
    client = app.test_client()
    stranger = client.get(f"/g/{GAME_ID}/camera/", base_url="https://192.168.1.20:8000").get_data(as_text=True)
    assert "Open the join link on this device" in stranger and 'id="own-camera-start"' not in stranger
    client.get(f"/g/{GAME_ID}?t={token}", base_url="https://192.168.1.20:8000")  # the join link's cookie
    page = client.get(f"/g/{GAME_ID}/camera/?lang=ru", base_url="https://192.168.1.20:8000").get_data(as_text=True)
    assert "Использовать камеру этого устройства" in page and 'id="own-camera-start"' in page
    plain = client.get(f"/g/{GAME_ID}/camera/?lang=en", base_url="http://192.168.1.20:8001").get_data(as_text=True)
    assert 'id="own-camera-start"' not in plain and "start it without --no-tls" in plain  # no https address to give
    app.config["PUBLIC_URL"] = "https://192.168.1.20:8000"
    plain = client.get(f"/g/{GAME_ID}/camera/", base_url="http://192.168.1.20:8001").get_data(as_text=True)
    assert 'href="https://192.168.1.20:8000/g/g1/camera/"' in plain
    client.get(f"/g/{GAME_ID}?t={token}", base_url="http://127.0.0.1:8001")
    local = client.get(f"/g/{GAME_ID}/camera/", base_url="http://127.0.0.1:8001").get_data(as_text=True)
    assert 'id="own-camera-start"' in local  # http on this machine is a secure context: the button works there
