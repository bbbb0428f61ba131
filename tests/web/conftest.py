"""Fixtures for the tablet page: a real event store with a BUX game in progress, once per backend.

The `db` fixture is a SQLite file or a PostgreSQL URL (tests/conftest.py
`store_target`): every test that takes it runs on both. Browser tests run
on SQLite only, except the modules in tests/conftest.py PG_BROWSER_MODULES
(the live-update and writes pages, where the backend changes what happens):
a browser run costs seconds and a page does not know which store served it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.games.bux.state import PLAYING_CARDS
from companion.store.session import GameSession
from companion.store.backends import Store, open_store
from companion.web import create_app
from companion.web.access import game_key, game_token, player_token

RECORD = Path(__file__).resolve().parents[1] / "records" / "bux-3p-full.jsonl"
LINES = [json.loads(line) for line in RECORD.read_text(encoding="utf-8").splitlines() if line.strip()]
GAME_ID = "g1"
CODE = re.compile("|".join(re.escape(c) for c in sorted(PLAYING_CARDS, key=len, reverse=True)))


def start_game(db: Path, moves: int, game_id: str = GAME_ID, setup: dict | None = None) -> None:
    """Store the sample game's setup and its first `moves` moves."""
    with open_store(db) as store:
        session = GameSession.start(store, setup or LINES[0], game_id=game_id)
        for line in LINES[1:1 + moves]:
            session.submit(line, source="import")


@pytest.fixture
def db(store_target) -> Path | str:
    """The store (a SQLite file's path or a PostgreSQL URL) holding game g1 after its first 5 moves."""
    start_game(store_target, 5)
    return store_target


@pytest.fixture
def app(db):
    return create_app({"DB": str(db), "TESTING": True, "SSE_SECONDS": 0.6, "SSE_POLL": 0.05, "MJPEG_SECONDS": 0.5, "MJPEG_INTERVAL": 0.05})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def token(db) -> str:
    with open_store(db) as store:
        return game_token(game_key(store, GAME_ID))


@pytest.fixture
def auth(token) -> dict:
    return {"X-Companion-Token": token}


@pytest.fixture
def ptoken(db):
    def make(player: str) -> str:
        with open_store(db) as store:
            return player_token(game_key(store, GAME_ID), player)
    return make


def session_of(db: Path, game_id: str = GAME_ID) -> tuple[Store, GameSession]:
    store = open_store(db)
    return store, GameSession(store, game_id)


def snapshot(db: Path) -> tuple:
    """Return (state, number of move events, number of undo events) to prove nothing changed."""
    store, session = session_of(db)
    try:
        events = session.events
        return session.state, sum(e.kind == "move" for e in events), sum(e.kind == "undo" for e in events)
    finally:
        store.close()


def kinds(db: Path) -> list[str]:
    store, session = session_of(db)
    try:
        return [e.kind for e in session.events]
    finally:
        store.close()


@pytest.fixture
def server(app):
    """The app served over real HTTP on loopback (for browser tests), its streams ending promptly at teardown."""
    from tests.web.serving import serving

    app.config["SSE_SECONDS"] = 20
    app.config["SSE_POLL"] = 0.1
    with serving(app) as base:
        yield base


@pytest.fixture(scope="module")
def chromium():
    """Debian's chromium, launched once for a module whose tests each open their own contexts (tests/chromium.py)."""
    from playwright.sync_api import sync_playwright

    from tests.chromium import ARGS, CHROMIUM

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def browser():
    """Debian's chromium, launched for one test (tests/chromium.py)."""
    from playwright.sync_api import sync_playwright

    from tests.chromium import ARGS, CHROMIUM

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()
