"""Cat auction («Котики») refusals by rule id, in Russian (the sheet's language) and English.

The engine raises `W.violation(rule, **params)`; the web's error handler and the
CLI word it in the reader's language. Card names follow the sheet: a Bank
card by its value, a cat by its «title». The sentences are data, in messages.json beside this module. No Flask.
"""

from __future__ import annotations

from companion.games.cats import hints
from companion.games.cats.names import card_name
from companion.games.messages import WORDING as COMMON
from companion.games.wording import Wording, load_tables

_TABLES = load_tables(__name__)
"""This module's sentence tables, kept as data beside it (messages.json): {table name: {id: {language: template}}}."""

TURN_KINDS = ("bid", "play", "pass", "draw", "reveal")
"""The line types one player makes in turn: they share the turn guards ("bid.not_your_turn")."""


def card_words(code: str, lang: str = "en") -> str:
    """Return a card as players name it: its value, or its cat «title»; anything else as given.

    >>> card_words("bank-5000-01"), card_words("cat-double-1", "ru")
    ('5000', '«Удвой ставку»')
    """
    if not isinstance(code, str):
        return str(code)
    name = card_name(code, lang)
    return code if name == repr(code) else name


TURN_GUARDS: dict[str, dict[str, str]] = _TABLES["TURN_GUARDS"]

MESSAGES: dict[str, dict[str, str]] = _TABLES["MESSAGES"]

MESSAGES["bid.open_with_cat"] = MESSAGES["bid.cat_card"]
for _kind in TURN_KINDS:
    for _guard, _texts in TURN_GUARDS.items():
        MESSAGES[f"{_kind}.{_guard}"] = _texts
for _condition in hints.CONDITIONS:
    MESSAGES[f"play.condition.{_condition}"] = {
        "en": "{card:card} needs: {condition:word}.",
        "ru": "Для карты {card:card} нужно условие: {condition:word}.",
    }

WORDS = {
    lang: {
        **{f"{column}": texts[lang].lower() for column, texts in hints.STAKE_STATES.items()},
        **{f"{condition}": texts[lang].rstrip(".") for condition, texts in hints.CONDITIONS.items()},
        "bank": {"en": "Bank", "ru": "«Банк»"}[lang],
        "prize": {"en": "Prize", "ru": "«Приз»"}[lang],
    }
    for lang in ("en", "ru")
}
"""Stake columns, conditions and deck names, in each language (from the deck file where it has them)."""

W = Wording(MESSAGES, card=card_words, fallback=COMMON, words=WORDS)
"""The cat auction's refusals: raise W.violation(rule, **params) or W.malformed(rule, **params)."""
