"""Russian texts of the club's "Next round" page (companion/web/club_seating.py), put into the shared catalog by scripts/web_catalogs.sh."""

RU = {
    "Next round": "Следующий раунд",
    "Seating": "Рассадка",
    "Random (a casual night)": "Случайно (обычный вечер)",
    "By tonight's standing (a tournament)": "По рейтингу вечера (турнир)",
    "Seed": "Зерно",
    "Tables in the room": "Столов в зале",
    "as few as will do": "как можно меньше",
    "Players present, one a line": "Присутствующие игроки, по одному в строке",
    "Seat the next round": "Рассадить следующий раунд",
    "Players who already sat together tonight are kept apart where the tables allow. The same seed gives the same tables.":
        "Кто уже сидел вместе в этот вечер, рассаживается по разным столам, где это возможно. То же зерно даёт те же столы.",
    "Table %(n)s": "Стол %(n)s",
    "Pairs who already sat together tonight: %(n)s.": "Пар, уже сидевших вместе в этот вечер: %(n)s.",
    "The best found in the time allowed.": "Лучшее, что нашлось за отведённое время.",
    "Print this page from the browser: the printout holds the tables alone.":
        "Напечатайте эту страницу из браузера: на листе будут только столы.",
    "Name the players present and seat the round.": "Перечислите присутствующих и рассадите раунд.",
    "choose which game the round plays": "выберите, в какую игру играет раунд",
    "choose swiss or random seating": "выберите рассадку: по рейтингу или случайную",
    "the seed and the number of tables are whole numbers from 1": "зерно и число столов — целые числа от 1",
    "at most %(n)s players": "не больше %(n)s игроков",
    "These players cannot be seated: a table of this game seats %(low)s to %(high)s players, "
    "the tables must hold everyone, and no name may be listed twice.":
        "Этих игроков не рассадить: за стол этой игры садятся от %(low)s до %(high)s игроков, "
        "столов должно хватить на всех, и ни одно имя не должно повторяться.",
}
