"""BUX refusals by rule id, in English and Russian (companion.games.wording has the template syntax).

The engine raises `W.violation(rule, **params)`; the web's error handler and the
CLI word it in the reader's language. The sentences are data, in messages.json beside this module. No Flask.
"""

from __future__ import annotations

from companion.games.bux.state import DECK, SHAPE, SUIT, TIMER_CARDS, VALUE
from companion.games.messages import WORDING as COMMON
from companion.games.wording import Wording, load_tables

_TABLES = load_tables(__name__)
"""This module's sentence tables, kept as data beside it (messages.json): {table name: {id: {language: template}}}."""

SUIT_SYMBOL = {"heart": "♥", "club": "♣", "spade": "♠", "diamond": "♦"}
SHAPE_WORDS = {"en": {"x": "X", "oval": "oval", "circle": "circle", "square": "square"},
               "ru": {"x": "крест", "oval": "овал", "circle": "круг", "square": "квадрат"}}

TURN_KINDS = ("draw", "sell", "swap", "broke")
"""The line types whose refusals share the turn guards ("draw.not_your_turn", "sell.not_your_turn", ...)."""


def card_words(code: str, lang: str = "en") -> str:
    """Return a card for the operator (CLI, record checks): '♥ circle 100', a timer 'BUX 2', else the code.

    Its value is named: only the operator, who holds the whole record, reads
    this; a shared screen names cards through its view (suit and shape only).

    >>> card_words("heart-circle-100"), card_words("spade-x-50", "ru")
    ('♥ circle 100', '♠ крест 50')
    """
    if code in VALUE:
        return f"{SUIT_SYMBOL[SUIT[code]]} {SHAPE_WORDS.get(lang, SHAPE_WORDS['en'])[SHAPE[code]]} {VALUE[code]}"
    if code in TIMER_CARDS:
        return f"BUX {DECK.card(code)['label']}"
    return code


MESSAGES: dict[str, dict[str, str]] = _TABLES["MESSAGES"]

TURN_GUARDS: dict[str, dict[str, str]] = _TABLES["TURN_GUARDS"]
"""The turn guards every kind of move shares, worded once; the ids are "<kind>.<guard>"."""

MESSAGES |= {f"{kind}.{guard}": texts for kind in TURN_KINDS for guard, texts in TURN_GUARDS.items()}

W = Wording(MESSAGES, card=card_words, fallback=COMMON)
"""BUX's refusals: raise W.violation(rule, **params) or W.malformed(rule, **params)."""
