"""The Speak switch's sentences ride on the shared state and tell twins apart by nothing hidden.

tests/web/tables.py stores each game twice, differing only in what no shared
screen may show (a sealed bid, a hand, a face-down lot, a penalty card): the
sentences each twin's state.json carries for the Speak switch must be the same.
The browser test (test_speech_browser.py) hears them said.
"""

from __future__ import annotations

import pytest

from companion.web import create_app
from tests.web.tables import GAMES, store_table


def speech(tmp_path, game: str, twin: bool, lang: str) -> list[dict]:
    db = tmp_path / f"{game}-{twin}.db"
    if not db.exists():
        store_table(db, game, twin=twin)
    body = create_app({"DB": str(db)}).test_client().get(f"/g/{game}/state.json?lang={lang}").get_json()
    return body["speech"]


@pytest.mark.parametrize("game", [g for g in GAMES if g != "bux"])  # BUX has no twin (tables.store_table)
def test_twins_that_differ_only_in_hidden_facts_are_said_alike(tmp_path, game):
    for lang in ("en", "ru"):
        said = speech(tmp_path, game, False, lang)
        assert said, f"{game}: nothing to say about a game in play"
        assert said == speech(tmp_path, game, True, lang)


def test_every_game_gives_keyed_sentences_and_the_sealed_bids_go_unsaid(tmp_path):
    for game in GAMES:
        said = speech(tmp_path, game, False, "en")
        assert all(isinstance(s["key"], str) and s["text"].strip() for s in said), said
        assert len({s["key"] for s in said}) == len(said), f"{game}: two sentences share a key"
    grow = [s["text"] for s in speech(tmp_path, "grow", False, "en")]
    assert "Ann's bid is sealed." in grow and not any(" 4" in t or " 9" in t for t in grow), grow
