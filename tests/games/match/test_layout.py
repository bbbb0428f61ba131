"""From the cards seen in each seat zone to a scored round (the camera's future input, as plain positions)."""

from __future__ import annotations

import pytest

from companion.games.match.table.layout import SeatArea, SeenCard, assign_to_seats, round_from_seats
from companion.games.match.scoring import score_round

CARD_H = 88.0


def laid_out(matches, hand, *, x0=40.0, gap=70.0, far=420.0, step=30.0, jitter=0.0):
    """Return SeenCards for matches fanned in two columns (first match farthest) and a hand row near the edge."""
    seen = []
    for row, (left, right) in enumerate(matches):
        y = far - row * step
        seen.append(SeenCard(left, x0 + jitter * row, y + jitter))
        seen.append(SeenCard(right, x0 + gap - jitter * row, y - jitter))
    for i, card in enumerate(hand):
        seen.append(SeenCard(card, 30.0 + 65.0 * i, 45.0))
    return seen


def test_laid_out_round_reads_and_scores():
    """Ann: 500, 200, 1000 with <300>, 700 in hand -> 1000; Ben: 400, 400 with <100>, <200> -> -300; Cat out: 900-100 = 800."""
    seats = {
        "Ann": laid_out([("blue-500-1", "red-500-1"), ("red-200-1", "blue-200-1"), ("blue-1000-1", "red-1000-1")],
                        ["red-300-1", "blue-700-1"], jitter=3.0),
        "Ben": laid_out([("blue-400-1", "red-400-1"), ("red-400-2", "blue-400-2")], ["red-100-1", "red-200-2"]),
        "Cat": laid_out([("red-900-1", "blue-900-1"), ("blue-100-1", "red-100-2")], []),
    }
    reading = round_from_seats(list_shuffled(seats), round_number=1)
    assert reading.problems == ()
    assert reading.round["players"]["Ann"]["matches"][1] == ["red-200-1", "blue-200-1"]
    totals = {p: r["total"] for p, r in score_round({**reading.round, "advanced": True}).items()}
    assert totals == {"Ann": 1000, "Ben": -300, "Cat": 800}


def list_shuffled(seats):
    """The camera reports cards in no particular order: reverse each seat's list."""
    return {p: list(reversed(cards)) for p, cards in seats.items()}


def test_a_card_the_camera_missed_is_flagged():
    seats = {"Ann": laid_out([("blue-500-1", "red-500-1"), ("red-200-1", "blue-200-1")], [])}
    seats["Ann"] = [c for c in seats["Ann"] if c.code != "blue-200-1"]
    reading = round_from_seats(seats)
    assert any("stacks have 2 and 1 cards" in p for p in reading.problems)
    assert any("'red-200-1' has no partner" in p for p in reading.problems)


def test_foreign_and_twice_read_codes_are_flagged():
    seats = {"Ann": [SeenCard("heart-x-25", 10, 300), SeenCard("red-100-1", 10, 40), SeenCard("red-100-1", 80, 40)]}
    reading = round_from_seats(seats)
    assert reading.round["players"]["Ann"] == {"matches": [], "hand": ["red-100-1"]}
    assert len(reading.problems) == 2


def test_wrong_pairs_are_flagged_not_scored_silently():
    seats = {"Ann": laid_out([("blue-500-1", "red-400-1")], [])}
    reading = round_from_seats(seats)
    assert reading.problems == ("Ann: match 1: 'blue-500-1' and 'red-400-1' are not a match",)


def test_a_missing_card_mid_stack_does_not_shift_the_later_pairs():
    """Rows are paired by height: a card missed in row 2 leaves rows 1 and 3 intact."""
    seats = {"Ann": laid_out([("blue-500-1", "red-500-1"), ("red-200-1", "blue-200-1"), ("blue-900-1", "red-900-1")], [])}
    seats["Ann"] = [c for c in seats["Ann"] if c.code != "blue-200-1"]
    reading = round_from_seats(seats)
    assert reading.round["players"]["Ann"]["matches"] == [["blue-500-1", "red-500-1"], ["blue-900-1", "red-900-1"]]
    assert reading.rows["Ann"] == (("blue-500-1", "red-500-1"), ("red-200-1", None), ("blue-900-1", "red-900-1"))
    assert not any("not a match" in p for p in reading.problems)


@pytest.mark.parametrize("facing, rect, near_left", [
    (0, (90, 545, 520, 690), (100, 680)),
    (90, (880, 170, 1030, 590), (1020, 580)),
    (180, (330, 70, 770, 215), (760, 80)),
    (270, (70, 170, 220, 590), (80, 180)),
])
def test_seat_axes_start_at_the_players_left_on_their_own_edge(facing, rect, near_left):
    area = SeatArea(rect, facing)
    assert area.to_seat(near_left) == (10.0, 10.0)
    width, depth = area.size()
    assert width > depth


def test_cards_go_to_the_nearest_edge_and_the_discard_area_is_ignored():
    areas = {"Ann": SeatArea((90, 545, 520, 690), 0), "Dan": SeatArea((330, 70, 770, 215), 180)}
    cards = [("red-100-1", (400, 420)), ("blue-100-1", (400, 330)), ("red-200-1", (600, 380)), ("red-300-1", (1080, 380))]
    placed = assign_to_seats(cards, areas, ignore=[(530, 290, 680, 520)])
    assert [c.code for c in placed.seats["Ann"]] == ["red-100-1"]
    assert [c.code for c in placed.seats["Dan"]] == ["blue-100-1"]
    assert placed.ignored == ("red-200-1",)
    assert placed.unplaced == ("red-300-1",)
