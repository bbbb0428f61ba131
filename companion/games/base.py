"""What every game offers the rest of the companion, as a value (not a class tree).

The store, the CLI and the web page work with any game through this record of
functions: read a record line into a move, fold moves into state, summarise
state for shared screens. Pure: nothing here does I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Optional

from companion.errors import RuleViolation


@dataclass(frozen=True)
class Game:
    """A game's public face: its name and the pure functions that play it."""

    name: str
    title: str
    read_record: Callable[[Iterable[str]], Iterator[tuple[int, Any]]]
    move_from_json: Callable[..., Any]
    move_to_json: Callable[[Any], dict]
    initial_state: Callable[[Any], Any]
    apply: Callable[[Any, Any], Any]
    replay: Callable[[Iterable[str]], Any]
    state_to_json: Callable[[Any], dict]
    is_over: Callable[[Any], bool]
    format_summary: Optional[Callable[[dict], str]] = None
    """Human-readable text of state_to_json's summary; None uses a generic table."""

    def steps(self, lines: Iterable[dict]) -> list[tuple[dict, Any, Any]]:
        """Return (record line, state before, state after) for each line in order; the setup's before is None.

        For screens and reports that tell a game move by move, comparing each move's two states.
        """
        out: list[tuple[dict, Any, Any]] = []
        state = None
        for line in lines:
            move = self.move_from_json(line, first=state is None)
            new = self.initial_state(move) if state is None else self.apply(state, move)
            out.append((line, state, new))
            state = new
        return out


def verify_seating(players: tuple[str, ...], minimum: int, maximum: int, title: str) -> None:
    """Check a setup's players: how many, each a non-empty name, no name twice.

    Raises:
        RuleViolation: setup.player_count, setup.player_name or setup.duplicate_player.
    """
    if not minimum <= len(players) <= maximum:
        raise RuleViolation("setup.player_count", f"setup: {title} is for {minimum} to {maximum} players, not {len(players)}")
    if any(not isinstance(p, str) or not p.strip() for p in players):
        raise RuleViolation("setup.player_name", "setup: player names must be non-empty strings")
    if len(set(players)) != len(players):
        raise RuleViolation("setup.duplicate_player", "setup: player names must be unique")
