"""BUX refusals by rule id, in English and Russian (companion.games.wording has the template syntax).

The engine raises `W.violation(rule, **params)`; the web's error handler and the
CLI word it in the reader's language. Pure data: no Flask, no I/O.
"""

from __future__ import annotations

from companion.games.bux.state import DECK, SHAPE, SUIT, TIMER_CARDS, VALUE
from companion.games.messages import WORDING as COMMON
from companion.games.wording import Wording

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


MESSAGES: dict[str, dict[str, str]] = {
    # setup
    "setup.first_not_seated": {
        "en": "The first player {first} is not one of the players.",
        "ru": "Первый игрок {first} не сидит за столом.",
    },
    "setup.spreads_players": {
        "en": "The spreads must name exactly the players.",
        "ru": "Расклады должны быть ровно у тех, кто играет.",
    },
    "setup.spread_size": {
        "en": "{player} must be dealt exactly {size:n:card:cards}, not {count}.",
        "ru": "Игроку {player} сдают ровно {size:n:карту:карты:карт}, а не {count}.",
    },
    "setup.timer_in_spread": {
        "en": "The timer card {card:card} cannot be dealt into a spread.",
        "ru": "Карту-таймер {card:card} нельзя сдать в расклад.",
    },
    "setup.unknown_card": {
        "en": "There is no card {card} in BUX.",
        "ru": "В BUX нет карты {card}.",
    },
    "setup.card_twice": {
        "en": "The card {card:card} is dealt twice.",
        "ru": "Карта {card:card} сдана дважды.",
    },
    "setup.game": {
        "en": "This setup is for the game {game}, not BUX.",
        "ru": "Эта раздача для игры {game}, а не для BUX.",
    },
    "setup.names": {
        "en": "Every player name must be non-empty text.",
        "ru": "Каждое имя игрока должно быть непустым текстом.",
    },
    "setup.spreads_shape": {
        "en": "The spreads must give each player a list of 3 cards.",
        "ru": "В раскладах каждому игроку нужен список из 3 карт.",
    },
}

TURN_GUARDS: dict[str, dict[str, str]] = {
    "after_game_end": {
        "en": "The game is over.",
        "ru": "Игра окончена.",
    },
    "unknown_player": {
        "en": "{player} is not playing.",
        "ru": "Игрок {player} не участвует в игре.",
    },
    "not_your_turn": {
        "en": "It is {turn}'s turn, not {player}'s.",
        "ru": "Сейчас ход игрока {turn}, а не игрока {player}.",
    },
    "must_redraw": {
        "en": "The deck was reshuffled; {player} must draw again.",
        "ru": "Колоду перетасовали: игрок {player} должен снова открыть карты.",
    },
}
"""The turn guards every kind of move shares, worded once; the ids are "<kind>.<guard>"."""

MESSAGES |= {
    # draw
    "draw.unknown_card": {
        "en": "There is no card {card} in BUX.",
        "ru": "В BUX нет карты {card}.",
    },
    "draw.card_twice": {
        "en": "{card:card} is turned over twice.",
        "ru": "Карта {card:card} открыта дважды.",
    },
    "draw.not_in_draw_deck/spread": {
        "en": "{card:card} is not in the draw deck: it is in {owner}'s spread.",
        "ru": "Карты {card:card} нет в колоде: она в раскладе игрока {owner}.",
    },
    "draw.not_in_draw_deck/discard": {
        "en": "{card:card} is not in the draw deck: it is in the discard pile.",
        "ru": "Карты {card:card} нет в колоде: она в сбросе.",
    },
    "draw.not_in_draw_deck/set_aside": {
        "en": "{card:card} is not in the draw deck: it was already set aside this deck.",
        "ru": "Карты {card:card} нет в колоде: её уже отложили в этой колоде.",
    },
    "draw.not_in_draw_deck/out": {
        "en": "{card:card} is not in the draw deck: it is not in play.",
        "ru": "Карты {card:card} нет в колоде: она не в игре.",
    },
    "draw.too_many_cards": {
        "en": "{card:card} is turned over after the draw was complete.",
        "ru": "Карта {card:card} открыта, когда карты уже были открыты полностью.",
    },
    "draw.too_few_cards": {
        "en": "{count:n:playing card:playing cards} turned over; a draw takes {need}.",
        "ru": "Открыто игровых карт: {count}, а нужно {need}.",
    },
    "draw.settled_after_last_timer": {
        "en": "A draw that ends on the third timer card has no winner, price or keep.",
        "ru": "Если открытие кончилось третьей картой-таймером, у него нет ни победителя торга, ни цены, ни «оставить».",
    },
    "draw.unsettled": {
        "en": "Say who won the bid (winner and price), that everyone passed, or that the cards are kept.",
        "ru": "Укажите, кто выиграл торг (победитель и цена), что все спасовали или что карты оставлены себе.",
    },
    "draw.keep_with_cards": {
        "en": "{player} has cards, so the drawn cards must go up for bid.",
        "ru": "У игрока {player} есть карты, поэтому открытые карты идут на торг.",
    },
    "draw.keep_with_price": {
        "en": "Kept cards are free; they have no price.",
        "ru": "Оставленные карты бесплатны: цены у них нет.",
    },
    "draw.price_without_winner": {
        "en": "Everyone passed, so there is no price.",
        "ru": "Все спасовали, поэтому цены нет.",
    },
    "draw.unknown_winner": {
        "en": "The winner {winner} is not playing.",
        "ru": "Победитель торга {winner} не участвует в игре.",
    },
    "draw.bad_winner": {
        "en": "The winner must be a player's name or nobody, not {winner}.",
        "ru": "Победитель торга — это имя игрока или никто, а не {winner}.",
    },
    "draw.price_not_integer": {
        "en": "The price must be a whole number of chips, not {price}.",
        "ru": "Цена — это целое число фишек, а не {price}.",
    },
    "draw.bad_keep": {
        "en": "Keep may only be true, not {keep}.",
        "ru": "«Оставить» может быть только true, а не {keep}.",
    },
    "draw.keep_and_bid": {
        "en": "A draw is either kept or bid on, not both.",
        "ru": "Открытые карты либо оставляют себе, либо выставляют на торг, но не то и другое сразу.",
    },
    "draw.price_needs_winner": {
        "en": "A price needs a winner.",
        "ru": "У цены должен быть победитель торга.",
    },
    "draw.winner_needs_price": {
        "en": "A winner needs a price.",
        "ru": "Победителю торга нужна цена.",
    },
    # bid
    "bid.not_integer": {
        "en": "The price must be a whole number of chips, not {price}.",
        "ru": "Цена — это целое число фишек, а не {price}.",
    },
    "bid.too_low": {
        "en": "The price must be at least {minimum}, not {price}.",
        "ru": "Цена должна быть не меньше {minimum}, а не {price}.",
    },
    "bid.not_multiple": {
        "en": "The price must be a multiple of {multiple}, not {price}.",
        "ru": "Цена должна быть кратна {multiple}, а {price} не кратно.",
    },
    "bid.over_chips": {
        "en": "{winner} has {chips:n:chip:chips} and cannot pay {price}.",
        "ru": "У игрока {winner} {chips:n:фишка:фишки:фишек}, заплатить {price} он не может.",
    },
    # sell
    "sell.no_sets": {
        "en": "Name at least one set of 3 cards.",
        "ru": "Укажите хотя бы один набор из 3 карт.",
    },
    "sell.set_size": {
        "en": "A set has 3 cards, not {count}: {cards:cards}.",
        "ru": "В наборе 3 карты, а не {count}: {cards:cards}.",
    },
    "sell.card_twice": {
        "en": "{card:card} is sold twice.",
        "ru": "Карта {card:card} продана дважды.",
    },
    "sell.not_in_spread": {
        "en": "{card:card} is not in {player}'s spread.",
        "ru": "Карты {card:card} нет в раскладе игрока {player}.",
    },
    "sell.not_a_set": {
        "en": "{cards:cards} share neither a suit nor a shape.",
        "ru": "У карт {cards:cards} нет ни общей масти, ни общей фигуры.",
    },
    "sell.bad_sets": {
        "en": "Each set must be a list of cards.",
        "ru": "Каждый набор должен быть списком карт.",
    },
    # swap
    "swap.unknown_player": {
        "en": "{player} is not playing.",
        "ru": "Игрок {player} не участвует в игре.",
    },
    "swap.from_self": {
        "en": "Take the card from another player.",
        "ru": "Карту берут у другого игрока.",
    },
    "swap.give_not_in_spread": {
        "en": "{card:card} is not in {player}'s spread.",
        "ru": "Карты {card:card} нет в раскладе игрока {player}.",
    },
    "swap.take_not_in_spread": {
        "en": "{card:card} is not in {player}'s spread.",
        "ru": "Карты {card:card} нет в раскладе игрока {player}.",
    },
    "swap.take_protected": {
        "en": "{card:card} is protected in {player}'s spread.",
        "ru": "Карта {card:card} защищена в раскладе игрока {player}.",
    },
    # broke
    "broke.has_chips": {
        "en": "{player} has {chips:n:chip:chips}; only a player with none is broke.",
        "ru": "У игрока {player} {chips:n:фишка:фишки:фишек}: «без фишек» — только тот, у кого их нет.",
    },
}

MESSAGES |= {f"{kind}.{guard}": texts for kind in TURN_KINDS for guard, texts in TURN_GUARDS.items()}

W = Wording(MESSAGES, card=card_words, fallback=COMMON)
"""BUX's refusals: raise W.violation(rule, **params) or W.malformed(rule, **params)."""
