"""What Grow Your Assets adds to its audit: moves worded as the tablet's history words them, scores in points.

Every card lies face up, and sealed bids reach the record only once all are
revealed; what stays hidden while the game runs is the cards removed unseen
for two players (the setup line names them). The history's wording never
names them, and a report of a game in progress calls any card code in an
anomaly's text "a card" (a refused draw may name a removed one). Its own
check: every revealed sealed bid against the commitment sealed before it.
"""

from __future__ import annotations

from typing import Mapping

from companion.audit.anomalies import ERROR, Anomaly
from companion.audit.game_audit import GameAudit, hide_codes
from companion.games.grow.history import describe
from companion.games.grow.rules import view_for
from companion.games.grow.sealed import SEALED_KIND, bid_problems


def sealed_bid_checks(moves: list[dict], kept: Mapping[str, list[dict]]) -> list[Anomaly]:
    """Return an error for every revealed bid that the commitment sealed before it does not bear out.

    A keeper who edits a revealed amount and recomputes the hash chain leaves
    a chain that holds and a game that replays; only the commitment, sealed
    in its own earlier event, tells. The error names the reveal's event.
    """
    reveals = [(move["seq"], {**move["line"], "evidence": move.get("evidence") or {}}) for move in moves
               if isinstance(move.get("line"), dict) and move["line"].get("type") == "reveal_bids"]
    sealed = {item["seq"]: item["data"] for item in kept.get(SEALED_KIND, ()) if isinstance(item.get("data"), dict)}
    times = {move["seq"]: move.get("time", "") for move in moves}
    return [Anomaly("bid.commitment", ERROR, seq, f"sealed bids: {text}", times.get(seq, ""))
            for seq, text in bid_problems(reveals, sealed)]


AUDIT = GameAudit(
    name="grow",
    unit="points",
    describe=describe,
    public_view=lambda state: view_for(state, None),
    hidden_while_playing=hide_codes(r"\b(?:green|red|blue|gold)-\d\d\b"),
    hidden_note="The game is still in progress, so this report shows what the table's screens show: "
                "the cards removed unseen for two players are not named.",
    columns=(("Tokens left", lambda info: (info.get("tokens") or {}).get("worth", "")),),
    checks=sealed_bid_checks,
)
