"""`companion seat --db DB --game G --present A,B,C,... [--mode swiss|random] [--seed N] [--tables N] [--night D [--until D]] [--json]`.

The next round's seating for a club night (companion/club/seating.py):
tonight's games in the store are the earlier rounds, so players who already
sat together are kept apart where the tables allow.
"""

from __future__ import annotations

import json

from companion.club.nights import parse_night
from companion.club.rounds import next_round
from companion.club.stats import read_roster
from companion.commands.games import add_db_option
from companion.errors import CompanionError
from companion.store.backends import open_store


def add_parser(sub) -> None:
    p = sub.add_parser("seat", help="the next round's tables for a club night, with the fewest repeated opponents")
    add_db_option(p)
    p.add_argument("--game", required=True, help="the game the round plays (its own player limits apply, within 3 to 5)")
    p.add_argument("--present", required=True, metavar="A,B,C",
                   help="the players present now, comma-separated (who left is left out, who came is added)")
    p.add_argument("--mode", choices=("swiss", "random"), default="random",
                   help="swiss: players of similar standing tonight sit together; random: a seeded shuffle (default)")
    p.add_argument("--seed", type=int, default=0, help="the random mode's seed: the same seed, the same tables")
    p.add_argument("--tables", type=int, help="how many tables the room has (default: as few as the game allows)")
    p.add_argument("--night", metavar="YYYY-MM-DD", help="the night whose games are the earlier rounds (default: today)")
    p.add_argument("--until", metavar="YYYY-MM-DD", help="with --night: an evening past midnight, up to this date")
    p.add_argument("--players", metavar="LIST.json", help="the club's player list, for the standings (as `companion stats`)")
    p.add_argument("--json", action="store_true", help="the seating as JSON")
    p.set_defaults(run=run)


def run(args) -> int:
    night = parse_night(args.night, "--night") if args.night is not None else None
    until = parse_night(args.until, "--until") if args.until is not None else None
    if until is not None and (night is None or until < night):
        raise CompanionError("--until needs a --night on or before it (an evening that runs past midnight)")
    present = [name.strip() for name in args.present.split(",") if name.strip()]
    if args.tables is not None and args.tables < 1:
        raise CompanionError(f"--tables {args.tables}: a round needs at least one table")
    roster = read_roster(args.players) if args.players else None
    with open_store(args.db, read_only=True, must_exist=True) as store:
        seating = next_round(store, args.game, present, mode=args.mode, seed=args.seed, tables=args.tables,
                             night=night, until=until, roster=roster)
    if args.json:
        print(json.dumps({"tables": [list(t) for t in seating.tables], "repeats": seating.repeats,
                          "complete": seating.complete}, ensure_ascii=False))
        return 0
    for number, table in enumerate(seating.tables, start=1):
        print(f"table {number}: {', '.join(table)}")
    known = "" if seating.complete else " (the best found in the time allowed)"
    print(f"pairs who already sat together tonight: {seating.repeats}{known}")
    return 0
