"""From the cards seen in each seat zone to a scored round (the camera's future input, as plain positions)."""

from __future__ import annotations

from companion.games.match.layout import SeenCard, round_from_seats
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
    totals = {p: r["total"] for p, r in score_round(reading.round).items()}
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
