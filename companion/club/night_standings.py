"""A night's standings from its finished clean games, ordered by tiebreaks the club chooses, ending in a total order.

Pure, like ratings: it takes GameResults (finished, audit clean) and, for
the "rating" tiebreak, the ratings. Each tiebreak splits only the players
still tied after the ones before it, so "head-to-head" compares a tied
group among themselves, as clubs mean it. After the chosen ones come the
player's name (if not chosen earlier), then their id (unique), so the order is total and never
depends on the order games were stored or listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from companion.club.ratings import OVERALL, Ratings
from companion.club.results import GameResult
from companion.errors import CompanionError

TIEBREAKS = ("wins", "points", "head-to-head", "rating", "name")
"""Every tiebreak there is; also the default order."""


@dataclass
class Row:
    """One player's night."""

    id: str
    name: str
    games: int = 0
    wins: int = 0
    points: float = 0.0

    def to_json(self) -> dict:
        """Return the row as plain JSON."""
        return {"id": self.id, "name": self.name, "games": self.games, "wins": self.wins, "points": self.points}


def parse_tiebreaks(text: str | None) -> tuple[str, ...]:
    """Return the tiebreak order written "wins,points,head-to-head" (None: the default), then name if not named.

    Raises:
        CompanionError: one sentence, for an unknown or repeated tiebreak.
    """
    if text is None:
        return TIEBREAKS
    order = tuple(part.strip() for part in text.split(",") if part.strip())
    unknown = [t for t in order if t not in TIEBREAKS]
    if unknown or not order:
        raise CompanionError(f"unknown tiebreak {unknown[0] if unknown else text!r}: choose from {', '.join(TIEBREAKS)}")
    if len(set(order)) != len(order):
        raise CompanionError(f"a tiebreak is named twice in {text!r}: name each at most once")
    return order if "name" in order else order + ("name",)


def night_table(results: Iterable[GameResult], tiebreaks: tuple[str, ...] = TIEBREAKS, ratings: Ratings | None = None,
                identity: Callable[[str], str | None] | None = None, names: dict[str, str] | None = None) -> list[Row]:
    """Return the players of these games, ordered by `tiebreaks` (then name, then id).

    `identity` maps a typed name to a player id (None: counts for nobody);
    `names` gives an id its display name. Points are the sum of the final
    scores of games that keep one.
    """
    games = list(results)
    rows: dict[str, Row] = {}
    for result in games:
        for name, score in zip(result.players, result.scores):
            pid = identity(name) if identity else name
            if pid is None:
                continue
            row = rows.setdefault(pid, Row(pid, (names or {}).get(pid, name)))
            row.games += 1
            row.wins += name in result.winners
            row.points += score or 0.0
    groups = [sorted(rows.values(), key=lambda r: r.id)]
    for tiebreak in tuple(tiebreaks) + ("name", "id"):
        groups = [part for group in groups for part in _split(group, tiebreak, games, ratings or {}, identity)]
    return [row for group in groups for row in group]


def _split(group: list[Row], tiebreak: str, games: list[GameResult], ratings: Ratings,
           identity: Callable[[str], str | None] | None) -> list[list[Row]]:
    """Return a tied group split by one tiebreak: best first, players still equal kept together."""
    if len(group) < 2:
        return [group]
    keys = _keys(group, tiebreak, games, ratings, identity)
    parts: dict[object, list[Row]] = {}
    for row in group:
        parts.setdefault(keys[row.id], []).append(row)
    return [parts[key] for key in sorted(parts)]  # type: ignore[type-var]


def _keys(group: list[Row], tiebreak: str, games: list[GameResult], ratings: Ratings,
          identity: Callable[[str], str | None] | None) -> dict[str, object]:
    """Return each row's sort key for a tiebreak (smaller is better)."""
    if tiebreak == "wins":
        return {r.id: -r.wins for r in group}
    if tiebreak == "points":
        return {r.id: -r.points for r in group}
    if tiebreak == "rating":
        overall = ratings.get(OVERALL, {})
        return {r.id: -overall[r.id].ordinal if r.id in overall else 0.0 for r in group}
    if tiebreak == "head-to-head":
        return {pid: -score for pid, score in _head_to_head({r.id for r in group}, games, identity).items()}
    if tiebreak == "name":
        return {r.id: r.name for r in group}
    return {r.id: r.id for r in group}


def _head_to_head(tied: set[str], games: list[GameResult], identity: Callable[[str], str | None] | None) -> dict[str, int]:
    """Return, per tied player, games-and-opponents finished ahead of another tied player minus those behind."""
    score = {pid: 0 for pid in tied}
    for result in games:
        placed = [(identity(n) if identity else n, rank) for n, rank in zip(result.players, result.ranks())]
        placed = [(pid, rank) for pid, rank in placed if pid in tied]
        for pid, rank in placed:
            score[pid] += sum((rank < other) - (rank > other) for _, other in placed)  # type: ignore[index]
    return score
