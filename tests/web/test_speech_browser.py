"""Real browser: the Speak switch says each game's main events aloud, in English and Russian, and nothing hidden.

Debian's chromium opens each game's shared screen (the wall: no token) with an
init script that records every `speechSynthesis.speak` call (its text and
language) instead of sounding it. The test switches Speak on, checks the state
found on loading is not read out, then enters moves through the real HTTP API
(game token, or a seat's key for a phone's entry) and checks what was said.
One page load per game and language; several events per page.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from companion.games.bux.screens.ru_source import RU as BUX_RU
from companion.games.grow.screens.ru_source import RU as GROW_RU
from companion.games.match.screens.ru_source import RU as MATCH_RU
from companion.store.backends import open_store
from companion.web import create_app
from companion.web.translations.ru_source_speech import RU as SHARED_RU
from tests.chromium import BROWSER_TEST
from tests.games.match import scenes
from tests.web.serving import serving
from tests.web.tables import _start, store_table, tokens

pytestmark = BROWSER_TEST

RECORD = """
window.__said = [];
if (window.speechSynthesis) {
  window.speechSynthesis.speak = (u) => window.__said.push({text: u.text, lang: u.lang});
  window.speechSynthesis.cancel = () => {};
}
"""

RU_TEXT = {**SHARED_RU, **BUX_RU, **GROW_RU, **MATCH_RU}


def say(lang: str, english: str, **params: Any) -> str:
    """Return a sentence as the page's language words it (the Russian from the ru_source dicts the catalogs are built of)."""
    text = english if lang == "en" else RU_TEXT[english]
    return text % params if params else text


def winners(lang: str, name: str) -> str:
    forms = ("The game is over. Winner: %(names)s.", "The game is over. Winners: %(names)s.")
    return (forms[0] if lang == "en" else SHARED_RU[forms][0]) % {"names": name}


def post(base: str, path: str, body: dict, token: str) -> dict:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "X-Companion-Token": token})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        raise AssertionError(f"{path}: {error.code} {error.read().decode()}") from None


def state(base: str, game: str, lang: str) -> dict:
    with urllib.request.urlopen(f"{base}/g/{game}/state.json?lang={lang}", timeout=10) as response:
        return json.load(response)


class Wall:
    """One wall page with Speak on, its utterances recorded."""

    def __init__(self, page, base: str, game: str, lang: str):
        self.page, self.base, self.game, self.lang = page, base, game, lang
        page.add_init_script(RECORD)
        page.goto(f"{base}/g/{game}?lang={lang}")
        button = page.locator("#speak")
        assert button.text_content().strip() == ("Speak" if lang == "en" else RU_TEXT["Speak"])
        assert button.get_attribute("aria-pressed") == "false", "Speak starts off"
        button.click()
        assert button.get_attribute("aria-pressed") == "true"
        self.wait_heard()
        assert self.said() == [], "the state found on switching on is not read out"

    def wait_heard(self) -> None:
        seq = state(self.base, self.game, self.lang)["seq"]
        deadline = time.monotonic() + 15
        while int(self.page.locator("#speak").get_attribute("data-heard") or -1) < seq:  # the page's CSP forbids eval
            assert time.monotonic() < deadline, f"the voice never took in state {seq}"
            self.page.wait_for_timeout(40)

    def said(self) -> list[str]:
        found = self.page.evaluate("window.__said")
        assert all(item["lang"] == self.lang for item in found), found
        return [item["text"] for item in found]

    def after(self, *moves) -> list[str]:
        """Make the moves (callables), wait for the page to take in the newest state; return what it said meanwhile."""
        before = len(self.said())
        for move in moves:
            move()
        self.wait_heard()
        return self.said()[before:]


def served_wall(tmp_path: Path, game: str, lang: str, start=None):
    db = tmp_path / f"{game}-{lang}.db"
    (start or store_table)(db, game)
    app = create_app({"DB": str(db), "SSE_SECONDS": 30, "SSE_POLL": 0.05})
    return db, app


LANGS = pytest.mark.parametrize("lang", ["en", "ru"])


@LANGS
def test_bux_says_draws_bids_timer_cards_double_bux_dice_and_turns(browser, tmp_path, lang):
    db, app = served_wall(tmp_path, "bux", lang)
    token, _keys = tokens(db, "bux")
    face = lambda code: ({"code": code} if code.startswith("bux") else  # noqa: E731
                         dict(zip(("suit", "shape", "value"), (code.split("-")[0], code.split("-")[1], int(code.split("-")[2])))))
    with serving(app) as base:
        wall = Wall(browser.new_page(), base, "bux", lang)
        draw = lambda who, cards, winner, price: lambda: post(base, "/g/bux/api/move", {"line": {  # noqa: E731
            "type": "draw", "player": who, "cards": [face(c) if not c.startswith("bux") else c for c in cards],
            "winner": winner, "price": price}}, token)
        heard = wall.after(draw("Cat", ["heart-circle-100", "heart-circle-25", "club-square-100"], "Ann", 125))
        assert len(heard) == 2 and heard[0].endswith(say(lang, "%(winner)s won the bid for %(price)s.", winner="Ann", price=125))
        assert heard[1] == say(lang, "%(player)s's turn.", player="Ann")
        heard = wall.after(draw("Ann", ["club-x-100", "spade-square-100", "bux-3", "diamond-oval-25"], "Cat", 165))
        assert "BUX" in heard[0] and heard[0].endswith(say(lang, "%(winner)s won the bid for %(price)s.", winner="Cat", price=165))
        assert heard[1:] == [say(lang, "BUX timer card %(n)s is out.", n=2), say(lang, "Double-BUX: every set sells for double."),
                             say(lang, "%(player)s's turn.", player="Ben")]
        heard = wall.after(lambda: post(base, "/g/bux/api/dice/roll", {"dice": "2d6"}, token))
        values = [str(v) for v in state(base, "bux", lang)["dice"]["rolls"][0]["values"]]
        assert heard == [say(lang, "Dice: %(values)s.", values=say(lang, "%(first)s and %(last)s", first=values[0], last=values[1]))]
        for text in wall.said():
            assert not set(text) & set("♠♥♣♦"), f"a suit said as a symbol: {text}"
            assert not re.search(r"\b(25|50|100)\b", text.replace("125", "").replace("165", "")), f"a card's back value was said: {text}"


def grow_started(db: Path, game: str) -> None:
    """Grow for three, round 1's cards up, no bid sealed yet."""
    from companion.web.dice_service import DiceService

    session = _start(db, game, {"type": "setup", "game": "grow", "players": ["Ann", "Ben", "Cat"], "removed": []},
                     [{"type": "draw", "cards": ["green-02", "red-02", "blue-05"]}])
    DiceService(session).ensure_seed()
    session.store.close()


@LANGS
def test_grow_says_sealed_bids_without_amounts_then_all_in_the_reveal_and_whose_pick(browser, tmp_path, lang):
    db, app = served_wall(tmp_path, "grow", lang, start=grow_started)
    token, keys = tokens(db, "grow")
    bid = lambda who, amount: lambda: post(base, "/g/grow/grow/api/bid", {"player": who, "bid": amount, "k": keys[who]}, keys[who])  # noqa: E731
    with serving(app) as base:
        wall = Wall(browser.new_page(), base, "grow", lang)
        heard = wall.after(bid("Ann", 4))
        assert heard == [say(lang, "%(name)s's bid is sealed.", name="Ann")]
        heard = wall.after(bid("Ben", 7))
        assert heard == [say(lang, "%(name)s's bid is sealed.", name="Ben")]
        assert not any(re.search(r"\b(4|7)\b", text) for text in wall.said()), "a sealed bid was said before the reveal"
        heard = wall.after(bid("Cat", 2))
        # The last seal and the reveal it sets off are two writes: a stream may carry the state between them.
        heard = [text for text in heard if text != say(lang, "%(name)s's bid is sealed.", name="Cat")]
        assert heard[0] == say(lang, "All bids are in.")
        assert "Ann 4" in heard[1] and "Ben 7" in heard[1] and "Cat 2" in heard[1], heard
        assert heard[2] == say(lang, "%(player)s's turn.", player="Ben"), "the highest bid picks first"


def match_started(db: Path, game: str) -> None:
    _start(db, game, {"type": "setup", "game": "match", "players": list(scenes.PLAYERS), "dealer": "Cat", "advanced": True}, []).store.close()


@LANGS
def test_match_says_each_round_its_best_and_the_game_winner(browser, tmp_path, lang):
    db, app = served_wall(tmp_path, "match", lang, start=match_started)
    token, _keys = tokens(db, "match")
    with serving(app) as base:
        wall = Wall(browser.new_page(), base, "match", lang)
        for number, (layouts, scores) in enumerate(zip(scenes.ROUNDS, scenes.SCORES), start=1):
            players = {n: {"matches": [list(m) for m in ms], "hand": h} for n, (ms, h) in layouts.items()}
            heard = wall.after(lambda: post(base, "/g/match/match/api/round", {"players": players}, token))
            best = max(scores.values())
            line = say(lang, "Round %(n)s scored: %(scores)s. Best this round: %(names)s.", n=number,
                       scores=", ".join(f"{n} {s}" for n, s in scores.items()),
                       names=", ".join(n for n, s in scores.items() if s == best))
            assert heard[0] == line, heard
        assert heard[-1] == winners(lang, "Cat")
        wall.page.reload()  # the switch is remembered on this device, and a reload reads nothing out
        assert wall.page.locator("#speak").get_attribute("aria-pressed") == "true"
        wall.wait_heard()
        assert wall.said() == []


@LANGS
def test_cats_says_bids_passes_the_round_winner_and_hides_the_penalty_card(browser, tmp_path, lang):
    db, app = served_wall(tmp_path, "cats", lang)
    _token, keys = tokens(db, "cats")
    with serving(app) as base:
        wall = Wall(browser.new_page(), base, "cats", lang)
        heard = wall.after(lambda: post(base, "/g/cats/cats/me/Cat/move", {"type": "pass", "card": "1000"}, keys["Cat"]))
        board = state(base, "cats", lang)["board"]
        assert heard == [*reversed(board["history"][:2]), board["phase_text"]], heard
        assert "Ann" in heard[1] and board["phase"] == "drawing", "the round's winner is said, then what the table waits for"
        for text in wall.said():
            assert "1000" not in text and "2000" not in text, f"a penalty card was named: {text}"
