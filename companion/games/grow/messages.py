"""Grow Your Assets refusals by rule id, in English and Russian (companion.games.wording has the template syntax).

The engine raises `W.violation(rule, **params)`; the web's error handler and the
CLI word it in the reader's language. Pure data: no Flask, no I/O.
"""

from __future__ import annotations

from typing import Any

from companion.games.grow.state import COLOUR, NUMBER, PLUS, TIMES
from companion.games.messages import WORDING as COMMON
from companion.games.wording import Wording

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


WAITING: dict[str, dict[str, str]] = {
    "draw": {"en": "the next round's cards to be drawn", "ru": "открытия карт следующего раунда"},
    "bid": {"en": "everyone's bids", "ru": "ставок всех игроков"},
    "bid_rebid": {"en": "everyone's bids (rebid after a tie for the highest bid)",
                  "ru": "ставок всех игроков (переторжка после ничьей на самой высокой ставке)"},
    "tiebreak": {"en": "tiebreak dice from {tied:list}", "ru": "кубиков для ничьей от игроков {tied:list}"},
    "pick": {"en": "{who} to pick a card", "ru": "выбора карты игроком {who}"},
    "roll": {"en": "{who} to roll for a warning", "ru": "броска игрока {who} за знак опасности"},
    "act": {"en": "{who} to take or decline the card's action", "ru": "решения игрока {who} о действии карты"},
    "over": {"en": "nothing (the game is over)", "ru": "ничего (игра окончена)"},
}
"""What the game waits for, by phase: the tail of "<kind>.wrong_phase" and "<kind>.not_your_turn"."""



def waiting_words(params: dict[str, Any], lang: str = "en") -> str:
    """Return what the game waits for in words, from _waiting_for's parameters ("why" is the phase)."""
    return Wording({f"waiting/{params['why']}": WAITING[params["why"]]}).say("waiting", params, lang)


MESSAGES: dict[str, dict[str, str]] = {
    "setup.game": {
        "en": "This setup is for the game {game}, not Grow Your Assets.",
        "ru": "Эта раздача для игры {game}, а не для «Приумножь активы».",
    },
    "setup.names": {
        "en": "Every player name must be non-empty text.",
        "ru": "Каждое имя игрока должно быть непустым текстом.",
    },
    "setup.unknown_card": {
        "en": "There is no card {card} to remove in Grow Your Assets.",
        "ru": "В игре нет карты {card}, которую можно убрать.",
    },
    "setup.card_twice": {
        "en": "A card is removed twice.",
        "ru": "Одна карта убрана дважды.",
    },
    "setup.removed/two_players": {
        "en": "Two players remove {need:n:{colour} card:{colour} cards}, not {count}.",
        "ru": "При двух игроках убирают {need} карты цвета «{colour:word}», а не {count}.",
    },
    "setup.removed/whole_deck": {
        "en": "With {players} players the whole deck is used; {count} {colour} cards were removed.",
        "ru": "При {players} игроках играют всей колодой, а убрано карт цвета «{colour:word}»: {count}.",
    },
    "reveal_bids.not_integer": {
        "en": "{player}'s bid must be a whole number, not {bid}.",
        "ru": "Ставка игрока {player} — это целое число, а не {bid}.",
    },
    "record.not_an_object": {
        "en": "Give each player's value in this entry; it named none.",
        "ru": "Укажите в этой записи значение для каждого игрока: здесь их нет.",
    },
    "record.bad_dice": {
        "en": "Dice are two whole numbers, not {value}.",
        "ru": "Кубики — это два целых числа, а не {value}.",
    },
    "draw.unknown_card": {
        "en": "There is no card {card} in Grow Your Assets.",
        "ru": "В игре нет карты {card}.",
    },
    "draw.card_twice": {
        "en": "{card:card} is drawn twice.",
        "ru": "Карта {card:card} открыта дважды.",
    },
    "draw.colour_left": {
        "en": "The deck has only {left:n:{colour} card:{colour} cards} left, and this draw names {count}.",
        "ru": "В колоде осталось карт цвета «{colour:word}»: {left}, а в этом раунде их названо {count}.",
    },
    "draw.card_count": {
        "en": "A round draws {need:n:card:cards} (one per player), not {count}.",
        "ru": "В раунде открывают {need:n:карту:карты:карт} (по одной на игрока), а не {count}.",
    },
    "bid.not_integer": {
        "en": "{player}'s bid must be a whole number of tokens, not {bid}.",
        "ru": "Ставка игрока {player} — это целое число жетонов, а не {bid}.",
    },
    "bid.negative": {
        "en": "{player}'s bid cannot be negative ({bid}).",
        "ru": "Ставка игрока {player} не может быть отрицательной ({bid}).",
    },
    "bid.over_tokens": {
        "en": "{player} has {worth:n:token point:token points} and cannot bid {bid}.",
        "ru": "У игрока {player} жетонов всего на {worth:n:очко:очка:очков}: поставить {bid} нельзя.",
    },
    "bids.missing": {
        "en": "There is no bid from {missing:list}; all bids are revealed together.",
        "ru": "Нет ставки от {missing:w:игрока:игроков:игроков} {missing:list}: все ставки открывают вместе.",
    },
    "bids.unknown_player": {
        "en": "{player} is not playing.",
        "ru": "Игрок {player} не участвует в игре.",
    },
    "bids.wrong_phase": {
        "en": "The game is not waiting for bids now.",
        "ru": "Сейчас игра не ждёт ставок.",
    },
    "bids.sealed_by_seat": {
        "en": "{player}'s bid is already sealed; only {player}'s own phone can change it.",
        "ru": "Ставка игрока {player} уже запечатана: изменить её можно только с его собственного телефона.",
    },
    "bids.stale": {
        "en": "These sealed bids belong to an earlier reveal; start again.",
        "ru": "Эти закрытые ставки относятся к прошлому вскрытию: начните заново.",
    },
    "bids.not_all_in": {
        "en": "Still waiting for {missing:list}; nothing is revealed before every bid is in.",
        "ru": "Ещё ждём ставок от {missing:w:игрока:игроков:игроков} {missing:list}: ничего не открывают, пока не поставят все.",
    },
    "tiebreak.players": {
        "en": "The dice must come from exactly {tied:list}, not {given:list}.",
        "ru": "Кубики бросают ровно игроки {tied:list}, а не {given:list}.",
    },
    "tiebreak.players/nobody": {
        "en": "The dice must come from exactly {tied:list}, but nobody rolled.",
        "ru": "Кубики бросают ровно игроки {tied:list}, а не бросил никто.",
    },
    "tiebreak.bad_dice": {
        "en": "{player} must roll two dice (1 to 6 each), not {dice}.",
        "ru": "Игрок {player} бросает два кубика (от 1 до 6 каждый), а не {dice}.",
    },
    "pick.not_in_row": {
        "en": "{card:card} is not face up this round: {where}",
        "ru": "Карта {card:card} не лежит открытой в этом раунде: {where}",
    },
    "roll.bad_dice": {
        "en": "A roll is two dice of 1 to 6 each, not {dice}.",
        "ru": "Бросок — это два кубика от 1 до 6, а не {dice}.",
    },
    "act.unknown_player": {
        "en": "{player} is not playing.",
        "ru": "Игрок {player} не участвует в игре.",
    },
    "act.wrong_colour": {
        "en": "This action takes a {colour} card, not {card:card}.",
        "ru": "Это действие касается карты цвета «{colour:word}», а не {card:card}.",
    },
    "act.not_held": {
        "en": "{player} does not hold {card:card}.",
        "ru": "У игрока {player} нет карты {card:card}.",
    },
    "act.steal_from_self": {
        "en": "Steal from another player.",
        "ru": "Забирать можно только у другого игрока.",
    },
    "act.shift_not_yours": {
        "en": "A shift moves one of {player}'s own cards.",
        "ru": "Переложить можно только свою карту (игрока {player}).",
    },
    "act.shift_nothing": {
        "en": "{card:card} is already alone in its stack.",
        "ru": "Карта {card:card} и так одна в своей стопке.",
    },
    "act.shift_same_stack": {
        "en": "{card:card} is already in that stack.",
        "ru": "Карта {card:card} уже в этой стопке.",
    },
    "break.after_game_end": {
        "en": "The game is over.",
        "ru": "Игра окончена.",
    },
    "break.unknown_player": {
        "en": "{player} is not playing.",
        "ru": "Игрок {player} не участвует в игре.",
    },
    "break.no_blue_token": {
        "en": "{player} has no blue token left.",
        "ru": "У игрока {player} не осталось синего жетона.",
    },
    "score.player_count": {
        "en": "Grow Your Assets is for at most {maximum} players, not {count}.",
        "ru": "В «Приумножь активы» играют не больше {maximum} игроков, а не {count}.",
    },
    "score.not_in_deck": {
        "en": "{player}, {key}: the deck has no card of {number} (its numbers are {numbers:list}).",
        "ru": "{player}, {key}: в колоде нет карты {number} (есть числа {numbers:list}).",
    },
    "score.too_many_cards": {
        "en": "{key} {number} is shown {shown} times, but the deck has only {have:n:such card:such cards}.",
        "ru": "{key} {number} указано {shown} раз, а в колоде таких карт только {have}.",
    },
}

WHERE = {
    "removed": {"en": "it is not in play.", "ru": "она не в игре."},  # which cards were removed stays secret
    "row": {"en": "it is face up this round.", "ru": "она лежит открытой в этом раунде."},
    "discard": {"en": "it is in the discard pile.", "ru": "она в сбросе."},
    "held": {"en": "{owner} holds it.", "ru": "она у игрока {owner}."},
    "out": {"en": "it is not in play.", "ru": "она не в игре."},
}
"""Where a card is, for draw.not_in_deck/<where> and pick.not_in_row/<where>."""

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
