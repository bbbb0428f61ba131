"""Russian texts of BUX's screens: the game's name, the tablet's entry forms and "Correct" (the form filled with a proposal).

Merged into ru/LC_MESSAGES/messages.po by scripts/web_catalogs.sh, like ru_source.py.
"""

RU = {
    "Put each seat plate in front of its player, the bid area, discard and timer plates in the middle.": "Положите табличку каждого места перед игроком, а таблички торга, сброса и таймера — в центр.",
    "BUX": "BUX",
    "Cancel correction": "Отменить исправление",
    "Correcting": "Исправление",
    "Some cards of the proposal are not where this move needs them: pick them yourself.":
        "Некоторые карты из предложения лежат не там, где нужно для этого хода: выберите их сами.",
    "Tap to take this set apart": "Нажмите, чтобы разобрать этот набор",
    "The form is filled in as proposed: change what is wrong, then submit.":
        "Форма заполнена по предложению: исправьте неверное и отправьте.",
    "The proposal is for %(name)s, but it is %(turn)s's turn.":
        "Предложение относится к игроку %(name)s, но сейчас ходит %(turn)s.",
    "%(card)s is already in this draw.": "%(card)s уже есть в этом наборе.",
    "%(name)s has only %(chips)s chips and cannot pay more.": "У игрока %(name)s только %(chips)s фишек, больше он не заплатит.",
    "A card of this proposal is no longer in the draw deck: tap Correct and enter the cards.":
        "Одной из карт этого предложения уже нет в колоде: нажмите «Исправить» и введите карты.",
    "A draw turns over 3 playing cards: remove one before adding another.":
        "Открывают 3 игровые карты: уберите одну, прежде чем добавить другую.",
    "Accepted.": "Принято.",
    "Add card": "Добавить карту",
    "BUX cards": "Карты BUX",
    "Choose the card's %(what)s, then tap Add card.": "Выберите у карты: %(what)s — и нажмите «Добавить карту».",
    "Choose who won the bid.": "Выберите, кто выиграл торг.",
    "Name each card as it is turned over: its suit, shape and value, then Add card. A BUX card is one tap.":
        "Вводите карты по мере открытия: масть, фигура, число, затем «Добавить карту». Карта BUX — одно нажатие.",
    "Name each drawn card by its suit, shape and value.": "Назовите каждую открытую карту: масть, фигура и число.",
    "Name the cards that were turned over before submitting the draw.": "Сначала введите открытые карты, потом отправляйте.",
    "Pick 3 cards that share a suit or a shape.": "Выберите 3 карты с общей мастью или общей фигурой.",
    "Remove %(card)s": "Убрать %(card)s",
    "%(card)s is out": "%(card)s уже вышла",
    "It turned up earlier this deck and is set aside: it cannot turn up again before the reshuffle.":
        "Она уже открылась в этой колоде и отложена: до перетасовки снова выйти не может.",
    ("Refused: %(player)s's draw named %(cards)s, which is not in the draw deck.",
     "Refused: %(player)s's draw named %(cards)s, which are not in the draw deck."): (
        "Отклонено: %(player)s назвал(а) среди открытых карт %(cards)s, а её нет в колоде.",
        "Отклонено: %(player)s назвал(а) среди открытых карт %(cards)s, а их нет в колоде.",
        "Отклонено: %(player)s назвал(а) среди открытых карт %(cards)s, а их нет в колоде."),
    "Set added.": "Набор добавлен.",
    "Shape": "Фигура",
    "Suit": "Масть",
    "The last move was undone.": "Последний ход отменён.",
    "The price must be a multiple of %(n)s chips.": "Цена должна быть кратна %(n)s фишкам.",
    "The price must be at least %(n)s chips.": "Цена должна быть не меньше %(n)s фишек.",
    "The tablet is offline: the entry was not sent. Try again when it says Live.":
        "Планшет не в сети: ход не отправлен. Повторите, когда появится «На связи».",
    "There is no card %(suit)s %(shape)s %(value)s in the deck: the suits are %(suits)s, the shapes %(shapes)s and the values %(values)s.":
        "В колоде нет карты %(suit)s %(shape)s %(value)s: масти — %(suits)s, фигуры — %(shapes)s, числа — %(values)s.",
    "These 3 cards are not a set: they share no suit and no shape.": "Эти 3 карты не набор: у них нет ни общей масти, ни общей фигуры.",
    "Type the price as a whole number of chips, digits only (for example 55).":
        "Введите цену целым числом фишек, только цифрами (например, 55).",
    "Type the price the bid was won for.": "Введите цену, за которую выигран торг.",
    "Value": "Число",
    "shape": "фигура",
    "suit": "масть",
    "value": "число",
    "hand over:": "отдать:",
    "The fewest chips that make this payment": "Наименьшее число фишек для этой выплаты",
    "Refused, not stored: %(player)s's draw of %(cards)s.": "Отклонено, не записано: %(player)s открыл(а) %(cards)s.",
    "Name spread cards by the handles the entry form sends, not by card codes: a code carries the value on the back.":
        "Карты раскладов называются метками, которые отправляет форма, а не кодами карт: в коде есть число с рубашки.",
}

# What can be undone (rules page)
RU.update({
    'What can be undone':
        'Что можно отменить',
    'Every BUX move can be undone with “Undo last move”: a draw, a sale, a swap and going broke only record what the table shows. The cards of a draw lie face up and its auction is open, so an undo lets you enter them again as they lie, and nothing hidden is drawn or rolled again.':
        'Любой ход BUX можно отменить кнопкой «Отменить последний ход»: взятие карт, продажа, обмен и банкротство только записывают то, что видно на столе. Карты взятия лежат открыто, а торг открытый, поэтому после отмены их вводят заново как лежат, и ничего скрытого заново не берут и не бросают.',
    'In every game, a move that revealed hidden information or used chance (a reveal of sealed bids, a dice roll, a card drawn from a face-down deck into a hand) is never undone, only corrected by a new move that everyone sees. BUX has none: dice rolled on its dice panel are stored beside the game, not as moves, and are never taken back.':
        'В любой игре ход, который открыл скрытое или зависел от случая (вскрытие закрытых ставок, бросок кубиков, карта из закрытой колоды в руку), не отменяется никогда, его только исправляют новым ходом, который видят все. В BUX таких ходов нет: кубики с панели кубиков хранятся рядом с игрой, а не как ходы, и их не отменяют.',
})

# Each move type as a player names it in a conflict's "Meanwhile another screen entered Ann's draw" (screens/__init__.py move_words).
RU.update({
    "draw": "взятие карт",
    "sale": "продажа",
    "swap": "обмен",
    "going broke": "без фишек",
})
