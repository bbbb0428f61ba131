"""One tablet POST = one GameSession, one read of the game's key, one check of its request id, inside the write.

Counted on a real POST (real SQLite, Flask's test client): every statement the
request's connections send is traced, and GameSession's constructor counted.
Before this, one entry built three sessions (the gate, the token check, the
view), read the key three times and looked its request id up four times (the
reply cache before the view, the session before judging, the store inside the
transaction, the answer keeper after).
"""

from __future__ import annotations

import sqlite3

import pytest

from companion.store import sqlite as sqlite_store
from companion.store.backends import open_store
from companion.store.session import GameSession
from companion.web import create_app
from companion.web.access import game_key, game_token
from tests.web.conftest import GAME_ID, LINES, kinds, start_game

REQUEST_ID = "tap-one-post-01"


@pytest.fixture
def counted(tmp_path, monkeypatch):
    """(client, token, db, statements, sessions): the statements and the sessions built after the fixture is made."""
    db = tmp_path / "one.db"
    start_game(db, 5)
    with open_store(db) as store:
        token = game_token(game_key(store, GAME_ID))
    client = create_app({"DB": str(db), "TESTING": True}).test_client()
    statements: list[str] = []
    sessions: list[str] = []
    connect = sqlite3.connect

    def traced(*args, **kwargs):
        connection = connect(*args, **kwargs)
        connection.set_trace_callback(statements.append)
        return connection

    built = GameSession.__init__

    def counting(self, store, game_id, **kwargs):
        sessions.append(game_id)
        built(self, store, game_id, **kwargs)

    monkeypatch.setattr(sqlite_store.sqlite3, "connect", traced)
    monkeypatch.setattr(GameSession, "__init__", counting)
    return client, token, db, statements, sessions


def _request_id_checks(statements: list[str]) -> list[int]:
    """Return the indexes of the statements that look a request id up (events or kept replies)."""
    return [i for i, sql in enumerate(statements) if sql.lstrip().upper().startswith("SELECT") and "request_id =" in sql]


def _inside_a_write(statements: list[str], index: int) -> bool:
    """Return True if statement `index` runs between a BEGIN IMMEDIATE and its COMMIT on the traced connection."""
    begun = max((i for i, sql in enumerate(statements[:index]) if sql.strip() == "BEGIN IMMEDIATE"), default=None)
    return begun is not None and not any(sql.strip() in ("COMMIT", "ROLLBACK") for sql in statements[begun:index])


def test_an_entry_builds_one_session_reads_the_key_once_and_checks_its_request_id_once_inside_the_write(counted):
    client, token, db, statements, sessions = counted
    seen = client.get(f"/g/{GAME_ID}/api/options", headers={"X-Companion-Token": token}).get_json()["seq"]
    statements.clear()
    sessions.clear()
    answer = client.post(f"/g/{GAME_ID}/api/move", json={"line": LINES[6]},
                         headers={"X-Companion-Token": token, "X-Request-Id": REQUEST_ID, "X-Seen-Seq": str(seen)})
    assert answer.status_code == 200, answer.get_json()
    assert sessions == [GAME_ID]
    assert sum("web_key" in sql for sql in statements) == 1
    checks = _request_id_checks(statements)
    assert len(checks) == 1, [statements[i] for i in checks]
    assert _inside_a_write(statements, checks[0])
    assert kinds(db).count("move") == 1 + 5 + 1


def test_a_repeat_is_found_inside_the_write_and_gets_the_first_answer(counted):
    client, token, db, statements, sessions = counted
    headers = {"X-Companion-Token": token, "X-Request-Id": REQUEST_ID}
    first = client.post(f"/g/{GAME_ID}/api/undo", headers=headers)
    assert first.status_code == 200
    statements.clear()
    again = client.post(f"/g/{GAME_ID}/api/undo", headers=headers)
    assert (again.status_code, again.get_json(), again.headers.get("X-Repeated-Request")) == (200, first.get_json(), "1")
    assert kinds(db).count("undo") == 1
    id_lookups = [statements[i] for i in _request_id_checks(statements) if "FROM events" in statements[i]]
    assert len(id_lookups) == 1 and _inside_a_write(statements, statements.index(id_lookups[0]))


def test_a_repeat_refused_before_the_write_still_gets_the_first_answer(counted):
    """A repeat whose view refuses it before judging (the first one resolved its attention item) is answered as the first."""
    client, token, db, _statements, _sessions = counted
    with open_store(db) as store:
        item = GameSession(store, GAME_ID).raise_attention("check this draw", proposed=LINES[6])
    headers = {"X-Companion-Token": token, "X-Request-Id": REQUEST_ID}
    body = {"line": LINES[6], "attention": item}
    first = client.post(f"/g/{GAME_ID}/api/move", json=body, headers=headers)
    assert first.status_code == 200
    fresh = client.post(f"/g/{GAME_ID}/api/move", json=body, headers={**headers, "X-Request-Id": "tap-one-post-02"})
    assert fresh.status_code == 409  # the item is resolved: a new request is refused
    again = client.post(f"/g/{GAME_ID}/api/move", json=body, headers=headers)
    assert (again.status_code, again.get_json(), again.headers.get("X-Repeated-Request")) == (200, first.get_json(), "1")
    assert again.headers.get("X-Content-Type-Options") == "nosniff"  # answered in place: the shared headers stay
    assert kinds(db).count("move") == 1 + 5 + 1


def test_a_stranger_reusing_a_stored_request_id_gets_the_refusal_not_the_answer(counted):
    """The lookup on a refusal is scoped to the first asker's credential and path: no token stays a 403."""
    client, token, db, _statements, _sessions = counted
    first = client.post(f"/g/{GAME_ID}/api/undo", headers={"X-Companion-Token": token, "X-Request-Id": REQUEST_ID})
    assert first.status_code == 200
    stranger = client.post(f"/g/{GAME_ID}/api/undo", headers={"X-Request-Id": REQUEST_ID})
    assert stranger.status_code == 403 and stranger.headers.get("X-Repeated-Request") is None
    assert first.get_json()["message"] not in stranger.get_data(as_text=True)
