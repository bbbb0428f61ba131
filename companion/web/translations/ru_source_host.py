"""Russian texts of the host screen's seat codes (one seat at a time) and the camera page, put into the shared catalog by scripts/web_catalogs.sh like the other ru_source*.py."""

RU = {
    "Tap your own name, scan your code, then tap Done. One code shows at a time, so nobody scans a neighbour's.":
        "Нажмите на своё имя, отсканируйте код и нажмите «Готово». Коды показываются по одному, чтобы никто не отсканировал чужой.",
    "Open my view on this device": "Открыть мой экран на этом устройстве",
    "Done": "Готово",
    "Hides by itself in %(n)s s.": "Код скроется сам через %(n)s с.",
    "The code could not be fetched; try again.": "Не удалось получить код; попробуйте ещё раз.",
    "The camera is off. Enter moves by hand on the scoreboard.": "Камера выключена. Вводите ходы вручную на табло.",
}
