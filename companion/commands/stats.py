"""`companion stats --db DB [--players LIST.json] [--csv|--json]`: standings per player across every stored game."""

from __future__ import annotations

import json

from companion.club.stats import read_roster, standings, to_csv
from companion.commands.games import add_db_option
from companion.store.backends import open_store


def add_parser(sub) -> None:
    p = sub.add_parser("stats", help="standings per player across stored games (games, wins, chips, per game type)")
    add_db_option(p)
    p.add_argument("--players", metavar="LIST.json",
                   help='the club\'s player list {"players": [{"id", "name"}]}: who is who (names must match exactly)')
    form = p.add_mutually_exclusive_group()
    form.add_argument("--csv", action="store_true", help="one CSV row per player")
    form.add_argument("--json", action="store_true", help="everything, including chips over each game")
    p.set_defaults(run=run)


def run(args) -> int:
    roster = read_roster(args.players) if args.players else None
    with open_store(args.db, read_only=True, must_exist=True) as store:
        table = standings(store, roster)
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
