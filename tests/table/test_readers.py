"""The camera loop finds the game's table reader in the registry; a game without one is a clear error.

The game without a reader is the test suite's fifth game, High Card (tests/high_card/, registered through
COMPANION_GAMES): every bundled game's camera can follow it now."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from companion.table.readers import reader_for, readers
from companion.games.bux.table.interpret import BuxInterpreter
from companion.games.cats.table.interpret import CatsInterpreter


def test_every_reader_package_is_found_by_its_game_name():
    assert readers()["bux"].interpreter is BuxInterpreter


@pytest.fixture
def high_card(monkeypatch):
    monkeypatch.setenv("COMPANION_GAMES", "tests.high_card")


def test_every_bundled_game_but_the_test_suites_has_a_reader(high_card):
    assert readers()["cats"].interpreter is CatsInterpreter
    assert "high" not in readers()


def test_a_game_the_camera_cannot_follow_is_named_with_what_to_do(high_card):
    with pytest.raises(CompanionError, match="cannot follow a game of 'high' yet.*enter its moves on the tablet"):
        reader_for("high")


def test_the_camera_loop_refuses_a_game_without_a_reader(tmp_path, high_card):
    from companion.live import LiveTable
    from companion.store.session import GameSession
    from companion.store.sqlite import EventStore

    with EventStore(tmp_path / "c.db") as store:
        session = GameSession.start(store, {"type": "setup", "game": "high", "players": ["Ann", "Ben"],
                                            "hands": {"Ann": ["high-03", "high-11", "high-07"],
                                                      "Ben": ["high-09", "high-02", "high-12"]}})
        with pytest.raises(CompanionError, match="cannot follow"):
            LiveTable(session, pipeline=None)
