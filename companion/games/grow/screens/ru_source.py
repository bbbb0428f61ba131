"""Russian texts of the Grow Your Assets screens (tablet, phones), put into the game's own catalog (translations/) by scripts/web_catalogs.sh."""

RU = {
    # Speech (speech.py: what the Speak switch says)
    "All bids are in.": "Все ставки сделаны.",
    "Put each seat plate in front of its player, the round row and discard plates in the middle.": "Положите табличку каждого места перед игроком, а таблички ряда раунда и сброса — в центр.",
    "%(name)s's bid is sealed.": "Ставка игрока %(name)s сделана.", "Pass the tablet on.": "Передайте планшет дальше.",
    "Roll the dice": "Бросить кубики", "Roll the dice for %(names)s": "Бросить кубики за: %(names)s",
    "Enter the dice rolled by hand": "Ввести кубики, брошенные вручную", "Enter these cards": "Внести эти карты",
    "Reveal the bids": "Открыть ставки",
    "Say whose bid this is: choose a player.": "Скажите, чья это ставка: выберите игрока.",
    "Type %(player)s's bid: a whole number of tokens.": "Введите ставку игрока %(player)s: целое число жетонов.",
    # Colours, checks, cards
    "green": "зелёная", "red": "красная", "blue": "синяя", "gold": "золотая",
    "black": "чёрные",
    "warning icon": "знак опасности", "red warning icon": "красный знак опасности",
    "may take a %(colour)s card from another player": "можно забрать у другого игрока карту цвета «%(colour)s»",
    "may move one of your %(colour)s cards to another stack": "можно переложить свою карту цвета «%(colour)s» в другую стопку",
    "no doubles: the card stays": "не дубль: карта остаётся",
    "doubles: the card is discarded": "дубль: карта уходит в сброс",
    "snake eyes: the whole stack is discarded": "две единицы: вся стопка уходит в сброс",
    "doubles on a red warning: the whole stack is discarded": "дубль на красном знаке: вся стопка уходит в сброс",
    # History
    "The game started: %(players)s.": "Игра началась: %(players)s.",
    "Round %(n)s: %(cards)s turned face up.": "Раунд %(n)s: открыты %(cards)s.",
    "Bids revealed: %(bids)s. Tie for the highest bid: everyone bids again.": "Ставки открыты: %(bids)s. Ничья по самой высокой ставке: все ставят заново.",
    "Bids revealed: %(bids)s.": "Ставки открыты: %(bids)s.",
    "%(player)s %(bid)s (own phone)": "%(player)s %(bid)s (свой телефон)",
    "%(player)s %(bid)s (shared tablet)": "%(player)s %(bid)s (общий планшет)",
    "Tiebreak dice: %(rolls)s.": "Кубики для ничьей: %(rolls)s.",
    "%(player)s took %(card)s.": "%(player)s взял(а) %(card)s.",
    "%(player)s rolled %(a)s and %(b)s.": "%(player)s выбросил(а) %(a)s и %(b)s.",
    "%(player)s rolled %(a)s and %(b)s for %(card)s: %(result)s.": "%(player)s выбросил(а) %(a)s и %(b)s за %(card)s: %(result)s.",
    "%(player)s moved %(card)s to another stack.": "%(player)s переложил(а) %(card)s в другую стопку.",
    "%(player)s took %(card)s from %(other)s.": "%(player)s забрал(а) %(card)s у игрока %(other)s.",
    "%(player)s let the card's action go.": "%(player)s не стал(а) выполнять действие карты.",
    "%(player)s switched the blue token for five black ones.": "%(player)s разменял(а) синий жетон на пять чёрных.",
    # Status
    "Turn %(n)s cards face up for the next round.": "Откройте %(n)s карты для следующего раунда.",
    "All bids are in.": "Все ставки сделаны.",
    "Tie for the highest bid: everyone bids again.": "Ничья по самой высокой ставке: все ставят заново.",
    "Sealed bids: waiting for %(names)s.": "Закрытые ставки: ждём %(names)s.",
    "Tied bids: %(names)s roll the dice; the higher total picks first.": "Равные ставки: %(names)s бросают кубики; у кого больше, тот выбирает раньше.",
    "%(player)s picks a card.": "%(player)s выбирает карту.",
    "%(player)s rolls for %(card)s.": "%(player)s бросает кубики за %(card)s.",
    "%(player)s may take the card's action.": "%(player)s может выполнить действие карты.",
    "Game over.": "Игра окончена.",
    "new stack": "новая стопка",
    "stack of %(cards)s": "стопка %(cards)s",
    "Move %(card)s": "Переложить %(card)s",
    "Take %(card)s from %(other)s": "Забрать %(card)s у игрока %(other)s",
    # Pages and API
    "no Grow Your Assets game %(game_id)r": "нет игры «Приумножь капитал» %(game_id)r",
    "tokens": "жетонов", "points": "очков", "total": "всего",
    "you": "вы", "Your cards": "Ваши карты", "Scores": "Счёт", "Points": "Очки", "Tokens": "Жетоны",
    "bid sealed": "ставка сделана", "no bid yet": "ещё без ставки", "bid": "ставка", "pays": "платит",
    "picks #%(n)s": "выбирает %(n)s-м", "no cards": "нет карт", "deck": "колода", "discard pile": "сброс",
    "bank": "банк", "Round": "Раунд", "Winner": "Победитель", "Game over": "Игра окончена",
    "Accepted": "Принято", "Last move undone": "Последний ход отменён",
    "roll %(i)s of %(n)s": "бросок %(i)s из %(n)s",
    "Pass the tablet to %(name)s": "Передайте планшет: %(name)s",
    "Sealed. Pass the tablet on.": "Ставка закрыта. Передайте планшет дальше.",
    "Your bid is sealed. You may change it until everyone has bid.": "Ваша ставка закрыта. Её можно изменить, пока не поставили все.",
    "You bid %(n)s (shown only on this screen).": "Ваша ставка: %(n)s (видна только на этом экране).",
    "No bidding now.": "Сейчас ставок нет.",
    "First bids (tie, not paid)": "Первые ставки (ничья, не оплачиваются)",
    "move": "переложить",
    "Tap %(n)s cards in the order they were turned up.": "Нажмите %(n)s карты в том порядке, в каком их открыли.",
    "Let the action go": "Не выполнять действие",
    "The camera agrees with the game.": "Камера видит то же, что записано в игре.",
    "The camera sees this round's cards:": "Камера видит карты этого раунда:",
    "Use these cards": "Взять эти карты",
    "Type a whole number.": "Введите целое число.",
    "warnings": "знаки опасности",
    "red warnings": "красные знаки опасности",
    "bidding needs the game's join link or your own private link": "для ставки нужна ссылка игры или ваша личная ссылка",
    "Not every bid is in yet; nothing is revealed.": "Ещё не все поставили; ничего не открыто.",
    "Say which move: draw, pick, act, decline or break.": "Укажите ход: открыть, взять, действие, отказ или размен.",
    "Type two dice, each 1 to 6.": "Введите два кубика, каждый от 1 до 6.",
    "Type two dice, each 1 to 6, for every tied player.": "Введите два кубика, каждый от 1 до 6, для каждого игрока с равной ставкой.",
    "No roll is due now.": "Сейчас бросать не нужно.",
    "Grow Your Assets": "Приумножь капитал",
    "This round": "Этот раунд",
    "Next step": "Следующий шаг",
    "To bid from a phone, each player scans their own seat's code on the host screen.": "Чтобы делать ставки с телефона, каждый сканирует код своего места на экране ведущего.",
    "Type your bid in token points (0 is fine). Nobody sees it until every bid is in.": "Введите ставку в очках жетонов (можно 0). Никто её не увидит, пока не поставят все.",
    "Your bid": "Ваша ставка",
    "Seal my bid": "Закрыть ставку",
    "Cancel": "Отмена",
    "OK": "OK",
    "Turn up the cards": "Откройте карты",
    "%(name)s: blue 5 → five black": "%(name)s: синий 5 → пять чёрных",
    "Sealed bids: tap your name": "Закрытые ставки: нажмите своё имя",
    "Tie-break roll": "Бросок при ничьей",
    "Warning dice": "Кубики опасности",
    "Pick a card": "Выбор карты",
    "The card's action": "Действие карты",
}

# The rules page: the summary, the rules-counter cards and the house readings of grow.deck.json
RU.update({
    "Each player scans their own code to seal their bids on their own phone.":
        "Каждый игрок сканирует свой код, чтобы делать закрытые ставки на своём телефоне.",
    "2 to 4 players. With two players, two cards of each colour are removed face down before the game. Each player starts with one blue bid token (worth 5) and ten black tokens (worth 1 each).":
        "От 2 до 4 игроков. Если игроков двое, перед игрой в закрытую убирают по две карты каждого цвета. У каждого в начале один синий жетон (стоит 5) и десять чёрных (по 1).",
    "Each round, turn up as many cards as there are players. Everyone bids in secret (zero allowed); the bids are revealed together.":
        "Каждый раунд открывают столько карт, сколько игроков. Все ставят втайне (можно поставить ноль), потом ставки открывают одновременно.",
    "The highest bid picks first and pays the whole bid; the next highest picks second, and so on. Everyone but the first picker keeps half their bid, rounded up.":
        "Самая высокая ставка выбирает карту первой и платит всю ставку, следующая по величине — второй и так далее. Все, кроме выбравшего первым, оставляют себе половину ставки, округлённую вверх.",
    "A tie for the highest bid: everyone bids again; if it ties again, dice decide. Other ties are settled by dice.":
        "Ничья по самой высокой ставке: все ставят заново; если снова ничья, решают кубики. Остальные ничьи тоже решают кубики.",
    "Green and gold cards go to your green or gold stack; a red or blue card starts a new stack or joins one of its colour. Roll two dice for each warning icon: doubles discard the card; on red and blue, snake eyes or doubles on a red warning discard the whole stack.":
        "Зелёные и золотые карты идут в вашу зелёную или золотую стопку; красная или синяя карта начинает новую стопку или ложится в стопку своего цвета. За каждый знак опасности бросьте два кубика: дубль — карта уходит в сброс; на красной и синей карте две единицы или дубль на красном знаке отправляют в сброс всю стопку.",
    "After the rolls you may take the card's action (always optional). A stolen card is not rolled for and its action is not taken.":
        "После бросков можно выполнить действие карты (по желанию). За украденную карту не бросают, и её действие не выполняют.",
    "The game ends when the deck holds fewer cards than there are players. Green and blue cards score their numbers, red too; blue and red stacks score a bonus by size; gold: the plus cards added up, times each multiply card. Most points wins.":
        "Игра кончается, когда в колоде меньше карт, чем игроков. Зелёные, синие и красные карты приносят свои числа; синие и красные стопки дают бонус по размеру; золото: сумма карт «+», умноженная на каждую карту «×». Побеждает тот, у кого больше очков.",
    # rules-counter cards
    "Bids and picks": "Ставки и выбор",
    "Bid tokens in secret; all bids are revealed together.": "Ставьте жетоны втайне; все ставки открывают одновременно.",
    "Highest bid picks first and pays the whole bid.": "Самая высокая ставка выбирает первой и платит всю ставку.",
    "Everyone else picks in bid order and pays half (keeps half, rounded up).": "Остальные выбирают по порядку ставок и платят половину (половина, округлённая вверх, остаётся у них).",
    "Tie for highest: everyone rebids once, then dice. Other ties: dice.": "Ничья за первое место: все один раз ставят заново, потом кубики. Другие ничьи: кубики.",
    "Warnings": "Знаки опасности",
    "Green: each warning, roll; doubles discard the card. Red warning: roll 4 times.": "Зелёная: за каждый знак бросок; дубль — карта в сброс. Красный знак: бросить 4 раза.",
    "Red/blue: each warning, doubles discard the card, snake eyes the stack.": "Красная/синяя: за каждый знак бросок; дубль — карта в сброс, две единицы — вся стопка.",
    "Red/blue red warning: roll once; doubles discard the whole stack.": "Красный знак на красной/синей: один бросок; дубль — вся стопка в сброс.",
    "Gold: each warning, doubles discard the card. Actions are optional.": "Золотая: за каждый знак бросок; дубль — карта в сброс. Действия — по желанию.",
    "Scoring": "Подсчёт очков",
    "Green: the numbers. Gold: (sum of +) x each x card.": "Зелёные: их числа. Золото: (сумма «+») × каждая карта «×».",
    "Blue: numbers + per stack 1:0 2:0 3:2 4:14 5:25 6:35 7+:55": "Синие: числа + за стопку 1:0 2:0 3:2 4:14 5:25 6:35 7+:55",
    "Red: numbers + per stack 1:1 2:3 3:8 4:13 5:15 6:19 7+:24": "Красные: числа + за стопку 1:1 2:3 3:8 4:13 5:15 6:19 7+:24",
    "A stolen card is not rolled for and its action is not taken.": "За украденную карту не бросают, и её действие не выполняют.",
    # house readings
    "Two players": "Двое игроков",
    "The companion (or the players) removes two cards of each colour at random before the first round; which ones is recorded in the setup line but never shown on any screen.":
        "Перед первым раундом помощник (или сами игроки) убирает наугад по две карты каждого цвета; какие именно, записано в строке расстановки, но не показывается ни на одном экране.",
    "The sheet says only to remove them at random; the companion keeps them unseen, as players who remove them without looking would, and records them so the record replays.":
        "Лист говорит только убрать их наугад; помощник держит их невидимыми, как игроки, убирающие карты не глядя, и записывает их, чтобы запись можно было воспроизвести.",
    "Two players: a removed card turns up": "Двое игроков: открылась убранная карта",
    "If a card on the companion's list of removed cards is turned up, the table's card counts: it is drawn, and another card of its colour still in the deck takes its place on the list. A draw is refused only when it names more cards of a colour than the deck can still hold (the cards of that colour not yet seen, less the two removed), which everyone can count.":
        "Если открыта карта из списка убранных у помощника, верна карта на столе: она открыта, а её место в списке занимает другая карта того же цвета, ещё лежащая в колоде. Раунд не принимается, только если в нём названо больше карт одного цвета, чем их может остаться в колоде (не виденные ещё карты этого цвета минус две убранные), а это может сосчитать каждый.",
    "The cards are removed unseen (see the reading above), so nobody at the table knows which they are; refusing a card for being on the list would let anyone with the tablet find the list by trying cards.":
        "Карты убраны не глядя (см. толкование выше), поэтому никто за столом не знает, какие именно; отказ в карте из-за того, что она в списке, позволил бы любому с планшетом найти список, перебирая карты.",
    "Game end": "Конец игры",
    "Before each round, if fewer cards remain in the deck than there are players, the game ends at once.":
        "Если перед раундом в колоде осталось меньше карт, чем игроков, игра сразу кончается.",
    "'If there are not enough cards for each player to select one ... do not execute that round; the game ends.'":
        "«Если карт не хватает, чтобы каждый игрок выбрал одну… этот раунд не играют; игра окончена».",
    "Bids": "Ставки",
    "A bid is a whole number of token points from 0 to what the player holds (black tokens count 1, the blue token 5).":
        "Ставка — целое число очков жетонов от 0 до того, что есть у игрока (чёрный жетон — 1, синий — 5).",
    "'Players select any number of bid tokens from their pile'; 'he/she may bid zero'.":
        "«Игроки берут из своей кучки любое число жетонов»; «можно поставить ноль».",
    "Paying": "Оплата",
    "The first picker pays the whole bid; every other bidder pays half the bid rounded down (keeps half rounded up), also a player who tied for the highest bid and lost the dice. Tokens paid go to the bank and never come back. Black tokens are paid first; the blue token is broken into five black ones only when the black ones do not cover the payment.":
        "Выбравший первым платит всю ставку; каждый другой платит половину ставки, округлённую вниз (половина, округлённая вверх, остаётся у него), в том числе игрок, который сравнялся по самой высокой ставке и проиграл на кубиках. Отданные жетоны уходят в банк и больше не возвращаются. Сначала платят чёрными жетонами; синий разменивают на пять чёрных, только если чёрных не хватает.",
    "The Joe 3 / Moe 5 example; the blue token may be switched 'at any point throughout the game'.":
        "Пример с Джо (3) и Мо (5); синий жетон можно разменять «в любой момент игры».",
    "Tie for the highest bid": "Ничья по самой высокой ставке",
    "Two or more players tie for the highest bid (everyone bidding 0 included): everyone rebids, once per round; the first bids are not paid. If the highest bid ties again, dice settle the order among the tied players.":
        "Если у двух или более игроков одинаковая самая высокая ставка (в том числе когда все поставили 0), все ставят заново, один раз за раунд; первые ставки не оплачивают. Если самая высокая ставка снова поровну, порядок среди них решают кубики.",
    "'If two players tie for the highest bid, all players rebid. If this occurs a second time, roll the dice to determine the tiebreaker.'":
        "«Если у двух игроков равная высшая ставка, все игроки ставят заново. Если это повторится, бросьте кубики, чтобы разрешить ничью».",
    "Dice tiebreak": "Кубики при ничьей",
    "Each tied player rolls two dice; the higher total picks earlier; players with equal totals roll again among themselves.":
        "Каждый из сравнявшихся бросает два кубика; у кого сумма больше, тот выбирает раньше; при равных суммах эти игроки перебрасывают между собой.",
    "The sheet says only 'roll the dice to determine the tiebreaker'.":
        "В правилах сказано только: «бросьте кубики, чтобы разрешить ничью».",
    "Placing a card": "Куда кладут карту",
    "A picked card is placed before any roll: green and gold cards go to the player's green or gold stack; a red or blue card goes to a stack of the player's choice of that colour or starts a new one.":
        "Выбранную карту кладут до бросков: зелёные и золотые — в зелёную или золотую стопку игрока; красную или синюю — в стопку её цвета по выбору игрока или в новую стопку.",
    "'All cards are placed face up in front of the player that selected them'; green 'may place it in your green card stack' is read as permission, there being nowhere else for it.":
        "«Все карты кладут в открытую перед игроком, который их выбрал»; про зелёную «можно положить в зелёную стопку» мы читаем как разрешение: больше её класть некуда.",
    "Order of warning rolls": "Порядок бросков за знаки",
    "Normal warnings are rolled first, then red warnings, one roll at a time; rolling stops as soon as the card (or its stack) is discarded (our choice).":
        "Сначала бросают за обычные знаки, потом за красные, по одному броску; броски прекращаются, как только карта (или её стопка) ушла в сброс (наш выбор).",
    "The sheet says to roll for each warning icon, but neither orders the icons nor says whether rolling goes on once the card is gone. Read literally, the rolls left are still made, and snake eyes (or, for a red warning, any doubles) then discard the stack the card had joined: for a card with two warnings that changes the outcome of about 1 placement in 250.":
        "Правила велят бросать за каждый знак, но не задают порядок знаков и не говорят, бросают ли дальше, когда карты уже нет. Если читать буквально, оставшиеся броски всё равно делают, и две единицы (а за красный знак любой дубль) отправляют в сброс стопку, в которую легла карта: у карты с двумя знаками это меняет исход примерно одного выкладывания из 250.",
    "Red and blue warnings": "Знаки на красных и синих",
    "For a normal warning, snake eyes (1-1) discard the whole stack, any other doubles discard only the card. For a red warning, any doubles (snake eyes included) discard the whole stack. A stack the card just started is only that card.":
        "За обычный знак две единицы (1-1) отправляют в сброс всю стопку, любой другой дубль — только карту. За красный знак любой дубль (и две единицы тоже) отправляет в сброс всю стопку. Стопка, которую карта только что начала, — это одна эта карта.",
    "The Red and Blue section of the sheet.": "Раздел правил «Красные и синие».",
    "Gold red warnings": "Красные знаки на золотых",
    "the card is gone, and the rest of its stack is discarded": "карты уже нет, а остальная её стопка уходит в сброс",
    "the card is gone; its stack stays": "карты уже нет; её стопка остаётся",
    # House rules (issue 36): each switchable reading's choices, as the end screen and the forms show them
    "rolls stop once the card is gone": "броски прекращаются, когда карты уже нет",
    "every warning is rolled, even after the card is gone": "за каждый знак бросают, даже когда карты уже нет",
    "a gold card's red warning: doubles discard the card": "красный знак на золотой карте: дубль отправляет в сброс карту",
    "a gold card's red warning: doubles discard the whole gold stack": "красный знак на золотой карте: дубль отправляет в сброс всю золотую стопку",
    "no action once the card is discarded": "карта ушла в сброс — действия нет",
    "a discarded card's action is still taken": "действие карты выполняют, даже если она ушла в сброс",
    "The default deck has none; if an edited deck gives a gold card a red warning, it is rolled once like a normal warning (doubles discard the card).":
        "В обычной колоде таких нет; если в изменённой колоде у золотой карты есть красный знак, за него бросают один раз, как за обычный (дубль — карта в сброс).",
    "The Gold section mentions only warning icons and doubles.": "В разделе «Золото» говорится только о знаках опасности и дублях.",
    "Actions": "Действия",
    "Action cards with a warning (our choice)": "Карты с действием и знаком опасности (наш выбор)",
    "The four steal cards carry no warning; the two shift cards (blue-07 and red-07) carry one warning each, so a shift card is rolled for before its action, and if the roll discards it (or its stack) the action is lost.":
        "На четырёх картах кражи знаков опасности нет; на двух картах перекладывания (blue-07 и red-07) — по одному знаку, поэтому за карту перекладывания бросают кубики до действия, и если бросок отправляет её (или её стопку) в сброс, действие пропадает.",
    "The sheet lists no cards, so the deck is the companion's own; the sheet rolls warnings before the action, and a discarded card does nothing. A shift only rearranges a player's own stacks, so a small risk keeps it a trade-off like the other actions.":
        "Лист не перечисляет карты, так что колода — собственная колода помощника; по листу кубики бросают до действия, а карта в сбросе ничего не делает. Перекладывание лишь меняет порядок в своих стопках, поэтому небольшой риск делает его таким же выбором «за и против», как остальные действия.",
    "A card's action may be taken only after its rolls and only if the card was not discarded; it is always optional. A stolen card is never rolled for and its action is not taken. A stolen red or blue card goes into a stack of the thief's choice (or starts one).":
        "Действие карты можно выполнить только после бросков и только если карта не ушла в сброс; оно всегда по желанию. За украденную карту не бросают, её действие не выполняют. Украденную красную или синюю карту вор кладёт в стопку по своему выбору (или начинает новую).",
    "'After you have rolled for warnings, you may perform the action described at the bottom of the card'; the action belongs to the card, and a discarded card is gone.":
        "«Бросив за знаки, можно выполнить действие, написанное внизу карты»; действие принадлежит карте, а карты в сбросе уже нет.",
    "Discard pile": "Сброс",
    "Discarded cards go face up to a discard pile and are out of the game.": "Сброшенные карты кладут в открытую в сброс, и они выходят из игры.",
    "The sheet says 'discard' and never brings cards back.": "В правилах сказано «сбросить», и карты оттуда никогда не возвращаются.",
    "Winner": "Победитель",
    "Most points wins; players with equal top scores share the win.": "Побеждает тот, у кого больше очков; при равенстве победу делят.",
    "The sheet names no tiebreak for the final score.": "Правила не говорят, как решать ничью по итоговым очкам.",
})

# What can be undone (rules page)
RU.update({
    'What can be undone':
        'Что можно отменить',
    "The last move can be undone with “Undo last move” when it only recorded what the table shows: the cards turned up for a round (they lie face up; an undo lets you enter them again as they lie), a pick, a card's action or letting it go, and a blue token broken into black ones.":
        'Последний ход можно отменить кнопкой «Отменить последний ход», если он только записал то, что видно на столе: открытые карты раунда (они лежат открыто; после отмены их вводят заново как лежат), выбор карты, действие карты или отказ от него, размен синего жетона на чёрные.',
    'Three moves are never undone, because after them the table knows more than before: the reveal of the sealed bids (an undo would reopen bidding with every bid known), a warning roll and a tie-break roll (an undo would let the dice be rolled again). A mistake there is corrected by a new move that everyone sees; the undo button says so when one of them is the last move.':
        'Три хода не отменяются никогда, потому что после них за столом знают больше, чем до них: вскрытие закрытых ставок (отмена снова открыла бы торг, когда все ставки известны), бросок за знак опасности и бросок для ничьей (отмена позволила бы перебросить кубики). Ошибку в них исправляют новым ходом, который видят все; кнопка отмены говорит об этом, когда такой ход последний.',
    "A bid is sealed on the player's own phone and only that phone can change it. The shared tablet may enter a bid only for a player without a phone, and only while that player has sealed nothing; the history and the audit say which bids came from a phone and which from the tablet.":
        'Ставку запечатывают на собственном телефоне игрока, и изменить её может только этот телефон. Общий планшет может ввести ставку только за игрока без телефона и только пока тот ничего не запечатал; история и аудит показывают, какие ставки пришли с телефона, а какие с планшета.',
})

# Each move type as a player names it in a conflict's "Meanwhile another screen entered Ann's draw" (screens/__init__.py move_words).
RU.update({
    "draw": "взятие карт",
    "revealed bids": "открытие ставок",
    "tie-break": "розыгрыш ничьей",
    "pick": "выбор карты",
    "roll": "бросок",
    "card action": "действие карты",
    "declined card action": "отказ от действия карты",
    "change of the blue token": "размен синего жетона",
})


# House readings (deck file "readings"): the sheet's words each rests on, and the other reading.
RU.update({
    "If there are two players, randomly remove two green cards, two red cards, two blue cards, and two gold cards from the deck.":
        "Если игроков двое, уберите из колоды наугад по две зелёные, красные, синие и золотые карты.",
    "'Randomly' does not say 'unseen': the players could remove the cards face up, and everyone, the companion's screens included, would then know which eight cards never come.":
        "«Наугад» не значит «не глядя»: игроки могли бы убрать карты в открытую, и тогда все, включая экраны помощника, знали бы, какие восемь карт не выйдут.",
    "randomly remove two green cards, two red cards, two blue cards, and two gold cards from the deck.":
        "уберите из колоды наугад по две зелёные, красные, синие и золотые карты.",
    "The companion's list could be treated as the real removed cards, refusing any listed card that is entered; a refusal would then tell whoever entered the card that it is on the list.":
        "Список помощника можно было бы считать настоящими убранными картами и отказывать в любой карте из него; тогда отказ сообщал бы тому, кто ввёл карту, что она в списке.",
    "If there are not enough cards for each player to select one at the end of the game, do not execute that round; the game ends.":
        "Если в конце игры карт не хватает, чтобы каждый игрок выбрал по одной, этот раунд не играют; игра окончена.",
    "None plausible: dealing the short row and letting the last bidder go without a card would contradict 'do not execute that round'.":
        "Других правдоподобных нет: выложить неполный ряд и оставить последнего по ставке без карты значило бы нарушить «этот раунд не играют».",
    "Players select any number of bid tokens from their pile (keeping them hidden). If a player does not wish to bid, he/she may bid zero":
        "Игроки берут любое число жетонов ставки из своей кучки (пряча их). Если игрок не хочет делать ставку, он может поставить ноль",
    "None plausible: a bid is tokens taken from the player's own pile, so it can be neither more than they hold nor less than zero.":
        "Других правдоподобных нет: ставка — это жетоны из собственной кучки игрока, поэтому она не может быть ни больше того, что у него есть, ни меньше нуля.",
    "However, players who did not select the first card keep half of their bid (rounded up).":
        "Однако игроки, которые не выбирали первую карту, сохраняют половину своей ставки (с округлением вверх).",
    "A player who tied for the highest bid and lost the dice could be read as one who 'bid the most' and so discards all of their bid tokens: that player would then pay the whole bid instead of half.":
        "Игрока, который разделил высшую ставку и проиграл кубикам, можно было бы считать тем, кто «поставил больше всех», и он сбрасывал бы все жетоны ставки: тогда он платил бы всю ставку, а не половину.",
    "If two players tie for the highest bid, all players rebid. If this occurs a second time, roll the dice to determine the tiebreaker.":
        "Если у двух игроков равная высшая ставка, все игроки ставят заново. Если это повторится, бросьте кубики, чтобы разрешить ничью.",
    "'Two players' could be read literally, so a tie of three or more at the top would go to the dice at once; or the first bids could be paid before the rebid, so a tie would cost tokens twice.":
        "«Два игрока» можно понять буквально: тогда ничья трёх и более сразу решалась бы кубиками; или первые ставки могли бы оплачиваться до переставки, и ничья стоила бы жетонов дважды.",
    "roll the dice to determine the tiebreaker.":
        "бросьте кубики, чтобы разрешить ничью.",
    "Each tied player could roll one die instead of two: only how often a roll is tied and made again would change (one die ties more often).":
        "Каждый из игроков с равной ставкой мог бы бросать один кубик вместо двух: изменилось бы только, как часто выпадает ничья и бросок повторяют (с одним кубиком чаще).",
    "All cards are placed face up in front of the player that selected them.":
        "Все карты кладут в открытую перед выбравшим их игроком.",
    "'May place it in your green card stack' could let a player keep a green card apart from the stack; it would still lie in front of them and score its number, so only how the cards lie would change.":
        "«Можете положить её в свою зелёную стопку» могло бы позволять держать зелёную карту отдельно от стопки; она всё равно лежала бы перед игроком и приносила бы своё число, так что изменилось бы только, как лежат карты.",
    "For each warning icon on the card, roll the dice.":
        "За каждый знак опасности на карте бросьте кубики.",
    "Every warning could be rolled even after the card is gone, as a literal reading has it: snake eyes (or, for a red warning, any doubles) on a later roll would then discard the stack the card had joined, about 1 placement in 250 for a card with two warnings.":
        "Можно бросать за каждый знак даже после того, как карта сброшена, если читать буквально: тогда две единицы (а за красный знак любой дубль) в следующем броске сбрасывали бы стопку, к которой карта присоединилась, — примерно в 1 случае из 250 для карты с двумя знаками.",
    "If you roll snake eyes (double ones), you must discard the entire stack. For each red warning icon, roll the dice (only once, unlike green cards). If you roll doubles, you must discard the entire stack.":
        "Если выпали две единицы, сбросьте всю стопку. За каждый красный знак опасности бросьте кубики (только один раз, в отличие от зелёных карт). Если выпал дубль, сбросьте всю стопку.",
    "None plausible: the section says which doubles discard the card and which the whole stack; a card that started a new stack is the whole of that stack, so both readings of it come to the same.":
        "Других правдоподобных нет: раздел говорит, какой дубль сбрасывает карту, а какой — всю стопку; карта, начавшая новую стопку, и есть вся эта стопка, так что оба прочтения дают одно и то же.",
    "For each warning icon on the card, roll the dice. If you roll doubles, you must discard the card.":
        "За каждый знак опасности на карте бросьте кубики. Если выпал дубль, сбросьте карту.",
    "A gold red warning could be rolled as a red or blue card's is: once, any doubles discarding the whole gold stack (the house rule offered). Rolling it four times like a green card's is a further reading not offered; only an edited deck shows either difference.":
        "Красный знак на золотой карте можно было бы бросать как у красной и синей: один раз, и любой дубль отправляет в сброс всю золотую стопку (это предлагаемое домашнее правило). Бросать его четыре раза, как у зелёной, — ещё одно прочтение, его не предлагаем; разница видна только в изменённой колоде.",
    "After you have rolled for warnings, you may perform the action described at the bottom of the card if you wish.":
        "Бросив кубики за знаки опасности, вы можете, если хотите, выполнить действие, описанное внизу карты.",
    "A discarded card's action could still be taken, since the sheet only puts the action after the rolls: a bad roll would then cost the card but not its action.":
        "Действие сброшенной карты можно было бы всё равно выполнить, ведь лист лишь ставит действие после бросков: тогда неудачный бросок стоил бы карты, но не её действия.",
    "The sheet does not say.":
        "На листе правил об этом ничего нет.",
    "The shift cards could carry no warning, like the steal cards: a shift would then never be lost to a roll.":
        "Карты перестановки могли бы быть без знака опасности, как карты кражи: тогда перестановка никогда не пропадала бы из-за броска.",
    "If you roll doubles, you must discard the card.":
        "Если выпал дубль, сбросьте карту.",
    "None plausible: nothing in the sheet takes a card back from the discard; whether the pile lies face up or face down changes nothing in play.":
        "Других правдоподобных нет: ничто на листе не возвращает карту из сброса; лежит ли сброс в открытую или в закрытую, на игру не влияет.",
    "Whoever has the most points at the end of the game is the winner!":
        "Побеждает тот, у кого в конце игры больше всего очков!",
    "A tie could be broken, for example by the most bid tokens left; the sheet names no tiebreak, so any one would be an invention, and one of the tied players would win alone.":
        "Ничью можно было бы разрешать, например, по числу оставшихся жетонов ставки; лист не называет такого правила, поэтому любое было бы выдумкой, и побеждал бы один из игроков с равным счётом.",
})
