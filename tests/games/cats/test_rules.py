"""One test per rule of the cat auction's sheet (cat-auction-ru.txt), each quoting it."""

from __future__ import annotations

import pytest

from companion.errors import RuleViolation
from companion.games.wording import render
from companion.games.cats import rules
from companion.games.cats.moves import Bid, Draw, Lot, Pass, Play, Setup
from companion.games.cats.state import (
    BIDDING,
    CAT_CARDS,
    DRAWING,
    KIND,
    LOT,
    NOT_DEALT,
    NUMBER_CARDS,
    OVER,
    VALUE,
    stake_state,
    turn,
)
from tests.games.cats.conftest import c, n, table

DEALABLE = [x for x in CAT_CARDS if KIND[x] not in NOT_DEALT]


def deal(players=("Ann", "Ben", "Cat"), first="Ann", cats_each=None):
    """Return a legal Setup: 7 Bank cards each in code order, N-1 dealable cats each."""
    k = len(players) - 1 if cats_each is None else cats_each
    return Setup(players=tuple(players), first=first, hands={
        p: tuple(NUMBER_CARDS[7 * i:7 * i + 7]) + tuple(DEALABLE[k * i:k * i + k]) for i, p in enumerate(players)})


def violation(state, move) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        rules.apply(state, move)
    return info.value


# --- Setup -------------------------------------------------------------------

def test_setup_deals_seven_bank_cards_and_n_minus_1_cats_and_waits_for_the_lot():
    """«Каждому игроку раздай по 7 карт из колоды «Банк» … Каждому из N игроков раздайте по N-1 карт котов»
    (Deal 7 Bank cards to each player; deal each of N players N-1 cat cards.)"""
    state = rules.initial_state(deal())
    assert [len(h) for h in state.hands] == [9, 9, 9]
    assert len(state.bank) == 64 - 21 and len(state.prize) == 20 - 6
    assert state.phase == LOT and turn(state) is None and state.players[state.starter] == "Ann"


@pytest.mark.parametrize("players", [("Ann", "Ben"), ("Ann", "Ben", "Cat", "Dan")])
def test_setup_accepts_two_to_four_players(players):
    assert len(rules.initial_state(deal(players)).players) == len(players)


@pytest.mark.parametrize("players", [("Ann",), ("Ann", "Ben", "Cat", "Dan", "Eve")])
def test_setup_rejects_player_counts_the_prize_deck_cannot_deal(players):
    """N players need N×(N-1) dealable cats; only 14 are dealable (reading "players")."""
    hands = {p: tuple(NUMBER_CARDS[7 * i:7 * i + 7]) for i, p in enumerate(players)}
    assert violation_of_setup(Setup(players=players, first="Ann", hands=hands)).rule == "setup.player_count"


def violation_of_setup(move) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        rules.initial_state(move)
    return info.value


def test_setup_rejects_a_hand_without_seven_bank_cards():
    move = deal()
    move.hands["Ben"] = move.hands["Ben"][1:]
    assert violation_of_setup(move).rule == "setup.bank_cards"


def test_setup_rejects_the_wrong_number_of_cat_cards():
    assert violation_of_setup(deal(cats_each=1)).rule == "setup.cat_cards"


@pytest.mark.parametrize("kind", ["double", "golden", "frame-up"])
def test_setup_never_deals_the_three_pairs(kind):
    """«… но кроме пар карт «Удвой ставку», «Золотая ставка» и «Волшебная подстава»» (but not those pairs)."""
    move = deal()
    move.hands["Cat"] = move.hands["Cat"][:-1] + (c(kind),)
    error = violation_of_setup(move)
    assert error.rule == "setup.pair_dealt" and "не раздают" in render(error, "ru")


def test_setup_rejects_a_card_dealt_twice_and_a_stranger_moving_first():
    move = deal()
    move.hands["Ben"] = (move.hands["Ann"][0],) + move.hands["Ben"][1:]
    assert violation_of_setup(move).rule == "setup.card_twice"
    assert violation_of_setup(deal(first="Zed")).rule == "setup.first_not_seated"


# --- The lot and the decisive round -----------------------------------------

def test_lot_is_the_top_prize_card_and_the_starter_bids_first():
    """«Если колода «Приз» не пустая, то первая верхняя карта из колоды устанавливается в качестве лота»
    (If the Prize deck is not empty, its top card becomes the lot.)"""
    state = rules.initial_state(deal(first="Ben"))
    card = sorted(state.prize)[0]
    after = rules.apply(state, Lot(card=card))
    assert after.lot == (card,) and card not in after.prize and after.phase == BIDDING and turn(after) == "Ben"


def test_lot_must_come_from_the_prize_deck():
    state = rules.initial_state(deal())
    in_hand = deal().hands["Ann"][-1]
    assert violation(state, Lot(card=in_hand)).rule == "lot.not_in_prize"
    bidding = rules.apply(state, Lot(card=sorted(state.prize)[0]))
    assert violation(bidding, Lot(card=sorted(bidding.prize)[0])).rule == "lot.not_now"


def test_empty_prize_deck_starts_the_decisive_round_without_a_lot():
    """«Если колода «Приз» пустая — решающий раунд (без лота), который определит победителя игры»
    (If the Prize deck is empty: the decisive round, with no lot, decides the game.)"""
    state = table({"Ann": [n(1000)], "Ben": [n(1000, 2), c("zero")]}, lot=(c("peek"),), prize=())
    state = rules.apply(state, Bid(player="Ann", cards=(n(1000),)))
    state = rules.apply(state, Pass(player="Ben", penalty=c("zero")))
    # Ann won an ordinary round; Ben passed after the bid so draws 2, then the decisive round starts.
    assert state.phase == DRAWING
    state = rules.apply(state, Draw(player="Ben", cards=(n(1, 1), n(1, 2))))
    assert state.phase == BIDDING and state.decisive and state.lot == () and turn(state) == "Ann"


# --- Bidding -----------------------------------------------------------------

def test_zero_stake_takes_any_number_of_number_cards():
    """«Если ставка нулевая …, то игрок может ходить только с числовых карт любым количеством»
    (At a zero stake a player may only lay number cards, any number of them.)"""
    state = table({"Ann": [n(1), n(1, 2), n(5000)], "Ben": [n(1000)]})
    after = rules.apply(state, Bid(player="Ann", cards=(n(1), n(1, 2), n(5000))))
    assert after.stake == 5002 and after.holder == 0 and stake_state(after) == "numeric" and turn(after) == "Ben"


def test_a_round_cannot_be_opened_with_a_cat_card():
    """«Начать ходить с карты котика НЕЛЬЗЯ!» (A round can NOT be opened with a cat card.)"""
    state = table({"Ann": [n(1), c("shish"), c("zero")], "Ben": [n(1000)]})
    assert violation(state, Play(player="Ann", card=c("shish"))).rule == "play.cat_at_zero"
    assert violation(state, Bid(player="Ann", cards=(c("zero"),))).rule == "bid.open_with_cat"


def test_non_zero_stake_needs_number_cards_worth_at_least_twice():
    """«Если на кону ненулевая ставка, то игрок может выложить набор из числовых карт с увеличением
    текущей ставки минимум в 2 раза» (At a non-zero stake, number cards raising it to at least 2×.)"""
    ben = [n(1000, 2), n(1000, 4), n(1, 1), n(1, 2)]
    state = table({"Ann": [n(1000)], "Ben": ben, "Cat": [n(2000)]}, stake=1001, holder=0,
                  to_move="Ben", last_bid="number", bid_made=True, middle=(n(1, 3), n(1000, 3)))
    error = violation(state, Bid(player="Ben", cards=tuple(ben[:3])))
    assert error.rule == "bid.too_low" and "2002" in error.message and "2002" in render(error, "ru")
    after = rules.apply(state, Bid(player="Ben", cards=tuple(ben)))
    # The new set alone is the stake; the cards laid before do not add to it.
    assert after.stake == 2002 and after.holder == 1 and after.middle[-4:] == tuple(ben)


def test_exactly_twice_the_stake_is_enough():
    state = table({"Ann": [n(1000)], "Ben": [n(2000)]}, stake=1000, holder=0, to_move="Ben", last_bid="number", bid_made=True)
    assert rules.apply(state, Bid(player="Ben", cards=(n(2000),))).stake == 2000


def test_bid_cards_must_be_in_the_bidders_hand():
    state = table({"Ann": [n(1000)], "Ben": [n(2000)]})
    assert violation(state, Bid(player="Ann", cards=(n(2000),))).rule == "bid.not_in_hand"
    assert violation(state, Bid(player="Ann", cards=())).rule == "bid.no_cards"
    assert violation(state, Bid(player="Ann", cards=(n(1000), n(1000)))).rule == "bid.card_twice"


def test_only_the_player_to_move_may_act():
    """«Ход передается, согласно очередности» (Turns pass in order.)"""
    state = table({"Ann": [n(1000)], "Ben": [n(2000)]})
    error = violation(state, Bid(player="Ben", cards=(n(2000),)))
    assert error.rule == "bid.not_your_turn" and "Ann" in render(error, "ru")
    assert violation(state, Pass(player="Zed", penalty=n(2000))).rule == "pass.unknown_player"


def test_pass_puts_one_card_of_the_players_choice_into_the_lot():
    """«… сбросить 1 любую из своих карт на выбор в качестве штрафа (пас) в лот — отдать её победителю»
    (Passing: put any 1 of your cards into the lot as a penalty; it goes to the winner.)"""
    state = table({"Ann": [n(1000)], "Ben": [n(2000), c("peek")], "Cat": [n(5000)]}, stake=1000, holder=0, to_move="Ben",
                  last_bid="number", bid_made=True, middle=(n(1000, 2),))
    after = rules.apply(state, Pass(player="Ben", penalty=c("peek")))
    assert after.penalties == (c("peek"),) and c("peek") not in after.hands[1] and 1 in after.passed and turn(after) == "Cat"
    assert violation(state, Pass(player="Ben", penalty=n(5000))).rule == "pass.not_in_hand"


def test_a_player_who_can_neither_bid_nor_pay_is_out():
    """«Игрок, который не смог в свой ход сделать ставку, или заплатить штраф, выбывает из игры!»
    (A player who on their turn can neither bid nor pay a penalty is out of the game.)"""
    state = table({"Ann": [n(1000)], "Ben": [], "Cat": [n(5000), n(1)]})
    after = rules.apply(state, Bid(player="Ann", cards=(n(1000),)))
    assert 1 in after.out and turn(after) == "Cat"
    error = violation(after, Pass(player="Ben", penalty=n(1)))
    assert error.rule == "pass.player_out"


def test_players_out_never_come_back_nor_draw():
    state = table({"Ann": [n(1000)], "Ben": [], "Cat": [n(1)], "Dan": [n(1, 2)]}, out=frozenset({1}))
    state = rules.apply(state, Bid(player="Ann", cards=(n(1000),)))
    state = rules.apply(state, Pass(player="Cat", penalty=n(1)))
    state = rules.apply(state, Pass(player="Dan", penalty=n(1, 2)))
    assert 1 in state.out and [state.players[s] for s in state.draws] == ["Cat", "Dan"]


# --- End of a round ------------------------------------------------------------

def won_round():
    """Ann starts; Ben passes before any bid; Cat bids 1000; Dan passes; Ann passes; Cat wins."""
    state = table({"Ann": [n(1), n(1000, 2)], "Ben": [n(2000), c("peek")], "Cat": [n(1000), n(5000)], "Dan": [c("zero"), n(1, 2)]},
                  lot=(c("shish"),))
    state = rules.apply(state, Pass(player="Ann", penalty=n(1)))  # before the first bid
    state = rules.apply(state, Pass(player="Ben", penalty=c("peek")))  # before the first bid
    state = rules.apply(state, Bid(player="Cat", cards=(n(1000),)))
    state = rules.apply(state, Pass(player="Dan", penalty=c("zero")))
    return state


def test_last_stake_holder_wins_the_lot_and_the_penalties():
    """«Если один игрок сделал ненулевую ставку …, а все остальные игроки отказались от хода — он считается
    победителем. Победитель забирает себе содержимое лота и штрафные карты игроков» (The one bidder left wins the
    lot and the penalty cards.)"""
    state = won_round()
    assert state.hands[2] == {n(5000), c("shish"), n(1), c("peek"), c("zero")}
    assert state.lot == () and state.penalties == () and state.last_round == "won by Cat"


def test_bid_cards_go_to_the_discard_pile():
    """«Все карты ставок на кону уходят в сброс» (All bid cards go to the discard pile.)"""
    state = won_round()
    assert n(1000) in state.discard and state.middle == ()


def test_losers_draw_two_in_order_from_the_starter_except_early_passers():
    """«Проигравшие … берут по 2 карты из колоды «Банк» … начиная с игрока начинавшего текущий раунд. *Но кроме
    игроков, которые отказались от хода до первой ставки» (Losers draw 2 Bank cards each from the round's starter on,
    except players who passed before the first bid.)"""
    state = won_round()
    assert state.phase == DRAWING and [state.players[s] for s in state.draws] == ["Dan"]
    assert violation(state, Draw(player="Dan", cards=(n(2000, 5),))).rule == "draw.count"
    assert violation(state, Draw(player="Dan", cards=(n(2000, 5), n(1000)))).rule == "draw.not_in_bank"
    assert violation(state, Lot(card=c("golden"))).rule == "lot.not_now"
    after = rules.apply(state, Draw(player="Dan", cards=(n(2000, 5), n(2000, 6))))
    assert after.hands[3] == {n(1, 2), n(2000, 5), n(2000, 6)} and after.phase == LOT


def test_draw_order_starts_with_the_round_starter():
    state = table({"Ann": [n(1), n(1000)], "Ben": [n(2000), n(1, 2)], "Cat": [n(5000), n(1, 3)]}, to_move="Ben", starter="Ben")
    state = rules.apply(state, Bid(player="Ben", cards=(n(1, 2),)))
    state = rules.apply(state, Pass(player="Cat", penalty=n(1, 3)))
    state = rules.apply(state, Bid(player="Ann", cards=(n(1000),)))
    state = rules.apply(state, Pass(player="Ben", penalty=n(2000)))
    assert [state.players[s] for s in state.draws] == ["Ben", "Cat"]
    assert violation(state, Draw(player="Cat", cards=(n(1, 5), n(1, 6)))).rule == "draw.not_your_turn"


def test_draws_stop_when_the_bank_runs_out():
    """«берут по 2 карты из колоды «Банк» (пока не пусто)» (draw 2 each while the Bank is not empty.)"""
    state = table({"Ann": [n(1)], "Ben": [n(2000), n(1, 2)], "Cat": [n(5000), n(1, 3)]}, bank=[n(1000, 9), n(1000, 8), n(1000, 7)])
    state = rules.apply(state, Bid(player="Ann", cards=(n(1),)))
    state = rules.apply(state, Pass(player="Ben", penalty=n(1, 2)))
    state = rules.apply(state, Pass(player="Cat", penalty=n(1, 3)))
    state = rules.apply(state, Draw(player="Ben", cards=(n(1000, 9), n(1000, 8))))
    assert turn(state) == "Cat" and rules.legal_actions(state).draw_count == 1
    state = rules.apply(state, Draw(player="Cat", cards=(n(1000, 7),)))
    assert state.bank == frozenset() and state.phase == LOT


def test_the_winner_starts_the_next_round():
    """«Право первого хода в новом раунде остаётся за победителем» (The winner moves first next round.)"""
    state = rules.apply(won_round(), Draw(player="Dan", cards=(n(2000, 5), n(2000, 6))))
    state = rules.apply(state, Lot(card=c("golden")))
    assert turn(state) == "Cat"


def test_no_bid_round_discards_the_lot_and_penalties_and_nobody_draws():
    """«Тогда в раунде нет победителя, содержимое лота уходит в сброс в закрытую … Все игроки сбрасывают по 1
    штрафной карте в сброс и никто не получает 2 карты из банка. Право первого хода в новом раунде передаётся …
    следующему игроку, относительно начинавшего текущий раунд» (No winner: the lot is discarded face down, every
    player discards one penalty card, nobody draws, the player after this round's starter starts the next.)"""
    state = table({"Ann": [n(1), n(1, 2)], "Ben": [n(2000), c("peek")], "Cat": [n(1000), n(5000)]}, lot=(c("shish"),), to_move="Ben", starter="Ben")
    state = rules.apply(state, Pass(player="Ben", penalty=c("peek")))
    state = rules.apply(state, Pass(player="Cat", penalty=n(1000)))
    state = rules.apply(state, Pass(player="Ann", penalty=n(1)))
    assert {c("shish"), c("peek"), n(1000), n(1)} <= state.discard
    assert state.last_round == "no winner" and state.phase == LOT and state.draws == ()
    assert [len(h) for h in state.hands] == [1, 1, 1]
    state = rules.apply(state, Lot(card=c("golden")))
    assert turn(state) == "Cat"


def test_zeroed_stake_that_nobody_reopens_is_a_no_bid_round():
    """Reading "round.no_bid": everyone passed and nobody holds a stake."""
    state = table({"Ann": [n(1), n(1, 2)], "Ben": [c("zero"), n(1, 3)]})
    state = rules.apply(state, Bid(player="Ann", cards=(n(1),)))
    state = rules.apply(state, Play(player="Ben", card=c("zero")))
    state = rules.apply(state, Pass(player="Ann", penalty=n(1, 2)))
    assert turn(state) == "Ben" and state.holder is None
    state = rules.apply(state, Pass(player="Ben", penalty=n(1, 3)))
    assert state.last_round == "no winner" and {n(1), c("zero"), n(1, 2), n(1, 3)} <= state.discard


# --- The game's winner ---------------------------------------------------------

def test_winning_the_decisive_round_wins_the_game():
    """«… победить в решающем раунде» (Goal: win the decisive round.)"""
    state = table({"Ann": [n(1), n(5000)], "Ben": [n(2000)]}, lot=(), prize=(), decisive=True)
    state = rules.apply(state, Bid(player="Ann", cards=(n(1),)))
    state = rules.apply(state, Pass(player="Ben", penalty=n(2000)))
    assert rules.is_over(state) and state.phase == OVER
    assert rules.outcome(state).winners == ("Ann",) and "decisive" in rules.outcome(state).reason
    assert violation(state, Bid(player="Ann", cards=(n(5000),))).rule == "bid.after_game_end"
    late = violation(state, Lot(card=None))  # issue 14: it said "not waiting for a lot"
    assert (late.rule, late.message, render(late, "ru")) == ("lot.after_game_end", "The game is over.", "Игра окончена.")


def test_messages_count_and_name_in_english():
    """Issue 14: "1 cat cards", "draws 1 cards", "it is 'A''s turn"."""
    state = table({"Ann": [n(1), n(5000)], "Ben": [n(2000)]}, to_move="Ann")
    assert violation(state, Bid(player="Ben", cards=(n(2000),))).message == "It is Ann's turn, not Ben's."
    message = violation_of_setup(deal(("Ann", "Ben"), cats_each=2)).message
    assert "each is dealt 1 cat card;" in message, message


def test_no_bid_decisive_round_is_played_again_by_the_next_player():
    state = table({"Ann": [n(1), n(5000)], "Ben": [n(2000), n(1000)]}, lot=(), prize=(), decisive=True)
    state = rules.apply(state, Pass(player="Ann", penalty=n(1)))
    state = rules.apply(state, Pass(player="Ben", penalty=n(1000)))
    assert state.decisive and state.phase == BIDDING and turn(state) == "Ben" and not rules.is_over(state)


def test_the_last_player_left_in_the_game_wins():
    """«Или заставить соперников выйти из игры в процессе торгов» (Or force the rivals out during the auctions.)"""
    state = table({"Ann": [n(1000)], "Ben": []})
    state = rules.apply(state, Bid(player="Ann", cards=(n(1000),)))
    assert rules.is_over(state) and rules.outcome(state).winners == ("Ann",)
    assert rules.outcome(state).reason == "the last player left in the game"


def test_apply_refuses_a_second_setup():
    state = rules.initial_state(deal())
    assert violation(state, deal()).rule == "setup.not_first"


def test_every_violation_has_a_russian_text():
    state = table({"Ann": [n(1000)], "Ben": [n(2000)]})
    for move in (Bid(player="Ben", cards=(n(2000),)), Play(player="Ann", card=c("zero")), Pass(player="Ann", penalty=n(5000)),
                 Lot(card=c("golden")), Draw(player="Ann", cards=())):
        error = violation(state, move)
        assert any("а" <= ch <= "я" for ch in render(error, "ru").lower()), error.rule
        assert render(error, "en") == error.message


def test_value_table_matches_the_sheet():
    """«1, 1000, 2000 или 5000»: the four face values, 64 number cards in all."""
    assert sorted(set(VALUE.values())) == [1, 1000, 2000, 5000] and len(NUMBER_CARDS) == 64 and len(CAT_CARDS) == 20
