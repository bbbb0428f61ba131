"""The reads both event stores answer with the same SQL: games, events, secrets, replies, keyframes.

SQLite and PostgreSQL differ in how they write (locks, transactions, the
chain's insert) and in how they are damaged, not in what a read asks. Each
store mixes this in and supplies two things: `_select(sql, args)`, which runs
SQL written with `?` placeholders and returns the rows, and `_to_event(row)`,
which builds an Event from a row of EVENT_COLUMNS (SQLite reads the payload as
bytes so a payload that is not UTF-8 shows as damage instead of an error).
"""

from __future__ import annotations

from typing import Any

from companion.errors import UnknownGame
from companion.store.events import Event

_GAME_FIELDS = ("game_id", "game", "created", "title")


class StoreReads:
    """Read queries shared by the SQLite and PostgreSQL event stores."""

    EVENT_COLUMNS = "game_id, seq, time, source, kind, payload, prev_hash, hash"
    """The columns `_to_event` takes, in Event's order."""

    def _select(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def _to_event(self, row: tuple[Any, ...]) -> Event:
        return Event(*row)

    def games(self) -> list[dict[str, str]]:
        """Return every stored game: id, game name, creation time and title, oldest first."""
        rows = self._select("SELECT game_id, game, created, title FROM games ORDER BY created, game_id")
        return [dict(zip(_GAME_FIELDS, row)) for row in rows]

    def has_game(self, game_id: str) -> bool:
        """Return True if a game id is registered."""
        return bool(self._select("SELECT 1 FROM games WHERE game_id = ?", (game_id,)))

    def game_info(self, game_id: str) -> dict[str, str]:
        """Return a stored game's id, game name, creation time and title. Raises UnknownGame if unknown."""
        rows = self._select("SELECT game_id, game, created, title FROM games WHERE game_id = ?", (game_id,))
        if not rows:
            raise UnknownGame(f"no stored game {game_id!r}")
        return dict(zip(_GAME_FIELDS, rows[0]))

    def game_name(self, game_id: str) -> str:
        """Return which game (e.g. 'bux') a stored game id plays. Raises UnknownGame if unknown."""
        return self.game_info(game_id)["game"]

    def events(self, game_id: str, after: int = 0) -> list[Event]:
        """Return a game's events in order (those with seq > after)."""
        rows = self._select(f"SELECT {self.EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, after))
        return [self._to_event(row) for row in rows]

    def head(self, game_id: str) -> Event | None:
        """Return a game's latest event (the head of its chain), or None before the first."""
        rows = self._select(f"SELECT {self.EVENT_COLUMNS} FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,))
        return self._to_event(rows[0]) if rows else None

    def last_seq(self, game_id: str) -> int:
        """Return the seq of a game's latest event (0 if none): a cheap "anything new?" check."""
        return self._select("SELECT MAX(seq) FROM events WHERE game_id = ?", (game_id,))[0][0] or 0

    def request_seq(self, game_id: str, request_id: str) -> int | None:
        """Return the seq of the first event stored for a client request id, or None if none was."""
        rows = self._select("SELECT seq FROM events WHERE game_id = ? AND request_id = ?", (game_id, request_id))
        return rows[0][0] if rows else None

    def get_reply(self, game_id: str, request_id: str) -> tuple[int, str] | None:
        """Return (status, body) of the answer kept for a request id, or None."""
        rows = self._select("SELECT status, body FROM replies WHERE game_id = ? AND request_id = ?", (game_id, request_id))
        return (rows[0][0], rows[0][1]) if rows else None

    def get_secret(self, game_id: str, name: str) -> str | None:
        """Return a game's stored secret, or None if it was never stored."""
        rows = self._select("SELECT value FROM secrets WHERE game_id = ? AND name = ?", (game_id, name))
        return rows[0][0] if rows else None

    def secrets(self, game_id: str) -> dict[str, str]:
        """Return every stored secret of a game by name (for moving the game to another store, never for a screen)."""
        return dict(self._select("SELECT name, value FROM secrets WHERE game_id = ?", (game_id,)))

    def get_keyframe(self, frame_id: int) -> bytes | None:
        """Return a keyframe's JPEG bytes, or None if it was never stored or was pruned."""
        rows = self._select("SELECT jpeg FROM keyframes WHERE id = ?", (frame_id,))
        return bytes(rows[0][0]) if rows else None

    def keyframe_ids(self, game_id: str) -> list[int]:
        """Return the ids of a game's stored keyframes, oldest first."""
        return [row[0] for row in self._select("SELECT id FROM keyframes WHERE game_id = ? ORDER BY id", (game_id,))]

    def keyframe_usage(self, game_id: str) -> tuple[int, int]:
        """Return (count, bytes) of a game's stored keyframes."""
        rows: list[Any] = self._select("SELECT COUNT(*), COALESCE(SUM(size), 0) FROM keyframes WHERE game_id = ?", (game_id,))
        return rows[0][0], int(rows[0][1])
