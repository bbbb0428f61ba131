"""Russian texts for the camera's items on a tablet (companion/web/camera_items.py, templates/camera_items.html)."""

RU = {
    "Confirm": "Подтвердить",
    "Dismiss": "Отклонить",
    "Confirm: %(what)s": "Подтвердить: %(what)s",
    "Dismiss: %(what)s": "Отклонить: %(what)s",
    "The camera asks": "Камера спрашивает",
    "Confirm what is right. Dismiss what is not, and enter the move with the forms below.":
        "Подтвердите то, что верно. Отклоните неверное и введите ход в формах ниже.",
    "The camera items could not be loaded; they are tried again in a few seconds.":
        "Не удалось загрузить вопросы камеры; через несколько секунд попробуем снова.",
    "Say confirm or dismiss.": "Ответьте «подтвердить» или «отклонить».",
    "That camera item is already answered (on this screen or another).":
        "На этот вопрос камеры уже ответили (на этом экране или на другом).",
    "This item proposes no move: dismiss it, or enter the move.":
        "Здесь не предложен ход: отклоните вопрос или введите ход.",
    "This game's page shows the camera's items itself.": "Страница этой игры сама показывает вопросы камеры.",
}
