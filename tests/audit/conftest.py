"""Fixtures for the audit tests: real SQLite stores holding sample games."""

from __future__ import annotations

import shutil

import pytest

from companion.audit.sample import build_game
from companion.store.sqlite import EventStore


@pytest.fixture
def store(tmp_path):
    with EventStore(tmp_path / "games.db") as s:
        yield s


@pytest.fixture(scope="session")
def demo_file(tmp_path_factory):
    """A database file with one finished 4-player BUX game played in through camera and tablet, with keyframes."""
    path = tmp_path_factory.mktemp("demo") / "demo.db"
    with EventStore(path) as s:
        build_game(s, seed=11, players=4, game_id="demo")
        s.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


@pytest.fixture
def demo(demo_file, tmp_path):
    """A fresh copy of the demo game's store, free to tamper with."""
    path = tmp_path / "demo.db"
    shutil.copy(demo_file, path)
    with EventStore(path) as s:
        yield s
