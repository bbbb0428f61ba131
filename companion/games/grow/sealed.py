"""Sealed bids: each player's bid held apart until every bid is in, then revealed together.

The pure core of the bid screen: a frozen value the web layer keeps on the
server (never sent to a page) while players bid from their own phones or the
passed-around tablet. Until the last bid arrives it answers only *who* has
bid; reveal() turns the complete set into the one RevealBids move the engine
judges. Pure: no I/O, no clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Mapping

from companion.games.grow.messages import W
from companion.games.grow.moves import RevealBids
from companion.games.grow.rules import verify_bid
from companion.games.grow.state import BID, GrowState, phase


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
