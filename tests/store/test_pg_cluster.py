"""The throwaway PostgreSQL cluster the suite runs the PostgreSQL half of the store tests on (tests/pg.py)."""

from __future__ import annotations

import psycopg


def test_cluster_is_a_real_server_listening_only_on_its_own_socket(pg_cluster):
    with psycopg.connect(pg_cluster.url(), autocommit=True) as conn:
        version = conn.execute("SHOW server_version_num").fetchone()[0]
        listen = conn.execute("SHOW listen_addresses").fetchone()[0]
    assert int(version) >= 130000
    assert listen == ""  # no TCP port: parallel workers and other suites cannot collide


def test_each_test_database_starts_empty_and_apart(pg_cluster, pg_url):
    other = pg_cluster.create_database()
    try:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("CREATE TABLE marker (x int)")
        with psycopg.connect(other, autocommit=True) as conn:
            assert conn.execute("SELECT to_regclass('marker')").fetchone()[0] is None
    finally:
        pg_cluster.drop_database(other)
