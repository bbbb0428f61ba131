"""Fixtures shared by every test folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ARTIFACTS_ENV = "COMPANION_ARTIFACTS"


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory) -> Path:
    """Return the folder screenshots and summaries go to: $COMPANION_ARTIFACTS if set, else pytest's tmp dir.

    Nothing is written into the checkout unless asked for:
    `COMPANION_ARTIFACTS=test-artifacts pytest -m browser` keeps them in ./test-artifacts/.
    """
    chosen = os.environ.get(ARTIFACTS_ENV)
    if chosen:
        folder = Path(chosen).resolve()
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    return tmp_path_factory.mktemp("artifacts")


BACKENDS = ("sqlite", "postgres")
"""The event-store backends every store, session, audit and web test runs against."""


@pytest.fixture(scope="session")
def pg_cluster():
    """A throwaway PostgreSQL cluster for this test process (tests/pg.py), started on first use and stopped at the end."""
    from tests.pg import Cluster

    cluster = Cluster()
    yield cluster
    cluster.stop()


@pytest.fixture
def pg_url(pg_cluster):
    """The address of a new, empty PostgreSQL event store of its own for one test (dropped afterwards)."""
    url = pg_cluster.fresh_store()
    yield url
    from companion.store.postgres import close_pools

    close_pools(url)
    pg_cluster.drop_store(url)


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    """Which event-store backend this run of the test uses (the test runs once per backend)."""
    return request.param


@pytest.fixture
def store_target(backend, tmp_path, request) -> str | Path:
    """Where this test's event store lives: a SQLite file in tmp_path, or a fresh PostgreSQL database's URL."""
    if backend == "sqlite":
        return tmp_path / "companion.db"
    return request.getfixturevalue("pg_url")


PG_BROWSER_MODULES = {"test_browser", "test_browser_writes", "test_club_browser"}
"""Browser test modules that also run against PostgreSQL (the rest are deselected there; the summary counts them)."""


def pytest_collection_modifyitems(config, items):
    """Deselect browser tests of the postgres backend outside PG_BROWSER_MODULES (tests/web/conftest.py says why)."""
    keep, drop = [], []
    for item in items:
        spec = getattr(item, "callspec", None)
        on_postgres = spec is not None and spec.params.get("backend") == "postgres"
        module = item.module.__name__.rsplit(".", 1)[-1] if item.module else ""
        if on_postgres and item.get_closest_marker("browser") and module not in PG_BROWSER_MODULES:
            drop.append(item)
        else:
            keep.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
