"""The match game's view_for: hands are private (a seat sees its own, shared screens their sizes), through GAME.view_for too."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import find_game
from companion.games.base import SHARED
from companion.games.match import rules
from companion.games.match.selfplay import random_game
from companion.games.match.view import view_for
from tests.games.match.conftest import make_state

HANDS = {"Ann": ["blue-300-1", "red-500-1", "blue-700-1"], "Ben": ["red-300-1", "blue-500-1"], "Cat": ["red-700-1", "blue-100-1"]}
DECKS = ["blue-900-1", "red-900-1"]


def quoted(card: str) -> str:
    return f'"{card}"'


def without_own(view: dict) -> dict:
    """Return a seat's view without what is its own ("you", "hand", "viewer"): what it shares with everyone."""
    return {k: v for k, v in view.items() if k not in ("you", "hand", "viewer")}


def test_a_shared_view_shows_hand_sizes_and_no_hand_card():
    state = make_state(HANDS, decks=DECKS, discards={"red": ["red-100-1"]}, matches={"Ann": [("blue-200-1", "red-200-1")]})
    view = view_for(state, SHARED)
    text = json.dumps(view)
    assert not any(quoted(c) in text for hand in HANDS.values() for c in hand)
    assert not any(quoted(c) in text for c in DECKS)
    assert {name: info["hand_size"] for name, info in view["players"].items()} == {"Ann": 3, "Ben": 2, "Cat": 2}
    assert view["players"]["Ann"]["matches"] == [["blue-200-1", "red-200-1"]]  # face up on the table
    assert view["piles"]["red"]["discard_top"] == "red-100-1" and view["piles"]["blue"]["deck"] == 1
    assert view["viewer"] is None and "hand" not in view and "you" not in view


def test_a_seat_sees_its_own_hand_and_no_other():
    state = make_state(HANDS, decks=DECKS)
    view = view_for(state, "Ben")
    assert view["you"] == "Ben" and view["hand"] == ["blue-500-1", "red-300-1"]  # blue first
    text = json.dumps(view)
    assert not any(quoted(c) in text for name in ("Ann", "Cat") for c in HANDS[name])
    assert without_own(view) == without_own(view_for(state, SHARED))


def test_a_stranger_sees_the_shared_view():
    state = make_state(HANDS, decks=DECKS)
    assert view_for(state, "Zed") == view_for(state, SHARED)


def test_twin_states_differing_only_in_hidden_cards_look_the_same():
    """Ann's and Ben's hands hold other cards (of the same count), and a deck card changed places with a hand card."""
    one = make_state(HANDS, decks=DECKS)
    two = make_state({"Ann": ["red-300-1", "blue-500-1", "blue-900-1"], "Ben": ["blue-300-1", "red-500-1"],
                      "Cat": HANDS["Cat"]}, decks=["blue-700-1", "red-900-1"])
    assert view_for(one, SHARED) == view_for(two, SHARED)
    assert view_for(one, "Cat") == view_for(two, "Cat")
    assert view_for(one, "Ann") != view_for(two, "Ann")


def test_the_game_record_offers_the_engines_view():
    game = find_game("match")
    state = make_state(HANDS, decks=DECKS)
    assert game.view_for(state, SHARED) == view_for(state, SHARED)
    assert game.view_for(state, "Ann")["hand"] == view_for(state, "Ann")["hand"] == ["blue-300-1", "blue-700-1", "red-500-1"]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), cut=st.integers(min_value=2, max_value=400))
def test_at_any_point_a_seat_sees_only_its_own_hand(seed, cut):
    moves = random_game(seed)[:cut]
    state = rules.initial_state(moves[0])
    for move in moves[1:]:
        state = rules.apply(state, move)
    shared = view_for(state, SHARED)
    for seat, player in enumerate(state.players):
        view = view_for(state, player)
        others = {c for i, hand in enumerate(state.hands) if i != seat for c in hand}
        assert not any(quoted(c) in json.dumps(view) for c in others)
        assert set(view["hand"]) == (set(state.hands[seat]) if state.tracked and state.hands else set())
        assert without_own(view) == without_own(shared)
