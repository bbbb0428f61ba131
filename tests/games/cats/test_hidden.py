"""Hidden information at a real table: the secret deal, face-down lots and the winner's reveal.

The sheet: «Каждому игроку раздай по 7 карт … в закрытую»; «Подсмотри лот» (so the lot is
face down); «Победитель забирает себе содержимое лота». The companion cannot see a hand or
the lot, so the record allows a setup without hands (each player's deal line follows),
lots and turned Prize cards without a code, and the winner's reveal line naming the lot.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.errors import RuleViolation
from companion.games.wording import render
from companion.games.cats import rules
from companion.games.cats.moves import Bid, Deal, Lot, Pass, Play, Reveal, Setup
from companion.games.cats.record import move_from_json, move_to_json, replay, state_to_json, view_for, write_record
from companion.games.cats.selfplay import as_table_records, random_game
from companion.games.cats.state import (
    ALL_CARDS,
    BIDDING,
    DEAL,
    DRAWING,
    LOT,
    REVEAL,
    lot_size,
    prize_size,
    turn,
)
from tests.games.cats.conftest import c, n, table

PLAYERS = ("Ann", "Ben", "Cat")
HANDS = {
    "Ann": [n(1, 1), n(1, 2), n(1000, 1), n(1000, 2), n(2000, 1), n(2000, 2), n(5000, 1), c("zero"), c("peek")],
    "Ben": [n(1, 3), n(1, 4), n(1000, 3), n(1000, 4), n(2000, 3), n(2000, 4), n(5000, 2), c("shish"), c("random")],
    "Cat": [n(1, 5), n(1, 6), n(1000, 5), n(1000, 6), n(2000, 5), n(2000, 6), n(5000, 3), c("top-up"), c("cancel-double")],
}


def violation(state, move) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        rules.apply(state, move)
    return info.value


def secret_deal():
    return rules.initial_state(Setup(players=PLAYERS, first="Ann", hands={}))


def dealt():
    state = secret_deal()
    for name in PLAYERS:
        state = rules.apply(state, Deal(player=name, cards=tuple(HANDS[name])))
    return state


def test_setup_without_hands_waits_for_each_players_deal():
    state = secret_deal()
    assert state.phase == DEAL and turn(state) is None and state_to_json(state)["waiting_for_hands"] == list(PLAYERS)
    state = rules.apply(state, Deal(player="Ben", cards=tuple(HANDS["Ben"])))
    assert state.phase == DEAL and state_to_json(state)["waiting_for_hands"] == ["Ann", "Cat"]
    assert violation(state, Bid(player="Ann", cards=(n(1, 1),))).rule == "bid.deal_first"
    state = rules.apply(state, Deal(player="Ann", cards=tuple(HANDS["Ann"])))
    state = rules.apply(state, Deal(player="Cat", cards=tuple(HANDS["Cat"])))
    assert state.phase == LOT and prize_size(state) == 20 - 6 and len(state.bank) == 64 - 21


def test_a_deal_is_checked_like_the_setup():
    """«Каждому игроку раздай по 7 карт из колоды «Банк»»; «N-1 карт котов … кроме пар»."""
    state = rules.apply(secret_deal(), Deal(player="Ben", cards=tuple(HANDS["Ben"])))
    assert violation(state, Deal(player="Ben", cards=tuple(HANDS["Ann"]))).rule == "deal.twice"
    assert violation(state, Deal(player="Ann", cards=tuple(HANDS["Ann"][:6] + HANDS["Ann"][7:]))).rule == "setup.bank_cards"
    assert violation(state, Deal(player="Ann", cards=tuple(HANDS["Ann"][:7] + [c("zero")]))).rule == "setup.cat_cards"
    assert violation(state, Deal(player="Ann", cards=tuple(HANDS["Ann"][:8] + [c("golden")]))).rule == "setup.pair_dealt"
    taken = tuple(HANDS["Ann"][:8] + [c("shish")])  # Ben holds cat-shish-1
    error = violation(state, Deal(player="Ann", cards=taken))
    assert error.rule == "deal.card_taken" and "«ШиШ»" in render(error, "ru")
    assert violation(state, Deal(player="Dan", cards=tuple(HANDS["Ann"]))).rule == "deal.unknown_player"
    assert violation(dealt(), Deal(player="Ann", cards=tuple(HANDS["Ann"]))).rule == "deal.not_now"


def test_a_face_down_lot_counts_but_names_no_card():
    state = dealt()
    after = rules.apply(state, Lot())
    assert after.phase == BIDDING and lot_size(after) == 1 and after.lot == () and after.prize == state.prize
    assert prize_size(after) == prize_size(state) - 1
    summary = state_to_json(after)
    assert summary["lot_size"] == 1 and summary["prize_size"] == prize_size(after)


def won_by_ann():
    state = rules.apply(dealt(), Lot())
    state = rules.apply(state, Bid(player="Ann", cards=(n(1000, 1),)))
    state = rules.apply(state, Pass(player="Ben", penalty=n(1, 3)))
    return rules.apply(state, Pass(player="Cat", penalty=n(1, 5)))


def test_the_winner_of_a_face_down_lot_names_it_before_anyone_draws():
    """«Победитель забирает себе содержимое лота и штрафные карты игроков»; losers then draw 2 each."""
    state = won_by_ann()
    assert state.phase == REVEAL and turn(state) == "Ann" and {n(1, 3), n(1, 5)} <= state.hands[0]
    assert violation(state, Deal(player="Ann", cards=())).rule == "deal.not_now"
    assert violation(state, Reveal(player="Ben", cards=(c("golden"),))).rule == "reveal.not_your_turn"
    assert violation(state, Reveal(player="Ann", cards=())).rule == "reveal.count"
    assert violation(state, Reveal(player="Ann", cards=(n(1000, 9),))).rule == "reveal.not_a_cat"
    assert violation(state, Reveal(player="Ann", cards=(c("shish"),))).rule == "reveal.card_seen"  # Ben holds it
    assert violation(state, Bid(player="Ann", cards=(n(1, 1),))).rule == "bid.reveal_first"
    after = rules.apply(state, Reveal(player="Ann", cards=(c("golden"),)))
    assert c("golden") in after.hands[0] and c("golden") not in after.prize and after.lot_hidden == 0
    assert after.phase == DRAWING and turn(after) == "Ben"


def test_no_winner_sends_the_unnamed_lot_to_the_discard_pile_unnamed():
    """«Тогда в раунде нет победителя, содержимое лота уходит в сброс в закрытую»."""
    state = rules.apply(dealt(), Lot())
    before = prize_size(state)
    for name, card in (("Ann", n(1, 1)), ("Ben", n(1, 3)), ("Cat", n(1, 5))):
        state = rules.apply(state, Pass(player=name, penalty=card))
    assert state.phase == LOT and state.discard_hidden == 1 and lot_size(state) == 0 and prize_size(state) == before


def test_face_down_top_up_and_frame_up():
    """«Пополни лот» adds an unnamed Prize card; «Волшебная подстава» puts the lot under the deck and lays a new one."""
    hands = {"Ann": [n(1000, 1)], "Ben": [c("top-up"), c("frame-up"), n(1)], "Cat": [n(1, 16)]}
    state = table(hands, to_move="Ben", lot=(c("peek"),), middle=(n(1000, 2),), stake=1000, holder=0, last_bid="number",
                  bid_made=True)
    topped = rules.apply(state, Play(player="Ben", card=c("top-up")))
    assert topped.lot == (c("peek"),) and topped.lot_hidden == 1 and prize_size(topped) == prize_size(state) - 1
    framed = rules.apply(state, Play(player="Ben", card=c("frame-up")))
    assert framed.lot == () and framed.lot_hidden == 1 and c("peek") in framed.prize
    assert prize_size(framed) == prize_size(state)  # one card under the deck, one laid from it


def test_reveal_and_deal_lines_round_trip():
    for line in ({"type": "deal", "player": "Ann", "cards": HANDS["Ann"]}, {"type": "reveal", "player": "Ann", "cards": [c("golden")]},
                 {"type": "lot"}, {"type": "setup", "game": "cats", "players": list(PLAYERS), "first": "Ann"},
                 {"type": "play", "player": "Ben", "card": c("top-up")}):
        first = line["type"] == "setup"
        assert move_to_json(move_from_json(line, first=first)) == line


def test_the_shared_summary_of_a_hidden_game_names_no_hand_card():
    state = won_by_ann()
    text = str(state_to_json(state))
    assert not any(card in text for hand in state.hands for card in hand)
    mine = view_for(state, "Ann")
    assert sorted(mine["hand"]) == sorted(state.hands[0]) and mine["may"]["reveal"] == 1
    assert not any(card in str(mine) for card in state.hands[1] | state.hands[2])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.integers(min_value=2, max_value=4))
@example(seed=554068, players=3)  # a «Magic frame-up» that ends its round: the winner takes the new lot, not the old one
def test_a_table_record_replays_to_the_same_hands_as_the_full_record(seed, players):
    moves = random_game(seed, players)
    full = replay(write_record(moves).splitlines())
    hidden_moves = as_table_records(moves)
    hidden = replay(write_record(hidden_moves).splitlines())
    assert hidden.hands == full.hands and hidden.phase == full.phase and hidden.winner == full.winner
    assert hidden.out == full.out and hidden.bank == full.bank
    places = [*hidden.hands, hidden.bank, hidden.prize, hidden.discard, set(hidden.lot), set(hidden.penalties), set(hidden.middle)]
    assert frozenset().union(*places) == ALL_CARDS
