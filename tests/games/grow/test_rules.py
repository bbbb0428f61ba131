"""One test per rule of the Grow Your Assets sheet (quoted in each docstring), plus the house readings."""

from __future__ import annotations

import pytest

from companion.errors import RuleViolation
from companion.games.grow import rules
from companion.games.grow.moves import Act, Break, Decline, Draw, Pick, RevealBids, Roll, Setup, Tiebreak
from companion.games.grow.state import (
    ACT, ALL_CARDS, BID, DRAW, OVER, PICK, ROLL, TIEBREAK, GrowState, Holdings, Tokens, draw_pile, phase, to_move,
)

from .conftest import REMOVED_2P, make_state, picking, play


def violation(state: GrowState, move) -> str:
    with pytest.raises(RuleViolation) as info:
        rules.apply(state, move)
    return info.value.rule


# --- Setup ------------------------------------------------------------------

@pytest.mark.parametrize("count", [1, 5])
def test_setup_takes_two_to_four_players(count):
    """The game is for 2 to 4 players."""
    names = tuple("ABCDE"[:count])
    with pytest.raises(RuleViolation) as info:
        rules.initial_state(Setup(players=names, removed=REMOVED_2P if count == 2 else ()))
    assert info.value.rule == "setup.player_count"


def test_setup_rejects_duplicate_names():
    with pytest.raises(RuleViolation) as info:
        rules.initial_state(Setup(players=("Ann", "Ann", "Ben")))
    assert info.value.rule == "setup.duplicate_player"


def test_two_players_remove_two_cards_of_each_colour():
    """'If there are two players, randomly remove two green cards, two red cards, two blue cards, and two gold cards.'"""
    state = rules.initial_state(Setup(players=("Joe", "Moe"), removed=REMOVED_2P))
    assert len(draw_pile(state)) == 48 - 8
    assert not set(REMOVED_2P) & draw_pile(state)
    for bad in ((), REMOVED_2P[:-1], REMOVED_2P[:-1] + ("green-05",)):
        with pytest.raises(RuleViolation) as info:
            rules.initial_state(Setup(players=("Joe", "Moe"), removed=bad))
        assert info.value.rule == "setup.removed"


@pytest.mark.parametrize("players", [("A", "B", "C"), ("A", "B", "C", "D")])
def test_three_or_four_players_use_the_entire_deck(players):
    """'If there are three or four players, you will use the entire deck.'"""
    assert draw_pile(rules.initial_state(Setup(players=players))) == ALL_CARDS
    with pytest.raises(RuleViolation) as info:
        rules.initial_state(Setup(players=players, removed=REMOVED_2P))
    assert info.value.rule == "setup.removed"


def test_each_player_starts_with_one_blue_and_ten_black_tokens():
    """'Give each player one blue bid token (worth five black bid tokens) and ten black bid tokens.'"""
    state = make_state()
    assert state.tokens == (Tokens(blue=1, black=10),) * 3
    assert all(t.worth == 15 for t in state.tokens)
    assert phase(state) == DRAW


# --- The blue token ---------------------------------------------------------

def test_blue_token_switches_for_five_black_at_any_point():
    """'Players may switch out their blue token for five black tokens at any point throughout the game.'"""
    rolling = play(picking(row=("green-05", "red-02", "blue-02")), Pick(player="Ann", card="green-05"))
    assert phase(rolling) == ROLL
    for state in (make_state(), make_state(row=("green-02", "red-02", "blue-02")), rolling):
        after = rules.apply(state, Break(player="Ben"))
        assert after.tokens[1] == Tokens(blue=0, black=15)
        assert phase(after) == phase(state)
        assert violation(after, Break(player="Ben")) == "break.no_blue_token"


def test_paying_breaks_the_blue_token_only_when_black_does_not_cover():
    """House reading: black tokens are paid first; the blue is switched only if needed."""
    assert rules.pay(Tokens(blue=1, black=10), 6) == Tokens(blue=1, black=4)
    assert rules.pay(Tokens(blue=1, black=1), 4) == Tokens(blue=0, black=2)
    assert rules.pay(Tokens(blue=1, black=0), 5) == Tokens(blue=0, black=0)


# --- Draw ---------------------------------------------------------------------

def test_each_round_draws_as_many_cards_as_players():
    """'Each round, draw the top number of cards from the deck matching the number of players in the game.'"""
    state = make_state()
    assert violation(state, Draw(cards=("green-01", "green-02"))) == "draw.card_count"
    assert violation(state, Draw(cards=("green-01", "green-02", "green-03", "green-04"))) == "draw.card_count"
    after = rules.apply(state, Draw(cards=("green-01", "red-01", "gold-01")))
    assert after.row == ("green-01", "red-01", "gold-01") and phase(after) == BID and after.rounds == 1


def test_draw_takes_only_cards_still_in_the_deck():
    state = make_state(("Joe", "Moe"), discard=("green-01",))
    assert violation(state, Draw(cards=("green-01", "red-01"))) == "draw.not_in_deck"
    # A card on the list of cards removed unseen counts when it turns up: another of its colour takes its place.
    after = rules.apply(state, Draw(cards=(REMOVED_2P[0], "red-01")))
    assert REMOVED_2P[0] not in after.removed and len(after.removed) == len(REMOVED_2P)
    assert violation(state, Draw(cards=("red-01", "red-01"))) == "draw.card_twice"
    assert violation(state, Draw(cards=("red-01", "nope"))) == "draw.unknown_card"


def test_no_draw_while_a_round_is_in_progress():
    state = play(make_state(), Draw(cards=("green-01", "red-01", "gold-01")))
    assert violation(state, Draw(cards=("green-02", "red-02", "gold-02"))) == "draw.wrong_phase"


def test_game_ends_when_fewer_cards_remain_than_players():
    """'If there are not enough cards for each player to select one at the end of the game, do not execute that round; the game ends.'"""
    ann = Holdings(green=("green-12",))
    two_left = make_state(holdings={"Ann": ann}, discard=tuple(sorted(ALL_CARDS - {"green-12", "red-01", "red-02"})))
    assert len(draw_pile(two_left)) == 2 and phase(two_left) == OVER and rules.is_over(two_left)
    assert violation(two_left, Draw(cards=("red-01", "red-02"))) == "draw.after_game_end"
    assert violation(two_left, Break(player="Ann")) == "break.after_game_end"
    assert rules.outcome(two_left).winners == ("Ann",)
    three_left = make_state(discard=tuple(sorted(ALL_CARDS - {"red-01", "red-02", "red-03"})))
    assert phase(three_left) == DRAW and rules.outcome(three_left) is None


def test_equal_top_scores_share_the_win():
    """House reading: the sheet names no tiebreak for the final score."""
    state = make_state(holdings={"Ann": Holdings(green=("green-02",)), "Cat": Holdings(red=(("red-06",),))},
                       discard=tuple(sorted(ALL_CARDS - {"green-02", "red-06"})))
    # Ann: green 3; Cat: red 3 + one-card stack bonus 1 = 4.
    assert rules.outcome(state).winners == ("Cat",)
    state = make_state(holdings={"Ann": Holdings(green=("green-03",)), "Cat": Holdings(red=(("red-06",),))},
                       discard=tuple(sorted(ALL_CARDS - {"green-03", "red-06"})))
    assert rules.scores(state)["Ann"]["total"] == 3 and rules.outcome(state).winners == ("Cat",)
    state = make_state(holdings={"Ann": Holdings(green=("green-04",)), "Cat": Holdings(red=(("red-06",),))},
                       discard=tuple(sorted(ALL_CARDS - {"green-04", "red-06"})))
    assert rules.outcome(state).winners == ("Ann", "Cat")


# --- Bids -------------------------------------------------------------------

def bidding(players=("Joe", "Moe"), **changes) -> GrowState:
    row = ("green-01", "red-01", "blue-01", "gold-01")[: len(players)]
    return make_state(players, row=row, rounds=1, **changes)


def test_joe_bids_three_moe_bids_five():
    """'If Joe bid three and Moe bid five, Moe would get to pick the first card and lose all five bid tokens.
    Joe would pick the second card and lose only one bid token.'"""
    state = rules.apply(bidding(), RevealBids(bids={"Joe": 3, "Moe": 5}))
    assert phase(state) == PICK and to_move(state) == "Moe"
    assert state.tokens[1].worth == 15 - 5
    assert state.tokens[0].worth == 15 - 1
    assert state.bank == 6
    state = rules.apply(state, Pick(player="Moe", card="red-01"))
    assert to_move(state) == "Joe"


@pytest.mark.parametrize("bid, pays", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (7, 3), (9, 4)])
def test_other_bidders_keep_half_rounded_up(bid, pays):
    """'Players who did not select the first card keep half of their bid (rounded up).'"""
    state = rules.apply(bidding(), RevealBids(bids={"Joe": bid, "Moe": 10}))
    assert state.tokens[0].worth == 15 - pays and state.tokens[1].worth == 5


def test_highest_bidder_pays_the_whole_bid():
    """'Whichever player bid the most gets to select the first card. They must discard all of their bid tokens.'"""
    state = rules.apply(bidding(("A", "B", "C")), RevealBids(bids={"A": 4, "B": 15, "C": 6}))
    assert state.tokens[1] == Tokens(blue=0, black=0)
    assert [s.worth for s in state.tokens] == [13, 0, 12]
    assert rules.pick_order(state) == ("B", "C", "A")


def test_bid_zero_is_allowed():
    """'If a player does not wish to bid, he/she may bid zero.'"""
    state = rules.apply(bidding(), RevealBids(bids={"Joe": 0, "Moe": 1}))
    assert [t.worth for t in state.tokens] == [15, 14]


@pytest.mark.parametrize("bids, rule", [
    ({"Joe": 16, "Moe": 1}, "bid.over_tokens"),
    ({"Joe": -1, "Moe": 1}, "bid.negative"),
    ({"Joe": 1.5, "Moe": 1}, "bid.not_integer"),
    ({"Joe": True, "Moe": 1}, "bid.not_integer"),
    ({"Joe": 1}, "bids.missing"),
    ({"Joe": 1, "Moe": 2, "Flo": 3}, "bids.unknown_player"),
])
def test_bad_bids_are_rejected(bids, rule):
    """'Players select any number of bid tokens from their pile': no more than they hold, and from everyone at once."""
    assert violation(bidding(), RevealBids(bids=bids)) == rule


def test_bid_limited_by_tokens_left():
    state = bidding(tokens=(Tokens(blue=0, black=3), Tokens()), bank=12)
    assert violation(state, RevealBids(bids={"Joe": 4, "Moe": 0})) == "bid.over_tokens"
    assert phase(rules.apply(state, RevealBids(bids={"Joe": 3, "Moe": 0}))) == PICK


def test_bids_only_while_bidding():
    assert violation(make_state(), RevealBids(bids={"Ann": 0, "Ben": 1, "Cat": 2})) == "bids.wrong_phase"


def test_tie_for_highest_bid_means_everyone_rebids():
    """'If two players tie for the highest bid, all players rebid.'"""
    state = bidding(("A", "B", "C"))
    after = rules.apply(state, RevealBids(bids={"A": 4, "B": 4, "C": 1}))
    assert phase(after) == BID and after.rebid
    assert after.tokens == state.tokens and after.bank == 0
    after = rules.apply(after, RevealBids(bids={"A": 2, "B": 5, "C": 1}))
    assert rules.pick_order(after) == ("B", "A", "C")
    assert [t.worth for t in after.tokens] == [14, 10, 15]


def test_everyone_bidding_zero_is_a_tie_for_the_highest_bid():
    """House reading: a tie at zero is still a tie for the highest bid."""
    after = rules.apply(bidding(), RevealBids(bids={"Joe": 0, "Moe": 0}))
    assert phase(after) == BID and after.rebid


def test_second_tie_for_highest_bid_is_settled_by_dice():
    """'If this occurs a second time, roll the dice to determine the tiebreaker.'"""
    state = play(bidding(("A", "B", "C")), RevealBids(bids={"A": 4, "B": 4, "C": 1}),
                 RevealBids(bids={"A": 3, "B": 1, "C": 3}))
    assert phase(state) == TIEBREAK and rules.tied_players(state) == ("A", "C")
    assert state.bank == 0, "nothing is paid before the order is settled"
    assert violation(state, Pick(player="A", card="green-01")) == "pick.wrong_phase"
    state = rules.apply(state, Tiebreak(rolls={"A": (2, 3), "C": (6, 1)}))
    assert rules.pick_order(state) == ("C", "A", "B")
    # C picks first and pays 3; A lost the dice and keeps half (pays 1); B pays 0.
    assert [t.worth for t in state.tokens] == [14, 15, 12]


def test_tie_for_a_lower_bid_is_settled_by_dice_without_a_rebid():
    """'If two players tie for any bid (other than the highest), roll the dice to determine the tiebreaker.'"""
    state = rules.apply(bidding(("A", "B", "C", "D")), RevealBids(bids={"A": 2, "B": 6, "C": 2, "D": 0}))
    assert phase(state) == TIEBREAK and not state.rebid and rules.tied_players(state) == ("A", "C")
    state = rules.apply(state, Tiebreak(rolls={"A": (1, 2), "C": (3, 3)}))
    assert rules.pick_order(state) == ("B", "C", "A", "D")
    assert [t.worth for t in state.tokens] == [14, 9, 14, 15]


def test_equal_tiebreak_totals_roll_again():
    """House reading: players whose dice totals are equal roll again among themselves."""
    state = rules.apply(bidding(("A", "B", "C", "D")), RevealBids(bids={"A": 1, "B": 6, "C": 1, "D": 1}))
    state = rules.apply(state, Tiebreak(rolls={"A": (4, 3), "C": (2, 5), "D": (1, 1)}))
    assert phase(state) == TIEBREAK and rules.tied_players(state) == ("A", "C")
    assert violation(state, Tiebreak(rolls={"A": (1, 2), "C": (1, 3), "D": (5, 5)})) == "tiebreak.players"
    state = rules.apply(state, Tiebreak(rolls={"A": (1, 2), "C": (1, 3)}))
    assert rules.pick_order(state) == ("B", "C", "A", "D")


def test_tiebreak_dice_must_be_real_dice():
    state = rules.apply(bidding(("A", "B", "C")), RevealBids(bids={"A": 1, "B": 6, "C": 1}))
    assert violation(state, Tiebreak(rolls={"A": (0, 2), "C": (1, 3)})) == "tiebreak.bad_dice"
    assert violation(state, Tiebreak(rolls={"A": (7, 2), "C": (1, 3)})) == "tiebreak.bad_dice"


def test_rebid_counts_per_round():
    """A tie for the highest bid in a later round again means a rebid first."""
    state = play(picking(("Joe", "Moe"), row=("green-02", "green-05"), rebid=True),
                 Pick(player="Joe", card="green-02"), Pick(player="Moe", card="green-05"), Roll(player="Moe", dice=(1, 2)))
    assert phase(state) == DRAW and not state.rebid and state.bids == {} and state.order == ()
    state = play(state, Draw(cards=("red-01", "red-02")), RevealBids(bids={"Joe": 2, "Moe": 2}))
    assert phase(state) == BID and state.rebid


# --- Picks --------------------------------------------------------------------

def test_players_pick_in_bid_order():
    """'Whichever player bid the next highest gets to select the second card and so on.'"""
    state = picking(order=(("Cat",), ("Ann",), ("Ben",)))
    assert violation(state, Pick(player="Ann", card="green-02")) == "pick.not_your_turn"
    state = play(state, Pick(player="Cat", card="green-02"), Pick(player="Ann", card="red-02"))
    assert to_move(state) == "Ben"
    assert violation(state, Pick(player="Ben", card="red-02")) == "pick.not_in_row"
    state = rules.apply(state, Pick(player="Ben", card="blue-02"))
    assert phase(state) == DRAW and state.row == ()
    assert state.holdings[2].green == ("green-02",) and state.holdings[0].red == (("red-02",),)


def test_red_or_blue_card_joins_a_chosen_stack_or_starts_one():
    """'Decide whether to place it in an already existing stack of the same color or create a new stack.'"""
    ann = Holdings(red=(("red-01",), ("red-03", "red-04")), blue=(("blue-03",),))
    state = picking(row=("red-02", "green-02", "blue-02"), holdings={"Ann": ann})
    joined = rules.apply(state, Pick(player="Ann", card="red-02", stack="red-04"))
    assert joined.holdings[0].red == (("red-01",), ("red-03", "red-04", "red-02"))
    new = rules.apply(state, Pick(player="Ann", card="red-02"))
    assert new.holdings[0].red == (("red-01",), ("red-03", "red-04"), ("red-02",))
    assert violation(state, Pick(player="Ann", card="red-02", stack="blue-03")) == "pick.stack_not_yours"
    assert violation(state, Pick(player="Ann", card="red-02", stack="red-12")) == "pick.stack_not_yours"


def test_green_and_gold_go_to_their_single_stack():
    """'You may place it in your green card stack (if you do not yet have one, this card begins the stack).'"""
    state = picking(row=("green-02", "gold-02", "blue-02"), holdings={"Ann": Holdings(green=("green-01",))})
    assert violation(state, Pick(player="Ann", card="green-02", stack="green-01")) == "pick.stack_not_allowed"
    state = rules.apply(state, Pick(player="Ann", card="green-02"))
    assert state.holdings[0].green == ("green-01", "green-02")
    state = rules.apply(state, Pick(player="Ben", card="gold-02"))
    assert state.holdings[1].gold == ("gold-02",)


# --- Warning rolls: green -----------------------------------------------------

def picked(card: str, *, holdings: dict | None = None) -> GrowState:
    """Ann picks `card` first in a 3-player round."""
    return rules.apply(picking(row=(card, "green-02", "green-03"), holdings=holdings), Pick(player="Ann", card=card))


def test_green_rolls_once_per_warning_and_doubles_discard():
    """Green: 'For each warning icon on the card, roll the dice. If you roll doubles, you must discard the card.'"""
    state = picked("green-09")  # two warnings
    assert state.pending.checks == ("warning", "warning")
    state = rules.apply(state, Roll(player="Ann", dice=(2, 5)))
    assert phase(state) == ROLL and "green-09" in state.holdings[0].green
    state = rules.apply(state, Roll(player="Ann", dice=(3, 3)))
    assert "green-09" not in state.holdings[0].green and state.discard == ("green-09",)
    assert to_move(state) == "Ben"


def test_green_survives_rolls_without_doubles():
    state = play(picked("green-09"), Roll(player="Ann", dice=(2, 5)), Roll(player="Ann", dice=(6, 1)))
    assert state.holdings[0].green == ("green-09",) and to_move(state) == "Ben"


def test_green_red_warning_rolls_four_times_any_doubles_discard():
    """'For a red warning icon, you must roll the dice four times. If any of those are doubles, you must discard.'"""
    state = picked("green-11")
    assert state.pending.checks == ("red",) * 4
    state = play(state, *(Roll(player="Ann", dice=(1, 2)) for _ in range(3)))
    assert phase(state) == ROLL
    lost = rules.apply(state, Roll(player="Ann", dice=(5, 5)))
    assert lost.discard == ("green-11",) and lost.holdings[0].green == ()
    kept = rules.apply(state, Roll(player="Ann", dice=(5, 4)))
    assert kept.holdings[0].green == ("green-11",) and to_move(kept) == "Ben"


def test_green_snake_eyes_discard_only_the_card():
    state = picked("green-05", holdings={"Ann": Holdings(green=("green-01",))})
    state = rules.apply(state, Roll(player="Ann", dice=(1, 1)))
    assert state.holdings[0].green == ("green-01",) and state.discard == ("green-05",)


def test_card_without_warnings_needs_no_roll():
    state = picked("green-02")
    assert state.pending is None and to_move(state) == "Ben"
    assert violation(state, Roll(player="Ben", dice=(1, 2))) == "roll.wrong_phase"


def test_roll_must_come_from_the_picker_with_real_dice():
    state = picked("green-05")
    assert violation(state, Roll(player="Ben", dice=(1, 2))) == "roll.not_your_turn"
    assert violation(state, Roll(player="Ann", dice=(0, 2))) == "roll.bad_dice"
    assert violation(state, Pick(player="Ben", card="green-02")) == "pick.wrong_phase"


# --- Warning rolls: red and blue ----------------------------------------------

STACKED = {"Ann": Holdings(blue=(("blue-02", "blue-03"),), red=(("red-02", "red-03"),))}


@pytest.mark.parametrize("card, stack", [("blue-05", "blue-02"), ("red-05", "red-02")])
def test_red_blue_warning_doubles_discard_the_card(card, stack):
    """Red and Blue: 'For each warning icon on the card, roll the dice. If you roll doubles, you must discard the card.'"""
    state = rules.apply(picking(row=(card, "green-02", "green-03"), holdings=STACKED), Pick(player="Ann", card=card, stack=stack))
    state = rules.apply(state, Roll(player="Ann", dice=(4, 4)))
    colour = card.split("-")[0]
    assert getattr(state.holdings[0], colour) == ((stack, f"{colour}-03"),)
    assert state.discard == (card,)


@pytest.mark.parametrize("card, stack", [("blue-05", "blue-02"), ("red-05", "red-02")])
def test_red_blue_warning_snake_eyes_discard_the_whole_stack(card, stack):
    """'If you roll snake eyes (double ones), you must discard the entire stack.'"""
    state = rules.apply(picking(row=(card, "green-02", "green-03"), holdings=STACKED), Pick(player="Ann", card=card, stack=stack))
    state = rules.apply(state, Roll(player="Ann", dice=(1, 1)))
    colour = card.split("-")[0]
    assert getattr(state.holdings[0], colour) == ()
    assert state.discard == (stack, f"{colour}-03", card)


@pytest.mark.parametrize("card, stack", [("blue-11", "blue-02"), ("red-11", "red-02")])
def test_red_blue_red_warning_rolls_once_and_doubles_discard_the_stack(card, stack):
    """'For each red warning icon, roll the dice (only once, unlike green cards). If you roll doubles, you must discard the entire stack.'"""
    base = rules.apply(picking(row=(card, "green-02", "green-03"), holdings=STACKED), Pick(player="Ann", card=card, stack=stack))
    assert base.pending.checks == ("red",)
    colour = card.split("-")[0]
    lost = rules.apply(base, Roll(player="Ann", dice=(3, 3)))
    assert getattr(lost.holdings[0], colour) == () and len(lost.discard) == 3
    kept = rules.apply(base, Roll(player="Ann", dice=(3, 4)))
    assert getattr(kept.holdings[0], colour) == ((stack, f"{colour}-03", card),)
    assert to_move(kept) == "Ben"


def test_losing_a_new_stack_loses_only_that_card():
    """House reading: a stack the card just started is only that card."""
    state = rules.apply(picking(row=("blue-11", "green-02", "green-03"), holdings=STACKED), Pick(player="Ann", card="blue-11"))
    state = rules.apply(state, Roll(player="Ann", dice=(2, 2)))
    assert state.holdings[0].blue == (("blue-02", "blue-03"),) and state.discard == ("blue-11",)


# --- Warning rolls: gold --------------------------------------------------------

def test_gold_warning_doubles_discard_the_card():
    """Gold: 'For each warning icon on the card, roll the dice. If you roll doubles, you must discard the card.'"""
    state = picked("gold-04", holdings={"Ann": Holdings(gold=("gold-02",))})
    lost = rules.apply(state, Roll(player="Ann", dice=(1, 1)))
    assert lost.holdings[0].gold == ("gold-02",) and lost.discard == ("gold-04",)
    kept = rules.apply(state, Roll(player="Ann", dice=(1, 6)))
    assert kept.holdings[0].gold == ("gold-02", "gold-04")


# --- Actions --------------------------------------------------------------------

def test_action_is_optional_and_comes_after_the_rolls():
    """'After you have rolled for warnings, you may perform the action ... if you wish. All of the actions are optional.'"""
    state = picked("green-01", holdings={"Ben": Holdings(green=("green-06",))})
    assert phase(state) == ACT and to_move(state) == "Ann"
    assert violation(state, Decline(player="Ben")) == "decline.not_your_turn"
    declined = rules.apply(state, Decline(player="Ann"))
    assert to_move(declined) == "Ben" and declined.holdings[1].green == ("green-06",)


def test_steal_takes_another_players_card_without_rolling_or_its_action():
    """'If you steal a card from another player, do not roll for warning icons or perform the action.'"""
    ben = Holdings(blue=(("blue-07", "blue-11"), ("blue-03",)))
    state = rules.apply(picking(row=("blue-01", "green-02", "green-03"), holdings={"Ben": ben}), Pick(player="Ann", card="blue-01"))
    assert phase(state) == ACT
    # blue-11 carries a red warning and blue-07 an action: neither applies to a stolen card.
    state = rules.apply(state, Act(player="Ann", card="blue-11", from_="Ben", stack="blue-01"))
    assert state.pending is None and to_move(state) == "Ben"
    assert state.holdings[0].blue == (("blue-01", "blue-11"),)
    assert state.holdings[1].blue == (("blue-07",), ("blue-03",))


def test_steal_rules():
    ben = Holdings(green=("green-06",), blue=(("blue-03",),))
    state = picked("green-01", holdings={"Ben": ben, "Ann": Holdings(green=("green-07",))})
    assert violation(state, Act(player="Ann", card="green-07", from_="Ann")) == "act.steal_from_self"
    assert violation(state, Act(player="Ann", card="blue-03", from_="Ben")) == "act.wrong_colour"
    assert violation(state, Act(player="Ann", card="green-09", from_="Ben")) == "act.not_held"
    assert violation(state, Act(player="Ann", card="green-06", from_="Ben", stack="green-07")) == "act.stack_not_allowed"
    assert violation(state, Act(player="Ann", card="green-06", from_="Zed")) == "act.unknown_player"
    after = rules.apply(state, Act(player="Ann", card="green-06", from_="Ben"))
    assert after.holdings[0].green == ("green-07", "green-01", "green-06") and after.holdings[1].green == ()


def test_action_is_skipped_when_there_is_nothing_to_take():
    """With no card to steal the action cannot be taken, so the engine moves straight on."""
    state = picked("green-01")
    assert state.pending is None and to_move(state) == "Ben"
    assert violation(state, Decline(player="Ann")) == "decline.wrong_phase"


def test_discarded_card_offers_no_action():
    """House reading: the action belongs to the card; a card discarded by its roll is gone."""
    ben = Holdings(red=(("red-02",),))
    state = rules.apply(picking(row=("red-07", "green-02", "green-03"), holdings={"Ben": ben, "Ann": Holdings(red=(("red-01", "red-03"),))}),
                        Pick(player="Ann", card="red-07", stack="red-01"))
    assert rules.apply(state, Roll(player="Ann", dice=(5, 5))).pending is None
    assert phase(rules.apply(state, Roll(player="Ann", dice=(5, 4)))) == ACT


def test_shift_moves_own_card_between_stacks():
    ann = Holdings(red=(("red-01", "red-03"), ("red-04",)))
    state = rules.apply(picking(row=("red-07", "green-02", "green-03"), holdings={"Ann": ann}), Pick(player="Ann", card="red-07", stack="red-04"))
    state = rules.apply(state, Roll(player="Ann", dice=(2, 3)))
    assert phase(state) == ACT
    assert violation(state, Act(player="Ann", card="red-03", from_="Ann", stack="red-01")) == "act.shift_same_stack"
    assert violation(state, Act(player="Ann", card="red-01", from_="Ben", stack="red-04")) == "act.not_held"
    moved = rules.apply(state, Act(player="Ann", card="red-03", from_="Ann", stack="red-04"))
    assert moved.holdings[0].red == (("red-01",), ("red-04", "red-07", "red-03"))
    split = rules.apply(state, Act(player="Ann", card="red-03", from_="Ann"))
    assert split.holdings[0].red == (("red-01",), ("red-04", "red-07"), ("red-03",))


def test_shift_of_a_lone_card_to_a_new_stack_is_rejected():
    ann = Holdings(blue=(("blue-03",),))
    state = rules.apply(picking(row=("blue-07", "green-02", "green-03"), holdings={"Ann": ann}), Pick(player="Ann", card="blue-07"))
    state = rules.apply(state, Roll(player="Ann", dice=(2, 3)))
    assert violation(state, Act(player="Ann", card="blue-03", from_="Ann")) == "act.shift_nothing"
    assert phase(rules.apply(state, Act(player="Ann", card="blue-03", from_="Ann", stack="blue-07"))) == PICK


def test_act_only_when_an_action_is_on_offer():
    assert violation(picking(), Act(player="Ann", card="green-01", from_="Ben")) == "act.wrong_phase"


def test_moves_after_the_game_are_rejected():
    over = make_state(discard=tuple(sorted(ALL_CARDS)))
    assert phase(over) == OVER
    for move in (Pick(player="Ann", card="green-01"), Roll(player="Ann", dice=(1, 2)), Decline(player="Ann"),
                 RevealBids(bids={"Ann": 0, "Ben": 0, "Cat": 0}), Tiebreak(rolls={})):
        assert violation(over, move).endswith("after_game_end")
    assert rules.legal_moves(over) == ()


def test_setup_line_is_only_the_first_move():
    assert violation(make_state(), Setup(players=("A", "B", "C"))) == "setup.not_first"


def test_view_for_hides_the_removed_cards():
    """Nothing hidden by the rules leaks: the cards removed unseen for two players appear only as a count."""
    import json

    state = make_state(("Joe", "Moe"))
    for viewer in (None, "Joe", "Moe"):
        text = json.dumps(rules.view_for(state, viewer))
        assert not any(card in text for card in REMOVED_2P)
        assert '"removed_count": 8' in text and '"deck_size": 40' in text


def test_next_check_tells_the_page_what_the_roll_is_for():
    state = picked("green-11")
    assert rules.next_check(state) == ("green-11", "green", "red")
    assert rules.next_check(picking()) is None
