"""What the blue/red match game adds to its audit: moves in the game's own words, total scores over the rounds.

Hands are hidden while a round is played: the report shows states as the
engine's view_for(state, SHARED) shows them (a hand's size, never its cards),
the wording names only what lies face up, and a report of a game in progress
calls any card code in an anomaly's text "a card" (a refused entry may name a
card of a hand: a sentence, which no view redacts).
"""

from __future__ import annotations

from companion.audit.game_audit import GameAudit, hide_codes, screens_note
from companion.games.match.history import describe as describe_line


def describe(line: dict, before, after) -> str:
    """Return the move in the game's words (the tablet's for a scored round)."""
    return describe_line(line)


AUDIT = GameAudit(
    name="match",
    unit="points",
    describe=describe,
    hidden_while_playing=hide_codes(r"\b(?:blue|red)-(?:\d+|trade|steal|wild)-\d+\b"),
    hidden_note=screens_note("no card in a hand is named."),
)
