"""The setup check on the tablet's camera page: a real LiveTable and LiveCamera over a rendered table frame.

The advice comes from companion.vision.check; the page runs it on the newest frame (token
needed: it costs a still read), lists the sentences and shows the annotated picture, and
names no card (the cards' codes carry their back values; this page is a shared screen).
"""

from __future__ import annotations

import re

import cv2
import numpy as np

from tests.web.camera_rooms import CODES, live_app, table_frames  # noqa: F401 (fixtures)
from tests.web.conftest import GAME_ID

def test_the_page_offers_the_check_to_the_tablet_only(live_app, auth):
    app, _live, _printed = live_app
    client = app.test_client()
    tablet = client.get(f"/g/{GAME_ID}/camera/", headers=auth).get_data(as_text=True)
    assert 'id="setup-check-run"' in tablet and "camera_check.js" in tablet
    public = client.get(f"/g/{GAME_ID}/camera/").get_data(as_text=True)
    assert 'id="setup-check"' in public and 'id="setup-check-run"' not in public
    assert client.post(f"/g/{GAME_ID}/camera/check").status_code == 403


def test_before_the_first_frame_the_check_says_to_wait(live_app, auth):
    app, _live, _printed = live_app
    client = app.test_client()
    response = client.post(f"/g/{GAME_ID}/camera/check", headers=auth)
    assert response.status_code == 409 and "No picture from the camera yet" in response.json["error"]["message"]
    assert client.get(f"/g/{GAME_ID}/camera/check.jpg").status_code == 404


def test_the_check_lists_advice_and_shows_the_annotated_frame_without_card_codes(live_app, auth, table_frames):
    app, live, printed = live_app
    _print, good, dark = table_frames
    client = app.test_client()
    live.feed(good, 0.0)
    body = client.post(f"/g/{GAME_ID}/camera/check", headers=auth).json
    assert body["ok"] is True and body["advice"][0].startswith("setup looks good") and body["said"][0]["id"] == "check.good" and body["cards_read"] == 3
    image = client.get(body["overlay"])
    assert image.mimetype == "image/jpeg"
    assert cv2.imdecode(np.frombuffer(image.data, np.uint8), cv2.IMREAD_COLOR).shape == (540, 960, 3)
    live.feed(dark, 1.0)
    response = client.post(f"/g/{GAME_ID}/camera/check", headers=auth)
    assert response.json["ok"] is False and any("too dark" in s for s in response.json["advice"])
    raw = response.get_data(as_text=True)
    assert not any(code in raw or printed.payload(code) in raw for code in CODES)


def _no_english(sentences: list[str]) -> bool:
    return all(not re.search(r"[A-Za-z]", s.replace("1080p", "").replace("4K", "")) for s in sentences)


def test_the_advice_speaks_the_readers_language(live_app, auth, table_frames):
    """?lang=ru or a Russian browser gets the advice in Russian, zone names included; English readers as the CLI."""
    app, live, _printed = live_app
    _print, _good, dark = table_frames
    client = app.test_client()
    live.feed(dark, 0.0)
    russian = client.post(f"/g/{GAME_ID}/camera/check?lang=ru", headers=auth).json
    assert russian["ok"] is False and russian["advice"] and _no_english(russian["advice"]), russian["advice"]
    assert any(s.startswith("картинка слишком тёмная") and "лампу" in s for s in russian["advice"])
    assert [said["id"] for said in russian["said"]][0] == "check.dark"
    english = client.post(f"/g/{GAME_ID}/camera/check?lang=en", headers=auth).json
    assert any("too dark" in s and "lamp" in s for s in english["advice"]) and english["said"] == russian["said"]
    browser = app.test_client()  # no cookie: the browser's language decides
    by_header = browser.post(f"/g/{GAME_ID}/camera/check", headers={**auth, "Accept-Language": "ru-RU,ru;q=0.9"}).json
    assert by_header["advice"] == russian["advice"]
    assert any(z in s for s in by_header["advice"] for z in ("место ", "зона ", "сброс")), by_header["advice"]


def test_the_picture_labels_its_zones_in_the_readers_language(live_app, auth, table_frames, artifacts):
    """The overlay's zone names are worded too: a Russian reader's picture differs from the English one in the labels only."""
    app, live, _printed = live_app
    client = app.test_client()
    live.feed(table_frames[1], 0.0)
    overlay = client.post(f"/g/{GAME_ID}/camera/check?lang=ru", headers=auth).json["overlay"]
    pictures = {}
    for lang in ("ru", "en"):
        response = client.get(f"{overlay}&lang={lang}")
        assert response.status_code == 200 and response.mimetype == "image/jpeg"
        pictures[lang] = cv2.imdecode(np.frombuffer(response.data, np.uint8), cv2.IMREAD_COLOR)
        (artifacts / "web").mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(artifacts / "web" / f"camera-check-overlay-{lang}.png"), pictures[lang])
    ru, en = pictures["ru"].astype(int), pictures["en"].astype(int)
    assert ru.shape == en.shape == (540, 960, 3)
    changed = np.abs(ru - en).max(axis=2) > 40
    assert 0.002 < changed.mean() < 0.1  # the labels, not the picture
