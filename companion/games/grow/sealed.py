"""Sealed bids: each player's bid held apart until every bid is in, then revealed together.

The pure core of the bid screen: a frozen value the web layer keeps on the
server (never sent to a page) while players bid from their own phones or the
passed-around tablet. Until the last bid arrives it answers only *who* has
bid; reveal() turns the complete set into the one RevealBids move the engine
judges. Pure: no I/O, no clock.

Also the check of a played game's sealed bids (bid_problems): the one rule
both the bid screen's tests and `companion audit` (the game's audit part)
apply, so the audit needs nothing of the web layer.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from companion.games.grow.messages import W
from companion.games.grow.moves import RevealBids
from companion.games.grow.rules import verify_bid
from companion.games.grow.state import BID, GrowState, phase

SEALED_BID = "sealed_bid"
"""The event a sealed bid leaves in the log before the reveal: {"player", "round", "rebid", "undo", "commitment"}
(the amount stays a secret until the reveal; companion/games/grow/screens/bids.py, audited by grow/audit)."""


@dataclass(frozen=True)
class SealedBids:
    """The bids handed in so far for one reveal. `bids` is secret: show only submitted()."""

    round: int
    rebid: bool
    bids: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    def submitted(self) -> tuple[str, ...]:
        """Return who has bid (never how much)."""
        return tuple(self.bids)

    def __repr__(self) -> str:
        # A log line or error page must not print the secret amounts.
        return f"SealedBids(round={self.round}, rebid={self.rebid}, submitted={list(self.submitted())})"


def open_bidding(state: GrowState) -> SealedBids:
    """Return an empty envelope for the reveal the game is waiting for.

    Raises:
        RuleViolation: bids.wrong_phase if the game is not waiting for bids.
    """
    if phase(state) != BID:
        raise W.violation("bids.wrong_phase", phase=phase(state))
    return SealedBids(round=state.rounds, rebid=state.rebid)


def _verify_current(state: GrowState, sealed: SealedBids) -> None:
    if phase(state) != BID or (sealed.round, sealed.rebid) != (state.rounds, state.rebid):
        raise W.violation("bids.stale")


def submit_bid(state: GrowState, sealed: SealedBids, player: str, bid: object) -> SealedBids:
    """Return the envelope with `player`'s bid sealed in (a player may change it until the reveal).

    Raises:
        RuleViolation: bids.unknown_player, bid.* for an illegal amount, bids.stale.
    """
    _verify_current(state, sealed)
    if player not in state.players:
        raise W.violation("bids.unknown_player", player=player)
    verify_bid(state, player, bid)
    assert isinstance(bid, int), "verify_bid refused anything but a whole number"
    return replace(sealed, bids=MappingProxyType({**sealed.bids, player: bid}))


def waiting_on(state: GrowState, sealed: SealedBids) -> tuple[str, ...]:
    """Return the players whose bids are still missing, in seat order."""
    return tuple(p for p in state.players if p not in sealed.bids)


def reveal(state: GrowState, sealed: SealedBids) -> RevealBids:
    """Return the RevealBids move once every player has bid.

    Raises:
        RuleViolation: bids.not_all_in while a bid is missing (nothing is shown), bids.stale.
    """
    _verify_current(state, sealed)
    missing = waiting_on(state, sealed)
    if missing:
        raise W.violation("bids.not_all_in", missing=list(missing))
    return RevealBids(bids={p: sealed.bids[p] for p in state.players})


def commitment(bid: int, nonce: str) -> str:
    """Return the hex SHA-256 of "<bid>:<nonce>", the only trace of a bid before the reveal.

    >>> commitment(3, "ab") == hashlib.sha256(b"3:ab").hexdigest()
    True
    """
    return hashlib.sha256(f"{bid}:{nonce}".encode("utf-8")).hexdigest()


def bid_problems(reveals: Iterable[tuple[int, dict[str, Any]]], sealed: Mapping[int, dict[str, Any]]) -> list[tuple[int, str]]:
    """Return (the reveal's event seq, a sentence) for every revealed bid its sealed commitment does not bear out.

    `reveals` are the game's `reveal_bids` moves as (seq, payload with its
    evidence); `sealed` maps each `sealed_bid` event's seq to its payload.
    A reveal made from sealed bids (its evidence has "sealed") must name, per
    player, a sealed_bid event of that player stored before it, whose
    commitment is sha256("<bid>:<nonce>") of the revealed bid and the nonce
    the evidence discloses. Empty: every revealed bid matches.
    """
    problems: list[tuple[int, str]] = []
    for seq, data in reveals:
        evidence: dict[str, Any] = data["evidence"] if isinstance(data.get("evidence"), dict) else {}
        if data.get("type") != "reveal_bids" or not isinstance(evidence.get("sealed"), dict):
            continue
        proof = evidence["sealed"]
        bids: dict[str, Any] = data["bids"] if isinstance(data.get("bids"), dict) else {}
        for player, bid in bids.items():
            item = proof.get(player)
            if not isinstance(item, dict):
                problems.append((seq, f"no sealed bid named for {player!r}"))
                continue
            source_seq = item.get("seq")
            source = sealed.get(source_seq) if isinstance(source_seq, int) and source_seq < seq else None
            if source is None or source.get("player") != player:
                problems.append((seq, f"{player!r}'s sealed bid (event {source_seq!r}) is not an earlier sealed_bid of theirs"))
                continue
            if source.get("commitment") != item.get("commitment"):
                problems.append((seq, f"{player!r}'s commitment differs from the one sealed in event {source_seq}"))
            elif not hmac.compare_digest(commitment(bid, str(item.get("nonce"))), str(item.get("commitment"))):
                problems.append((seq, f"{player!r}'s revealed bid {bid} does not match the commitment sealed in event {source_seq}"))
    return problems
