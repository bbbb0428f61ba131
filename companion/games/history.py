"""How a game's history words its moves in a reader's language: the translation functions a caller hands in.

Each game words its moves once, in companion/games/<game>/history.py, for
every reader: the tablet's history (flask-babel's gettext, in the request's
language) and the audit report (plain English, below). Pure: the engines
import no translation library; the web layer passes its own functions, and
each game's catalog extracts its history strings (companion/web/catalogs.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


def english(message: str, **params: Any) -> str:
    """Return the message as written, its %(name)s placeholders filled (what gettext does without a catalog).

    >>> english("%(player)s took %(card)s.", player="Ann", card="green 7"), english("Game over.")
    ('Ann took green 7.', 'Game over.')
    """
    return message % params if params else message


def english_n(singular: str, plural: str, num: int, **params: Any) -> str:
    """Return the singular or the plural as English picks it, placeholders filled (num among them).

    >>> english_n("%(num)d card", "%(num)d cards", 1), english_n("%(num)d card", "%(num)d cards", 3)
    ('1 card', '3 cards')
    """
    return (singular if num == 1 else plural) % {"num": num, **params}


@dataclass(frozen=True)
class Say:
    """The translation functions a history is worded with: gettext(message, **params), ngettext(one, many, n, **params)."""

    gettext: Callable[..., str] = english
    ngettext: Callable[..., str] = english_n


ENGLISH = Say()
"""Plain English, as the audit report and the CLI say it."""
