"""Many devices, one truth, as seen by the tablet: repeated taps, outdated screens, damaged games, a foreign Host.

Real SQLite, Flask's test client; the racing over real HTTP is in test_racing_clients.py.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.store.session import GameSession, import_record
from companion.store.backends import open_store
from companion.web import create_app
from companion.web.access import game_key, game_token, player_token
from tests.web.conftest import GAME_ID, LINES, kinds

RECORDS = Path(__file__).resolve().parents[1] / "records"
MOVE = f"/g/{GAME_ID}/api/move"


def _seq(client) -> int:
    return client.get(f"/g/{GAME_ID}/state.json").get_json()["seq"]


def test_a_repeated_request_id_gets_the_first_answer_and_stores_nothing(client, auth, db):
    headers = {**auth, "X-Request-Id": "tap-000000001"}
    first = client.post(MOVE, json={"line": LINES[6]}, headers=headers)
    again = client.post(MOVE, json={"line": LINES[6]}, headers=headers)
    assert first.status_code == again.status_code == 200
    assert again.get_json() == first.get_json()
    assert again.headers.get("X-Repeated-Request") == "1"
    assert kinds(db).count("move") == 6 + 1  # setup, 5 moves, this one: once


def test_a_repeated_refused_request_gets_the_same_refusal_once(client, auth, db):
    headers = {**auth, "X-Request-Id": "tap-000000002"}
    bad = {**LINES[6], "price": 42} if "price" in LINES[6] else {**LINES[6], "player": "Nobody"}
    first = client.post(MOVE, json={"line": bad}, headers=headers)
    again = client.post(MOVE, json={"line": bad}, headers=headers)
    assert first.status_code == again.status_code == 422
    assert again.get_json() == first.get_json()
    assert kinds(db).count("rejected") == 1


def test_an_entry_from_a_screen_that_missed_the_last_move_is_a_conflict(client, auth, db):
    seen = _seq(client)
    assert client.post(MOVE, json={"line": LINES[6]}, headers={**auth, "X-Seen-Seq": str(seen)}).status_code == 200
    stored = kinds(db)
    late = client.post(MOVE, json={"line": LINES[6]}, headers={**auth, "X-Seen-Seq": str(seen)})
    assert late.status_code == 409
    error = late.get_json()["error"]
    assert error["rule"] == "entry.conflict"
    assert f"{LINES[6]['player']}'s {LINES[6]['type']}" in error["message"] and "not stored" in error["message"]
    assert kinds(db) == stored  # nothing stored, not even a rejected event
    russian = client.post(MOVE, json={"line": LINES[6]}, headers={**auth, "X-Seen-Seq": str(seen), "Accept-Language": "ru"})
    assert "не сохранён" in russian.get_json()["error"]["message"]
    # The answer tells the screen the latest seq, so its next entry is judged after its own.
    fresh = client.post(MOVE, json={"line": LINES[7]}, headers={**auth, "X-Seen-Seq": late.headers["X-Companion-Seq"]})
    assert fresh.status_code == 200


def test_undo_from_two_tablets_that_saw_the_same_move_undoes_one_move(client, auth, db):
    seen = str(_seq(client))
    first = client.post(f"/g/{GAME_ID}/api/undo", headers={**auth, "X-Seen-Seq": seen})
    second = client.post(f"/g/{GAME_ID}/api/undo", headers={**auth, "X-Seen-Seq": seen})
    assert (first.status_code, second.status_code) == (200, 409)
    assert kinds(db).count("undo") == 1


@pytest.mark.parametrize("header, value", [("X-Request-Id", "short"), ("X-Request-Id", "has space in it"),
                                           ("X-Seen-Seq", "-1"), ("X-Seen-Seq", "1e3"), ("X-Seen-Seq", "9" * 40)])
def test_malformed_write_headers_are_refused_with_a_sentence(client, auth, db, header, value):
    before = kinds(db)
    response = client.post(MOVE, json={"line": LINES[6]}, headers={**auth, header: value})
    assert response.status_code == 400 and response.get_json()["error"]["message"]
    assert kinds(db) == before


def test_the_host_screen_answers_only_to_this_machines_own_names(client):
    assert client.get(f"/g/{GAME_ID}/host/").status_code == 200
    assert client.get(f"/g/{GAME_ID}/host/", headers={"Host": "127.0.0.1:8000"}).status_code == 200
    rebound = client.get(f"/g/{GAME_ID}/host/", headers={"Host": "attacker.example:8000"})
    assert rebound.status_code == 403
    assert game_token(b"") not in rebound.get_data(as_text=True)


# --- a damaged game is not a dead game -------------------------------------------------------

GOLDEN = {"bux": "bux-3p-full.jsonl", "grow": "grow-2p.jsonl", "cats": "cats-2p.jsonl", "match": "match-results-3p.jsonl"}


@pytest.fixture(scope="module")
def damaged_db(tmp_path_factory) -> Path:
    """One store with a game of each kind whose last stored event is a move that does not replay."""
    db = tmp_path_factory.mktemp("damaged") / "companion.db"
    with open_store(db) as store:
        for name, record in GOLDEN.items():
            lines = (RECORDS / record).read_text(encoding="utf-8").splitlines()
            import_record(store, lines[:4], game_id=name)
            game_key(store, name)
    raw = sqlite3.connect(db)
    for name in GOLDEN:
        seq = raw.execute("SELECT MAX(seq) FROM events WHERE game_id = ?", (name,)).fetchone()[0]
        raw.execute("INSERT INTO events (game_id, seq, time, source, kind, payload, prev_hash, hash) "
                    "VALUES (?, ?, 't', 'tablet', 'move', ?, '', '')", (name, seq + 1, json.dumps({"type": "nonsense"})))
    raw.commit()
    raw.close()
    return db


def _routes(app, game: str, players: list[str], key: bytes):
    adapter = app.url_map.bind("localhost")
    for rule in app.url_map.iter_rules():
        if "game_id" not in rule.arguments or "stream" in rule.rule or "mjpeg" in rule.rule:
            continue
        values = {"game_id": game, "player": players[0], "item_id": "abcd1234", "name": game, "filename": "x"}
        url = adapter.build(rule.endpoint, {k: v for k, v in values.items() if k in rule.arguments})
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield method, url


@pytest.mark.parametrize("game", list(GOLDEN))
def test_a_damaged_game_shows_its_valid_part_read_only_and_nothing_answers_500(damaged_db, game):
    app = create_app({"DB": str(damaged_db), "TESTING": True, "SSE_SECONDS": 0.2, "SSE_POLL": 0.05})
    client = app.test_client()
    with open_store(damaged_db) as store:
        session = GameSession(store, game)
        assert session.damage is not None
        players, key, before = list(session.state.players), game_key(store, game), store.last_seq(game)
    headers = {"X-Companion-Token": game_token(key)}
    tried = 0
    for method, url in _routes(app, game, players, key):
        query = {"k": player_token(key, players[0])}
        response = client.open(url, method=method, json={} if method == "POST" else None, headers=headers,
                               query_string=query, follow_redirects=True)
        assert response.status_code < 500, f"{method} {url} answered {response.status_code}"
        tried += 1
    assert tried >= 8
    shown = client.get(f"/g/{game}", follow_redirects=True)
    page = shown.get_data(as_text=True)
    assert shown.status_code == 200, "the game's own page shows the valid part, not an error page"
    assert "read-only" in page and "does not replay" in page
    with open_store(damaged_db) as store:
        assert store.last_seq(game) == before, "a damaged game takes no new event"
