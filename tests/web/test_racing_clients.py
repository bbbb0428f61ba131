"""Many devices, one truth, over real HTTP (issue 13): racing clients on every move of whole games.

The real app is served on loopback (waitress threads, real sockets). Each
golden game (BUX, Grow Your Assets, cat auction, match results) is created
from its setup line and played through its tablet and phone endpoints; every
post is sent by several client threads released by one barrier, so they hit
the server at the same instant, while stream viewers stay attached:

- "ids": four clients post the move with X-Seen-Seq of the screen before it;
  two share one X-Request-Id (a double tap), two have their own ids;
- "seen": four clients post the move with X-Seen-Seq and no request id;
- "bare": no header at all; three clients post the move and a fourth posts an
  older move that the rules refuse before and after it (stale entry).
In "ids" and "seen" a fifth client posts an undo whose X-Seen-Seq predates
the previous move: an outdated screen, always refused with entry.conflict.

Per move: no 5xx, exactly one answer stored the move (a double tap's twin
gets the same answer, marked X-Repeated-Request), every other answer is a 409
(entry.conflict when the screen's seq was sent) or a 422 from the rules, and
the store then holds exactly the intended record so far. Per game: the export
equals the intended record, it replays to the golden expectation, the audit
finds the hash chain intact and no error, and every viewer saw the last seq.

The kill -9 test serves a BUX game from `companion serve` in a subprocess,
kills it at random instants mid-race and restarts it on the same file; the
clients retry with their request id until answered, and the game still holds
each move once, audits clean and replays to the golden result.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

from companion.audit.audit import run_audit
from companion.audit.source import open_for_audit
from companion.games import find_game
from companion.store.session import GameSession
from companion.store.backends import open_store
from companion.web import create_app
from tests.web.racing import TOKEN, Answer, Post, connect, create, get, read_lines, send, Viewers
from tests.web.serving import serving

GAMES = {"bux": "bux-3p-full.jsonl", "grow": "grow-2p.jsonl", "cats": "cats-2p.jsonl", "match": "match-results-3p.jsonl"}
VARIANTS = ("ids", "seen", "bare")
VIEWERS = int(os.environ.get("RACE_VIEWERS", 8))
"""Stream viewers attached during each game (the 200-viewer figure is the benchmark's, not a test's)."""
ROOT = Path(__file__).resolve().parents[2]


def new_id() -> str:
    return uuid.uuid4().hex


def race(base: str, jobs: list[tuple[str, Post, dict]]) -> list[tuple[str, Answer]]:
    """Send every job (role, post, extra headers) from its own thread, all released by one barrier."""
    barrier = threading.Barrier(len(jobs))
    answers: list[tuple[str, Answer] | None] = [None] * len(jobs)
    errors: list[BaseException] = []

    def client(index: int, role: str, post: Post, headers: dict) -> None:
        try:
            conn = connect(base)
            barrier.wait(timeout=30)
            answers[index] = (role, send(conn, "POST", post.path, post.body, {TOKEN: post.token, **headers}))
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=client, args=(i, *job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    assert all(a is not None for a in answers)
    return answers  # type: ignore[return-value]


def jobs_for(variant: str, game, step, post: Post, dup_legal: bool, seen: int, stale: int) -> list[tuple[str, Post, dict]]:
    undo = Post(f"/g/{game.game_id}/api/undo", {}, game.token)
    if variant == "ids":
        twin = new_id()
        return [("twin", post, {"X-Request-Id": twin, "X-Seen-Seq": str(seen)}),
                ("twin", post, {"X-Request-Id": twin, "X-Seen-Seq": str(seen)}),
                ("same", post, {"X-Request-Id": new_id(), "X-Seen-Seq": str(seen)}),
                ("same", post, {"X-Request-Id": new_id(), "X-Seen-Seq": str(seen)}),
                ("stale", undo, {"X-Request-Id": new_id(), "X-Seen-Seq": str(stale)})]
    if variant == "seen":
        return [*[("same", post, {"X-Seen-Seq": str(seen)})] * 4, ("stale", undo, {"X-Seen-Seq": str(stale)})]
    # Without headers a second copy of a move that may legally come twice in a row (a Grow roll
    # before another roll, a match round) IS a second move: only one copy races the rival then.
    copies = 1 if dup_legal else (3 if step.rival is not None else 4)
    jobs = [("same", post, {})] * copies
    if step.rival is not None:
        jobs.append(("stale", step.rival, {}))
    return jobs


def check_answers(variant: str, post: Post, answers: list[tuple[str, Answer]], where: str) -> None:
    """The per-post assertions: no 5xx, one stored answer, the rest refused the right way."""
    for role, answer in answers:
        assert answer.status < 500, (where, role, answer.status, answer.text)
        assert answer.headers.get("x-companion-seq", "").isdigit(), (where, role, answer.headers)
    movers = [(role, a) for role, a in answers if role != "stale"]
    stored = [a for _role, a in movers if a.status == 200 and "x-repeated-request" not in a.headers]
    refused = [a for _role, a in movers if a.status != 200]
    for _role, answer in answers:
        if answer.status != 200:
            assert answer.status in (409, 422), (where, answer.status, answer.text)
    for role, answer in answers:
        if role == "stale":
            assert answer.status in (409, 422), (where, answer.status, answer.text)
    if variant == "ids":
        (_r1, first), (_r2, second) = [x for x in answers if x[0] == "twin"]
        # Two refused twins of a bid stored nothing, so nothing is replayed: each is refused as it finds the game
        # (the seat sealed by another racer, or the reveal that followed it).
        if not (post.bid and first.status != 200 and second.status != 200):
            assert first.status == second.status and first.body == second.body, (where, first.text, second.text)
        if first.status == 200:
            assert "x-repeated-request" in first.headers or "x-repeated-request" in second.headers, where
    if post.bid:
        # The tablet seals a seat's bid once: a racer after it is refused (the tablet never replaces a
        # sealed bid, whatever the amount), or finds the bids revealed; the reveal is checked through the store.
        assert len(stored) == 1, (where, [(r, a.status, a.text) for r, a in answers])
        for answer in refused:
            assert (answer.status, answer.body["error"]["rule"]) in (
                (422, "bids.sealed_by_seat"), (422, "bids.wrong_phase"), (409, "entry.conflict")), (where, answer.text)
        return
    if variant in ("ids", "seen"):
        for answer in refused + [a for role, a in answers if role == "stale"]:
            assert answer.status == 409 and answer.body["error"]["rule"] == "entry.conflict", (where, answer.status, answer.text)
    assert len(stored) == 1, (where, [(r, a.status, a.text) for r, a in answers])
    if variant == "ids":  # only the twin's repeat may answer 200 besides the one that stored
        assert sum(a.status == 200 for _r, a in movers) - 1 <= 1, where


def seq_of(base: str, game) -> int:
    answer = get(base, game.state_path)
    assert answer.status == 200, answer.text
    return int(answer.body["seq"])


def assert_game_is_sound(db: Path, game) -> None:
    """Export equals the intended record, replays to the golden summary, and audits clean."""
    with open_store(db) as store:
        exported = GameSession(store, game.game_id).export_record()
    lines = [json.loads(line) for line in exported.splitlines()]
    assert lines == game.lines, "the export is not the intended record"
    engine = find_game(game.name)
    summary = engine.state_to_json(engine.replay(exported.splitlines()))
    reference = engine.state_to_json(engine.replay([json.dumps(line) for line in game.lines]))
    assert summary == reference
    expected = {k: v for k, v in game.expected.items() if k not in game.ignore}
    assert game.alike({k: v for k, v in summary.items() if k not in game.ignore}) == game.alike(expected)
    source, store = open_for_audit(game.game_id, db)
    try:
        audit = run_audit(source)
    finally:
        if store is not None:
            store.close()
    assert audit.chained and audit.chain.ok
    assert not audit.chain.breaks and audit.replay_error is None
    assert audit.counts()["error"] == 0, [a.message for a in audit.anomalies if a.severity == "error"]


def latest_seq(answers: list[tuple[str, Answer]]) -> int:
    """The seq a screen shows after its entry: the newest X-Companion-Seq any answer carried."""
    return max(int(a.headers["x-companion-seq"]) for _role, a in answers)


@pytest.mark.parametrize("name", list(GAMES))
def test_racing_clients_store_every_move_once(store_target, name):
    """Every move of a whole game is raced, the three ways in turn; each is stored once, the game audits clean (both backends)."""
    db = store_target
    with open_store(db) as store:
        game = create(store, GAMES[name], "race")
    app = create_app({"DB": str(db), "TESTING": True, "SSE_SECONDS": 5.0, "SSE_POLL": 0.2})
    with serving(app, threads=24) as base, open_store(db) as store:
        watcher = GameSession(store, game.game_id)
        with Viewers(base, game.game_id, VIEWERS) as viewers:
            seen, stale = seq_of(base, game), 0
            for number, step in enumerate(game.steps, start=1):
                variant = VARIANTS[number % len(VARIANTS)]
                where_step = f"{name}/{variant} line {number + 1}: {step.line}"
                before = seen
                for index, post in enumerate(step.posts):
                    answers = race(base, jobs_for(variant, game, step, post, step.dup_legal[index], seen, stale))
                    check_answers(variant, post, answers, where_step)
                    seen = latest_seq(answers)
                stale = before
                watcher.refresh()
                assert watcher.record_lines() == game.lines[:number + 1], where_step
            last = seq_of(base, game)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and not all(last in s for s in viewers.seen):
                time.sleep(0.05)
        assert not viewers.errors, viewers.errors[:3]
        assert viewers.statuses == {200}
        assert all(last in s for s in viewers.seen), "a stream viewer never saw the last move"
    assert_game_is_sound(db, game)


# --- kill -9 mid-race ---------------------------------------------------------

KILLS = 4


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """`companion serve` in a subprocess on a fixed port; kill -9 and restart it on the same file."""

    def __init__(self, db: Path, game_id: str):
        self.db, self.game_id, self.port = db, game_id, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.up = threading.Event()

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--game", self.game_id, "--db", str(self.db),
                                      "--port", str(self.port), "--host", "127.0.0.1", "--no-tls"],
                                     cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, "companion serve exited"
            try:
                if get(self.base, f"/g/{self.game_id}/state.json").status == 200:
                    self.up.set()
                    return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("companion serve did not answer")

    def kill(self) -> None:
        self.up.clear()
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()


def post_until_answered(server: Server, post: Post, headers: dict, barrier: threading.Barrier) -> tuple[Answer, int]:
    """Post, and after a dropped connection post again with the same headers (request id) until answered."""
    tries = 0
    first = True
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        server.up.wait(timeout=60)
        try:
            conn = connect(server.base, timeout=30)
        except OSError:
            time.sleep(0.05)
            continue
        if first:
            first = False
            try:
                barrier.wait(timeout=30)
            except threading.BrokenBarrierError:
                pass
        tries += 1
        try:
            return send(conn, "POST", post.path, post.body, {TOKEN: post.token, **headers}), tries
        except (OSError, http.client.HTTPException):
            time.sleep(0.05)
    raise AssertionError(f"no answer for {post.body} within 90 s")


def test_kill_9_mid_race_stores_each_move_once(store_target, tmp_path):
    """SIGKILL the server at random instants while clients race every move; retries with their request id settle it.

    On PostgreSQL the server is `companion serve --db postgresql://...`: a transaction cut by the kill is rolled back by the database.
    """
    db = store_target
    with open_store(db) as store:
        game = create(store, GAMES["bux"], "race")
    server = Server(db, game.game_id)
    server.start()
    rng = random.Random(13)
    done = threading.Event()
    kills: list[int] = []
    progress = [0]

    targets = sorted(rng.sample(range(2, len(game.steps) - 1), KILLS))

    def killer() -> None:
        # Each kill lands while a chosen move is being raced (a few ms after its clients start), so the
        # test exercises restarts mid-race however fast or slow the machine is.
        for target in targets:
            while progress[0] < target and not done.is_set():
                time.sleep(0.002)
            if done.is_set():
                return
            time.sleep(rng.uniform(0.0, 0.03))
            kills.append(progress[0])
            server.kill()
            server.start()

    thread = threading.Thread(target=killer)
    thread.start()
    try:
        with open_store(db) as store:
            watcher = GameSession(store, game.game_id)
            seen = 1
            for number, step in enumerate(game.steps, start=1):
                progress[0] = number
                post = step.posts[0]
                twin = new_id()
                jobs = [{"X-Request-Id": twin, "X-Seen-Seq": str(seen)}, {"X-Request-Id": twin, "X-Seen-Seq": str(seen)},
                        {"X-Request-Id": new_id(), "X-Seen-Seq": str(seen)}, {"X-Request-Id": new_id(), "X-Seen-Seq": str(seen)}]
                barrier = threading.Barrier(len(jobs))
                answers: list = [None] * len(jobs)

                def client(index: int, headers: dict) -> None:
                    answers[index] = post_until_answered(server, post, headers, barrier)

                threads = [threading.Thread(target=client, args=(i, h)) for i, h in enumerate(jobs)]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join(timeout=120)
                where = f"kill line {number + 1}: {step.line}"
                assert all(a is not None for a in answers), where
                for answer, _tries in answers:
                    assert answer.status in (200, 409), (where, answer.status, answer.text)
                    if answer.status == 409:
                        assert answer.body["error"]["rule"] == "entry.conflict", (where, answer.text)
                assert any(a.status == 200 for a, _t in answers), where
                watcher.refresh()
                assert watcher.record_lines() == game.lines[:number + 1], where
                seen = max(int(a.headers["x-companion-seq"]) for a, _t in answers)
    finally:
        done.set()
        thread.join(timeout=120)
        server.stop()
    assert len(kills) == KILLS and all(0 < k < len(game.steps) for k in kills), f"kills did not land mid-race: {kills}"
    assert_game_is_sound(db, game)
    audit = subprocess.run([sys.executable, "-m", "companion", "audit", game.game_id, "--db", str(db),
                            "--out", str(tmp_path / "audit.html")], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                           capture_output=True, text=True, timeout=120)
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert "hash chain intact" in audit.stdout, audit.stdout
