"""Blue/red matching refusals by rule id, in English and Russian (companion.games.wording has the template syntax).

The engine raises `W.violation(rule, **params)`; the web's error handler and the
CLI word it in the reader's language. Pure data: no Flask, no I/O.
"""

from __future__ import annotations

from companion.games.match.state import DECK
from companion.games.messages import WORDING as COMMON
from companion.games.wording import Wording

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


PHRASES: dict[str, dict[str, str]] = {
    "hand": {"en": "in {owner}'s hand", "ru": "на руке у игрока {owner}"},
    "matches": {"en": "in {owner}'s matches", "ru": "в парах игрока {owner}"},
    "deck": {"en": "in the {colour} deck", "ru": "в колоде цвета «{colour:word}»"},
    "discard": {"en": "in the {colour} discard pile", "ru": "в сбросе цвета «{colour:word}»"},
    "spent": {"en": "in the {colour} advanced discard pile", "ru": "в сбросе особых карт цвета «{colour:word}»"},
    "out": {"en": "not in play this round", "ru": "не в игре в этом раунде"},
}
"""Where a card is (state.place_of), for "(it is ...)" clauses."""

TURN_GUARDS: dict[str, dict[str, str]] = {
    "after_game_end": {"en": "The game is over.", "ru": "Игра окончена."},
    "before_deal": {"en": "Round {round} has not been dealt on the record.", "ru": "Раунд {round} ещё не сдан в записи."},
    "round_over": {"en": "Round {round} is over; score it.", "ru": "Раунд {round} окончен: подсчитайте очки."},
    "unknown_player": {"en": "{player} is not playing.", "ru": "Игрок {player} не участвует в игре."},
    "not_your_turn": {"en": "It is {turn}'s turn, not {player}'s.", "ru": "Сейчас ход игрока {turn}, а не игрока {player}."},
    "already_drew": {"en": "{player} has drawn this turn already.", "ru": "Игрок {player} уже взял карту в этот ход."},
    "draw_first": {"en": "{player} must draw first.", "ru": "Игрок {player} должен сначала взять карту."},
    "not_in_hand": {"en": "{card:card} is not in {player}'s hand (it is {where:phrase}).",
                    "ru": "Карты {card:card} нет на руке у игрока {player} (она {where:phrase})."},
}

MESSAGES: dict[str, dict[str, str]] = {
    "setup.game": {"en": "This setup is for the game {game}, not the blue/red matching game.",
                   "ru": "Эта раздача для игры {game}, а не для игры в синие и красные пары."},
    "setup.players": {"en": "The players must be a list of player names, seated clockwise.",
                      "ru": "Игроки — это список имён по часовой стрелке."},
    "setup.advanced": {"en": "Advanced must be true or false, not {value}.",
                       "ru": "Поле advanced — это true или false, а не {value}."},
    "setup.dealer_not_seated": {"en": "The dealer {dealer} is not one of the players.",
                                "ru": "Сдающий {dealer} не сидит за столом."},
    "setup.missing": {"en": "The first line of a record must be a setup.",
                      "ru": "Первая строка записи должна быть раздачей (setup)."},
    "record.round": {"en": "The round must be 1 to {rounds}, not {value}.",
                     "ru": "Номер раунда — от 1 до {rounds}, а не {value}."},
    "record.draw_from": {"en": "A draw is from {sources:or} (or nothing, with no card), not {value}.",
                         "ru": "Карту берут из одного из мест: {sources:or} (или ниоткуда, без карты), а не {value}."},
    "record.match_cards": {"en": "A match is the two cards of one match, not {count}.",
                           "ru": "Пара — это две карты, а не {count}."},
    "record.hands": {"en": "The hands must give each player a list of cards.",
                     "ru": "В раздаче каждому игроку нужен список карт."},
    "deal.after_game_end": {"en": "The game is over: all {rounds} rounds are scored.",
                            "ru": "Игра окончена: очки всех {rounds} раундов подсчитаны."},
    "deal.mid_round": {"en": "Round {round} is still being played.", "ru": "Раунд {round} ещё идёт."},
    "deal.wrong_round": {"en": "This is round {round}, not {given}.", "ru": "Сейчас раунд {round}, а не {given}."},
    "deal.hands_players": {"en": "The hands must name exactly the players {players:list}.",
                           "ru": "Руки должны быть ровно у игроков {players:list}."},
    "deal.hands_players/missing": {"en": "The hands must name exactly the players {players:list}; {missing:list} {missing:w:is:are} missing.",
                                   "ru": "Руки должны быть ровно у игроков {players:list}; нет руки у {missing:w:игрока:игроков:игроков} {missing:list}."},
    "deal.hands_players/extra": {"en": "The hands must name exactly the players {players:list}; {extra:list} {extra:w:is:are} not playing.",
                                 "ru": "Руки должны быть ровно у игроков {players:list}; {extra:list} {extra:w:не участвует:не участвуют:не участвуют} в игре."},
    "deal.hands_players/both": {"en": "The hands must name exactly the players {players:list}; {missing:list} {missing:w:is:are} missing and {extra:list} {extra:w:is:are} not playing.",
                                "ru": "Руки должны быть ровно у игроков {players:list}; нет руки у {missing:w:игрока:игроков:игроков} {missing:list}, а {extra:list} {extra:w:не участвует:не участвуют:не участвуют} в игре."},
    "deal.not_in_deck/basic": {"en": "{card:card} is not in the basic game's decks.",
                               "ru": "Карты {card:card} нет в колодах базовой игры."},
    "deal.not_in_deck/advanced": {"en": "{card:card} is not in the advanced game's decks.",
                                  "ru": "Карты {card:card} нет в колодах продвинутой игры."},
    "deal.card_twice": {"en": "{card:card} is dealt twice.", "ru": "Карта {card:card} сдана дважды."},
    "deal.hand_size": {"en": "{player} must get {count:n:{colour} card:{colour} cards}, not {got}.",
                       "ru": "Игрок {player} должен получить {count} карт цвета «{colour:word}», а не {got}."},
    "draw.must_draw": {"en": "{player} must draw from {sources:or}.",
                       "ru": "Игрок {player} должен взять карту, откуда можно: {sources:or}."},
    "draw.unknown_source": {"en": "{source} is not a place to draw from ({sources:or}).",
                            "ru": "{source} — не место, откуда берут карту ({sources:or})."},
    "draw.wrong_colour": {"en": "{card:card} is not a {colour} card.", "ru": "Карта {card:card} не цвета «{colour:word}»."},
    "draw.empty_deck": {"en": "The {colour} deck is empty.", "ru": "Колода цвета «{colour:word}» пуста."},
    "draw.not_in_deck": {"en": "{card:card} is not in the {colour} deck (it is {where:phrase}).",
                         "ru": "Карты {card:card} нет в колоде цвета «{colour:word}» (она {where:phrase})."},
    "draw.not_top_of_discard": {"en": "{card:card} is not the top of the {colour} discard pile (the top is {top:card}).",
                                "ru": "Карта {card:card} не лежит сверху сброса цвета «{colour:word}» (сверху {top:card})."},
    "draw.not_top_of_discard/empty": {"en": "The {colour} discard pile is empty.",
                                      "ru": "Сброс цвета «{colour:word}» пуст."},
    "match.two_cards": {"en": "A match is two different cards, not {cards:cards}.",
                        "ru": "Пара — это две разные карты, а не {cards:cards}."},
    "match.not_corresponding": {"en": "{cards:cards} are not a blue and a red card of corresponding value.",
                                "ru": "{cards:cards} — не синяя и красная карты соответствующего достоинства."},
    "trade.no_numbered_card": {"en": "{player} needs a {colour} numbered card in hand to play {card:card}.",
                               "ru": "Чтобы сыграть {card:card}, игроку {player} нужна на руке числовая карта цвета «{colour:word}»."},
    "trade.partner_available": {"en": "{partner} holds a {colour} numbered card; trade with them.",
                                "ru": "У игрока {partner} есть числовая карта цвета «{colour:word}»: меняйтесь с ним."},
    "trade.cards_without_partner": {"en": "With no partner, no cards change hands.",
                                    "ru": "Без партнёра карты не переходят из рук в руки."},
    "trade.bad_partner": {"en": "{partner} is not another player.", "ru": "{partner} — не другой игрок."},
    "trade.partner_has_none": {"en": "{partner} has no {colour} numbered card (no trade): pick another player.",
                               "ru": "У игрока {partner} нет числовой карты цвета «{colour:word}» (обмена нет): выберите другого игрока."},
    "trade.bad_take": {"en": "{card:card} is not a {colour} numbered card in {player}'s hand.",
                       "ru": "{card:card} — не числовая карта цвета «{colour:word}» на руке у игрока {player}."},
    "trade.bad_give": {"en": "{card:card} is not a {colour} numbered card in {player}'s hand.",
                       "ru": "{card:card} — не числовая карта цвета «{colour:word}» на руке у игрока {player}."},
    "steal.victim_available": {"en": "{victim} holds a {colour} numbered card; steal from them.",
                               "ru": "У игрока {victim} есть числовая карта цвета «{colour:word}»: забирайте у него."},
    "steal.take_without_victim": {"en": "With no victim, nothing is taken.", "ru": "Не у кого забирать — ничего не забирают."},
    "steal.bad_victim": {"en": "{victim} is not another player.", "ru": "{victim} — не другой игрок."},
    "steal.victim_has_none": {"en": "{victim} has no {colour} numbered card (no steal): pick another player.",
                              "ru": "У игрока {victim} нет числовой карты цвета «{colour:word}» (забрать нечего): выберите другого игрока."},
    "steal.bad_take": {"en": "{card:card} is not a {colour} numbered card in {player}'s hand.",
                       "ru": "{card:card} — не числовая карта цвета «{colour:word}» на руке у игрока {player}."},
    "score.after_game_end": {"en": "The game is over.", "ru": "Игра окончена."},
    "score.round_not_over": {"en": "Round {round} goes on: nobody's hand is empty yet.",
                             "ru": "Раунд {round} продолжается: ещё ни у кого не опустела рука."},
    "score.wrong_round": {"en": "This is round {round}, not {given}.", "ru": "Сейчас раунд {round}, а не {given}."},
    "score.players": {"en": "The result must name exactly the players {players:list}.",
                      "ru": "В итогах должны быть ровно игроки {players:list}."},
    "score.players/missing": {"en": "The result must name exactly the players {players:list}; {missing:list} {missing:w:is:are} missing.",
                              "ru": "В итогах должны быть ровно игроки {players:list}; нет {missing:w:игрока:игроков:игроков} {missing:list}."},
    "score.players/extra": {"en": "The result must name exactly the players {players:list}; {extra:list} {extra:w:is:are} not playing.",
                            "ru": "В итогах должны быть ровно игроки {players:list}; {extra:list} {extra:w:не участвует:не участвуют:не участвуют} в игре."},
    "score.players/both": {"en": "The result must name exactly the players {players:list}; {missing:list} {missing:w:is:are} missing and {extra:list} {extra:w:is:are} not playing.",
                           "ru": "В итогах должны быть ровно игроки {players:list}; нет {missing:w:игрока:игроков:игроков} {missing:list}, а {extra:list} {extra:w:не участвует:не участвуют:не участвуют} в игре."},
    "score.disagrees/matches": {"en": "{player}'s matches differ from the ones played.",
                                "ru": "Пары игрока {player} не совпадают с сыгранными."},
    "score.disagrees/hand": {"en": "{player}'s hand differs from the one played.",
                             "ru": "Рука игрока {player} не совпадает с сыгранной."},
    "score.unknown_card": {"en": "{player} shows an unknown card {card}.", "ru": "У игрока {player} неизвестная карта {card}."},
    "score.card_twice": {"en": "{card:card} is shown by {first} and again by {player}.",
                         "ru": "Карта {card:card} есть и у игрока {first}, и у игрока {player}."},
    "score.advanced_card": {"en": "{card:card} is an advanced card, but this is the basic game.",
                            "ru": "{card:card} — карта продвинутой игры, а это базовая игра."},
    "score.not_a_match": {"en": "{cards:cards} in {player}'s stacks is not a match.",
                          "ru": "{cards:cards} в стопках игрока {player} — не пара."},
    "score.no_empty_hand": {"en": "The round ends when a player has no cards in hand, but every hand shows cards.",
                            "ru": "Раунд кончается, когда у кого-то не остаётся карт на руке, а здесь карты на руках у всех."},
    "score.two_empty_hands": {"en": "{players:list} show an empty hand, but the round ends as soon as the first player runs out of cards: only one hand can be empty.",
                              "ru": "У игроков {players:list} пустые руки, а раунд кончается, как только карты кончаются у первого: пустой может быть только одна рука."},
    "score.card_count/basic_missing": {"en": "{player} shows {shown:n:card:cards}; every player has {size} in the basic game: {off:n:card was:cards were} not seen.",
                                       "ru": "У игрока {player} карт: {shown}; в базовой игре у каждого {size}: не замечено карт: {off}."},
    "score.card_count/basic_extra": {"en": "{player} shows {shown:n:card:cards}; every player has {size} in the basic game: {off:n:card:cards} too many.",
                                     "ru": "У игрока {player} карт: {shown}; в базовой игре у каждого {size}: лишних карт: {off}."},
    "score.card_count/advanced_extra": {"en": "{player} shows {shown:n:card:cards}; nobody has more than {size} in the advanced game: {off:n:card:cards} too many.",
                                        "ru": "У игрока {player} карт: {shown}; в продвинутой игре ни у кого нет больше {size}: лишних карт: {off}."},
    "score.card_count/advanced_two_extra": {"en": "{players:list} each show {shown} cards; in the advanced game only the player whose Steal ended the round in their own turn can hold {shown}: one of them shows a card too many.",
                                            "ru": "У игроков {players:list} по {shown} карт; в продвинутой игре {shown} карт бывает только у того, чья «Кража» закончила раунд в его ход: у кого-то из них лишняя карта."},
    "score.card_count/advanced_missing": {"en": "{player} shows {shown:n:card:cards}; every player keeps at least {minimum} in the advanced game (only the Trade and Wild cards can take one away): a card was not seen.",
                                          "ru": "У игрока {player} карт: {shown}; в продвинутой игре у каждого остаётся не меньше {minimum} (убрать карту могут только «Обмен» и «Джокер»): какая-то карта не замечена."},
    "score.too_many_copies": {"en": "{face} is shown more often than the deck has copies ({copies}).",
                              "ru": "Карта {face} указана чаще, чем есть в колоде ({copies})."},
}

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

SOURCE_WORDS = {
    "en": {"blue-deck": "the blue deck", "red-deck": "the red deck", "blue-discard": "the blue discard pile",
           "red-discard": "the red discard pile", "blue": "blue", "red": "red",
           "trade": "Trade", "steal": "Steal", "wild": "Wild"},
    "ru": {"blue-deck": "синяя колода", "red-deck": "красная колода", "blue-discard": "синий сброс",
           "red-discard": "красный сброс", "blue": "синий", "red": "красный",
           "trade": "Обмен", "steal": "Кража", "wild": "Джокер"},
}

W = Wording(MESSAGES, card=card_words, fallback=COMMON, words=SOURCE_WORDS, phrases=PHRASES)
"""The matching game's refusals: raise W.violation(rule, **params) or W.malformed(rule, **params)."""
