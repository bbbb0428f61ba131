"""What the screens say about a player's own taps (issue 28): every control has words, Undo names the move it undid.

The control check reads the page sources: every button a template writes or
a script builds from a fixed text must hold a letter or a digit, never an
emoji alone (🎲, ✋ and ✔ were Grow's whole buttons; where no emoji font is
installed they drew as empty boxes). A symbol-only control is allowed only as
a plain glyph with an aria-label (↑, ✕, ×).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.store.backends import open_store
from companion.store.session import GameSession
from companion.web import create_app
from tests.web.tables import store_table, tokens

WEB = Path(__file__).resolve().parents[2] / "companion" / "web"
GAMES = Path(__file__).resolve().parents[2] / "companion" / "games"
EMOJI = re.compile("[\u2600-\u27bf\u2b00-\u2bff\U0001f000-\U0001faff\ufe0f]")
WORDS = re.compile(r"[^\W_]")
JS_CONTROL = re.compile(r"""\bbutton\(\s*("(?:[^"\\]|\\.)*")|el\(\s*"button"\s*,\s*(\{[^{}]*\})\s*,\s*("(?:[^"\\]|\\.)*")\s*\)""")
HTML_BUTTON = re.compile(r"<button\b([^>]*)>(.*?)</button>", re.S)


def controls() -> list[tuple[str, str, str]]:
    """Return (file, the control's fixed text, its attributes) for every button the page sources build from a fixed text."""
    found = []
    for path in sorted(WEB.rglob("*.js")) + sorted(GAMES.glob("*/screens/**/*.js")):
        for match in JS_CONTROL.finditer(path.read_text(encoding="utf-8")):
            literal = match.group(1) or match.group(3)
            found.append((path.name, json.loads(literal), match.group(2) or ""))
    for path in sorted(WEB.rglob("*.html")) + sorted(GAMES.glob("*/screens/**/*.html")):
        for attrs, inner in HTML_BUTTON.findall(path.read_text(encoding="utf-8")):
            found.append((path.name, re.sub(r"\{\{.*?\}\}|\{%.*?%\}", "words", inner), attrs))
    return found


def test_the_scan_finds_the_pages_controls():
    files = {name for name, _text, _attrs in controls()}
    assert {"match.js", "cats.js", "game.html", "table.html"} <= files, files


def test_no_control_is_an_emoji_or_a_symbol_alone():
    """Main: Grow's roll, hand-rolled dice, draw and reveal buttons were 🎲, ✋, ✔ and ✔."""
    bare = []
    for name, text, attrs in controls():
        if WORDS.search(text):
            continue
        if EMOJI.search(text) and not re.fullmatch(r"\s*[\u2715\u00d7\u2191\u2193]\s*", text):
            bare.append((name, text))
        elif text.strip() and "aria-label" not in attrs:
            bare.append((name, text))
    assert bare == [], bare


@pytest.fixture(params=["bux", "grow", "cats", "match"])
def game(request, tmp_path):
    db = tmp_path / f"{request.param}.db"
    store_table(db, request.param)
    token, _seats = tokens(db, request.param)
    return request.param, db, create_app({"DB": str(db), "TESTING": True}).test_client(), {"X-Companion-Token": token}


UNDO = {"bux": "/g/bux/api/undo", "grow": "/g/grow/grow/api/undo", "cats": "/g/cats/cats/api/undo", "match": "/g/match/api/undo"}
SAID = {"bux": "Undone: Ben sold", "grow": "Undone: Round 1: ", "cats": "Undone: Ben passed", "match": "Undone: Round 1 dealt."}


def test_undo_says_which_move_it_undid(game):
    """Main answered only {"ok": true} and the pages said "The last move was undone."."""
    name, db, client, auth = game
    answer = client.post(UNDO[name] + "?lang=en", json={}, headers=auth)
    assert answer.status_code == 200, answer.get_json()
    message = answer.get_json()["message"]
    assert message.startswith(SAID[name]) and message.endswith("."), message
    assert message != "Undone: ." and "None" not in message
    russian = client.post(UNDO[name] + "?lang=ru", json={}, headers=auth)
    if russian.status_code == 200:
        assert russian.get_json()["message"].startswith("Отменено: "), russian.get_json()
    with open_store(db) as store:
        assert sum(e.kind == "undo" for e in GameSession(store, name).events) >= 1
