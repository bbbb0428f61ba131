"""Russian texts of BUX's screens: the game's name, the tablet's "Correct" form (the entry form filled with a proposal).

Merged into ru/LC_MESSAGES/messages.po by scripts/web_catalogs.sh, like ru_source.py.
"""

RU = {
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
}
