"""Real browser (Debian's chromium): each game's Russian page shows a refused entry as a Russian sentence (issue 16).

One refusal per game, entered the way a person would on that game's page
(?lang=ru): the engine's rule id and parameters come back worded by the one
error handler, with names undeclined, lists as words, no Python quoting.
Screenshots go to $COMPANION_ARTIFACTS/web/refusal-<game>-ru.png.
"""

from __future__ import annotations

import re

import pytest

from companion.games.grow.state import draw_pile
from companion.store.session import GameSession
from companion.store.backends import open_store
from companion.web import create_app
from companion.web.access import game_key, game_token, player_token
from tests.chromium import BROWSER_TEST
from tests.web.conftest import CODE, start_game
from tests.web.serving import serving
from tests.web.test_grow import start_grow, state_of, tokens_of

pytestmark = BROWSER_TEST

PYTHONISH = re.compile(r"(?<![\w])'[^'\s][^']*'(?![\w])|[\[\]{}]|^[a-z_]+: ")


def reads_as_russian(text: str) -> None:
    assert re.search(r"[а-яё]", text, re.IGNORECASE), text
    assert not PYTHONISH.search(re.sub(r" \[[0-9A-Z]{3}\]", "", text)), text  # a BUX card's tag [60A] is its printed mark


def page_of(browser, errors: list[str], width: int = 1024, height: int = 768):
    page = browser.new_context(viewport={"width": width, "height": height}, locale="ru-RU").new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page


def test_bux_tablet_says_a_refused_move_in_russian(tmp_path, browser, artifacts):
    """A Broke entered for a player who still has chips (a button from a stale screen)."""
    from playwright.sync_api import expect

    db = tmp_path / "bux.db"
    start_game(db, 5)
    with open_store(db) as store:
        token = game_token(game_key(store, "g1"))
    errors: list[str] = []
    with serving(create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1})) as base:
        tablet = page_of(browser, errors)
        tablet.goto(f"{base}/g/g1?t={token}&lang=ru")
        expect(tablet.locator("#entry-player")).to_contain_text("Ann")
        tablet.locator(".tab[data-tab='other']").click()
        tablet.evaluate("document.getElementById('broke-go').disabled = false")
        tablet.click("#broke-go")
        message = tablet.locator("#entry-msg")
        expect(message).to_have_text("У игрока Ann 160 фишек: «без фишек» — только тот, у кого их нет.")
        reads_as_russian(message.inner_text())
        tablet.screenshot(path=str(artifacts_dir(artifacts) / "refusal-bux-ru.png"), full_page=True)
        assert CODE.search(tablet.content()) is None
    assert errors == []


def test_grow_phone_says_a_bid_over_the_tokens_in_russian(tmp_path, browser, artifacts):
    from playwright.sync_api import expect

    db = tmp_path / "grow.db"
    start_grow(db, players=["Ann", "Ben"])
    cards = sorted(draw_pile(state_of(db)))[:2]
    with open_store(db) as store:
        GameSession(store, "gr").submit({"type": "draw", "cards": cards}, source="import")
    _token, phones = tokens_of(db)
    errors: list[str] = []
    with serving(create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1})) as base:
        phone = page_of(browser, errors, 390, 844)
        phone.goto(f"{base}/g/gr/grow/me/Ann?k={phones['Ann']}&lang=ru")
        expect(phone.locator("#bid-form")).to_be_visible()
        phone.fill("#bid-amount", "99")
        phone.click("#bid-seal")
        message = phone.locator("#bid-msg")
        expect(message).to_have_text("У игрока Ann жетонов всего на 15 очков: поставить 99 нельзя.")
        reads_as_russian(message.inner_text())
        phone.screenshot(path=str(artifacts_dir(artifacts) / "refusal-grow-ru.png"), full_page=True)
    assert errors == []


def test_match_page_says_an_impossible_round_in_russian(tmp_path, browser, artifacts):
    """A round typed by hand with every hand empty: only one hand can be empty."""
    from playwright.sync_api import expect

    db = tmp_path / "match.db"
    with open_store(db) as store:
        GameSession.start(store, {"type": "setup", "game": "match", "players": ["Аня", "Борис", "Вика"], "dealer": "Вика"},
                          game_id="m1")
        token = game_token(game_key(store, "m1"))
    errors: list[str] = []
    with serving(create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1})) as base:
        tablet = page_of(browser, errors)
        tablet.goto(f"{base}/g/m1?t={token}&lang=ru")
        tablet.click("#m-by-hand")
        message = tablet.locator("#m-msg")
        expect(message).to_have_text("У игроков Аня, Борис и Вика пустые руки, а раунд кончается, как только карты кончаются "
                                     "у первого: пустой может быть только одна рука.")
        reads_as_russian(message.inner_text())
        tablet.screenshot(path=str(artifacts_dir(artifacts) / "refusal-match-ru.png"), full_page=True)
    assert errors == []


def test_cats_phone_says_a_too_low_bid_in_the_sheets_words(tmp_path, browser, artifacts):
    from playwright.sync_api import expect

    db = tmp_path / "cats.db"
    hands = {"Аня": {"1": 2, "1000": 2, "2000": 2, "5000": 1, "zero": 1},
             "Борис": {"1": 2, "1000": 2, "2000": 2, "5000": 1, "shish": 1}}
    with open_store(db) as store:
        GameSession.start(store, {"type": "setup", "game": "cats", "players": list(hands), "first": "Аня"}, game_id="c1")
        key = game_key(store, "c1")
    errors: list[str] = []
    with serving(create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1})) as base:
        tab = page_of(browser, errors)
        phones = {name: page_of(browser, errors, 390, 844) for name in hands}
        for name, phone in phones.items():
            phone.goto(f"{base}/g/c1/cats/me/{name}?k={player_token(key, name)}&lang=ru")
            expect(phone.locator("#deal-go")).to_be_visible()
            for label, count in hands[name].items():
                for _ in range(count):
                    phone.locator(f".counter-row:has(.cnum[data-label='{label}']) [data-add]").click()
            phone.click("#deal-go")
            expect(phone.locator("#entry-msg")).to_contain_text("введены")
        tab.goto(f"{base}/g/c1?t={game_token(key)}&lang=ru")
        tab.click("#lot-go")
        anya = phones["Аня"]  # bids come from the bidder's own phone (the tablet enters nothing checked against a hand)
        expect(anya.locator(".your-turn")).to_have_text("Ваш ход")
        anya.locator(".counter-row:has(.cnum[data-label='1000']) [data-add]").click()
        anya.click("#bid-go")
        boris = phones["Борис"]
        expect(boris.locator(".your-turn")).to_have_text("Ваш ход")
        boris.locator(".counter-row:has(.cnum[data-label='1000']) [data-add]").click()
        boris.click("#bid-go")
        message = boris.locator("#entry-msg")
        expect(message).to_have_text("1000 — мало: нужно хотя бы вдвое больше ставки на кону 1000, то есть не меньше 2000.")
        reads_as_russian(message.inner_text())
        boris.screenshot(path=str(artifacts_dir(artifacts) / "refusal-cats-ru.png"), full_page=True)
    assert errors == []


def artifacts_dir(artifacts):
    folder = artifacts / "web"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
