"""Warning checks: which rolls a picked card needs and what each roll of the dice does.

The sheet's card resolution as data and small functions, so the engine and the
tablet page (which shows each roll big with its consequence) read the same
rules. Pure: the dice values come in; nothing here rolls.
"""

from __future__ import annotations

from companion.games.grow.state import COLOUR, RED_WARNINGS, STACKED_COLOURS, WARNINGS

WARNING, RED = "warning", "red"
KEEP, LOSE_CARD, LOSE_STACK = "keep", "card", "stack"
GREEN_RED_ROLLS = 4
"""'For a red warning icon, you must roll the dice four times' (green cards only)."""

CONSEQUENCE_TEXT = {
    KEEP: "no doubles: the card stays",
    LOSE_CARD: "doubles: the card is discarded",
    LOSE_STACK: "the whole stack is discarded",
}


def checks_for(card: str, gold_red_stack: bool = False) -> tuple[str, ...]:
    """Return the rolls a freshly picked card needs, in order: normal warnings, then red ones.

    A gold card's red warning is rolled once like a normal one, unless the
    table plays house rule gold-red-warnings=stack (`gold_red_stack`): then it
    stays a red check, whose doubles discard the whole gold stack (consequence).

    >>> checks_for("green-11")
    ('red', 'red', 'red', 'red')
    >>> checks_for("blue-11")
    ('red',)
    """
    colour = COLOUR[card]
    warnings, reds = WARNINGS[card], RED_WARNINGS[card]
    if colour == "green":
        return (WARNING,) * warnings + (RED,) * (reds * GREEN_RED_ROLLS)
    if colour in STACKED_COLOURS:
        return (WARNING,) * warnings + (RED,) * reds
    # Gold: the sheet gives only "for each warning icon ... doubles discard the card".
    if gold_red_stack:
        return (WARNING,) * warnings + (RED,) * reds
    return (WARNING,) * (warnings + reds)


def is_dice(dice: object) -> bool:
    """Return True for a roll of two six-sided dice: a pair of whole numbers 1-6.

    >>> is_dice((3, 3)), is_dice((0, 7)), is_dice([True, 2])
    (True, False, False)
    """
    return (
        isinstance(dice, (tuple, list))
        and len(dice) == 2
        and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)
    )


def consequence(colour: str, check: str, dice: tuple[int, int]) -> str:
    """Return what one roll does to the card being resolved: KEEP, LOSE_CARD or LOSE_STACK.

    >>> consequence("blue", "warning", (1, 1)), consequence("blue", "warning", (4, 4))
    ('stack', 'card')
    >>> consequence("red", "red", (2, 2)), consequence("green", "warning", (1, 1))
    ('stack', 'card')
    """
    first, second = dice
    if first != second:
        return KEEP
    if colour in STACKED_COLOURS and (check == RED or first == 1):
        return LOSE_STACK
    if colour == "gold" and check == RED:  # only under house rule gold-red-warnings=stack (checks_for)
        return LOSE_STACK
    return LOSE_CARD


def can_lose_stack(colour: str, check: str) -> bool:
    """Return True if some roll for this check discards the whole stack (snake eyes do, when anything does)."""
    return consequence(colour, check, (1, 1)) == LOSE_STACK


def describe_roll(colour: str, check: str, dice: tuple[int, int]) -> str:
    """Return the words the page shows under a roll, e.g. 'doubles: the card is discarded'."""
    result = consequence(colour, check, dice)
    if result == LOSE_STACK:
        why = "snake eyes" if check == WARNING else "doubles on a red warning"
        return f"{why}: the whole stack is discarded"
    return CONSEQUENCE_TEXT[result]
