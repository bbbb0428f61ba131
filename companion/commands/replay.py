"""`companion replay RECORD [--json]`: replay a game record and show where it ends.

With `--db STORE` (a file or a postgresql:// URL), RECORD may also be a
stored game's id: its record (the moves in effect) is replayed the same way.

A key a line type does not have (a typo such as "stak") is read past and
reported, also when the replay then fails: one "companion: warning: line N:
..." line each on stderr (before the result), or a "warnings" array in the
--json object, the final state's or the error's (absent when there is none).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from companion.errors import CompanionError, RecordError, StoreError
from companion.games import game_of_record


def add_parser(sub) -> None:
    p = sub.add_parser("replay", help="replay a game record (JSON Lines) and show the final state")
    p.add_argument("record", help="the record file (.jsonl), or with --db a stored game's id")
    p.add_argument("--db", help="replay a stored game from this event store (a file or a postgresql:// URL)")
    p.add_argument("--json", action="store_true", help="print the final state as one JSON object")
    p.set_defaults(run=run)


def read_lines(path: str) -> list[str]:
    """Return a record file's lines (newlines kept).

    Raises:
        RecordError: if the file cannot be read or is not UTF-8 text.
    """
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read {path!r}: {exc.strerror}", line=1) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise RecordError("not UTF-8 text", line=line) from None
    return text.splitlines(keepends=True)


def stored_lines(db: str, game_id: str) -> list[str]:
    """Return a stored game's record lines (the moves in effect), read without writing the store.

    Raises:
        StoreError: if the store or the game is missing, or the game's stored events are damaged.
    """
    from companion.store.backends import open_store
    from companion.store.integrity import recover_hint
    from companion.store.session import GameSession

    with open_store(db, read_only=True) as store:
        problems = store.integrity(game_id)
        if problems:
            raise StoreError(f"game {game_id!r} cannot be replayed: {problems[0]}; {recover_hint(db)}")
        return GameSession(store, game_id).export_record().splitlines(keepends=True)


def run(args) -> int:
    if args.db and not Path(args.record).is_file():
        lines = stored_lines(args.db, args.record)
    else:
        lines = read_lines(args.record)
    game = game_of_record(lines)
    warnings = game.key_warnings(lines)
    if not args.json:
        for warning in warnings:  # first: an ignored key may be why the replay then fails
            print(f"companion: warning: {warning}", file=sys.stderr)
    try:
        summary = game.state_to_json(game.replay(lines))
    except CompanionError as error:
        if not (args.json and warnings):
            raise
        print(json.dumps({**error.to_json(), "warnings": [w.to_json() for w in warnings]}, ensure_ascii=False))
        return 1
    if args.json:
        if warnings:
            summary = {**summary, "warnings": [w.to_json() for w in warnings]}
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print((game.format_summary or format_summary)(summary))
    return 0


def format_summary(summary: dict) -> str:
    """Return a plain table of any game's summary: status, then one line per player."""
    status = f"game over, won by {', '.join(summary.get('winners') or ['nobody'])}" if summary.get("over") else f"{summary.get('turn')} to move"
    out = [f"{summary.get('game', '?')}: {status}"]
    for name, info in (summary.get("players") or {}).items():
        if isinstance(info, dict):
            facts = ", ".join(f"{k} {v}" for k, v in info.items() if not isinstance(v, (dict, list)))
        else:
            facts = str(info)
        out.append(f"  {name}: {facts}")
    return "\n".join(out)
