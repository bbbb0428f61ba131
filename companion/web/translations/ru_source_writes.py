"""Russian texts for the answers to concurrent and repeated entries (companion/web/writes.py)."""

RU = {
    "%(player)s's %(move)s": "%(player)s: %(move)s",
    "Already entered.": "Уже внесено.",
    "Already entered meanwhile: %(what)s. This entry was not stored; check the board and enter it again if it is still needed.":
        "Тем временем уже внесено: %(what)s. Этот ввод не сохранён; проверьте табло и внесите его снова, если он ещё нужен.",
    "Many entries arrived at once and this one could not be judged; nothing was stored. Try again.":
        "Пришло сразу много вводов, и этот не удалось проверить; ничего не сохранено. Попробуйте ещё раз.",
    "The request id must be 8 to 64 letters, digits, '-' or '_'.": "Идентификатор запроса: от 8 до 64 букв, цифр, «-» или «_».",
    "The seen seq must be a whole number.": "Номер последнего события должен быть целым числом.",
    "a dice roll": "бросок кубиков",
    "an undo": "отмена хода",
    "the %(move)s": "%(move)s",
    "the end of the dice": "раскрытие кубиков",
    "This game's record is damaged; it is shown up to the damage, read-only.": "Запись этой игры повреждена; она показана до места повреждения, только для чтения.",
}
