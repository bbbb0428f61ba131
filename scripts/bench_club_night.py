#!/usr/bin/env python3
"""A simulated club night on PostgreSQL (issue 35): seated rounds, self-played tables, checked afterwards.

    PYTHONPATH=. .venv/bin/python scripts/bench_club_night.py --tables 50 --rounds 4 --players 200

One throwaway PostgreSQL cluster (tests/pg.py; or `--db URL`). Each round:
the night's standing and earlier tables are read back from the store
(companion/club/rounds.py), the next round is seated (companion/club/seating.py,
swiss by default), and every table's game is self-played by its game's own
selfplay module and written move by move through the real store
(GameSession.start, then submit per move, as a tablet does), `--workers`
tables at once. Before the third round `--churn` players leave and as many
arrive, so the seating meets a night whose players change.

Reported: per round, the seating's time (the search alone), the time to read
the standing and the earlier tables from the store, the round's wall time
with its moves, and the repeated pairs; medians over the rounds. Then the
check: every event written is in the store (none lost), no game damaged, and
the store's standings for the night (companion/club/stats.py) equal the
night the script played, per player (games, finished, wins).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.pg import bench_store  # noqa: E402


def rosters(players: int, rounds: int, churn: int) -> list[list[str]]:
    """Return who is present each round: everyone, then from round 3 `churn` fewer of the first and as many newcomers."""
    everyone = [f"p{i:03d}" for i in range(players)]
    later = everyone[churn:] + [f"n{i:03d}" for i in range(churn)]
    return [everyone if number < 3 else later for number in range(1, rounds + 1)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--churn", type=int, default=4, help="players who leave (and arrive) before round 3")
    parser.add_argument("--game", default="bux")
    parser.add_argument("--mode", choices=("swiss", "random"), default="swiss")
    parser.add_argument("--workers", type=int, default=8, help="tables writing at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="a postgresql:// URL to use instead of a throwaway cluster")
    args = parser.parse_args()

    from companion.store.backends import open_store
    from tests.club.night import check_night, run_night

    started = time.perf_counter()
    with bench_store("postgres", lambda folder: str(folder / "unused.db"), url=args.db, prefix="bench-night-") as url:
        with open_store(url) as store:
            night = run_night(store, args.game, rosters(args.players, args.rounds, args.churn), tables=args.tables,
                              mode=args.mode, workers=args.workers, seed=args.seed)
            checked_at = time.perf_counter()
            report = check_night(store, night)
            check_s = time.perf_counter() - checked_at
    print(f"{args.tables} tables x {args.rounds} rounds, {args.players} players ({args.churn} leave and "
          f"{args.churn} arrive before round 3), {args.game}, {args.mode}, {args.workers} tables writing at once")
    print(f"{'round':>5} {'seating s':>10} {'read night s':>13} {'round s':>8} {'repeats':>8}")
    for number, row in enumerate(zip(night.seat_s, night.standing_s, night.round_s, night.repeats), start=1):
        print(f"{number:>5} {row[0]:>10.3f} {row[1]:>13.3f} {row[2]:>8.1f} {row[3]:>8}")
    print(f"median {statistics.median(night.seat_s):>10.3f} {statistics.median(night.standing_s):>13.3f} "
          f"{statistics.median(night.round_s):>8.1f}   (slowest seating {max(night.seat_s):.3f} s)")
    print(f"games {report['games']}, events written {report['events']}, lost {len(report['lost'])} games' events "
          f"{sum(report['lost'].values())}, damaged {len(report['damaged'])}, players whose standings differ "
          f"{len(report['differ'])} (check {check_s:.1f} s); whole run {time.perf_counter() - started:.0f} s")
    ok = not report["lost"] and not report["differ"] and not report["damaged"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
