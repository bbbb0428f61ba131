"""Many writers, one truth: expected-seq appends, request ids, and any interleaving of writers is a legal game."""

from __future__ import annotations

import itertools
import json
import sqlite3
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError, Conflict
from companion.games import find_game
from companion.store.events import MOVE
from companion.store.session import GameSession, Request, fold
from companion.store.backends import open_store
from companion.store.sqlite import EventStore, RepeatedRequest, StaleWrite, verify_chain
from companion.web.dice_service import DiceService

RECORDS = Path(__file__).parents[1] / "records"
BUX = [json.loads(line) for line in (RECORDS / "bux-3p-full.jsonl").read_text().splitlines() if line.strip()]


@pytest.fixture
def store(store_target):
    """An empty event store, once per backend."""
    with open_store(store_target) as s:
        yield s


def test_a_stale_append_is_refused_inside_the_transaction_and_stores_nothing(store):
    GameSession.start(store, BUX[0], game_id="g")
    store.append("g", "note", {"n": 1})
    with pytest.raises(StaleWrite, match="judged at event 1, the game is at event 2"):
        store.append("g", MOVE, BUX[1], expected_seq=1)
    assert store.last_seq("g") == 2
    assert store.append("g", MOVE, BUX[1], expected_seq=2).seq == 3


def test_a_request_id_is_stored_once(store):
    GameSession.start(store, BUX[0], game_id="g")
    first = store.append("g", "note", {"n": 1}, request_id="tap-0001")
    with pytest.raises(RepeatedRequest) as repeated:
        store.append("g", "note", {"n": 2}, request_id="tap-0001")
    assert repeated.value.seq == first.seq
    assert store.last_seq("g") == first.seq
    assert store.request_seq("g", "tap-0001") == first.seq
    assert store.request_seq("g", "tap-0002") is None


def test_a_store_written_before_request_ids_opens_and_keeps_its_chain(tmp_path):
    """Files from earlier versions have no request_id column and no replies table: both are added, nothing lost.

    SQLite only: PostgreSQL stores began with this schema (their versions are in schema_migrations).
    """
    path = tmp_path / "old.db"
    with EventStore(path) as store:
        session = GameSession.start(store, BUX[0], game_id="g")
        session.submit(BUX[1])
    raw = sqlite3.connect(path)
    raw.executescript("""
        DROP INDEX events_request; DROP TABLE replies;
        CREATE TABLE events_old (id INTEGER PRIMARY KEY, game_id TEXT NOT NULL REFERENCES games(game_id),
            seq INTEGER NOT NULL, time TEXT NOT NULL, source TEXT NOT NULL, kind TEXT NOT NULL, payload TEXT NOT NULL,
            prev_hash TEXT NOT NULL, hash TEXT NOT NULL, UNIQUE (game_id, seq));
        INSERT INTO events_old SELECT id, game_id, seq, time, source, kind, payload, prev_hash, hash FROM events;
        DROP TABLE events; ALTER TABLE events_old RENAME TO events;
    """)
    raw.close()
    with EventStore(path) as store:
        assert verify_chain(store.events("g")) is None
        session = GameSession(store, "g", request=Request("after-upgrade"))
        session.submit(BUX[2])
        assert store.request_seq("g", "after-upgrade") == 3
        assert GameSession(store, "g").record_lines() == BUX[:3]


def test_writers_racing_on_every_move_store_each_move_once(store_target):
    """Four threads, each with its own connection, submit every line of a whole game at the same instant."""
    path = store_target
    with open_store(path) as store:
        GameSession.start(store, BUX[0], game_id="g")
    barrier = threading.Barrier(4)
    outcomes: list[list[str]] = [[] for _ in BUX[1:]]
    errors: list[BaseException] = []

    def writer() -> None:
        with open_store(path) as store:
            session = GameSession(store, "g")
            for number, line in enumerate(BUX[1:]):
                barrier.wait(timeout=30)
                try:
                    session.submit(line)
                    outcomes[number].append("stored")
                except CompanionError as error:
                    outcomes[number].append(type(error).__name__)
                except BaseException as error:  # noqa: BLE001 - the test reports any other failure
                    errors.append(error)
                barrier.wait(timeout=30)

    threads = [threading.Thread(target=writer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors
    assert all(sorted(o) == ["RuleViolation"] * 3 + ["stored"] for o in outcomes), outcomes
    with open_store(path) as store:
        events = store.events("g")
        assert verify_chain(events) is None
        fold(find_game("bux"), events)  # strict: every stored move replays
        assert GameSession(store, "g").record_lines() == BUX


def test_a_screen_that_had_not_seen_the_last_move_gets_a_conflict_naming_it(store):
    GameSession.start(store, BUX[0], game_id="g")
    seen = store.last_seq("g")
    GameSession(store, "g").submit(BUX[1])
    late = GameSession(store, "g", request=Request("late-tap-1", seen=seen))
    with pytest.raises(Conflict) as conflict:
        late.submit(BUX[1])
    # What changed, for the screen to say in its own language (the sentence: companion/web/writes.py, test_many_devices).
    assert conflict.value.changes == ({"kind": "move", "type": "draw", "player": "Ben"},)
    assert store.last_seq("g") == 2  # no second move, no rejected event
    # Events that change nothing a screen shows (camera observations, attention items) are no conflict.
    GameSession(store, "g").observe([{"code": "x", "from": None, "to": "bid"}], 1.0)
    seen = store.last_seq("g") - 1
    GameSession(store, "g", request=Request(seen=seen)).submit(BUX[2])
    assert GameSession(store, "g").record_lines() == BUX[:3]


def test_dice_rolled_from_four_threads_at_once_get_four_numbers(store_target):
    path = store_target
    with open_store(path) as store:
        DiceService(GameSession.start(store, BUX[0], game_id="g")).ensure_seed()
    barrier = threading.Barrier(4)
    numbers: list[int] = []

    def roller() -> None:
        with open_store(path) as store:
            service = DiceService(GameSession(store, "g"))
            barrier.wait(timeout=30)
            numbers.append(service.roll(2, 6)["number"])

    threads = [threading.Thread(target=roller) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(numbers) == [1, 2, 3, 4]


_EXAMPLES = itertools.count()


class _Interleaved:
    """An EventStore whose next appends first let other writers write: a writer caught between judging and storing."""

    def __init__(self, store: EventStore):
        self._store = store
        self.before_append: list = []

    def __getattr__(self, name):
        return getattr(self._store, name)

    def append_many(self, *args, **kwargs):
        if self.before_append:
            self.before_append.pop(0)()
        return self._store.append_many(*args, **kwargs)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.integers(0, 2), st.booleans(), st.lists(st.integers(0, 2), max_size=3)), max_size=40),
       use_seen=st.booleans())
def test_any_interleaving_of_writers_stores_a_legal_game(backend, request, tmp_path_factory, steps, use_seen):
    """Each writer looks at the game at some moment and enters the next line of the record as it saw it;
    other writers may store theirs between its judging and its append. The log always replays (a legal
    game), and with the screens' seen seq it is exactly a prefix of the record."""
    # PostgreSQL: one database for every example, each example its own game.
    path = request.getfixturevalue("pg_url") if backend == "postgres" else tmp_path_factory.mktemp("interleave") / "g.db"
    g = f"g{next(_EXAMPLES)}"
    base = open_store(path)
    GameSession.start(base, BUX[0], game_id=g)
    writers = [_Interleaved(open_store(path)) for _ in range(3)]
    looked = [(1, base.last_seq(g))] * 3  # (index of the line the writer saw as next, seq it saw)

    def enter(w: int) -> None:
        index, seen = looked[w]
        if index >= len(BUX):
            return
        session = GameSession(writers[w], g, request=Request(seen=seen if use_seen else None))
        try:
            session.submit(BUX[index])
        except (CompanionError, Conflict):
            pass

    try:
        for writer, look, nested in steps:
            if look:
                folded = GameSession(writers[writer]._store, g).refresh()
                looked[writer] = (len(folded.moves), folded.last_seq)
            writers[writer].before_append = [lambda w=w: enter(w) for w in nested if w != writer]
            enter(writer)
        events = base.events(g)
        assert verify_chain(events) is None
        lines = [e.data for e in fold(find_game("bux"), events).moves]
        lines = [{k: v for k, v in line.items() if k != "evidence"} for line in lines]
        if use_seen:  # a writer never enters what it did not see: the log is the record, in order, each line once
            assert lines == BUX[:len(lines)]
    finally:
        for w in writers:
            w.close()
        base.close()
