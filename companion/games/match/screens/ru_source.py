"""Russian texts of the blue/red match page (put into the game's own catalog, translations/, by scripts/web_catalogs.sh)."""

RU = {
    # Speech (speech.py: what the Speak switch says)
    "Round %(n)s scored: %(scores)s. Best this round: %(names)s.": "Раунд %(n)s подсчитан: %(scores)s. Лучший в раунде: %(names)s.",
    "%(name)s deals round %(n)s.": "%(name)s сдаёт раунд %(n)s.",
    "Put each seat plate in front of its player, the two deck and two discard plates in a block in the middle.": "Положите табличку каждого места перед игроком, а таблички двух колод и двух сбросов — квадратом в центр.",
    "Round %(number)s dealt.": "Раунд %(number)s сдан.",
    "Choose a photo of the table first.": "Сначала выберите фото стола.",
    "%(cards)s cards read in %(ms)s ms.": "Прочитано карт: %(cards)s за %(ms)s мс.",
    "Match %(number)s of %(name)s needs two cards": "В паре %(number)s игрока %(name)s нужны две карты",
    "Send the matches and the hand of %(name)s": "Укажите пары и карты на руке игрока %(name)s",
    "«%(text)s» is not a card": "«%(text)s» — не карта",
    "«%(text)s» is not a card: type 300 for a blue card, <300> for a red one, or e.g. red wild": "«%(text)s» — не карта: введите 300 для синей карты, <300> для красной или, например, red wild",
    "+ match": "+ пара",
    "%(name)s deals": "Сдаёт %(name)s",
    "%(name)s to draw": "Ход: %(name)s — взять карту",
    "%(name)s to play": "Ход: %(name)s — пары и сброс",
    "A hand is empty: score the round": "У игрока кончились карты: подсчитайте раунд",
    "Round %(n)s in play": "Идёт раунд %(n)s",
    "Round %(n)s of %(total)s": "Раунд %(n)s из %(total)s",
    "Score the round here when a player's hand is empty.": "Когда у кого-нибудь кончатся карты, подсчитайте раунд здесь.",
    "Check each player's matches (in the order played) and hand. Fix or type a card the camera missed: 300 for blue, <300> for red, red wild.": "Проверьте пары каждого игрока (в порядке выкладывания) и карты на руке. Исправьте или впишите карту, которую камера не увидела: 300 — синяя, <300> — красная, red wild — джокер.",
    "Confirm the round": "Подтвердить раунд",
    "Each player lays out, in their seat area: the hand in a row along their edge, the two stacks fanned in two columns beyond it, first match farthest. Keep the discard piles in the middle.": "Каждый игрок выкладывает у своего места: карты с руки — в ряд у своего края стола, две стопки — веером в два столбца дальше от себя, первая пара — дальше всех. Стопки сброса оставьте в середине.",
    "Enter by hand": "Ввести вручную",
    "Game over": "Игра окончена",
    "Hand": "На руке",
    "Ignored (discard pile): %(cards)s": "Не учтены (сброс): %(cards)s",
    "Last round undone.": "Последний раунд отменён.",
    "Leading": "Впереди",
    "Move recorded.": "Ход записан.",
    "Move up": "Выше",
    "Not in anyone's area: %(cards)s": "Ни у чьего места: %(cards)s",
    "Photo of the table": "Фото стола",
    "Photos are not read at this table: tap «Enter by hand» and type each player's cards.": "Фото за этим столом не распознаются: нажмите «Ввести вручную» и введите карты каждого игрока.",
    "Photos are not read at this table; enter the round by hand.": "Фото за этим столом не распознаются; введите раунд вручную.",
    "Reading the photo…": "Читаю фото…",
    "Remove": "Убрать",
    "Round %(n)s": "Раунд %(n)s",
    "Round %(n)s read from a photo: check and confirm.": "Раунд %(n)s прочитан с фото: проверьте и подтвердите.",
    "Round %(n)s recorded.": "Раунд %(n)s записан.",
    "Round %(number)s scored.": "Раунд %(number)s подсчитан.",
    "Score the round": "Подсчитать раунд",
    "Scoreboard": "Табло",
    "Seat plates": "Таблички мест",
    "Stack %(n)s": "Стопка %(n)s",
    "Stacks": "Стопки",
    "That photo reading is already resolved; read the photo again.": "Это чтение фото уже закрыто; прочитайте фото ещё раз.",
    "The seats must be sent as JSON {player: plate number}.": "Места нужно передать как JSON {игрок: номер таблички}.",
    "There is no round to score now.": "Сейчас нет раунда для подсчёта.",
    "Total": "Итого",
    "Undo the last round": "Отменить последний раунд",
    "Winner": "Победитель",
    "cards left in hand, e.g. <300> 700": "карты на руке, например <300> 700",
    "empty hand": "рука пуста",
    "missing card": "нет карты",
    "No round scored yet.": "Ещё ни один раунд не подсчитан.",
    "positive stack": "положительная стопка",
    "red in hand": "красные на руке",
    "score": "очки",
    "send each player's matches and hand": "укажите пары и карты на руке каждого игрока",
    "this is not a blue/red match game": "это не игра «Синие и красные»",
}

# The rules page: the summary and the house readings of match.deck.json
RU.update({
    "Blue/Red Match": "Синие и красные",
    "2 to 5 players, three rounds. Blue and red cards are two decks, each with its own discard pile. Each player is dealt 5 blue and 5 red cards; keep your hand hidden.":
        "От 2 до 5 игроков, три раунда. Синие и красные карты — две отдельные колоды, у каждой свой сброс. Каждому раздают 5 синих и 5 красных карт; свои карты никому не показывайте.",
    "The player left of the dealer starts. On your turn: draw one card (from either deck or the top of either discard pile), lay down any number of matches, then discard one card.":
        "Начинает игрок слева от сдающего. В свой ход: возьмите одну карту (из любой колоды или верхнюю из любого сброса), выложите сколько угодно пар, затем сбросьте одну карту.",
    "A match is a blue and a red card of the same number: 300 with <300>. Each new match goes on top of the last with the colours swapped, so you build two stacks; matches never move once laid.":
        "Пара — синяя и красная карта с одним числом: 300 и <300>. Каждую новую пару кладут поверх предыдущей, меняя цвета местами, так что растут две стопки; выложенные пары больше не двигают.",
    "The round ends as soon as someone's hand is empty. Your score is your positive stack's total minus the red cards left in your hand: the order of your matches matters.":
        "Раунд кончается, как только у кого-то закончились карты на руке. Ваши очки — сумма положительной стопки минус красные карты, оставшиеся на руке, поэтому порядок пар важен.",
    "Advanced game: Trade, Steal and Wild cards stay in the decks; an unplayed red Wild costs 10,000.":
        "Продвинутая игра: карты «Обмен», «Кража» и «Джокер» остаются в колодах; несыгранный красный джокер стоит 10 000.",
    "After three rounds the highest total wins.": "После трёх раундов побеждает наибольшая сумма.",
    "At a round's end, lay out your matches in order and your hand; the tablet reads a photo of the table (or takes the cards by hand) and scores the round.":
        "В конце раунда выложите свои пары по порядку и карты с руки; планшет прочитает фото стола (или карты введут вручную) и подсчитает очки раунда.",
    # house readings
    "Deck contents": "Состав колоды",
    "Each colour has the numbers 100, 200, ..., 1000 three times (30 blue, 30 red numbered cards); the advanced game adds 2 Trade, 2 Steal and 2 Wild cards of each colour (36 per colour, 72 in all). Codes: <colour>-<value>-<copy> and <colour>-<trade|steal|wild>-<copy>.":
        "В каждом цвете числа 100, 200, …, 1000 по три раза (30 синих и 30 красных числовых карт); продвинутая игра добавляет по 2 карты «Обмен», «Кража» и «Джокер» каждого цвета (36 в цвете, всего 72). Коды: <цвет>-<число>-<копия> и <цвет>-<trade|steal|wild>-<копия>.",
    "The sheet gives no counts; its example value is 1000 and a red Wild costs <10,000>, ten times the top number. Ten values make a random 5-card hand hold about two matches, and 30 per colour leave a draw deck for up to 5 players (25 dealt).":
        "Правила не называют количеств; в примере число 1000, а красный джокер стоит <10 000> — вдесятеро больше старшего числа. При десяти числах в случайной руке из 5 карт около двух пар, а 30 карт в цвете оставляют колоду для добора даже при 5 игроках (раздают 25).",
    "Players": "Игроки",
    "2 to 5 players, seated clockwise in the order listed; the player to the dealer's left (next in the list) goes first, then play goes left (clockwise).":
        "От 2 до 5 игроков, сидят по часовой стрелке в порядке списка; первым ходит игрок слева от сдающего (следующий в списке), дальше ход идёт налево (по часовой стрелке).",
    "The sheet deals clockwise and starts left of the dealer; 5 x 5 = 25 cards of each colour is the most that still leaves a basic draw deck (30 cards of each colour).":
        "По листу сдают по часовой стрелке, а начинает игрок слева от сдающего; 5 × 5 = 25 карт каждого цвета — наибольшая раздача, после которой в базовой игре ещё остаётся колода (30 карт каждого цвета).",
    "Damaged turn steps 3-4": "Испорченные шаги хода 3–4",
    "Step 3 repeats the set-up line; we read it as 'End your turn by discarding one card from your hand onto the discard pile of its colour.' Step 4 ('After discarding, it is the next player's turn and your matches (order) cannot change') stands. Every turn is: one draw, then any number of matches (and, in the advanced game, Trade, Steal and Wild plays), then exactly one discard.":
        "Шаг 3 повторяет строку из подготовки; мы читаем его так: «Закончите ход, сбросив одну карту с руки в сброс её цвета». Шаг 4 («После сброса ходит следующий игрок, и ваши пары (их порядок) уже не меняются») остаётся. Каждый ход — это один добор, затем сколько угодно пар (а в продвинутой игре ещё «Обмен», «Кража» и «Джокер»), затем ровно один сброс.",
    "Step 4 begins 'After discarding', so a turn ends with a discard, and the set-up says 'Each deck has its own discard pile'; step 3 as printed only repeats set-up step 3 (the deal), which cannot happen in the middle of a round.":
        "Шаг 4 начинается словами «После сброса», значит ход заканчивается сбросом, а в подготовке сказано: «У каждой колоды свой сброс»; шаг 3 в напечатанном виде лишь повторяет шаг 3 подготовки (раздачу), которой не бывает посреди раунда.",
    "Matches and the two stacks": "Пары и две стопки",
    "A match is one blue and one red card of the same number (or a Wild with a numbered card of the other colour). The first match lays two cards side by side: the start of two stacks. Each later match goes on top with the colours swapped, so one stack reads blue, red, blue, ... and the other red, blue, red, .... Since the swap is forced, the order of the matches alone fixes both stacks. Matches, once down, never move or change.":
        "Пара — одна синяя и одна красная карта с одним числом (или джокер с числовой картой другого цвета). Первая пара ложится двумя картами рядом: это начало двух стопок. Каждая следующая пара ложится сверху с цветами наоборот, так что одна стопка идёт синяя, красная, синяя, …, а другая — красная, синяя, красная, …. Раз смена цветов обязательна, одного порядка пар достаточно, чтобы знать обе стопки. Выложенные пары больше не двигают и не меняют.",
    "'Each subsequent match is played on top of the previous match but you must swap the colors!'":
        "«Каждую следующую пару кладут поверх предыдущей, но цвета нужно поменять местами!»",
    "Scoring: 'add both stacks' and 'the positive stack'": "Подсчёт: «сложите обе стопки» и «положительная стопка»",
    "Add each stack with blue numbers positive and red numbers negative (a Wild counts as its partner's number). The two stack totals are always opposite (t and -t); the positive stack is the one whose total is positive (the one the player circles), so its number is |t| (0 if the stacks cancel). The round score is that number minus the red numbers left in hand; an unplayed red Wild counts 10,000; Trade and Steal cards and blue cards in hand count nothing. A score may be negative. Worked example 1: Ann matched 500, then 200, then 1000: stack A = +500 -200 +1000 = 1300, stack B = -1300; she holds <300> and 700: score 1300 - 300 = 1000. Worked example 2: Ben matched 400 then 400 (the stacks cancel: 0) and holds <100> and <200>: score 0 - 300 = -300.":
        "Каждую стопку складывают, считая синие числа со знаком плюс, а красные — со знаком минус (джокер считается числом своей пары). Суммы двух стопок всегда противоположны (t и −t); положительная стопка — та, у которой сумма больше нуля (её игрок обводит), так что её число равно |t| (0, если стопки взаимно гасятся). Очки за раунд — это число минус красные числа, оставшиеся на руке; несыгранный красный джокер стоит 10 000; «Обмен», «Кража» и синие карты на руке ничего не стоят. Очки могут быть отрицательными. Пример 1: Ann выложила пары 500, затем 200, затем 1000: стопка A = +500 −200 +1000 = 1300, стопка B = −1300; на руке <300> и 700: очки 1300 − 300 = 1000. Пример 2: Ben выложил 400, затем 400 (стопки гасятся: 0), на руке <100> и <200>: очки 0 − 300 = −300.",
    "The two stacks added together always make 0, so 'add both stacks' must mean totalling each; then, as the sheet warns, 'the order you play your matches can affect your score': 500, 200, 1000 scores 1300, but 200, 500, 1000 scores 700. The sheet circles the positive stack, so it is the one whose total is positive.":
        "Вместе две стопки всегда дают 0, значит «сложите обе стопки» — это подсчёт каждой; тогда, как и предупреждает лист, «порядок, в котором вы выкладываете пары, может повлиять на счёт»: 500, 200, 1000 дают 1300, а 200, 500, 1000 — 700. Лист обводит положительную стопку, значит это та, чей итог положителен.",
    "Running out of cards": "Когда кончаются карты",
    "At the end of a turn (after the discard), a draw deck with no cards left takes its own discard pile, reshuffled, and that pile starts empty. Mid-turn (a Steal's draw) an empty deck is refilled the same way at once. A player may not draw from an empty deck; if no deck and no discard pile has a card, the draw is skipped.":
        "В конце хода (после сброса) опустевшая колода забирает свой сброс, его перетасовывают, и сброс начинается заново. Посреди хода (добор после «Кражи») пустую колоду пополняют так же сразу. Брать из пустой колоды нельзя; если карт нет ни в колодах, ни в сбросах, добор пропускают.",
    "'If there are no cards left in the blue or red decks after a player's turn, the respective discard piles are reshuffled.'":
        "«Если после хода игрока в синей или красной колоде не осталось карт, соответствующий сброс перетасовывают».",
    "End of round": "Конец раунда",
    "The round ends as soon as a player's hand is empty: after their discard, or at once when their matches use their last cards (no discard then). Every player then lays out their matches in order and their hand; the round is scored. Three rounds are played; the dealer passes to the left after each; the highest three-round total wins (ties share the win).":
        "Раунд кончается, как только у игрока не осталось карт на руке: после его сброса или сразу, когда последние карты ушли в пары (тогда без сброса). Затем все выкладывают свои пары по порядку и карты с руки, и раунд подсчитывают. Играют три раунда; после каждого сдаёт следующий игрок слева; побеждает наибольшая сумма за три раунда (при равенстве победу делят).",
    "'The round ends when a player runs out of cards in their hand.' The sheet does not say who deals next.":
        "«Раунд кончается, когда у игрока закончились карты на руке». Кто сдаёт следующим, в правилах не сказано.",
    "Damaged advanced set-up": "Испорченная подготовка продвинутой игры",
    "The advanced set-up repeats turn steps 1-2 and set-up step 3. We read it as the basic set-up without step 1: the Trade, Steal and Wild cards stay in their colour's deck, and each player is dealt 5 blue and 5 red cards from the full decks (so a hand may start with action cards). Turns are as in the basic game.":
        "Подготовка продвинутой игры повторяет шаги хода 1–2 и шаг 3 подготовки. Мы читаем её как обычную подготовку без шага 1: «Обмен», «Кража» и «Джокер» остаются в колоде своего цвета, и каждому раздают 5 синих и 5 красных карт из полных колод (так что на руке с самого начала могут быть карты действий). Ходы — как в обычной игре.",
    "Its only legible new line is set-up step 3 (the deal); the advanced cards need to be in the decks to be drawn.":
        "Единственная разборчивая новая строка — шаг 3 подготовки (раздача); карты продвинутой игры должны лежать в колодах, чтобы их можно было вытянуть.",
    "Action cards and when they are played": "Карты действий и когда их играют",
    "Trade, Steal and a Wild put into the advanced discard pile are played after the turn's draw and before its discard, any number of times. Each colour has its own advanced discard pile; cards there are out of play for the round (nobody draws from them). Any card, action cards included, may instead be the turn-ending discard onto the normal pile of its colour, with no effect, and may be drawn from there.":
        "«Обмен», «Кражу» и джокера, положенного в особый сброс, играют после добора и до сброса, сколько угодно раз. У каждого цвета свой особый сброс; карты в нём выходят из игры до конца раунда (из него не берут). Любую карту, в том числе карту действия, можно вместо этого сбросить в обычный сброс её цвета в конце хода — без эффекта, и оттуда её можно взять.",
    "'Play this card on your turn by placing it in the advanced discard pile that matches its color'; 'You can discard Steal cards in the normal discard piles ... no action would be taken'.":
        "«Сыграйте эту карту в свой ход, положив её в особый сброс её цвета»; «Карты „Кража“ можно сбрасывать в обычный сброс… тогда действие не выполняется».",
    "Trade": "Обмен",
    "A Trade of one colour needs a numbered card of that colour in the player's hand (besides the Trade). It goes to the advanced discard pile; the player picks another player holding a numbered card of that colour; each picks one numbered card of that colour from the other's hand; the rest go back. Players without one are passed over ('no trade'). When no other player has one, the Trade is spent with no exchange (the damaged 'step 5').":
        "Чтобы сыграть «Обмен» одного цвета, на руке (кроме самого «Обмена») должна быть числовая карта этого цвета. «Обмен» уходит в особый сброс; игрок выбирает другого игрока, у которого есть числовая карта этого цвета; каждый берёт из руки другого одну числовую карту этого цвета, остальное возвращают. Игроков без такой карты пропускают («обмена нет»). Если ни у кого её нет, «Обмен» пропадает без обмена (испорченный «шаг 5»).",
    "The sheet's steps 1-4; step 5 is missing, and the cards passed are 'their cards in hand that match the color of the Trade card'.":
        "Шаги 1–4 правил; шага 5 нет, а передают «карты на руке того же цвета, что и карта „Обмен“».",
    "Steal": "Кража",
    "A Steal of one colour goes to the advanced discard pile; the thief names a player holding a numbered card of that colour and takes one; the victim then draws a card of that colour from its deck. If nobody has one, the thief draws a card of that colour instead.":
        "«Кража» одного цвета уходит в особый сброс; вор называет игрока, у которого есть числовая карта этого цвета, и забирает одну; пострадавший затем берёт карту этого цвета из колоды. Если такой карты ни у кого нет, вор вместо этого сам берёт карту этого цвета.",
    "Steal steps 1-4.": "Шаги 1–4 «Кражи».",
    "A Trade nobody can answer: the missing step 5 (our choice)": "«Обмен», на который некому ответить: недостающий шаг 5 (наш выбор)",
    "When no other player holds a numbered card of the Trade's colour, the Trade is still spent (to the advanced discard pile) and nothing else happens: the player does not draw. The sheet says 'go to step 5' and has no step 5; this is the companion's choice.":
        "Если ни у кого из других игроков нет числовой карты цвета «Обмена», «Обмен» всё равно уходит в особый сброс, и больше ничего не происходит: игрок карту не берёт. Лист говорит «перейдите к шагу 5», а шага 5 в нём нет; это выбор помощника.",
    "Steal's parallel step lets the thief draw from the matching colour deck, but that draw stands in for the card a steal would have brought: after a Steal the thief holds as many cards either way. A Trade that happens leaves the player's hand one card smaller (the Trade is spent, one card goes each way), and so does a Trade nobody answers under this reading; with a draw it would leave the hand a card bigger than a Trade that happens.":
        "Такой же шаг «Кражи» даёт вору карту из колоды того же цвета, но она заменяет карту, которую принесла бы кража: после «Кражи» у вора на руке столько же карт в обоих случаях. Состоявшийся «Обмен» уменьшает руку игрока на одну карту («Обмен» потрачен, по одной карте уходит в каждую сторону), и при этом прочтении несостоявшийся «Обмен» тоже; с добором он оставлял бы на руке на карту больше, чем состоявшийся.",
    "Wild": "Джокер",
    "A blue Wild matches any red numbered card and a red Wild any blue numbered card, taking its number; two Wilds never match. A Wild may be put in the advanced discard pile, and the player then draws a card of its colour from its deck. An unplayed red Wild in hand costs 10,000 at scoring; an unplayed blue Wild costs nothing.":
        "Синий джокер составляет пару с любой красной числовой картой, красный — с любой синей, и принимает её число; два джокера пары не составляют. Джокера можно положить в особый сброс и взять карту его цвета из колоды. Несыгранный красный джокер на руке при подсчёте стоит 10 000; несыгранный синий ничего не стоит.",
    "The Wild Cards paragraph.": "Абзац «Джокеры».",
    "What the record holds (hidden hands)": "Что хранит запись (скрытые руки)",
    "A round may be recorded turn by turn (a deal line with every hand, then draw/match/trade/steal/discard_wild/discard lines naming each card) or only by its result (a score line with each player's matches in order and hand). A score line ends every round; in a turn-by-turn round it must agree with the play. A deck is a set of cards: a draw names the card turned up, so shuffles need no line of their own.":
        "Раунд можно записать ход за ходом (строка раздачи со всеми руками, затем строки draw/match/trade/steal/discard_wild/discard с каждой картой) или только итогом (строка score с парами каждого игрока по порядку и его рукой). Каждый раунд кончается строкой score; при записи ход за ходом она должна совпадать с игрой. Колода — это набор карт: в строке добора названа открытая карта, поэтому для перетасовки отдельная строка не нужна.",
    "The camera cannot see hidden hands during play; it sees the laid-out round at the end. A record must replay and score alone.":
        "Во время игры камера не видит скрытых рук; она видит выложенный раунд в конце. Запись должна воспроизводиться и подсчитываться сама по себе.",
})

# What can be undone (rules page)
RU.update({
    'What can be undone':
        'Что можно отменить',
    'The last move or round can be undone when it only recorded what lies on the table: a scored round from its photo, a deal as entered, a match, a trade, a discard, and a card taken from the top of a face-up discard pile.':
        'Последний ход или раунд можно отменить, если он только записал то, что лежит на столе: подсчитанный по фото раунд, введённую раздачу, пару, обмен, сброс и карту, взятую сверху открытой стопки сброса.',
    'A card drawn from a face-down deck into a hand (a draw from a deck, and the replacement card of a steal or of a discarded wild) is never undone: the player has seen it, and an undo would let another card be drawn. A mistake there is corrected by a new move that everyone sees; the undo button says so when one of them is the last move.':
        'Карта, взятая из закрытой колоды в руку (взятие из колоды и замена при краже или сбросе джокера), не отменяется никогда: игрок её уже видел, а отмена позволила бы взять другую. Ошибку исправляют новым ходом, который видят все; кнопка отмены говорит об этом, когда такой ход последний.',
})

# Each move type as a player names it in a conflict's "Meanwhile another screen entered Ann's draw" (screens/__init__.py move_words).
RU.update({
    "hand": "рука",
    "draw": "взятие карт",
    "match": "пара",
    "trade": "обмен",
    "discarded wild card": "сброс джокера",
    "discard": "сброс",
    "round's score": "счёт раунда",
})


# House readings (deck file "readings"): the sheet's words each rests on, and the other reading.
RU.update({
    "A red Wild card is worth <10,000> if not played.":
        "Несыгранный красный джокер стоит <10,000>.",
    "Other counts fit the sheet as well: fewer copies of each number, or more numbers, would give a hand fewer matches and longer rounds; more copies, shorter ones.":
        "Листу подходят и другие количества: меньше копий каждого числа или больше чисел дали бы руке меньше пар и более длинные раунды; больше копий — более короткие.",
    "The player to the left of the dealer goes first.":
        "Первым ходит игрок слева от сдающего.",
    "Six players could be dealt in (6 x 5 = 30 of each colour), but the basic decks would then start empty and the first draws would have to come from the discard piles.":
        "Можно было бы сдать и шестерым (6 × 5 = 30 карт каждого цвета), но тогда в базовой игре колоды с самого начала были бы пусты, и первые карты пришлось бы брать из сброса.",
    "After discarding, it is the next player’s turn and your matches (order) cannot change":
        "После сброса ход переходит к следующему игроку, и ваши пары (их порядок) уже не меняются",
    "The discard could be optional, the damaged step naming none: hands would then shrink only by matches, and a round could stall when nobody can match.":
        "Сброс мог бы быть необязательным, раз испорченный шаг его не называет: тогда руки уменьшались бы только за счёт пар, и раунд мог бы застрять, когда ни у кого нет пары.",
    "Each subsequent match is played on top of the previous match but you must swap the colors!":
        "Каждую следующую пару кладут поверх предыдущей, но цвета нужно поменять местами!",
    "None plausible: the sheet demands the swap, and 'Add both stacks' needs two stacks, so one pile of matches would not fit the scoring.":
        "Других правдоподобных нет: лист требует менять цвета, а «сложите обе стопки» требует двух стопок, так что одна общая стопка не подошла бы к подсчёту.",
    "Add both stacks in front of you. Take the number from the positive stack (Circled) and subtract any remaining red cards in-hand from that number.":
        "Сложите обе стопки перед собой. Возьмите число положительной стопки (обведённое) и вычтите из него все красные карты, оставшиеся на руке.",
    "'The positive stack' could be the stack that starts with a blue card, whatever its total: a player who matched 200 then 500 would then score -300 instead of 300.":
        "«Положительной стопкой» могла бы быть стопка, которая начинается с синей карты, каким бы ни был её итог: тогда игрок, выложивший сначала пару 200, потом пару 500, получил бы -300 вместо 300.",
    "If there are no cards left int eh blue or red decks after a player’s turn, the respective discard piles are reshuffled and the deck starts face down again.":
        "Если после хода игрока в синей или красной колоде не осталось карт, соответствующий сброс перемешивают, и колода снова лежит рубашкой вверх.",
    "Read strictly, an empty deck is refilled only after the turn: a Steal's draw mid-turn from an empty deck would then get nothing.":
        "Если читать строго, пустую колоду пополняют только после хода: тогда взятие карты после «Кражи» посреди хода из пустой колоды ничего бы не дало.",
    "The round ends when a player runs out of cards in their hand.":
        "Раунд заканчивается, когда у одного из игроков кончаются карты на руке.",
    "The same player could deal all three rounds (the sheet does not say who deals next): the same player would then go first every round.":
        "Все три раунда мог бы сдавать один и тот же игрок (лист не говорит, кто сдаёт следующим): тогда каждый раунд первым ходил бы один и тот же игрок.",
    "3. A dealer shuffles each deck and distributes (clockwise) 5 blue and 5 red cards to each player.":
        "3. Сдающий тасует каждую колоду и раздаёт (по часовой стрелке) каждому игроку 5 синих и 5 красных карт.",
    "The Trade, Steal and Wild cards could be kept out of the deal and shuffled in after it: no hand would then start with one, and they would come only by drawing.":
        "Карты «Обмен», «Кража» и джокеры можно было бы не раздавать, а замешать в колоды после раздачи: тогда ни одна рука не начиналась бы с них, и они приходили бы только при взятии карт.",
    "Play this card on your turn by placing it in the advanced discard pile that matches its color.":
        "Сыграйте эту карту в свой ход, положив её в особый сброс её цвета.",
    "'On your turn' could also allow a play before the draw, or only one action card a turn; the sheet says neither, and either would change what a turn can hold.":
        "«В свой ход» могло бы разрешать игру и до взятия карты или только одну карту действия за ход; лист не говорит ни того, ни другого, а любое из этих прочтений изменило бы, что можно сделать за ход.",
    "Each discretely passes their cards in hand that match the color of the Trade card played.":
        "Каждый незаметно передаёт свои карты с руки того же цвета, что и сыгранная карта «Обмен».",
    "Step 1 asks only for 'a numbered card in your hand', of any colour: a player with no numbered card of the Trade's colour could then play it, though they would have nothing of that colour to hand over.":
        "Шаг 1 требует лишь «числовую карту на руке» любого цвета: тогда игрок без числовой карты цвета «Обмена» мог бы сыграть его, хотя отдать ему было бы нечего.",
    "If a trade is not possible from any player, go to step 5.":
        "Если обмен невозможен ни с одним игроком, переходите к шагу 5.",
    "The player could draw a card of the Trade's colour, as a thief with no victim does: their hand would then end a card bigger than after a Trade that happens.":
        "Игрок мог бы взять карту цвета «Обмена», как вор, которому не у кого красть: тогда на руке у него осталось бы на карту больше, чем после состоявшегося обмена.",
    "After there is a steal ,the victim draws form the matching color deck. If a steal si not possible from any player, the thief draws from the matching color deck.":
        "После кражи жертва берёт карту из колоды того же цвета. Если украсть не у кого, вор сам берёт карту из колоды того же цвета.",
    "None plausible: the steps say who takes a card, who draws, and when; only the misspellings need reading.":
        "Других правдоподобных нет: шаги говорят, кто забирает карту, кто берёт из колоды и когда; прочитать нужно только опечатки.",
    "You can use any blue Wild card with any red numbered card and any red Wild card with any blue numbered card to form a match.":
        "Любой синий джокер можно составить пару с любой красной числовой картой, а любой красный джокер — с любой синей числовой картой.",
    "A blue Wild and a red Wild could be allowed to match each other at a number the player names: a red Wild's <10,000> would then be easy to shed.":
        "Синему и красному джокеру можно было бы разрешить составлять пару друг с другом с числом, которое назовёт игрок: тогда от <10,000> красного джокера было бы легко избавиться.",
    "Don’t show other players your cards!":
        "Не показывайте свои карты другим игрокам!",
    "Every round could have to be recorded turn by turn: a table without a phone for each player would then have to show its hands to the tablet during play.":
        "Каждый раунд можно было бы требовать записывать ход за ходом: тогда столу без телефона у каждого игрока пришлось бы во время игры показывать руки планшету.",
})
