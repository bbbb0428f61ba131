"""Russian texts of BUX's screens: its pages, entry forms, rules page, history lines and deck-file texts.

Put into BUX's own catalog (translations/ beside this file) by scripts/web_catalogs.sh;
words several games share come from the shared ru_source.py.
"""

RU = {
    # Speech (speech.py: what the Speak switch says)
    "BUX timer card %(n)s is out.": "Вышла карта-таймер BUX номер %(n)s.",
    "Double-BUX: every set sells for double.": "Двойной BUX: каждый набор продаётся вдвое дороже.",
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

# The table and phone pages, the rules page, the history lines (history.py) and the deck file's texts
RU.update({
    "%(name)s has only %(chips)s chips": "У игрока %(name)s только %(chips)s фишек",
    "%(player)s drew %(cards)s": "%(player)s открыл(а) %(cards)s",
    "%(player)s swapped %(give)s for %(take)s from %(other)s.": "%(player)s обменял(а) %(give)s на %(take)s у игрока %(other)s.",
    "%(player)s was broke and took 100 chips.": "%(player)s без фишек и взял(а) 100 из банка.",
    "%(winner)s won the bid for %(price)s.": "Торг выиграл(а) %(winner)s за %(price)s.",
    "'Two helpful things to know' in the sheet.": "Раздел «Две полезные вещи» в правилах.",
    ("%(player)s sold %(num)d set", "%(player)s sold %(num)d sets"): ("%(player)s продал(а) %(num)d набор", "%(player)s продал(а) %(num)d набора", "%(player)s продал(а) %(num)d наборов"),
    "(seen by the camera)": "(по камере)",
    "1st: time is passing": "1-я: время идёт",
    "2nd: Double-BUX starts": "2-я: начинается Двойной BUX",
    "3 to 5 players. Everyone starts with 200 chips: 4 white (5), 3 silver (10), 1 gold (50), 1 black (100).": "От 3 до 5 игроков. У каждого в начале 200 фишек: 4 белые (5), 3 серебряные (10), 1 золотая (50), 1 чёрная (100).",
    "3rd card of the 3rd deck: game over, most chips wins": "3-я карта 3-й колоды: конец игры, побеждает тот, у кого больше фишек",
    "3rd: Double-BUX ends; reshuffle all unowned cards; same player draws again": "3-я: Двойной BUX кончается; перетасуйте все ничьи карты; тот же игрок тянет снова",
    "A bid is a multiple of 5 (the smallest chip), at least 5, and at most the bidder's chips.": "Ставка кратна 5 (самой мелкой фишке), не меньше 5 и не больше фишек игрока.",
    "A card is protected when another card of its spread has its suit and another has its shape.": "Карта защищена, если в раскладе есть другая карта той же масти и другая карта той же фигуры.",
    "A card is protected when another card of its spread shares its suit and another (the same or a different one) shares its shape.": "Карта защищена, если другая карта расклада совпадает с ней мастью, а другая (та же или иная) — фигурой.",
    "A set shares a suit or a shape and pays the values on the backs; same suit AND shape is a perfect match and pays 500.": "В наборе общая масть или общая фигура, он приносит сумму чисел на рубашках; одинаковые масть И фигура — идеальный набор, он приносит 500.",
    "A. Draw 3 cards and put them up for bid": "А. Откройте 3 карты и выставьте на торг",
    "Add set": "Добавить набор",
    "Another player wins: they pay the drawer": "Выиграл другой игрок — он платит открывшему",
    "B. Sell matching 3-card sets to the game": "Б. Продайте игре наборы из 3 карт",
    "BUX 1-2-3 timer cards": "Карты-таймеры BUX 1-2-3",
    "BUX cards: the 1st says time is passing, the 2nd starts Double-BUX (sales pay double), the 3rd pauses the game: reshuffle everything nobody owns and the same player draws again.": "Карты BUX: 1-я — время идёт, 2-я — начинается Двойной BUX (продажи вдвое дороже), 3-я — пауза: перетасуйте всё ничьё, и тот же игрок снова тянет карты.",
    "BUX timer": "Таймер BUX",
    "Bid noted: it is recorded when the cards lie in the winner's spread.": "Ставка принята: ход запишется, когда карты лягут в расклад победителя.",
    "Bid won by": "Торг выиграл",
    "Bidding on %(name)s's %(cards)s": "Торги за %(cards)s игрока %(name)s",
    "Bids and swaps": "Торг и обмен",
    "Bids are multiples of 5. If the drawer wins, the drawer pays the bank; if another player wins, that player pays the drawer.": "Ставки кратны 5. Если торг выиграл открывший карты, он платит банку; если другой игрок — он платит открывшему.",
    "Black": "Чёрная",
    "Broke (0 chips at the start of the turn: take 100 and pass) and keep (no cards at the start of the turn: keep the 3 drawn cards without a bid) are options, entered on the tablet.": "«Без фишек» (0 фишек в начале хода: взять 100 и пропустить ход) и «оставить» (нет карт в начале хода: оставить 3 открытые карты без торга) — это возможности, их вводят на планшете.",
    "Broke and keep": "Без фишек и «оставить»",
    "Broke at the start of your turn: you may take 100 chips and pass. No cards: you may keep the 3 drawn cards without a bid.": "Нет фишек в начале хода — можно взять 100 и пропустить ход. Нет карт — можно оставить себе 3 открытые карты без торга.",
    "Broke at turn start: take 100 and pass": "Нет фишек в начале хода: взять 100 и пропустить",
    "Broke: take 100 and pass": "Без фишек: взять 100 и пропустить",
    "C. Swap one card for an unprotected card": "В. Обменяйте одну карту на незащищённую",
    "Chips come in 5s; a player cannot pay what they do not have.": "Фишки идут по 5; нельзя заплатить больше, чем есть.",
    "Chips over the game": "Фишки по ходу игры",
    "Choose who won the bid": "Выберите, кто выиграл торг",
    "Clear": "Сбросить",
    "Confirm": "Подтвердить",
    "Correct": "Исправить",
    "DOUBLE-BUX! Every sale pays double": "ДВОЙНОЙ BUX! Все продажи вдвое дороже",
    "Deck": "Колода",
    "Dice, e.g. 3d6": "Кубики, например 3d6",
    "Discard": "Сброс",
    "Dismiss": "Отклонить",
    "Double-BUX and bids": "Двойной BUX и ставки",
    "Double-BUX doubles what the game pays for sold sets; bids and the 100-chip broke grant are never doubled.": "Двойной BUX удваивает только выплаты за проданные наборы; ставки и 100 фишек «без фишек» не удваиваются.",
    "Double-BUX: every set pays double (perfect 1000)": "Двойной BUX: каждый набор вдвое дороже (идеальный — 1000)",
    "Doubles!": "Дубль!",
    "Draw & bid": "Взять и торг",
    "Drawer wins the bid: pay the bank": "Открывший выиграл торг — платит банку",
    "Each player is dealt 3 cards face up: their spread. Players may look under their own cards at any time.": "Каждому сдают 3 карты лицом вверх — его расклад. Под свои карты можно заглядывать в любой момент.",
    "Each player scans their own code to see the values on the backs of their own cards.": "Каждый игрок сканирует свой код, чтобы видеть числа на рубашках своих карт.",
    "Enter a move": "Ввести ход",
    "Enter real dice": "Ввести настоящие кубики",
    "Everyone passed": "Все спасовали",
    "Everyone passed.": "Все спасовали.",
    "Give": "Отдать",
    "Gold": "Золотая",
    "Keep (no cards)": "Оставить (нет карт)",
    "Kept without a bid.": "Оставлены без торга.",
    "Last draw of the game": "Последнее открытие в игре",
    "My cards": "Мои карты",
    "Needs attention": "Требует внимания",
    "No draw is waiting for its bid.": "Сейчас нет открытых карт, ждущих торга.",
    "No open attention item %(id)s.": "Нет открытого пункта %(id)s.",
    "No set yet.": "Наборов пока нет.",
    "On your turn do ONE thing: draw 3 cards and put them up for bid, sell matching 3-card sets, or swap one card for an unprotected card of another player.": "В свой ход сделайте ОДНО: откройте 3 карты и выставьте их на торг, продайте наборы из 3 карт или обменяйте свою карту на незащищённую карту другого игрока.",
    "Only a player with no cards may keep the cards.": "Оставить себе карты может только игрок без карт.",
    "Only unprotected cards can be taken.": "Забрать можно только незащищённую карту.",
    "Pick 3 cards that share a suit or a shape, add the set, repeat; then sell.": "Выберите 3 карты с общей мастью или фигурой, добавьте набор, повторите; затем продайте.",
    "Price": "Цена",
    "Private: the values on the backs of your cards. Do not show this screen to other players.": "Лично: числа на рубашках ваших карт. Не показывайте этот экран другим игрокам.",
    "Proposed": "Предложено",
    "Protected cards": "Защищённые карты",
    "Protected: another card shares its suit AND another its shape": "Защищена: другая карта той же масти И другая той же фигуры",
    "Recorded.": "Записано.",
    "Red": "Красная",
    "Roll": "Бросить",
    "Same suit AND shape: perfect match, 500": "Та же масть И фигура: идеальный набор, 500",
    "Same suit OR same shape: mixed match, the sum of the backs": "Та же масть ИЛИ фигура: смешанный набор, сумма рубашек",
    "Say confirm or dismiss (to correct, submit the right move).": "Ответьте «подтвердить» или «отклонить» (чтобы исправить, введите верный ход).",
    "Say which move: draw, sell, swap or broke.": "Укажите ход: взять, продать, обменять или «без фишек».",
    "Sell": "Продать",
    "Sell the sets": "Продать наборы",
    "Selling everything at once would pay": "Продажа всего сразу принесла бы",
    "Selling sets": "Продажа наборов",
    "Sets you could sell now": "Наборы, которые можно продать сейчас",
    "Silver": "Серебряная",
    "Snake eyes!": "Змеиные глаза!",
    "Sold at this price": "Продано по этой цене",
    "Sold cards go face up on the discard pile.": "Проданные карты кладут лицом вверх в сброс.",
    "Swap": "Обмен",
    "Take": "Забрать",
    "That attention item is already resolved.": "Этот пункт уже решён.",
    "The camera is off: enter the draw in the form.": "Камера выключена: введите ход в форме.",
    "The camera saw the draw: type only the price.": "Камера видела, какие карты открыты: введите только цену.",
    "The cards were dealt; %(first)s plays first.": "Карты сданы; первым ходит %(first)s.",
    "The game ends when the 3rd BUX card of the 3rd deck turns up. Most chips wins.": "Игра заканчивается, когда открыта 3-я карта BUX третьей колоды. Побеждает тот, у кого больше фишек.",
    "The price must be a multiple of %(n)s": "Цена должна быть кратна %(n)s",
    "The price must be at least %(n)s": "Цена должна быть не меньше %(n)s",
    "The rules refused this draw: see Needs attention.": "Правила не приняли этот ход: см. «Требует внимания».",
    "The sheet says 'all payoffs from the game are doubled' and names only sold sets.": "В правилах сказано «все выплаты игры удваиваются», и названы только проданные наборы.",
    "The sheet says 'the first purple BUX card drawn', not 'the card marked 1'.": "В правилах сказано «первая открытая фиолетовая карта BUX», а не «карта с цифрой 1».",
    "The sheet says the game is over at once.": "В правилах сказано, что игра сразу заканчивается.",
    "The sheet's A-F example.": "Пример A–F из правил.",
    "The timer counts BUX 1-2-3 cards in the order they turn up, whatever number is printed on them.": "Таймер считает карты BUX 1-2-3 в порядке появления, независимо от напечатанной цифры.",
    "Then the player to your left goes.": "Затем ходит игрок слева.",
    "Third BUX card": "Третья карта BUX",
    "Third BUX card of the third deck: game over.": "Третья карта BUX третьей колоды: игра окончена.",
    "Third BUX card: PAUSE. Gather every card nobody owns (draw deck, discard, the cards just drawn), set the 3 BUX cards aside, shuffle numbers up, put the 3 BUX cards back in, and the same player draws 3 new cards.": "Третья карта BUX: ПАУЗА. Соберите все ничьи карты (колоду, сброс, только что открытые), отложите 3 карты BUX, перетасуйте числами вверх, верните 3 карты BUX в колоду — и тот же игрок открывает 3 новые карты.",
    "Third BUX card: the deck is over, reshuffle.": "Третья карта BUX: колода закончилась, перетасуйте.",
    "This game has no scoreboard yet; the dice work.": "Для этой игры табло пока нет; кубики работают.",
    "This item proposes no move; dismiss it or enter the move.": "Здесь не предложено хода; отклоните пункт или введите ход.",
    "Time is passing": "Время идёт",
    "Timer card order": "Порядок карт-таймеров",
    "Type the price": "Введите цену",
    "Type the price as a whole number of chips": "Введите цену целым числом фишек",
    "Values of real dice": "Значения настоящих кубиков",
    "When the third BUX card of the third deck turns up, the playing cards turned over in that draw go to nobody and are not sold or bid on.": "Когда открыта третья карта BUX третьей колоды, открытые в этот раз игровые карты никому не достаются, их не продают и не разыгрывают.",
    "White": "Белая",
    "X": "крест",
    "Your turn: do ONE thing": "Ваш ход: сделайте ОДНО",
    "chips": "фишек",
    "circle": "круг",
    "club": "трефы",
    "diamond": "бубны",
    "for %(amount)s": "за %(amount)s",
    "heart": "червы",
    "in the draw deck": "в колоде",
    "my cards": "мои карты",
    "oval": "овал",
    "spade": "пики",
    "square": "квадрат",
    "this game has no entry forms yet": "для этой игры пока нет форм ввода",
    "to play": "ходит",
})

# Each move type as a player names it in a conflict's "Meanwhile another screen entered Ann's draw" (screens/__init__.py move_words).
RU.update({
    "draw": "взятие карт",
    "sale": "продажа",
    "swap": "обмен",
    "going broke": "без фишек",
})


# House readings (deck file "readings"): the sheet's words each rests on, and the other reading.
RU.update({
    "The first purple BUX card drawn warns players that 'time is passing.'":
        "Первая вытянутая фиолетовая карта BUX предупреждает игроков, что «время идёт».",
    "The number printed on each BUX card (1, 2, 3) could decide what it does: card 2 would then start Double-BUX whenever it turned up, even first, and card 3 would end the deck even before the other two.":
        "Что делает карта, мог бы решать напечатанный на ней номер (1, 2, 3): тогда карта 2 начинала бы Двойной BUX, когда бы ни выпала, даже первой, а карта 3 заканчивала бы колоду даже раньше двух других.",
    "all payoffs from the game are doubled. All chip totals on sold card sets are doubled for mixed matches":
        "все выплаты от игры удваиваются. Суммы фишек за проданные наборы удваиваются для смешанных совпадений",
    "'All payoffs from the game' could include the 100 chips a broke player takes, which would then be 200 during Double-BUX. Bids are paid by one player to another or to the tray, not by the game, so no reading doubles them.":
        "«Все выплаты от игры» могли бы включать 100 фишек, которые берёт игрок без фишек: во время Двойного BUX это было бы 200. Ставки платит игрок другому игроку или в лоток, а не игра, поэтому их не удваивает ни одно толкование.",
    "The game ends when the third purple BUX-1-2-3 card is turned up in the third draw deck played.":
        "Игра заканчивается, когда в третьей по счёту колоде открывается третья фиолетовая карта BUX-1-2-3.",
    "The draw could be finished first: the playing cards already turned over in it would then be bid on and paid for before the game ends, and that last bid could still change who has the most chips.":
        "Можно было бы сначала довести взятие до конца: уже открытые в нём игровые карты тогда разыгрывались бы на торгах и оплачивались до конца игры, и этот последний торг ещё мог бы изменить, у кого больше всего фишек.",
    "[White=5, Silver=10, Gold=50, Black=100, Red=1000]":
        "[белая = 5, серебряная = 10, золотая = 50, чёрная = 100, красная = 1000]",
    "A bid could be any whole number of chips (the sheet's examples, '10' and '30', are multiples of 5 but do not say it must be); a bid such as 12 could then not be paid exactly with the chips in the game.":
        "Ставкой могло бы быть любое целое число фишек (примеры с листа, «10» и «30», кратны 5, но лист этого не требует); тогда ставку вроде 12 нельзя было бы заплатить ровно фишками из игры.",
    "A card is unprotected if it has the only suit or the only shape in its spread.":
        "Карта не защищена, если у неё единственная в раскладе масть или единственная в раскладе фигура.",
    "None plausible: a card protected by sharing either its suit or its shape would make the sheet's card C (no other spade, but another X) protected, and the sheet says it is not.":
        "Других правдоподобных нет: если бы карту защищала общая масть или общая фигура по отдельности, карта C из примера на листе (другой пики нет, но есть другой X) была бы защищена, а лист говорит, что нет.",
    "you have the option of taking 100 chips and passing your turn, or not taking 100 chips and playing as normal.":
        "вы можете взять 100 фишек и пропустить ход или не брать 100 фишек и играть как обычно.",
    # House rules (a reading's "rule" choices): the words a player reads for each value.
    "timer cards count in the order they turn up": "карты-таймеры считаются в том порядке, в каком выпали",
    "each timer card does what its printed number says": "каждая карта-таймер делает то, что велит напечатанный на ней номер",
    "a broke player takes 100 chips, even during Double-BUX": "игрок без фишек берёт 100 фишек, даже во время Двойного BUX",
    "a broke player takes 200 chips during Double-BUX": "во время Двойного BUX игрок без фишек берёт 200 фишек",
    "the game ends as soon as the last timer card turns up": "игра заканчивается, как только выпадает последняя карта-таймер",
    "the last draw is finished and bid on before the game ends": "последнее взятие доводится до конца и разыгрывается на торгах, и лишь потом игра заканчивается",
    # History sentences under house rules.
    "%(player)s was broke and took %(amount)s chips.": "%(player)s без фишек и взял(а) %(amount)s из банка.",
    "BUX card 3: the deck is over, reshuffle.": "Карта BUX 3: колода закончилась, перетасуйте.",
    "BUX card 3 of the third deck: game over.": "Карта BUX 3 третьей колоды: игра окончена.",
    "The last deck is over: game over.": "Последняя колода закончилась: игра окончена.",
    "None plausible: the sheet calls both an option ('It's your choice'); making either automatic would take that choice away from the player.":
        "Других правдоподобных нет: лист называет обе возможности выбором («Выбор за вами»); если делать любую из них автоматически, игрок лишится этого выбора.",
})
