"""Russian texts of the camera page's setup check (companion/web/templates/camera_check.html, camera.py).

The advice itself is worded by id in companion/table/check_messages.py (English and Russian).
"""

RU = {
    "Setup check": "Проверка камеры",
    "Lay out the plates and a few cards where the players will put them, then check: it says whether every zone will read and what to change.":
        "Разложите таблички и несколько карт там, где их будут класть игроки, и нажмите «Проверить»: проверка скажет, будет ли читаться каждая зона и что изменить.",
    "Check the setup": "Проверить",
    "Checking…": "Проверяю…",
    "This setup will read the cards.": "Так камера будет читать карты.",
    "Change this before the game:": "Перед игрой измените:",
    "The table with each zone coloured by how well the camera sees it: green reads, amber near the limit, red too small or blurred; glare hatched":
        "Стол, зоны раскрашены по тому, как их видит камера: зелёные читаются, жёлтые на пределе, красные слишком мелкие или размытые; блики заштрихованы",
    "Green: reads. Amber: near the limit. Red: too small, blurred or outside the picture. Hatched: glare. Numbers: pixels per module (2 or more reads).":
        "Зелёный: читается. Жёлтый: на пределе. Красный: слишком мелко, размыто или вне кадра. Штриховка: блик. Числа: пикселей на модуль (читается от 2).",
    "No picture from the camera yet; wait a moment and check again.": "От камеры ещё нет кадра; подождите немного и проверьте снова.",
    "No setup check yet.": "Проверки ещё не было.",
    # while this device is the table's camera and is being placed (camera_check.js asks placing.json)
    "While this device is being placed, the setup is checked every 2 seconds.":
        "Пока устройство устанавливают, камера проверяется каждые 2 секунды.",
    "Checking while you place the device…": "Проверяю, пока вы устанавливаете устройство…",
    "Setup looks good: you can leave the phone.": "Всё в порядке: телефон можно оставить.",
    "The setup is no longer checked by itself. Tap “Check the setup” to check it once more.":
        "Камера больше не проверяется сама. Нажмите «Проверить», чтобы проверить ещё раз.",
    "Done placing": "Устройство на месте",
    "Check again while I move it": "Проверять, пока двигаю",
    "Say whether the camera is being placed: true or false.": "Укажите, устанавливают ли камеру: true или false.",
    "Waiting for the camera's first picture…": "Жду первый кадр от камеры…",
    "The camera sends no picture: is it plugged in, and is the address right?":
        "Камера не присылает кадров: подключена ли она и верен ли адрес?",
    "The camera stopped sending pictures; the companion keeps trying to reconnect. Moves can be entered on the scoreboard meanwhile.":
        "Камера перестала присылать кадры; компаньон пытается переподключиться. Пока можно вводить ходы на табло.",
}
