"""Russian texts for the cat auction screens («Котики»), put into the game's own catalog (translations/) by scripts/web_catalogs.sh.

History lines use «Имя: что случилось» so no verb has to agree with a name's
gender. Card titles, effects, hint-table words and house readings come from
cards_printable/cats.deck.json, which holds both languages: the catalog gets
them from there, so the deck file stays their single source.
"""

import json
from pathlib import Path

RU = {
    "Put each seat plate in front of its player, the lot, stake and penalty plates in the middle.": "Положите табличку каждого места перед игроком, а таблички лота, ставки и штрафных карт — в центр.",
    "Nothing to enter on this phone now.": "Сейчас на этом телефоне вводить нечего.",
    "Nothing to enter on this phone while the lot is laid on the table.": "Пока на стол выкладывают лот, на этом телефоне вводить нечего.",
    "Nothing to enter on this phone until it is your turn.": "До вашего хода на этом телефоне вводить нечего.",
    ("Enter %(bank)s Bank cards and %(num)s cat card. Only you see this screen.",
     "Enter %(bank)s Bank cards and %(num)s cat cards. Only you see this screen."): (
        # %(bank)s is always 7 (the deal), so «карт» in every form.
        "Введите %(bank)s карт из колоды «Банк» и %(num)s карту котика. Этот экран видите только вы.",
        "Введите %(bank)s карт из колоды «Банк» и %(num)s карты котиков. Этот экран видите только вы.",
        "Введите %(bank)s карт из колоды «Банк» и %(num)s карт котиков. Этот экран видите только вы."),
    ("Pick exactly %(n)s card.", "Pick exactly %(n)s cards."): (
        "Выберите ровно %(n)s карту.", "Выберите ровно %(n)s карты.", "Выберите ровно %(n)s карт."),
    ("You took %(n)s cat card from the lot: look at it.", "You took %(n)s cat cards from the lot: look at them."): (
        "Вы взяли из лота %(n)s карту котика: посмотрите на неё.", "Вы взяли из лота %(n)s карты котиков: посмотрите на них.",
        "Вы взяли из лота %(n)s карт котиков: посмотрите на них."),
    ("%(n)s card face down", "%(n)s cards face down"): (
        "%(n)s карта в закрытую", "%(n)s карты в закрытую", "%(n)s карт в закрытую"),
    "%(player)s bid %(total)s (%(cards)s).": "%(player)s: ставка %(total)s (%(cards)s).",
    "%(player)s bid %(total)s.": "%(player)s: ставка %(total)s.",
    ("%(player)s draws %(num)d card from the Bank deck and enters it on their phone.",
     "%(player)s draws %(num)d cards from the Bank deck and enters them on their phone."): (
        "%(player)s берёт %(num)d карту из колоды «Банк» и вводит её на своём телефоне.",
        "%(player)s берёт %(num)d карты из колоды «Банк» и вводит их на своём телефоне.",
        "%(player)s берёт %(num)d карт из колоды «Банк» и вводит их на своём телефоне."),
    ("%(player)s drew %(num)d card from the Bank.", "%(player)s drew %(num)d cards from the Bank."): (
        "%(player)s: взята %(num)d карта из колоды «Банк».", "%(player)s: взяты %(num)d карты из колоды «Банк».",
        "%(player)s: взято %(num)d карт из колоды «Банк»."),
    "%(player)s entered their hand.": "%(player)s: розданные карты введены.",
    "%(player)s passed and paid a penalty card into the lot.": "%(player)s: пас, штрафная карта ушла в лот.",
    "%(player)s played %(card)s.": "%(player)s: сыграна карта %(card)s.",
    "%(player)s to move: bid number cards or pass.": "Ход: %(player)s — ставка числовыми картами или пас.",
    "%(player)s to move: play a cat card or pass.": "Ход: %(player)s — карта котика или пас.",
    "%(player)s to move: bid, play a cat card or pass.": "Ход: %(player)s — ставка, карта котика или пас.",
    "%(player)s named the cards of the lot they won.": "%(player)s: карты выигранного лота названы.",
    "Player %(player)s won the lot and enters its cards on their phone.": "Игрок %(player)s выиграл лот и вводит его карты на своём телефоне.",
    "Player %(player)s won the round and takes the lot and the penalty cards into their hand.":
        "Игрок %(player)s выиграл раунд и забирает в руку лот и штрафные карты.",
    "Player %(player)s is out of the game.": "Игрок %(player)s выбыл из игры.",
    "1, 1000, 2000 or 5000": "1, 1000, 2000 или 5000",
    "2 to 4 players. Each is dealt 7 Bank (number) cards and, with N players, N-1 cat cards, face down; the pairs «Double the stake», «Golden stake» and «Magic frame-up» are not dealt.":
        "От 2 до 4 игроков. Каждому в закрытую раздают 7 числовых карт из колоды «Банк» и, если игроков N, по N-1 карт котиков; пары «Удвой ставку», «Золотая ставка» и «Волшебная подстава» не раздают.",
    "A lot was laid face down.": "Лот выложен в закрытую.",
    "A player whose turn comes with an empty hand is out. The last player left, or the winner of the decisive round, wins the game.":
        "Кому в свой ход нечем ходить (пустая рука), тот выбывает. Побеждает последний оставшийся в игре или победитель решающего раунда.",
    "At a zero stake only number cards may be laid, any number of them: their sum is the stake. Otherwise lay number cards worth at least twice the stake, or one cat card the hint table allows.":
        "При нулевой ставке ходят только числовыми картами, любым их количеством: их сумма и есть ставка. Иначе нужно выложить числовые карты минимум на удвоенную ставку или одну карту котика, которую разрешает поле-подсказка.",
    "Bank deck": "Колода «Банк»",
    "Bank card turned up": "Открытая карта колоды «Банк»",
    "Which Bank card turned up?": "Какая карта открылась?",
    "Bid": "Поставить",
    "Bid number cards": "Ставка числовыми картами",
    "Bids its face value.": "Ставка по номиналу.",
    "Card": "Карта",
    "Cards in hand": "Карты на руке",
    "The hand is empty.": "На руке пусто.",
    "Cat auction": "Котики",
    "Choose a player.": "Выберите игрока.",
    "Decisive round": "Решающий раунд",
    "Decisive round (no lot).": "Решающий раунд (без лота).",
    "Discard pile": "Сброс",
    "Each player enters their own bids, cat cards, passes and cards on their phone: only the hand's holder can say what is in it. Scan your seat's code on the host screen.":
        "Ставки, карты котиков, пасы и взятые карты каждый игрок вводит на своём телефоне: что у него на руке, знает только он сам. Код своего места сканируйте на экране ведущего.",
    "Each round auctions the top card of the Prize deck, laid face down as the lot. When the Prize deck is empty, the decisive round (no lot) decides the game.":
        "В каждом раунде разыгрывается верхняя карта колоды «Приз», выложенная в закрытую как лот. Когда колода «Приз» пуста, игру решает решающий раунд (без лота).",
    "Enter the cards you drew from the Bank deck": "Введите карты, взятые из колоды «Банк»",
    "Enter the cards you were dealt": "Введите розданные вам карты",
    "Number cards: %(a)s of %(b)s · cat cards: %(c)s of %(d)s": "Числовые карты: %(a)s из %(b)s · карты котиков: %(c)s из %(d)s",
    ("Game over. Winner: %(winners)s.", "Game over. Winners: %(winners)s."): (
        "Игра окончена. Победитель: %(winners)s.", "Игра окончена. Победители: %(winners)s.", "Игра окончена. Победители: %(winners)s."),
    "Hands and the lot are secret. The tablet enters only that the lot was laid face down. Everything checked against a hand is entered by its holder on their own phone: the dealt hand, bids and cat cards, a pass and its penalty card, the cards drawn, and the cards of a won lot; so only a hand's holder learns whether it holds a card. Shared screens show how many cards each player holds, never which.":
        "Руки и лот — тайна. На планшете отмечают только, что лот выложен. Всё, что сверяется с рукой, её владелец вводит сам на своём телефоне: розданные карты, ставки и карты котиков, пас и штрафную карту, взятые карты и карты выигранного лота; поэтому, есть ли карта на руке, узнаёт только её владелец. Общие экраны показывают, сколько карт у каждого на руках, но не какие.",
    "Instead of bidding you may pass: one card of your choice from your hand goes into the lot as a penalty. A pass leaves the round's bidding.":
        "Вместо ставки можно спасовать: любая карта с руки уходит в лот как штраф. Спасовавший выходит из торгов до конца раунда.",
    "Lay the top card of the Prize deck face down as the lot.": "Выложите верхнюю карту колоды «Приз» в закрытую — это лот.",
    "Lot": "Лот",
    "Lot laid face down": "Лот выложен",
    "My hand": "Мои карты",
    "my hand": "мои карты",
    "No bids on the table yet.": "На кону пока пусто.",
    "Bid cards on the table:": "Карты ставок на кону:",
    "No cat card of yours may be played now.": "Сейчас ни одну вашу карту котика сыграть нельзя.",
    "Nobody won the round: the lot went face down to the discard pile.": "В раунде нет победителя: лот ушёл в сброс в закрытую.",
    "Number cards add up to": "Сумма числовых карт:",
    "Number cards cannot beat a golden stake.": "Золотую ставку числовыми картами не перебить.",
    "Only a Random stake turns up a card face up.": "Карту колоды «Банк» открывает только «Случайная ставка».",
    "Or pass": "Или пас",
    "Pass": "Пас",
    "Penalty card (goes into the lot)": "Штрафная карта (уйдёт в лот)",
    "Penalty cards": "Штрафные карты",
    "Pick the card.": "Выберите карту.",
    "Pick the cards.": "Выберите карты.",
    "Play a cat card": "Сыграть карту котика",
    "Private: your cards. Do not show this screen to other players.": "Только для вас: ваши карты. Не показывайте этот экран другим игрокам.",
    "Prize deck": "Колода «Приз»",
    "Round": "Раунд",
    "Send": "Отправить",
    "Stake": "Ставка",
    "%(state)s stake": "%(state)s ставка",
    "Tablet": "Планшет",
    "The Bank card turned up: %(value)s.": "Открыта карта колоды «Банк»: %(value)s.",
    "The Bank does not hold these cards.": "В колоде «Банк» нет таких карт.",
    "The Bank does not hold this card.": "В колоде «Банк» нет такой карты.",
    "The cards were dealt face down; %(first)s moves first.": "Карты розданы в закрытую; первый ход: %(first)s.",
    "The cards were dealt; %(first)s moves first.": "Карты розданы; первый ход: %(first)s.",
    "The deal": "Раздача",
    "The decks do not hold these cards.": "В колодах нет таких карт.",
    "The tablet enters only the lot. Each player enters their own bids, cat cards and passes on their phone.":
        "На планшете вводят только лот. Ставки, карты котиков и пасы каждый игрок вводит на своём телефоне.",
    "These cards cannot be in the lot: they are elsewhere on the table.": "Этих карт не может быть в лоте: они уже лежат в другом месте.",
    "This entry cannot be made here.": "Этот ход здесь не вводят.",
    "Total": "Итого",
    ("Waiting for player %(names)s to enter their dealt hand on their phone.",
     "Waiting for players %(names)s to enter their dealt hands on their phones."): (
        "Ждём, пока игрок %(names)s введёт розданные карты на своём телефоне.",
        "Ждём, пока игроки %(names)s введут розданные карты на своих телефонах.",
        "Ждём, пока игроки %(names)s введут розданные карты на своих телефонах."),
    "When everyone else has passed, the stake holder wins the lot and the penalty cards; bid cards go to the discard pile; players who passed after the first bid draw 2 Bank cards each.":
        "Когда все остальные спасовали, держатель ставки забирает лот и штрафные карты; карты ставок уходят в сброс; кто спасовал после первой ставки, берёт по 2 карты из колоды «Банк».",
    "Who enters what": "Кто что вводит",
    "You do not hold these cards.": "У вас нет таких карт.",
    "You peeked at the lot:": "Вы подсмотрели лот:",
    "You peeked at the lot: look at the face-down card.": "Вы подсмотрели лот: посмотрите на закрытую карту.",
    "You won the lot: enter its cat cards": "Вы выиграли лот: введите его карты котиков",
    "Your turn": "Ваш ход",
    "Your turn: bid number cards or pass.": "Ваш ход: ставка числовыми картами или пас.",
    "Your turn: play a cat card or pass.": "Ваш ход: карта котика или пас.",
    "Your turn: bid, play a cat card or pass.": "Ваш ход: ставка, карта котика или пас.",
    "You won the round: take the lot and enter its cards below.": "Вы выиграли раунд: возьмите лот и введите его карты ниже.",
    ("Draw %(num)d card from the Bank deck and enter it below.", "Draw %(num)d cards from the Bank deck and enter them below."): (
        "Возьмите %(num)d карту из колоды «Банк» и введите её ниже.", "Возьмите %(num)d карты из колоды «Банк» и введите их ниже.",
        "Возьмите %(num)d карт из колоды «Банк» и введите их ниже."),
    "at least %(n)s": "не меньше %(n)s",
    "banned": "запрет",
    "choose…": "выберите…",
    "holds the stake": "держит ставку",
    "out of the game": "выбыл(а)",
    "passed": "пас",
    "this game is not a cat auction": "эта игра — не «Котики»",
    "to move": "ходит",
    "winner": "победитель",
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
        out[reading["sheet_en"]] = reading["sheet_ru"]
        out[reading["alternative"]] = reading["alternative_ru"]
    return out


RU.update(_from_deck())
RU["Each player scans their own code to enter and see their own hand."] = (
    "Каждый игрок сканирует свой код: на своём телефоне он видит свои карты и вводит свои ходы.")

# What can be undone (rules page)
RU.update({
    'What can be undone':
        'Что можно отменить',
    'The last move can be undone with “Undo last move” when it only recorded what was played: a dealt hand as entered, the lot laid face down, a bid, a pass, a cat card that turned nothing up.':
        'Последний ход можно отменить кнопкой «Отменить последний ход», если он только записал сыгранное: введённую раздачу, лот, выложенный рубашкой вверх, ставку, пас, карту кота, которая ничего не открыла.',
    "Moves that show something hidden or take a card from a face-down deck are never undone, because after them someone knows more than before: naming the cards of a won lot, the cards a loser draws from the Bank, and a cat card that turned up a deck's card. A mistake there is corrected by a new move that everyone sees; the undo button says so when one of them is the last move.":
        'Ходы, которые показывают скрытое или берут карту из закрытой колоды, не отменяются никогда, потому что после них кто-то знает больше, чем до них: названные карты выигранного лота, карты, которые проигравший берёт из Банка, и карта кота, открывшая карту колоды. Ошибку в них исправляют новым ходом, который видят все; кнопка отмены говорит об этом, когда такой ход последний.',
})

# Each move type as a player names it in a conflict's "Meanwhile another screen entered Ann's draw" (screens/__init__.py move_words).
RU.update({
    "hand": "рука",
    "lot": "лот",
    "bid": "ставка",
    "played card": "сыгранная карта",
    "pass": "пас",
    "draw": "взятие карт",
    "reveal": "открытие",
})
