"""What several commands read the same way: the event store option (--db) and a record file. Not a subcommand.

Kept apart from the commands that use them so that none of those imports another
(games, replay, audit, serve, stats and demo all take --db; games and replay read records).
"""

from __future__ import annotations

from pathlib import Path

from companion.errors import CompanionError, RecordError

DEFAULT_DB = "companion.db"


def add_db_option(parser) -> None:
    """Add the --db option (the event store file) to a subcommand."""
    parser.add_argument("--db", default=DEFAULT_DB,
                        help=f"event store: a SQLite file or a postgresql:// URL (default: ./{DEFAULT_DB})")


def unreadable(path: str, exc: OSError) -> CompanionError:
    """Return the error for a file that cannot be opened: "cannot open missing.jsonl: no such file" (no line number:
    no line was read)."""
    why = ("no such file" if isinstance(exc, FileNotFoundError) else "it is a folder" if isinstance(exc, IsADirectoryError)
           else "permission denied" if isinstance(exc, PermissionError) else (exc.strerror or str(exc)).lower())
    return CompanionError(f"cannot open {path}: {why}")


def read_lines(path: str) -> list[str]:
    """Return a record file's lines (newlines kept).

    Raises:
        CompanionError: if the file cannot be opened.
        RecordError: if it is not UTF-8 text.
    """
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise unreadable(path, exc) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise RecordError("not UTF-8 text", line=line) from None
    return text.splitlines(keepends=True)
