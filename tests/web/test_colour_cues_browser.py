"""The screens' colour cues stay distinct for colour-blind players (issue 34: cues beyond colour).

One wall page per game that shows colour cues, served for real and opened in
Debian's chromium: the blue/red match scoreboard with a scored round (its
cards' + and - signs), Grow's round of green, red and blue cards (their colour
words) and BUX's payouts in chips (each chip's value beside its colour) and
its chart's legend (each player's line dashed its own way). Each
cue is cut from the screenshot by its element's box, and each pair of cues is
judged by tests/colour_vision.py under protanopia, deuteranopia and
tritanopia: its colours apart (CIEDE2000) or its shapes apart.
"""

from __future__ import annotations

import itertools

import cv2
import numpy as np
import pytest

from companion.store.backends import open_store
from companion.store.session import GameSession
from companion.web import create_app
from companion.web.access import game_key, game_token
from tests.chromium import BROWSER_TEST
from tests.colour_vision import confusions
from tests.games.match import scenes
from tests.web.serving import serving
from tests.web.tables import store_table

pytestmark = BROWSER_TEST

SETTLE_MS = 900
"""Time a page takes to fetch its state and draw it (tests/web/test_gallery.py waits likewise)."""
CUES = {
    "match": [{"blue +": ".mcard.blue .msign", "red \u2212": ".mcard.red .msign"}],
    "grow": [{"green": "#row .gcard.c-green .gword", "red": "#row .gcard.c-red .gword", "blue": "#row .gcard.c-blue .gword"}],
    "bux": [{"white 5": ".chip-face:has(.chip-v:text-is('5'))", "silver 10": ".chip-face:has(.chip-v:text-is('10'))",
             "gold 50": ".chip-face:has(.chip-v:text-is('50'))"},
            {"Ann's line": ".legend .key:nth-child(1) svg", "Ben's line": ".legend .key:nth-child(2) svg",
             "Cat's line": ".legend .key:nth-child(3) svg"}],
}
"""Per game, groups of cue kinds a player tells apart (each kind: the element carrying its colour and its partner)."""


def match_table(db) -> None:
    """A match game with round 1 of tests/games/match/scenes.py scored (hand-entered), so the wall shows its cards."""
    with open_store(db) as store:
        GameSession.start(store, {"type": "setup", "game": "match", "players": list(scenes.PLAYERS), "dealer": "Cat",
                                   "advanced": True}, game_id="match")
        token = game_token(game_key(store, "match"))
    app = create_app({"DB": str(db), "TESTING": True})
    players = {n: {"matches": [list(m) for m in ms], "hand": h} for n, (ms, h) in scenes.ROUNDS[0].items()}
    response = app.test_client().post("/g/match/match/api/round", headers={"X-Companion-Token": token}, json={"players": players})
    assert response.status_code == 200, response.get_json()


def crops(chromium, base: str, game: str, css: str = "") -> list[dict[str, np.ndarray]]:
    """Open the game's wall and return, per group of CUES, {cue kind: RGB screenshot of its first element's box}.

    css is added to the page first (the check's own test hides the cues' words with it).
    """
    context = chromium.new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=2)
    try:
        page = context.new_page()
        page.goto(f"{base}/g/{game}")
        page.wait_for_timeout(SETTLE_MS)
        if css:
            page.add_style_tag(content=css)
        groups = []
        for group in CUES[game]:
            out = {}
            for kind, selector in group.items():
                element = page.locator(selector).first
                assert element.count(), f"{game}: no {kind} cue ({selector}) on the wall"
                image = cv2.imdecode(np.frombuffer(element.screenshot(), np.uint8), cv2.IMREAD_COLOR)
                assert image is not None, f"{game}: the {kind} screenshot does not decode"
                out[kind] = np.ascontiguousarray(image[..., ::-1])
            groups.append(out)
        return groups
    finally:
        context.close()


def wall_cues(chromium, tmp_path, game: str, css: str = "") -> list[dict[str, np.ndarray]]:
    """Store the game's table, serve it, and return its wall's cue crops (see crops)."""
    db = tmp_path / f"{game}.db"
    if game == "match":
        match_table(db)
    else:
        store_table(db, game)
    app = create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1})
    with serving(app, threads=4) as base:
        return crops(chromium, base, game, css)


@pytest.mark.parametrize("game", sorted(CUES))
def test_screen_colour_cues_stay_distinct_under_colour_blindness(game, chromium, tmp_path):
    seen = wall_cues(chromium, tmp_path, game)
    pairs = {}
    for group in seen:
        for kind, crop in group.items():  # kept for a look: pytest --basetemp=DIR
            cv2.imwrite(str(tmp_path / f"{kind}.png"), np.ascontiguousarray(crop[..., ::-1]))
        pairs.update({f"{a} / {b}": (group[a], group[b]) for a, b in itertools.combinations(group, 2)})
    found = confusions(pairs)
    assert not found, f"{game}: screen cues a colour-blind player cannot tell apart:\n" + "\n".join(found)


def test_grow_cards_with_their_words_hidden_are_confused_under_deuteranopia(chromium, tmp_path):
    """The check fails on the real page when the cue is gone: the green and red words hidden, the colours alone."""
    (group,) = wall_cues(chromium, tmp_path, "grow", css=".gword { color: transparent !important; }")
    found = confusions({"green / red": (group["green"], group["red"])})
    assert any("Deuteranomaly" in line for line in found), found
