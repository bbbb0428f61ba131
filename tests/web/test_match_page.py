"""The match page's API on a real SQLite store: photo -> proposed round -> confirm/correct -> scoreboard."""

from __future__ import annotations

import html

import json

import cv2
import pytest

from companion.cards.payloads import save_print
from companion.commands.serve import app_config
from companion.store.session import GameSession
from companion.store.backends import open_store
from companion.web import create_app
from companion.web.access import game_key, game_token
from tests.games.match import scenes

GAME = "m1"


@pytest.fixture(scope="module")
def photos():
    """PNG bytes of the three rendered rounds, and round 2 with Ben's <200> lying face down."""
    def png(image):
        return cv2.imencode(".png", image)[1].tobytes()
    return {1: png(scenes.render(1)), 2: png(scenes.render(2)), 3: png(scenes.render(3)),
            "2-missing": png(scenes.render(2, hidden=("red-200-1",)))}


@pytest.fixture
def match_db(tmp_path):
    db = tmp_path / "match.db"
    with open_store(db) as store:
        GameSession.start(store, {"type": "setup", "game": "match", "players": list(scenes.PLAYERS), "dealer": "Cat", "advanced": True}, game_id=GAME)
    save_print(scenes.print_deck(), tmp_path / "match.print.json")
    return db


@pytest.fixture
def app(match_db):
    """The app as `companion serve --deck` builds it: the photo reader comes from the composition root."""
    config = app_config(match_db, deck=match_db.parent / "match.print.json")
    config.update({"TESTING": True, "SSE_SECONDS": 0.5, "SSE_POLL": 0.05})
    return create_app(config)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def auth(match_db):
    with open_store(match_db) as store:
        return {"X-Companion-Token": game_token(game_key(store, GAME))}


def events(db):
    with open_store(db) as store:
        return GameSession(store, GAME).events


def send_photo(client, auth, data, seats=scenes.SEATS):
    """Post a photo as the page does (multipart); the spooled request body is closed afterwards."""
    import io

    from werkzeug.test import EnvironBuilder

    builder = EnvironBuilder(path=f"/g/{GAME}/match/api/photo", method="POST", headers=auth,
                             data={"photo": (io.BytesIO(data), "table.png"), "seats": json.dumps(seats)})
    environ = builder.get_environ()
    try:
        return client.open(environ)
    finally:
        environ["wsgi.input"].close()
        builder.close()


def test_the_game_link_leads_to_the_match_page(client):
    response = client.get(f"/g/{GAME}")
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/g/{GAME}/match/")
    page = client.get(f"/g/{GAME}/match/").get_data(as_text=True)
    assert "Round 3" in page and 'id="m-entry"' not in page, "the scoring panel needs the game token"


def test_three_photos_confirmed_give_the_hand_worked_totals(client, auth, photos, match_db):
    for n in (1, 2, 3):
        reading = send_photo(client, auth, photos[n]).get_json()["reading"]
        assert reading["problems"] == []
        done = client.post(f"/g/{GAME}/match/api/round", headers=auth,
                           json={"players": reading["round"]["players"], "attention": reading["attention"]})
        assert done.status_code == 200, done.get_json()
    board = client.get(f"/g/{GAME}/state.json").get_json()["board"]
    assert {p["name"]: p["rounds"] for p in board["players"]} == {n: [s[n] for s in scenes.SCORES] for n in scenes.PLAYERS}
    assert {p["name"]: p["total"] for p in board["players"]} == scenes.TOTALS
    assert board["over"] and board["winners"] == ["Cat"]
    assert [r["number"] for r in board["scored"]] == [1, 2, 3]
    kinds = [e.kind for e in events(match_db)]
    assert kinds.count("attention") == 3 and kinds.count("resolved") == 3
    confirmed = [e.data["how"] for e in events(match_db) if e.kind == "resolved"]
    assert confirmed == ["confirmed"] * 3
    assert send_photo(client, auth, photos[1]).status_code == 409, "no round left to score"


def test_a_missed_card_is_typed_in_and_the_round_is_marked_corrected(client, auth, photos, match_db):
    client.post(f"/g/{GAME}/match/api/round", headers=auth, json={"players": {
        n: {"matches": [list(m) for m in ms], "hand": h} for n, (ms, h) in scenes.ROUNDS[0].items()}})
    reading = send_photo(client, auth, photos["2-missing"]).get_json()["reading"]
    assert reading["rows"]["Ben"][1] == ["blue-200-1", None]
    assert any("'200' has no partner" in p for p in reading["problems"]), "problems name faces, not codes"
    players = {n: {"matches": [list(r) for r in reading["rows"][n]], "hand": reading["round"]["players"][n]["hand"]}
               for n in scenes.PLAYERS}
    refused = client.post(f"/g/{GAME}/match/api/preview", headers=auth, json={"players": players})
    assert refused.status_code == 422, refused.get_json()
    assert "Match 2 of Ben needs two cards" in refused.get_json()["error"]["message"]
    players["Ben"]["matches"][1][1] = "<200>"
    preview = client.post(f"/g/{GAME}/match/api/preview", headers=auth, json={"players": players}).get_json()
    assert {n: s["score"] for n, s in preview["scores"].items()} == scenes.SCORES[1]
    done = client.post(f"/g/{GAME}/match/api/round", headers=auth, json={"players": players, "attention": reading["attention"]})
    assert done.status_code == 200
    last = [e for e in events(match_db) if e.kind in ("move", "resolved")]
    assert last[-1].data["how"] == "corrected"
    assert last[-2].data["evidence"]["attention"] == reading["attention"]


def test_an_illegal_round_is_refused_and_changes_nothing(client, auth, match_db):
    before = [e.kind for e in events(match_db)]
    players = {"Ann": {"matches": [["300", "<400>"]], "hand": []}, "Ben": {"matches": [], "hand": ["<100>"]},
               "Cat": {"matches": [], "hand": ["<200>"]}}
    response = client.post(f"/g/{GAME}/match/api/round", headers=auth, json={"players": players})
    assert response.status_code == 422
    assert "not a match" in response.get_json()["error"]["message"]
    assert "blue-300" not in response.get_json()["error"]["message"], "codes are shown as faces"
    assert [e.kind for e in events(match_db)] == before


@pytest.mark.parametrize("data, status", [(b"GIF89a...", 400), (b"\x89PNG\r\n\x1a\nbroken", 422)])
def test_bad_uploads_get_a_message(client, auth, data, status):
    response = send_photo(client, auth, data)
    assert response.status_code == status
    assert response.get_json()["error"]["message"]


def test_actions_need_the_token(client, photos):
    assert send_photo(client, {}, photos[1]).status_code == 403
    assert client.post(f"/g/{GAME}/match/api/round", json={"players": {}}).status_code == 403


def test_without_a_deck_file_the_photo_is_refused_but_hand_entry_works(match_db, auth):
    client = create_app({"DB": str(match_db), "TESTING": True}).test_client()
    page = client.get(f"/g/{GAME}/match/", headers=auth).get_data(as_text=True)
    # Issue 17: say what a player can do instead, not how to restart the program.
    assert "Photos are not read at this table: tap «Enter by hand»" in html.unescape(page) and "--deck" not in page
    ru = client.get(f"/g/{GAME}/match/?lang=ru", headers=auth).get_data(as_text=True)
    assert "Фото за этим столом не распознаются: нажмите «Ввести вручную»" in html.unescape(ru)
    assert send_photo(client, auth, b"\x89PNG\r\n\x1a\n").status_code == 409


def test_undo_removes_the_last_round(client, auth, match_db):
    players = {n: {"matches": [list(m) for m in ms], "hand": h} for n, (ms, h) in scenes.ROUNDS[0].items()}
    assert client.post(f"/g/{GAME}/match/api/round", headers=auth, json={"players": players}).status_code == 200
    assert client.post(f"/g/{GAME}/api/undo", headers=auth, json={}).status_code == 200
    board = client.get(f"/g/{GAME}/state.json").get_json()["board"]
    assert all(p["rounds"] == [None, None, None] for p in board["players"]) and board["round"] == 1


def test_a_deck_file_of_another_games_print_offers_no_photo_reading(match_db, auth, tmp_path):
    """`serve --deck` with the BUX print's file: the match page must not read BUX cards as a round."""
    from companion.cards.decks import load_deck
    from companion.cards.payloads import new_print

    save_print(new_print(load_deck("bux"), "bux-print", secret=b"bux-test-print"), tmp_path / "bux.print.json")
    config = app_config(match_db, deck=tmp_path / "bux.print.json")
    client = create_app({**config, "TESTING": True}).test_client()
    assert send_photo(client, auth, b"\x89PNG\r\n\x1a\n").status_code == 409
    page = client.get(f"/g/{GAME}/match/", headers=auth).get_data(as_text=True)
    assert 'id="m-photo"' not in page
