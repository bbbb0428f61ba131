"""Grow Your Assets refusals by rule id, in English and Russian (companion.games.wording has the template syntax).

The engine raises `W.violation(rule, **params)`; the web's error handler and the
CLI word it in the reader's language. The sentences are data, in messages.json beside this module. No Flask.
"""

from __future__ import annotations

from typing import Any

from companion.games.grow.state import COLOUR, NUMBER, PLUS, TIMES
from companion.games.messages import WORDING as COMMON
from companion.games.wording import Wording, load_tables

_TABLES = load_tables(__name__)
"""This module's sentence tables, kept as data beside it (messages.json): {table name: {id: {language: template}}}."""

PHASE_KINDS = ("draw", "bids", "tiebreak", "pick", "roll", "act", "decline")
"""The line types refused when the game is not waiting for them ("pick.wrong_phase/bid")."""
TURN_KINDS = ("pick", "roll", "act", "decline")
"""The line types one player makes in turn ("pick.not_your_turn/roll")."""


COLOUR_WORDS = {"en": {}, "ru": {"green": "зелёная", "red": "красная", "blue": "синяя", "gold": "золотая"}}


def card_words(code: str, lang: str = "en") -> str:
    """Return a card as printed (all Grow cards lie face up): 'green 3', 'gold +2', 'gold ×2'.

    >>> card_words(next(c for c in NUMBER if COLOUR[c] == "green" and NUMBER[c] == 3), "ru")
    'зелёная 3'
    """
    if code not in COLOUR:
        return code
    colour = COLOUR_WORDS.get(lang, {}).get(COLOUR[code], COLOUR[code])
    if code in PLUS:
        return f"{colour} +{PLUS[code]}"
    if code in TIMES:
        return f"{colour} ×{TIMES[code]}"
    return f"{colour} {NUMBER[code]}"


WAITING: dict[str, dict[str, str]] = _TABLES["WAITING"]
"""What the game waits for, by phase: the tail of "<kind>.wrong_phase" and "<kind>.not_your_turn"."""


def waiting_words(params: dict[str, Any], lang: str = "en") -> str:
    """Return what the game waits for in words, from _waiting_for's parameters ("why" is the phase)."""
    return Wording({f"waiting/{params['why']}": WAITING[params["why"]]}).say("waiting", params, lang)


MESSAGES: dict[str, dict[str, str]] = _TABLES["MESSAGES"]

WHERE = _TABLES["WHERE"]
"""Where a card is, for draw.not_in_deck/<where> and pick.not_in_row/<where> (a removed card is only "not in play": which were removed stays secret)."""

for _where, _texts in WHERE.items():
    MESSAGES[f"draw.not_in_deck/{_where}"] = {lang: {"en": "{card:card} is not in the deck: ",
                                                     "ru": "Карты {card:card} нет в колоде: "}[lang] + text
                                              for lang, text in _texts.items()}
    MESSAGES[f"pick.not_in_row/{_where}"] = {lang: {"en": "{card:card} is not face up this round: ",
                                                    "ru": "Карта {card:card} не лежит открытой в этом раунде: "}[lang] + text
                                             for lang, text in _texts.items()}
del MESSAGES["pick.not_in_row"]
for _kind in PHASE_KINDS:
    MESSAGES[f"{_kind}.after_game_end"] = {"en": "The game is over.", "ru": "Игра окончена."}
    for _phase, _texts in WAITING.items():
        MESSAGES[f"{_kind}.wrong_phase/{_phase}"] = {"en": "Not now: the game is waiting for " + _texts["en"] + ".",
                                                      "ru": "Сейчас не время: игра ждёт " + _texts["ru"] + "."}
for _kind in TURN_KINDS:
    MESSAGES[f"{_kind}.unknown_player"] = {"en": "{player} is not playing.", "ru": "Игрок {player} не участвует в игре."}
    for _phase, _texts in WAITING.items():
        MESSAGES[f"{_kind}.not_your_turn/{_phase}"] = {"en": "The game is waiting for " + _texts["en"] + ", not for {player}.",
                                                        "ru": "Игра ждёт " + _texts["ru"] + ", а не игрока {player}."}
    MESSAGES[f"{_kind}.stack_not_allowed"] = {"en": "A {colour} card goes to the {colour} stack; do not name a stack.",
                                              "ru": "Карта цвета «{colour:word}» идёт в стопку своего цвета: стопку указывать не нужно."}
    MESSAGES[f"{_kind}.stack_not_yours"] = {"en": "{card:card} is not in one of {player}'s {colour} stacks.",
                                            "ru": "Карты {card:card} нет ни в одной стопке цвета «{colour:word}» у игрока {player}."}

W = Wording(MESSAGES, card=card_words, fallback=COMMON, words={
    "en": {},
    "ru": {"green": "зелёная", "red": "красная", "blue": "синяя", "gold": "золотая",
           "blue_stack": "синяя", "red_stack": "красная"},
})
"""Grow's refusals: raise W.violation(rule, **params) or W.malformed(rule, **params)."""
