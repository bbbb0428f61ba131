"""Russian texts for the answers to concurrent and repeated entries (companion/web/writes.py)."""

RU = {
    "%(player)s's %(move)s": "%(player)s: %(move)s",
    "Already entered.": "Уже внесено.",
    "Many entries arrived at once and this one could not be judged; nothing was stored. Try again.":
        "Пришло сразу много вводов, и этот не удалось проверить; ничего не сохранено. Попробуйте ещё раз.",
    "The request id must be 8 to 64 letters, digits, '-' or '_'.": "Идентификатор запроса: от 8 до 64 букв, цифр, «-» или «_».",
    "The seen seq must be a whole number.": "Номер последнего события должен быть целым числом.",
    "a dice roll": "бросок кубиков",
    "an undo": "отмена хода",
    "the %(move)s": "%(move)s",
    "the end of the dice": "раскрытие кубиков",
    "%(player)s's move": "%(player)s: ход",
    "a move": "ход",
    "No answer from the server: the connection is down. This entry might not have been stored: when the page says Live again, check the board and enter it again if it is missing.":
        "Сервер не ответил: связи нет. Этот ввод мог не сохраниться: когда страница снова будет на связи, проверьте табло и внесите его снова, если его там нет.",
    "Undone: %(move)s": "Отменено: %(move)s",
    "and": "и",
    "earlier entries (%(count)s)": "более ранние вводы (%(count)s)",
    "Meanwhile another screen entered %(what)s. This entry was not stored, and this screen now shows the game as it is: enter it again if it is still needed.":
        "Тем временем на другом экране внесено: %(what)s. Этот ввод не сохранён, а этот экран теперь показывает игру как она есть: внесите его снова, если он ещё нужен.",
    "the game's start": "начало игры",
    "steal": "забрать",  # two games' word: Grow's button and match's move (both «забрать», as before)
    "This game's record is damaged; it is shown up to the damage, read-only.": "Запись этой игры повреждена; она показана до места повреждения, только для чтения.",
    "This request arrived too slowly and was cut off; nothing was stored. Try again.":
        "Запрос шёл слишком медленно и был прерван; ничего не сохранено. Попробуйте ещё раз.",
    "This is more than the server accepts in one request (at most %(size)s); nothing was stored.":
        "Это больше, чем сервер принимает за один запрос (не больше %(size)s); ничего не сохранено.",
}
