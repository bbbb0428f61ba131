"""`companion games`, `companion export GAME`, `companion import RECORD`: stored games."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from companion.audit.limits import check_record_file
from companion.commands.outputs import output_file, print_rows
from companion.commands.inputs import DEFAULT_DB, add_db_option, read_lines
from companion.errors import CompanionError, StoreError
from companion.games.base import SHARED
from companion.store.events import format_seal
from companion.store.integrity import recover_hint
from companion.store.session import GameSession, import_record
from companion.store.backends import Store, is_postgres
from companion.store.backends import open_store as open_backend

def add_parser(sub) -> None:
    p = sub.add_parser("games", help="list stored games")
    add_db_option(p)
    p.add_argument("--json", action="store_true", help="print the games as JSON")
    p.set_defaults(run=run_games)
    p = sub.add_parser("export", help="write a stored game as a record (JSON Lines)")
    p.add_argument("game_id", metavar="GAME_ID", help="the stored game (see `companion games`)")
    p.add_argument("--out", help="file to write (default: standard output; its folder must exist)")
    add_db_option(p)
    p.set_defaults(run=run_export)
    p = sub.add_parser("import", help="store a record as a new game")
    p.add_argument("record", metavar="RECORD", help="the record file (.jsonl) to store")
    p.add_argument("--id", dest="game_id", help="game id to use (default: a new random id)")
    add_db_option(p)
    p.add_argument("--json", action="store_true", help="print the new game's id as JSON")
    p.set_defaults(run=run_import)


def open_store(path: str, *, must_exist: bool = True, read_only: bool = False) -> Store:
    """Open the event store (a file or a postgresql:// URL); with must_exist, a missing store is a clear error; read_only never writes it."""
    if must_exist and not is_postgres(path) and not Path(path).exists():
        raise CompanionError(f"no event store at {path!r} (use --db)")
    return open_backend(path, read_only=read_only, must_exist=must_exist)


def run_games(args) -> int:
    with open_store(args.db, read_only=True) as store:
        rows = []
        for info in store.games():
            summary = _summary(store, info["game_id"])
            rows.append({**info, **summary})
    print_rows(rows, as_json=args.json, none="no stored games", lines=_game_line)
    return 0


def _game_line(row: dict) -> list[str]:
    """Return a stored game's line of `companion games`: id, start, game, players, winner and seal."""
    winners = ", ".join(row["winners"]) if row["winners"] else ("(in progress)" if row["ok"] else "(damaged)")
    seal = f"  {'final ' if row['winners'] else ''}seal {row['seal']}" if row["seal"] and row["ok"] else ""
    return [f"{row['game_id']}  {row['created'][:16].replace('T', ' ')}  {row['game']:<5} {', '.join(row['players'])}  "
            f"winner: {winners}{seal}"]


def _summary(store: Store, game_id: str) -> dict:
    """Return players, winners, the final seal (what players compare with the end screen) and whether the game reads soundly."""
    try:
        if store.integrity(game_id):
            return {"players": [], "winners": [], "ok": False, "seal": None}
        session = GameSession(store, game_id)
        events = session.events
        summary = session.game.view_for(session.state, SHARED)  # a listing anyone may read: the shared view
        return {"players": list(summary.get("players", {})), "winners": summary.get("winners", []),
                "ok": session.damage is None, "seal": format_seal(events[-1]) if events else None}
    except CompanionError:
        return {"players": [], "winners": [], "ok": False, "seal": None}


def run_export(args) -> int:
    out = output_file(args.out, "--out") if args.out else None
    with open_store(args.db, read_only=True) as store:
        problems = store.integrity(args.game_id)
        if problems:
            raise StoreError(f"game {args.game_id!r} cannot be exported: {problems[0]}; {recover_hint(args.db)}")
        text = GameSession(store, args.game_id).export_record()
    if out is not None:
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CompanionError(f"cannot write {str(out)!r}: {exc.strerror or exc}") from None
    else:
        sys.stdout.write(text)
    return 0


def run_import(args) -> int:
    check_record_file(args.record)
    lines = read_lines(args.record)
    with open_store(args.db, must_exist=False) as store:
        session = import_record(store, lines, game_id=args.game_id)
    if args.json:
        print(json.dumps({"game_id": session.game_id}))
    else:
        print(f"stored as game {session.game_id}")
    return 0
