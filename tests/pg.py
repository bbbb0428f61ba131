"""A throwaway PostgreSQL cluster for the tests: Debian's own binaries, a temp folder, a unix socket.

The suite needs a real server (no mock database), but must not depend on
one being configured on the machine. So each test process (each xdist
worker) runs `initdb` into a fresh temporary folder and `pg_ctl start`s a
postmaster that listens only on a unix socket inside that folder (no TCP
port to collide with another worker or agent), and stops it at the end.

PostgreSQL refuses to run as root; CI runs the tests as root. Then the
cluster is made and run as the `postgres` user that Debian's package
creates (`runuser -u postgres`), in a folder handed to that user; as any
other user it runs as that user. The cluster is tuned for tests only
(fsync off: a crash of the test machine loses nothing that matters).

Every test gets a store of its own (`fresh_store`): a schema of its own in
one shared database, named in the URL's search_path. CREATE SCHEMA costs
well under a millisecond where CREATE DATABASE costs 0.1-1 s on a busy
machine (it copies and checkpoints), and tests stay just as independent:
each store sees only its own tables. (Notifications are per database, so a
test may hear another's: listeners only re-read on them, which is harmless.)
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Callable

SERVER_USER = "postgres"
"""The account a root test run hands the cluster to (Debian's postgresql package creates it)."""


def bin_dir() -> Path:
    """Return the folder of the newest installed PostgreSQL server binaries (Debian keeps them off PATH).

    Raises:
        RuntimeError: if no server is installed (scripts/setup.sh --test installs Debian's postgresql).
    """
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).resolve().parent
    raise RuntimeError("no PostgreSQL server binaries (initdb) found: run scripts/setup.sh --test, which installs Debian's postgresql")


class Cluster:
    """A running throwaway cluster; `url(name)` is a database's address, `stop()` ends it and removes its folder."""

    def __init__(self) -> None:
        self.bin = bin_dir()
        self.folder = Path(tempfile.mkdtemp(prefix="companion-pg-"))
        self.data = self.folder / "data"
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = SERVER_USER
            account = pwd.getpwnam(SERVER_USER)  # KeyError: the postgresql package is not installed
            os.chown(self.folder, account.pw_uid, account.pw_gid)
        self.role = self.user or pwd.getpwuid(os.geteuid()).pw_name
        self._names = itertools.count(1)
        self._stores_ready = False
        self.running = False
        self._run("initdb", "-D", str(self.data), "-U", self.role, "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8",
                  "--no-sync", "--no-instructions")
        options = (f"-c listen_addresses='' -c unix_socket_directories='{self.folder}' -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c shared_buffers=32MB")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-o", options, "-w", "-t", "60", "start")
        self.running = True
        atexit.register(self.stop)

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.folder)
        if done.returncode != 0:
            log = self.folder / "log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr.strip()}\n{tail}")

    def url(self, database: str = "postgres") -> str:
        """Return the postgresql:// address of a database in this cluster (over the unix socket)."""
        return f"postgresql://{self.role}@/{database}?host={self.folder}"

    def create_database(self, prefix: str = "t") -> str:
        """Create an empty database and return its address."""
        import psycopg

        name = f"{prefix}_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0 STRATEGY FILE_COPY')
        return self.url(name)

    def fresh_store(self) -> str:
        """Return the address of an empty store of its own: a new schema in the shared `stores` database."""
        import psycopg

        if not self._stores_ready:
            with psycopg.connect(self.url(), autocommit=True) as conn:
                conn.execute('CREATE DATABASE "stores" TEMPLATE template0')
            self._stores_ready = True
        name = f"t_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url("stores"), autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{name}"')
        return f"{self.url('stores')}&options=-csearch_path%3D{name}"

    def drop_store(self, url: str) -> None:
        """Drop a store made by fresh_store (its schema, with everything in it)."""
        import psycopg

        name = url.rsplit("%3D", 1)[1]
        with psycopg.connect(self.url("stores"), autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')

    def drop_database(self, url: str) -> None:
        """Drop a database made by create_database (its connections are ended first)."""
        import psycopg

        name = url.split("/")[-1].split("?")[0]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        """Stop the server at once and remove its folder (safe to call twice)."""
        if self.running:
            self.running = False
            try:
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
            except RuntimeError:
                pass
        shutil.rmtree(self.folder, ignore_errors=True)


@contextlib.contextmanager
def bench_store(backend: str, sqlite_path: Callable[[Path], str], *, url: str | None = None, prefix: str = "bench-"):
    """Yield the store a benchmark runs against, and remove it afterwards.

    "postgres": `url` if given, else a throwaway cluster's database;
    "sqlite": `sqlite_path(temporary folder)` (a file, or the folder itself for one file per table).
    Pools are closed before the cluster stops, so no connection outlives it.
    """
    from companion.store.postgres import close_pools

    cluster = None
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        if backend == "postgres":
            if url is None:
                cluster = Cluster()
                url = cluster.url("postgres")
            target = url
        else:
            target = sqlite_path(Path(folder))
        try:
            yield target
        finally:
            close_pools()
            if cluster is not None:
                cluster.stop()
