"""Which page serves what for each game: its own table page, each seat's phone page, its rules.

Every game reaches its screens the same way (/g/<id>, /g/<id>/me/<player>,
/g/<id>/rules, /rules/<name>); this registry says where each one lands, so
the host screen, the shared links and the rules page never assume BUX.
Adding a game's screens adds one entry here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from flask_babel import lazy_gettext as _l


@dataclass(frozen=True)
class GamePages:
    """The endpoints and texts one game's screens need (endpoints take game_id; phones also player and k)."""

    title: Any
    """The game's name, translated (a lazy string)."""
    board: str | None = None
    """Endpoint of the game's own table page; None: /g/<id> renders the shared BUX scoreboard."""
    phone: str | None = None
    """Endpoint of a player's private phone page (token ?k=); None: the game has no private screen."""
    phone_blurb: Any = None
    """What a seat's QR code opens, shown on the host screen."""
    rules_context: Callable[[], dict] | None = None
    """Extra context for the game's rules summary (rules/<name>.html), e.g. the cat auction's hint table."""


PAGES: dict[str, GamePages] = {
    "bux": GamePages(title=_l("BUX"), phone="board.me",
                     phone_blurb=_l("Each player scans their own code to see the values on the backs of their own cards.")),
}
"""Game name -> its pages; a game missing here gets the shared scoreboard and no phone page."""


def pages_of(name: str) -> GamePages:
    """Return the game's pages (a plain entry with the name as title for a game not listed)."""
    from companion.web.games import all_screens

    screens = all_screens().get(name)
    if screens is not None:
        return GamePages(title=screens.title, board=screens.board, phone=screens.phone,
                         phone_blurb=screens.phone_blurb, rules_context=screens.rules_context)
    return PAGES.get(name) or GamePages(title=name)
