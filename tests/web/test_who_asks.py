"""Answers go only to whoever may have them: the reply cache is scoped to the credential and path, and the
host screen trusts the socket's peer, not a proxy's word (issue 29).

Real SQLite, Flask's test client, and the live server on loopback for the host screen's headers.
"""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from tests.web.conftest import GAME_ID, LINES, kinds

MOVE = f"/g/{GAME_ID}/api/move"


def test_a_repeated_request_id_without_the_token_gets_no_cached_answer(client, auth, db):
    headers = {**auth, "X-Request-Id": "tap-private-0001"}
    first = client.post(MOVE, json={"line": LINES[6]}, headers=headers)
    assert first.status_code == 200
    stored = kinds(db)
    for path in (MOVE, f"/g/{GAME_ID}/api/undo", f"/g/{GAME_ID}/api/attention/x/dismiss"):
        stranger = client.post(path, json={}, headers={"X-Request-Id": "tap-private-0001"})
        assert stranger.status_code in (403, 404, 405), path
        assert stranger.headers.get("X-Repeated-Request") is None
        assert stranger.get_data() != first.get_data()
    assert kinds(db) == stored
    # The same id from the same tablet on the same path is still its first answer.
    again = client.post(MOVE, json={"line": LINES[6]}, headers=headers)
    assert again.get_json() == first.get_json() and again.headers.get("X-Repeated-Request") == "1"


def test_a_repeated_request_id_on_another_path_is_not_answered_from_the_cache(client, auth, db):
    first = client.post(MOVE, json={"line": LINES[6]}, headers={**auth, "X-Request-Id": "tap-private-0002"})
    assert first.status_code == 200
    other = client.post(f"/g/{GAME_ID}/api/undo", json={}, headers={**auth, "X-Request-Id": "tap-private-0002"})
    assert other.headers.get("X-Repeated-Request") is None and other.get_data() != first.get_data()
    assert kinds(db).count("undo") == 0  # the id was used: nothing is stored twice under it


@pytest.mark.parametrize("header, value", [
    ("X-Real-IP", "203.0.113.7"),
    ("Forwarded", "for=203.0.113.7;proto=http"),
    ("X-Forwarded-For", "203.0.113.7"),
    ("X-Forwarded-For", "127.0.0.1"),   # a proxy's word, not the socket's: refused as well
])
def test_the_host_screen_refuses_forwarded_requests(client, header, value):
    assert client.get(f"/g/{GAME_ID}/host/").status_code == 200
    forwarded = client.get(f"/g/{GAME_ID}/host/", headers={header: value})
    assert forwarded.status_code == 403
    assert "join" not in forwarded.get_data(as_text=True).lower() or "t=" not in forwarded.get_data(as_text=True)
    assert client.get(f"/g/{GAME_ID}/host/seat/Ann.json", headers={header: value}).status_code == 403


def test_the_host_screen_behind_a_named_proxy_shows_only_to_this_machine(app, client):
    app.config["HOST_PROXY"] = "127.0.0.1"
    assert client.get(f"/g/{GAME_ID}/host/", headers={"X-Real-IP": "127.0.0.1"}).status_code == 200
    assert client.get(f"/g/{GAME_ID}/host/", headers={"Forwarded": 'for="[::1]"'}).status_code == 200
    assert client.get(f"/g/{GAME_ID}/host/", headers={"X-Real-IP": "203.0.113.7"}).status_code == 403
    assert client.get(f"/g/{GAME_ID}/host/", headers={"Forwarded": "proto=http"}).status_code == 403
    assert client.get(f"/g/{GAME_ID}/host/", headers={"X-Real-IP": "127.0.0.1"},
                      environ_base={"REMOTE_ADDR": "192.168.1.20"}).status_code == 403


def test_the_live_server_refuses_a_forwarded_host_screen(server):
    """Over real HTTP (uvicorn): a local proxy's X-Real-IP or Forwarded does not pass as this machine."""
    with urllib.request.urlopen(f"{server}/g/{GAME_ID}/host/", timeout=10) as shown:
        assert shown.status == 200
    for header, value in (("X-Real-IP", "203.0.113.7"), ("Forwarded", "for=203.0.113.7"), ("X-Forwarded-For", "127.0.0.1")):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(urllib.request.Request(f"{server}/g/{GAME_ID}/host/", headers={header: value}), timeout=10)
        assert refused.value.code == 403
        refused.value.close()
