"""`companion score high FILE`: the tricks as played -> each player's points."""

from __future__ import annotations

from typing import Any

from companion.errors import CompanionError
from tests.high_card.state import VALUE


def score_tricks(data: Any) -> dict:
    """{"tricks": [{"Ann": "high-03", "Ben": "high-09"}, ...]} -> {"Ann": {"total": 0}, "Ben": {"total": 1}}."""
    tricks = data.get("tricks") if isinstance(data, dict) else None
    if not isinstance(tricks, list) or not tricks:
        raise CompanionError("the file must hold \"tricks\": a list of {player: card} objects")
    seen: set = set()
    totals: dict[str, int] = {}
    for number, trick in enumerate(tricks, start=1):
        if not isinstance(trick, dict) or not trick or any(c not in VALUE for c in trick.values()):
            raise CompanionError(f"trick {number} must map each player to a card of the deck")
        if seen & set(trick.values()):
            raise CompanionError(f"trick {number} plays a card already played")
        seen |= set(trick.values())
        for player in trick:
            totals.setdefault(player, 0)
        totals[max(trick, key=lambda p: VALUE[trick[p]])] += 1
    return {p: {"total": n} for p, n in totals.items()}
