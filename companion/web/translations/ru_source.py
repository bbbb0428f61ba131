"""Russian texts of the shared screens (companion/web/), put into the shared catalog by scripts/web_catalogs.sh.

Kept as a table so a translator can read English and Russian side by side;
the .po file stays the one mechanism the app uses at run time. A string only
one game's screens use is that game's (companion/games/<game>/screens/ru_source.py);
a word several games use ("Dice", "Game over") is translated once here and each
game's catalog takes it (companion/web/catalogs.py).
"""

RU = {
    "Accepted": "Принято",
    "All games": "Все игры",
    "Calibration": "Калибровка",
    "Camera": "Камера",
    "Check the preview: every zone is outlined and every card shows a green frame.": "Проверьте изображение: каждая зона обведена, у каждой карты зелёная рамка.",
    "Choose a photo first.": "Сначала выберите фото.",
    "Connection lost. Reconnecting…": "Связь потеряна. Переподключаюсь…",
    "Dice": "Кубики",
    "Dice seed (revealed)": "Зерно кубиков (раскрыто)",
    "Dice seed hash": "Хеш зерна кубиков",
    "Everyone can watch the scoreboard without the link:": "Табло может смотреть каждый, без ссылки:",
    "Game over": "Игра окончена",
    "Games": "Игры",
    "Host": "Ведущий",
    "House readings": "Наши толкования",
    "Join this game": "Подключиться к игре",
    "Last move undone": "Последний ход отменён",
    "Last moves": "Последние ходы",
    "Live": "На связи",
    "Live camera view with detected cards and zones": "Изображение с камеры с найденными картами и зонами",
    "More": "Ещё",
    "No moves yet.": "Ходов пока нет.",
    "No rolls yet.": "Бросков пока нет.",
    "No stored games yet. Start one with: companion serve --new-game --players Ann,Ben,Cat": "Сохранённых игр пока нет. Начните так: companion serve --new-game --players Аня,Боря,Катя",
    "Other reading:": "Другое толкование:",
    "A table may choose it when the game starts (house rule %(name)s):": "Стол может выбрать это в начале игры (домашнее правило %(name)s):",
    "the companion's reading": "прочтение компаньона",
    "this game plays it": "в этой игре играют так",
    "Played with: %(rules)s": "Играли с правилами: %(rules)s",
    "Photo from this tablet": "Фото с этого планшета",
    "Photo reading is not available; enter moves by hand.": "Распознавание фото недоступно; вводите ходы вручную.",
    "Players": "Игроки",
    "Point the camera down at the table so that all markers are in view, and hold it still.": "Направьте камеру на стол сверху так, чтобы были видны все метки, и закрепите её.",
    "Print the table markers and put the four corner markers at the corners of the play area.": "Распечатайте метки стола и положите четыре угловые метки по углам игровой зоны.",
    "Private views": "Личные экраны",
    "Put each seat plate in front of its player.": "Положите табличку каждого места перед игроком.",
    "Read the photo": "Прочитать фото",
    "Rules": "Правила",
    "Scan with the table's tablet (same Wi-Fi). Whoever has this link can enter moves.": "Отсканируйте планшетом у стола (та же сеть Wi-Fi). У кого эта ссылка, тот может вводить ходы.",
    "Scoreboard": "Табло",
    "Table companion": "Помощник за столом",
    "That file is not a JPEG, PNG or WebP photo.": "Этот файл — не фото JPEG, PNG или WebP.",
    "The camera is off.": "Камера выключена.",
    "The camera is off. Enter moves by hand on the scoreboard, or send a photo from this tablet.": "Камера выключена. Вводите ходы вручную на табло или отправьте фото с этого планшета.",
    "The dice seed is revealed when the game is over.": "Зерно кубиков раскрывается, когда игра окончена.",
    "The rules-counter cards": "Карты-памятки",
    "The sheet says:": "На листе правил сказано:",
    "This camera cannot be switched.": "Эту камеру нельзя переключить.",
    "Undo last move": "Отменить последний ход",
    "Unknown camera %(source)r.": "Неизвестная камера %(source)r.",
    "Unknown move.": "Неизвестный ход.",
    "Where the rule sheet is silent, damaged or open to more than one reading, the companion plays it this way:":
        "Где правила молчат, повреждены или допускают не одно толкование, помощник играет так:",
    "Winner": "Победитель",
    "game %(game_id)r is of a kind this companion cannot show": "игру %(game_id)r этот помощник показать не может",
    "no cards": "нет карт",
    "no game %(game_id)r": "нет игры %(game_id)r",
    "no player %(player)r in this game": "в этой игре нет игрока %(player)r",
    "send a JSON object": "отправьте объект JSON",
    "the host screen is shown only on the machine running the companion": "экран ведущего показывается только на компьютере, где запущен помощник",
    "the rules in brief": "правила вкратце",
    "this action needs the game's join link (token missing or wrong)": "для этого нужна ссылка подключения к игре (токена нет или он неверный)",
    "this join link is not valid for this game": "эта ссылка подключения не подходит к этой игре",
    "this private link is not valid (ask the host for your seat's QR code)": "эта личная ссылка недействительна (попросите у ведущего QR-код вашего места)",
    "typed in": "введено",
    "unknown game %(name)r": "неизвестная игра %(name)r",
    "Player": "Игрок",
    "Table": "Стол",
    "The last move was undone.": "Последний ход отменён.",
    # Words several games' screens use (translated once here, the same in each game's catalog).
    "Bids": "Ставки",
}

# Shared screens (board, host): what a game without a phone page answers
RU.update({
    "this game has no private phone page": "в этой игре нет личной страницы для телефона",
})

# Counted words (companion/web/i18n.count_forms): Russian one / few / many
RU.update({
    ("%(n)s card", "%(n)s cards"): ("%(n)s карта", "%(n)s карты", "%(n)s карт"),
    ("%(n)s token", "%(n)s tokens"): ("%(n)s жетон", "%(n)s жетона", "%(n)s жетонов"),
})
