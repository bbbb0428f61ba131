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
        "en": "The field {key} must be a player's name, not {value}.",
        "ru": "Поле {key} должно быть именем игрока, а не {value}.",
    },
    "record.not_a_list": {
        "en": "The field {key} must be a list, not {value}.",
        "ru": "Поле {key} должно быть списком, а не {value}.",
    },
    "record.not_a_card": {
        "en": "The field {key} must be a card of this game, not {value}.",
        "ru": "Поле {key} должно быть картой этой игры, а не {value}.",
    },
    "record.not_card_list": {
        "en": "Cards must be given as a list, not {value}.",
        "ru": "Карты нужно передать списком, а не {value}.",
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
}

WORDING = Wording(MESSAGES)
"""The shared table; every game's Wording names it as its fallback."""
