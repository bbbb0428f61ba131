"""Property tests: ratings move only on finished clean games, recompute to the same figures, standings are a total order."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.club import ratings as rating
from companion.club.night_standings import TIEBREAKS, night_table
from companion.club.results import GameResult, finished_results
from companion.store.backends import open_store
from tests.backends import raw_execute
from tests.club.test_ratings import club, load

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
TIMES = tuple(f"2026-11-20T{h:02d}:00:00+00:00" for h in range(18, 23))


@st.composite
def games(draw, count: int = 8) -> list[GameResult]:
    """Finished games over a small club: few names, few end times and small scores, so ties are common."""
    out = []
    for number in range(draw(st.integers(1, count))):
        players = tuple(draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True)))
        scores = tuple(float(draw(st.integers(0, 3))) for _ in players)
        top = max(scores)
        winners = tuple(p for p, s in zip(players, scores) if s == top) if draw(st.booleans()) else ()
        out.append(GameResult(f"g{number:02d}", draw(st.sampled_from(("bux", "match"))), TIMES[0],
                              draw(st.sampled_from(TIMES)), players, scores, winners))
    return out


@given(games(), st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_ratings_do_not_depend_on_the_order_games_are_listed(results, random):
    shuffled = list(results)
    random.shuffle(shuffled)
    assert rating.to_json(rating.rate(shuffled)) == rating.to_json(rating.rate(results))


@given(games(), st.permutations(TIEBREAKS), st.integers(1, len(TIEBREAKS)), st.randoms(use_true_random=False))
@settings(max_examples=80, deadline=None)
def test_standings_are_a_total_deterministic_order(results, order, keep, random):
    tiebreaks = tuple(order[:keep])
    rated = rating.rate(results)
    rows = night_table(results, tiebreaks, rated)
    shuffled = list(results)
    random.shuffle(shuffled)
    again = night_table(shuffled, tiebreaks, rated)
    assert [r.id for r in rows] == [r.id for r in again]
    assert len({r.id for r in rows}) == len(rows) == len({p for g in results for p in g.players})
    first = tiebreaks[0]
    for a, b in itertools.pairwise(rows):  # the first tiebreak is never broken: the rest only split its ties
        if first == "wins":
            assert a.wins >= b.wins
        elif first == "points":
            assert a.points >= b.points
        elif first == "name":
            assert (a.name, a.id) < (b.name, b.id)


@given(st.lists(st.tuples(st.sampled_from(("cut", "tamper")), st.integers(2, 40)), min_size=1, max_size=3))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_an_unfinished_or_tampered_game_changes_no_rating(store_target, changes):
    """Each example adds games to one store: cut short (unfinished) or with one event altered (audit fails)."""
    with open_store(store_target) as store:
        if not store.games():
            club(store_target)
        before = rating.to_json(rating.rate(finished_results(store)[0]))
        for how, seq in changes:
            game_id = f"{how}-{len(store.games())}"
            load(store, "bux-4p-full", game_id, lines=seq if how == "cut" else None)
            if how == "tamper":
                raw_execute(store_target, "UPDATE events SET payload = payload || ' ' WHERE game_id = ? AND seq = ?",
                            (game_id, min(seq, store.last_seq(game_id))))
        results, skipped = finished_results(store)
        assert rating.to_json(rating.rate(results)) == before
        assert {s["game_id"] for s in skipped} >= {g["game_id"] for g in store.games() if "-" in g["game_id"]
                                                   and g["game_id"].split("-")[0] in ("cut", "tamper")}
