"""The club server (`companion serve --club`): the index's cards, who sees host links, new games, standings, the live stream.

Every test that takes `store_target` runs on SQLite and on PostgreSQL.
The browser's view of the same pages is tests/web/test_club_browser.py.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from companion.club.stats import standings
from companion.games.bux.state import PLAYING_CARDS
from companion.store.backends import open_store
from companion.store.session import GameSession
from companion.web import create_app
from companion.web.access import game_key, game_token, player_token
from tests.web.conftest import LINES, start_game
from tests.web.serving import serving
from tests.web.tables import GAMES, PLAYERS, store_table

ROOT = Path(__file__).resolve().parents[2]
AWAY = {"REMOTE_ADDR": "192.168.1.20"}
"""A request from another device on the LAN (not the organiser's machine)."""
MATCH_SETUP = {"type": "setup", "game": "match", "players": ["Dan", "Eve"], "dealer": "Eve"}

def two_tables(target) -> None:
    """BUX at "Table 1" (5 moves in) and a match at "Table 2", as a club night has them."""
    with open_store(target) as store:
        bux = GameSession.start(store, LINES[0], game_id="g1", title="Table 1")
        for line in LINES[1:6]:
            bux.submit(line, source="import")
        GameSession.start(store, MATCH_SETUP, game_id="m2", title="Table 2")

def club_app(target, **config):
    return create_app({"DB": str(target), "TESTING": True, "CLUB": True, **config})

def secrets_of(target, game_id: str, players) -> list[str]:
    with open_store(target) as store:
        key = game_key(store, game_id)
    return [game_token(key)] + [player_token(key, p) for p in players]

def test_the_index_shows_each_tables_game_from_its_shared_view(store_target):
    two_tables(store_target)
    client = club_app(store_target).test_client()
    assert client.get("/").headers["Location"].endswith("/club/")
    tables = {t["table"]: t for t in client.get("/club/tables.json", environ_base=AWAY).json["tables"]}
    assert set(tables) == {"Table 1", "Table 2"}
    bux, match = tables["Table 1"], tables["Table 2"]
    state = client.get("/g/g1/state.json").json["board"]  # the wall's own view of the same game
    assert [(p["name"], p["score"]) for p in bux["players"]] == [(p["name"], p["chips"]) for p in state["players"]]
    assert bux["turn"] == state["turn"] and bux["score_label"] == "Scores are chips." and not bux["over"]
    assert [p["name"] for p in bux["players"] if p["turn"]] == [state["turn"]]
    assert match["game"] == "match" and [p["name"] for p in match["players"]] == ["Dan", "Eve"]
    assert bux["wall"] == "/g/g1" and match["wall"] == "/g/m2"
    russian = {t["table"]: t for t in client.get("/club/tables.json?lang=ru", environ_base=AWAY).json["tables"]}
    assert russian["Table 2"]["title"] != match["title"] and russian["Table 1"]["score_label"] == "Счёт в фишках."
    with open_store(store_target) as store:  # a move: that table's card is read again, in each language
        GameSession(store, "g1").submit(LINES[6], source="import")
    moved = {t["table"]: t for t in client.get("/club/tables.json?lang=en", environ_base=AWAY).json["tables"]}
    state = client.get("/g/g1/state.json").json["board"]
    assert [p["score"] for p in moved["Table 1"]["players"]] == [p["chips"] for p in state["players"]] != \
        [p["score"] for p in bux["players"]]
    assert moved["Table 2"] == match
    page = client.get("/club/", environ_base=AWAY)
    assert page.status_code == 200 and b"club.js" in page.data and b"new-game" not in page.data

def test_only_the_organisers_machine_gets_host_links_and_no_screen_gets_a_secret(store_target):
    two_tables(store_target)
    client = club_app(store_target).test_client()
    away = client.get("/club/tables.json", environ_base=AWAY).get_data(as_text=True)
    mine = client.get("/club/tables.json").get_data(as_text=True)
    assert "/host" not in away and '"host"' not in away
    assert {t["game_id"]: t["host"] for t in json.loads(mine)["tables"]} == {"g1": "/g/g1/host/", "m2": "/g/m2/host/"}
    assert b"new-game" in client.get("/club/").data  # the organiser's form
    # No join token, seat key or card code (a card's back value) in anything the index serves, to anyone.
    secrets = secrets_of(store_target, "g1", PLAYERS) + secrets_of(store_target, "m2", ["Dan", "Eve"])
    codes = re.compile("|".join(re.escape(c) for c in PLAYING_CARDS))
    for text in (away, mine, client.get("/club/").get_data(as_text=True), client.get("/club/standings").get_data(as_text=True)):
        assert not [s for s in secrets if s in text]
        assert not codes.search(text)

def test_hidden_facts_change_nothing_the_index_serves(tmp_path):
    """Twin tables differ only in hidden things (hands, sealed bids, a face-down lot): their indexes are the same bytes."""
    one, two = tmp_path / "one.db", tmp_path / "two.db"
    for game in GAMES:
        store_table(one, game)
        store_table(two, game, twin=True)
    answers = []
    for db in (one, two):
        client = club_app(db).test_client()
        answers.append([client.get("/club/tables.json", environ_base=AWAY).data, client.get("/club/tables.json").data])
    assert answers[0] == answers[1]
    cards = json.loads(answers[0][0])["tables"]
    assert {c["game"] for c in cards} == set(GAMES) and all(c["readable"] and c["players"] for c in cards)

def test_the_organiser_starts_a_game_at_a_table_and_nobody_else_can(store_target):
    two_tables(store_target)
    client = club_app(store_target).test_client()
    before = client.get("/club/tables.json").json["tables"]
    refused = [
        client.post("/club/new", json={"game": "bux", "table": "T9", "players": "Ann, Ben, Cat"}, environ_base=AWAY),
        client.post("/club/new", data={"game": "bux", "table": "T9", "players": "Ann, Ben, Cat"}),  # a plain form: cross-site-able
        client.post("/club/new", json={"game": "chess", "table": "T9", "players": "Ann, Ben"}),
        client.post("/club/new", json={"game": "bux", "table": "T" * 41, "players": "Ann, Ben, Cat"}),
        client.post("/club/new", json={"game": "bux", "table": "T9", "players": ""}),
        client.post("/club/new", json={"game": "bux", "table": "T9", "players": "Ann, Ben"}),
        client.post("/club/new", json={"game": "bux", "table": "T9", "players": ["Ann", 7]}),
    ]
    assert [r.status_code for r in refused] == [403, 400, 400, 400, 400, 400, 400]
    for answer in refused:
        message = answer.json["error"]["message"]
        assert message and "Traceback" not in message and len(message) < 200
    assert "3 to 5 players" in refused[5].json["error"]["message"]
    assert client.get("/club/tables.json").json["tables"] == before  # nothing stored
    started = client.post("/club/new", json={"game": "bux", "table": "Table 3", "players": "Fay, Gus, Hal"})
    assert started.status_code == 201 and started.headers["Cache-Control"] == "no-store"
    body = started.json
    assert body["host"] == f"/g/{body['game_id']}/host/" and body["dealer_note"]  # BUX deals: the dealer's note, to the organiser only
    newest = client.get("/club/tables.json", environ_base=AWAY).json["tables"][0]
    assert (newest["table"], newest["game"], [p["name"] for p in newest["players"]]) == ("Table 3", "bux", ["Fay", "Gus", "Hal"])
    assert client.get(body["host"]).status_code == 200  # its host screen, on the organiser's machine
    assert not codes_in(client.get("/club/tables.json", environ_base=AWAY).get_data(as_text=True))

def codes_in(text: str) -> list[str]:
    return [c for c in PLAYING_CARDS if re.search(rf"\b{re.escape(c)}\b", text)]

def test_the_standings_page_has_the_figures_of_companion_stats(store_target, tmp_path):
    two_tables(store_target)
    roster = tmp_path / "players.json"
    roster.write_text(json.dumps({"players": [{"id": "p-ann", "name": "Ann"}, {"id": "p-ben", "name": "Ben"},
                                              {"id": "p-dan", "name": "Dan"}]}))
    from companion.club.stats import read_roster

    client = club_app(store_target, CLUB_ROSTER=read_roster(roster)).test_client()
    with open_store(store_target) as store:
        expected = standings(store, read_roster(roster))
    assert client.get("/club/standings.json").json == json.loads(json.dumps(expected))
    page = client.get("/club/standings", environ_base=AWAY).get_data(as_text=True)
    assert [m for m in re.findall(r'<td class="who">([^<]+)</td>', page)] == [p["name"] for p in expected["players"]]
    assert {u["name"] for u in expected["unlisted"]} == {"Cat", "Eve"} and "Eve" in page and "player list" in page
    assert "Рейтинг" in client.get("/club/standings?lang=ru").get_data(as_text=True)

def test_club_pages_are_not_served_without_club_mode(store_target):
    start_game(store_target, 1)
    client = create_app({"DB": str(store_target), "TESTING": True}).test_client()
    assert client.get("/club/").status_code == 404 and client.get("/club/tables.json").status_code == 404
    assert client.get("/").status_code == 200

def read_events(response, found: list[bytes], stop: threading.Event) -> None:
    buffer = b""
    while not stop.is_set():
        try:
            chunk = response.read1(4096)
        except (OSError, ValueError, AttributeError, http.client.HTTPException):  # the test closed the connection
            return
        if not chunk:
            return
        buffer += chunk
        while b"\n\n" in buffer:
            event, buffer = buffer.split(b"\n\n", 1)
            found.append(event)

def test_one_club_stream_hears_a_move_at_any_table_and_a_new_game(store_target):
    """The live server answers /club/stream from its broadcaster; a move stored by another connection reaches it."""
    two_tables(store_target)
    app = club_app(store_target, STREAM_SECONDS=20)
    with serving(app, threads=4) as base:
        conn = http.client.HTTPConnection(base.removeprefix("http://"), timeout=20)
        conn.request("GET", "/club/stream")
        response = conn.getresponse()
        assert response.status == 200 and response.getheader("Content-Type").startswith("text/event-stream")
        found: list[bytes] = []
        stop = threading.Event()
        reader = threading.Thread(target=read_events, args=(response, found, stop), daemon=True)
        reader.start()

        def changes() -> list[bytes]:
            return [e for e in found if b"event: change" in e]

        def wait_for(count: int) -> None:
            deadline = time.monotonic() + 10
            while len(changes()) < count and time.monotonic() < deadline:
                time.sleep(0.05)
            assert len(changes()) >= count, found

        wait_for(1)  # the current state, at once
        with open_store(store_target) as store:  # another connection, as a table's own process would be
            GameSession(store, "g1").submit(LINES[6], source="import")
        wait_for(2)
        with open_store(store_target) as store:
            GameSession.start(store, {**MATCH_SETUP, "players": ["Ivy", "Jo"], "dealer": "Jo"}, game_id="m3", title="Table 4")
        wait_for(3)
        ids = [re.search(rb"id: (\d+)", e).group(1) for e in changes()]
        assert ids == sorted(set(ids), key=int)  # each change counted once, in order
        stop.set()
        conn.sock.shutdown(2)
        reader.join(10)
        conn.close()

def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]

def test_companion_serve_club_serves_every_table_and_the_player_list(store_target, tmp_path):
    """Plain http (--no-tls): this test reads the club's pages; tests/web/test_tls.py has the club over https."""
    two_tables(store_target)
    roster = tmp_path / "players.json"
    roster.write_text(json.dumps({"players": [{"id": "p-dan", "name": "Dan"}]}))
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--club", "--db", str(store_target), "--players", str(roster),
                             "--host", "127.0.0.1", "--port", str(port), "--no-tls"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        tables = None
        while time.monotonic() < deadline and tables is None:
            assert proc.poll() is None, proc.stderr.read()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            try:
                conn.request("GET", "/club/tables.json")
                tables = json.loads(conn.getresponse().read())["tables"]
            except OSError:
                time.sleep(0.1)
            finally:
                conn.close()
        assert tables is not None and {t["table"] for t in tables} == {"Table 1", "Table 2"}
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/club/standings.json")
        table = json.loads(conn.getresponse().read())
        conn.close()
        assert [p["id"] for p in table["players"]] == ["p-dan"]
    finally:
        proc.send_signal(signal.SIGINT)
        out, _err = proc.communicate(timeout=30)
    assert "/club" in out and "this machine only" in out

def test_a_bad_player_list_stops_serve_club_with_one_sentence(tmp_path, capsys):
    from companion.cli import main

    bad = tmp_path / "players.json"
    bad.write_text("[1]")
    assert main(["serve", "--club", "--db", str(tmp_path / "c.db"), "--players", str(bad), "--port", "0"]) == 1
    err = capsys.readouterr().err
    assert "player list" in err and "Traceback" not in err

def test_the_standings_page_links_each_night_and_shows_one_night(store_target):
    """Three games over two nights: "All games" plus one link per night, newest first; ?night= is `companion stats --night`."""
    from companion.club.nights import night_of
    from tests.backends import raw_execute
    from tests.club.test_stats import at_local

    two_tables(store_target)
    with open_store(store_target) as store:
        GameSession.start(store, {**MATCH_SETUP, "players": ["Ann", "Dan"], "dealer": "Ann"}, game_id="m3", title="Table 1")
    for game_id, created in (("g1", at_local("2026-11-20", 19)), ("m2", at_local("2026-11-20", 23, 55)),
                             ("m3", at_local("2026-11-27", 0, 5))):
        raw_execute(store_target, "UPDATE games SET created = ? WHERE game_id = ?", (created, game_id))
    client = club_app(store_target).test_client()
    page = client.get("/club/standings", environ_base=AWAY).get_data(as_text=True)
    links = re.findall(r'<nav class="nights"[^>]*>(.*?)</nav>', page, re.S)[0]
    assert re.findall(r'href="([^"]+)"', links) == ["/club/standings", "/club/standings?night=2026-11-27",
                                                    "/club/standings?night=2026-11-20"]
    assert ">All games</a>" in links and "Fri, Nov 27, 2026" in links and 'aria-current="page">All games' in links
    assert [m for m in re.findall(r'<td class="who">([^<]+)</td>', page)] == \
        [p["name"] for p in client.get("/club/standings.json").json["players"]]
    one = client.get("/club/standings?night=2026-11-20", environ_base=AWAY).get_data(as_text=True)
    assert "<h1>Standings: Friday, November 20, 2026</h1>" in one
    assert 'href="/club/standings?night=2026-11-20" aria-current="page"' in one
    with open_store(store_target) as store:
        expected = standings(store, None, *[night_of(at_local("2026-11-20", 12))] * 2)
    assert {s["game_id"] for p in expected["players"] for s in p["seats"]} == {"g1", "m2"}
    assert client.get("/club/standings.json?night=2026-11-20").json == json.loads(json.dumps(expected))
    assert re.findall(r'<td class="who">([^<]+)</td>', one) == [p["name"] for p in expected["players"]]
    assert "companion stats --night 2026-11-20" in one and "/club/standings.json?night=2026-11-20" in one
    late = client.get("/club/standings?night=2026-11-27").get_data(as_text=True)
    assert re.findall(r'<td class="who">([^<]+)</td>', late) == ["Ann", "Dan"]  # m3 only: the match Ann and Dan played
    empty = client.get("/club/standings?night=2026-11-21").get_data(as_text=True)
    assert "No games were started that night." in empty and '<td class="who">' not in empty
    russian = client.get("/club/standings?night=2026-11-20&lang=ru").get_data(as_text=True)
    assert "Рейтинг: пятница, 20 ноября 2026\u202fг." in russian and "Все игры" in russian


def test_only_the_last_twelve_nights_are_linked(tmp_path):
    from tests.backends import raw_execute
    from tests.club.test_stats import at_local

    db = tmp_path / "club.db"
    with open_store(db) as store:
        for day in range(1, 15):
            GameSession.start(store, MATCH_SETUP, game_id=f"m{day}", title="Table 1")
    for day in range(1, 15):
        raw_execute(db, "UPDATE games SET created = ? WHERE game_id = ?", (at_local(f"2026-11-{day:02d}", 20), f"m{day}"))
    page = club_app(db).test_client().get("/club/standings").get_data(as_text=True)
    nights = re.findall(r'href="/club/standings\?night=([0-9-]+)"', page)
    assert nights == [f"2026-11-{day:02d}" for day in range(14, 2, -1)]  # newest first, twelve of them
    old = club_app(db).test_client().get("/club/standings?night=2026-11-01").get_data(as_text=True)
    assert sorted(re.findall(r'<td class="who">([^<]+)</td>', old)) == ["Dan", "Eve"]  # an older night is still answered


def test_a_bad_night_is_a_400_with_a_sentence(store_target):
    two_tables(store_target)
    client = club_app(store_target).test_client()
    for bad in ("20.11.2026", "2026-02-30", "yesterday", "2026-11-20T00:00", "<script>"):
        page = client.get("/club/standings", query_string={"night": bad})
        assert page.status_code == 400
        text = page.get_data(as_text=True)
        assert "is not a night: write its date as YYYY-MM-DD, for example 2026-11-20" in text
        assert "Traceback" not in text and "<script>" not in text
        answer = client.get("/club/standings.json", query_string={"night": bad})
        assert answer.status_code == 400 and "is not a night" in answer.json["error"]["message"]
    russian = client.get("/club/standings?night=x&lang=ru")
    assert russian.status_code == 400 and "не вечер: напишите дату как ГГГГ-ММ-ДД" in russian.get_data(as_text=True)
