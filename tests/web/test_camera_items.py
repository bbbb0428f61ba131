"""The camera's items on any game's tablet (companion/web/camera_items.py): listed in the reader's language,
confirmed or dismissed, refused with a sentence; real SQLite, Flask client, and a real Chromium for the panel.

Items are stored as the camera loop stores them (companion.live: `proposed` and `evidence.say`); BUX shows its
own (its page has a Correct form) and answers 404 here.
"""

from __future__ import annotations

import pytest

from companion.store.backends import open_store
from companion.store.session import GameSession
from companion.web import create_app
from tests.web.tables import BUX_SETUP
from tests.web.test_grow import events_of, start_grow, state_of, tokens_of

ROW = ["green-02", "red-02", "blue-05"]
DRAW = {"type": "draw", "cards": ROW}
URL = "/g/gr/api/camera-items"


def raise_item(db, *, proposed=None, say=None, message="confirm: 3 cards are turned face up in the row") -> str:
    """Store an attention item as the camera loop does (companion.live._propose / _handle)."""
    with open_store(db) as store:
        return GameSession(store, "gr").raise_attention(message, proposed=proposed, evidence={"say": say} if say else None,
                                                        source="camera")


DRAW_SAID = {"id": "camera.confirm", "inner": {"id": "camera.draw", "params": {"cards": ROW}}}


@pytest.fixture
def grow(tmp_path):
    db = tmp_path / "grow.db"
    start_grow(db)
    app = create_app({"DB": str(db), "TESTING": True})
    token, phones = tokens_of(db)
    return app.test_client(), {"X-Companion-Token": token}, phones, db


def test_items_are_listed_in_the_readers_language_and_say_which_can_be_confirmed(grow):
    client, auth, _phones, db = grow
    first = raise_item(db, proposed=DRAW, say=DRAW_SAID)
    second = raise_item(db, message="the camera does not see 1 card that Ann holds at their seat",
                        say={"id": "camera.seat_missing", "params": {"player": "Ann", "cards": ["gold-05"]}})
    english = client.get(URL, headers=auth)
    assert english.status_code == 200 and english.headers["Cache-Control"] == "no-store"
    assert english.get_json()["items"] == [
        {"id": first, "text": "confirm: 3 cards are turned face up in the row", "confirm": True},
        {"id": second, "text": "the camera does not see 1 card that Ann holds at their seat", "confirm": False}]
    russian = client.get(URL + "?lang=ru", headers=auth).get_json()["items"]
    assert russian[0]["text"].startswith("подтвердите: в ряду открыли 3 карты")
    assert "Ann" in russian[1]["text"] and "камера не видит" in russian[1]["text"]


def test_an_item_this_version_cannot_word_shows_its_english_message(grow):
    client, auth, _phones, db = grow
    raise_item(db, message="something the camera saw", say={"id": "camera.no_such_sentence", "params": {}})
    assert [i["text"] for i in client.get(URL, headers=auth).get_json()["items"]] == ["something the camera saw"]


def test_only_the_tablet_sees_or_answers_the_items(grow):
    client, _auth, phones, db = grow
    item = raise_item(db, proposed=DRAW, say=DRAW_SAID)
    before = len(events_of(db))
    for headers in ({}, {"X-Companion-Token": phones["Ann"]}, {"X-Companion-Token": "x" * 40}):
        assert client.get(URL, headers=headers).status_code == 403
        refused = client.post(f"{URL}/{item}", json={"how": "confirm"}, headers=headers)
        assert refused.status_code == 403 and "join link" in refused.get_json()["error"]["message"]
    assert len(events_of(db)) == before


def test_confirm_stores_the_proposed_move_once_and_closes_the_item(grow):
    client, auth, _phones, db = grow
    item = raise_item(db, proposed=DRAW, say=DRAW_SAID)
    answer = client.post(f"{URL}/{item}", json={"how": "confirm"}, headers=auth)
    assert answer.status_code == 200, answer.get_json()
    assert state_of(db).row == tuple(ROW)
    assert client.get(URL, headers=auth).get_json()["items"] == []
    before = len(events_of(db))
    again = client.post(f"{URL}/{item}", json={"how": "confirm"}, headers=auth)
    assert again.status_code == 409 and "already answered" in again.get_json()["error"]["message"]
    assert len(events_of(db)) == before


def test_dismiss_closes_the_item_and_stores_no_move(grow):
    client, auth, _phones, db = grow
    item = raise_item(db, proposed=DRAW, say=DRAW_SAID)
    assert client.post(f"{URL}/{item}", json={"how": "dismiss"}, headers=auth).status_code == 200
    assert state_of(db).row == ()
    assert client.get(URL, headers=auth).get_json()["items"] == []


def test_a_proposal_the_rules_refuse_is_a_sentence_and_stores_nothing(grow):
    client, auth, _phones, db = grow
    item = raise_item(db, proposed={"type": "draw", "cards": ["green-02", "green-02", "blue-05"]}, say=DRAW_SAID)
    before = len(events_of(db))
    answer = client.post(f"{URL}/{item}", json={"how": "confirm"}, headers=auth)
    assert answer.status_code == 422
    text = answer.get_json()["error"]["message"]
    assert text and "Traceback" not in text and "None" not in text
    assert len(events_of(db)) == before + 1  # the rejection is kept for the audit: no move, the item stays open
    assert state_of(db).row == ()
    assert [i["id"] for i in client.get(URL, headers=auth).get_json()["items"]] == [item]


@pytest.mark.parametrize("body", [{"how": "maybe"}, {}, {"how": ["confirm"]}])
def test_a_wrong_answer_is_refused_and_changes_nothing(grow, body):
    client, auth, _phones, db = grow
    item = raise_item(db, proposed=DRAW, say=DRAW_SAID)
    before = len(events_of(db))
    answer = client.post(f"{URL}/{item}", json=body, headers=auth)
    assert answer.status_code == 400 and answer.get_json()["error"]["message"] == "Say confirm or dismiss."
    assert len(events_of(db)) == before


def test_an_item_with_nothing_to_confirm_says_so(grow):
    client, auth, _phones, db = grow
    item = raise_item(db, message="a card lies off the table")
    answer = client.post(f"{URL}/{item}", json={"how": "confirm"}, headers=auth)
    assert answer.status_code == 409 and "proposes no move" in answer.get_json()["error"]["message"]


def test_the_tablet_page_has_the_panel_and_the_wall_has_not(grow):
    client, auth, _phones, db = grow
    token = auth["X-Companion-Token"]
    assert 'id="camera-items"' in client.get(f"/g/gr?t={token}", follow_redirects=True).get_data(as_text=True)
    wall = create_app({"DB": str(db), "TESTING": True}).test_client()
    assert 'id="camera-items"' not in wall.get("/g/gr").get_data(as_text=True)


def test_bux_shows_its_own_items(tmp_path):
    db = tmp_path / "bux.db"
    with open_store(db) as store:
        GameSession.start(store, BUX_SETUP, game_id="gr")
    token, _phones = tokens_of(db)
    client = create_app({"DB": str(db), "TESTING": True}).test_client()
    assert client.get(URL, headers={"X-Companion-Token": token}).status_code == 404
    assert 'id="camera-items"' not in client.get(f"/g/gr?t={token}", follow_redirects=True).get_data(as_text=True)
