"""The cat auction's table reader (companion/games/cats/table/interpret.py): settled table views in, proposals and attention out.

Views are TableSnapshots as the tracker makes them (code -> zone, code -> table mm).
The whole-game test lays each view out with the demo's own stage directions
(stage.py), so what the demo films is what these tests read.
"""

from __future__ import annotations

import json
from types import MappingProxyType

import pytest

from companion.games.cats import rules
from companion.games.cats.moves import Bid, Deal, Lot, Pass, Play, Setup
from companion.games.cats.record import move_to_json
from companion.games.cats.selfplay import as_table_records, random_game
from companion.games.cats.table.interpret import CatsInterpreter, reading_order
from companion.games.cats.table.messages import MESSAGES, W
from companion.games.cats.table.stage import SCRIPT, stake_placements
from companion.table.layouts import layout_for
from companion.table.outputs import Attention, Cleared, Proposal, default_seats
from companion.tracker.fusion import TableSnapshot

PLAYERS = ("Ann", "Ben")
SEATS = default_seats(PLAYERS)
HANDS = {
    "Ann": ("bank-1-01", "bank-1000-01", "bank-1000-02", "bank-2000-01", "bank-5000-01", "bank-1-02", "bank-1000-03",
            "cat-zero-1"),
    "Ben": ("bank-1-03", "bank-1000-04", "bank-1000-05", "bank-2000-02", "bank-5000-02", "bank-1-04", "bank-1000-06",
            "cat-random-1"),
}
LAYOUT = layout_for("cats")


def view(t: float, cards: dict[str, str | None], stake: list[str] = (), settled: bool = True) -> TableSnapshot:
    """A settled table: the stake's cards laid as the demo lays them, plus other code -> zone."""
    placed = {p.code: p.centre_mm for p in stake_placements(LAYOUT, list(stake))}
    zones = {**{c: "stake" for c in stake}, **cards}
    return TableSnapshot(time=t, cards=MappingProxyType(zones), settled=settled, positions=MappingProxyType(placed))


def play(*moves):
    state = rules.initial_state(Setup(players=PLAYERS, first="Ann", hands={}))
    for move in (Deal(player="Ann", cards=HANDS["Ann"]), Deal(player="Ben", cards=HANDS["Ben"]), Lot(), *moves):
        state = rules.apply(state, move)
    return state


def zone_of(point) -> str | None:
    """The zone whose rectangle holds a card centre (the demo lays every card well inside one)."""
    return next((z.name for z in LAYOUT.zones if z.rect[0] <= point[0] <= z.rect[2] and z.rect[1] <= point[1] <= z.rect[3]), None)


def proposals(out):
    return [o.line for o in out if isinstance(o, Proposal)]


def test_a_bid_is_proposed_once_still_for_the_player_to_move_in_the_order_laid():
    reader, state = CatsInterpreter(SEATS), play()
    stake = ["bank-1000-02", "bank-1-01"]
    assert reader.observe([view(1.0, {}, stake)], state) == []  # just laid: wait for the hand to be done
    assert reader.observe([view(1.5, {}, stake, settled=False)], state) == []
    out = reader.observe([view(2.5, {}, stake)], state)
    assert proposals(out) == [{"type": "bid", "player": "Ann", "cards": ["bank-1000-02", "bank-1-01"]}]
    assert out[0].say["id"] == "camera.bid" and out[0].say["params"]["value"] == 1001 and not out[0].confirm
    assert reader.tick(state, 3.0) == []  # proposed once per game state


def test_a_read_copy_stands_for_a_copy_of_its_value_in_the_hand():
    reader, state = CatsInterpreter(SEATS, still_s=0.0), play()
    assert proposals(reader.observe([view(1.0, {}, ["bank-1000-05"])], state)) == [
        {"type": "bid", "player": "Ann", "cards": ["bank-1000-01"]}]


def test_a_cat_card_and_a_random_stake_with_its_bank_card_are_plays():
    state = play(Bid(player="Ann", cards=("bank-1000-01",)))
    reader = CatsInterpreter(SEATS, still_s=0.0)
    assert reader.observe([view(1.0, {}, ["bank-1000-01", "cat-random-1"])], state) == []  # waits for the Bank card
    bank = sorted(state.bank)[0]
    out = reader.observe([view(2.0, {}, ["bank-1000-01", "cat-random-1", bank])], state)
    assert proposals(out) == [{"type": "play", "player": "Ben", "card": "cat-random-1", "turned": bank}]
    after = rules.apply(state, Play(player="Ben", card="cat-random-1", turned=bank))
    out = reader.observe([view(3.0, {}, ["bank-1000-01", "cat-random-1", bank, "cat-zero-1"])], after)
    assert proposals(out) == [{"type": "play", "player": "Ann", "card": "cat-zero-1"}]


def test_a_lone_random_stake_is_raised_after_the_grace_and_cleared_when_its_bank_card_comes():
    state = play(Bid(player="Ann", cards=("bank-1000-01",)))
    reader = CatsInterpreter(SEATS, still_s=0.0)
    stake = ["bank-1000-01", "cat-random-1"]
    assert reader.observe([view(1.0, {}, stake)], state) == []
    raised = reader.observe([view(6.0, {}, stake)], state)
    assert [o.say["id"] for o in raised] == ["camera.random_waits"] and raised[0].players == ("Ben",)
    bank = sorted(state.bank)[0]
    out = reader.observe([view(7.0, {}, stake + [bank])], state)
    assert Cleared(raised[0].key) in out and proposals(out)


@pytest.mark.parametrize("opening, laid", [
    ("bank-5000-01", "bank-1000-04"),  # too low: at least twice the stake
    ("bank-1000-01", "cat-zero-2"),  # a «Zero the stake» Ben does not hold
])
def test_a_move_the_rules_refuse_is_raised_in_one_sentence_never_proposed(opening, laid):
    state = play(Bid(player="Ann", cards=(opening,)))
    reader = CatsInterpreter(SEATS, still_s=0.0)
    assert reader.observe([view(1.0, {}, [opening, laid])], state) == []
    out = reader.observe([view(6.0, {}, [opening, laid])], state)
    assert not proposals(out)
    assert [(o.say["id"], o.say["params"]) for o in out] == [("camera.not_a_move", {"player": "Ben"})]


def test_a_finished_rounds_bids_left_on_the_stake_are_raised_not_taken_for_a_new_bid():
    reader = CatsInterpreter(SEATS, still_s=0.0)
    state = play(Bid(player="Ann", cards=("bank-1000-01",)))
    assert reader.observe([view(1.0, {}, ["bank-1000-01"])], state) == []
    won = rules.apply(state, Pass(player="Ben", penalty="bank-1-03"))  # Ann wins: her bid goes to the discard
    assert not won.middle
    out = reader.observe([view(2.0, {}, ["bank-1000-01"])], won)
    assert out == []
    raised = reader.observe([view(7.0, {}, ["bank-1000-01"])], won)
    assert [o.say["id"] for o in raised] == ["camera.stale"] and raised[0].cards == ("bank-1000-01",)
    assert reader.observe([view(8.0, {}, [])], won) == [Cleared(raised[0].key)]


def test_a_face_down_card_read_face_up_is_counted_never_named():
    reader, state = CatsInterpreter(SEATS), play(Pass(player="Ann", penalty="cat-zero-1"))
    hidden = {"cat-zero-1": "penalties", "cat-double-1": "lot", "bank-1000-04": "seat:2"}
    assert reader.observe([view(1.0, hidden)], state) == []
    out = reader.observe([view(6.0, hidden)], state)
    assert sorted(o.say["id"] for o in out) == ["camera.face_up", "camera.face_up", "camera.seat_face_up"]
    for item in out:
        assert isinstance(item, Attention) and item.cards == () and not item.evidence
        text = json.dumps([item.key, item.message, item.say, W.say(item.say["id"], item.say["params"], "ru")],
                          ensure_ascii=False)
        assert not any(code in text for code in hidden), text
        for name in ("Удвой", "Обнули", "Double", "Zero", "1000"):
            assert name not in text, text
    assert len({o.key for o in out}) == 3
    cleared = reader.observe([view(7.0, {})], state)
    assert sorted(c.key for c in cleared) == sorted(o.key for o in out)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_laid_out_by_the_demo_is_read_move_for_move(seed):
    """Each filmed move's table, read as the tracker would report it, gives that move; typed moves give none."""
    moves = SCRIPT.random_game(seed, None)
    assert moves == as_table_records(random_game(seed))
    state = rules.initial_state(moves[0])
    seats = default_seats(state.players)
    table = SCRIPT.props(LAYOUT, seats, moves[0])
    reader = CatsInterpreter(seats)
    t = 0.0
    for move in moves[1:]:
        proposed = []
        for step in SCRIPT.steps_of(move, state, 12):
            step.act(table)
            face_up = [p for p in table.placements() if p.face_up]
            out = []
            for _ in range(2):  # the table as it comes to rest, and a moment later (a bid is proposed once still)
                t += 1.5
                out += reader.observe([TableSnapshot(
                    time=t, cards=MappingProxyType({p.code: zone_of(p.centre_mm) for p in face_up}), settled=True,
                    positions=MappingProxyType({p.code: p.centre_mm for p in face_up}))], state)
            assert not [o for o in out if isinstance(o, Attention)], out
            proposed += proposals(out)
            if proposed:
                break
        expected = [move_to_json(move)] if not SCRIPT.unfilmed(move) else []
        assert proposed == expected, (move, proposed)
        state = rules.apply(state, move)


def test_every_table_sentence_has_english_and_russian():
    for key, texts in MESSAGES.items():
        assert texts.get("en") and texts.get("ru"), key
    assert W.say("camera.face_up", {"cards": 2, "zone": "penalties"}, "ru").startswith("на месте «штрафные карты»")


def test_the_stake_is_read_in_the_order_laid_even_where_cards_are_read_at_their_one_visible_mark():
    """A half-covered card is placed at its top-left mark (12.5 mm left, 25 mm up): rows must still come apart."""
    laid = [f"bank-1000-{i:02d}" for i in range(1, 25)]
    placed = stake_placements(LAYOUT, laid)
    for covered in (set(), set(range(0, 24, 2)), set(range(0, 21))):
        positions = {p.code: (p.centre_mm[0] - 12.5, p.centre_mm[1] - 25.0) if i in covered else p.centre_mm
                     for i, p in enumerate(placed)}
        assert reading_order(sorted(laid, reverse=True), positions) == laid


def test_the_status_says_what_the_table_waits_for_in_every_phase():
    moves = SCRIPT.random_game(1, None)
    state, reader, said = rules.initial_state(moves[0]), CatsInterpreter({}), {}
    for move in moves[1:]:
        said.setdefault(state.phase, reader.status(state))
        state = rules.apply(state, move)
    said[state.phase] = reader.status(state)
    assert set(said) == {"deal", "lot", "bidding", "reveal", "drawing", "over"}
    assert "to bid on the stake" in said["bidding"] and "tablet" in said["lot"] and said["over"] == "the game is over"


def snapshot(t: float, positions: dict[str, tuple[float, float]]) -> TableSnapshot:
    """A settled table of stake cards read at the given points (a point may be a mark, not the centre)."""
    return TableSnapshot(time=t, cards=MappingProxyType({c: "stake" for c in positions}), settled=True,
                         positions=MappingProxyType(positions))


def laid_at(stake: list[str]) -> dict[str, tuple[float, float]]:
    return {p.code: p.centre_mm for p in stake_placements(LAYOUT, stake)}


def test_a_bid_card_that_goes_unread_holds_the_bid_never_proposes_the_rest():
    """Hard demo seed 3, move 26: a two-card bid's first card vanished from the tracker a second after it came,
    and the other card alone was proposed (and accepted) as the bid. Now it waits, raises, and proposes the
    whole bid once the card is read again."""
    reader, state = CatsInterpreter(SEATS), play()
    both = laid_at(["bank-1000-02", "bank-1-01"])
    assert reader.observe([snapshot(1.0, both)], state) == []
    one = {"bank-1000-02": both["bank-1000-02"]}
    out = []
    for t in (1.5, 2.5, 3.5, 4.5):
        out += reader.observe([snapshot(t, one)], state)
    assert not proposals(out) and out == []
    raised = reader.observe([snapshot(6.0, one)], state)
    assert [(o.say["id"], o.cards, o.players) for o in raised] == [("camera.bid_card_gone", ("bank-1-01",), ("Ann",))]
    assert W.say(raised[0].say["id"], raised[0].say["params"], "ru")
    out = reader.observe([snapshot(7.0, both)], state)
    assert out == [Cleared(raised[0].key)]
    out = reader.observe([snapshot(8.0, both)], state)
    assert proposals(out) == [{"type": "bid", "player": "Ann", "cards": ["bank-1000-02", "bank-1-01"]}]


def test_a_copy_laid_while_the_stakes_own_card_goes_unread_is_a_new_card_not_the_old_one():
    """Hard demo seed 3, move 9: the round's first bid card (1000) went unread as the next bid was laid, and the
    new bid's 1000 was taken for it (copies stand for each other), so a 3000 bid was read as 2000."""
    state = play(Bid(player="Ann", cards=("bank-1000-01",)))
    reader = CatsInterpreter(SEATS)
    stake = ["bank-1000-01", "bank-2000-02", "bank-1000-04"]
    places = laid_at(stake)
    assert reader.observe([snapshot(1.0, {"bank-1000-01": places["bank-1000-01"]})], state) == []
    unread_first = {c: places[c] for c in stake[1:]}
    out = reader.observe([snapshot(2.0, unread_first)], state) + reader.observe([snapshot(3.5, unread_first)], state)
    assert proposals(out) == [{"type": "bid", "player": "Ben", "cards": ["bank-2000-02", "bank-1000-04"]}]


def test_a_card_read_at_its_lower_mark_never_puts_a_bid_out_of_order():
    """Hard demo seed 3, move 10: a row's last card, read only at its lower mark (12.5 mm right, 25 mm below its
    centre; nothing covers it while the row below is short), lay 12 mm above the next row's cards read at their
    upper marks, so the two rows ran together and the bid was proposed out of order. Now the reader waits (and
    raises it after the grace) until the card is read higher up, and keeps a card's highest read point."""
    first = [Bid(player="Ann", cards=("bank-1-01",)), Bid(player="Ben", cards=("bank-1-03", "bank-1-04")),
             Bid(player="Ann", cards=("bank-1-02", "bank-1000-01"))]
    state = play(*first)
    bid = ["bank-1000-04", "bank-1000-05", "bank-2000-02"]
    places = laid_at(list(state.middle) + bid)
    (x5, y5), (x2, y2) = places["bank-1000-05"], places["bank-2000-02"]
    lower_mark = {**places, "bank-1000-05": (x5 + 12.5, y5 + 25.0), "bank-2000-02": (x2 - 12.5, y2 - 25.0)}
    top_marks = {c: (x - 12.5, y - 25.0) for c, (x, y) in places.items()}
    reader = CatsInterpreter(SEATS)
    out = []
    for t in (1.0, 2.5, 4.0):
        out += reader.observe([snapshot(t, lower_mark)], state)
    assert out == []
    raised = reader.observe([snapshot(5.5, lower_mark)], state)
    assert [(o.say["id"], o.players) for o in raised] == [("camera.rows_unclear", ("Ben",))]
    assert set(raised[0].cards) == set(bid)  # the new cards in the rows run together
    out = reader.observe([snapshot(6.0, {**lower_mark, "bank-1000-05": top_marks["bank-1000-05"]})], state)
    assert Cleared(raised[0].key) in out
    assert proposals(out) == [{"type": "bid", "player": "Ben", "cards": bid}]
    # read at its lower mark again: its higher point is kept, so nothing changes
    assert reader.observe([snapshot(7.0, lower_mark)], state) == []
