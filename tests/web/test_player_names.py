"""Player names are checked once, at game creation, and every accepted name round-trips through links and the record."""

from __future__ import annotations

import json

import pytest
from flask import url_for

from companion.errors import RuleViolation
from companion.games import find_game
from companion.store.session import GameSession
from companion.store.backends import open_store
from companion.web import create_app
from companion.web.access import game_key, player_token

from .conftest import LINES

ODD_BUT_FINE = ["Zoë O'Neil", "a?b#c%d&e=f", "Ann Lee-Smith", "😀 <b>x</b>"]


def bux_setup(names: list[str]) -> dict:
    setup = LINES[0]
    renamed = dict(zip(setup["players"], names))
    return {**setup, "players": names, "first": renamed[setup["first"]],
            "spreads": {renamed[p]: cards for p, cards in setup["spreads"].items()}}


@pytest.mark.parametrize("name, fragment", [
    ("A/B", "slash (/)"), ("", "name"), (" Ann", "space"), ("Ann ", "space"), ("x" * 25, "25 characters; at most 24"),
    ("Ann\u2028Lee", "line break"), ("Ann\u2029", "line break"), ("Ann\nLee", "line break"), ("A\x00", "control"),
    ("A\u200bB", "control"),
])
def test_bad_names_are_refused_by_every_game(name, fragment):
    setups = {"bux": bux_setup(["Ben", name, "Cat"]),
              "grow": {"type": "setup", "game": "grow", "players": ["Ben", name]},
              "match": {"type": "setup", "game": "match", "players": ["Ben", name], "dealer": "Ben"},
              "cats": {"type": "setup", "game": "cats", "players": ["Ben", name], "first": "Ben"}}
    for game, setup in setups.items():
        with pytest.raises(Exception) as info:
            find_game(game).replay([json.dumps(setup, ensure_ascii=False) + "\n"])
        assert fragment in info.value.message, (game, info.value.message)
        # One line the reader can see: the refused character is named, not printed (a '\n' or '\r' split the message).
        assert info.value.message.isprintable(), (game, info.value.message)


@pytest.mark.parametrize("names", [["Ann", "ann"], ["Ann", "ANN"]])
def test_names_differing_only_in_case_are_one_name(names):
    for game, setup in {"grow": {"type": "setup", "game": "grow", "players": names},
                        "match": {"type": "setup", "game": "match", "players": names, "dealer": names[0]},
                        "cats": {"type": "setup", "game": "cats", "players": names, "first": names[0]}}.items():
        with pytest.raises(RuleViolation) as info:
            find_game(game).replay([json.dumps(setup) + "\n"])
        assert info.value.rule == "setup.duplicate_player" and "case" in info.value.message


def test_every_accepted_name_opens_its_seat_link_and_reads_back_from_the_record(tmp_path):
    """A player named A/B once got a seat link /g/<id>/me/A/B?k=... that 404ed; U+2028 broke the record."""
    db = tmp_path / "c.db"
    names = ODD_BUT_FINE[:3]
    with open_store(db) as store:
        session = GameSession.start(store, bux_setup(names), game_id="odd")
        exported = session.export_record()
        key = game_key(store, "odd")
    assert find_game("bux").replay(exported.splitlines(True)).players == tuple(names)
    app = create_app({"DB": str(db), "TESTING": True})
    client = app.test_client()
    for name in names:
        with app.test_request_context():
            link = url_for("board.me", game_id="odd", player=name, k=player_token(key, name))
            data = url_for("board.me_json", game_id="odd", player=name, k=player_token(key, name))
        assert client.get(link).status_code == 200, (name, link)
        response = client.get(data)
        assert response.status_code == 200 and "me" in response.get_json(), (name, data)
