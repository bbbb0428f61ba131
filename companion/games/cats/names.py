"""Naming cards for messages and screens, in Russian or English.

Kept apart from the rules so both the rules' violation messages and the
views name cards the same way. Pure: reads only the deck data.
"""

from __future__ import annotations

from companion.games.cats.state import DECK, KIND, VALUE

LANGUAGES = ("en", "ru")


def card_name(code: str, lang: str = "en") -> str:
    """Return how a card is named to players: its value, or its cat title in «quotes».

    >>> card_name("cat-double-1", "ru")
    '«Удвой ставку»'
    >>> card_name("bank-5000-01")
    '5000'
    """
    if code in VALUE:
        return str(VALUE[code])
    if code in KIND:
        return f"«{DECK.data['kinds'][KIND[code]]['title'][lang]}»"
    return repr(code)
