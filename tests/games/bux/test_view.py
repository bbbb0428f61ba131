"""BUX's view_for: what each viewer may see (faces for all, values only to their owner), through GAME.view_for too."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import find_game
from companion.games.base import SHARED
from companion.games.bux import rules
from companion.games.bux.selfplay import random_game
from companion.games.bux.state import VALUE, draw_deck
from companion.games.bux.view import view_for
from tests.games.bux.conftest import make_state

CODE = re.compile(r"\b(?:heart|club|spade|diamond)-(?:x|oval|circle|square)-\d+\b")


def text(view: dict) -> str:
    return json.dumps(view, sort_keys=True)


def without_own(view: dict) -> dict:
    """Return a seat's view without what is its own ("you", "viewer"): what it shares with everyone."""
    return {k: v for k, v in view.items() if k not in ("you", "viewer")}


def test_a_shared_view_names_no_card_code_and_no_value():
    state = make_state(discard=frozenset({"spade-x-25", "diamond-oval-100"}))
    view = view_for(state, SHARED)
    assert not CODE.search(text(view)) and "value" not in text(view)
    assert view["players"]["Ann"] == {"chips": 200, "count": 3, "spread": [
        {"suit": "heart", "shape": "x"}, {"suit": "heart", "shape": "oval"}, {"suit": "club", "shape": "x"}]}
    assert view["discard"] == [{"suit": "spade", "shape": "x"}, {"suit": "diamond", "shape": "oval"}]
    assert view["viewer"] is None and "you" not in view
    assert view["draw_deck_size"] == len(draw_deck(state)) and "draw_deck" not in view


def test_a_seat_sees_its_own_values_and_no_other_card_code():
    state = make_state()
    view = view_for(state, "Ann")
    assert [(c["suit"], c["shape"], c["value"]) for c in view["you"]["cards"]] == [
        ("heart", "x", 25), ("heart", "oval", 50), ("club", "x", 100)]
    assert view["you"]["player"] == "Ann" and view["you"]["chips"] == 200 and view["viewer"] == "Ann"
    others = set(state.spreads[1]) | set(state.spreads[2])
    assert not any(code in text(view) for code in others)
    # Apart from its own part, a seat sees exactly what the shared screens see.
    assert without_own(view) == without_own(view_for(state, SHARED))
    assert [c["value"] for c in view_for(state, "Ben")["you"]["cards"]] == [25, 50, 100]  # spade circles, diamond square


def test_a_stranger_sees_the_shared_view():
    state = make_state()
    assert view_for(state, "Zed") == view_for(state, SHARED)


def test_twin_states_differing_only_in_hidden_values_look_the_same():
    """Ann's ♥ X is 25 in one game and 100 in the other (and the discard's ♠ X 50 or 25): shared and Ben's views are equal."""
    one = make_state(discard=frozenset({"spade-x-50"}))
    two = make_state(spreads={"Ann": ("heart-x-100", "heart-oval-50", "club-x-100"), "Ben": make_state().spreads[1],
                              "Cat": make_state().spreads[2]}, discard=frozenset({"spade-x-25"}))
    assert one.spreads[0] != two.spreads[0]
    assert view_for(one, SHARED) == view_for(two, SHARED)
    assert view_for(one, "Ben") == view_for(two, "Ben")
    assert view_for(one, "Ann") != view_for(two, "Ann")  # Ann holds the card: she sees its value


def test_cards_of_one_face_follow_the_callers_names_not_their_values():
    """Code order within a face is value order (…-100, …-25, …-50); the shared list must follow the names alone."""
    state = make_state(spreads={"Ann": ("heart-x-25", "heart-x-50", "heart-x-100"), "Ben": (), "Cat": ()})
    names = {"heart-x-25": "c2", "heart-x-50": "c3", "heart-x-100": "c1"}
    spread = view_for(state, SHARED, card_name=names.__getitem__)["players"]["Ann"]["spread"]
    assert [card["h"] for card in spread] == ["c1", "c2", "c3"]
    again = {"heart-x-25": "c1", "heart-x-50": "c3", "heart-x-100": "c2"}
    assert [card["h"] for card in view_for(state, SHARED, card_name=again.__getitem__)["players"]["Ann"]["spread"]] == ["c1", "c2", "c3"]


def test_the_game_record_offers_the_engines_view():
    game = find_game("bux")
    state = make_state()
    assert game.view_for(state, SHARED) == view_for(state, SHARED)
    assert game.view_for(state, "Cat") == view_for(state, "Cat")
    # A game that brings no view shows everyone its public summary.
    assert replace(game, view=None).view_for(state, "Cat") == game.state_to_json(state)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), cut=st.integers(min_value=1, max_value=120))
def test_at_any_point_a_seat_sees_no_value_but_its_own(seed, cut):
    moves = random_game(seed)[:cut]
    state = rules.initial_state(moves[0])
    for move in moves[1:]:
        state = rules.apply(state, move)
    assert not CODE.search(text(view_for(state, SHARED)))
    for seat, player in enumerate(state.players):
        view = view_for(state, player)
        assert not CODE.search(text(view))
        own = sorted(VALUE[c] for c in state.spreads[seat])
        assert sorted(c["value"] for c in view["you"]["cards"]) == own
        assert without_own(view) == without_own(view_for(state, SHARED))
