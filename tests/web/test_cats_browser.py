"""Real browser (Debian's chromium): a cat auction round played through the pages in Russian, screenshots in both languages.

Three phones enter their hands, the tablet lays the lot and a bid, phones pass and the
winner names the lot; the shared screen follows live. Screenshots go to
$COMPANION_ARTIFACTS/web/cats-*.png (tablet 1024x768, phone 390x844).
"""

from __future__ import annotations

import pytest

from companion.store.session import GameSession
from companion.store.sqlite import EventStore
from companion.web import create_app
from companion.web.access import game_key, game_token, player_token
from tests.chromium import ARGS, BROWSER_TEST, CHROMIUM
from tests.web.serving import serving

PLAYERS = ["Аня", "Борис", "Вика"]
HANDS = {"Аня": {"1": 2, "1000": 2, "2000": 2, "5000": 1, "zero": 1, "peek": 1},
         "Борис": {"1": 2, "1000": 2, "2000": 2, "5000": 1, "shish": 1, "random": 1},
         "Вика": {"1": 2, "1000": 2, "2000": 1, "5000": 2, "top-up": 1, "cancel-double": 1}}

pytestmark = BROWSER_TEST


@pytest.fixture
def server(tmp_path):
    db = tmp_path / "companion.db"
    with EventStore(db) as store:
        GameSession.start(store, {"type": "setup", "game": "cats", "players": PLAYERS, "first": "Аня"}, game_id="c1")
        key = game_key(store, "c1")
    app = create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1})
    with serving(app) as base:
        yield base, key


def test_a_round_played_through_the_pages_in_russian(server, artifacts):
    shots = artifacts / "web"
    from playwright.sync_api import expect, sync_playwright

    base, key = server
    shots.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            wall = browser.new_context(viewport={"width": 1024, "height": 768}, locale="ru-RU").new_page()
            tab = browser.new_context(viewport={"width": 1024, "height": 768}, locale="ru-RU").new_page()
            phones = {name: browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU").new_page() for name in PLAYERS}
            for page in (wall, tab, *phones.values()):
                page.on("pageerror", lambda exc: errors.append(str(exc)))
            wall.goto(f"{base}/g/c1?lang=ru")
            expect(wall.locator("#phase")).to_contain_text("Ждём, пока каждый введёт")
            tab.goto(f"{base}/g/c1?t={game_token(key)}&lang=ru")
            expect(tab.locator("#entry")).to_be_visible()
            for name, phone in phones.items():
                phone.goto(f"{base}/g/c1/cats/me/{name}?k={player_token(key, name)}&lang=ru")
                expect(phone.locator("#deal-go")).to_be_visible()
                for label, count in HANDS[name].items():
                    for _ in range(count):
                        phone.locator(f".counter-row:has(.cnum[data-label='{label}']) [data-add]").click()
                if name == "Аня":
                    phone.screenshot(path=str(shots / "cats-phone-deal-ru.png"), full_page=True)
                phone.click("#deal-go")
                expect(phone.locator("#entry-msg")).to_contain_text("введены")
            expect(wall.locator("#phase")).to_contain_text("Выложите верхнюю карту")
            tab.click("#lot-go")
            expect(wall.locator("#piles")).to_contain_text("Лот 1 в закрытую")
            tab.locator(".counter-row:has(.cnum[data-label='1000']) [data-add]").click()
            tab.click("#bid-go")
            expect(wall.locator("#stake")).to_have_text("1000")
            expect(phones["Борис"].locator(".your-turn")).to_have_text("Ваш ход")
            phones["Борис"].screenshot(path=str(shots / "cats-phone-turn-ru.png"), full_page=True)
            # Too low a bid is refused in Russian and changes nothing.
            phones["Борис"].locator(".counter-row:has(.cnum[data-label='1000']) [data-add]").click()
            phones["Борис"].click("#bid-go")
            expect(phones["Борис"].locator("#entry-msg")).to_contain_text("вдвое больше")
            for name in ("Борис", "Вика"):
                expect(phones[name].locator("#pass-go")).to_be_visible()
                phones[name].select_option("#penalty", "1")
                phones[name].click("#pass-go")
                expect(phones[name].locator("#entry-msg")).to_contain_text("пас")
            expect(phones["Аня"].locator("#reveal-go")).to_be_visible()
            phones["Аня"].locator(".counter-row:has(.cnum[data-label='golden']) [data-add]").click()
            phones["Аня"].click("#reveal-go")
            expect(wall.locator("#phase")).to_contain_text("Борис берёт карты")
            expect(wall.locator("#players")).to_contain_text("11 карт")
            wall.screenshot(path=str(shots / "cats-table-ru.png"), full_page=True)
            tab.screenshot(path=str(shots / "cats-tablet-ru.png"), full_page=True)
            phones["Аня"].screenshot(path=str(shots / "cats-phone-hand-ru.png"), full_page=True)
            wall_text = wall.locator("main").inner_text()
            assert "Золотая" not in wall_text and "ШиШ" not in wall_text  # the lot and hands stay hidden
            # The same screens in English.
            wall.goto(f"{base}/g/c1/cats/?lang=en")
            expect(wall.locator("#phase")).to_contain_text("draws 2 cards from the Bank")
            wall.screenshot(path=str(shots / "cats-table-en.png"), full_page=True)
            phones["Борис"].goto(f"{base}/g/c1/cats/me/Борис?k={player_token(key, 'Борис')}&lang=en")
            expect(phones["Борис"].locator("#draw-go")).to_be_visible()
            phones["Борис"].screenshot(path=str(shots / "cats-phone-draw-en.png"), full_page=True)
            for lang in ("ru", "en"):
                rules = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
                rules.goto(f"{base}/rules/cats?lang={lang}")
                rules.screenshot(path=str(shots / f"cats-rules-{lang}.png"), full_page=False)
        finally:
            browser.close()
    assert errors == []
