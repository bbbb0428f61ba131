"""Russian texts of this device's camera as the table's (browser_camera.html/.py, camera_lost.html) and the table's
certificate (host.html, certificate.py)."""

RU = {
    "This device's camera": "Камера этого устройства",
    "Open the join link on this device to make it the table's camera.":
        "Откройте на этом устройстве ссылку для входа, чтобы сделать его камерой стола.",
    "The browser lets only a secure (https) page use the camera. Open this page at its https address:":
        "Браузер даёт камеру только защищённой (https) странице. Откройте эту страницу по адресу https:",
    "The browser lets only a secure (https) page use the camera, and this server speaks plain http: start it without --no-tls.":
        "Браузер даёт камеру только защищённой (https) странице, а этот сервер работает по http: запустите его без --no-tls.",
    "Lay this phone or tablet on a stand above the table, rear camera down, so that every marker is in view.":
        "Закрепите телефон или планшет над столом задней камерой вниз так, чтобы в кадре были все метки.",
    "Use this device's camera": "Использовать камеру этого устройства",
    "Use this device instead": "Использовать это устройство",
    "Stop the camera": "Остановить камеру",
    "Camera: %(w)s × %(h)s; sending to the table.": "Камера: %(w)s × %(h)s; кадры идут на стол.",
    "%(fps)s frames a second reach the reader.": "До распознавания доходит кадров в секунду: %(fps)s.",
    "The table is still: 1 frame a second.": "Стол неподвижен: 1 кадр в секунду.",
    "%(device)s is the table's camera now.": "Сейчас камера стола — %(device)s.",
    "The camera was not allowed. Allow it for this page in the browser's site settings, then tap the button again.":
        "Доступ к камере не разрешён. Разрешите его этой странице в настройках сайта в браузере и нажмите кнопку снова.",
    "This browser has no camera to offer to the page.": "Этот браузер не может дать странице камеру.",
    "Frames are not reaching the table; trying again.": "Кадры не доходят до стола; пробую снова.",
    "The camera is stopped.": "Камера остановлена.",
    "This device stopped its camera (the screen locked or another app took it); it starts again when this page is back on screen.":
        "Устройство остановило камеру (экран заблокирован или камеру заняло другое приложение); она включится снова, когда эта страница вернётся на экран.",
    "Camera lost: no picture from %(device)s for %(n)s s.": "Камера потеряна: от %(device)s нет кадров уже %(n)s с.",
    "This game has no camera loop running; start it with companion play --camera browser.":
        "Для этой игры камера не запущена; запустите её командой companion play --camera browser.",
    "The camera page did not say which device it is; reload it.": "Страница камеры не сообщила, какое это устройство; обновите её.",
    "Send each frame with its length.": "Отправляйте каждый кадр с указанием его длины.",
    "A camera frame may be at most %(mb)s MB; lower the resolution.": "Кадр камеры может быть не больше %(mb)s МБ; уменьшите разрешение.",
    "a browser": "браузер",
    "That frame is not a JPEG picture.": "Этот кадр — не картинка JPEG.",
    "%(device)s is the table's camera now. Tap \u201cUse this device instead\u201d to take over.":
        "Сейчас камера стола — %(device)s. Нажмите «Использовать это устройство», чтобы заменить её.",
    "This server speaks plain http: there is no certificate to install.": "Этот сервер работает по http: устанавливать нечего.",
    "Each device's browser warns once about this table's own certificate. Go on only if the SHA-256 fingerprint it shows is this one:":
        "Браузер каждого устройства один раз предупредит о собственном сертификате стола. Продолжайте, только если показанный им отпечаток SHA-256 такой:",
    "To skip the warning for good, install the table's certificate on the device:":
        "Чтобы предупреждение больше не появлялось, установите сертификат стола на устройство:",
}
