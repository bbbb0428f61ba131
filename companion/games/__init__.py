"""The games the companion knows, by name: every subpackage of this package that exports GAME.

Adding a game means adding its subpackage (exporting GAME, a companion.games.base.Game)
and its deck file; nothing shared names it. A game kept outside this package (a
club's own, or the test suite's) is named by module in the COMPANION_GAMES
environment variable (comma-separated) and is then found the same way.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import pkgutil
from typing import Any, Mapping, Sequence

from companion.data import extra_game_modules
from companion.errors import RecordError
from companion.games.base import Game
from companion.games.jsonl import is_blank, parse_line


@functools.lru_cache(maxsize=8)
def _registry(extra: tuple[str, ...]) -> Mapping[str, str]:
    found: dict[str, str] = {}
    modules = [f"{__name__}.{info.name}" for info in pkgutil.iter_modules(__path__) if info.ispkg] + list(extra)
    for module in modules:
        game = getattr(importlib.import_module(module), "GAME", None)
        if isinstance(game, Game):
            if game.name in found and found[game.name] != module:
                raise ValueError(f"two games are named {game.name!r}: {found[game.name]} and {module}")
            found[game.name] = module
    return dict(sorted(found.items()))


def game_modules() -> Mapping[str, str]:
    """Return {game name: module} for every known game, sorted by name."""
    return _registry(extra_game_modules())


def game_parts(modules: Sequence[str], part: str) -> list[str]:
    """Return `<module>.<part>` for each game module that has that subpackage ("screens", "table", "audit").

    The one way the web shell, the camera loop and the audit find a game's
    part: each asks this registry's modules, so a built-in game and one named
    in COMPANION_GAMES are found alike, and a game without the part has none.
    """
    found = []
    for module in modules:
        spec = importlib.util.find_spec(module)
        if spec is not None and spec.submodule_search_locations and importlib.util.find_spec(f"{module}.{part}") is not None:
            found.append(f"{module}.{part}")
    return found


def games() -> list[Game[Any, Any, Any]]:
    """Return every known game, sorted by name."""
    return [find_game(name) for name in game_modules()]


def find_game(name: str) -> Game[Any, Any, Any]:
    """Return the game registered under `name`.

    Raises:
        ValueError: for a game the companion does not know.
    """
    module = game_modules().get(name)
    if module is None:
        raise ValueError(f"unsupported game: {name!r} (known: {', '.join(game_modules())})")
    game: Game[Any, Any, Any] = importlib.import_module(module).GAME  # _registry checked it is a Game
    return game


def game_of_record(lines: Sequence[str | bytes]) -> Game[Any, Any, Any]:
    """Return the game a record's first (setup) line names, for any reader (replay, import, audit).

    Raises:
        RecordError: line 1, for an empty record, a first line that is not a
            JSON object, or one that names no game or a game the companion does not know.
    """
    if not lines or all(is_blank(line) for line in lines):
        raise RecordError("empty record: the first line must be a setup", line=1)
    if is_blank(lines[0]):
        raise RecordError("blank line: every line must be one JSON object", line=1)
    try:
        first = parse_line(lines[0])
    except RecordError as error:
        raise error.at_line(1)
    name = first.get("game")
    known = ", ".join(game_modules())
    if name is None:
        raise RecordError(f"setup: the first line must say which game it records (\"game\": one of {known})", line=1)
    if not isinstance(name, str) or name not in game_modules():
        raise RecordError(f"setup: unknown game {name!r} (known: {known})", line=1)
    return find_game(name)
