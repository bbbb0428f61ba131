"""Russian texts of the club's pages (companion/web/club.py: the index of every table, the standings), put into the shared catalog by scripts/web_catalogs.sh."""

RU = {
    "Club": "Клуб",
    "Every table": "Все столы",
    "Tables": "Столы",
    "Standings": "Рейтинг",
    "Start a game at a table": "Начать игру за столом",
    "Game": "Игра",
    "Players, clockwise": "Игроки по часовой стрелке",
    "House rules": "Домашние правила",
    "Start": "Начать",
    "e.g. Table 3": "например, Стол 3",
    "Open its host screen": "Открыть экран ведущего этой игры",
    "For the dealer only": "Только для сдающего",
    "Only this machine sees this form and the host screen links: each host screen shows its table's join link.":
        "Эту форму и ссылки на экраны ведущего видит только этот компьютер: экран ведущего показывает ссылку для входа за стол.",
    "No games yet.": "Игр пока нет.",
    "Turn: %(name)s": "Ход: %(name)s",
    "in progress": "идёт игра",
    "finished": "игра окончена",
    "won": "победа",
    "Host screen": "Экран ведущего",
    "no table label": "стол без названия",
    "damaged record": "запись повреждена",
    "cannot be shown here": "здесь не показать",
    "live": "в эфире",
    "offline": "нет связи",
    "The game could not be started; try again.": "Не удалось начать игру; попробуйте ещё раз.",
    "Scores are chips.": "Счёт в фишках.",
    "Scores are points.": "Счёт в очках.",
    "Scores are cards in hand.": "Счёт — карты на руке.",
    "Every stored game, every night. Wins and chips count finished games only.":
        "Все сохранённые игры за все вечера. Победы и фишки считаются только по законченным играм.",
    "Players are the club's player list: a name counts only as it is written there.":
        "Игроки — из списка клуба: имя засчитывается, только если написано точно как в списке.",
    "No player list was given: each exact name is its own player.":
        "Список игроков не задан: каждое имя в точном написании — отдельный игрок.",
    "Finished": "Окончено",
    "Wins": "Победы",
    "Win rate": "Доля побед",
    "Final chips": "Фишки в конце",
    "won/played": "побед/игр",
    "Not in the club's player list": "Нет в списке игроков клуба",
    "%(name)r in game %(game)s": "%(name)r в игре %(game)s",
    "Games that count for nobody (their record does not read soundly)":
        "Игры, которые не засчитаны никому (их запись не читается целиком)",
    "The same figures: %(cmd)s": "Те же цифры: %(cmd)s",
    "a table label is at most %(n)s characters": "название стола — не длиннее %(n)s знаков",
    "choose which game to start": "выберите, какую игру начать",
    "name the players in seating order, separated by commas": "перечислите игроков в порядке рассадки через запятую",
    "only the organiser, on the machine running the club server, can start a game":
        "начать игру может только организатор, на компьютере, где работает сервер клуба",
    "Nights": "Вечера",
    "All games": "Все игры",
    "Only the games started that night, by this server's clock. Wins and chips count finished games only.":
        "Только игры, начатые в этот вечер (по часам сервера). Победы и фишки считаются только по законченным играм.",
    "No games were started that night.": "В этот вечер игр не начинали.",
    "%(value)r is not a night: write its date as YYYY-MM-DD, for example %(example)s":
        "%(value)r — не вечер: напишите дату как ГГГГ-ММ-ДД, например %(example)s",
    # issue 35: ratings on the standings, the index by night
    "Tables: %(night)s": "Столы: %(night)s",
    "Skill rating": "Сила игры",
    "rating %(mu)s ± %(sigma)s": "сила %(mu)s ± %(sigma)s",
    "Skill rating: counts only finished games whose audit is clean, in the order they ended; the ± is how unsure it still is (it shrinks with every game).":
        "Сила игры учитывает только законченные партии с чистой проверкой, в порядке их окончания; ± показывает, насколько она ещё неточна (с каждой партией меньше).",
}
