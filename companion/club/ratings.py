"""Club ratings with openskill's Plackett-Luce model, per game type and overall, from finished clean games only.

Pure: it takes GameResults (companion/club/results.py decides which games
count: finished, audit clean) and knows nothing of stores or screens. Every
player starts at openskill's defaults (mu 25, sigma 25/3) and each game moves
its players once, in fold order (end time, then game id), so the same games
always give the same figures, however they were listed.

Why Plackett-Luce: it rates a whole finishing order of any number of
players at once (a 5-player BUX game is one update, not ten pairwise ones),
takes ties as ties, and is openskill's default and its best-tested model.

A player's standing is the *ordinal*, mu - 3 sigma: a rating the club can be
fairly sure the player is at least, so one lucky first game does not top the
table. Players read "rating 24.1 ± 2.3" (mu ± sigma); the table is ordered by
ordinal, then games played, then name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from openskill.models import PlackettLuce

from companion.club.results import GameResult, fold_key

OVERALL = "*"
"""The scope that counts every game type together."""


@dataclass(frozen=True)
class Rating:
    """One player's rating in one scope."""

    player: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """Return mu - 3 sigma, the conservative figure the table is ordered by."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict:
        """Return the rating as plain JSON, rounded for reading (the sort uses full precision)."""
        return {"player": self.player, "mu": round(self.mu, 3), "sigma": round(self.sigma, 3),
                "ordinal": round(self.ordinal, 3), "games": self.games}


Ratings = dict[str, dict[str, Rating]]
"""{scope (a game type, or OVERALL): {player: Rating}}."""


def _model() -> PlackettLuce:
    """Return the model every rating is computed with (openskill's defaults: mu 25, sigma 25/3, beta 25/6)."""
    return PlackettLuce()


def rate(results: Iterable[GameResult], identity: Callable[[str], str | None] | None = None) -> Ratings:
    """Return every player's rating per game type and overall after folding `results` in fold order.

    `identity` maps a name typed at the table to the player it is (a club
    list's id), or None for a seat that counts for nobody; by default each
    exact name is its own player. A game with fewer than two counted players
    changes nothing (a rating is relative to other players).
    """
    model = _model()
    ratings: Ratings = {}
    for result in sorted(results, key=fold_key):
        ids = [identity(name) if identity else name for name in result.players]
        ranks = result.ranks()
        seated = [(pid, rank) for pid, rank in zip(ids, ranks) if pid is not None]
        if len({pid for pid, _ in seated}) != len(seated) or len(seated) < 2:
            continue  # one player in two seats, or nobody to be rated against
        for scope in (result.game, OVERALL):
            _update(model, ratings.setdefault(scope, {}), seated)
    return ratings


def _update(model: PlackettLuce, table: dict[str, Rating], seated: list[tuple[str, int]]) -> None:
    """Move the seated players' ratings in one scope by one game's finishing places (ties share a place)."""
    before = [table.get(pid) or Rating(pid, model.mu, model.sigma, 0) for pid, _ in seated]
    teams = [[model.rating(mu=r.mu, sigma=r.sigma, name=r.player)] for r in before]
    after = model.rate(teams, ranks=[float(rank) for _, rank in seated])
    for old, (new,) in zip(before, after):
        table[old.player] = Rating(old.player, new.mu, new.sigma, old.games + 1)


def table(ratings: Ratings, scope: str = OVERALL) -> list[Rating]:
    """Return one scope's ratings, best first: by ordinal, then games played, then player."""
    return sorted(ratings.get(scope, {}).values(), key=lambda r: (-r.ordinal, -r.games, r.player))


def to_json(ratings: Ratings) -> dict:
    """Return {scope: [rating, ...] best first} as plain JSON."""
    return {scope: [r.to_json() for r in table(ratings, scope)] for scope in sorted(ratings)}


def worded(rating: Rating) -> str:
    """Return the rating as players read it: "24.1 ± 2.3" (mu ± sigma, one decimal)."""
    return f"{rating.mu:.1f} ± {rating.sigma:.1f}"
