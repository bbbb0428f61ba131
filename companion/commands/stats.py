"""`companion stats --db DB [--players LIST.json] [--night D | --since D --until D] [--csv|--json]`: standings per player.

With --ratings, --ranked [--tiebreaks], --bgstats or --bgg, the rated figures of
companion/commands/club_stats.py instead (finished, audit-clean games only).
"""

from __future__ import annotations

import json

from companion.club.nights import parse_night
from companion.club.stats import read_roster, standings, to_csv
from companion.commands import club_stats
from companion.commands.inputs import add_db_option
from companion.errors import CompanionError
from companion.store.backends import open_store


def add_parser(sub) -> None:
    p = sub.add_parser("stats", help="standings per player across stored games (games, wins, chips, per game type)")
    add_db_option(p)
    p.add_argument("--players", metavar="LIST.json",
                   help='the club\'s player list {"players": [{"id", "name"}]}: who is who (names must match exactly)')
    p.add_argument("--night", metavar="YYYY-MM-DD", help="only the games created on that local date (one club night)")
    p.add_argument("--since", metavar="YYYY-MM-DD", help="only the games created on or after that local date")
    p.add_argument("--until", metavar="YYYY-MM-DD", help="only the games created on or before that local date")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--csv", action="store_true", help="one CSV row per player")
    form.add_argument("--json", action="store_true", help="everything, including chips over each game")
    club_stats.add_arguments(p)
    p.set_defaults(run=run)


def nights_asked(args) -> tuple:
    """Return (since, until) from --night or --since/--until, each a date or None; CompanionError (one sentence) if malformed."""
    if args.night is not None:
        if args.since is not None or args.until is not None:
            raise CompanionError("give --night alone, or --since/--until for several nights, not both")
        night = parse_night(args.night, "--night")
        return night, night
    since = parse_night(args.since, "--since") if args.since is not None else None
    until = parse_night(args.until, "--until") if args.until is not None else None
    if since is not None and until is not None and since > until:
        raise CompanionError(f"--since {since} is after --until {until}, so no night is in between")
    return since, until


def run(args) -> int:
    since, until = nights_asked(args)
    roster = read_roster(args.players) if args.players else None
    with open_store(args.db, read_only=True, must_exist=True) as store:
        if club_stats.wanted(args):
            return club_stats.run_rated(args, store, roster, since, until)
        table = standings(store, roster, since, until)
    if args.json:
        print(json.dumps(table, ensure_ascii=False))
    elif args.csv:
        print(to_csv(table), end="")
    else:
        print(f"{'player':<16} {'games':>5} {'won':>4} {'win%':>5} {'chips':>7}  by game")
        for p in table["players"]:
            rate = f"{p['win_rate'] * 100:.0f}" if p["win_rate"] is not None else "-"
            chips = p["final_chips_total"] if p["final_chips_total"] is not None else "-"
            by = ", ".join(f"{g} {r['wins']}/{r['played']}" for g, r in sorted(p["by_game"].items()))
            print(f"{p['name']:<16} {p['games']:>5} {p['wins']:>4} {rate:>5} {chips:>7}  {by}")
        for seat in table["unlisted"]:
            print(f"not in the club's player list: {seat['name']!r} in game {seat['game_id']}")
        for game_id in table["damaged"]:
            print(f"left out (does not read soundly; run `companion audit {game_id}`): game {game_id}")
    return 0
