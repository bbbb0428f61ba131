"""The store commands on both backends: import, games, audit, export, replay and migrate with --db FILE or --db postgresql://."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.store.backends import open_store

RECORDS = Path(__file__).parent / "records"
GOLDEN = ["bux-3p-full", "grow-2p", "cats-3p", "match-basic-2p"]


def _lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _json(capsys):
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("name", GOLDEN)
def test_an_imported_game_lists_audits_clean_exports_the_same_record_and_replays(store_target, name, tmp_path, capsys):
    record = RECORDS / f"{name}.jsonl"
    db = str(store_target)
    assert main(["import", str(record), "--db", db, "--id", "t1", "--json"]) == 0
    assert _json(capsys) == {"game_id": "t1"}

    assert main(["games", "--db", db, "--json"]) == 0
    [row] = _json(capsys)
    assert row["game_id"] == "t1" and row["ok"] and row["seal"].startswith("#")

    assert main(["audit", "t1", "--db", db, "--out", str(tmp_path / "a.html"), "--json"]) == 0
    audit = _json(capsys)
    assert audit["chain"]["ok"] and audit["replay"]["ok"]

    out = tmp_path / "out.jsonl"
    assert main(["export", "t1", "--db", db, "--out", str(out)]) == 0
    assert _lines(out.read_text()) == _lines(record.read_text())

    assert main(["replay", "t1", "--db", db, "--json"]) == 0
    from_store = _json(capsys)
    assert main(["replay", str(record), "--json"]) == 0
    assert from_store == _json(capsys)


def test_commands_on_a_missing_game_or_store_are_one_sentence(store_target, tmp_path, capsys):
    db = str(store_target)
    open_store(db).close()
    for command in (["export", "nope"], ["replay", "nope"], ["audit", "nope", "--out", str(tmp_path / "a.html")]):
        assert main([*command, "--db", db]) == 1
        err = capsys.readouterr().err
        assert "'nope'" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err


def test_games_of_an_empty_store_says_so_and_prints_an_empty_array_as_json(store_target, capsys):
    db = str(store_target)
    open_store(db).close()
    assert main(["games", "--db", db]) == 0
    assert capsys.readouterr().out == "no stored games\n"
    assert main(["games", "--db", db, "--json"]) == 0
    assert _json(capsys) == []


def test_recover_of_a_postgresql_url_says_what_to_do_instead(capsys, tmp_path):
    assert main(["recover", "postgresql:///club", "--out", str(tmp_path / "r")]) == 1
    err = capsys.readouterr().err
    assert "backups" in err and "Traceback" not in err


def test_games_move_from_a_table_file_to_the_club_database_and_back_with_the_chain_intact(pg_url, tmp_path, capsys):
    """A table's SQLite file -> the club's PostgreSQL -> a new SQLite file: same events, same seal, audit clean on all three."""
    table = tmp_path / "table.db"
    for name in ("bux-3p-full", "grow-2p"):
        assert main(["import", str(RECORDS / f"{name}.jsonl"), "--db", str(table), "--id", name]) == 0
    capsys.readouterr()
    assert main(["migrate", "--from", str(table), "--to", pg_url, "--json"]) == 0
    moved = _json(capsys)
    assert [m["game_id"] for m in moved] == ["bux-3p-full", "grow-2p"] and not any(m["already"] for m in moved)
    assert main(["migrate", "--from", str(table), "--to", pg_url, "--json"]) == 0  # again: nothing doubled
    assert all(m["already"] for m in _json(capsys))
    back = tmp_path / "back.db"
    assert main(["migrate", "--from", pg_url, "--to", str(back), "bux-3p-full", "--json"]) == 0
    capsys.readouterr()

    with open_store(table) as a, open_store(pg_url) as b, open_store(back) as c:
        assert a.events("bux-3p-full") == b.events("bux-3p-full") == c.events("bux-3p-full")
        assert a.secrets("bux-3p-full") == b.secrets("bux-3p-full")
    seals = set()
    for db in (str(table), pg_url, str(back)):
        assert main(["audit", "bux-3p-full", "--db", db, "--out", str(tmp_path / "a.html"), "--json"]) == 0
        body = _json(capsys)
        assert body["chain"]["ok"] and body["replay"]["ok"]
        assert main(["games", "--db", db, "--json"]) == 0
        seals |= {row["seal"] for row in _json(capsys) if row["game_id"] == "bux-3p-full"}
    assert len(seals) == 1, "the seal players noted at the table is the same in every store"


def test_migrate_refuses_a_game_whose_chain_is_broken(pg_url, tmp_path, capsys):
    from tests.backends import raw_execute

    table = tmp_path / "table.db"
    assert main(["import", str(RECORDS / "bux-3p-full.jsonl"), "--db", str(table), "--id", "g"]) == 0
    raw_execute(table, "UPDATE events SET payload = ? WHERE game_id = 'g' AND seq = 3", ('{"type":"broke","player":"Ann"}',))
    capsys.readouterr()
    assert main(["migrate", "--from", str(table), "--to", pg_url]) == 1
    assert "hash chain breaks at event 3" in capsys.readouterr().err
    with open_store(pg_url) as club:
        assert club.games() == []
