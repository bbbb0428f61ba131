"""The registry of what each game adds to its audit: each known game's `audit` subpackage (companion/games/<game>/audit/).

The audit itself (chain, file, replay through the rules, anomalies, the
report's frame) names no game. A game whose record says more than moves and
scores brings a package here exposing `AUDIT = GameAudit(...)`: how to book
its economy move by move, what to shade on the chart, the sections it adds to
the report, what to hide in its texts while the game is in progress (what
it shows of a state is the engine's GAME.view_for with the SHARED viewer),
the checks only its own rules can make. A game without one
gets the generic audit. Built-in games and those named in COMPANION_GAMES are
found alike, through the one game registry (companion.games).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from functools import cache
from typing import Any, Callable, Mapping, Protocol

from markupsafe import Markup

from companion.games import game_modules, game_parts


class Book(Protocol):
    """A game's running account of a replayed game: fed each applied move, read at the end."""

    def step(self, line: dict, before: Any, after: Any) -> str:
        """Book one applied move and return a one-line description of it."""

    def to_json(self) -> dict:
        """Return the account as plain JSON (the audit's "flow")."""


@dataclass(frozen=True)
class Phase:
    """Where a game stood after one move, for the chart: shaded while `shaded`, a dashed line where `stage` changes."""

    stage: Any = None
    shaded: bool = False
    label: str = ""
    """A badge for the move's row (e.g. "Double-BUX"); empty for none."""
    detail: dict | None = None
    """The game's own JSON for the move row (kept in the audit's JSON as "phase")."""


@dataclass(frozen=True)
class Section:
    """One block a game adds to its report, after the chart: a heading and its markup."""

    title: str
    html: Markup


@dataclass(frozen=True)
class GameAudit:
    """What one game adds to the shared audit; every field has a generic default."""

    name: str
    """The game's name, as its rules engine knows it."""
    unit: str = "score"
    """What the standings count ("chips")."""
    book: Callable[[dict, Any], Book] | None = None
    """book(setup line, initial state) -> the game's running account; None: moves are described generically."""
    phase: Callable[[dict], Phase | None] | None = None
    """phase(state summary) -> where the game stood after a move; None: no phases."""
    shading: str = ""
    """The chart legend's words for a shaded stretch and a stage line."""
    sections: Callable[[list[Phase | None], list[str], dict | None], list[Section]] | None = None
    """sections(phase after each applied move, x labels, the book's JSON) -> blocks for the report."""
    hidden_while_playing: Callable[[str], str] | None = None
    """Remove from a text what the rules keep hidden until the game ends; None: nothing is hidden in the record.

    For sentences only. What the report shows of a state (the standings after
    each move, the final summary of a game in progress) is the engine's own
    GAME.view_for(state, SHARED), never masked text. But some texts are
    written with card codes and no state to redact: an anomaly's message
    (a refused entry quoting the card it named, a camera reading), and the
    moves worded for the operator with every card's name. A running game's
    report masks those, since only the words are kept.
    """
    hidden_note: str = ""
    """What the report says it hid while the game is in progress (screens_note words it for a report that hides what the screens hide)."""
    columns: tuple[tuple[str, Callable[[dict], Any]], ...] = ()
    """Extra standings columns: (heading, value from a player's final summary)."""
    describe: Callable[[dict, Any, Any], str] | None = None
    """describe(record line, state before (None for the setup), state after) -> the move as the tablet's history words it;
    None: the book's words, else a generic line. Words only what the shared screens show: the report hides by it."""
    camera_read: bool = False
    """The table's camera reads this game, so a move in a game the camera watched is expected to cite its evidence."""
    checks: Callable[[list[dict], Mapping[str, list[dict]]], list[Any]] | None = None
    """checks(moves, kept events by kind) -> the game's own findings over its record and its own kinds of event
    (Game.event_kinds), each an Anomaly naming its event (Grow: the device of every sealed bid, and every revealed
    bid against the commitment sealed before it); None: the shared checks only. `moves`
    are the audit's move rows (seq, line, evidence, undone), `kept` its other kept events ({"seq", "source", "data"})."""


def hide_codes(pattern: str) -> Callable[[str], str]:
    """Return a mask that calls every card code matching `pattern` "a card": for texts that may name a hidden card.

    >>> hide_codes(r"green-\\d\\d")("green-07 is not in the deck")
    'a card is not in the deck'
    """
    code = re.compile(pattern)
    return lambda text: code.sub("a card", text)


def screens_note(unnamed: str) -> str:
    """Return a hidden_note for a game whose report hides what its table's screens hide; `unnamed` says what that is.

    >>> screens_note("no card in a hand is named.")
    "The game is still in progress, so this report shows what the table's screens show: no card in a hand is named."
    """
    return f"The game is still in progress, so this report shows what the table's screens show: {unnamed}"


def audit_for(game: str) -> GameAudit:
    """Return what the game adds to its audit (the generic audit for a game that adds nothing)."""
    return _audits(tuple(game_modules().values())).get(game) or GameAudit(name=game)


@cache
def _audits(modules: tuple[str, ...]) -> Mapping[str, GameAudit]:
    found = {}
    for name in game_parts(modules, "audit"):
        audit = importlib.import_module(name).AUDIT
        found[audit.name] = audit
    return found
