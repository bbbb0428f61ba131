"""The registry of the games' table layouts: each game's `table/layout.json`, merged over the common frame.

Each game lies differently on a real table (BUX's bid area and timer cards, Grow's
face-up row, the cat auction's lot, the match's two decks and their discard piles),
so each game owns its middle plates and zones in its own folder
(companion/games/<game>/table/layout.json); the table's size, the corner and the
seat plates are the common frame in calibration/ (companion.vision.geometry).
The camera loop, the setup check and the plates' printing ask this registry for
the game being played and name no game. A game without a layout file (the test
suite's fifth game) gets the frame alone: its seat zones, so the setup check still
frames the table and the camera can still say at whose seat a card lies.

Zone words: a layout file's "words" ({language: {zone: name}}) are what the setup
check calls its zones; `zone_words` merges every known game's, so a piece of
advice ({"phrase": "zone", "zone": "lot"}) is worded without knowing the game.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Mapping

from companion.errors import CompanionError
from companion.games import game_modules, game_parts
from companion.vision.geometry import TableLayout, load_layout

LAYOUT_FILE = "layout.json"
"""A game's layout file, in its `table` subpackage."""


def layout_file(game: str) -> Traversable | None:
    """Return the game's layout file, or None for a game whose table part has none.

    Raises:
        CompanionError: for a game the companion does not know.
    """
    module = game_modules().get(game)
    if module is None:
        raise CompanionError(f"unknown game {game!r}: the games are {', '.join(game_modules())}")
    for part in game_parts([module], "table"):
        path = files(part) / LAYOUT_FILE
        if path.is_file():
            return path
    return None


def layout_for(game: str) -> TableLayout:
    """Return the game's table layout: the common frame with the game's own plates and zones (the frame alone without).

    Raises:
        CompanionError: for an unknown game, or a layout file that is missing a field or names a zone badly.
    """
    return load_layout(layout_file(game))


def zone_words() -> Mapping[str, Mapping[str, str]]:
    """Return {language: {zone name: its name in that language}} from every known game's layout file."""
    return _zone_words(tuple(game_modules()))


@cache
def _zone_words(games: tuple[str, ...]) -> Mapping[str, Mapping[str, str]]:
    merged: dict[str, dict[str, str]] = {}
    for game in games:
        path = layout_file(game)
        if path is None:
            continue
        try:
            words = json.loads(path.read_text(encoding="utf-8")).get("words", {})
        except (OSError, ValueError, AttributeError) as exc:
            raise CompanionError(f"table layout of {game!r} is malformed: {exc}") from None
        for lang, names in words.items():
            for zone, text in names.items():
                merged.setdefault(str(lang), {}).setdefault(str(zone), str(text))
    return merged
