"""The blue/red match's table reader (companion/games/match/table/interpret.py): settled views in, proposals and attention out.

Views are TableSnapshots as the tracker makes them (code -> zone, code -> table mm),
laid out by the demo's own stage directions (stage.py), so what the demo films is
what these tests read. Zones are given as the vision layer gives them: the zone
containing the point, else the nearest within the layout's margin, else off the table.
"""

from __future__ import annotations

import math
import re
from types import MappingProxyType

import pytest

from companion.games.match import rules
from companion.games.match.moves import Deal, Discard, Draw, Match, Score, Setup
from companion.games.match.record import move_to_json
from companion.games.match.selfplay import random_game
from companion.games.match.state import ALL_CARDS, SCORE
from companion.games.match.table.interpret import MatchInterpreter
from companion.games.match.table.messages import MESSAGES, W
from companion.games.match.table.stage import DEMO_STYLE, MatchTable, _laid_out, props, steps_of, unfilmed
from companion.table.layouts import layout_for
from companion.table.outputs import Attention, Cleared, Proposal, default_seats
from companion.tracker.fusion import TableSnapshot

LAYOUT = layout_for("match")
PLAYERS = ("Ann", "Ben", "Cat")
SEATS = default_seats(PLAYERS)
CODE = re.compile(r"\b(blue|red)-(\d+|trade|steal|wild)-\d\b")


def zone_of(point: tuple[float, float]) -> str:
    """The zone the vision layer gives a table point (companion.vision.geometry's rule, on the static layout)."""
    best, best_d = "off_table", LAYOUT.zone_margin_mm
    for zone in LAYOUT.zones:
        x0, y0, x1, y1 = zone.rect
        d = math.hypot(max(x0 - point[0], 0.0, point[0] - x1), max(y0 - point[1], 0.0, point[1] - y1))
        if d == 0.0:
            return zone.name
        if d <= best_d:
            best, best_d = zone.name, d
    return best


def view(t: float, table: MatchTable, *, drop: tuple[str, ...] = (), add: dict | None = None) -> TableSnapshot:
    """A settled snapshot of the props (minus `drop`, plus `add`: code -> table mm)."""
    where = {p.code: p.centre_mm for p in table.placements() if p.code not in drop}
    where.update(add or {})
    return TableSnapshot(time=t, cards=MappingProxyType({c: zone_of(p) for c, p in where.items()}), settled=True,
                         positions=MappingProxyType({c: (float(p[0]), float(p[1])) for c, p in where.items()}))


HANDS = {
    "Ann": ("blue-100-1", "blue-200-1", "blue-300-1", "blue-400-1", "blue-500-1",
            "red-100-1", "red-200-1", "red-300-1", "red-400-1", "red-900-1"),
    "Ben": ("blue-100-2", "blue-200-2", "blue-300-2", "blue-400-2", "blue-500-2",
            "red-100-2", "red-200-2", "red-600-2", "red-700-2", "red-800-2"),
    "Cat": ("blue-600-1", "blue-700-1", "blue-800-1", "blue-900-1", "blue-1000-1",
            "red-600-1", "red-700-1", "red-800-1", "red-900-2", "red-1000-1"),
}


def played(*moves):
    """Ann deals round 1 (Ben opens); return the state and the props after the moves."""
    setup = Setup(players=PLAYERS, dealer="Ann")
    state = rules.initial_state(setup)
    table = props(LAYOUT, SEATS, setup)
    for move in (Deal(hands=HANDS, round=1),) + moves:
        for step in steps_of(move, state, 4):
            step.act(table)
        state = rules.apply(state, move)
    return state, table


def lines(outputs) -> list[dict]:
    return [o.line for o in outputs if isinstance(o, Proposal)]


def test_a_discard_is_proposed_when_a_card_lands_on_its_colour_pile():
    state, table = played(Draw("Ben", "blue-deck", "blue-900-3"))
    reader = MatchInterpreter(SEATS)
    assert reader.observe([view(1.0, table)], state) == []
    table.piles["red"].append("red-700-2")
    out = reader.observe([view(2.0, table)], state)
    assert lines(out) == [{"type": "discard", "player": "Ben", "card": "red-700-2"}]
    assert out[0].say == {"id": "camera.discard", "params": {"player": "Ben", "colour": "red"}}
    rules.apply(state, Discard("Ben", "red-700-2"))  # and the rules take it
    assert reader.tick(state, 3.0) == []  # proposed once per game state


def test_the_known_top_of_a_discard_pile_leaving_it_is_the_draw():
    state, table = played(Draw("Ben", "blue-deck", "blue-900-3"), Discard("Ben", "red-700-2"))
    reader = MatchInterpreter(SEATS)
    assert reader.observe([view(1.0, table)], state) == []
    out = reader.observe([view(2.0, table, drop=("red-700-2",))], state)
    assert lines(out) == [{"type": "draw", "player": "Cat", "from": "red-discard", "card": "red-700-2"}]
    assert rules.apply(state, Draw("Cat", "red-discard", "red-700-2")).hands[2] >= {"red-700-2"}


def test_a_match_laid_at_the_movers_stacks_is_proposed_then_the_discard():
    state, table = played(Draw("Ben", "red-deck", "red-500-3"))
    reader = MatchInterpreter(SEATS)
    reader.observe([view(1.0, table)], state)
    after = rules.apply(state, Match("Ben", ("blue-200-2", "red-200-2")))
    table.follow(after)
    out = reader.observe([view(2.0, table)], state)
    assert [sorted(line["cards"]) for line in lines(out)] == [["blue-200-2", "red-200-2"]]
    assert out[0].say["id"] == "camera.match"
    second = rules.apply(after, Match("Ben", ("blue-100-2", "red-100-2")))
    table.follow(second)
    out = reader.observe([view(3.0, table)], after)  # the second match's two cards, the first's known
    assert [sorted(line["cards"]) for line in lines(out)] == [["blue-100-2", "red-100-2"]]


def test_half_a_match_is_raised_after_the_grace_and_cleared_when_its_partner_comes():
    state, table = played(Draw("Ben", "red-deck", "red-500-3"))
    reader = MatchInterpreter(SEATS, grace_s=4.0)
    reader.observe([view(0.0, table)], state)
    half = rules.apply(state, Match("Ben", ("blue-200-2", "red-200-2")))
    table.follow(half)
    assert reader.observe([view(1.0, table, drop=("red-200-2",))], state) == []
    out = reader.tick(state, 6.0)
    assert [o.say["id"] for o in out if isinstance(o, Attention)] == ["camera.half_match"]
    key = out[0].key
    out = reader.observe([view(7.0, table)], state)
    assert Cleared(key) in out and lines(out) and lines(out)[0]["type"] == "match"


def test_a_card_the_game_cannot_explain_is_raised_once_and_cleared_when_it_goes():
    state, table = played(Draw("Ben", "red-deck", "red-500-3"))
    reader = MatchInterpreter(SEATS, grace_s=4.0)
    stray = table.placements()[0].centre_mm if table.placements() else None
    assert stray is None  # nothing face up yet
    zone = LAYOUT.zone("seat:1")
    at_ann = ((zone.rect[0] + zone.rect[2]) / 2, (zone.rect[1] + zone.rect[3]) / 2)
    assert reader.observe([view(1.0, table, add={"blue-300-1": at_ann})], state) == []
    out = reader.tick(state, 5.5)
    assert [(o.say["id"], o.players) for o in out] == [("camera.seat_extra", ("Ann",))]
    assert reader.tick(state, 6.0) == []  # raised once
    assert reader.observe([view(7.0, table)], state) == [Cleared(out[0].key)]


def test_a_card_on_the_wrong_pile_is_asked_about_not_discarded():
    state, table = played(Draw("Ben", "red-deck", "red-500-3"))
    reader = MatchInterpreter(SEATS, grace_s=0.0)
    table.piles["blue"].append("red-600-2")
    out = reader.observe([view(1.0, table)], state)
    assert not lines(out) and [o.say["id"] for o in out] == ["camera.wrong_pile"]


def test_the_rounds_end_is_proposed_once_every_hand_lies_face_up():
    moves = random_game(1, style=DEMO_STYLE)
    setup = moves[0]
    seats = default_seats(setup.players)
    state, table = rules.initial_state(setup), props(LAYOUT, seats, setup)
    for move in moves[1:]:
        if state.phase == SCORE:
            break
        for step in steps_of(move, state, 4):
            step.act(table)
        state = rules.apply(state, move)
    reader = MatchInterpreter(seats, grace_s=0.0)
    out = reader.observe([view(1.0, table)], state)  # the hands are not laid out yet
    assert not lines(out) and [o.say["id"] for o in out] == ["camera.hands_unread"]
    assert not CODE.search(out[0].message)
    for step in steps_of(move, state, 4):
        step.act(table)
    out = reader.observe([view(2.0, table)], state)
    assert lines(out) == [move_to_json(move)] and isinstance(move, Score)
    score = next(o for o in out if isinstance(o, Proposal))
    assert score.say["id"] == "camera.score" and Cleared(out[0].key if isinstance(out[0], Cleared) else "") in out
    assert rules.apply(state, move).round == 2


def test_a_round_recorded_by_its_result_alone_is_read_from_the_seats_once_the_table_was_cleared():
    """Two players (seats 1 and 2: nothing lies nearer another seat's edge): the laid-out round is the score line."""
    moves = random_game(4, 2, advanced=False)
    score = next(m for m in moves if isinstance(m, Score))
    setup = moves[0]
    seats = default_seats(setup.players)
    state = rules.initial_state(setup)
    table = props(LAYOUT, seats, setup)
    reader = MatchInterpreter(seats)
    assert reader.observe([view(0.0, table)], state) == []  # the empty table: ready for a round
    _laid_out(score)(table)
    out = reader.observe([view(1.0, table)], state)
    assert lines(out) == [move_to_json(score)]
    after = rules.apply(state, score)
    # The next round: the same cards still lie out; nothing is proposed, and after the grace it is raised.
    assert reader.observe([view(2.0, table)], after) == []
    assert [o.say["id"] for o in reader.tick(after, 7.0)] == ["camera.not_cleared"]


@pytest.mark.parametrize("seed", [1, 2])
def test_whole_games_laid_out_by_the_stage_are_read_move_by_move_and_name_no_card(seed):
    """Every filmed move is proposed exactly; typed ones never are; nothing is raised; no sentence names a card."""
    moves = random_game(seed, style=DEMO_STYLE)
    setup = moves[0]
    seats = default_seats(setup.players)
    state, table = rules.initial_state(setup), props(LAYOUT, seats, setup)
    reader = MatchInterpreter(seats)
    t = 0.0
    for move in moves[1:]:
        proposed = []
        for step in steps_of(move, state, 4):
            step.act(table)
            t += 1.0
            out = reader.observe([view(t, table)], state)
            assert not [o for o in out if isinstance(o, Attention)], (move, out)
            for o in out:
                if isinstance(o, Proposal):
                    assert not CODE.search(o.message) and not CODE.search(str(o.say)), o.message
                    proposed.append(o.line)
        if unfilmed(move):
            assert proposed == [], (move, proposed)
        else:
            want = move_to_json(move)
            if isinstance(move, Match):
                proposed = [{**p, "cards": sorted(p["cards"])} for p in proposed]
                want = {**want, "cards": sorted(want["cards"])}
            assert proposed == [want], (move, proposed)
        state = rules.apply(state, move)
    assert state.phase == "over"


def test_every_sentence_is_worded_in_english_and_russian_and_names_no_card():
    for id_, texts in MESSAGES.items():
        assert set(texts) == {"en", "ru"}, id_
        assert ":card}" not in texts["en"] and ":card}" not in texts["ru"], id_
    assert W.say("camera.pile_extra", {"cards": 2, "colour": "red"}, "ru").startswith("в сбросе цвета «красный»")
    assert all(c in ALL_CARDS for c in ("blue-300-1", "red-wild-1"))


def test_a_pile_the_game_turned_over_into_its_empty_deck_is_raised_until_it_is_turned():
    moves = random_game(1, 3, style=DEMO_STYLE)
    setup = moves[0]
    seats = default_seats(setup.players)
    state, table = rules.initial_state(setup), props(LAYOUT, seats, setup)
    for move in moves[1:]:
        after = rules.apply(state, move)
        if isinstance(move, Discard) and sum(map(len, after.discards)) < sum(map(len, state.discards)):
            break
        for step in steps_of(move, state, 4):
            step.act(table)
        state = after
    else:
        pytest.fail("no deck ran out in this game")
    table.piles[next(c for c in ("blue", "red") if c in move.card)].append(move.card)  # the discard, not turned yet
    reader = MatchInterpreter(seats, grace_s=4.0)
    assert reader.observe([view(0.0, table)], after) == []
    raised = reader.tick(after, 5.0)
    assert [o.say["id"] for o in raised] == ["camera.pile_turned"] and not CODE.search(raised[0].message)
    table.follow(after)
    assert reader.observe([view(6.0, table)], after) == [Cleared(raised[0].key)]
