"""What Grow Your Assets adds to its audit: moves worded as the tablet's history words them, scores in points.

Every card lies face up, and sealed bids reach the record only once all are
revealed; what stays hidden while the game runs is the cards removed unseen
for two players (the setup line names them). The report shows states as the
engine's view_for(state, SHARED) shows them (their number, not the cards);
the history's wording never names them, and a report of a game in progress
calls any card code in an anomaly's text "a card" (a refused draw may name a
removed one: a sentence, which no view redacts). Its own
check: every revealed sealed bid against the commitment sealed before it.
"""

from __future__ import annotations

from typing import Mapping

from companion.audit.anomalies import ERROR, NOTICE, WARNING, Anomaly
from companion.audit.game_audit import GameAudit, hide_codes, screens_note
from companion.games.grow.history import describe
from companion.games.grow.sealed import SEALED_BID, bid_problems


def sealed_bid_checks(moves: list[dict], kept: Mapping[str, list[dict]]) -> list[Anomaly]:
    """Return an error for every revealed bid that the commitment sealed before it does not bear out.

    A keeper who edits a revealed amount and recomputes the hash chain leaves
    a chain that holds and a game that replays; only the commitment, sealed
    in its own earlier event, tells. The error names the reveal's event.
    """
    reveals = [(move["seq"], {**move["line"], "evidence": move.get("evidence") or {}}) for move in moves
               if isinstance(move.get("line"), dict) and move["line"].get("type") == "reveal_bids"]
    sealed = {item["seq"]: item["data"] for item in kept.get(SEALED_BID, ()) if isinstance(item.get("data"), dict)}
    times = {move["seq"]: move.get("time", "") for move in moves}
    return [Anomaly("bid.commitment", ERROR, seq, f"sealed bids: {text}", times.get(seq, ""))
            for seq, text in bid_problems(reveals, sealed)]


DEVICES = {"phone": "their own phone", "tablet": "the shared tablet"}
"""The device classes a sealed bid comes from (the event's source), in the audit's words."""


def sealed_bids(sealed: list[dict]) -> list[Anomaly]:
    """Name the device class of every sealed bid, and warn where the tablet replaced a bid already sealed.

    Sealed means sealed: only a seat's own phone may change its bid; the
    tablet may enter one only for a seat that has sealed nothing for that
    reveal. A log written before that rule may hold such a replacement.
    """
    found = []
    seen: set[tuple] = set()
    for item in sealed:
        data = item["data"]
        player = data.get("player", "?")
        device = DEVICES.get(item["source"], f"a {item['source']} device")
        envelope = (data.get("round"), data.get("rebid"), data.get("undo"), player)
        if envelope in seen and item["source"] != "phone":
            found.append(Anomaly("bid.replaced", WARNING, item["seq"],
                                 f"{player}'s sealed bid was replaced on {device}, not on their own phone", item["time"]))
        else:
            found.append(Anomaly("bid.sealed", NOTICE, item["seq"], f"{player}'s bid sealed on {device}", item["time"]))
        seen.add(envelope)
    return found


def own_checks(moves: list[dict], kept: Mapping[str, list[dict]]) -> list[Anomaly]:
    """Grow's own checks: every sealed bid by the device it came from, and every reveal against its commitment."""
    return sealed_bids(kept.get(SEALED_BID, [])) + sealed_bid_checks(moves, kept)


AUDIT = GameAudit(
    name="grow",
    unit="points",
    describe=describe,
    hidden_while_playing=hide_codes(r"\b(?:green|red|blue|gold)-\d\d\b"),
    hidden_note=screens_note("the cards removed unseen for two players are not named."),
    columns=(("Tokens left", lambda info: (info.get("tokens") or {}).get("worth", "")),),
    checks=own_checks,
)
