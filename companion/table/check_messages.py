"""The setup check's advice, by id, in English and Russian (companion.games.wording's syntax).

companion.vision.check measures and says what to change as {"id", "params"}:
numbers, and zones and plates as phrase dicts ({"phrase": "seat", "seat": 3}),
never words. The CLI words them in English, the tablet's camera page in the
reader's language. Zone and plate names are worded here too, so vision stays
free of language: a seat's and a corner's here, a game's own zones from its
layout file's "words" (companion.table.layouts), so this module names no game's
zone. Russian lists the zones after a colon or in the nominative, so no name is
declined. The sentences are data, in check_messages.json beside this module. No Flask.
"""

from __future__ import annotations

from functools import cache
from typing import Iterable

from companion.games.wording import Wording, load_tables

_TABLES = load_tables(__name__)
"""This module's sentence tables, kept as data beside it (check_messages.json): {table name: {id: {language: template}}}."""

WORDS: dict[str, dict[str, str]] = _TABLES["WORDS"]
"""The common frame's names (corners, off the table); each game's zones are named in its layout file."""

PHRASES: dict[str, dict[str, str]] = _TABLES["PHRASES"]
"""Zones ("seat 3"), plates, framing, resolution hints and glare places, for {x:phrase} / {x:phrases}."""

MESSAGES: dict[str, dict[str, str]] = _TABLES["MESSAGES"]
"""Each piece of advice the setup check gives, worst first in the report; "/partly" is a variant of one id."""



@cache
def checks() -> Wording:
    """Return the setup check's advice, worded by id, with every known game's zone words (read once, on first use)."""
    from companion.table.layouts import zone_words

    games = zone_words()
    words = {lang: {**games.get(lang, {}), **names} for lang, names in WORDS.items()}
    return Wording({**MESSAGES, "check.zone": {"en": "{zone:phrase}", "ru": "{zone:phrase}"}}, words=words, phrases=PHRASES)


def zone_names(lang: str, zones: Iterable[str] = ()) -> dict[str, str]:
    """Return the zones' names in lang, as the overlay picture labels them ({"seat:3": "место 3"}).

    `zones`: the layout's zone names (TableLayout.zones); without them, seats 1-5 and every
    known game's zones.

    >>> zone_names("ru")["seat:3"], zone_names("ru")["lot"], zone_names("en", ["row"])
    ('место 3', 'лот', {'row': 'row', 'off_table': 'off table'})
    """
    from companion.table.layouts import zone_words
    from companion.vision.check import zone_phrase

    names = list(zones) or [f"seat:{n}" for n in range(1, 6)] + sorted(zone_words().get("en", {}))
    texts = {name: checks().say("check.zone", {"zone": zone_phrase(name)}, lang) for name in [*names, "off_table"]}
    return {name: text.removeprefix("the ") for name, text in texts.items()}


def word(said: dict, lang: str = "en") -> str:
    """Return one piece of advice ({"id", "params"}) as a sentence in lang ("en" or "ru").

    Raises:
        KeyError: if the id has no wording (a bug: a test enumerates the ids vision can give).
    """
    return checks().say(said["id"], said["params"], lang)
