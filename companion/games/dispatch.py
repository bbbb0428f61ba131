"""Apply a move by its type, and say whether a move is legal: the one dispatcher every game's rules use.

A game's rules module has one apply_<kind>(state, move) per move type (each
verifies, then builds the new state); picking the handler, refusing a second
setup or a move of no known type, and asking "is this legal?" by trying it
are the same for every game. by_move_type() builds that game's apply() and
can() from its table of handlers. Pure: no I/O.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, Optional

from companion.errors import RuleViolation
from companion.games.wording import Wording


class MoveRules(NamedTuple):
    """A game's apply(state, move) -> state and can(state, move) -> bool."""

    apply: Callable[[Any, Any], Any]
    can: Callable[[Any, Any], bool]


def by_move_type(handlers: Mapping[type, Callable[[Any, Any], Any]], words: Wording, setup: type,
                 after: Optional[Callable[[Any], Any]] = None) -> MoveRules:
    """Return apply() and can() for the game whose move handlers, refusal wording and Setup move are given.

    `after` (if any) sees every new state before it is returned: a check or a
    consequence that belongs to no one move (a round ends when a hand is empty).
    """

    def apply(state: Any, move: Any) -> Any:
        """Return the state after `move`. Raises RuleViolation if it is illegal."""
        handler = handlers.get(type(move))
        if handler is None:
            if isinstance(move, setup):
                raise words.violation("setup.not_first")
            raise words.violation("move.unknown", move=type(move).__name__)
        new = handler(state, move)
        return new if after is None else after(new)

    def can(state: Any, move: Any) -> bool:
        """Return True if `move` is legal in `state`."""
        try:
            apply(state, move)
        except RuleViolation:
            return False
        return True

    return MoveRules(apply, can)
