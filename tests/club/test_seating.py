"""The next round's seating (companion/club/seating.py): every present player seated once, within the game's limits,
and on small nights exactly as few repeated opponents as an exhaustive search finds."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.club.seating import CLUB_TABLE, met, player_limits, repeats, seat_round, table_sizes
from companion.errors import CompanionError
from companion.games import games

NAMES = [f"P{i:02d}" for i in range(12)]
DECKS = Path(__file__).parents[2] / "cards_printable"


def _partitions(players: list[str], sizes: Counter):
    """Every way to split `players` into tables of the sizes in `sizes` (each split once)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(sizes):
        left = sizes.copy()
        left[size] -= 1
        if left[size] == 0:
            del left[size]
        for others in itertools.combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            for tail in _partitions(remaining, left):
                yield [(first, *others), *tail]


def _exhaustive(order: list[str], counts, sizes: list[int], swiss: bool) -> tuple[int, int]:
    """The least (repeats, spread) over every seating, by trying them all."""
    rank = {p: i for i, p in enumerate(order)}
    best = None
    for tables in _partitions(order, Counter(sizes)):
        spread = sum(max(rank[p] for p in t) - min(rank[p] for p in t) for t in tables) if swiss else 0
        cost = (repeats(tables, counts), spread)
        best = cost if best is None or cost < best else best
    assert best is not None
    return best


@st.composite
def nights(draw, most: int = 10):
    """A night so far: earlier rounds (some players since gone, some not yet come), the players present now, the limits."""
    limits = draw(st.sampled_from([(3, 5), (3, 4), (3, 3), (4, 5)]))
    before = []
    for _ in range(draw(st.integers(0, 3))):
        seated = draw(st.permutations(NAMES))[: draw(st.integers(3, len(NAMES)))]
        cuts = draw(st.lists(st.integers(3, 5), min_size=1, max_size=4))
        at = 0
        for size in cuts:
            if len(seated) - at >= 3:
                before.append(tuple(seated[at:at + size]))
                at += size
    present = draw(st.lists(st.sampled_from(NAMES), min_size=limits[0], max_size=most, unique=True))
    return before, present, limits


@settings(max_examples=60, deadline=None)
@given(nights(), st.sampled_from(["random", "swiss"]), st.integers(0, 1000))
def test_a_small_night_is_seated_once_each_within_limits_with_the_fewest_repeats(night, mode, seed):
    before, present, limits = night
    standing = sorted(present, reverse=True)
    if -(-len(present) // limits[1]) * limits[0] > len(present):  # e.g. 5 players at tables of 3 to 4
        with pytest.raises(CompanionError, match="cannot be split"):
            seat_round(present, before, limits)
        return
    seating = seat_round(present, before, limits, mode=mode, standing=standing, seed=seed, time_limit=30)
    seated = [p for table in seating.tables for p in table]
    assert sorted(seated) == sorted(present)  # everyone present, nobody twice, nobody who left
    assert all(limits[0] <= len(t) <= limits[1] for t in seating.tables)
    assert seating.complete
    counts = met(before)
    assert seating.repeats == repeats(seating.tables, counts)
    order = sorted(present, key=standing.index) if mode == "swiss" else [p for t in seating.tables for p in t]
    sizes = sorted((len(t) for t in seating.tables), reverse=True)
    assert sizes == table_sizes(len(present), *limits)
    best = _exhaustive(order, counts, sizes, mode == "swiss")
    assert seating.repeats == best[0]
    if mode == "swiss":
        assert seating.spread == best[1]


@settings(max_examples=25, deadline=None)
@given(st.integers(6, 60), st.sampled_from([(3, 5), (3, 4)]), st.integers(0, 3))
def test_larger_nights_in_little_time_still_seat_everyone_once_within_limits(count, limits, rounds):
    players = [f"Q{i:03d}" for i in range(count)]
    before: list[tuple[str, ...]] = []
    for number in range(rounds + 1):
        seating = seat_round(players, before, limits, mode="swiss" if number % 2 else "random", standing=players,
                             seed=number, time_limit=0.05)
        assert sorted(p for t in seating.tables for p in t) == players
        assert all(limits[0] <= len(t) <= limits[1] for t in seating.tables)
        before += seating.tables


def test_the_random_mode_is_reproducible_from_its_seed():
    players = NAMES[:11]
    first = seat_round(players, [], (3, 5), mode="random", seed=7)
    assert seat_round(list(reversed(players)), [], (3, 5), mode="random", seed=7) == first
    assert any(seat_round(players, [], (3, 5), mode="random", seed=s).tables != first.tables for s in range(8, 12))


def test_swiss_seats_neighbours_in_the_standing_together_until_they_have_met():
    standing = NAMES[:8]
    first = seat_round(standing, [], (4, 4), mode="swiss", standing=standing)
    assert first.tables == (tuple(standing[:4]), tuple(standing[4:]))
    second = seat_round(standing, first.tables, (4, 4), mode="swiss", standing=standing)
    assert second.repeats == 4  # 8 players in two tables of 4, after two tables of 4: at least 2 known pairs a table
    assert second.complete


def test_a_player_who_arrives_or_leaves_mid_night_is_seated_or_not():
    first = seat_round(NAMES[:9], [], (3, 3), mode="random", seed=1)
    present = [p for p in NAMES[:10] if p != NAMES[0]]  # P00 left, P09 arrived
    second = seat_round(present, first.tables, (3, 5), mode="random", seed=2, tables=3)
    seated = {p for t in second.tables for p in t}
    assert seated == set(present) and NAMES[0] not in seated
    assert second.repeats == 0


def test_each_game_is_seated_within_its_own_declared_limits():
    for game in games():
        deck = json.loads((DECKS / f"{game.name}.deck.json").read_text(encoding="utf-8"))["players"]
        low, high = player_limits(game.name)
        assert (low, high) == (max(deck["min"], CLUB_TABLE[0]), min(deck["max"], CLUB_TABLE[1]))


def test_nights_that_cannot_be_seated_say_so_in_a_sentence():
    with pytest.raises(CompanionError, match="at least 3"):
        seat_round(NAMES[:2], [], (3, 5))
    with pytest.raises(CompanionError, match="do not fit"):
        seat_round(NAMES[:12], [], (3, 5), tables=2)
    with pytest.raises(CompanionError, match="listed twice"):
        seat_round([*NAMES[:4], NAMES[0]], [], (3, 5))
    with pytest.raises(CompanionError, match="swiss or random"):
        seat_round(NAMES[:4], [], (3, 5), mode="elo")
    with pytest.raises(CompanionError, match="unknown game"):
        player_limits("chess")
