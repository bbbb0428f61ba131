"""Grow Your Assets scoring: the sheet's tables and sums, for held cards or typed-in numbers.

score_holdings() backs `companion score grow HOLDINGS.json`: it checks the
input and raises CompanionError with a clear message rather than guessing.
Pure: no I/O.
"""

from __future__ import annotations

from math import prod
from typing import Any, Iterable, Mapping, Sequence

from collections import Counter

from companion.errors import CompanionError
from companion.games.grow.messages import W
from companion.games.grow.state import COLOUR, MAX_PLAYERS, NUMBER, PLUS, TIMES, Holdings

BLUE_BONUS: tuple[int, ...] = (0, 0, 0, 2, 14, 25, 35, 55)
"""Blue stack bonus by stack size (index 0 unused); seven or more score the last entry."""
RED_BONUS: tuple[int, ...] = (0, 1, 3, 8, 13, 15, 19, 24)
"""Red stack bonus by stack size (index 0 unused); seven or more score the last entry."""
HOLDINGS_KEYS = ("green", "blue", "red", "gold_plus", "gold_times")


def stack_bonus(colour: str, size: int) -> int:
    """Return the bonus a red or blue stack of `size` cards scores.

    >>> stack_bonus("blue", 4), stack_bonus("blue", 9), stack_bonus("red", 1)
    (14, 55, 1)
    """
    table = BLUE_BONUS if colour == "blue" else RED_BONUS
    if size < 1:
        raise ValueError(f"a stack has at least one card, not {size}")
    return table[min(size, len(table) - 1)]


def gold_score(plus: Iterable[int], times: Iterable[int]) -> int:
    """Return (sum of plus cards) x each multiplier card; multipliers alone are worth 0.

    >>> gold_score([2, 3], [2, 3]), gold_score([], [3]), gold_score([4], [])
    (30, 0, 4)
    """
    return sum(plus) * prod(times)


def score_numbers(green: Iterable[int], blue: Iterable[Sequence[int]], red: Iterable[Sequence[int]],
                  gold_plus: Iterable[int], gold_times: Iterable[int]) -> dict[str, int]:
    """Return {"green", "blue", "red", "gold", "total"} for one player's card numbers.

    >>> score_numbers([5, 7], [[1, 2, 3]], [[4]], [2], [2])  # 12, 6+2, 4+1, 2x2
    {'green': 12, 'blue': 8, 'red': 5, 'gold': 4, 'total': 29}
    """
    blue = [list(s) for s in blue]
    red = [list(s) for s in red]
    result = {
        "green": sum(green),
        "blue": sum(sum(s) + stack_bonus("blue", len(s)) for s in blue),
        "red": sum(sum(s) + stack_bonus("red", len(s)) for s in red),
        "gold": gold_score(gold_plus, gold_times),
    }
    result["total"] = sum(result.values())
    return result


def score_cards(holdings: Holdings) -> dict[str, int]:
    """Return the score breakdown of the cards a player holds in a game."""
    return score_numbers(
        green=[NUMBER[c] for c in holdings.green],
        blue=[[NUMBER[c] for c in s] for s in holdings.blue],
        red=[[NUMBER[c] for c in s] for s in holdings.red],
        gold_plus=[PLUS[c] for c in holdings.gold if c in PLUS],
        gold_times=[TIMES[c] for c in holdings.gold if c in TIMES],
    )


def score_holdings(data: Any) -> dict[str, dict[str, int]]:
    """Return {player: {"green", "blue", "red", "gold", "total"}} for typed-in holdings.

    `data` is {player: {"green": [n...], "blue": [[n...]...], "red": [[n...]...],
    "gold_plus": [n...], "gold_times": [n...]}}; a missing key means none.

    Raises:
        CompanionError: naming the player and key that are malformed.
    """
    if not isinstance(data, Mapping) or not data:
        raise CompanionError("holdings must be a JSON object {player: {green, blue, red, gold_plus, gold_times}} with at least one player")
    if len(data) > MAX_PLAYERS:
        raise W.violation("score.player_count", maximum=MAX_PLAYERS, count=len(data))
    scores = {str(player): _score_player(str(player), held) for player, held in data.items()}
    verify_against_deck(data)
    return scores


DECK_VALUES: dict[str, Counter[int]] = {
    "green": Counter(NUMBER[c] for c in NUMBER if COLOUR[c] == "green"),
    "blue": Counter(NUMBER[c] for c in NUMBER if COLOUR[c] == "blue"),
    "red": Counter(NUMBER[c] for c in NUMBER if COLOUR[c] == "red"),
    "gold_plus": Counter(PLUS.values()),
    "gold_times": Counter(TIMES.values()),
}
"""Per holdings key, how many cards of each number the deck (cards_printable/grow.deck.json) has."""


def verify_against_deck(data: Mapping[str, Mapping[str, Any]]) -> None:
    """Check typed-in holdings (already well-formed) against the deck: every number a card has, no more copies than it has.

    Raises:
        RuleViolation: score.not_in_deck or score.too_many_cards, naming the player, colour and number.
    """
    shown: dict[str, Counter[int]] = {key: Counter() for key in DECK_VALUES}
    for player, held in data.items():
        for key, deck in DECK_VALUES.items():
            value = held.get(key, [])
            numbers = [n for stack in value for n in stack] if key in ("blue", "red") else list(value)
            for n in numbers:
                if n not in deck:
                    raise W.violation("score.not_in_deck", player=str(player), key=key.replace("_", " "), number=n,
                                      numbers=sorted(deck))
            shown[key].update(numbers)
    for key, counts in shown.items():
        for n, k in sorted(counts.items()):
            if k > DECK_VALUES[key][n]:
                have = DECK_VALUES[key][n]
                raise W.violation("score.too_many_cards", key=key.replace("_", " "), number=n, shown=k, have=have)


def _score_player(player: str, held: Any) -> dict[str, int]:
    if not isinstance(held, Mapping):
        raise CompanionError(f"{player!r}: holdings must be an object with keys {', '.join(HOLDINGS_KEYS)}, not {held!r}")
    unknown = sorted(set(held) - set(HOLDINGS_KEYS))
    if unknown:
        raise CompanionError(f"{player!r}: unknown key {unknown[0]!r}; expected {', '.join(HOLDINGS_KEYS)}")
    return score_numbers(
        green=_numbers(held.get("green", []), f"{player!r} green", minimum=0),
        blue=_stacks(held.get("blue", []), f"{player!r} blue"),
        red=_stacks(held.get("red", []), f"{player!r} red"),
        gold_plus=_numbers(held.get("gold_plus", []), f"{player!r} gold_plus", minimum=0),
        gold_times=_numbers(held.get("gold_times", []), f"{player!r} gold_times", minimum=1),
    )


def _numbers(value: Any, what: str, *, minimum: int) -> list[int]:
    if not isinstance(value, list):
        raise CompanionError(f"{what}: must be a list of whole numbers, not {value!r}")
    for n in value:
        if isinstance(n, bool) or not isinstance(n, int):
            raise CompanionError(f"{what}: {n!r} is not a whole number")
        if n < minimum:
            raise CompanionError(f"{what}: {n!r} is below {minimum}")
    return value


def _stacks(value: Any, what: str) -> list[list[int]]:
    if not isinstance(value, list) or any(not isinstance(s, list) for s in value):
        raise CompanionError(f"{what}: must be a list of stacks, each a list of numbers, e.g. [[1, 2], [3]], not {value!r}")
    for index, stack in enumerate(value, start=1):
        if not stack:
            raise CompanionError(f"{what}: stack {index} is empty; a stack has at least one card")
        _numbers(stack, f"{what} stack {index}", minimum=0)
    return value
