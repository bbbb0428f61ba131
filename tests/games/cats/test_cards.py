"""Each cat card's effect and its hint-table crossing, as the deck file documents them.

The sheet names the cards and the table's surviving conditions; the effects are
the house reading (cards_printable/cats.deck.json "kinds" and "readings").
"""

from __future__ import annotations

import itertools

import pytest

from companion.errors import RuleViolation
from companion.games.cats import hints, rules
from companion.games.cats.moves import Bid, Draw, Pass, Play
from companion.games.cats.record import view_for
from companion.games.cats.state import CAT_KINDS, DECK, DRAWING, stake_state, turn
from tests.games.cats.conftest import c, n, table


def violation(state, move) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        rules.apply(state, move)
    return info.value


def numeric(hands, *, stake=1000, holder="Ann", to_move="Ben", last_bid="number", **kw):
    """A round in progress: `holder` bid `stake` with number cards, `to_move` acts."""
    names = list(hands)
    return table(hands, stake=stake, holder=names.index(holder), to_move=to_move, starter=holder, last_bid=last_bid,
                 bid_made=True, **kw)


ANN = [n(1000, 9)]
CAT = [n(5000, 8), n(1, 16)]


def test_zero_the_stake():
    """«Обнули ставку»: «кон был обнулён картой «Обнули ставку»» — the stake is zero and only number cards follow."""
    state = numeric({"Ann": ANN, "Ben": [c("zero"), n(1)], "Cat": CAT + [c("shish")]}, middle=(n(1000),))
    after = rules.apply(state, Play(player="Ben", card=c("zero")))
    assert after.stake == 0 and after.holder is None and stake_state(after) == "zero" and turn(after) == "Cat"
    assert violation(after, Play(player="Cat", card=c("shish"))).rule == "play.cat_at_zero"
    assert rules.apply(after, Bid(player="Cat", cards=(n(1, 16),))).stake == 1  # any sum opens again


def test_double_the_stake():
    """«Удвой ставку»: the stake doubles and the player holds it."""
    state = numeric({"Ann": ANN, "Ben": [c("double"), n(1)], "Cat": CAT}, middle=(n(1000),))
    after = rules.apply(state, Play(player="Ben", card=c("double")))
    assert after.stake == 2000 and after.holder == 1 and after.last_bid == "double" and c("double") in after.middle
    assert rules.legal_actions(after).min_bid == 4000


def test_cancel_the_x2_card_only_right_after_a_double():
    """«Отмени карту x2» with the condition «Предыдущая «Удвой ставку»» (the previous card was Double the stake)."""
    hands = {"Ann": ANN, "Ben": [c("double"), n(1)], "Cat": [c("cancel-double"), n(1, 16)]}
    after_double = rules.apply(numeric(hands, middle=(n(1000),)), Play(player="Ben", card=c("double")))
    after = rules.apply(after_double, Play(player="Cat", card=c("cancel-double")))
    assert after.stake == 1000 and after.holder == 2
    state = numeric(hands, to_move="Cat", middle=(n(1000),))
    assert violation(state, Play(player="Cat", card=c("cancel-double"))).rule == "play.condition.prev_double"


def test_top_up_the_lot_adds_the_top_prize_card():
    """«Пополни лот призовой картой» with «Колода «Приз» не пустая»: the Prize card joins the lot; the winner takes both."""
    state = numeric({"Ann": ANN, "Ben": [c("top-up"), n(1)], "Cat": CAT}, lot=(c("peek"),), middle=(n(1000),))
    face_down = rules.apply(state, Play(player="Ben", card=c("top-up")))  # nobody can name the face-down card
    assert face_down.lot == (c("peek"),) and face_down.lot_hidden == 1 and face_down.prize == state.prize
    error = violation(state, Play(player="Ben", card=c("random")))
    assert error.rule == "play.not_in_hand"
    after = rules.apply(state, Play(player="Ben", card=c("top-up"), turned=c("golden")))
    assert after.lot == (c("peek"), c("golden")) and c("golden") not in after.prize and after.stake == 1000 and after.holder == 1
    after = rules.apply(after, Pass(player="Cat", penalty=n(1, 16)))
    after = rules.apply(after, Pass(player="Ann", penalty=n(1000, 9)))
    assert {c("peek"), c("golden")} <= after.hands[1]


def test_top_up_needs_a_prize_card_and_works_on_gold():
    state = numeric({"Ann": ANN, "Ben": [c("top-up"), n(1)], "Cat": CAT}, prize=(), golden=True, last_bid="golden")
    assert violation(state, Play(player="Ben", card=c("top-up"), turned=c("golden"))).rule == "play.condition.prize_not_empty"
    state = numeric({"Ann": ANN, "Ben": [c("top-up"), n(1)], "Cat": CAT}, golden=True, last_bid="golden")
    after = rules.apply(state, Play(player="Ben", card=c("top-up"), turned=c("shish")))
    assert after.golden and after.holder == 1 and c("shish") in after.lot


def test_peek_at_the_lot_shows_it_to_that_player_only():
    """«Подсмотри лот» with «Лот не пустой»: the player sees the face-down lot; the shared view never does."""
    state = numeric({"Ann": ANN, "Ben": [c("peek"), n(1)], "Cat": CAT}, lot=(c("golden"),))
    after = rules.apply(state, Play(player="Ben", card=c("peek")))
    assert after.holder == 1 and after.stake == 1000
    assert view_for(after, "Ben")["lot"] == [c("golden")]
    assert "lot" not in view_for(after, "Cat") and "lot" not in view_for(after, None)
    assert c("golden") not in str(view_for(after, "Cat"))


def test_peek_needs_a_lot():
    state = numeric({"Ann": ANN, "Ben": [c("peek"), n(1)], "Cat": CAT}, lot=(), prize=(), decisive=True)
    assert violation(state, Play(player="Ben", card=c("peek"))).rule == "play.condition.lot_not_empty"


def test_random_stake_takes_the_turned_bank_cards_value_even_if_lower():
    """«Случайная ставка» with «Колода «Банк» не пустая»: the top Bank card's value is the stake."""
    state = numeric({"Ann": ANN, "Ben": [c("random"), n(1)], "Cat": CAT}, middle=(n(1000),))
    after = rules.apply(state, Play(player="Ben", card=c("random"), turned=n(1, 5)))
    assert after.stake == 1 and after.holder == 1 and n(1, 5) in after.middle and n(1, 5) not in after.bank
    assert violation(state, Play(player="Ben", card=c("random"), turned=n(1, 16))).rule == "play.turned_not_in_deck"
    empty = numeric({"Ann": ANN, "Ben": [c("random"), n(1)], "Cat": CAT}, bank=())
    assert violation(empty, Play(player="Ben", card=c("random"), turned=n(1, 5))).rule == "play.condition.bank_not_empty"


def test_golden_stake_cannot_be_beaten_by_number_cards():
    """«Золотая ставка»: the Golden column bans number cards."""
    state = numeric({"Ann": ANN, "Ben": [c("golden"), n(1)], "Cat": CAT}, middle=(n(1000),))
    after = rules.apply(state, Play(player="Ben", card=c("golden")))
    assert stake_state(after) == "golden" and after.holder == 1
    assert violation(after, Bid(player="Cat", cards=(n(5000, 8),))).rule == "bid.golden_stake"
    assert rules.legal_actions(after).can_bid is False and rules.legal_actions(after).min_bid is None


def test_cancel_the_golden_stake_only_right_after_it():
    """«Отмени золотую ставку» with «Предыдущая «Золотая ставка»»: the stake is a number again."""
    hands = {"Ann": ANN, "Ben": [c("golden"), c("top-up")], "Cat": [c("cancel-golden"), n(5000, 8)]}
    golden = rules.apply(numeric(hands, middle=(n(1000),)), Play(player="Ben", card=c("golden")))
    after = rules.apply(golden, Play(player="Cat", card=c("cancel-golden")))
    assert stake_state(after) == "numeric" and after.stake == 1000 and after.holder == 2
    # Not at a numeric stake, and not once another card followed the golden stake.
    assert violation(numeric(hands, to_move="Cat"), Play(player="Cat", card=c("cancel-golden"))).rule == "play.not_allowed"
    topped = numeric(hands, to_move="Cat", golden=True, last_bid="top-up")
    assert violation(topped, Play(player="Cat", card=c("cancel-golden"))).rule == "play.condition.prev_golden"


def test_magic_frame_up_swaps_the_lot_for_the_top_prize_card():
    """«Волшебная подстава» with «Колода «Приз» не пустая»: the lot goes under the Prize deck, its top card is the lot."""
    state = numeric({"Ann": ANN, "Ben": [c("frame-up"), n(1)], "Cat": CAT}, lot=(c("golden"),), golden=True, last_bid="golden",
                    penalties=(n(2000),), peeked=frozenset({2}))
    after = rules.apply(state, Play(player="Ben", card=c("frame-up"), turned=c("shish")))
    assert after.lot == (c("shish"),) and c("golden") in after.prize and after.penalties == (n(2000),)
    assert after.holder == 1 and after.golden and after.peeked == frozenset()
    empty = numeric({"Ann": ANN, "Ben": [c("frame-up"), n(1)], "Cat": CAT}, prize=())
    assert violation(empty, Play(player="Ben", card=c("frame-up"), turned=c("shish"))).rule == "play.condition.prize_not_empty"


def test_shish_leaves_the_round_without_a_penalty_and_still_draws():
    """«ШиШ»: nothing for the holder — the card goes to the discard instead of a penalty; its player draws 2 as a loser."""
    state = numeric({"Ann": ANN, "Ben": [c("shish"), n(1)], "Cat": CAT}, golden=True, last_bid="golden")
    after = rules.apply(state, Play(player="Ben", card=c("shish")))
    assert c("shish") in after.discard and after.penalties == () and 1 in after.passed and after.holder == 0
    after = rules.apply(after, Pass(player="Cat", penalty=n(1, 16)))
    assert after.phase == DRAWING and [after.players[s] for s in after.draws] == ["Ben", "Cat"]
    assert rules.apply(after, Draw(player="Ben", cards=(n(1, 2), n(1, 3)))).draws == (2,)


def test_a_cat_card_that_turns_nothing_refuses_a_turned_card():
    state = numeric({"Ann": ANN, "Ben": [c("double"), n(1)], "Cat": CAT})
    assert violation(state, Play(player="Ben", card=c("double"), turned=n(1, 5))).rule == "play.turned_unexpected"


def test_a_number_card_is_bid_not_played():
    state = numeric({"Ann": ANN, "Ben": [c("double"), n(1)], "Cat": CAT})
    assert violation(state, Play(player="Ben", card=n(1))).rule == "play.number_card"
    assert violation(state, Bid(player="Ben", cards=(c("double"),))).rule == "bid.cat_card"


# --- The hint table as data drives the engine --------------------------------

def _state_for(column: str, card: str, *, condition_holds: bool):
    """A state at stake `column` where `card`'s condition holds (or not), Ben to move holding it."""
    hands = {"Ann": ANN, "Ben": [card, n(1)], "Cat": CAT}
    if column == "zero":
        return table(hands, to_move="Ben")
    kw: dict = dict(golden=column == "golden")
    kw["last_bid"] = "golden" if column == "golden" else "double"
    if not condition_holds:
        kw.update(last_bid="number", lot=(), prize=(), bank=(), decisive=True)
    return numeric(hands, **kw)


@pytest.mark.parametrize("kind, column", list(itertools.product(CAT_KINDS, ("zero", "numeric", "golden"))))
def test_every_crossing_of_the_hint_table_is_enforced(kind, column):
    """«На пересечении обозначена возможность хода … или запрет, а словами — условие игры, при котором карту можно
    применить» (each crossing: allowed, banned, or allowed under a condition)."""
    cell = hints.cell(kind, column)
    card = c(kind)
    turned = {"random": n(1, 5), "top-up": c(kind, 2) if kind != "top-up" else c("zero", 2), "frame-up": c("zero", 2)}.get(kind)
    state = _state_for(column, card, condition_holds=True)
    if turned and turned.startswith("cat-"):
        state = numeric({"Ann": ANN, "Ben": [card, n(1)], "Cat": CAT}, golden=column == "golden", last_bid="number") if column != "zero" else state
    legal = rules.can(state, Play(player="Ben", card=card, turned=turned))
    assert legal == (cell.allowed and column != "zero"), (kind, column, cell)
    assert rules.is_playable(state, card) == legal
    if cell.allowed and cell.condition:
        failing = _state_for(column, card, condition_holds=False)
        assert not rules.can(failing, Play(player="Ben", card=card, turned=turned))


def test_the_surviving_conditions_are_all_used():
    """The English reading lists six surviving conditions; each must belong to some crossing of our table."""
    used = {hints.cell(k, col).condition for k in ("number", *CAT_KINDS) for col in ("zero", "numeric", "golden")}
    assert set(DECK.data["conditions"]) <= used


def test_the_table_reads_in_both_languages():
    ru, en = hints.table("ru"), hints.table("en")
    assert ru[0]["cells"]["numeric"]["condition"] == "Больше мин в 2 раза"
    assert [r["kind"] for r in ru] == [r["kind"] for r in en] == ["number", *CAT_KINDS]
    assert {r["title"] for r in ru} >= {"ШиШ", "Волшебная подстава", "Отмени карту x2"}


CHOSEN_TABLE = {
    # kind: (zero, numeric, golden); "+" allowed, "-" banned, else the condition id (reading "hint.table").
    "number": ("+", "double_stake", "-"),
    "zero": ("-", "+", "-"),
    "double": ("-", "+", "-"),
    "cancel-double": ("-", "prev_double", "-"),
    "top-up": ("-", "prize_not_empty", "prize_not_empty"),
    "peek": ("-", "lot_not_empty", "-"),
    "random": ("-", "bank_not_empty", "-"),
    "golden": ("-", "+", "-"),
    "cancel-golden": ("-", "-", "prev_golden"),
    "frame-up": ("-", "prize_not_empty", "prize_not_empty"),
    "shish": ("-", "+", "+"),
}


def test_the_deck_file_holds_the_table_we_documented():
    """docs/cats.md's table, pinned: a change to the data file must be a deliberate change to this test too."""
    for kind, expected in CHOSEN_TABLE.items():
        got = tuple("-" if not cell.allowed else (cell.condition or "+")
                    for cell in (hints.cell(kind, col) for col in ("zero", "numeric", "golden")))
        assert got == expected, kind
