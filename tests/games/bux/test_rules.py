"""One test (or more) per BUX rule; rule text from ../shared/rules/bux-rules.txt in docstrings."""

from __future__ import annotations

import pytest

from companion.errors import RuleViolation
from companion.games.bux import rules
from companion.games.bux.moves import Broke, Draw, Sell, Setup, Swap
from companion.games.bux.state import STARTING_CHIPS, bux_timer, draw_deck, is_double_bux, turn

from .conftest import SPREADS, make_state

PLAIN = ("spade-x-25", "spade-oval-50", "club-square-25")  # three playing cards nobody holds


def violation(state, move) -> str:
    with pytest.raises(RuleViolation) as info:
        rules.apply(state, move)
    return info.value.rule


# --- setup ------------------------------------------------------------------

def test_setup_gives_everyone_200_chips_and_starts_deck_one(state):
    """'Each player gets 200 BUX chips- 4 white, 3 silver, 1 gold, and 1 black.'"""
    assert state.chips == (200, 200, 200) == (STARTING_CHIPS,) * 3
    assert (state.deck, bux_timer(state), is_double_bux(state)) == (1, 0, False)
    assert turn(state) == "Ann"
    assert {frozenset(s) for s in SPREADS.values()} == set(state.spreads)


def test_draw_deck_holds_every_other_card_and_the_timers(state):
    deck = draw_deck(state)
    assert len(deck) == 51 - 9
    assert {"bux-1", "bux-2", "bux-3"} <= deck
    assert not deck & {c for s in SPREADS.values() for c in s}


@pytest.mark.parametrize(
    "players, rule",
    [
        (("Ann", "Ben"), "setup.player_count"),
        (("A", "B", "C", "D", "E", "F"), "setup.player_count"),
        (("Ann", "Ann", "Ben"), "setup.duplicate_player"),
        (("Ann", "", "Ben"), "setup.player_name"),
    ],
)
def test_setup_needs_three_to_five_unique_named_players(players, rule):
    spreads = {p: () for p in players}
    with pytest.raises(RuleViolation) as info:
        rules.initial_state(Setup(players=players, first=players[0], spreads=spreads))
    assert info.value.rule == rule


@pytest.mark.parametrize(
    "change, rule",
    [
        ({"first": "Zed"}, "setup.first_not_seated"),
        ({"spreads": {"Ann": SPREADS["Ann"], "Ben": SPREADS["Ben"]}}, "setup.spreads_players"),
        ({"spreads": {**SPREADS, "Cat": ("club-oval-25", "diamond-x-50")}}, "setup.spread_size"),
        ({"spreads": {**SPREADS, "Cat": ("club-oval-25", "diamond-x-50", "bux-1")}}, "setup.timer_in_spread"),
        ({"spreads": {**SPREADS, "Cat": ("club-oval-25", "diamond-x-50", "heart-x-25")}}, "setup.card_twice"),
    ],
)
def test_setup_rejects_bad_deals(change, rule):
    args = {"players": ("Ann", "Ben", "Cat"), "first": "Ann", "spreads": SPREADS, **change}
    with pytest.raises(RuleViolation) as info:
        rules.initial_state(Setup(**args))
    assert info.value.rule == rule


# --- turn order ---------------------------------------------------------------

def test_turns_go_clockwise_from_first_and_wrap(state):
    """'The player to your left takes the next turn.'"""
    state = make_state(first="Cat")
    state = rules.apply(state, Draw(player="Cat", cards=PLAIN, all_passed=True))
    assert turn(state) == "Ann"


def test_only_the_player_to_move_may_move(state):
    assert violation(state, Draw(player="Ben", cards=PLAIN, all_passed=True)) == "draw.not_your_turn"
    assert violation(state, Broke(player="Zed")) == "broke.unknown_player"


# --- draw and bids ----------------------------------------------------------

def test_other_winner_pays_the_drawer():
    """'If you drew the cards and another player wins the bid, that player takes all 3 cards and pays you!'"""
    state = rules.apply(make_state(), Draw(player="Ann", cards=PLAIN, winner="Ben", price=40))
    assert state.chips == (240, 160, 200)
    assert set(PLAIN) <= state.spreads[1]
    assert state.bank_paid == 0


def test_drawer_who_wins_pays_the_bank():
    """'If you drew the cards and win the bid, take all 3 cards into your spread and pay the game tray.'"""
    state = rules.apply(make_state(), Draw(player="Ann", cards=PLAIN, winner="Ann", price=55))
    assert state.chips == (145, 200, 200)
    assert set(PLAIN) <= state.spreads[0]
    assert state.bank_paid == -55


def test_all_pass_sends_the_cards_to_the_discard_pile(state):
    state = rules.apply(state, Draw(player="Ann", cards=PLAIN, all_passed=True))
    assert state.discard == frozenset(PLAIN)
    assert state.chips == (200, 200, 200)


@pytest.mark.parametrize(
    "price, rule",
    [(42, "bid.not_multiple"), (0, "bid.too_low"), (-5, "bid.too_low"), (205, "bid.over_chips"), (10.0, "bid.not_integer"), (True, "bid.not_integer")],
)
def test_bids_are_multiples_of_five_within_the_winners_chips(state, price, rule):
    assert violation(state, Draw(player="Ann", cards=PLAIN, winner="Ben", price=price)) == rule


def test_bid_winner_must_be_playing(state):
    assert violation(state, Draw(player="Ann", cards=PLAIN, winner="Zed", price=10)) == "draw.unknown_winner"


def test_bids_are_never_doubled_during_double_bux():
    state = make_state(timers_out=frozenset({"bux-1", "bux-2"}))
    assert is_double_bux(state)
    state = rules.apply(state, Draw(player="Ann", cards=PLAIN, winner="Ben", price=40))
    assert state.chips == (240, 160, 200)


def test_a_draw_takes_exactly_three_playing_cards(state):
    assert violation(state, Draw(player="Ann", cards=PLAIN[:2], all_passed=True)) == "draw.too_few_cards"
    assert violation(state, Draw(player="Ann", cards=PLAIN + ("spade-x-50",), all_passed=True)) == "draw.too_many_cards"


def test_drawn_cards_must_come_from_the_draw_deck(state):
    assert violation(state, Draw(player="Ann", cards=("heart-x-25",) + PLAIN[1:], all_passed=True)) == "draw.not_in_draw_deck"
    discarded = make_state(discard=frozenset({"spade-x-25"}))
    assert violation(discarded, Draw(player="Ann", cards=PLAIN, all_passed=True)) == "draw.not_in_draw_deck"
    assert violation(state, Draw(player="Ann", cards=("spade-x-25", "spade-x-25", "club-square-25"), all_passed=True)) == "draw.card_twice"
    assert violation(state, Draw(player="Ann", cards=("spade-x-25", "joker", "club-square-25"), all_passed=True)) == "draw.unknown_card"


def test_a_draw_must_be_settled_one_way(state):
    assert violation(state, Draw(player="Ann", cards=PLAIN)) == "draw.unsettled"
    assert violation(state, Draw(player="Ann", cards=PLAIN, winner="Ben", price=10, all_passed=True)) == "draw.unsettled"


def test_keep_only_when_the_drawer_has_no_cards():
    """'If you have no cards at the beginning of your turn, you have the option of drawing 3 cards and keeping them without a bid.'"""
    with_cards = make_state()
    assert violation(with_cards, Draw(player="Ann", cards=PLAIN, keep=True)) == "draw.keep_with_cards"
    empty = make_state(spreads={"Ann": (), "Ben": SPREADS["Ben"], "Cat": SPREADS["Cat"]})
    state = rules.apply(empty, Draw(player="Ann", cards=PLAIN, keep=True))
    assert state.spreads[0] == frozenset(PLAIN)
    assert state.chips == (200, 200, 200)
    assert turn(state) == "Ben"


def test_a_player_with_no_cards_may_still_put_the_draw_up_for_bid():
    empty = make_state(spreads={"Ann": (), "Ben": SPREADS["Ben"], "Cat": SPREADS["Cat"]})
    state = rules.apply(empty, Draw(player="Ann", cards=PLAIN, winner="Cat", price=5))
    assert state.chips == (205, 200, 195)


# --- timer cards --------------------------------------------------------------

def test_first_timer_card_is_a_warning_and_is_replaced():
    """'When one is drawn, it is placed aside in view of all, and another card is drawn in its place.'"""
    state = rules.apply(make_state(), Draw(player="Ann", cards=("spade-x-25", "bux-3", "spade-oval-50", "club-square-25"), all_passed=True))
    assert bux_timer(state) == 1 and not is_double_bux(state)
    assert state.discard == frozenset(PLAIN)
    assert "bux-3" not in draw_deck(state)


def test_second_timer_card_starts_double_bux():
    state = make_state(timers_out=frozenset({"bux-1"}))
    state = rules.apply(state, Draw(player="Ann", cards=("bux-2",) + PLAIN, all_passed=True))
    assert bux_timer(state) == 2 and is_double_bux(state)


def test_timer_counts_cards_in_the_order_they_turn_up_whatever_their_label():
    state = rules.apply(make_state(), Draw(player="Ann", cards=("bux-2",) + PLAIN, all_passed=True))
    assert bux_timer(state) == 1 and not is_double_bux(state)


def test_a_timer_card_cannot_turn_up_twice_in_one_deck():
    state = make_state(timers_out=frozenset({"bux-2"}))
    assert violation(state, Draw(player="Ann", cards=("bux-2",) + PLAIN, all_passed=True)) == "draw.not_in_draw_deck"


def test_third_timer_card_ends_the_deck_and_the_same_player_draws_again():
    """'Reshuffle all cards not owned by players ... Then resume play with the player who drew the third BUX card.'"""
    state = make_state(timers_out=frozenset({"bux-1", "bux-2"}), discard=frozenset({"diamond-oval-25", "diamond-oval-50", "diamond-oval-100"}))
    state = rules.apply(state, Draw(player="Ann", cards=("spade-x-25", "bux-3")))
    assert (state.deck, bux_timer(state), is_double_bux(state)) == (2, 0, False)
    assert state.discard == frozenset()
    assert {"spade-x-25", "diamond-oval-25", "bux-1", "bux-2", "bux-3"} <= draw_deck(state)
    assert turn(state) == "Ann" and state.redraw


def test_after_a_reshuffle_the_next_line_must_be_that_players_draw():
    state = rules.apply(make_state(timers_out=frozenset({"bux-1", "bux-2"})), Draw(player="Ann", cards=("bux-3",)))
    assert violation(state, Sell(player="Ann", sets=(("heart-x-25", "heart-oval-50", "club-x-100"),))) == "sell.must_redraw"
    assert violation(state, Draw(player="Ben", cards=PLAIN, all_passed=True)) == "draw.not_your_turn"
    state = rules.apply(state, Draw(player="Ann", cards=PLAIN, all_passed=True))
    assert turn(state) == "Ben" and not state.redraw


def test_a_draw_ending_on_the_third_timer_carries_no_settlement():
    state = make_state(timers_out=frozenset({"bux-1", "bux-2"}))
    assert violation(state, Draw(player="Ann", cards=("spade-x-25", "bux-3"), winner="Ben", price=10)) == "draw.settled_after_last_timer"
    assert violation(state, Draw(player="Ann", cards=("spade-x-25", "bux-3"), all_passed=True)) == "draw.settled_after_last_timer"
    assert violation(state, Draw(player="Ann", cards=("spade-x-25", "bux-3", "spade-oval-50"))) == "draw.too_many_cards"


def test_third_timer_of_deck_three_ends_the_game_and_most_chips_win():
    """'The game ends when the third purple BUX-1-2-3 card is turned up in the third draw deck played.'"""
    state = make_state(deck=3, timers_out=frozenset({"bux-1", "bux-2"}), chips=(300, 450, 450))
    over = rules.apply(state, Draw(player="Ann", cards=("spade-x-25", "spade-oval-50", "bux-3")))
    assert over.over and turn(over) is None
    assert bux_timer(over) == 3 and not is_double_bux(over)
    assert over.discard == state.discard and over.spreads == state.spreads
    assert rules.outcome(over).winners == ("Ben", "Cat")
    assert violation(over, Draw(player="Ann", cards=PLAIN, all_passed=True)) == "draw.after_game_end"


# --- sell ---------------------------------------------------------------------

def test_perfect_match_pays_500_and_mixed_pays_the_backs():
    """'Mixed matched sets pay ... the total on the backs ... Perfect matched sets pay ... 500 chips each.'"""
    spreads = {"Ann": ("heart-x-25", "heart-oval-50", "heart-circle-100", "club-square-25", "club-square-50", "club-square-100"),
               "Ben": SPREADS["Ben"], "Cat": SPREADS["Cat"]}
    state = make_state(spreads=spreads)
    sold = rules.apply(state, Sell(player="Ann", sets=(("heart-x-25", "heart-oval-50", "heart-circle-100"), ("club-square-25", "club-square-50", "club-square-100"))))
    assert sold.chips[0] == 200 + 175 + 500
    assert sold.bank_paid == 675
    assert sold.spreads[0] == frozenset()
    assert sold.discard == frozenset(spreads["Ann"])


def test_double_bux_doubles_every_sold_set():
    """The worked example: 2 x 175 = 350 and 2 x 500 = 1000 during Double-BUX."""
    spreads = {"Ann": ("heart-x-25", "heart-oval-50", "heart-circle-100", "club-square-25", "club-square-50", "club-square-100"),
               "Ben": SPREADS["Ben"], "Cat": SPREADS["Cat"]}
    state = make_state(spreads=spreads, timers_out=frozenset({"bux-1", "bux-3"}))
    first = rules.apply(state, Sell(player="Ann", sets=(("heart-x-25", "heart-oval-50", "heart-circle-100"),)))
    assert first.chips[0] == 200 + 350


def test_same_shape_sets_are_mixed_matches():
    spreads = {"Ann": ("heart-x-25", "club-x-50", "spade-x-100"), "Ben": SPREADS["Ben"], "Cat": SPREADS["Cat"]}
    state = rules.apply(make_state(spreads=spreads), Sell(player="Ann", sets=(spreads["Ann"],)))
    assert state.chips[0] == 375


def test_sell_rejects_non_sets_and_cards_not_owned(state):
    assert violation(state, Sell(player="Ann", sets=(("heart-x-25", "heart-oval-50", "club-x-100"),))) == "sell.not_a_set"
    assert violation(state, Sell(player="Ann", sets=(("heart-x-25", "heart-oval-50", "heart-circle-100"),))) == "sell.not_in_spread"
    assert violation(state, Sell(player="Ann", sets=())) == "sell.no_sets"
    assert violation(state, Sell(player="Ann", sets=(("heart-x-25", "heart-oval-50"),))) == "sell.set_size"


def test_sell_rejects_a_card_sold_twice():
    spreads = {"Ann": ("heart-x-25", "heart-oval-50", "heart-circle-100"), "Ben": SPREADS["Ben"], "Cat": SPREADS["Cat"]}
    state = make_state(spreads=spreads)
    twice = (("heart-x-25", "heart-oval-50", "heart-circle-100"), ("heart-x-25", "heart-oval-50", "heart-circle-100"))
    assert violation(state, Sell(player="Ann", sets=twice)) == "sell.card_twice"


# --- swap ---------------------------------------------------------------------

def test_swap_takes_an_unprotected_card():
    """'You can exchange one of your unwanted cards for the unprotected card you are taking.'"""
    state = rules.apply(make_state(), Swap(player="Ann", give="club-x-100", take="diamond-square-100", from_="Ben"))
    assert "diamond-square-100" in state.spreads[0] and "club-x-100" not in state.spreads[0]
    assert "club-x-100" in state.spreads[1]
    assert turn(state) == "Ben"


def test_swap_rejects_protected_take():
    """'A- Protected by another heart (F) and another X (C) in the spread.'"""
    spreads = {"Ann": SPREADS["Ann"], "Ben": ("heart-x-25", "heart-circle-50", "spade-x-100"), "Cat": SPREADS["Cat"]}
    spreads["Ann"] = ("club-oval-50", "club-oval-100", "diamond-square-25")
    state = make_state(spreads={**spreads, "Cat": ("club-circle-25", "diamond-x-50", "heart-square-100")})
    assert violation(state, Swap(player="Ann", give="club-oval-50", take="heart-x-25", from_="Ben")) == "swap.take_protected"
    assert rules.can(state, Swap(player="Ann", give="club-oval-50", take="spade-x-100", from_="Ben"))


def test_swap_needs_own_card_other_player_and_their_card(state):
    assert violation(state, Swap(player="Ann", give="spade-x-25", take="diamond-square-100", from_="Ben")) == "swap.give_not_in_spread"
    assert violation(state, Swap(player="Ann", give="club-x-100", take="club-oval-25", from_="Ben")) == "swap.take_not_in_spread"
    assert violation(state, Swap(player="Ann", give="club-x-100", take="heart-x-25", from_="Ann")) == "swap.from_self"
    assert violation(state, Swap(player="Ann", give="club-x-100", take="heart-x-25", from_="Zed")) == "swap.unknown_player"


# --- broke --------------------------------------------------------------------

def test_broke_player_takes_100_and_passes():
    """'If you're broke at the beginning of your turn, having no chips, you have the option of taking 100 chips and passing.'"""
    state = make_state(chips=(0, 300, 300))
    state = rules.apply(state, Broke(player="Ann"))
    assert state.chips == (100, 300, 300) and turn(state) == "Ben" and state.bank_paid == 100


def test_broke_is_not_doubled_and_needs_zero_chips():
    assert violation(make_state(chips=(5, 300, 295)), Broke(player="Ann")) == "broke.has_chips"
    state = rules.apply(make_state(chips=(0, 300, 300), timers_out=frozenset({"bux-1", "bux-2"})), Broke(player="Ann"))
    assert state.chips[0] == 100


# --- queries ------------------------------------------------------------------

def test_legal_actions_offer_only_unprotected_takes_and_real_sets():
    spreads = {"Ann": ("heart-x-25", "heart-oval-50", "heart-circle-100"), "Ben": ("club-x-25", "club-circle-50", "spade-x-100"), "Cat": SPREADS["Cat"]}
    actions = rules.legal_actions(make_state(spreads=spreads))
    assert actions.player == "Ann" and actions.can_draw and not actions.can_keep and not actions.can_broke
    assert actions.sellable_sets == (("heart-circle-100", "heart-oval-50", "heart-x-25"),)
    taken = {(s.from_, s.take) for s in actions.swaps}
    assert ("Ben", "spade-x-100") in taken and ("Ben", "club-x-25") not in taken
    assert all(rules.can(make_state(spreads=spreads), s) for s in actions.swaps)
    assert all(rules.can(make_state(spreads=spreads), m) for m in rules.legal_moves(make_state(spreads=spreads)))


def test_no_legal_actions_once_over():
    over = make_state(over=True)
    assert rules.legal_actions(over).player is None and rules.legal_moves(over) == ()
