"""Live updates over real HTTP on loopback: many open screens, no stall, every move reaches every screen, no leaks.

On waitress (one thread per open stream) the first test stalls: 64 open
streams took every thread and state.json got no answer.
"""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

from companion.store.session import GameSession
from companion.store.backends import open_store
from companion.web import create_app
from tests.web.conftest import CODE, GAME_ID, LINES
from tests.web.serving import running

VIEWERS = 64


class Stream:
    """One open event stream, read with a timeout; remembers the last `change` data it saw."""

    def __init__(self, port: int, path: str, headers: dict | None = None):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.conn.request("GET", path, headers=headers or {})
        self.response = self.conn.getresponse()
        assert self.response.status == 200, self.response.status
        self.text = ""

    def until(self, seq: int) -> dict:
        """Read until a change event with id >= seq; return its data."""
        event: dict = {}
        while True:
            line = self.response.readline().decode()
            assert line, "the stream ended before the change arrived"
            self.text += line
            if line.startswith("id: "):
                event = {"id": int(line[4:])}
            elif line.startswith("data: "):
                event["data"] = json.loads(line[6:])
            elif line == "\n" and event.get("id", -1) >= seq and "data" in event:
                return event["data"]

    def close(self) -> None:
        self.conn.close()


def wait_for(predicate, seconds: float = 10) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


def get(port: int, path: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def test_many_open_streams_leave_state_json_quick_and_a_move_reaches_every_one(app, db, auth):
    with running(app) as server:
        port = server.port
        with open_store(db) as store:
            seq = store.last_seq(GAME_ID)
        streams = [Stream(port, f"/g/{GAME_ID}/stream" + ("?state=1" if i % 2 else "")) for i in range(VIEWERS)]
        for stream in streams:
            stream.until(seq)
        assert server.live.hub.count() == VIEWERS
        started = time.monotonic()
        status, body = get(port, f"/g/{GAME_ID}/state.json")
        assert status == 200 and json.loads(body)["seq"] == seq
        assert time.monotonic() - started < 2, "state.json must answer while every stream is open"

        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("POST", f"/g/{GAME_ID}/api/move", body=json.dumps({"line": LINES[6]}),
                     headers={**auth, "Content-Type": "application/json"})
        assert conn.getresponse().status == 200
        conn.close()
        seen = [stream.until(seq + 1) for stream in streams]
        status, shared = get(port, f"/g/{GAME_ID}/state.json")
        assert all(data["seq"] == seq + 1 for data in seen)
        pushed = [data["state"] for i, data in enumerate(seen) if i % 2]
        assert all(state == json.loads(shared) for state in pushed), "the stream pushes exactly the shared state.json"
        assert all("state" not in data for i, data in enumerate(seen) if not i % 2)
        assert not CODE.search(streams[1].text), "no card code (back value) on the public stream"
        for stream in streams:
            stream.close()
        assert wait_for(lambda: server.live.hub.count() == 0), "closed streams are forgotten"


def test_a_screen_that_closes_is_forgotten_at_once_and_the_others_stay(app):
    with running(app) as server:
        streams = [Stream(server.port, f"/g/{GAME_ID}/stream") for _ in range(10)]
        assert wait_for(lambda: server.live.hub.count() == 10)
        for stream in streams[:6]:
            stream.close()
        assert wait_for(lambda: server.live.hub.count() == 4, seconds=3)
        for stream in streams[6:]:
            stream.close()


def test_a_screen_that_stops_reading_is_dropped_and_its_socket_closed(db):
    """A client that never reads: once the kernel cannot deliver for user_timeout, the connection is closed."""
    app = create_app({"DB": str(db), "TESTING": True})
    with running(app, user_timeout=1.0) as server:
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)  # its window shuts after a few hundred bytes
        stalled.connect(("127.0.0.1", server.port))
        stalled.sendall(f"GET /g/{GAME_ID}/stream?state=1 HTTP/1.1\r\nHost: t\r\n\r\n".encode())
        reader = Stream(server.port, f"/g/{GAME_ID}/stream?state=1")
        assert wait_for(lambda: server.live.hub.count() == 2)
        with open_store(db) as store:
            session = GameSession(store, GAME_ID)
            for line in LINES[6:16]:
                session.submit(line, source="import")
            last = store.last_seq(GAME_ID)
        assert reader.until(last)["seq"] == last, "a reading screen keeps up"
        assert wait_for(lambda: server.live.hub.count() == 1, seconds=10), "the stalled screen is dropped"
        stalled.settimeout(5)
        try:
            while stalled.recv(65536):
                pass
            closed = True
        except ConnectionResetError:
            closed = True
        except socket.timeout:
            closed = False
        assert closed, "the server closed the stalled connection"
        stalled.close()
        reader.close()


def test_a_write_by_another_process_reaches_the_stream(app, db):
    with running(app) as server:
        with open_store(db) as store:
            seq = store.last_seq(GAME_ID)
        stream = Stream(server.port, f"/g/{GAME_ID}/stream", headers={"Last-Event-ID": str(seq)})
        assert wait_for(lambda: server.live.hub.count() == 1)
        code = ("import json, sys; from companion.store.backends import open_store; from companion.store.session import GameSession\n"
                f"with open_store({str(db)!r}) as s: GameSession(s, {GAME_ID!r}).submit(json.loads(sys.argv[1]), source='import')")
        subprocess.run([sys.executable, "-c", code, json.dumps(LINES[6])], check=True, timeout=60,
                       cwd=Path(__file__).resolve().parents[2])
        assert stream.until(seq + 1)["seq"] == seq + 1
        assert "event: change" not in stream.text.split(f"id: {seq + 1}")[0], "Last-Event-ID was current: no repeat"
        stream.close()


def test_a_stream_ends_after_stream_seconds_and_resumes_from_last_event_id(db):
    app = create_app({"DB": str(db), "TESTING": True, "STREAM_SECONDS": 0.5})
    with running(app) as server:
        status, text = get(server.port, f"/g/{GAME_ID}/stream")
        assert status == 200 and text.startswith(b"retry: ")
        with open_store(db) as store:
            seq = store.last_seq(GAME_ID)
        assert f"id: {seq}\nevent: change\n".encode() in text
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        conn.request("GET", f"/g/{GAME_ID}/stream", headers={"Last-Event-ID": str(seq)})
        assert b"event: change" not in conn.getresponse().read()
        conn.close()
        assert get(server.port, "/g/nope/stream")[0] == 404
