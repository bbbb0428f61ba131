"""Russian texts for the cat auction screens («Котики»), merged into the catalog by scripts/web_catalogs.sh.

History lines use «Имя: что случилось» so no verb has to agree with a name's
gender. Card titles, effects, hint-table words and house readings come from
cards_printable/cats.deck.json, which holds both languages: the catalog gets
them from there, so the deck file stays their single source.
"""

import json
from pathlib import Path

RU = {
    "%(bank)s Bank cards and %(cats)s cat cards. Only you see this screen.": "%(bank)s карт «Банка» и карт котиков: %(cats)s. Этот экран видите только вы.",
    "%(player)s bid %(total)s (%(cards)s).": "%(player)s: ставка %(total)s (%(cards)s).",
    "%(player)s bid %(total)s.": "%(player)s: ставка %(total)s.",
    "%(player)s draws %(num)s cards from the Bank and enters them on their phone.": "%(player)s берёт карты из «Банка» (%(num)s) и вводит их на своём телефоне.",
    ("%(player)s drew %(num)d card from the Bank.", "%(player)s drew %(num)d cards from the Bank."): (
        "%(player)s: взята %(num)d карта из «Банка».", "%(player)s: взяты %(num)d карты из «Банка».", "%(player)s: взято %(num)d карт из «Банка»."),
    "%(player)s entered their hand.": "%(player)s: розданные карты введены.",
    "%(player)s passed and paid a penalty card into the lot.": "%(player)s: пас, штрафная карта ушла в лот.",
    "%(player)s played %(card)s.": "%(player)s: сыграна карта %(card)s.",
    "%(player)s to move: bid, play a cat card or pass.": "Ход: %(player)s — ставка, карта котика или пас.",
    "%(player)s took the lot.": "%(player)s: лот забран и назван.",
    "%(player)s won the lot and names its cards on their phone.": "%(player)s: лот выигран — его карты называют на своём телефоне.",
    "%(player)s won the round: the lot and the penalty cards go to their hand.": "%(player)s: раунд выигран, лот и штрафные карты уходят победителю в руку.",
    "1, 1000, 2000 or 5000": "1, 1000, 2000 или 5000",
    "2 to 4 players. Each is dealt 7 Bank (number) cards and, with N players, N-1 cat cards, face down; the pairs «Double the stake», «Golden stake» and «Magic frame-up» are not dealt.":
        "От 2 до 4 игроков. Каждому в закрытую раздают 7 карт «Банка» (числовых) и, если игроков N, по N-1 карт котиков; пары «Удвой ставку», «Золотая ставка» и «Волшебная подстава» не раздают.",
    "A lot was laid face down.": "Лот выложен в закрытую.",
    "A player whose turn comes with an empty hand is out. The last player left, or the winner of the decisive round, wins the game.":
        "Кому в свой ход нечем ходить (пустая рука), тот выбывает. Побеждает последний оставшийся в игре или победитель решающего раунда.",
    "At a zero stake only number cards may be laid, any number of them: their sum is the stake. Otherwise lay number cards worth at least twice the stake, or one cat card the hint table allows.":
        "При нулевой ставке ходят только числовыми картами, любым их количеством: их сумма и есть ставка. Иначе нужно выложить числовые карты минимум на удвоенную ставку или одну карту котика, которую разрешает поле-подсказка.",
    "Bank": "Банк",
    "Bank card turned up": "Открытая карта банка",
    "Bid": "Поставить",
    "Bid number cards": "Ставка числовыми картами",
    "Bids its face value.": "Ставка по номиналу.",
    "Card": "Карта",
    "Cards laid by": "Карты выкладывает",
    "Cat auction": "Котики",
    "Choose a player.": "Выберите игрока.",
    "Decisive round": "Решающий раунд",
    "Decisive round (no lot): %(player)s to move.": "Решающий раунд (без лота): ход %(player)s.",
    "Each round auctions the top card of the Prize deck, laid face down as the lot. When the Prize deck is empty, the decisive round (no lot) decides the game.":
        "В каждом раунде разыгрывается верхняя карта колоды «Приз», выложенная в закрытую как лот. Когда колода «Приз» пуста, игру решает решающий раунд (без лота).",
    "Enter the cards you drew from the Bank": "Введите карты, взятые из «Банка»",
    "Enter the cards you were dealt": "Введите розданные вам карты",
    "Game over: %(winners)s won.": "Игра окончена, победа: %(winners)s.",
    "Hands and the lot are secret. The tablet enters what lies face up: the lot being laid and the cards played to the middle (the camera can read those). Each player's phone enters what only that player knows: the dealt hand, a pass and its penalty card, the cards drawn, and the cards of a won lot. Shared screens show how many cards each player holds, never which.":
        "Руки и лот — тайна. На планшете вводят то, что лежит открыто: что лот выложен и какие карты сыграны на кон (их может прочитать камера). На своём телефоне каждый вводит то, что знает только он: розданные карты, пас и штрафную карту, взятые из банка карты и карты выигранного лота. Общие экраны показывают, сколько карт у каждого на руках, но не какие.",
    "Hands laid down": "Карты на столе",
    "Instead of bidding you may pass: one card of your choice from your hand goes into the lot as a penalty. A pass leaves the round's bidding.":
        "Вместо ставки можно спасовать: любая карта с руки уходит в лот как штраф. Спасовавший выходит из торгов до конца раунда.",
    "Lay the top card of the Prize deck face down as the lot.": "Выложите верхнюю карту колоды «Приз» в закрытую — это лот.",
    "Look at the cards you took: %(n)s from the lot.": "Посмотрите на взятые карты: из лота их %(n)s.",
    "Lot": "Лот",
    "Lot laid face down": "Лот выложен",
    "My hand": "Мои карты",
    "my hand": "мои карты",
    "No bids on the table yet.": "На кону пока пусто.",
    "No cat card of yours may be played now.": "Сейчас ни одну вашу карту котика сыграть нельзя.",
    "Nobody won the round: the lot went face down to the discard pile.": "В раунде нет победителя: лот ушёл в сброс в закрытую.",
    "Not your turn.": "Сейчас не ваш ход.",
    "Number cards add up to": "Сумма числовых карт:",
    "Number cards cannot beat a golden stake.": "Золотую ставку числовыми картами не перебить.",
    "Only a Random stake turns up a card face up.": "Открытую карту банка даёт только «Случайная ставка».",
    "Or a cat card": "Или карта котика",
    "Or pass": "Или пас",
    "Pass": "Пас",
    "Passes, penalties, drawn cards and the won lot are entered on the player's own phone.": "Пас, штрафную карту, взятые карты и выигранный лот игрок вводит на своём телефоне.",
    "Penalty card (goes into the lot)": "Штрафная карта (уйдёт в лот)",
    "Pick exactly %(n)s.": "Выберите ровно %(n)s.",
    "Pick the card.": "Выберите карту.",
    "Pick the cards.": "Выберите карты.",
    "Play": "Сыграть",
    "Play a cat card": "Сыграть карту котика",
    "Private: your cards. Do not show this screen to other players.": "Только для вас: ваши карты. Не показывайте этот экран другим игрокам.",
    "Prize deck": "Колода «Приз»",
    "Round": "Раунд",
    "Send": "Отправить",
    "Stake": "Ставка",
    "Table": "Стол",
    "Tablet: what lies face up": "Планшет: что лежит открыто",
    "The Bank card turned up: %(value)s.": "Открыта карта банка: %(value)s.",
    "The Bank does not hold these cards.": "В «Банке» нет таких карт.",
    "The Bank does not hold this card.": "В «Банке» нет такой карты.",
    "The cards were dealt face down; %(first)s moves first.": "Карты розданы в закрытую; первый ход: %(first)s.",
    "The cards were dealt; %(first)s moves first.": "Карты розданы; первый ход: %(first)s.",
    "The decks do not hold these cards.": "В колодах нет таких карт.",
    "These cards cannot be in the lot: they are elsewhere on the table.": "Этих карт не может быть в лоте: они уже лежат в другом месте.",
    "These cards do not match %(player)s's hand as entered on their phone; check the entry.": "Эти карты не совпадают с рукой игрока %(player)s, введённой на его телефоне; проверьте ввод.",
    "This entry cannot be made here.": "Этот ход здесь не вводят.",
    "Total": "Итого",
    "Waiting for each player to enter their dealt hand on their phone: %(names)s.": "Ждём, пока каждый введёт свои розданные карты на телефоне: %(names)s.",
    "Waiting for the other players.": "Ждём других игроков.",
    "When everyone else has passed, the stake holder wins the lot and the penalty cards; bid cards go to the discard pile; players who passed after the first bid draw 2 Bank cards each.":
        "Когда все остальные спасовали, держатель ставки забирает лот и штрафные карты; карты ставок уходят в сброс; кто спасовал после первой ставки, берёт по 2 карты из «Банка».",
    "Who enters what": "Кто что вводит",
    "You peeked at the lot:": "Вы подсмотрели лот:",
    "You peeked at the lot: look at the face-down card.": "Вы подсмотрели лот: посмотрите на закрытую карту.",
    "You won the lot: enter its cat cards": "Вы выиграли лот: введите его карты котиков",
    "Your turn": "Ваш ход",
    "Players' phones": "Телефоны игроков",
    "Each player scans their own code once; their phone then shows their hand and takes their secret entries.": "Каждый игрок один раз сканирует свой код: после этого его телефон показывает его карты и принимает его тайные ходы.",
    "at least %(n)s": "не меньше %(n)s",
    "banned": "запрет",
    "choose…": "выберите…",
    "discard": "сброс",
    "face down": "в закрытую",
    "holds the stake": "держит ставку",
    "out of the game": "вне игры",
    "passed": "пас",
    "penalty cards": "штрафные карты",
    "this game is not a cat auction": "эта игра — не «Котики»",
    "to move": "ходит",
    "winner": "победитель",
    "Entering for": "Ввод за игрока",
}


def _from_deck() -> dict[str, str]:
    """Return {English: Russian} for the deck file's card, hint-table and reading texts."""
    path = Path(__file__).resolve().parents[4] / "cards_printable" / "cats.deck.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    for info in data["kinds"].values():
        out[info["title"]["en"]] = info["title"]["ru"]
        out[info["effect"]["en"]] = info["effect"]["ru"]
    for table in ("conditions", "stake_states"):
        for text in data[table].values():
            out[text["en"]] = text["ru"]
    for reading in data["readings"]:
        out[reading["topic"]] = reading["topic_ru"]
        out[reading["reading"]] = reading["reading_ru"]
        out[reading["why"]] = reading["why_ru"]
    return out


RU.update(_from_deck())
RU["Each player scans their own code to enter and see their own hand."] = (
    "Каждый игрок сканирует свой код, чтобы вводить и видеть свою руку.")
