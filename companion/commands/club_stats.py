"""The rated half of `companion stats`: --ratings, --ranked (a night's standings by tiebreaks), --bgstats and --bgg exports.

Kept apart from companion/commands/stats.py, whose figures count every
stored game: these count finished, audit-clean games only
(companion/club/results.py), so they audit each game first.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from pathlib import Path
from typing import Callable

from companion.club import exports, ratings as rating
from companion.club.night_standings import night_table, parse_tiebreaks
from companion.club.results import finished_results
from companion.errors import CompanionError
from companion.games import find_game


def add_arguments(p) -> None:
    """Add the rated options to the stats parser."""
    p.add_argument("--ratings", action="store_true",
                   help="openskill ratings from finished, audit-clean games: overall and per game type")
    p.add_argument("--ranked", action="store_true",
                   help="standings from finished, audit-clean games, ordered by --tiebreaks (a night's table with --night)")
    p.add_argument("--tiebreaks", metavar="LIST",
                   help="order for --ranked, from wins,points,head-to-head,rating,name (default all, in that order; then name, if not named)")
    p.add_argument("--bgstats", metavar="FILE.json", help="write every finished, audit-clean game as a BG Stats import file")
    p.add_argument("--bgg", metavar="FILE.xml", help="write every finished, audit-clean game as a BoardGameGeek-style play log")


def wanted(args) -> bool:
    """Return True if any rated option was given."""
    return bool(args.ratings or args.ranked or args.bgstats or args.bgg or args.tiebreaks)


def titles() -> dict[str, str]:
    """Return {game type: its title} for the game types the companion knows (what exports name a game)."""
    from companion.games import games

    return {g.name: g.title for g in games()}


def run_rated(args, store, roster: dict[str, str] | None, since: dt.date | None, until: dt.date | None) -> int:
    """Print or write what the rated options ask for; 0 on success."""
    order = parse_tiebreaks(args.tiebreaks)
    if args.tiebreaks and not args.ranked:
        raise CompanionError("--tiebreaks orders --ranked standings: give --ranked too")
    identity: Callable[[str], str | None] | None = roster.get if roster is not None else None
    names = {pid: name for name, pid in (roster or {}).items()}
    results, skipped = finished_results(store, since, until)
    history = results if since is None else finished_results(store, None, until)[0]
    rated = rating.rate(history, identity)
    if args.bgstats:
        _write(args.bgstats, json.dumps(exports.to_bgstats(results, titles()), ensure_ascii=False, indent=1))
    if args.bgg:
        _write(args.bgg, exports.to_bgg_xml(results, titles()))
    if args.ranked:
        rows = night_table(results, order, rated, identity, names)
        _print_ranked(args, rows, rated, order)
    if args.ratings:
        _print_ratings(args, rated, names)
    if not args.json and not args.csv:
        for item in skipped:
            print(f"not counted: game {item['game_id']} ({item['reason']})")
    return 0


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CompanionError(f"cannot write {path!r}: {exc.strerror or exc}") from None


def _print_ranked(args, rows, rated: rating.Ratings, order: tuple[str, ...]) -> None:
    """Print the ranked standings as text, CSV (one row per player) or JSON."""
    overall = rated.get(rating.OVERALL, {})
    body = [{"place": i + 1, **row.to_json(),
             "rating": overall[row.id].to_json() if row.id in overall else None} for i, row in enumerate(rows)]
    if args.json:
        print(json.dumps({"tiebreaks": list(order), "players": body}, ensure_ascii=False))
    elif args.csv:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["place", "id", "name", "games", "wins", "points", "rating_mu", "rating_sigma", "rating_ordinal"])
        for b in body:
            r = b["rating"] or {}
            writer.writerow([b["place"], b["id"], b["name"], b["games"], b["wins"], _num(b["points"]),
                             r.get("mu", ""), r.get("sigma", ""), r.get("ordinal", "")])
        print(out.getvalue(), end="")
    else:
        print(f"tiebreaks: {', '.join(order)}")
        print(f"{'#':>3} {'player':<16} {'games':>5} {'won':>4} {'points':>8}  rating")
        for b, row in zip(body, rows):
            said = rating.worded(overall[row.id]) if row.id in overall else "-"
            print(f"{b['place']:>3} {row.name:<16} {row.games:>5} {row.wins:>4} {_num(row.points):>8}  {said}")


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _print_ratings(args, rated: rating.Ratings, names: dict[str, str]) -> None:
    """Print every scope's ratings, best first (overall first), as text, CSV or JSON."""
    scopes = sorted(rated, key=lambda s: (s != rating.OVERALL, s))
    if args.json:
        print(json.dumps(rating.to_json(rated), ensure_ascii=False))
        return
    if args.csv:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["scope", "id", "name", "games", "mu", "sigma", "ordinal"])
        for scope in scopes:
            for r in rating.table(rated, scope):
                writer.writerow([scope, r.player, names.get(r.player, r.player), r.games, *list(r.to_json().values())[1:4]])
        print(out.getvalue(), end="")
        return
    for scope in scopes:
        print("ratings, all games" if scope == rating.OVERALL else f"ratings, {_title(scope)}")
        for r in rating.table(rated, scope):
            print(f"  {names.get(r.player, r.player):<16} {rating.worded(r):>12}  (at least {r.ordinal:.1f}; {r.games} games)")


def _title(kind: str) -> str:
    try:
        return find_game(kind).title
    except ValueError:
        return kind



