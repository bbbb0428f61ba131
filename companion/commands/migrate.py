"""`companion migrate --from DB --to DB [GAME ...]`: move games between a table's SQLite file and a club's PostgreSQL."""

from __future__ import annotations

import json

from companion.errors import CompanionError
from companion.store.backends import open_store, store_label
from companion.store.transfer import copy_game


def add_parser(sub) -> None:
    p = sub.add_parser("migrate", help="copy stored games to another event store (SQLite file <-> postgresql:// URL), chain intact")
    p.add_argument("games", nargs="*", metavar="GAME", help="game ids to copy (default: every game of the source)")
    p.add_argument("--from", dest="source", required=True, help="the store to copy from (a file or a postgresql:// URL)")
    p.add_argument("--to", dest="target", required=True, help="the store to copy into (created if it is a new file)")
    p.add_argument("--json", action="store_true", help="print what was copied as JSON")
    p.set_defaults(run=run)


def run(args) -> int:
    if str(args.source) == str(args.target):
        raise CompanionError("--from and --to name the same store: nothing to copy")
    with open_store(args.source, read_only=True) as source, open_store(args.target) as target:
        wanted = args.games or [info["game_id"] for info in source.games()]
        done = [copy_game(source, target, game_id) for game_id in wanted]
    if args.json:
        print(json.dumps([{"game_id": m.game_id, "events": m.events, "seal": m.seal, "already": m.already,
                           "pictures_left": list(m.pictures_left)} for m in done]))
        return 0
    for moved in done:
        what = "already there, unchanged" if moved.already else f"copied {moved.events} events"
        note = f"; {len(moved.pictures_left)} keyframe(s) left behind (their ids are used there)" if moved.pictures_left else ""
        print(f"{moved.game_id}: {what}, seal {moved.seal}{note}")
    if not done:
        print(f"no games in {store_label(args.source)}")
    return 0
