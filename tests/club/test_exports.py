"""BG Stats and BoardGameGeek exports, on both backends: exactly the documented fields, and they read back to each game."""

from __future__ import annotations

import datetime as dt
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from companion.cli import main
from companion.club.exports import play_of, read_bgg_xml, read_bgstats
from companion.club.results import finished_results
from companion.commands.club_stats import titles
from companion.store.backends import open_store
from tests.backends import raw_execute, raw_query
from tests.club.test_ratings import club

DOC = Path(__file__).parents[2] / "docs" / "club.md"


def documented(block: str) -> dict[str, set[str]]:
    """Return {path: fields} from the ```<block> fenced block of docs/club.md."""
    text = re.search(rf"```{block}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert text is not None, f"docs/club.md has no {block} block"
    return {path: {f.strip() for f in fields.split(",")} for path, fields in
            (line.split(": ", 1) for line in text.group(1).strip().splitlines())}


def _objects(data, path: str) -> list[dict]:
    """Return every object at a path like plays[].playerScores[] ("(top)" is the file itself)."""
    found = [data]
    if path == "(top)":
        return found
    for part in path.split("."):
        found = [item for obj in found for item in obj[part.removesuffix("[]")]]
    return found


def _exported(store_target, tmp_path, capsys):
    club(store_target)
    with open_store(store_target) as store:  # and one game that must not be exported: unfinished
        from tests.club.test_ratings import load
        load(store, "bux-worked-example", "unfinished")
    raw_execute(store_target, "UPDATE games SET title = 'Table 3' WHERE game_id = 'bux-3p-full'")
    (last,), = raw_query(store_target, "SELECT MAX(time) FROM events WHERE game_id = 'match-basic-2p'")
    started = (dt.datetime.fromisoformat(last) - dt.timedelta(minutes=95)).isoformat(timespec="milliseconds")
    raw_execute(store_target, "UPDATE games SET created = ? WHERE game_id = 'match-basic-2p'", (started,))
    bgs, bgg = tmp_path / "club.bgsplay.json", tmp_path / "club.xml"
    assert main(["stats", "--db", str(store_target), "--bgstats", str(bgs), "--bgg", str(bgg)]) == 0
    assert "not counted: game unfinished (not finished)" in capsys.readouterr().out
    with open_store(store_target, read_only=True) as store:
        results = finished_results(store)[0]
    return results, bgs, bgg


def test_the_bgstats_file_has_the_documented_fields_and_reads_back_to_each_game(store_target, tmp_path, capsys):
    results, path, _ = _exported(store_target, tmp_path, capsys)
    data = json.loads(path.read_text(encoding="utf-8"))
    for where, fields in documented("bgstats-fields").items():
        objects = _objects(data, where)
        assert objects, where
        for obj in objects:
            assert set(obj) == fields, where
    assert len(data["plays"]) == len(results) == 4
    assert read_bgstats(data) == [play_of(r, titles()) for r in results]
    table3 = next(p for p in data["plays"] if p["board"] == "Table 3")
    ben = next(s for s in table3["playerScores"] if s["winner"])
    assert {p["id"]: p["name"] for p in data["players"]}[ben["playerRefId"]] == "Ben" and ben["rank"] == 1
    assert ben["score"] == "1795"
    assert sorted(p["durationMin"] for p in data["plays"]) == [0, 0, 0, 95]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", table3["playDate"])
    again = tmp_path / "again.json"
    assert main(["stats", "--db", str(store_target), "--bgstats", str(again)]) == 0
    assert again.read_bytes() == path.read_bytes()  # same games, same bytes (uuid5 ids)


def test_the_bgg_play_log_has_the_documented_fields_and_reads_back_to_each_game(store_target, tmp_path, capsys):
    results, _, path = _exported(store_target, tmp_path, capsys)
    text = path.read_text(encoding="utf-8")
    root = ET.fromstring(text)
    for where, fields in documented("bgg-fields").items():
        elements = [root] if where == "plays" else root.findall(where.split("/", 1)[1])
        assert elements, where
        for element in elements:
            assert set(element.attrib) == fields, where
    plays = read_bgg_xml(text)
    assert plays == [play_of(r, titles()) for r in results]
    match = next(p for p in plays if p.game == titles()["match"] and len(p.players) == 2)
    assert match.winners == ("Ann",) and match.scores == (1400.0, -2700.0) and match.duration_minutes == 95


def test_a_file_that_cannot_be_written_is_one_sentence(store_target, tmp_path, capsys):
    club(store_target)
    assert main(["stats", "--db", str(store_target), "--bgg", str(tmp_path / "no" / "such" / "dir.xml")]) == 1
    err = capsys.readouterr().err
    assert "cannot write" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
