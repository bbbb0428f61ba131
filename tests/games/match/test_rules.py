"""One test per rule of the blue/red match game (rule sheet: shared/rules/blue-red-match.txt)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import RuleViolation
from companion.games.match import rules
from companion.games.match.moves import Deal, Discard, DiscardWild, Draw, Layout, Match, Score, Setup, Steal, Trade
from companion.games.match.scoring import stack_totals
from companion.games.match.state import DEAL, DRAW, OVER, PLAY, SCORE, turn

from .conftest import make_state


def violation(state, move) -> str:
    with pytest.raises(RuleViolation) as info:
        rules.apply(state, move)
    return info.value.rule


def hands_for(players, start=1):
    """Return a legal basic deal: 5 blue and 5 red numbered cards per player, no card twice."""
    values = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]
    pool = {c: [f"{c}-{v}-{k}" for k in (1, 2, 3) for v in values] for c in ("blue", "red")}
    return {p: tuple(pool["blue"][5 * i: 5 * i + 5] + pool["red"][5 * i: 5 * i + 5]) for i, p in enumerate(players)}


# --- Setup and deal -------------------------------------------------------------

def test_setup_player_count():
    """The deck deals 5 of each colour to at most 5 players (house reading: 2-5 players)."""
    assert violation_setup(("Ann",)) == "setup.player_count"
    assert violation_setup(tuple("ABCDEF")) == "setup.player_count"


def violation_setup(players, dealer=None):
    with pytest.raises(RuleViolation) as info:
        rules.initial_state(Setup(players=players, dealer=dealer or players[0]))
    return info.value.rule


def test_setup_rejects_duplicate_players_and_a_stranger_dealer():
    assert violation_setup(("Ann", "Ann")) == "setup.duplicate_player"
    assert violation_setup(("Ann", "Ben"), dealer="Zed") == "setup.dealer_not_seated"


def test_deal_five_blue_and_five_red_each():
    """'A dealer shuffles each deck and distributes (clockwise) 5 blue and 5 red cards to each player.'"""
    state = rules.initial_state(Setup(players=("Ann", "Ben"), dealer="Ann"))
    hands = hands_for(("Ann", "Ben"))
    short = {**hands, "Ben": hands["Ben"][:9]}
    assert violation(state, Deal(hands=short)) == "deal.hand_size"
    dealt = rules.apply(state, Deal(hands=hands))
    assert dealt.phase == DRAW and all(len(h) == 10 for h in dealt.hands)
    assert len(dealt.decks[0]) == 20 and len(dealt.decks[1]) == 20


def test_deal_rejects_a_card_dealt_twice():
    state = rules.initial_state(Setup(players=("Ann", "Ben"), dealer="Ann"))
    hands = hands_for(("Ann", "Ben"))
    twice = {**hands, "Ben": (hands["Ann"][0],) + hands["Ben"][1:]}
    assert violation(state, Deal(hands=twice)) == "deal.card_twice"


def test_basic_game_removes_trade_steal_and_wild():
    """Basic set-up: '1. Remove "Trade", "Steal", and "Wild" cards.'"""
    state = rules.initial_state(Setup(players=("Ann", "Ben"), dealer="Ann"))
    hands = hands_for(("Ann", "Ben"))
    with_wild = {**hands, "Ann": ("blue-wild-1",) + hands["Ann"][1:]}
    assert violation(state, Deal(hands=with_wild)) == "deal.not_in_deck"
    advanced = rules.initial_state(Setup(players=("Ann", "Ben"), dealer="Ann", advanced=True))
    dealt = rules.apply(advanced, Deal(hands=with_wild))
    assert "blue-wild-2" in dealt.decks[0] and len(dealt.decks[0]) == 26


def test_player_left_of_dealer_goes_first():
    """'The player to the left of the dealer goes first.' (players are listed clockwise)"""
    state = rules.initial_state(Setup(players=("Ann", "Ben", "Cat"), dealer="Cat"))
    assert turn(rules.apply(state, Deal(hands=hands_for(("Ann", "Ben", "Cat"))))) == "Ann"


def test_deal_only_between_rounds():
    state = make_state({"Ann": ["blue-100-1"], "Ben": ["red-100-1"]})
    assert violation(state, Deal(hands=hands_for(("Ann", "Ben")))) == "deal.mid_round"


# --- Draw ------------------------------------------------------------------------

def test_draw_from_either_deck():
    """'1. Draw a blue or red card from the top of the deck OR the top card of either discard pile.'"""
    state = make_state({"Ann": ["blue-100-1"], "Ben": ["red-100-1"]}, phase=DRAW, decks=["red-500-1", "blue-500-1"])
    after = rules.apply(state, Draw(player="Ann", source="red-deck", card="red-500-1"))
    assert "red-500-1" in after.hands[0] and not after.decks[1] and after.phase == PLAY


def test_draw_only_the_top_of_a_discard_pile():
    """'... OR the top card of either discard pile.'"""
    state = make_state({"Ann": ["blue-100-1"], "Ben": ["red-100-1"]}, phase=DRAW,
                       discards={"blue": ["blue-200-1", "blue-300-1"]})
    assert violation(state, Draw(player="Ann", source="blue-discard", card="blue-200-1")) == "draw.not_top_of_discard"
    after = rules.apply(state, Draw(player="Ann", source="blue-discard", card="blue-300-1"))
    assert after.discards[0] == ("blue-200-1",) and "blue-300-1" in after.hands[0]


def test_draw_names_a_card_that_is_in_that_deck():
    state = make_state({"Ann": ["blue-100-1"], "Ben": ["red-100-1"]}, phase=DRAW, decks=["blue-500-1"])
    assert violation(state, Draw(player="Ann", source="blue-deck", card="blue-600-1")) == "draw.not_in_deck"
    assert violation(state, Draw(player="Ann", source="blue-deck", card="red-600-1")) == "draw.wrong_colour"
    assert violation(state, Draw(player="Ann", source="red-deck", card="red-600-1")) == "draw.empty_deck"


def test_draw_is_once_per_turn_and_first():
    state = make_state({"Ann": ["blue-100-1", "red-100-1"], "Ben": ["red-200-1"]}, phase=DRAW, decks=["blue-500-1"])
    assert violation(state, Match(player="Ann", cards=("blue-100-1", "red-100-1"))) == "match.draw_first"
    drawn = rules.apply(state, Draw(player="Ann", source="blue-deck", card="blue-500-1"))
    assert violation(drawn, Draw(player="Ann", source="blue-deck", card="blue-500-1")) == "draw.already_drew"


def test_only_the_player_to_move_draws():
    state = make_state({"Ann": ["blue-100-1"], "Ben": ["red-100-1"]}, phase=DRAW, decks=["blue-500-1"])
    assert violation(state, Draw(player="Ben", source="blue-deck", card="blue-500-1")) == "draw.not_your_turn"


def test_draw_is_skipped_only_when_nothing_can_be_drawn():
    state = make_state({"Ann": ["blue-100-1"], "Ben": ["red-100-1"]}, phase=DRAW, decks=["blue-500-1"])
    assert violation(state, Draw(player="Ann", source=None, card=None)) == "draw.must_draw"
    empty = make_state({"Ann": ["blue-100-1"], "Ben": ["red-100-1"]}, phase=DRAW)
    assert rules.apply(empty, Draw(player="Ann", source=None, card=None)).phase == PLAY


# --- Matches ------------------------------------------------------------------------

def test_match_needs_corresponding_values():
    """'Matches can only be created with corresponding values. - (Ex. <1000> must be matched to 1000'"""
    state = make_state({"Ann": ["blue-1000-1", "red-1000-2", "red-900-1"], "Ben": ["red-100-1"]})
    assert violation(state, Match(player="Ann", cards=("blue-1000-1", "red-900-1"))) == "match.not_corresponding"
    after = rules.apply(state, Match(player="Ann", cards=("red-1000-2", "blue-1000-1")))
    assert after.matches[0] == (("blue-1000-1", "red-1000-2"),)


def test_match_needs_a_blue_and_a_red():
    state = make_state({"Ann": ["blue-300-1", "blue-300-2", "red-100-3"], "Ben": ["red-100-1"]})
    assert violation(state, Match(player="Ann", cards=("blue-300-1", "blue-300-2"))) == "match.not_corresponding"


def test_match_cards_come_from_the_hand():
    state = make_state({"Ann": ["blue-300-1"], "Ben": ["red-300-1"]})
    assert violation(state, Match(player="Ann", cards=("blue-300-1", "red-300-1"))) == "match.not_in_hand"


def test_many_matches_a_turn_each_on_top_with_colours_swapped():
    """'You can play as many matches as you choose ... Each subsequent match is played on top of the
    previous match but you must swap the colors!' -- so the order changes the positive stack."""
    hand = ["blue-500-1", "red-500-1", "blue-200-1", "red-200-1", "blue-1000-1", "red-1000-1", "blue-700-1"]
    state = make_state({"Ann": hand, "Ben": ["red-100-1"]})
    for value in (500, 200, 1000):
        state = rules.apply(state, Match(player="Ann", cards=(f"blue-{value}-1", f"red-{value}-1")))
    assert stack_totals(state.matches[0]) == (1300, -1300)
    other = make_state({"Ann": hand, "Ben": ["red-100-1"]})
    for value in (200, 500, 1000):
        other = rules.apply(other, Match(player="Ann", cards=(f"blue-{value}-1", f"red-{value}-1")))
    assert stack_totals(other.matches[0]) == (700, -700)


def test_matches_stay_and_grow_on_later_turns():
    """'After discarding ... your matches (order) cannot change. You can only add to your matches on your future turns.'"""
    state = make_state({"Ann": ["blue-500-1", "red-500-1", "blue-100-1", "red-100-2", "blue-900-1"],
                        "Ben": ["red-100-1", "blue-200-1"]}, decks=["blue-300-1", "red-300-1"])
    state = rules.apply(state, Match(player="Ann", cards=("blue-500-1", "red-500-1")))
    state = rules.apply(state, Discard(player="Ann", card="blue-900-1"))
    state = rules.apply(state, Draw(player="Ben", source="blue-deck", card="blue-300-1"))
    state = rules.apply(state, Discard(player="Ben", card="blue-300-1"))
    state = rules.apply(state, Draw(player="Ann", source="red-deck", card="red-300-1"))
    state = rules.apply(state, Match(player="Ann", cards=("blue-100-1", "red-100-2")))
    assert state.matches[0] == (("blue-500-1", "red-500-1"), ("blue-100-1", "red-100-2"))
    assert stack_totals(state.matches[0]) == (400, -400)


def test_matching_the_last_cards_ends_the_round():
    """'The round ends when a player runs out of cards in their hand.'"""
    state = make_state({"Ann": ["blue-500-1", "red-500-1"], "Ben": ["red-100-1"]})
    after = rules.apply(state, Match(player="Ann", cards=("blue-500-1", "red-500-1")))
    assert after.phase == SCORE and turn(after) is None
    assert violation(after, Discard(player="Ann", card="blue-500-1")) == "discard.round_over"


# --- Discard and the end of a turn ---------------------------------------------------

def test_turn_ends_with_a_discard_onto_its_colours_pile_and_passes_left():
    """Step 4: 'After discarding, it is the next player's turn.'"""
    state = make_state({"Ann": ["blue-500-1", "red-700-1"], "Ben": ["red-100-1"], "Cat": ["red-200-1"]},
                       decks=["blue-100-1", "red-900-1"])
    after = rules.apply(state, Discard(player="Ann", card="red-700-1"))
    assert after.discards[1] == ("red-700-1",) and turn(after) == "Ben" and after.phase == DRAW


def test_discard_must_come_from_the_hand():
    state = make_state({"Ann": ["blue-500-1"], "Ben": ["red-100-1"]}, decks=["blue-100-1"])
    assert violation(state, Discard(player="Ann", card="red-100-1")) == "discard.not_in_hand"


def test_discarding_the_last_card_ends_the_round():
    state = make_state({"Ann": ["blue-500-1"], "Ben": ["red-100-1"]}, decks=["blue-100-1"])
    assert rules.apply(state, Discard(player="Ann", card="blue-500-1")).phase == SCORE


def test_empty_deck_refills_from_its_discard_pile_after_the_turn():
    """'If there are no cards left in the blue or red decks after a player's turn, the respective discard
    piles are reshuffled and the deck starts face down again.'"""
    state = make_state({"Ann": ["blue-500-1", "blue-600-1"], "Ben": ["red-100-1"]}, decks=["red-900-1"],
                       discards={"blue": ["blue-100-1"], "red": ["red-200-1"]})
    after = rules.apply(state, Discard(player="Ann", card="blue-600-1"))
    assert after.decks[0] == {"blue-100-1", "blue-600-1"} and after.discards[0] == ()
    assert after.decks[1] == {"red-900-1"} and after.discards[1] == ("red-200-1",)


# --- Advanced: Trade -------------------------------------------------------------------

def trade_state(**hands):
    base = {"Ann": ["blue-trade-1", "blue-300-1", "red-400-1"], "Ben": ["blue-800-1", "red-100-1"], "Cat": ["red-200-1"]}
    return make_state({**base, **hands}, advanced=True, decks=["blue-100-1"])


def test_trade_swaps_one_numbered_card_each_way():
    """Trade 2-4: 'Each discretely passes their cards in hand that match the color of the Trade card played.
    Each player picks one numbered card of the other player's to keep ... passes the rest of the cards back.'"""
    after = rules.apply(trade_state(), Trade(player="Ann", card="blue-trade-1", with_="Ben", take="blue-800-1", give="blue-300-1"))
    assert after.hands[0] == {"blue-800-1", "red-400-1"} and after.hands[1] == {"blue-300-1", "red-100-1"}
    assert after.spent[0] == {"blue-trade-1"}


def test_trade_needs_a_numbered_card_in_hand():
    """Trade 1: 'You must have a numbered card in your hand to play a Trade card.'"""
    state = trade_state(Ann=["blue-trade-1", "red-400-1", "blue-wild-1"])
    assert violation(state, Trade(player="Ann", card="blue-trade-1", with_="Ben", take="blue-800-1", give="blue-wild-1")) == "trade.no_numbered_card"


def test_trade_partner_without_a_numbered_card_is_no_trade():
    """Trade 3: 'If your target has no numbered cards, say "no trade" ... You then pick another player to trade.'"""
    state = trade_state()
    assert violation(state, Trade(player="Ann", card="blue-trade-1", with_="Cat", take="red-200-1", give="blue-300-1")) == "trade.partner_has_none"
    assert violation(state, Trade(player="Ann", card="blue-trade-1")) == "trade.partner_available"


def test_trade_with_nobody_able_is_spent():
    """Trade 4: 'If a trade is not possible from any player, go to step 5' (missing: the Trade is spent)."""
    state = trade_state(Ben=["red-100-1"])
    after = rules.apply(state, Trade(player="Ann", card="blue-trade-1"))
    assert after.hands[0] == {"blue-300-1", "red-400-1"} and after.spent[0] == {"blue-trade-1"}


def test_trade_steal_and_wild_play_only_in_the_advanced_game():
    state = replace(trade_state(), advanced=False)
    assert violation(state, Trade(player="Ann", card="blue-trade-1")) == "trade.basic_game"


# --- Advanced: Steal -------------------------------------------------------------------

def steal_state(**hands):
    base = {"Ann": ["red-steal-1", "blue-300-1"], "Ben": ["red-800-1", "red-100-1"], "Cat": ["blue-200-1"]}
    return make_state({**base, **hands}, advanced=True, decks=["red-900-1", "blue-100-1"])


def test_steal_takes_one_numbered_card_and_the_victim_draws():
    """Steal 2-4: 'The thief takes one numbered card ... After there is a steal, the victim draws from the matching color deck.'"""
    after = rules.apply(steal_state(), Steal(player="Ann", card="red-steal-1", from_="Ben", take="red-800-1", draw="red-900-1"))
    assert after.hands[0] == {"red-800-1", "blue-300-1"}
    assert after.hands[1] == {"red-100-1", "red-900-1"} and after.spent[1] == {"red-steal-1"}


def test_steal_from_a_player_without_numbered_cards_is_no_steal():
    """Steal 3: 'If the victim has no numbered cards, the thief says "no steal" ... and chooses another player.'"""
    state = steal_state()
    assert violation(state, Steal(player="Ann", card="red-steal-1", from_="Cat", take="blue-200-1", draw="red-900-1")) == "steal.victim_has_none"
    assert violation(state, Steal(player="Ann", card="red-steal-1", draw="red-900-1")) == "steal.victim_available"


def test_steal_with_no_victim_the_thief_draws():
    """Steal 4: 'If a steal is not possible from any player, the thief draws from the matching color deck.'"""
    state = steal_state(Ben=["blue-800-1"])
    after = rules.apply(state, Steal(player="Ann", card="red-steal-1", draw="red-900-1"))
    assert after.hands[0] == {"blue-300-1", "red-900-1"}


def test_steal_draw_must_come_from_its_colours_deck():
    state = steal_state()
    assert violation(state, Steal(player="Ann", card="red-steal-1", from_="Ben", take="red-800-1", draw="blue-100-1")) == "steal.draw_not_in_deck"
    assert violation(state, Steal(player="Ann", card="red-steal-1", from_="Ben", take="red-800-1")) == "steal.draw_missing"


def test_steal_discarded_normally_does_nothing_and_can_be_picked_up():
    """'You can discard Steal cards in the normal discard piles as your turn-ending discard (the color matters).
    In this case, no action would be taken ... and it can be picked up by other players.'"""
    after = rules.apply(steal_state(), Discard(player="Ann", card="red-steal-1"))
    assert after.discards[1] == ("red-steal-1",) and after.hands[1] == {"red-800-1", "red-100-1"}
    taken = rules.apply(after, Draw(player="Ben", source="red-discard", card="red-steal-1"))
    assert "red-steal-1" in taken.hands[1]


# --- Advanced: Wild -------------------------------------------------------------------

def test_wild_matches_any_numbered_card_of_the_other_colour():
    """'You can use any blue Wild card with any red numbered card and any red Wild card with any blue numbered card.'"""
    state = make_state({"Ann": ["blue-wild-1", "red-900-1", "red-wild-1", "blue-600-1", "blue-wild-2", "red-trade-1"],
                        "Ben": ["red-100-1"]}, advanced=True)
    state = rules.apply(state, Match(player="Ann", cards=("blue-600-1", "red-wild-1")))
    state = rules.apply(state, Match(player="Ann", cards=("blue-wild-1", "red-900-1")))
    assert stack_totals(state.matches[0]) == (-300, 300)
    assert violation(state, Match(player="Ann", cards=("blue-wild-2", "red-trade-1"))) == "match.not_corresponding"


def test_two_wilds_never_match():
    state = make_state({"Ann": ["blue-wild-1", "red-wild-1"], "Ben": ["red-100-1"]}, advanced=True)
    assert violation(state, Match(player="Ann", cards=("blue-wild-1", "red-wild-1"))) == "match.not_corresponding"


def test_wild_in_the_advanced_discard_pile_draws_from_its_colour():
    """'If you would like to discard a Wild card in the advanced discard pile, you must then draw from the same colored deck.'"""
    state = make_state({"Ann": ["red-wild-1", "blue-300-1"], "Ben": ["red-100-1"]}, advanced=True, decks=["red-900-1", "blue-100-1"])
    assert violation(state, DiscardWild(player="Ann", card="red-wild-1", draw="blue-100-1")) == "discard_wild.draw_not_in_deck"
    after = rules.apply(state, DiscardWild(player="Ann", card="red-wild-1", draw="red-900-1"))
    assert after.hands[0] == {"red-900-1", "blue-300-1"} and after.spent[1] == {"red-wild-1"}


# --- Rounds and the game -----------------------------------------------------------------

def layouts(**kw):
    return {p: Layout(matches=tuple(m), hand=tuple(h)) for p, (m, h) in kw.items()}


def test_score_only_after_the_round_ends():
    state = make_state({"Ann": ["blue-500-1"], "Ben": ["red-100-1"]})
    move = Score(round=1, players=layouts(Ann=([], ["blue-500-1"]), Ben=([], [])))
    assert violation(state, move) == "score.round_not_over"


def test_score_of_a_tracked_round_must_agree_with_play():
    state = make_state({"Ann": [], "Ben": ["red-100-1"]}, phase=SCORE, matches={"Ann": [("blue-500-1", "red-500-1")]})
    wrong = Score(round=1, players=layouts(Ann=([("blue-500-1", "red-500-1")], []), Ben=([], ["red-200-1"])))
    assert violation(state, wrong) == "score.disagrees"
    right = Score(round=1, players=layouts(Ann=([("red-500-1", "blue-500-1")], []), Ben=([], ["red-100-1"])))
    after = rules.apply(state, right)
    assert after.scores == ((500, -100),) and after.round == 2 and after.phase == DEAL


def test_three_rounds_then_the_highest_total_wins_and_the_deal_passes_left():
    """'Play again! Add each player's score from 3 rounds. The player with the highest score wins!'"""
    state = rules.initial_state(Setup(players=("Ann", "Ben"), dealer="Ann", advanced=True))  # few cards shown: spent Trades, Steals, Wilds
    dealers = []
    for n, (a, b) in enumerate([(500, 300), (100, 900), (700, 200)], start=1):
        dealers.append(state.players[state.dealer])
        move = Score(round=n, players=layouts(Ann=([(f"blue-{a}-1", f"red-{a}-1")], []),
                                              Ben=([(f"blue-{b}-2", f"red-{b}-2")], ["red-100-3", "blue-400-1", "blue-600-1", "blue-800-1"])))
        state = rules.apply(state, move)
    assert dealers == ["Ann", "Ben", "Ann"]
    assert state.phase == OVER and rules.outcome(state).winners == ("Ann",)
    assert rules.outcome(state).totals == (1300, 1100)
    assert violation(state, Score(round=3, players=layouts(Ann=([], []), Ben=([], [])))) == "score.after_game_end"
    with pytest.raises(RuleViolation) as info:
        rules.apply(state, Deal(hands=hands_for(("Ann", "Ben"))))
    assert info.value.rule == "deal.after_game_end" and info.value.message == "The game is over: all 3 rounds are scored."


def test_a_score_line_missing_a_player_names_the_rule_and_who_is_missing():
    """Issue 14: it said "the game is for 2 to 5 players, not 1", with no rule id."""
    from companion.games.match.record import replay
    from .conftest import lines
    record = lines({"type": "setup", "game": "match", "players": ["Ann", "Ben"], "dealer": "Ann"},
                   {"type": "score", "round": 1, "players": {"Ann": {"matches": [["blue-500-1", "red-500-1"]], "hand": []}}})
    with pytest.raises(RuleViolation) as info:
        replay(record)
    assert info.value.rule == "score.players" and info.value.line == 2
    assert info.value.message == "The result must name exactly the players Ann and Ben; Ben is missing."


def test_tied_totals_share_the_win():
    state = rules.initial_state(Setup(players=("Ann", "Ben"), dealer="Ann", advanced=True))
    for n in (1, 2, 3):
        state = rules.apply(state, Score(round=n, players=layouts(Ann=([("blue-500-1", "red-500-1")], []),
                                                                  Ben=([("blue-500-2", "red-500-2")],
                                                                       ["blue-100-1", "blue-200-1", "blue-300-1", "blue-400-1"]))))
    assert rules.outcome(state).winners == ("Ann", "Ben")


def test_score_names_the_round_being_played():
    state = rules.initial_state(Setup(players=("Ann", "Ben"), dealer="Ann"))
    assert violation(state, Score(round=2, players=layouts(Ann=([], []), Ben=([], [])))) == "score.wrong_round"


# --- The round ends wherever a hand empties (issue 14) ---------------------------------

def test_a_wild_put_away_with_no_replacement_ends_the_round_and_it_scores():
    """Reading: a Wild goes to the advanced discard with no replacement when its colour has none left.
    'The round ends when a player runs out of cards in their hand.' The round used to stay in play, refusing every line."""
    state = make_state({"Ann": ["red-wild-1"], "Ben": ["red-100-1", "blue-200-1"]}, advanced=True)
    after = rules.apply(state, DiscardWild(player="Ann", card="red-wild-1", draw=None))
    assert after.phase == SCORE and turn(after) is None
    result = Score(round=1, players={"Ann": Layout(matches=(), hand=()),
                                     "Ben": Layout(matches=(), hand=("blue-200-1", "red-100-1"))})
    scored = rules.apply(after, result)
    assert scored.phase == DEAL and scored.round == 2 and len(scored.scores) == 1


def test_a_steal_victim_who_draws_nothing_ends_the_round():
    """Steal 4: the victim draws from the matching colour deck; with the deck and its pile empty there is nothing to draw."""
    state = make_state({"Ann": ["red-steal-1", "blue-300-1"], "Ben": ["red-800-1"]}, advanced=True)
    after = rules.apply(state, Steal(player="Ann", card="red-steal-1", from_="Ben", take="red-800-1", draw=None))
    assert after.hands[1] == frozenset() and after.phase == SCORE
    assert violation(after, Draw(player="Ben", source="blue-deck", card="blue-100-1")) == "draw.round_over"
