"""What the cat auction's table reader says about the camera's view, by id, in English and Russian.

interpret.py gives each Proposal and Attention a `say` ({"id", "params"}) next
to its English `message`; the camera loop keeps it in the item's evidence, and
a screen words it in the reader's language. A sentence names a card only when
it lies face up on the stake (a bid's value, a played cat card: the whole table
sees them). A card the game keeps face down or in a hand (the lot, a penalty, a
card at a seat) is only ever counted, even when the camera can read it, since
these sentences reach shared screens. Pure data, in messages.json beside this module.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.games.cats.messages import W as RULES, card_words
from companion.games.wording import Wording, load_tables
from companion.table.messages import CAMERA, TableSentences

_TABLES = load_tables(__name__)
"""This module's sentence tables, kept as data beside it (messages.json): {table name: {id: {language: template}}}."""

MESSAGES: dict[str, dict[str, str]] = _TABLES["MESSAGES"]

ZONE_WORDS: dict[str, dict[str, str]] = json.loads((Path(__file__).with_name("layout.json")).read_text(encoding="utf-8"))["words"]
"""The zones' names per language, from this game's layout file (what the setup check calls them too)."""

W = Wording(MESSAGES, card=card_words, fallback=CAMERA, words=ZONE_WORDS)
"""The cat auction's table sentences; the camera loop's wrappers ("confirm: ...") come from the shared table wording."""


SENTENCES = TableSentences(W, RULES)
say, english, word = SENTENCES.say, SENTENCES.english, SENTENCES.word
