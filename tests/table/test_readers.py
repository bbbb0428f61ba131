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


def test_every_game_whose_tablet_lists_camera_items_words_them_in_russian():
    """The shared camera-items panel words each item by the game's reader; a reader without `word` would show
    Russian tablets the English message. Each game's own first sentence is worded differently in Russian."""
    import re

    from companion.web.screens import screens_of

    worded = 0
    for name, reader in readers().items():
        if not screens_of(name).camera_items:
            continue
        assert reader.word is not None, name
        own = reader.word.__self__.table.messages  # the game's TableSentences (companion.table.messages)
        inner = next(id_ for id_, text in own.items() if set(re.findall(r"{(\w+)", text["en"])) == {"player", "cards"})
        said = {"id": "camera.confirm", "params": {}, "inner": {"id": inner, "params": {"player": "Ann", "cards": 2}}}
        russian = reader.word(said, "ru")
        assert russian.startswith("подтвердите: ") and "Ann" in russian and "2" in russian, (name, russian)
        assert "{" not in russian and not re.search("[a-z]{3}", russian.replace("Ann", "")), (name, russian)
        worded += 1
    assert worded >= 3
