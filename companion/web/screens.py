"""The registry of the games' screens: each known game's `screens` subpackage (companion/games/<game>/screens/).

Each game's screens live in its own folder, companion/games/<game>/screens/,
next to nothing of any other game: its blueprint and views (*.py), its templates
(templates/<game>/..., templates/rules/<game>.html), its JavaScript and CSS
(static/), its Russian strings (ru_source.py). The package exposes one object,
`SCREENS` (a GameScreens); this module asks the one game registry
(companion.games.game_modules: the built-in games and those named in
COMPANION_GAMES alike) and imports each game's `<module>.screens`, so the
shared web code (the app factory, the scoreboard, the host screen, the rules
page) names no game. Adding a game's screens adds a folder to the game; no
shared file changes.

A game package's templates/ and static/ folders are served by a small blueprint
made here (`<game>_files`): templates by their usual names ("<game>/page.html"),
static files as url_for("<game>_files.static", filename=...), under
/static/games/<game>/.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Callable, Mapping

from flask import Blueprint

from companion.games import game_modules, game_parts


@dataclass(frozen=True)
class GameScreens:
    """What one game's screens bring to the shared web shell (endpoints take game_id; phones also player and k)."""

    name: str
    """The game's name, as the rules engine knows it (session.game.name)."""
    title: Any
    """The game's name, translated (a lazy string)."""
    view: Callable[..., Any] | None = None
    """View class (session, key) for the shared scoreboard and state.json; None: no tablet view yet."""
    blueprints: tuple[Blueprint, ...] = ()
    """The game's own blueprints, registered by create_app."""
    board: str | None = None
    """Endpoint of the game's own table page; None: the shared /g/<id> renders `scoreboard`."""
    scoreboard: str | None = None
    """Template the shared /g/<id> renders when the game has no `board` endpoint (given game_id, game, can_act, token, strings, has_view, camera)."""
    phone: str | None = None
    """Endpoint of a player's private phone page (token ?k=); None: the game has no private screen.
    "board.me": the shared /g/<id>/me/<player> renders `phone_page` (given game_id, game, player, k, strings)."""
    phone_page: str | None = None
    """Template of the shared phone page, for a game whose `phone` is "board.me"."""
    strings: Callable[[], str] | None = None
    """The words the `scoreboard` and `phone_page` scripts show: JSON, translated for the request (passed as `strings`)."""
    camera_layout: Any = None
    camera_items: bool = True
    """The tablet lists the camera's items in the shared panel (companion/web/camera_items.py); False: the game's
    own page shows them its own way (with its own Correct form)."""
    """The camera page's step saying where the game's printed plates go; None: a step that fits any game."""
    phone_blurb: Any = None
    """What a seat's QR code opens, shown on the host screen."""
    rules_context: Callable[[], dict] | None = None
    """Extra context for the game's rules summary (rules/<name>.html)."""
    speech: Callable[[dict], list[tuple[str, str]]] | None = None
    """What the Speak switch says: (key, sentence) pairs made from the public state.json body only (companion/web/speech.py)."""
    move_words: Mapping[str, Any] = field(default_factory=dict)
    """Each of the game's move types as a player names it in "Ann's draw" (lazy strings; a type not listed reads "a move")."""
    home: Path | None = field(default=None, compare=False)
    """The game package's folder (filled in by the registry)."""
    package: str | None = field(default=None, compare=False)
    """The screens package's module name (filled in by the registry)."""


def all_screens() -> dict[str, GameScreens]:
    """Return game name -> its screens, for every known game that has a `screens` subpackage."""
    return _screens(tuple(game_modules().values()))


@cache
def _screens(modules: tuple[str, ...]) -> dict[str, GameScreens]:
    found: dict[str, GameScreens] = {}
    for name in game_parts(modules, "screens"):
        package = importlib.import_module(name)
        screens = package.SCREENS
        assert package.__file__ is not None, f"{name} is a package of files"
        home = Path(package.__file__).resolve().parent
        found[screens.name] = GameScreens(**{**screens.__dict__, "home": home, "package": name})
    return found


def screens_of(name: str) -> GameScreens:
    """Return the game's screens (a plain entry with the name as title for a game without a package)."""
    return all_screens().get(name) or GameScreens(name=name, title=name)


def blueprints() -> list[Blueprint]:
    """Return every game's blueprints, each game's files blueprint (templates/, static/) first."""
    found = []
    for screens in all_screens().values():
        home = screens.home
        assert home is not None and screens.package is not None, "all_screens() holds only games' screens packages"
        has_static = (home / "static").is_dir()
        found.append(Blueprint(f"{screens.name}_files", screens.package,
                               template_folder=str(home / "templates") if (home / "templates").is_dir() else None,
                               static_folder=str(home / "static") if has_static else None,
                               static_url_path=f"/static/games/{screens.name}" if has_static else None))
        found.extend(screens.blueprints)
    return found
