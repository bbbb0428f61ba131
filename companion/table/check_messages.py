"""The setup check's advice, by id, in English and Russian (companion.games.wording's syntax).

companion.vision.check measures and says what to change as {"id", "params"}:
numbers, and zones and plates as phrase dicts ({"phrase": "seat", "seat": 3}),
never words. The CLI words them in English, the tablet's camera page in the
reader's language. Zone and plate names are worded here too, so vision stays
free of language. Russian lists the zones after a colon or in the nominative,
so no name is declined. The sentences are data, in check_messages.json beside this module. No Flask.
"""

from __future__ import annotations

from companion.games.wording import Wording, load_tables

_TABLES = load_tables(__name__)
"""This module's sentence tables, kept as data beside it (check_messages.json): {table name: {id: {language: template}}}."""

WORDS: dict[str, dict[str, str]] = _TABLES["WORDS"]
"""Zone and corner names of the table layout (calibration/table-layout.json, markers.json)."""

PHRASES: dict[str, dict[str, str]] = _TABLES["PHRASES"]
"""Zones ("seat 3"), plates, framing, resolution hints and glare places, for {x:phrase} / {x:phrases}."""

MESSAGES: dict[str, dict[str, str]] = _TABLES["MESSAGES"]
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
