"""`companion serve`: clear errors before anything starts; the companion's own deal is legal."""

from __future__ import annotations

from companion.cli import main
from companion.games.bux import rules
from companion.games.bux.record import move_from_json


def _deal(players, first):
    """The BUX setup `serve --new-game` would start (the game's own new_setup, seeded)."""
    import random

    from companion.games import find_game

    return find_game("bux").new_setup(players, first, random.Random(7)).setup


def test_new_game_without_players_is_a_clear_error(tmp_path, capsys):
    assert main(["serve", "--db", str(tmp_path / "c.db"), "--new-game"]) == 1
    assert "--players" in capsys.readouterr().err


def test_unknown_game_is_a_clear_error(tmp_path, capsys):
    assert main(["serve", "--db", str(tmp_path / "c.db"), "--game", "nope"]) == 1
    assert "nope" in capsys.readouterr().err


def test_bad_setup_file_is_a_clear_error(tmp_path, capsys):
    bad = tmp_path / "deal.json"
    bad.write_text("[1, 2]")
    assert main(["serve", "--db", str(tmp_path / "c.db"), "--new-game", "--setup", str(bad)]) == 1
    assert "setup" in capsys.readouterr().err


def test_the_companions_deal_is_legal():
    line = _deal(["Ann", "Ben", "Cat", "Dan"], "Cat")
    state = rules.initial_state(move_from_json(line, first=True))
    assert state.players[state.to_move] == "Cat" and all(len(s) == 3 for s in state.spreads)


def test_a_first_player_not_seated_is_named_as_first_not_dealer(tmp_path, capsys):
    """Issue 14: `--game-type match --players Ann,Ben --first Cat` said "dealer 'Cat' is not one of the players"."""
    assert main(["serve", "--db", str(tmp_path / "c.db"), "--new-game", "--game-type", "match",
                 "--players", "Ann,Ben", "--first", "Cat"]) == 1
    err = capsys.readouterr().err
    assert "--first 'Cat' is not one of the players (Ann, Ben)" in err and "dealer" not in err


def test_an_empty_player_name_is_refused_not_dropped(tmp_path, capsys):
    assert main(["serve", "--db", str(tmp_path / "c.db"), "--new-game", "--game-type", "match", "--players", "Ann,,Ben"]) == 1
    assert "name" in capsys.readouterr().err


def test_serve_reads_its_game_once_into_the_fold_its_requests_share(tmp_path):
    """A restarted server read a long game twice: once at start for the dice seed, then again on the first
    screen's request (2.4 s for 200,000 events), because the start-up read was not the fold requests share."""
    import argparse
    from pathlib import Path

    from companion.commands.serve import open_table
    from companion.games import find_game
    from companion.store.backends import open_store
    from companion.store.session import _log_of

    record = Path(__file__).resolve().parents[1] / "records" / "bux-3p-full.jsonl"
    db = tmp_path / "t.db"
    assert main(["import", str(record), "--db", str(db), "--id", "g"]) == 0
    game_id, token = open_table(argparse.Namespace(db=str(db), game="g", new_game=False))
    assert game_id == "g" and token
    with open_store(db) as store:
        log = _log_of(store, "g", find_game("bux"))
        assert log.folded is not None, "the requests' fold is still empty: the first screen would read the game again"
        assert log.events[-1].seq == store.last_seq("g")


def test_the_seat_codes_lifetime_is_a_serve_option_the_host_screen_counts_down_from(tmp_path, capsys):
    """`serve --seat-seconds`: how long a seat's QR code stays up on the host screen (host.js counts data-seconds down;
    tests/web/test_pages.py watches a code hide by itself in chromium)."""
    import pytest

    from companion.cli import build_parser
    from companion.commands.serve import app_config, resume_command
    from companion.web import create_app
    from tests.web.tables import store_table

    db = tmp_path / "c.db"
    store_table(db, "cats")
    args = build_parser().parse_args(["serve", "--db", str(db), "--game", "cats", "--seat-seconds", "150"])
    assert args.seat_seconds == 150 and "--seat-seconds 150" in resume_command(args, "cats")
    default = build_parser().parse_args(["serve", "--db", str(db), "--game", "cats"])
    assert default.seat_seconds == 60 and "seat-seconds" not in resume_command(default, "cats")
    for seconds in (150, 60):
        client = create_app(app_config(db, seat_seconds=seconds)).test_client()
        page = client.get("/g/cats/host/", base_url="http://127.0.0.1").get_data(as_text=True)
        assert f'data-seconds="{seconds}"' in page
    for bad in ("5", "601", "a minute"):
        with pytest.raises(SystemExit):
            main(["serve", "--db", str(tmp_path / "other.db"), "--game", "cats", "--seat-seconds", bad])
        assert "whole number of seconds from 10 to 600" in capsys.readouterr().err
    assert not (tmp_path / "other.db").exists(), "a refused option stores nothing"
