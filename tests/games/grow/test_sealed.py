"""Sealed bids: nobody sees a bid before all are in; then all are revealed at once with the pick order."""

from __future__ import annotations

import pytest

from companion.errors import RuleViolation
from companion.games.grow import rules
from companion.games.grow.moves import Draw, RevealBids
from companion.games.grow.sealed import open_bidding, reveal, submit_bid, waiting_on
from companion.games.grow.state import Tokens

from .conftest import make_state


@pytest.fixture
def bidding():
    return rules.apply(make_state(), Draw(cards=("green-01", "red-01", "gold-01")))


def test_bids_stay_sealed_until_everyone_has_bid(bidding):
    """'Each player secretly decides how much they would like to bid ... At the same time, all players reveal.'"""
    sealed = submit_bid(bidding, open_bidding(bidding), "Ben", 7)
    sealed = submit_bid(bidding, sealed, "Ann", 3)
    assert sealed.submitted() == ("Ben", "Ann") and waiting_on(bidding, sealed) == ("Cat",)
    assert "7" not in repr(sealed) and "3" not in repr(sealed).replace("submitted", "")
    with pytest.raises(RuleViolation) as info:
        reveal(bidding, sealed)
    assert info.value.rule == "bids.not_all_in" and "7" not in info.value.message
    sealed = submit_bid(bidding, sealed, "Cat", 0)
    move = reveal(bidding, sealed)
    assert move == RevealBids(bids={"Ann": 3, "Ben": 7, "Cat": 0})
    assert rules.pick_order(rules.apply(bidding, move)) == ("Ben", "Ann", "Cat")


def test_a_bid_may_be_changed_before_the_reveal(bidding):
    sealed = submit_bid(bidding, open_bidding(bidding), "Ann", 3)
    sealed = submit_bid(bidding, sealed, "Ann", 5)
    assert sealed.submitted() == ("Ann",) and dict(sealed.bids) == {"Ann": 5}


def test_illegal_bids_are_refused_when_sealed(bidding):
    state = rules.apply(make_state(tokens=(Tokens(blue=0, black=2), Tokens(), Tokens()), bank=13),
                        Draw(cards=("green-01", "red-01", "gold-01")))
    sealed = open_bidding(state)
    for player, bid, rule in (("Ann", 3, "bid.over_tokens"), ("Ann", -1, "bid.negative"), ("Ann", "2", "bid.not_integer"), ("Zed", 1, "bids.unknown_player")):
        with pytest.raises(RuleViolation) as info:
            submit_bid(state, sealed, player, bid)
        assert info.value.rule == rule
    assert sealed.submitted() == ()


def test_sealed_bids_from_before_a_rebid_are_stale(bidding):
    sealed = open_bidding(bidding)
    for player, bid in (("Ann", 4), ("Ben", 4), ("Cat", 1)):
        sealed = submit_bid(bidding, sealed, player, bid)
    rebidding = rules.apply(bidding, reveal(bidding, sealed))
    assert rebidding.rebid
    with pytest.raises(RuleViolation) as info:
        submit_bid(rebidding, sealed, "Ann", 2)
    assert info.value.rule == "bids.stale"
    assert open_bidding(rebidding).rebid


def test_no_envelope_outside_bidding():
    with pytest.raises(RuleViolation) as info:
        open_bidding(make_state())
    assert info.value.rule == "bids.wrong_phase"
