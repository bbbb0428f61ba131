"""Right answers when the storage fails: a read-only period and a full disk, on a real (tmpfs) filesystem.

Scoreboards stay readable, writes answer 503 / 507 with a sentence and store
nothing, and writing works again once the storage does, without a restart.
"""

from __future__ import annotations

import subprocess

import pytest

from companion.store.backends import open_store
from companion.web import create_app
from companion.web.access import game_key, game_token
from tests.tmpfs import fill, tmpfs
from tests.web.conftest import GAME_ID, LINES, start_game

MOVE = f"/g/{GAME_ID}/api/move"


@pytest.fixture
def disk(tmp_path):
    """A real 3 MB tmpfs (needs root, as in CI); skips where mounting is not allowed."""
    with tmpfs(tmp_path / "disk", "3m") as mount:
        yield mount


@pytest.fixture
def game(disk):
    db = disk / "companion.db"
    start_game(db, 5)
    with open_store(db) as store:
        token = game_token(game_key(store, GAME_ID))
    app = create_app({"DB": str(db), "TESTING": True})
    return db, app.test_client(), {"X-Companion-Token": token}


def _remount(disk, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(disk)], check=True)


def test_a_read_only_period_keeps_the_scoreboard_and_refuses_writes_until_it_ends(disk, game):
    db, client, auth = game
    before = client.get(f"/g/{GAME_ID}/state.json").get_json()
    _remount(disk, "ro")
    assert client.get(f"/g/{GAME_ID}").status_code == 200
    during = client.get(f"/g/{GAME_ID}/state.json")
    assert during.status_code == 200 and during.get_json()["board"] == before["board"]
    refused = client.post(MOVE, json={"line": LINES[6]}, headers=auth)
    assert refused.status_code == 503
    assert "read-only" in refused.get_json()["error"]["message"] and "nothing was stored" in refused.get_json()["error"]["message"]
    assert client.get("/g/nope/state.json").status_code == 404
    _remount(disk, "rw")
    assert client.post(MOVE, json={"line": LINES[6]}, headers=auth).status_code == 200
    assert client.get(f"/g/{GAME_ID}/state.json").get_json()["seq"] == before["seq"] + 1


def test_a_full_disk_answers_507_and_stores_nothing(disk, game):
    db, client, auth = game
    before = client.get(f"/g/{GAME_ID}/state.json").get_json()
    filler = disk / "filler"
    fill(filler)
    answers = [client.post(MOVE, json={"line": {**LINES[6], "note": "x" * 3000}}, headers=auth) for _ in range(3)]
    full = [a for a in answers if a.status_code == 507]
    assert full, [a.status_code for a in answers]
    assert "nothing was stored" in full[0].get_json()["error"]["message"]
    assert all(a.status_code in (507, 422) for a in answers)
    after = client.get(f"/g/{GAME_ID}/state.json").get_json()
    assert after["board"] == before["board"]
    filler.unlink()
    assert client.post(MOVE, json={"line": LINES[6]}, headers=auth).status_code == 200
