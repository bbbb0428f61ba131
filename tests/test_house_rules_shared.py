"""House rules on the shared surfaces (issue 36): `serve --new-game --rule`, export and import, the audit's "Played with"."""

from __future__ import annotations

import argparse
import json

import pytest

from companion.cli import main
from companion.commands.serve import _new_game, new_game_rules
from companion.errors import CompanionError
from companion.games.grow.record import write_record
from companion.games.grow.selfplay import random_game
from companion.store.backends import open_store
from companion.store.new_game import start_new_game
from companion.store.session import GameSession


def _args(*rules: str, **more) -> argparse.Namespace:
    given = {"setup": None, "players": "Ann,Ben,Cat", "first": None, "game_type": "grow", "new_game": True, "rule": list(rules)}
    return argparse.Namespace(**{**given, **more})


def test_serve_new_game_with_a_rule_stores_it_in_the_setup_line(tmp_path):
    args = _args("warning-rolls=continue", "discarded-card-action=lost")
    args.house_rules = new_game_rules(args)
    with open_store(tmp_path / "s.db") as store:
        session = _new_game(store, args)
        assert dict(session.state.rules) == {"warning-rolls": "continue"}
        setup = json.loads(session.export_record().splitlines()[0])
    assert setup["rules"] == {"warning-rolls": "continue"}


def test_a_default_new_game_has_no_rules_key(tmp_path):
    with open_store(tmp_path / "s.db") as store:
        session = start_new_game(store, "grow", ["Ann", "Ben", "Cat"], rules={"warning-rolls": "stop"})
        assert "rules" not in json.loads(session.export_record().splitlines()[0])


@pytest.mark.parametrize("rule, words", [
    ("warning-rolls=sometimes", "The house rule warning-rolls can be continue, stop, not sometimes."),
    ("dice=two", "no house rule called dice"),
    ("warning-rolls", "a house rule is given as NAME=VALUE"),
])
def test_serve_refuses_a_bad_rule_in_one_line_with_status_2_and_stores_nothing(tmp_path, capsys, rule, words):
    db = tmp_path / "c.db"
    status = main(["serve", "--db", str(db), "--new-game", "--game-type", "grow", "--players", "Ann,Ben,Cat",
                   "--host", "127.0.0.1", "--port", "1", "--rule", rule])
    err = capsys.readouterr().err
    assert status == 2 and words in err and err.count("\n") == 1 and "Traceback" not in err
    assert not db.exists()


def test_a_game_without_house_rules_refuses_any(tmp_path):
    with pytest.raises(CompanionError, match="no house rules"):
        new_game_rules(_args("warning-rolls=continue", game_type="match"))
    with open_store(tmp_path / "s.db") as store:
        with pytest.raises(CompanionError, match="no house rules"):
            start_new_game(store, "match", ["Ann", "Ben"], rules={"warning-rolls": "continue"})
        assert list(store.games()) == []


def test_export_then_import_keeps_the_rules(tmp_path, capsys):
    record = tmp_path / "game.jsonl"
    record.write_text(write_record(random_game(5, 3, house={"warning-rolls": "continue", "gold-red-warnings": "stack"})))
    db = tmp_path / "s.db"
    assert main(["import", str(record), "--db", str(db), "--id", "g1"]) == 0
    out = tmp_path / "out.jsonl"
    assert main(["export", "g1", "--db", str(db), "--out", str(out)]) == 0
    first = json.loads(out.read_text().splitlines()[0])
    assert first["rules"] == {"gold-red-warnings": "stack", "warning-rolls": "continue"}
    with open_store(db) as store:
        assert dict(GameSession(store, "g1").state.rules) == first["rules"]


def test_the_audit_says_played_with(tmp_path, capsys):
    record = tmp_path / "game.jsonl"
    record.write_text(write_record(random_game(5, 3, house={"discarded-card-action": "taken"})))
    assert main(["audit", str(record), "--out", str(tmp_path / "g.html")]) == 0
    assert "Played with: a discarded card&#39;s action is still taken" in (tmp_path / "g.html").read_text()
    plain = tmp_path / "plain.jsonl"
    plain.write_text(write_record(random_game(5, 3)))
    assert main(["audit", str(plain), "--out", str(tmp_path / "p.html")]) == 0
    assert "Played with" not in (tmp_path / "p.html").read_text()
