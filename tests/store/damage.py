"""Ways a real event store file gets damaged, done to real SQLite files for the tests.

Each helper changes bytes on disk the way a disk error, a half-copied file or a
forger would; none goes through the store's own code.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from companion.store.events import canonical_json, event_hash


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    for i in range(9):
        byte = data[at + i]
        if i == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    raise AssertionError("unreachable")


def checkpoint(path: Path) -> None:
    """Move everything from the WAL into the main file, so damage to the file is damage to the data."""
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


def damage_index_entry(path: Path, index: str, entry: int) -> None:
    """Change one byte of the key of an index's `entry`-th cell (0-based, in key order) on its root leaf page."""
    checkpoint(path)
    con = sqlite3.connect(path)
    root, = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (index,)).fetchone()
    size, = con.execute("PRAGMA page_size").fetchone()
    con.close()
    data = bytearray(path.read_bytes())
    page = (root - 1) * size
    assert data[page] == 0x0A, "the index must fit on one leaf page for this helper"
    pointer = page + 8 + 2 * entry
    cell = page + int.from_bytes(data[pointer:pointer + 2], "big")
    _payload, at = _varint(data, cell)
    header, body = _varint(data, at)
    body = at + header
    # The first byte of the key's first column (the game id), made to sort later: a lookup of the
    # game now stops at this entry, as if the game ended there.
    data[body] += 1
    path.write_bytes(bytes(data))


def damage_schema_entry(path: Path, text: bytes, replacement: bytes) -> None:
    """Overwrite bytes of a CREATE statement stored in the schema table (page 1), same length."""
    assert len(text) == len(replacement)
    checkpoint(path)
    data = path.read_bytes()
    assert data.count(text) == 1, text
    path.write_bytes(data.replace(text, replacement))


def truncate(path: Path, fraction: float) -> None:
    """Keep only the first `fraction` of the file's bytes, as a copy cut short would."""
    checkpoint(path)
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * fraction)])


def forge_payload(path: Path, game_id: str, seq: int, change) -> None:
    """Edit one event's payload with `change(dict) -> None` and recompute that event's own hash only."""
    con = sqlite3.connect(path)
    row = con.execute("SELECT time, source, kind, payload, prev_hash FROM events WHERE game_id = ? AND seq = ?",
                      (game_id, seq)).fetchone()
    time, source, kind, payload, prev = row
    data = json.loads(payload)
    change(data)
    text = canonical_json(data)
    con.execute("UPDATE events SET payload = ?, hash = ? WHERE game_id = ? AND seq = ?",
                (text, event_hash(game_id, seq, time, source, kind, text, prev), game_id, seq))
    con.commit()
    con.close()


GOLDEN = Path(__file__).resolve().parents[1] / "records" / "bux-3p-full.jsonl"
"""A finished 3-player BUX game of 47 moves: stored, it is 47 events, event 12 a draw sold at 150."""


def golden_db(folder: Path, name: str = "golden.db") -> Path:
    """Store the golden game as game "g" in a new database file (WAL checkpointed) and return its path."""
    from companion.store.session import import_record
    from companion.store.sqlite import EventStore

    path = folder / name
    with EventStore(path) as store:
        import_record(store, GOLDEN.read_text().splitlines(keepends=True), game_id="g")
    checkpoint(path)
    return path


def rewrite_chain(path: Path, game_id: str, seq: int, change) -> None:
    """Edit one event's payload and recompute its hash and every later link and hash: a whole-chain forgery."""
    con = sqlite3.connect(path)
    rows = con.execute("SELECT seq, time, source, kind, payload, prev_hash FROM events WHERE game_id = ? AND seq >= ? ORDER BY seq",
                       (game_id, seq)).fetchall()
    prev = None
    for number, time, source, kind, payload, old_prev in rows:
        if number == seq:
            data = json.loads(payload)
            change(data)
            payload = canonical_json(data)
        prev = old_prev if prev is None else prev
        digest = event_hash(game_id, number, time, source, kind, payload, prev)
        con.execute("UPDATE events SET payload = ?, prev_hash = ?, hash = ? WHERE game_id = ? AND seq = ?",
                    (payload, prev, digest, game_id, number))
        prev = digest
    con.commit()
    con.close()


def delete_tail(path: Path, game_id: str, count: int) -> None:
    """Delete a game's last `count` events: what is left is a shorter chain that holds."""
    con = sqlite3.connect(path)
    con.execute("DELETE FROM events WHERE game_id = ? AND seq > (SELECT MAX(seq) FROM events WHERE game_id = ?) - ?",
                (game_id, game_id, count))
    con.commit()
    con.close()


def append_forged(path: Path, game_id: str, kind: str, payload) -> None:
    """Append a correctly chained event behind the store's back (plain SHA-256 needs no key)."""
    con = sqlite3.connect(path)
    seq, prev, time = con.execute("SELECT seq, hash, time FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                                  (game_id,)).fetchone()
    text = canonical_json(payload)
    con.execute("INSERT INTO events (game_id, seq, time, source, kind, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, seq + 1, time, "tablet", kind, text, prev, event_hash(game_id, seq + 1, time, "tablet", kind, text, prev)))
    con.commit()
    con.close()
