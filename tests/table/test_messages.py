"""The camera's sentences (table wording) exist in English and Russian with the same placeholders, and every one words."""

from __future__ import annotations

import re
import string

import pytest

from companion.games.bux.table import messages as bux
from companion.table.messages import CAMERA, MESSAGES as WRAPPERS

SAMPLE = {"drawer": "Ann", "winner": "Ben", "price": 55, "player": "Cat", "other": "Dan", "owner": "Ann", "hidden": 2,
          "sets": 1, "payout": 175, "what": "everyone passed", "reason": "It is Ann's turn.",
          "where": {"phrase": "bid_area"}, "should": {"phrase": "spread", "owner": "Ben"}}


def fields(template: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("table", [bux.MESSAGES, WRAPPERS], ids=["bux", "camera"])
def test_every_sentence_has_both_languages_with_the_same_placeholders(table):
    for key, texts in table.items():
        assert set(texts) == {"en", "ru"}, key
        assert fields(texts["en"]) == fields(texts["ru"]), key


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_sentence_words_without_a_stray_brace_or_code(lang):
    for key in [*bux.MESSAGES, *WRAPPERS]:
        text = bux.W.say(key, SAMPLE, lang)
        assert "{" not in text and "}" not in text and not re.search(r"\b[a-z]+-[a-z]+-\d+\b", text), (key, text)
    assert CAMERA.say("camera.confirm", SAMPLE, lang).endswith("everyone passed")


def test_the_phrases_say_where_a_card_is_in_russian_too():
    assert bux.W.say("camera.misplaced", {"where": {"phrase": "off_table"}, "should": {"phrase": "deck"}}, "ru") == \
        "карта лежит вне стола, а по игре она в колоде"
    assert bux.english(bux.say("camera.unsure_sale", player="Ann", hidden=1)).startswith(
        "Ann put cards on the discard pile; 1 of their cards is out of the camera's sight")
