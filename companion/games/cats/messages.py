"""Cat auction («Котики») refusals by rule id, in Russian (the sheet's language) and English.

The engine raises `W.violation(rule, **params)`; the web's error handler and the
CLI word it in the reader's language. Card names follow the sheet: a Bank
card by its value, a cat by its «title». Pure data: no Flask, no I/O.
"""

from __future__ import annotations

from companion.games.cats import hints
from companion.games.cats.names import card_name
from companion.games.messages import WORDING as COMMON
from companion.games.wording import Wording

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


TURN_GUARDS: dict[str, dict[str, str]] = {
    "after_game_end": {"en": "The game is over.", "ru": "Игра окончена."},
    "unknown_player": {"en": "{player} is not playing.", "ru": "Игрок {player} не играет."},
    "player_out": {"en": "{player} is out of the game.", "ru": "Игрок {player} выбыл из игры."},
    "deal_first": {"en": "Every player must enter their dealt hand first.",
                   "ru": "Сначала все игроки вводят свои розданные карты."},
    "reveal_first": {"en": "{turn} must first say which cards the won lot holds.",
                     "ru": "Сначала игрок {turn} называет карты выигранного лота."},
    "lot_first": {"en": "Lay the lot from the Prize deck first.", "ru": "Сначала выложите лот из колоды «Приз»."},
    "draws_first": {"en": "The round's losers must draw first ({turn} is next).",
                    "ru": "Сначала проигравшие берут карты из «Банка» (сейчас очередь игрока {turn})."},
    "not_now": {"en": "Nobody draws now.", "ru": "Сейчас никто не берёт карты."},
    "not_your_turn": {"en": "It is {turn}'s turn, not {player}'s.", "ru": "Сейчас ход игрока {turn}, а не игрока {player}."},
}

MESSAGES: dict[str, dict[str, str]] = {
    "setup.player_count": {
        "en": "The cat auction is for {minimum} to {maximum} players, not {count}.",
        "ru": "В «Котиков» играют от {minimum} до {maximum} игроков, а не {count}.",
    },
    "setup.first_not_seated": {
        "en": "The first player {first} is not one of the players.",
        "ru": "Первый ход у игрока {first}, но такого игрока нет за столом.",
    },
    "setup.hands_players": {
        "en": "The hands must name exactly the players.",
        "ru": "Руки должны быть указаны ровно для игроков за столом.",
    },
    "setup.unknown_card": {"en": "Unknown card {card}.", "ru": "Неизвестная карта {card}."},
    "setup.card_twice": {"en": "The card {card:card} is dealt twice.", "ru": "Карта {card:card} роздана дважды."},
    "setup.bank_cards": {
        "en": "{player} must be dealt {need} Bank cards, not {count}.",
        "ru": "Игрок {player} должен получить {need:n:карту:карты:карт} из «Банка», а не {count}.",
    },
    "setup.cat_cards": {
        "en": "With {players} players each is dealt {need:n:cat card:cat cards}; {player} has {count}.",
        "ru": "При {players} игроках каждому раздают {need:n:карту:карты:карт} котиков, а у игрока {player} их {count}.",
    },
    "setup.pair_dealt": {
        "en": "{card:card} is one of the pairs that are not dealt.",
        "ru": "{card:card} — из пар, которые не раздают.",
    },
    "setup.game": {
        "en": "This setup is for the game {game}, not the cat auction.",
        "ru": "Эта раздача для игры {game}, а не для «Котиков».",
    },
    "setup.names": {
        "en": "The players must be a list of non-empty names.",
        "ru": "Игроки — это список непустых имён.",
    },
    "setup.hands_shape": {
        "en": "The hands must give each player a list of cards.",
        "ru": "В раздаче каждому игроку нужен список карт.",
    },
    "deal.not_now": {"en": "The cards were already dealt.", "ru": "Карты уже розданы."},
    "deal.unknown_player": {"en": "{player} is not playing.", "ru": "Игрок {player} не играет."},
    "deal.twice": {
        "en": "{player}'s hand is already entered (undo it to correct it).",
        "ru": "Рука игрока {player} уже введена (чтобы исправить, отмените ввод).",
    },
    "deal.card_twice": {"en": "A card is entered twice.", "ru": "Одна карта введена дважды."},
    "deal.card_taken": {"en": "{card:card} is already in another hand.", "ru": "Карта {card:card} уже у другого игрока."},
    "lot.after_game_end": {"en": "The game is over.", "ru": "Игра окончена."},
    "lot.not_now": {"en": "The round is not waiting for a lot.", "ru": "Сейчас не время выкладывать лот."},
    "lot.unknown_card": {"en": "Unknown card {card}.", "ru": "Неизвестная карта {card}."},
    "lot.not_in_prize": {"en": "{card:card} is not in the Prize deck.", "ru": "Карты {card:card} нет в колоде «Приз»."},
    "reveal.not_now": {"en": "No won lot waits to be named.", "ru": "Сейчас нет выигранного лота, который нужно назвать."},
    "bid.no_cards": {"en": "Lay at least one number card.", "ru": "Выложите хотя бы одну числовую карту."},
    "bid.card_twice": {"en": "A card is laid twice.", "ru": "Одна карта выложена дважды."},
    "bid.cat_card": {
        "en": "{card:card} is a cat card; a bid is made of number cards (play cat cards one at a time).",
        "ru": "{card:card} — карта котика; ставку делают числовыми картами (котиков играют по одному).",
    },
    "bid.unknown_card": {"en": "Unknown card {card}.", "ru": "Неизвестная карта {card}."},
    "bid.not_in_hand": {"en": "{card:card} is not in {player}'s hand.", "ru": "Карты {card:card} нет на руке у игрока {player}."},
    "bid.golden_stake": {"en": "Number cards cannot beat a golden stake.", "ru": "Золотую ставку числовыми картами не перебить."},
    "bid.too_low": {
        "en": "{value} does not double the stake of {stake} (at least {least}).",
        "ru": "{value} — мало: нужно хотя бы вдвое больше ставки на кону {stake}, то есть не меньше {least}.",
    },
    "play.number_card": {
        "en": "{card:card} is a number card; bid it instead.",
        "ru": "{card:card} — числовая карта, ею делают ставку.",
    },
    "play.unknown_card": {"en": "Unknown card {card}.", "ru": "Неизвестная карта {card}."},
    "play.not_in_hand": {"en": "{card:card} is not in {player}'s hand.", "ru": "Карты {card:card} нет на руке у игрока {player}."},
    "play.cat_at_zero": {
        "en": "At a zero stake only number cards may be laid; {card:card} cannot open.",
        "ru": "При нулевой ставке ходят только числовыми картами; начинать с карты {card:card} нельзя.",
    },
    "play.not_allowed": {
        "en": "{card:card} cannot be played at a {column:word} stake.",
        "ru": "Карту {card:card} нельзя сыграть, когда ставка {column:word}.",
    },
    "play.turned_unexpected": {"en": "{card:card} turns up no card.", "ru": "Карта {card:card} не открывает карт."},
    "play.turned_missing": {
        "en": "Say which card {card:card} turned up from the {deck:word} deck.",
        "ru": "Укажите, какую карту {card:card} открыла из колоды {deck:word}.",
    },
    "play.turned_not_in_deck": {
        "en": "{turned:card} is not in the {deck:word} deck.",
        "ru": "Карты {turned:card} нет в колоде {deck:word}.",
    },
    "pass.unknown_card": {"en": "Unknown card {card}.", "ru": "Неизвестная карта {card}."},
    "pass.not_in_hand": {
        "en": "The penalty {card:card} is not in {player}'s hand.",
        "ru": "Штрафной карты {card:card} нет на руке у игрока {player}.",
    },
    "draw.count": {
        "en": "{player} draws {need:n:card:cards}, not {count}.",
        "ru": "Игрок {player} берёт {need:n:карту:карты:карт}, а не {count}.",
    },
    "draw.card_twice": {"en": "A card is drawn twice.", "ru": "Одна карта взята дважды."},
    "draw.not_in_bank": {"en": "{card:card} is not in the Bank deck.", "ru": "Карты {card:card} нет в колоде «Банк»."},
    "reveal.count": {
        "en": "The lot held {held:n:face-down card:face-down cards}, not {count}.",
        "ru": "В лоте было закрытых карт: {held}, а названо {count}.",
    },
    "reveal.card_twice": {"en": "A card is named twice.", "ru": "Одна карта названа дважды."},
    "reveal.not_a_cat": {
        "en": "{card:card} is not a cat card; a lot holds cat cards.",
        "ru": "{card:card} — не карта котика, а в лоте только котики.",
    },
    "reveal.card_seen": {
        "en": "{card:card} is already elsewhere on the table.",
        "ru": "Карта {card:card} уже лежит в другом месте.",
    },
}

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
