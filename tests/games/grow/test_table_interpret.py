"""Grow's table reader (companion/games/grow/table/interpret.py): settled table views in, proposals and attention out.

Views are TableSnapshots as the tracker makes them (code -> zone, code -> table mm).
The whole-game test lays each view out with the demo's own stage directions
(stage.py), so what the demo films is what these tests read.
"""

from __future__ import annotations

import math
from types import MappingProxyType

import pytest

from companion.games.grow import rules
from companion.games.grow.moves import Draw, Pick, RevealBids, Setup
from companion.games.grow.record import move_to_json
from companion.games.grow.selfplay import random_game
from companion.games.grow.table.interpret import GrowInterpreter
from companion.games.grow.table.layout import DISCARD_ZONE, ROW_ZONE
from companion.games.grow.table.messages import MESSAGES, W
from companion.games.grow.table.stage import props
from companion.table.outputs import Attention, Cleared, Proposal, default_seats
from companion.tracker.fusion import TableSnapshot
from companion.table.layouts import layout_for

PLAYERS = ("Ann", "Ben", "Cat")
SEATS = default_seats(PLAYERS)


def view(t: float, cards: dict[str, tuple[str | None, tuple[float, float]]], settled: bool = True) -> TableSnapshot:
    """A settled table: code -> (zone, (x, y) mm)."""
    return TableSnapshot(time=t, cards=MappingProxyType({c: z for c, (z, _) in cards.items()}), settled=settled,
                         positions=MappingProxyType({c: p for c, (_, p) in cards.items()}))


def play(*moves):
    state = rules.initial_state(Setup(players=PLAYERS))
    for move in moves:
        state = rules.apply(state, move)
    return state


ROUND_1 = (Draw(cards=("red-02", "green-02", "blue-02")), RevealBids(bids={"Ann": 3, "Ben": 2, "Cat": 1}))
ROW = {"red-02": (ROW_ZONE, (380.0, 470.0)), "green-02": (ROW_ZONE, (425.0, 470.0)), "blue-02": (ROW_ZONE, (470.0, 470.0))}


def test_the_row_is_proposed_once_full_and_still_in_left_to_right_order():
    reader, state = GrowInterpreter(SEATS), play()
    two = {c: ROW[c] for c in ("red-02", "green-02")}
    assert reader.observe([view(1.0, two)], state) == []
    assert reader.observe([view(2.0, ROW, settled=False)], state) == []
    out = reader.observe([view(3.0, ROW)], state)
    assert [o.line for o in out if isinstance(o, Proposal)] == [{"type": "draw", "cards": ["red-02", "green-02", "blue-02"]}]
    assert out[0].say["id"] == "camera.draw" and not out[0].confirm
    assert reader.tick(state, 4.0) == []  # proposed once per game state


def after_round_1():
    """Round 2 is laid out; Ann (red-02 at seat 1), Ben (green-02), Cat (blue-02) hold one card each."""
    state = play(*ROUND_1, Pick("Ann", "red-02"), Pick("Ben", "green-02"), Pick("Cat", "blue-02"),
                 Draw(cards=("red-03", "red-04", "gold-02")), RevealBids(bids={"Ann": 3, "Ben": 2, "Cat": 1}))
    table = {"red-02": ("seat:1", (150.0, 600.0)), "green-02": ("seat:2", (650.0, 600.0)),
             "blue-02": ("seat:3", (950.0, 400.0)), "red-03": (ROW_ZONE, (380.0, 470.0)),
             "red-04": (ROW_ZONE, (425.0, 470.0)), "gold-02": (ROW_ZONE, (470.0, 470.0))}
    return state, table


@pytest.mark.parametrize("where, stack, said", [((190.0, 610.0), "red-02", "camera.pick_joins"),
                                                 ((350.0, 600.0), None, "camera.pick_new_stack")])
def test_a_red_card_joins_the_stack_it_lies_by_or_starts_one_apart(where, stack, said):
    state, table = after_round_1()
    reader = GrowInterpreter(SEATS)
    assert reader.observe([view(1.0, table)], state) == []
    table["red-03"] = ("seat:1", where)
    out = reader.observe([view(2.0, table)], state)
    line = {"type": "pick", "player": "Ann", "card": "red-03", **({"stack": stack} if stack else {})}
    assert [o.line for o in out] == [line] and out[0].say["id"] == said
    rules.apply(state, Pick("Ann", "red-03", stack))  # and the rules take it


def test_a_pick_waits_while_a_card_of_the_pickers_stacks_is_unread():
    """Hard demo seed 3: Ben's blue stack was unread when he laid a blue card by it, and the camera proposed a new
    stack. Which stack a card joins cannot be told while one of them is unseen: the reader waits (an unseen card is
    raised as seat_missing after the grace) and proposes once the stack is read again."""
    state, table = after_round_1()
    reader = GrowInterpreter(SEATS)
    assert reader.observe([view(1.0, table)], state) == []
    del table["red-02"]  # Ann's red stack: unread for now
    table["red-03"] = ("seat:1", (190.0, 610.0))
    assert reader.observe([view(2.0, table)], state) == []
    table["red-02"] = ("seat:1", (150.0, 600.0))
    out = reader.observe([view(3.0, table)], state)
    assert [o.line for o in out] == [{"type": "pick", "player": "Ann", "card": "red-03", "stack": "red-02"}]


def test_a_card_touching_two_stacks_is_asked_about_not_guessed():
    state, table = after_round_1()
    for move in (Pick("Ann", "red-03"), Pick("Ben", "gold-02"), Pick("Cat", "red-04"),
                 Draw(cards=("red-05", "blue-03", "blue-04")), RevealBids(bids={"Ann": 2, "Ben": 1, "Cat": 0})):
        state = rules.apply(state, move)  # Ann holds two red stacks: red-02 and red-03
    table.update({"red-03": ("seat:1", (300.0, 600.0)), "gold-02": ("seat:2", (700.0, 600.0)),
                  "red-04": ("seat:3", (950.0, 300.0)), "red-05": ("seat:1", (225.0, 600.0)),
                  "blue-03": (ROW_ZONE, (425.0, 470.0)), "blue-04": (ROW_ZONE, (470.0, 470.0))})
    out = GrowInterpreter(SEATS, grace_s=0.0).observe([view(1.0, table)], state)
    assert not [o for o in out if isinstance(o, Proposal)]
    assert [(o.say["id"], o.cards) for o in out if isinstance(o, Attention)] == [("camera.bridges", ("red-05",))]


def test_a_card_where_it_should_not_be_is_raised_after_the_grace_and_cleared_when_fixed():
    state, table = after_round_1()
    reader = GrowInterpreter(SEATS, grace_s=4.0)
    table["red-03"] = ("seat:2", (600.0, 600.0))  # Ann picks first, but the card went to Ben's seat
    assert reader.observe([view(1.0, table)], state) == []
    assert reader.tick(state, 3.0) == []
    raised = reader.tick(state, 5.5)
    assert [(o.say["id"], o.players) for o in raised] == [("camera.wrong_seat", ("Ann", "Ben"))]
    assert reader.tick(state, 9.0) == []  # raised once
    table["red-03"] = ("seat:1", (350.0, 600.0))
    out = reader.observe([view(10.0, table)], state)
    assert Cleared(raised[0].key) in out
    assert [o.line for o in out if isinstance(o, Proposal)] == [{"type": "pick", "player": "Ann", "card": "red-03"}]


def test_a_discard_the_table_disagrees_with_is_raised_until_the_pile_has_it():
    state, table = after_round_1()
    reader = GrowInterpreter(SEATS, grace_s=0.0)
    table["blue-02"] = (DISCARD_ZONE, (600.0, 470.0))  # Cat's card put on the pile, but nothing discarded it
    ids = {o.say["id"] for o in reader.observe([view(1.0, table)], state) if isinstance(o, Attention)}
    assert ids == {"camera.discard_extra", "camera.seat_missing"}
    table["blue-02"] = ("seat:3", (950.0, 400.0))
    out = reader.observe([view(2.0, table)], state)
    assert len([o for o in out if isinstance(o, Cleared)]) == 2


def zone_of(layout, point) -> str:
    """The zone a card centre falls in, as vision's TableGeometry.zone_of says it (nearest within the margin)."""
    best, best_d = "off_table", layout.zone_margin_mm
    for zone in layout.zones:
        x0, y0, x1, y1 = zone.rect
        d = math.hypot(max(x0 - point[0], 0.0, point[0] - x1), max(y0 - point[1], 0.0, point[1] - y1))
        if d == 0.0:
            return zone.name
        if d <= best_d:
            best, best_d = zone.name, d
    return best


def table_of(layout, stage_table) -> dict:
    return {p.code: (zone_of(layout, p.centre_mm), tuple(float(v) for v in p.centre_mm)) for p in stage_table.placements()}


@pytest.mark.parametrize("seed", [3, 11])
def test_a_whole_game_laid_out_by_the_demo_is_read_move_for_move_and_no_bid_is_ever_seen(seed):
    """Every draw and pick the record has is proposed exactly; every other move is typed; nothing is raised;
    no output carries a bid (sealed bids stay on the phones)."""
    from companion.games.grow.table.stage import steps_of

    layout = layout_for("grow")
    moves = random_game(seed)
    setup = moves[0]
    seats = default_seats(setup.players)
    stage_table = props(layout, seats, setup)
    reader = GrowInterpreter(seats, grace_s=1.5)  # a step's lag (a card carried after its move is typed) is no problem
    state = rules.initial_state(setup)
    t, proposed, everything = 0.0, [], []
    for move in moves[1:]:
        after = rules.apply(state, move)
        now = state
        for step in steps_of(move, state, 1):
            step.act(stage_table)
            now = after if step.tablet is not None else now  # typed as the step is acted
            t += 1.0
            out = reader.observe([view(t, table_of(layout, stage_table))], now)
            everything += out
            proposed += [o.line for o in out if isinstance(o, Proposal)]
        state = after
        t += 1.0
        everything += reader.tick(state, t)
    camera_moves = [move_to_json(m) for m in moves[1:] if isinstance(m, (Draw, Pick))]
    assert proposed == camera_moves
    assert not [o for o in everything if isinstance(o, Attention)]
    assert not any(o.line["type"] in ("reveal_bids", "tiebreak") or "bids" in o.line for o in everything
                   if isinstance(o, Proposal))
    assert all(o.evidence.get("seen") is not None for o in everything if isinstance(o, Proposal))


def test_every_table_sentence_has_english_and_russian():
    params = {"cards": 2, "player": "Ann", "colour": "red", "size": 3, "seat": "Ben"}
    for id_ in MESSAGES:
        for lang in ("en", "ru"):
            text = W.say(id_, params, lang)
            assert text and "{" not in text, (id_, lang)


def test_the_live_loop_takes_a_reader_without_typed_bids(tmp_path):
    """Grow's bids never meet the camera: the loop has no pending bid for it, refuses a bid entry with a
    sentence, and takes typed moves (the phones' reveal) as for any game."""
    from pathlib import Path

    from companion.demo import demo_print
    from companion.errors import CompanionError
    from companion.live import LiveTable
    from companion.store.session import GameSession
    from companion.store.sqlite import EventStore
    from companion.vision.pipeline import Pipeline

    store = EventStore(Path(":memory:"))
    session = GameSession.start(store, move_to_json(Setup(players=PLAYERS)), source="tablet", game_id="g", title="g")
    pipeline = Pipeline(demo_print("grow", 1), layout=layout_for("grow"), use_zbar=False)
    try:
        live = LiveTable(session, pipeline, keyframes=False)
        assert live.pending_bid() is None
        with pytest.raises(CompanionError, match="no bid"):
            live.enter_bid(price=3)
        live.submit_manual(move_to_json(ROUND_1[0]))
        live.submit_manual(move_to_json(ROUND_1[1]))
        assert session.state.bids == {"Ann": 3, "Ben": 2, "Cat": 1}
    finally:
        pipeline.close()
        store.close()


def test_a_stack_a_warning_roll_discards_is_raised_until_it_leaves_the_seat():
    from companion.games.grow.moves import Roll

    state = play(*ROUND_1, Pick("Ann", "red-02"), Pick("Ben", "green-02"), Pick("Cat", "blue-02"),
                 Draw(cards=("red-05", "red-03", "gold-02")), RevealBids(bids={"Ann": 3, "Ben": 2, "Cat": 1}),
                 Pick("Ann", "red-05", "red-02"), Roll("Ann", (1, 1)))  # snake eyes: the whole red stack goes
    assert set(state.discard) == {"red-02", "red-05"}
    table = {"red-02": ("seat:1", (150.0, 600.0)), "red-05": ("seat:1", (186.0, 600.0)),
             "green-02": ("seat:2", (650.0, 600.0)), "blue-02": ("seat:3", (950.0, 400.0)),
             "red-03": (ROW_ZONE, (425.0, 470.0)), "gold-02": (ROW_ZONE, (470.0, 470.0))}
    reader = GrowInterpreter(SEATS, grace_s=2.0)
    assert reader.observe([view(1.0, table)], state) == []
    raised = reader.tick(state, 3.5)
    assert [(o.say["id"], set(o.cards), o.players) for o in raised] == [("camera.not_discarded", {"red-02", "red-05"}, ("Ann",))]
    del table["red-02"]  # under the pile: only its top card shows
    table["red-05"] = (DISCARD_ZONE, (600.0, 470.0))
    assert reader.observe([view(4.0, table)], state) == [Cleared(raised[0].key)]
