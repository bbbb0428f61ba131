"""The next round's seating for a club night: who sits at which table, with the fewest repeated opponents.

A pure module (no store, no Flask): given the players present, the tables
already played this night (each a list of names) and the game's player
limits, it returns the tables of the next round. "Repeats" counts, over
every table of the new round, each pair of its players once per earlier
table of the night where they already sat together: a round with 0 repeats
gives everyone new opponents.

The search is branch and bound, not greedy: the first unseated player (in
the mode's order) opens a table of one of the sizes still to fill, its other
seats are chosen from the later players, candidates that add the fewest
repeats first; a branch is cut as soon as its cost cannot beat the best
seating found. The first complete seating is the greedy one, so a search
stopped by its time limit still answers, with the best found and
`complete=False`; it stops early when it reaches a cost no seating can beat.

Two modes:

* "swiss" (a tournament): the order is the night's standing, best first, and
  the cost is (repeats, spread), spread being the sum over tables of how far
  apart in the standing their players are; so among the seatings with the
  fewest repeats, players of similar standing sit together.
* "random" (a casual night): the order is a shuffle seeded by `seed`
  (the same seed, the same seating), and the cost is repeats alone.

Table sizes are decided first and kept (`table_sizes`): as even as possible,
within both the club's 3 to 5 and the game's own limits, on `tables` tables
if given (the room's), else on as few tables as the largest size allows.
"""

from __future__ import annotations

import importlib
import itertools
import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from companion.errors import CompanionError

CLUB_TABLE = (3, 5)
"""A club table seats 3 to 5 players (narrowed by each game's own limits)."""
MODES = ("swiss", "random")
TIME_LIMIT = 0.5
"""Seconds a seating may take: 60% for the tree, the rest for mending by swaps if the tree was cut short."""

Pair = frozenset[str]


@dataclass(frozen=True)
class Seating:
    """A round's tables (each a tuple of names), their repeated pairs and spread, and whether the search was exhaustive."""

    tables: tuple[tuple[str, ...], ...]
    repeats: int
    spread: int
    complete: bool
    """True if no seating of these sizes has a lower cost (the search finished or met its lower bound)."""


def player_limits(game: str) -> tuple[int, int]:
    """Return (fewest, most) players a table of `game` may seat: the game's own MIN_PLAYERS/MAX_PLAYERS within 3..5.

    Every game's rules module declares its limits (read from its deck data);
    shared code reads them by that convention and names no game.

    Raises:
        CompanionError: for an unknown game, one that declares no limits, or one no club table can seat.
    """
    from companion.games import game_modules

    module = game_modules().get(game)
    if module is None:
        raise CompanionError(f"unknown game {game!r} (known: {', '.join(game_modules())})")
    rules = importlib.import_module(f"{module}.rules")
    low, high = getattr(rules, "MIN_PLAYERS", None), getattr(rules, "MAX_PLAYERS", None)
    if not isinstance(low, int) or not isinstance(high, int):
        raise CompanionError(f"the game {game!r} does not say how many players it takes, so it cannot be seated")
    low, high = max(low, CLUB_TABLE[0]), min(high, CLUB_TABLE[1])
    if low > high:
        raise CompanionError(f"the game {game!r} cannot be played at a club table of {CLUB_TABLE[0]} to {CLUB_TABLE[1]}")
    return low, high


def table_sizes(players: int, low: int, high: int, tables: int | None = None) -> list[int]:
    """Return the sizes of the round's tables, largest first, as even as possible.

    Raises:
        CompanionError: if the players cannot fill tables of `low` to `high` (too few, or too many for `tables`).
    """
    if players < low:
        raise CompanionError(f"{players} players present: a table needs at least {low}")
    count = -(-players // high) if tables is None else min(tables, players // low)
    if tables is not None and players > count * high:
        raise CompanionError(f"{players} players do not fit at {tables} tables of at most {high}")
    if players < count * low:
        raise CompanionError(f"{players} players cannot be split into tables of {low} to {high}:"
                             f" one more player, or one fewer, would do")
    base, extra = divmod(players, count)
    return [base + 1] * extra + [base] * (count - extra)


def met(rounds: Iterable[Sequence[str]]) -> Counter[Pair]:
    """Return how many times each pair sat at one table, over the night's tables so far."""
    counts: Counter[Pair] = Counter()
    for table in rounds:
        for a, b in itertools.combinations(sorted(set(table)), 2):
            counts[frozenset((a, b))] += 1
    return counts


def repeats(tables: Iterable[Sequence[str]], counts: Mapping[Pair, int]) -> int:
    """Return the repeated pairs of a round: for each pair at one of its tables, how many times they met before."""
    return sum(counts.get(frozenset(pair), 0) for table in tables for pair in itertools.combinations(table, 2))


def order_players(present: Sequence[str], mode: str, standing: Sequence[str] = (), seed: int = 0) -> list[str]:
    """Return the present players in the mode's order: the standing (newcomers last, by name) or a seeded shuffle.

    Raises:
        CompanionError: for a mode other than "swiss" or "random", or a player present twice.
    """
    if mode not in MODES:
        raise CompanionError(f"seating mode {mode!r}: choose swiss or random")
    if len(set(present)) != len(present):
        twice = sorted({p for p in present if present.count(p) > 1})
        raise CompanionError(f"{', '.join(twice)} listed twice among the players present")
    if mode == "random":
        shuffled = sorted(present)
        random.Random(seed).shuffle(shuffled)
        return shuffled
    rank = {name: i for i, name in enumerate(standing)}
    return sorted(present, key=lambda p: (rank.get(p, len(rank)), p))


def seat_round(present: Sequence[str], before: Iterable[Sequence[str]], limits: tuple[int, int], *,
               mode: str = "random", standing: Sequence[str] = (), seed: int = 0, tables: int | None = None,
               time_limit: float = TIME_LIMIT) -> Seating:
    """Return the next round's seating of `present`, given the night's earlier tables `before`.

    Whoever is present is seated, whoever left is not: a player who arrives
    mid-night has met nobody, one who left still counts for the pairs he made.
    """
    order = order_players(present, mode, standing, seed)
    sizes = table_sizes(len(order), limits[0], limits[1], tables)
    started = time.perf_counter()
    search = _Search(order, met(before), sizes, swiss=mode == "swiss", deadline=started + time_limit * 0.6)
    search.run()
    assert search.best is not None  # the first descent always completes: every size multiset is fillable
    cost, found = search.best
    if search.stopped:  # the search ran out of time deep in the tree: mend the early tables by swapping players
        cost, found = _swaps(found, search.cost, search.swiss, started + time_limit)
    named = tuple(tuple(order[i] for i in table) for table in found)
    return Seating(named, cost[0], cost[1], complete=not search.stopped)


def _table_cost(table: list[int], cost: list[list[int]], swiss: bool) -> tuple[int, int]:
    """Return one table's (repeats, spread), spread being its players' distance in the order (0 outside swiss)."""
    pairs = sum(cost[a][b] for a, b in itertools.combinations(table, 2))
    return pairs, (max(table) - min(table)) if swiss else 0


def _swaps(tables: list[list[int]], cost: list[list[int]], swiss: bool, deadline: float) -> tuple[tuple[int, int], list[list[int]]]:
    """Return `tables` improved by swapping two players of two tables while that lowers the cost, until none does or time is up.

    Branch and bound backtracks from the last tables; when time stops it, the
    first tables are still the greedy ones, and a swap between any two tables
    reaches what the tree could not in time.
    """
    tables = [sorted(t) for t in tables]
    costs = [_table_cost(t, cost, swiss) for t in tables]
    better = True
    while better and time.perf_counter() < deadline:
        better = False
        for a, b in itertools.combinations(range(len(tables)), 2):
            if time.perf_counter() > deadline:
                break
            for x, y in itertools.product(range(len(tables[a])), range(len(tables[b]))):
                ta, tb = list(tables[a]), list(tables[b])
                ta[x], tb[y] = tb[y], ta[x]
                ca, cb = _table_cost(ta, cost, swiss), _table_cost(tb, cost, swiss)
                if (ca[0] + cb[0], ca[1] + cb[1]) < (costs[a][0] + costs[b][0], costs[a][1] + costs[b][1]):
                    tables[a], tables[b], costs[a], costs[b] = sorted(ta), sorted(tb), ca, cb
                    better = True
                    break
    tables.sort(key=min)
    return (sum(c[0] for c in costs), sum(c[1] for c in costs)), tables


class _Search:
    """Branch and bound over the ways to split the ordered players into tables of the given sizes."""

    CHECK_EVERY = 256

    def __init__(self, order: list[str], counts: Counter[Pair], sizes: list[int], *, swiss: bool, deadline: float) -> None:
        n = len(order)
        self.cost = [[0] * n for _ in range(n)]
        index = {name: i for i, name in enumerate(order)}
        for pair, times in counts.items():  # only the pairs that met: most of a large night's pairs never did
            a, b = (index.get(name) for name in pair)
            if a is not None and b is not None:
                self.cost[a][b] = self.cost[b][a] = times
        self.sizes = Counter(sizes)
        self.swiss = swiss
        self.deadline = deadline
        self.free = list(range(n))
        self.seated = [False] * n
        self.tables: list[list[int]] = []
        self.best: tuple[tuple[int, int], list[list[int]]] | None = None
        self.floor = (0, sum(s - 1 for s in sizes) if swiss else 0)
        self.nodes = 0
        self.stopped = False

    def run(self) -> None:
        """Search from the empty seating; `best` holds the cheapest seating found, `stopped` whether time ran out."""
        self._open((0, 0))

    def _done(self) -> bool:
        """Return True once the search must stop: out of time, or the best seating meets the lower bound."""
        if self.best is not None and self.best[0] <= self.floor:
            return True
        self.nodes += 1
        if self.best is not None and self.nodes % self.CHECK_EVERY == 0 and time.perf_counter() > self.deadline:
            self.stopped = True
        return self.stopped

    def _bound(self, cost: tuple[int, int], slots_left: int) -> tuple[int, int]:
        """Return the least cost any completion can have: repeats cannot fall; each table still to open spreads at least size - 1."""
        if not self.swiss:
            return cost
        return cost[0], cost[1] + slots_left + sum((s - 1) * k for s, k in self.sizes.items())

    def _open(self, cost: tuple[int, int]) -> None:
        """Open a table for the first unseated player, trying each size still to fill (or record a complete seating)."""
        first = next((i for i in range(len(self.seated)) if not self.seated[i]), None)
        if first is None:
            if self.best is None or cost < self.best[0]:
                self.best = (cost, [list(t) for t in self.tables])
            return
        for size in sorted(self.sizes, reverse=True):
            if self._done():
                return
            self.sizes[size] -= 1
            if self.sizes[size] == 0:
                del self.sizes[size]
            self.seated[first] = True
            self.tables.append([first])
            self._fill(cost, size - 1, first)
            self.tables.pop()
            self.seated[first] = False
            self.sizes[size] += 1

    def _fill(self, cost: tuple[int, int], left: int, after: int) -> None:
        """Choose the open table's remaining `left` seats from the players after `after`, cheapest first."""
        if left == 0:
            self._open(cost)
            return
        table = self.tables[-1]
        n = len(self.seated)
        # enough later players must remain for the seats still open after this one
        candidates = [j for j in range(after + 1, n - left + 1) if not self.seated[j]]
        added = sorted((sum(self.cost[j][i] for i in table), j) for j in candidates)
        for extra, j in added:
            spread = cost[1] + (j - after if self.swiss else 0)
            step = (cost[0] + extra, spread)
            if self.best is not None and self._bound(step, left - 1) >= self.best[0]:
                continue
            if self._done():
                return
            self.seated[j] = True
            table.append(j)
            self._fill(step, left - 1, j)
            table.pop()
            self.seated[j] = False
