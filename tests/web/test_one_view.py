"""Every game's screens render from GAME.view_for (issue 30: one view per viewer).

The shared state.json and a phone's JSON show what the engine's view gives
(SHARED for the first, the phone's player for the second): a fact changed in
that view, and only there, is what they show. A screen that read the state
(or redacted it itself) would still show the state's own value.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from companion.games import find_game
from companion.games.base import SHARED
from companion.web import create_app
from companion.web.access import TOKEN_HEADER
from tests.web.tables import PHONE, store_table, tokens

MARK = 4321
"""A number no table of tests/web/tables.py holds anywhere."""


@contextmanager
def view_changed(name: str, change):
    """Pass GAME.view_for's every answer through change(view, viewer) while the block runs (Game is frozen: set, then restore)."""
    game = find_game(name)
    original = game.view
    object.__setattr__(game, "view", lambda state, viewer, **naming: change(original(state, viewer, **naming), viewer))
    try:
        yield
    finally:
        object.__setattr__(game, "view", original)


def _shared(view: dict, viewer) -> dict:
    """Change one public fact of each game's shared view to MARK."""
    if viewer is SHARED:
        if view["game"] == "bux":
            view["players"]["Ann"]["chips"] = MARK
        elif view["game"] == "match":
            view["scoreboard"]["Ann"]["total"] = MARK
        elif view["game"] == "grow":
            view["bank"] = MARK
        elif view["game"] == "cats":
            view["bank_size"] = MARK
    return view


def _mine(view: dict, viewer) -> dict:
    """Change one fact of Ann's own view to MARK."""
    if viewer == "Ann":
        if view["game"] == "bux":
            view["you"]["chips"] = MARK
        elif view["game"] == "grow":
            view["players"]["Ann"]["tokens"]["worth"] = MARK
        elif view["game"] == "cats":
            view["hand"] = ["bank-1-01"] * 3
    return view


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("one-view") / "tables.db"
    for game in ("bux", "grow", "cats", "match"):
        store_table(path, game)
    return path


@pytest.mark.parametrize("game", ["bux", "grow", "cats", "match"])
def test_the_shared_state_json_is_the_engines_shared_view(db, game):
    client = create_app({"DB": str(db), "TESTING": True}).test_client()
    before = client.get(f"/g/{game}/state.json").get_json()["board"]
    with view_changed(game, _shared):
        board = create_app({"DB": str(db), "TESTING": True}).test_client().get(f"/g/{game}/state.json").get_json()["board"]
    shown = {"bux": lambda b: b["players"][0]["chips"], "match": lambda b: b["players"][0]["total"],
             "grow": lambda b: b["bank"], "cats": lambda b: b["bank_size"]}[game]
    assert shown(before) != MARK and shown(board) == MARK


@pytest.mark.parametrize("game", ["bux", "grow", "cats"])
def test_a_phone_shows_its_players_engine_view(db, game):
    _token, keys = tokens(db, game)
    url = PHONE[game].format(player="Ann", k=keys["Ann"]).replace("/me/Ann?", "/me/Ann.json?")
    headers = {TOKEN_HEADER: keys["Ann"]}  # the cat auction's phone JSON takes the seat's key in a header

    def me() -> dict:
        return create_app({"DB": str(db), "TESTING": True}).test_client().get(url, headers=headers).get_json()["me"]

    before = me()
    with view_changed(game, _mine):
        after = me()
    shown = {"bux": lambda m: m["chips"], "grow": lambda m: m["tokens"]["worth"],
             "cats": lambda m: sum(entry["count"] for entry in m["hand"] if entry["label"] == "1")}[game]
    assert shown(before) != (3 if game == "cats" else MARK) and shown(after) == (3 if game == "cats" else MARK)
