"""Nobody freezes the table: slow, idle or tokenless requests cost the live server a coroutine, never a Flask thread.

Issue 29, measured on the live server before the fix: 33 connections that sent
a head and one byte of a body held all 32 Flask threads (the view read the
body, with no deadline, before checking any token) and every page of every
game stopped answering; one 15 MB tokenless body was read whole. Real sockets
on loopback, the real server (tests/web/serving.py).
"""

from __future__ import annotations

import http.client
import json
import socket
import time
import urllib.request

import pytest

from companion.web import asgi, create_app, intake
from tests.web.serving import running
from tests.web.tables import store_table, tokens

BID = "/g/grow/grow/api/bid"  # a phone's sealed bid: read its body before any token, before the fix
MOVE = "/g/grow/grow/api/move"  # a tablet's entry (game token)


@pytest.fixture
def table(tmp_path):
    """(app, game token) for a Grow table in play."""
    db = tmp_path / "grow.db"
    store_table(db, "grow")
    token, _phones = tokens(db, "grow")
    return create_app({"DB": str(db), "MAX_CONTENT_LENGTH": 16 * 2**20}), token


def _post_head(path: str, length: int | None, token: str | None = None) -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json"]
    lines.append(f"Content-Length: {length}" if length is not None else "Transfer-Encoding: chunked")
    if token is not None:
        lines.append(f"X-Companion-Token: {token}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("ascii")


def _connect(port: int, data: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(data)
    return sock


def _answer(sock: socket.socket, seconds: float) -> bytes:
    """Return what the server sent within `seconds` until it closed the connection (b"" if nothing)."""
    sock.settimeout(seconds)
    got = b""
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            chunk = sock.recv(65536)
            if not chunk:
                break
            got += chunk
    except (socket.timeout, ConnectionError):
        pass
    return got


def _state_seconds(port: int) -> float:
    start = time.perf_counter()
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/g/grow/grow/state.json", timeout=10) as answer:
        assert answer.status == 200 and json.load(answer)["game_id"] == "grow"
    return time.perf_counter() - start


def test_the_table_answers_promptly_while_forty_bodies_trickle_in(table, monkeypatch):
    """40 connections each send a head and one byte of a body, then nothing: 20 without a token, 20 with the game's."""
    monkeypatch.setattr(intake, "BODY_IDLE_SECONDS", 1.5)
    app, token = table
    with running(app, threads=12) as server:
        _state_seconds(server.port)  # the first read folds the game
        slow = []
        try:
            for number in range(40):
                path, shown = (BID, None) if number % 2 else (MOVE, token)
                slow.append(_connect(server.port, _post_head(path, 200, shown) + b"{"))
            time.sleep(0.3)  # every head has reached the server
            waits = [_state_seconds(server.port) for _ in range(10)]
            assert max(waits) < 1.0, f"state.json took {max(waits):.2f} s with 40 bodies open"
            answers = [_answer(sock, 5.0) for sock in slow]
        finally:
            for sock in slow:
                sock.close()
    tokenless, with_token = answers[1::2], answers[0::2]
    assert all(a.startswith(b"HTTP/1.1 403 ") for a in tokenless), tokenless[0][:80]
    assert all(a.startswith(b"HTTP/1.1 408 ") for a in with_token), with_token[0][:80]  # cut by the server, on its loop
    said = json.loads(with_token[0].split(b"\r\n\r\n", 1)[1])["error"]["message"]
    assert "too slowly" in said and "nothing was stored" in said


def test_a_tokenless_fifteen_megabyte_body_is_refused_before_it_is_read(table):
    app, _token = table
    with running(app) as server:
        sock = _connect(server.port, _post_head(BID, 15 * 2**20))
        try:
            sent = 0
            start = time.monotonic()
            sock.setblocking(False)
            while sent < 2**20:  # the first megabyte, as fast as the server takes it
                try:
                    sent += sock.send(b" " * 65536)
                except BlockingIOError:
                    time.sleep(0.01)
                except ConnectionError:
                    break
                if time.monotonic() - start > 5:
                    break
            got = _answer(sock, 5.0)
            seconds = time.monotonic() - start
        finally:
            sock.close()
    assert got.startswith(b"HTTP/1.1 403 "), got[:80]
    assert seconds < 3, f"the refusal took {seconds:.1f} s"
    body = json.loads(got.split(b"\r\n\r\n", 1)[1])
    assert body["error"]["message"] == "this action needs the game's join link (token missing or wrong)"


def test_a_body_past_the_cap_is_cut_while_it_streams(table):
    """A chunked body announces no size: it is cut at the cap, answered 413 with a sentence."""
    app, token = table
    app.config["MAX_CONTENT_LENGTH"] = 2**20
    with running(app) as server:
        sock = _connect(server.port, _post_head(MOVE, None, token))
        try:
            chunk = b"%x\r\n%s\r\n" % (65536, b" " * 65536)
            try:
                for _ in range(64):  # 4 MB offered
                    sock.sendall(chunk)
            except ConnectionError:
                pass
            got = _answer(sock, 5.0)
        finally:
            sock.close()
        assert got.startswith(b"HTTP/1.1 413 "), got[:80]
        assert "at most 1 MB" in json.loads(got.split(b"\r\n\r\n", 1)[1])["error"]["message"]
        assert _state_seconds(server.port) < 1.0


def test_a_body_announced_past_the_cap_is_refused_unread(table):
    app, token = table
    with running(app) as server:
        sock = _connect(server.port, _post_head(MOVE, 17 * 2**20, token))
        try:
            got = _answer(sock, 5.0)
        finally:
            sock.close()
    assert got.startswith(b"HTTP/1.1 413 ") and b"at most 16 MB" in got


def test_a_head_that_never_ends_is_closed(table, monkeypatch):
    monkeypatch.setattr(asgi, "HEAD_SECONDS", 1.0)
    app, _token = table
    with running(app) as server:
        idle = _connect(server.port, b"")
        partial = _connect(server.port, b"GET /g/grow/grow/state.json HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        try:
            start = time.monotonic()
            assert _answer(idle, 5.0) == b"" and _answer(partial, 5.0) == b""
            assert time.monotonic() - start < 4, "the server kept a silent connection open"
        finally:
            idle.close()
            partial.close()
        assert _state_seconds(server.port) < 1.0


def test_a_kept_alive_connection_answers_again_after_a_body(table):
    """The body read on the loop and replayed to the app leaves the connection usable: two entries on one connection."""
    app, token = table
    with running(app) as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        answers = []
        for _ in range(2):
            connection.request("POST", MOVE, body=b'{"line": {"type": "nonsense"}}',
                               headers={"Content-Type": "application/json", "X-Companion-Token": token})
            answer = connection.getresponse()
            answers.append((answer.status, json.loads(answer.read())["error"]["message"]))
        connection.close()
    assert answers[0] == answers[1] and answers[0][0] in (400, 409, 422), answers
    assert "Traceback" not in answers[0][1]


def test_a_tokenless_body_is_refused_in_the_readers_language(table):
    """Refused on the event loop before Flask runs, yet worded as the page would be (Accept-Language, ?lang=)."""
    app, _token = table
    with running(app) as server:
        said = {}
        for name, path, extra in (("ru", BID, "Accept-Language: ru\r\n"), ("en", BID + "?lang=en", "Accept-Language: ru\r\n"),
                                  ("ru seat", "/g/grow/grow/me/Ann/move", "Cookie: lang=ru\r\n")):
            head = _post_head(path, 2).replace(b"\r\n\r\n", b"\r\n" + extra.encode() + b"\r\n")
            sock = _connect(server.port, head)
            try:
                got = _answer(sock, 5.0)
            finally:
                sock.close()
            assert got.startswith(b"HTTP/1.1 403 "), got[:80]
            said[name] = json.loads(got.split(b"\r\n\r\n", 1)[1])["error"]["message"]
    assert said["ru"] == "для этого нужна ссылка подключения к игре (токена нет или он неверный)"
    assert said["en"] == "this action needs the game's join link (token missing or wrong)"
    assert said["ru seat"].startswith("эта личная ссылка недействительна")


def test_a_body_cut_off_is_said_in_the_readers_language(table, monkeypatch):
    """A body too slow (408) or past the cap (413) is cut on the event loop, and said as the page would say it."""
    monkeypatch.setattr(intake, "BODY_IDLE_SECONDS", 1.0)
    app, token = table
    with running(app) as server:
        said = {}
        for name, length, body, extra in (("slow ru", 200, b"{", "Accept-Language: ru\r\n"),
                                          ("slow en", 200, b"{", "Accept-Language: en\r\n"),
                                          ("large ru", 2**40, b"", "Cookie: lang=ru\r\n")):
            head = _post_head(MOVE, length, token).replace(b"\r\n\r\n", b"\r\n" + extra.encode() + b"\r\n")
            sock = _connect(server.port, head + body)
            try:
                got = _answer(sock, 5.0)
            finally:
                sock.close()
            said[name] = (got[9:12], json.loads(got.split(b"\r\n\r\n", 1)[1])["error"]["message"])
    assert said["slow ru"] == (b"408", "Запрос шёл слишком медленно и был прерван; ничего не сохранено. Попробуйте ещё раз.")
    assert said["slow en"] == (b"408", intake.TOO_SLOW)
    assert said["large ru"][0] == b"413" and said["large ru"][1].startswith("Это больше, чем сервер принимает")


def test_a_pipelined_body_is_not_taken_for_a_head(table):
    """A request that arrives while the previous answer is still being sent is read to its end and answered.

    Found by scripts/bench_camera_server.py: 5-20 % of the phone camera's 100-200 KB frame POSTs on a kept-alive
    connection were cut without an answer. The previous answer's end restarted the wait for a head although the
    next request's head had already come, so its body was counted as head bytes and passed HEAD_BYTES.
    """
    app, token = table
    body = json.dumps({"line": {"type": "nonsense"}, "note": "x" * (3 * asgi.HEAD_BYTES)}).encode()
    with running(app) as server:
        first = b"GET /g/grow/grow/state.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        sock = _connect(server.port, first + _post_head(MOVE, len(body), token) + body[:10])
        try:
            sock.settimeout(10)
            got = b""
            while b"HTTP/1.1 200" not in got or b'"game_id"' not in got:
                chunk = sock.recv(65536)
                assert chunk, "the connection closed before the first answer"
                got += chunk
            sock.sendall(body[10:])
            rest = _answer(sock, 5.0)
        finally:
            sock.close()
    assert rest.startswith(b"HTTP/1.1 4"), f"the second request was not answered: {rest[:80]!r}"
