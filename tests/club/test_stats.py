"""Standings across stored games, on both backends: the figures come from the games themselves, identity from the club's list."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from companion.cli import main
from companion.store.backends import open_store
from companion.store.session import import_record

RECORDS = Path(__file__).parents[1] / "records"


def _import(store, name: str, game_id: str) -> None:
    import_record(store, (RECORDS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines(True), game_id=game_id)


def _expected(name: str) -> dict:
    return json.loads((RECORDS / f"{name}.expected.json").read_text(encoding="utf-8"))


def _club(store_target) -> None:
    with open_store(store_target) as store:
        _import(store, "bux-3p-full", "night1-t1")   # Ann, Ben, Cat: Ben wins
        _import(store, "bux-worked-example", "night1-t2")
        _import(store, "match-basic-2p", "night2-t1")  # Ann wins


def test_standings_count_games_wins_and_final_chips_from_the_stored_games(store_target, tmp_path, capsys):
    _club(store_target)
    assert main(["stats", "--db", str(store_target), "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    players = {p["id"]: p for p in table["players"]}
    bux = _expected("bux-3p-full")
    ben = players["Ben"]
    seat = next(s for s in ben["seats"] if s["game_id"] == "night1-t1")
    assert seat["won"] and seat["chips"] == bux["players"]["Ben"]["chips"]
    assert seat["chips_over"][-1] == seat["chips"] and len(seat["chips_over"]) == 47  # setup + 46 moves
    ann = players["Ann"]
    assert ann["by_game"]["match"] == {"played": 1, "finished": 1, "wins": 1}
    assert ann["games"] == sum(r["played"] for r in ann["by_game"].values())
    total = sum(s["chips"] for s in ann["seats"] if s["chips"] is not None and s["over"])  # finished games only
    assert ann["final_chips_total"] == total
    assert table["players"][0]["wins"] >= table["players"][-1]["wins"]
    assert table["unlisted"] == [] and table["damaged"] == []


def test_identity_comes_from_the_club_list_never_from_a_spelling(store_target, tmp_path, capsys):
    _club(store_target)
    roster = tmp_path / "club.json"
    roster.write_text(json.dumps({"players": [{"id": "p-ann", "name": "Ann"}, {"id": "p-ben", "name": "Ben"}]}))
    assert main(["stats", "--db", str(store_target), "--players", str(roster), "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert {p["id"] for p in table["players"]} == {"p-ann", "p-ben"}
    assert {"game_id": "night1-t1", "name": "Cat"} in table["unlisted"]
    assert main(["stats", "--db", str(store_target), "--players", str(roster), "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {r["id"] for r in rows} == {"p-ann", "p-ben"} and rows[0]["bux_played"]
    assert main(["stats", "--db", str(store_target), "--players", str(roster)]) == 0
    assert "not in the club's player list: 'Cat'" in capsys.readouterr().out


def test_a_bad_player_list_or_missing_store_is_one_sentence(store_target, tmp_path, capsys):
    _club(store_target)
    roster = tmp_path / "club.json"
    roster.write_text(json.dumps({"players": [{"id": "a", "name": "Ann"}, {"id": "b", "name": "Ann"}]}))
    assert main(["stats", "--db", str(store_target), "--players", str(roster)]) == 1
    assert "names 'Ann' twice" in capsys.readouterr().err
    assert main(["stats", "--db", str(tmp_path / "none.db")]) == 1
    err = capsys.readouterr().err
    assert "no event store" in err and "Traceback" not in err


def test_a_damaged_game_counts_for_nobody(store_target, capsys):
    from tests.backends import raw_execute

    _club(store_target)
    raw_execute(store_target, "DELETE FROM events WHERE game_id = 'night1-t1' AND seq = 5")
    assert main(["stats", "--db", str(store_target), "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert table["damaged"] == ["night1-t1"]
    assert all(s["game_id"] != "night1-t1" for p in table["players"] for s in p["seats"])


def at_local(night: str, hour: int, minute: int = 0) -> str:
    """Return the stored (UTC) creation time of a game started at hour:minute on `night` by this machine's clock."""
    import datetime as dt

    local = dt.datetime.combine(dt.date.fromisoformat(night), dt.time(hour, minute)).astimezone()
    return local.astimezone(dt.timezone.utc).isoformat(timespec="milliseconds")


def two_nights(store_target) -> None:
    """night1-t1 and night1-t2 on 2026-11-20 (the second just before midnight), night2-t1 on 2026-11-21 just after."""
    from tests.backends import raw_execute

    _club(store_target)
    for game_id, created in (("night1-t1", at_local("2026-11-20", 19)), ("night1-t2", at_local("2026-11-20", 23, 55)),
                             ("night2-t1", at_local("2026-11-21", 0, 5))):
        raw_execute(store_target, "UPDATE games SET created = ? WHERE game_id = ?", (created, game_id))


def _games_in(table: dict) -> set[str]:
    return {s["game_id"] for p in table["players"] for s in p["seats"]}


def test_standings_for_one_night_count_only_that_nights_games(store_target, capsys):
    two_nights(store_target)
    assert main(["stats", "--db", str(store_target), "--night", "2026-11-20", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert _games_in(first) == {"night1-t1", "night1-t2"}
    assert all("match" not in p["by_game"] for p in first["players"])
    assert main(["stats", "--db", str(store_target), "--night", "2026-11-21", "--json"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert _games_in(second) == {"night2-t1"}
    ann = next(p for p in second["players"] if p["id"] == "Ann")
    assert (ann["games"], ann["wins"], ann["by_game"]) == (1, 1, {"match": {"played": 1, "finished": 1, "wins": 1}})
    assert main(["stats", "--db", str(store_target), "--since", "2026-11-20", "--until", "2026-11-21", "--json"]) == 0
    both = json.loads(capsys.readouterr().out)
    assert main(["stats", "--db", str(store_target), "--json"]) == 0
    assert both == json.loads(capsys.readouterr().out) and _games_in(both) == {"night1-t1", "night1-t2", "night2-t1"}
    assert main(["stats", "--db", str(store_target), "--since", "2026-11-21", "--json"]) == 0
    assert _games_in(json.loads(capsys.readouterr().out)) == {"night2-t1"}
    assert main(["stats", "--db", str(store_target), "--until", "2026-11-20", "--json"]) == 0
    assert _games_in(json.loads(capsys.readouterr().out)) == {"night1-t1", "night1-t2"}
    assert main(["stats", "--db", str(store_target), "--night", "2026-11-22"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("player") and len(out.splitlines()) == 1  # a night without games: the heading alone


def test_a_night_is_the_local_date_not_the_utc_one(tmp_path, monkeypatch, capsys):
    """A game stored at 22:30 UTC on the 20th was started on the 21st in a club three hours east (SQLite only: a clock rule)."""
    import time

    from tests.backends import raw_execute

    db = tmp_path / "club.db"
    with open_store(db) as store:
        _import(store, "match-basic-2p", "late")
    raw_execute(db, "UPDATE games SET created = ? WHERE game_id = 'late'", ("2026-11-20T22:30:00.000+00:00",))
    monkeypatch.setenv("TZ", "EAST-3")  # a POSIX zone: UTC+3, no tz database needed
    time.tzset()
    try:
        assert main(["stats", "--db", str(db), "--night", "2026-11-21", "--json"]) == 0
        assert _games_in(json.loads(capsys.readouterr().out)) == {"late"}
        assert main(["stats", "--db", str(db), "--night", "2026-11-20", "--json"]) == 0
        assert _games_in(json.loads(capsys.readouterr().out)) == set()
    finally:
        monkeypatch.undo()
        time.tzset()


def test_a_malformed_night_is_one_sentence_and_reads_nothing(store_target, capsys):
    _club(store_target)
    cases = [(["--night", "20.11.2026"], "--night '20.11.2026' is not a date: write it YYYY-MM-DD"),
             (["--night", "2026-02-30"], "--night '2026-02-30' is not a date (day is out of range for month)"),
             (["--since", "20261120"], "--since '20261120' is not a date"),
             (["--until", "2026-W47-1"], "--until '2026-W47-1' is not a date"),
             (["--night", "2026-11-20", "--since", "2026-11-01"], "give --night alone"),
             (["--since", "2026-11-21", "--until", "2026-11-20"], "--since 2026-11-21 is after --until 2026-11-20")]
    for extra, expected in cases:
        assert main(["stats", "--db", str(store_target), *extra]) == 1
        captured = capsys.readouterr()
        assert captured.out == "" and expected in captured.err
        assert "Traceback" not in captured.err and len(captured.err.strip().splitlines()) == 1
