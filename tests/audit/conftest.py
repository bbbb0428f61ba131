"""Fixtures for the audit tests: real stores holding sample games, once per backend (SQLite file, PostgreSQL)."""

from __future__ import annotations

import shutil

import pytest

from companion.audit.sample import build_game
from companion.store.backends import open_store
from companion.store.transfer import copy_game


@pytest.fixture
def store(store_target):
    with open_store(store_target) as s:
        yield s


@pytest.fixture(scope="session")
def demo_file(tmp_path_factory):
    """A database file with one finished 4-player BUX game played in through camera and tablet, with keyframes."""
    path = tmp_path_factory.mktemp("demo") / "demo.db"
    with open_store(path) as s:
        build_game(s, seed=11, players=4, game_id="demo")
        s.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


@pytest.fixture
def sqlite_demo(demo_file, tmp_path):
    """A fresh copy of the demo game's SQLite file, free to tamper with (for tests of the file's own bytes)."""
    path = tmp_path / "demo.db"
    shutil.copy(demo_file, path)
    with open_store(path) as s:
        yield s


@pytest.fixture
def demo_db(demo_file, store_target):
    """Where a fresh copy of the demo game lives, once per backend: a copied file, or moved into PostgreSQL as is."""
    if isinstance(store_target, str):
        with open_store(demo_file, read_only=True) as source, open_store(store_target) as target:
            copy_game(source, target, "demo")
        return store_target
    shutil.copy(demo_file, store_target)
    return store_target


@pytest.fixture
def demo(demo_db):
    """The demo game's store (a fresh copy on either backend), free to tamper with."""
    with open_store(demo_db) as s:
        yield s
