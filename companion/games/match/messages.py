"""Blue/red matching refusals by rule id, in English and Russian (companion.games.wording has the template syntax).

The engine raises `W.violation(rule, **params)`; the web's error handler and the
CLI word it in the reader's language. The sentences are data, in messages.json beside this module. No Flask.
"""

from __future__ import annotations

from companion.games.match.state import DECK
from companion.games.messages import WORDING as COMMON
from companion.games.wording import Wording, load_tables

_TABLES = load_tables(__name__)
"""This module's sentence tables, kept as data beside it (messages.json): {table name: {id: {language: template}}}."""

TURN_KINDS = ("draw", "match", "trade", "steal", "discard_wild", "discard")
"""The line types one player makes in turn: they share the turn guards ("match.not_your_turn")."""
ACTION_KINDS = ("trade", "steal", "discard_wild")
DECK_DRAW_KINDS = ("trade", "steal", "discard_wild")


def card_words(code: str, lang: str = "en") -> str:
    """Return what is printed large on a card: '300' (blue), '<300>' (red), 'Red Wild'; anything else as given."""
    try:
        card = DECK.card(code)
    except (KeyError, ValueError, TypeError):
        return str(code)
    return str(card["face"]["text"] if card.kind == "number" else card["title"])


PHRASES: dict[str, dict[str, str]] = _TABLES["PHRASES"]
"""Where a card is (state.place_of), for "(it is ...)" clauses."""

TURN_GUARDS: dict[str, dict[str, str]] = _TABLES["TURN_GUARDS"]

MESSAGES: dict[str, dict[str, str]] = _TABLES["MESSAGES"]

for _kind in TURN_KINDS:
    for _guard, _texts in TURN_GUARDS.items():
        MESSAGES[f"{_kind}.{_guard}"] = _texts
for _kind in ACTION_KINDS:
    MESSAGES[f"{_kind}.basic_game"] = {"en": "Trade, Steal and Wild cards are not used in the basic game.",
                                       "ru": "Карты «Обмен», «Кража» и «Джокер» в базовой игре не используются."}
    MESSAGES[f"{_kind}.wrong_card"] = {"en": "{card:card} is not a {action:word} card.",
                                       "ru": "{card:card} — не карта «{action:word}»."}
for _kind in DECK_DRAW_KINDS:
    MESSAGES[f"{_kind}.draw_missing"] = {"en": "A {colour} card must be drawn (the {colour} deck has cards).",
                                         "ru": "Нужно взять карту цвета «{colour:word}» (в этой колоде есть карты)."}
    MESSAGES[f"{_kind}.draw_not_in_deck"] = {"en": "{card:card} is not in the {colour} deck (it is {where:phrase}).",
                                             "ru": "Карты {card:card} нет в колоде цвета «{colour:word}» (она {where:phrase})."}

SOURCE_WORDS = _TABLES["SOURCE_WORDS"]

W = Wording(MESSAGES, card=card_words, fallback=COMMON, words=SOURCE_WORDS, phrases=PHRASES)
"""The matching game's refusals: raise W.violation(rule, **params) or W.malformed(rule, **params)."""
