"""The camera loop finds the game's table reader in the registry; a game without one is a clear error."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from companion.table.readers import reader_for, readers
from companion.games.bux.table.interpret import BuxInterpreter


def test_every_reader_package_is_found_by_its_game_name():
    assert readers()["bux"].interpreter is BuxInterpreter


def test_a_game_the_camera_cannot_follow_is_named_with_what_to_do():
    with pytest.raises(CompanionError, match="cannot follow a game of 'cats' yet.*enter its moves on the tablet"):
        reader_for("cats")


def test_the_camera_loop_refuses_a_game_without_a_reader(tmp_path):
    from companion.live import LiveTable
    from companion.store.session import GameSession
    from companion.store.sqlite import EventStore

    with EventStore(tmp_path / "c.db") as store:
        session = GameSession.start(store, {"type": "setup", "game": "cats", "players": ["Ann", "Ben", "Cat"], "first": "Ann"})
        with pytest.raises(CompanionError, match="cannot follow"):
            LiveTable(session, pipeline=None)
