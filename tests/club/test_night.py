"""A club night that runs itself, small: 3 tables x 2 rounds seated by companion/club/seating.py, self-played and
written through the real store on the throwaway PostgreSQL, then checked (scripts/bench_club_night.py is the large one)."""

from __future__ import annotations

import datetime as dt
import json

from companion.cli import main
from companion.club.rounds import night_tables
from companion.club.seating import met, repeats
from companion.store.backends import open_store
from tests.club.night import check_night, run_night

PLAYERS = [f"Pl{i:02d}" for i in range(12)]


def test_a_small_night_on_postgres_loses_no_event_and_its_standings_are_the_stores(pg_url):
    later = PLAYERS[:10] + ["Late1", "Late2"]  # two left after the first round, two came
    with open_store(pg_url) as store:
        night = run_night(store, "bux", [PLAYERS, later], tables=3, workers=3)
        report = check_night(store, night)
        tables = night_tables(store, night.since, dt.date.max)
    assert report["games"] == 6 and report["events"] == sum(night.written.values()) > 6
    assert report["lost"] == {} and report["differ"] == [] and report["damaged"] == []
    first, second = tables[:3], tables[3:]
    assert sorted(p for t in second for p in t) == sorted(later)
    assert all(3 <= len(t) <= 5 for t in tables)
    # 10 who stayed from three tables of 4, with 2 newcomers, at three tables of 4: some pairs must meet again,
    # at most one a table when the search does its work (a greedy fill can do worse)
    assert night.repeats == [0, repeats(second, met(first))] and night.repeats[1] <= 3


def test_companion_seat_reads_tonights_games_and_keeps_apart_who_met(pg_url, capsys):
    with open_store(pg_url) as store:
        night = run_night(store, "bux", [PLAYERS[:9]], tables=3, workers=3, mode="random")
        first = night_tables(store, night.since, dt.date.max)
    evening = ["--night", night.since.isoformat(), "--until", (night.since + dt.timedelta(days=1)).isoformat()]
    assert main(["seat", "--db", pg_url, "--game", "bux", "--present", ",".join(PLAYERS[:9]), "--tables", "3",
                 "--mode", "swiss", "--json", *evening]) == 0
    seating = json.loads(capsys.readouterr().out)
    assert seating["repeats"] == 0 and seating["complete"]
    assert not met(first).keys() & met(tuple(t) for t in seating["tables"]).keys()
    assert main(["seat", "--db", pg_url, "--game", "bux", "--present", "A,B"]) == 1
    assert "at least 3" in capsys.readouterr().err
    assert main(["seat", "--db", pg_url, "--game", "bux", "--present", "A,B,C", "--until", "2026-11-20"]) == 1
    assert "--until needs a --night" in capsys.readouterr().err
