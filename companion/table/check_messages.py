"""The setup check's advice, by id, in English and Russian (companion.games.wording's syntax).

companion.vision.check measures and says what to change as {"id", "params"}:
numbers, and zones and plates as phrase dicts ({"phrase": "seat", "seat": 3}),
never words. The CLI words them in English, the tablet's camera page in the
reader's language. Zone and plate names are worded here too, so vision stays
free of language. Russian lists the zones after a colon or in the nominative,
so no name is declined. Pure data: no Flask, no I/O.
"""

from __future__ import annotations

from companion.games.wording import Wording

WORDS: dict[str, dict[str, str]] = {
    "en": {"bid_area": "bid area", "discard": "discard", "timer_area": "timer area", "off_table": "off table",
           "top_left": "top-left", "top_right": "top-right", "bottom_right": "bottom-right", "bottom_left": "bottom-left"},
    "ru": {"bid_area": "зона торга", "discard": "сброс", "timer_area": "зона таймера", "off_table": "вне стола",
           "top_left": "слева сверху", "top_right": "справа сверху", "bottom_right": "справа снизу",
           "bottom_left": "слева снизу"},
}
"""Zone and corner names of the table layout (calibration/table-layout.json, markers.json)."""

PHRASES: dict[str, dict[str, str]] = {
    "seat": {"en": "seat {seat}", "ru": "место {seat}"},
    "zone": {"en": "the {zone:word}", "ru": "{zone:word}"},
    "plate_seat": {"en": "the seat {seat} plate", "ru": "табличка места {seat}"},
    "plate_corner": {"en": "the {corner:word} corner plate", "ru": "угловая табличка {corner:word}"},
    "plate": {"en": "the {role:word} plate", "ru": "табличка «{role:word}»"},
    "aim": {"en": "aim the camera at the middle of the table", "ru": "направьте камеру на середину стола"},
    "raise": {"en": "raise the camera about {cm} cm (or zoom out) and aim it at the middle",
              "ru": "поднимите камеру примерно на {cm} см (или уменьшите зум) и направьте её на середину"},
    "use_1080p": {"en": "or use 1080p", "ru": "или включите 1080p"},
    "use_4k": {"en": "or use a 4K camera", "ru": "или возьмите 4K-камеру"},
    "zoom_in": {"en": "or zoom in", "ru": "или увеличьте зум"},
    "glare_over": {"en": "over {zone:phrase}", "ru": "{zone:phrase}"},
    "glare_off": {"en": "off the zones", "ru": "вне зон"},
}
"""Zones ("seat 3"), plates, framing, resolution hints and glare places, for {x:phrase} / {x:phrases}."""

MESSAGES: dict[str, dict[str, str]] = {
    "check.no_plates": {
        "en": "the table plates are not found ({seen} seen, 2 or more needed): lay out the printed plates "
              "and point the camera down at the whole table",
        "ru": "таблички стола не найдены (видно: {seen}, нужно от 2): разложите напечатанные таблички "
              "и направьте камеру сверху на весь стол"},
    "check.outside": {
        "en": "{things:phrases} {things:w:is:are} outside the picture: {framing:phrase}",
        "ru": "вне кадра: {things:phrases}; {framing:phrase}"},
    "check.outside/partly": {
        "en": "{things:phrases} is partly outside the picture: {framing:phrase}",
        "ru": "частично вне кадра: {things:phrases}; {framing:phrase}"},
    "check.not_seen": {
        "en": "{plates:phrases} {plates:w:is:are} not seen (covered, moved, or lost in glare): "
              "the table's map is only as good as the plates it sees",
        "ru": "не видно: {plates:phrases} ({plates:w:закрыта, сдвинута или потерялась:закрыты, сдвинуты или "
              "потерялись:закрыты, сдвинуты или потерялись} в блике); "
              "карта стола точна лишь настолько, насколько камера видит таблички"},
    "check.too_small": {
        "en": "{zones:phrases} {zones:w:is:are} below {min:g} px/module ({ppm:.1f} at {worst:phrase}): "
              "move the camera about {cm} cm closer {hint:phrase}",
        "ru": "меньше {min:g} пикс. на модуль: {zones:phrases} (хуже всего {worst:phrase}: {ppm:.1f}); "
              "придвиньте камеру примерно на {cm} см {hint:phrase}"},
    "check.steep": {
        "en": "the far side of the table shows {ratio:.1f}x smaller than the near side: raise the camera "
              "and point it more straight down",
        "ru": "дальний край стола виден в {ratio:.1f} раза мельче ближнего: поднимите камеру "
              "и направьте её прямее вниз"},
    "check.near_limit": {
        "en": "{zones:phrases} {zones:w:is:are} near the limit ({ppm:.1f} px/module): blurred or glared cards "
              "there may be missed; a little closer {hint:phrase} gives margin",
        "ru": "на пределе ({ppm:.1f} пикс. на модуль): {zones:phrases}; размытые или засвеченные карты там "
              "могут не прочитаться; придвиньте камеру чуть ближе {hint:phrase}, чтобы был запас"},
    "check.blurred": {
        "en": "the picture is blurred at {zones:phrases} (edges spread over {blur:.1f} module): focus the "
              "camera on the table, keep it still, and give it more light for a faster shutter",
        "ru": "картинка размыта: {zones:phrases} (края расплываются на {blur:.1f} модуля); наведите камеру "
              "на резкость по столу, не двигайте её и добавьте света, чтобы выдержка была короче"},
    "check.dark": {
        "en": "the picture is too dark (white paper shows at {white:.0f} of 255): turn on a lamp over the "
              "table or raise the camera's exposure",
        "ru": "картинка слишком тёмная (белая бумага видна как {white:.0f} из 255): включите лампу над столом "
              "или увеличьте экспозицию камеры"},
    "check.washed": {
        "en": "the picture is washed out (black print shows at {black:.0f} of 255): lower the camera's "
              "exposure or dim the light behind it",
        "ru": "картинка пересвечена (чёрная печать видна как {black:.0f} из 255): уменьшите экспозицию "
              "камеры или приглушите свет за ней"},
    "check.low_contrast": {
        "en": "the marks have little contrast ({levels:.0f} grey levels between black and white): "
              "light the table evenly from above and keep bright windows out of the picture",
        "ru": "у меток мало контраста ({levels:.0f} уровней серого между чёрным и белым): освещайте стол "
              "ровно сверху и уберите яркие окна из кадра"},
    "check.glare": {
        "en": "glare {where:phrases} ({percent:.0f}% of the table washed out): tilt the lamp or move it so "
              "its reflection does not reach the camera; matte sleeves help",
        "ru": "блик: {where:phrases} (засвечено {percent:.0f}% стола); наклоните или передвиньте лампу, "
              "чтобы её отражение не попадало в камеру; помогут матовые протекторы"},
    "check.good": {
        "en": "setup looks good: every zone at {ppm:.1f} px/module or more, sharp, evenly lit, no glare; "
              "{cards} card(s) read",
        "ru": "всё в порядке: в каждой зоне от {ppm:.1f} пикс. на модуль, резко, свет ровный, бликов нет; "
              "прочитано карт: {cards}"},
}
"""Each piece of advice the setup check gives, worst first in the report; "/partly" is a variant of one id."""

CHECK = Wording({**MESSAGES, "check.zone": {"en": "{zone:phrase}", "ru": "{zone:phrase}"}}, words=WORDS, phrases=PHRASES)
"""The setup check's advice, worded by id."""


def zone_names(lang: str) -> dict[str, str]:
    """Return every zone's name in lang, as the overlay picture labels it ({"seat:3": "место 3"}).

    >>> zone_names("ru")["seat:3"], zone_names("ru")["bid_area"], zone_names("en")["bid_area"]
    ('место 3', 'зона торга', 'bid area')
    """
    from companion.vision.check import zone_phrase
    from companion.vision.geometry import ZONE_NAMES

    texts = {name: CHECK.say("check.zone", {"zone": zone_phrase(name)}, lang) for name in ZONE_NAMES}
    return {name: text.removeprefix("the ") for name, text in texts.items()}


def word(said: dict, lang: str = "en") -> str:
    """Return one piece of advice ({"id", "params"}) as a sentence in lang ("en" or "ru").

    Raises:
        KeyError: if the id has no wording (a bug: a test enumerates the ids vision can give).
    """
    return CHECK.say(said["id"], said["params"], lang)
