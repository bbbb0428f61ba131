"""Private player views, the host screen, the camera page with a fake device, language switching."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.bux.state import VALUE
from tests.web.conftest import GAME_ID


def test_private_view_shows_own_values_only_with_own_token(client, ptoken):
    url = f"/g/{GAME_ID}/me/Ann.json"
    assert client.get(url).status_code == 403
    assert client.get(url, query_string={"k": ptoken("Ben")}).status_code == 403
    me = client.get(url, query_string={"k": ptoken("Ann")}).json["me"]
    assert me["chips"] == 160
    assert sorted(c["value"] for c in me["cards"]) == sorted([100, 25, 50, 100, 25, 100])
    assert me["sets"][0]["payout"] == 225
    page = client.get(f"/g/{GAME_ID}/me/Ann", query_string={"k": ptoken("Ann")})
    assert page.status_code == 200 and "Private" in page.get_data(as_text=True)
    assert client.get(f"/g/{GAME_ID}/me/Nobody", query_string={"k": "x"}).status_code == 404


def test_host_screen_only_on_this_machine(client, token):
    page = client.get(f"/g/{GAME_ID}/host/").get_data(as_text=True)
    assert f"t={token}" in page and page.count("<svg") == 1  # the join QR; a seat's QR only when its button is tapped
    assert "?k=" not in page and page.count('class="big seat-go"') == 3
    away = client.get(f"/g/{GAME_ID}/host/", environ_base={"REMOTE_ADDR": "192.168.1.20"})
    assert away.status_code == 403


def test_camera_off_says_so_and_manual_entry_still_works(client, auth):
    page = client.get(f"/g/{GAME_ID}/camera/").get_data(as_text=True)
    assert "The camera is off. Enter moves by hand on the scoreboard." in page
    tablet = client.get(f"/g/{GAME_ID}/camera/", headers=auth).get_data(as_text=True)
    # Issue 17: no photo upload is offered where no photo can be read (it used to end in "not available").
    assert 'id="photo-form"' not in tablet and "send a photo" not in tablet and "not available" not in tablet
    assert client.get(f"/g/{GAME_ID}/camera/live.mjpg").status_code == 404
    assert client.post(f"/g/{GAME_ID}/camera/photo", headers=auth).status_code == 409


class FakeCamera:
    """A test double for a device: produces real JPEG frames with a changing number drawn on them."""

    def __init__(self):
        self.count = 0
        self.chosen = "cam0"

    def latest_jpeg(self):
        self.count += 1
        image = np.full((120, 160, 3), 40, np.uint8)
        cv2.putText(image, str(self.count), (20, 80), cv2.FONT_HERSHEY_SIMPLEX, 2, (255, 255, 255), 3)
        return cv2.imencode(".jpg", image)[1].tobytes()

    def sources(self):
        return ["cam0", "cam1"]

    def select(self, source):
        self.chosen = source


@pytest.fixture
def camera_app(app):
    seen = []
    app.config["CAMERA"] = FakeCamera()
    cards = [{"code": f"heart-x-{v}", "payload": "secret", "zone": "seat:1", "table_mm": None} for v in (25, 50, 100)]
    app.config["PHOTO_HANDLER"] = lambda data: seen.append(data) or {"cards": cards, "bytes": len(data)}
    app.config["SEEN"] = seen
    return app


def test_mjpeg_stream_carries_decodable_jpegs(camera_app):
    client = camera_app.test_client()
    response = client.get(f"/g/{GAME_ID}/camera/live.mjpg")
    assert response.mimetype == "multipart/x-mixed-replace"
    parts = [p for p in response.get_data().split(b"--frame\r\n") if p]
    assert len(parts) >= 3
    header, _sep, body = parts[0].partition(b"\r\n\r\n")
    assert b"image/jpeg" in header
    frame = cv2.imdecode(np.frombuffer(body.rstrip(b"\r\n"), np.uint8), cv2.IMREAD_COLOR)
    assert frame.shape == (120, 160, 3)


def test_camera_choice_and_photo_upload(camera_app, auth):
    import io

    client = camera_app.test_client()
    page = client.get(f"/g/{GAME_ID}/camera/").get_data(as_text=True)
    assert "live.mjpg" in page
    assert 'id="photo-form"' in client.get(f"/g/{GAME_ID}/camera/", headers=auth).get_data(as_text=True), "a reader: upload offered"
    assert client.post(f"/g/{GAME_ID}/camera/source", json={"source": "cam1"}, headers=auth).status_code == 200
    assert camera_app.config["CAMERA"].chosen == "cam1"
    assert client.post(f"/g/{GAME_ID}/camera/source", json={"source": "nope"}, headers=auth).status_code == 400
    jpeg = FakeCamera().latest_jpeg()
    ok = client.post(f"/g/{GAME_ID}/camera/photo", headers=auth, data={"photo": (io.BytesIO(jpeg), "table.jpg")})
    assert ok.status_code == 200 and ok.json["result"]["bytes"] == len(jpeg)
    assert ok.json["result"]["cards"] == 3 and b"heart-x" not in ok.data, "the camera page counts cards, never names them"
    bad = client.post(f"/g/{GAME_ID}/camera/photo", headers=auth, data={"photo": (io.BytesIO(b"not an image"), "x.txt")})
    assert bad.status_code == 400 and "JPEG" in bad.json["error"]["message"]
    assert client.post(f"/g/{GAME_ID}/camera/photo", data={"photo": (io.BytesIO(jpeg), "t.jpg")}).status_code == 403
    assert camera_app.config["SEEN"] == [jpeg]


def test_language_switch_per_device(client):
    ru = client.get(f"/g/{GAME_ID}/rules?lang=ru")
    assert "Дом" in ru.get_data(as_text=True) or "Правила" in ru.get_data(as_text=True)
    assert "lang=ru" in ru.headers.get("Set-Cookie", "")
    again = client.get(f"/g/{GAME_ID}/rules").get_data(as_text=True)
    assert 'lang="ru"' in again
    history = client.get(f"/g/{GAME_ID}/state.json").json["board"]["history"]
    assert history[0]["text"].startswith("Cat взял") or "Cat" in history[0]["text"]
    en = client.get(f"/g/{GAME_ID}/rules?lang=en").get_data(as_text=True)
    assert 'lang="en"' in en and "House readings" in en
    accept = client.get("/", headers={"Accept-Language": "ru-RU,ru;q=0.9"})
    assert 'lang="' in accept.get_data(as_text=True)


def test_value_table_is_the_decks():
    assert set(VALUE.values()) == {25, 50, 100}


@pytest.mark.parametrize("game", ["grow", "cats", "match"])
def test_camera_page_gives_other_games_no_bux_calibration(game, tmp_path, client):
    """The calibration steps fit any game; where the plates go comes from the game's own screens (BUX's: bid area, timer;
    each other game's its own middle plates, as its table layout lays them)."""
    from companion.web import create_app
    from tests.web.tables import store_table

    db = tmp_path / f"{game}.db"
    store_table(db, game)
    page = create_app({"DB": str(db), "TESTING": True}).test_client().get(f"/g/{game}/camera/").get_data(as_text=True)
    own = {"grow": "the round row and discard plates in the middle", "cats": "the lot, stake and penalty plates in the middle",
           "match": "the two deck and two discard plates in a block in the middle"}
    assert "Put each seat plate in front of its player" in page and own[game] in page
    assert "timer" not in page.lower() and "bid area" not in page
    bux = client.get(f"/g/{GAME_ID}/camera/").get_data(as_text=True)
    assert "the bid area, discard and timer plates in the middle" in bux
