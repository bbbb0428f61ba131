"""Ratings, ranked standings and exports from stored games, on both backends: only finished, audit-clean games count."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from openskill.models import PlackettLuce

from companion.cli import main
from companion.club import ratings as rating
from companion.club.results import GameResult, finished_results
from companion.store.backends import open_store
from companion.store.session import import_record
from tests.backends import raw_execute

RECORDS = Path(__file__).parents[1] / "records"
FINISHED = ("bux-3p-full", "match-basic-2p", "bux-4p-full", "match-results-3p")


def load(store, name: str, game_id: str, lines: int | None = None) -> None:
    """Import a record (only its first `lines` lines, if given: a game cut short) under `game_id`."""
    text = (RECORDS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines(True)
    import_record(store, text[:lines] if lines else text, game_id=game_id)


def club(target) -> None:
    with open_store(target) as store:
        for name in FINISHED:
            load(store, name, name)


def ratings_of(target) -> dict:
    with open_store(target, read_only=True) as store:
        return rating.to_json(rating.rate(finished_results(store)[0]))


def test_ratings_count_finished_clean_games_and_ignore_unfinished_and_tampered_ones(store_target, capsys):
    club(store_target)
    before = ratings_of(store_target)
    assert {r["player"] for r in before[rating.OVERALL]} == {"Ann", "Ben", "Cat", "Dan"}
    assert set(before) == {rating.OVERALL, "bux", "match"}
    with open_store(store_target) as store:
        load(store, "bux-worked-example", "unfinished")        # a game still being played
        load(store, "bux-3p-full", "cut-short", lines=20)      # a finished record stopped early
        load(store, "match-basic-2p", "tampered")
    raw_execute(store_target, "UPDATE events SET payload = payload || ' ' WHERE game_id = 'tampered' AND seq = 3")
    assert ratings_of(store_target) == before
    with open_store(store_target, read_only=True) as store:
        skipped = {s["game_id"]: s["reason"] for s in finished_results(store)[1]}
    assert skipped == {"unfinished": "not finished", "cut-short": "not finished",
                       "tampered": "its record does not check out, see companion audit"}
    assert main(["stats", "--db", str(store_target), "--ratings"]) == 0
    out = capsys.readouterr().out
    assert "not counted: game tampered (its record does not check out, see companion audit)" in out
    ben = next(r for r in before[rating.OVERALL] if r["player"] == "Ben")
    assert f"{ben['mu']:.1f} ± {ben['sigma']:.1f}" in out and ben["games"] == 4


def test_ratings_are_recomputed_from_the_store_with_the_same_result_after_migrating(store_target, tmp_path, capsys):
    """The store keeps each move's time; ratings fold by end time then game id, so a copy gives the same figures."""
    club(store_target)
    first = ratings_of(store_target)
    assert ratings_of(store_target) == first
    copy = tmp_path / "copy.db"
    assert main(["migrate", "--from", str(store_target), "--to", str(copy)]) == 0
    capsys.readouterr()
    assert ratings_of(copy) == first
    assert main(["stats", "--db", str(copy), "--ratings", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first


def test_ties_go_to_openskill_as_ties():
    result = GameResult("g", "match", "2026-11-20T19:00:00+00:00", "2026-11-20T19:30:00+00:00",
                        ("Ann", "Ben", "Cat"), (10.0, 10.0, 4.0), ())
    assert result.ranks() == [0, 0, 1]
    ours = rating.rate([result])[rating.OVERALL]
    model = PlackettLuce()
    theirs = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[0, 0, 1])
    assert ours["Ann"].mu == ours["Ben"].mu == theirs[0][0].mu and ours["Cat"].mu == theirs[2][0].mu
    assert ours["Ann"].mu > ours["Cat"].mu
    winner = GameResult("h", "match", result.started, result.ended, result.players, result.scores, ("Ben",))
    assert winner.ranks() == [1, 0, 2]  # the game's own winner comes first even on equal scores


def test_ranked_standings_follow_the_tiebreaks_and_print_as_csv_per_night(store_target, capsys):
    club(store_target)
    assert main(["stats", "--db", str(store_target), "--ranked", "--tiebreaks", "points,wins", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    points = [float(r["points"]) for r in rows]
    assert points == sorted(points, reverse=True) and [r["place"] for r in rows] == [str(i + 1) for i in range(len(rows))]
    assert main(["stats", "--db", str(store_target), "--ranked", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert table["tiebreaks"] == ["wins", "points", "head-to-head", "rating", "name"]
    wins = [p["wins"] for p in table["players"]]
    assert wins == sorted(wins, reverse=True)
    assert main(["stats", "--db", str(store_target), "--ranked", "--night", "2001-01-01", "--csv"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == []  # a night without games: the heading alone


def test_a_bad_tiebreak_is_one_sentence(store_target, capsys):
    club(store_target)
    for extra, said in ((["--ranked", "--tiebreaks", "wins,luck"], "unknown tiebreak 'luck': choose from wins"),
                        (["--ranked", "--tiebreaks", "wins,wins"], "a tiebreak is named twice"),
                        (["--tiebreaks", "wins"], "--tiebreaks orders --ranked standings")):
        assert main(["stats", "--db", str(store_target), *extra]) == 1
        err = capsys.readouterr().err
        assert said in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_pages_kept_verdicts_re_audit_exactly_the_games_that_moved(store_target):
    """The club page keeps each game's verdict by its newest event: a game that goes on is audited again, the others not."""
    club(store_target)
    text = (RECORDS / "bux-3p-full.jsonl").read_text(encoding="utf-8").splitlines(True)
    verdicts: dict = {}
    with open_store(store_target) as store:
        import_record(store, text[:20], game_id="going-on")
        first = finished_results(store, verdicts=verdicts)
        assert {s["game_id"] for s in first[1]} == {"going-on"}
        kept = dict(verdicts)
        assert finished_results(store, verdicts=verdicts) == first and verdicts == kept
        from companion.store.session import GameSession
        session = GameSession(store, "going-on")
        for line in text[20:]:
            session.submit(json.loads(line))
        later = finished_results(store, verdicts=verdicts)
    assert later == finished_results_fresh(store_target)
    assert "going-on" in {r.game_id for r in later[0]} and not later[1]
    assert [k for k in verdicts if k[0] == "going-on"] != [k for k in kept if k[0] == "going-on"]
    assert sum(1 for k in verdicts if k[0] == "going-on") == 1


def finished_results_fresh(target):
    with open_store(target, read_only=True) as store:
        return finished_results(store)
