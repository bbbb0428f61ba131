"""What Grow Your Assets adds to its audit: moves worded as the tablet's history words them, scores in points.

Every card lies face up, and sealed bids reach the record only once all are
revealed; what stays hidden while the game runs is the cards removed unseen
for two players (the setup line names them). The report shows states as the
engine's view_for(state, SHARED) shows them (their number, not the cards);
the history's wording never names them, and a report of a game in progress
calls any card code in an anomaly's text "a card" (a refused draw may name a
removed one: a sentence, which no view redacts).
"""

from __future__ import annotations

from companion.audit.game_audit import GameAudit, hide_codes
from companion.games.grow.history import describe

AUDIT = GameAudit(
    name="grow",
    unit="points",
    describe=describe,
    hidden_while_playing=hide_codes(r"\b(?:green|red|blue|gold)-\d\d\b"),
    hidden_note="The game is still in progress, so this report shows what the table's screens show: "
                "the cards removed unseen for two players are not named.",
    columns=(("Tokens left", lambda info: (info.get("tokens") or {}).get("worth", "")),),
)
