"""Provably fair dice: every roll is derived from a secret seed and the roll's number.

At game start only the seed's SHA-256 (the commitment) is shown; when the game
ends the seed is revealed, and anyone can recompute every roll with roll() and
check it with verify_rolls(). Pure: no I/O, no clock, no random (the caller
supplies the seed), so the audit can run the same code the table ran.

Each roll uses HMAC-SHA256(seed, f"{number}:{count}d{sides}") as a byte stream
(extended by counter blocks) and rejection sampling, so every face is equally
likely: no modulo bias.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping

MAX_DICE = 20
MAX_SIDES = 1000


def check_roll(count: object, sides: object) -> None:
    """Raise ValueError unless count (1..MAX_DICE) and sides (2..MAX_SIDES) are sensible."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_DICE:
        raise ValueError(f"dice: roll 1 to {MAX_DICE} dice, not {count!r}")
    if isinstance(sides, bool) or not isinstance(sides, int) or not 2 <= sides <= MAX_SIDES:
        raise ValueError(f"dice: a die has 2 to {MAX_SIDES} sides, not {sides!r}")


def _stream(seed: bytes, label: bytes) -> Iterator[int]:
    """Yield bytes of HMAC-SHA256(seed, label), then of HMAC(seed, label + b'#1'), ..."""
    block = 0
    while True:
        message = label if block == 0 else label + b"#" + str(block).encode()
        yield from hmac.new(seed, message, hashlib.sha256).digest()
        block += 1


def roll(seed: bytes, number: int, count: int, sides: int) -> tuple[int, ...]:
    """Return the values (1..sides) of roll `number`: `count` dice with `sides` faces.

    Two bytes per draw, rejected when they fall in the incomplete top range,
    so each face has exactly the same chance.

    >>> roll(b"table seed", 1, 2, 6) == roll(b"table seed", 1, 2, 6)
    True
    >>> all(1 <= v <= 6 for v in roll(b"table seed", 7, 10, 6))
    True

    Raises:
        ValueError: for a count or number of sides out of range.
    """
    check_roll(count, sides)
    label = f"{number}:{count}d{sides}".encode()
    limit = 65536 - 65536 % sides  # largest multiple of `sides` that fits in two bytes
    stream = _stream(seed, label)
    values: list[int] = []
    while len(values) < count:
        draw = next(stream) << 8 | next(stream)
        if draw < limit:
            values.append(draw % sides + 1)
    return tuple(values)


def commitment(seed: bytes) -> str:
    """Return the hex SHA-256 of the seed: shown at game start, checked at the reveal.

    >>> commitment(b"") == hashlib.sha256(b"").hexdigest()
    True
    """
    return hashlib.sha256(seed).hexdigest()


@dataclass(frozen=True)
class Mismatch:
    """One recorded roll that does not match what the seed gives."""

    number: int
    recorded: tuple[int, ...]
    expected: tuple[int, ...] | None
    reason: str


def verify_rolls(seed: bytes, rolls: Iterable[Mapping], *, committed: str | None = None) -> list[Mismatch]:
    """Return every recorded digital roll that the seed does not reproduce (empty list: all fair).

    `rolls` are the payloads of `dice` events ({"number", "count", "sides",
    "values", "physical"}); physical rolls (typed in from real dice) are skipped.
    With `committed`, a seed that does not hash to it is reported as number 0.
    """
    problems: list[Mismatch] = []
    if committed is not None and commitment(seed) != committed:
        problems.append(Mismatch(number=0, recorded=(), expected=None, reason="the seed does not match the commitment"))
    for item in rolls:
        if item.get("physical"):
            continue
        recorded = tuple(item.get("values") or ())
        number: Any = item.get("number")  # as recorded: roll() refuses what is not a whole number
        count: Any = item.get("count")
        sides: Any = item.get("sides")
        try:
            expected = roll(seed, number, count, sides)
        except (ValueError, TypeError) as exc:
            problems.append(Mismatch(number=number, recorded=recorded, expected=None, reason=str(exc)))
            continue
        if expected != recorded:
            problems.append(Mismatch(number=number, recorded=recorded, expected=expected, reason="values differ"))
    return problems


def parse_notation(text: str) -> tuple[int, int]:
    """Return (count, sides) for dice notation like '2d6', 'd20' or '3D8'.

    >>> parse_notation("2d6"), parse_notation("d20")
    ((2, 6), (1, 20))

    Raises:
        ValueError: if the text is not NdM with sensible numbers.
    """
    cleaned = str(text).strip().lower()
    count_text, sep, sides_text = cleaned.partition("d")
    if not sep or not sides_text.isdigit() or (count_text and not count_text.isdigit()):
        raise ValueError(f"dice: write dice as NdM, e.g. 2d6, not {text!r}")
    count, sides = int(count_text or 1), int(sides_text)
    check_roll(count, sides)
    return count, sides


def call_out(values: tuple[int, ...], sides: int) -> str | None:
    """Return 'snake_eyes' for two ones, 'doubles' for two equal dice, else None.

    >>> call_out((1, 1), 6), call_out((4, 4), 6), call_out((2, 5), 6), call_out((3,), 6)
    ('snake_eyes', 'doubles', None, None)
    """
    if len(values) != 2 or values[0] != values[1]:
        return None
    return "snake_eyes" if values[0] == 1 else "doubles"
