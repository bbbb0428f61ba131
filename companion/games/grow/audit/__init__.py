"""What Grow Your Assets adds to its audit: moves worded as the tablet's history words them, scores in points.

Every card lies face up, and sealed bids reach the record only once all are
revealed; what stays hidden while the game runs is the cards removed unseen
for two players (the setup line names them). The history's wording never
names them, and a report of a game in progress calls any card code in an
anomaly's text "a card" (a refused draw may name a removed one).
"""

from __future__ import annotations

from typing import Mapping

from companion.audit.anomalies import NOTICE, WARNING, Anomaly
from companion.audit.game_audit import GameAudit, hide_codes
from companion.games.grow.sealed import SEALED_BID
from companion.games.grow.history import describe
from companion.games.grow.rules import view_for

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


def own_events(kept: Mapping[str, list[dict]]) -> list[Anomaly]:
    """The audit's look at Grow's own events: every sealed bid, by the device it came from."""
    return sealed_bids(kept.get(SEALED_BID, []))


AUDIT = GameAudit(
    name="grow",
    unit="points",
    describe=describe,
    public_view=lambda state: view_for(state, None),
    hidden_while_playing=hide_codes(r"\b(?:green|red|blue|gold)-\d\d\b"),
    hidden_note="The game is still in progress, so this report shows what the table's screens show: "
                "the cards removed unseen for two players are not named.",
    columns=(("Tokens left", lambda info: (info.get("tokens") or {}).get("worth", "")),),
    event_anomalies=own_events,
)
