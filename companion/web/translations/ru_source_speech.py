"""Russian texts of the shared part of the Speak switch (companion/web/speech.py, templates/speech.html)."""

RU = {
    "Speak": "Озвучивать",
    "Read out what happens at the table, with this device's own voice.": "Зачитывать вслух, что происходит за столом, голосом этого устройства.",
    "%(first)s and %(last)s": "%(first)s и %(last)s",
    "Dice: %(values)s.": "Кубики: %(values)s.",
    "%(player)s's turn.": "Ходит %(player)s.",
    ("The game is over. Winner: %(names)s.", "The game is over. Winners: %(names)s."): (
        "Игра окончена. Победитель: %(names)s.", "Игра окончена. Победители: %(names)s.", "Игра окончена. Победители: %(names)s."),
}
