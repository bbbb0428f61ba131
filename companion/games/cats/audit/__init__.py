"""What the cat auction adds to its audit: moves worded as the shared screens' history words them, cards in hand over time.

Hands, the lot and penalty cards are secret until the game ends. The report
shows states as the engine's view_for(state, SHARED) shows them (sizes only);
the history's wording names only what everyone saw (a bid's face-up cards, a
played cat card), and a report of a game in progress calls any card code in
an anomaly's text "a card" (a refused entry may name a card of a hand: a
sentence, which no view redacts). The
game has no score: a player is out when their hand is empty, so the chart
follows the cards each player holds, which everyone can count.
"""

from __future__ import annotations

from companion.audit.game_audit import GameAudit, hide_codes, screens_note
from companion.games.cats.history import narrate


def describe(line: dict, before, after) -> str:
    """Return the move as the shared screens' history says it, with how its round ended and who went out."""
    return " ".join(narrate(line, before, after))


AUDIT = GameAudit(
    name="cats",
    unit="cards in hand",
    describe=describe,
    hidden_while_playing=hide_codes(r"\b(?:bank-\d+-\d\d|cat-[a-z-]+-\d)\b"),
    hidden_note=screens_note("no hand, lot, penalty or drawn card is named."),
)
