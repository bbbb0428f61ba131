"""`companion replay RECORD|GAME_ID [--json]`: replay a game record and show where it ends.

RECORD may also be a stored game's id, found as every command finds a game: in
./companion.db, or in the store `--db` names (a file or a postgresql:// URL); its
record (the moves in effect) is replayed the same way.

A key a line type does not have (a typo such as "stak") is read past and
reported, also when the replay then fails: one "companion: warning: line N:
..." line each on stderr (before the result), or a "warnings" array in the
--json object, the final state's or the error's (absent when there is none).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from companion.commands.inputs import add_db_option, read_lines
from companion.errors import CompanionError, StoreError
from companion.games import game_of_record


def add_parser(sub) -> None:
    p = sub.add_parser("replay", help="replay a game record (JSON Lines) and show the final state")
    p.add_argument("record", metavar="RECORD|GAME_ID",
                   help="the record file (.jsonl), or a stored game's id (see `companion games`)")
    add_db_option(p)
    p.add_argument("--json", action="store_true", help="print the final state as one JSON object")
    p.set_defaults(run=run)


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


def record_lines(record: str, db: str) -> list[str]:
    """Return the lines of a record file, or of the stored game with that id in `db`.

    A name that is no file is looked up as a game id when it could be one (no folder,
    no .jsonl); a missing record file is said as such, not as a missing game.

    Raises:
        CompanionError: the file cannot be opened, or there is no such game (or store).
    """
    path = Path(record)
    if path.exists() or path.suffix.lower() in (".jsonl", ".json") or len(path.parts) > 1:
        return read_lines(record)
    from companion.store.backends import is_postgres

    if not is_postgres(db) and not Path(db).is_file():
        raise CompanionError(f"{record!r} is no record file, and there is no event store at {db!r} to find a game "
                             "of that id in (use --db)")
    return stored_lines(db, record)


def run(args) -> int:
    lines = record_lines(args.record, args.db)
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
