"""Refusals every game shares, worded in English and Russian: player names, seating, record syntax.

Each game's own table (companion/games/<game>/messages.py) falls back to this
one. Pure data and a Wording; see companion.games.wording for the template syntax.
"""

from __future__ import annotations

from companion.games.wording import Wording

MESSAGES: dict[str, dict[str, str]] = {
    "setup.player_count": {
        "en": "{title} is for {minimum} to {maximum} players, not {count}.",
        "ru": "В игру «{title}» играют от {minimum} до {maximum} игроков, а не {count}.",
    },
    "setup.player_name/not_text": {
        "en": "A player's name must be text, not {name}.",
        "ru": "Имя игрока должно быть текстом, а не {name}.",
    },
    "setup.player_name/empty": {
        "en": "Every player needs a name, but player {seat} of {count} has none.",
        "ru": "У каждого игрока должно быть имя, а у игрока {seat} из {count} его нет.",
    },
    "setup.player_name/control": {
        "en": "The player name {name} holds a control character or a line break.",
        "ru": "Имя игрока {name} содержит управляющий символ или перенос строки.",
    },
    "setup.player_name/space": {
        "en": "The player name {name} starts or ends with a space.",
        "ru": "Имя игрока {name} начинается или кончается пробелом.",
    },
    "setup.player_name/long": {
        "en": "The player name {name} has {length:n:character:characters}; at most {maximum} are allowed.",
        "ru": "В имени игрока {name} {length:n:символ:символа:символов}, а можно не больше {maximum}.",
    },
    "setup.player_name/slash": {
        "en": "The player name {name} holds a slash (/), which a link cannot carry.",
        "ru": "Имя игрока {name} содержит косую черту (/), а в ссылке её передать нельзя.",
    },
    "setup.duplicate_player": {
        "en": "{name} is seated twice; every player needs a different name.",
        "ru": "Игрок {name} посажен дважды: у каждого игрока должно быть своё имя.",
    },
    "setup.duplicate_player/case": {
        "en": "{name} and {other} are the same name but for case; every player needs a different name.",
        "ru": "Имена {name} и {other} отличаются только регистром букв: у каждого игрока должно быть своё имя.",
    },
    "setup.not_first": {
        "en": "Only the first line of a record is a setup.",
        "ru": "Раздача (setup) бывает только в первой строке записи.",
    },
    "move.unknown": {
        "en": "Unknown move {move}.",
        "ru": "Неизвестный ход {move}.",
    },
    "dice.bad_values/missing": {
        "en": "Type the values shown on the dice.",
        "ru": "Введите числа, выпавшие на кубиках.",
    },
    "dice.bad_values/face": {
        "en": "{value} is not a face of a {sides}-sided die.",
        "ru": "{value} — не грань кубика с {sides:n:гранью:гранями:гранями}.",
    },
    "dice.revealed": {
        "en": "The dice seed has been revealed; the game's dice are closed.",
        "ru": "Зерно кубиков уже раскрыто: кубики этой игры закрыты.",
    },
    "record.unknown_type": {
        "en": "Unknown line type {kind}; expected {known:or}.",
        "ru": "Неизвестный тип строки {kind}; ожидается {known:or}.",
    },
    "record.first_not_setup": {
        "en": "The first line must be a setup, not {kind}.",
        "ru": "Первая строка должна быть раздачей (setup), а не {kind}.",
    },
    "record.not_a_name": {
        "en": "Choose {key:field}: {value} is not a player at this table.",
        "ru": "Выберите {key:field}: {value} — не игрок за этим столом.",
    },
    "record.not_a_name/missing": {
        "en": "Choose {key:field} first.",
        "ru": "Сначала выберите {key:field}.",
    },
    "record.not_a_list": {
        "en": "Choose {key:field} again: this entry did not say which.",
        "ru": "Выберите {key:field} ещё раз: в этой записи не сказано, какие.",
    },
    "record.not_a_list/missing": {
        "en": "Choose {key:field} first.",
        "ru": "Сначала выберите {key:field}.",
    },
    "record.not_a_card": {
        "en": "Choose {key:field}: {value} is not a card of this game.",
        "ru": "Выберите {key:field}: {value} — не карта этой игры.",
    },
    "record.not_a_card/missing": {
        "en": "Choose {key:field} first.",
        "ru": "Сначала выберите {key:field}.",
    },
    "record.not_card_list": {
        "en": "Choose the cards again: this entry did not say which.",
        "ru": "Выберите карты ещё раз: в этой записи не сказано, какие.",
    },
    "record.unknown_card": {
        "en": "There is no card {card} in this game.",
        "ru": "В этой игре нет карты {card}.",
    },
    "undo.final/reveal": {
        "en": "The last move showed what was hidden, so it cannot be undone: everyone has seen it. "
              "Correct a mistake with a new move that everyone sees.",
        "ru": "Последний ход открыл скрытое, поэтому его нельзя отменить: все это уже видели. "
              "Исправьте ошибку новым ходом, который видят все.",
    },
    "undo.final/dice": {
        "en": "The last move was a dice roll, so it cannot be undone: dice are never rolled again. "
              "Correct a mistake with a new move that everyone sees.",
        "ru": "Последним ходом бросали кубики, поэтому его нельзя отменить: кубики не перебрасывают. "
              "Исправьте ошибку новым ходом, который видят все.",
    },
    "undo.final/draw": {
        "en": "The last move drew from a face-down deck, so it cannot be undone: the card is seen and stays drawn. "
              "Correct a mistake with a new move that everyone sees.",
        "ru": "Последним ходом брали карту из закрытой колоды, поэтому его нельзя отменить: карта уже видна и остаётся взятой. "
              "Исправьте ошибку новым ходом, который видят все.",
    },
    "record.unknown_card/missing": {
        "en": "A card of this entry is blank; choose the cards again.",
        "ru": "Одна из карт этой записи пуста: выберите карты ещё раз.",
    },
    "undo.nothing": {
        "en": "There is no move to undo.",
        "ru": "Отменять больше нечего.",
    },
    "dice.bad_roll/notation": {
        "en": "Write the dice as their number, d and their sides, such as 2d6 for two six-sided dice.",
        "ru": "Запишите кубики как их число, d и число граней, например 2d6 — два шестигранных кубика.",
    },
    "dice.bad_roll/count": {
        "en": "Roll 1 to {maximum} dice at a time.",
        "ru": "Бросать можно от 1 до {maximum} кубиков за раз.",
    },
    "dice.bad_roll/sides": {
        "en": "A die has 2 to {maximum} sides.",
        "ru": "У кубика от 2 до {maximum} граней.",
    },
}

FIELDS: dict[str, dict[str, str]] = {
    "en": {
        "field:*": "every part of this entry",
        "field:player": "the player",
        "field:from": "the other player",
        "field:winner": "who won the bid",
        "field:first": "who plays first",
        "field:give": "the card to give",
        "field:take": "the card to take",
        "field:sets": "the sets to sell",
        "field:cards": "the cards",
        "field:card": "the card",
        "field:turned": "the card turned over",
        "field:penalty": "the card to pay",
        "field:players": "the players",
        "field:stack": "the stack to lay it on",
        "field:with": "the other player",
        "field:dealer": "the dealer",
    },
    "ru": {
        "field:*": "все части этой записи",
        "field:player": "игрока",
        "field:from": "другого игрока",
        "field:winner": "победителя торга",
        "field:first": "того, кто ходит первым",
        "field:give": "карту, которую отдаёте",
        "field:take": "карту, которую берёте",
        "field:sets": "наборы для продажи",
        "field:cards": "карты",
        "field:card": "карту",
        "field:turned": "открытую карту",
        "field:penalty": "карту для оплаты",
        "field:players": "игроков",
        "field:stack": "стопку, куда её положить",
        "field:with": "другого игрока",
        "field:dealer": "сдающего",
    },
}
"""How a player names each part of an entry (``{key:field}``): a refusal never shows a record key."""

WORDING = Wording(MESSAGES, words=FIELDS)
"""The shared table; every game's Wording names it as its fallback."""
