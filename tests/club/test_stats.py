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
