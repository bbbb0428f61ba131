"""What Grow's table reader says about the camera's view, by id, in English and Russian (companion.games.wording's syntax).

interpret.py gives each Proposal and Attention a `say` ({"id", "params"}) next
to its English `message`; the camera loop keeps it in the item's evidence, and
a screen words it in the reader's language. Grow's cards all lie face up, but
no sentence names one anyway (counts, players and colours only): the cards go
in the item's `cards`, for the screen to show as it shows the table. Whether a
card was among the two-player removed cards is never said. Pure data, in
messages.json beside this module. No Flask.
"""

from __future__ import annotations


from companion.games.grow.messages import W as RULES, card_words
from companion.games.wording import Wording, load_tables
from companion.table.messages import CAMERA, TableSentences

_TABLES = load_tables(__name__)
"""This module's sentence tables, kept as data beside it (messages.json): {table name: {id: {language: template}}}."""

MESSAGES: dict[str, dict[str, str]] = _TABLES["MESSAGES"]

W = Wording(MESSAGES, card=card_words, fallback=CAMERA, words={
    "en": {},
    "ru": {"green": "зелёная", "red": "красная", "blue": "синяя", "gold": "золотая"},
})
"""Grow's table sentences; the camera loop's wrappers ("confirm: ...") come from the shared table wording."""


SENTENCES = TableSentences(W, RULES)
say, english, word = SENTENCES.say, SENTENCES.english, SENTENCES.word
