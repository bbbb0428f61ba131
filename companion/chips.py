"""Chip denominations and how to pay an amount with them.

BUX chips: White 5, Silver 10, Gold 50, Black 100, Red 1000. The tablet page
uses make_change() to tell players which chips to hand over.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Chip:
    """One chip denomination."""

    name: str
    value: int
    colour: str  # CSS colour for the tablet page


CHIPS: tuple[Chip, ...] = (
    Chip(name="Red", value=1000, colour="#c62828"),
    Chip(name="Black", value=100, colour="#212121"),
    Chip(name="Gold", value=50, colour="#f9a825"),
    Chip(name="Silver", value=10, colour="#9e9e9e"),
    Chip(name="White", value=5, colour="#fafafa"),
)

STARTING_STACK: dict[str, int] = {"White": 4, "Silver": 3, "Gold": 1, "Black": 1}
STARTING_CHIPS = sum(chip.value * STARTING_STACK.get(chip.name, 0) for chip in CHIPS)
SMALLEST_CHIP = min(chip.value for chip in CHIPS)


def make_change(amount: int) -> tuple[tuple[Chip, int], ...]:
    """Return (chip, count) pairs, largest first, that make up `amount` with fewest chips.

    >>> [(chip.name, n) for chip, n in make_change(265)]
    [('Black', 2), ('Gold', 1), ('Silver', 1), ('White', 1)]
    >>> make_change(0)
    ()

    Raises:
        ValueError: if the amount is negative or not a multiple of the smallest chip.
    """
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise ValueError(f"amount must be a whole number of chips >= 0, not {amount!r}")
    if amount % SMALLEST_CHIP:
        raise ValueError(f"{amount} cannot be paid in chips: not a multiple of {SMALLEST_CHIP}")
    change = []
    for chip in CHIPS:
        count, amount = divmod(amount, chip.value)
        if count:
            change.append((chip, count))
    return tuple(change)


def describe_change(amount: int) -> str:
    """Return e.g. '2 Black + 1 Gold + 1 Silver + 1 White' for an amount.

    >>> describe_change(200)
    '2 Black'
    """
    parts = [f"{count} {chip.name}" for chip, count in make_change(amount)]
    return " + ".join(parts) if parts else "nothing"
