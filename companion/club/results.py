"""Finished, clean game results read from a store: what ratings, night standings and exports are built from.

A game counts only when it is FINISHED (its replayed final state says it is
over) and its audit is CLEAN: the project's own audit (`run_audit` over the
stored events, the one `companion audit` runs) finds the hash chain intact,
the file sound, the replay without error and no anomaly of severity "error".
Anything else (a game in progress, a damaged or tampered record, a rules
error) is listed as skipped with its reason and changes no figure, so a
rating never moves on a game the club could not check.

The end time is the time of the game's last stored move (its creation time
if it has none); the start, its creation time. Results are returned in the
order ratings must fold them: by end time, then game id, so recomputing from
the store gives the same figures whatever order the store lists games in.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from companion.audit.anomalies import ERROR
from companion.audit.audit import Audit, run_audit, standing
from companion.audit.source import from_store
from companion.club.nights import in_nights, night_of
from companion.errors import CompanionError


@dataclass(frozen=True)
class GameResult:
    """One finished, clean game: who sat, in seat order, their final score (None if the game keeps none), who won."""

    game_id: str
    game: str
    started: str
    """Creation time in the store (ISO 8601, UTC)."""
    ended: str
    """Time of the last stored move (ISO 8601, UTC)."""
    players: tuple[str, ...]
    """Names as typed at the table, in seat order."""
    scores: tuple[float | None, ...]
    """Each player's final headline number (chips, total score...), same order as players."""
    winners: tuple[str, ...] = field(default=())
    title: str = ""
    """The table label, if the organiser gave one."""

    @property
    def duration_minutes(self) -> int:
        """Return the game's length in whole minutes (start to last move), never negative."""
        try:
            seconds = (dt.datetime.fromisoformat(self.ended) - dt.datetime.fromisoformat(self.started)).total_seconds()
        except ValueError:
            return 0
        return max(0, round(seconds / 60))

    @property
    def night(self) -> dt.date | None:
        """Return the club night the game belongs to (its local start date)."""
        return night_of(self.started)

    def ranks(self) -> list[int]:
        """Return each player's place, 0 best: winners first, then by score (higher better); equal means tied.

        Ties are kept: two players with the same winner flag and score share
        a place, and the next place is the next number (dense), which is how
        openskill reads `ranks`.
        """
        keys = [(0 if name in self.winners else 1, -(score if score is not None else 0.0))
                for name, score in zip(self.players, self.scores)]
        places = {key: place for place, key in enumerate(sorted(set(keys)))}
        return [places[key] for key in keys]


def fold_key(result: GameResult) -> tuple[str, str]:
    """Return the order results are folded in: end time, then game id."""
    return (_utc(result.ended), result.game_id)


def _utc(text: str) -> str:
    """Return an ISO time as comparable UTC text (a bare time is taken as UTC); unreadable text sorts as written."""
    try:
        when = dt.datetime.fromisoformat(text)
    except ValueError:
        return text
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    return when.astimezone(dt.timezone.utc).isoformat()


def why_not_counted(audit: Audit) -> str | None:
    """Return why an audited game does not count (one phrase), or None if it is finished and clean."""
    if not audit.intact:
        return "its record does not check out, see companion audit"
    if audit.replay_error is not None:
        return "its moves do not replay by the rules"
    if audit.counts()[ERROR]:
        return "its audit found errors"
    if not audit.over:
        return "not finished"
    return None


def result_of(audit: Audit, info: dict) -> GameResult:
    """Return the result of an audited, finished, clean game (`info` is its row from store.games())."""
    final = audit.final or {}
    numbers = standing(final)
    players = tuple(final.get("players") or {})
    ended = audit.moves[-1]["time"] if audit.moves else info["created"]
    return GameResult(game_id=info["game_id"], game=info["game"], started=info["created"], ended=ended, players=players,
                      scores=tuple(float(numbers[p]) if p in numbers else None for p in players),
                      winners=tuple(w for w in final.get("winners") or [] if w in players), title=info.get("title") or "")


Verdicts = dict[tuple[str, str], "GameResult | str"]
"""Audited games by (game id, hash of its newest event): its result, or why it does not count."""


def finished_results(store, since: dt.date | None = None, until: dt.date | None = None,
                     verdicts: Verdicts | None = None) -> tuple[list[GameResult], list[dict[str, str]]]:
    """Return (results of the finished clean games on those nights in fold order, [{"game_id", "reason"}] skipped).

    `verdicts`, when given, is a long-lived page's memory: a game whose newest event is the one it was
    audited at is not audited again (events are only ever appended, so the same head is the same game),
    and only the games that moved since are. A command passes none and audits every game.
    """
    results: list[GameResult] = []
    skipped: list[dict[str, str]] = []
    for info in store.games():
        if not in_nights(info["created"], since, until):
            continue
        verdict = _verdict(store, info, verdicts)
        if isinstance(verdict, str):
            skipped.append({"game_id": info["game_id"], "reason": verdict})
        else:
            results.append(verdict)
    results.sort(key=fold_key)
    return results, skipped


def _verdict(store, info: dict, verdicts: Verdicts | None) -> "GameResult | str":
    """Return the game's result, or why it does not count: from `verdicts` if its head is unchanged, else audited."""
    key = None
    if verdicts is not None:
        try:
            head = store.head(info["game_id"])
        except CompanionError:
            head = None
        key = (info["game_id"], head.hash if head is not None else "")
        if key in verdicts:
            return verdicts[key]
    try:
        audit = run_audit(from_store(store, info["game_id"]), full=True)
    except CompanionError:
        return "its record cannot be read"
    reason = why_not_counted(audit)
    verdict: GameResult | str = reason if reason is not None else result_of(audit, info)
    if verdicts is not None and key is not None:
        for old in [k for k in verdicts if k[0] == info["game_id"]]:
            del verdicts[old]
        verdicts[key] = verdict
    return verdict
