"""line_keys(): a record's line keys read off its Move union (companion.games.records)."""

from __future__ import annotations

import doctest
from dataclasses import dataclass

from companion.games import records
from companion.games.records import line_keys


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]


@dataclass(frozen=True)
class DiscardWild:
    player: str
    from_: str | None = None


def test_type_from_the_class_name_keys_from_the_fields_setup_with_its_game():
    assert line_keys(Setup | DiscardWild) == {
        "setup": ("type", "game", "players"),
        "discard_wild": ("type", "player", "from"),
    }


def test_docstring_example():
    result = doctest.testmod(records)
    assert result.attempted > 0 and result.failed == 0
