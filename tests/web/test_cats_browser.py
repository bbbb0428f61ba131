"""Real browser (Debian's chromium): a cat auction round played through the pages in Russian, screenshots in both languages.

Three phones enter their hands and every entry judged against a hand, the tablet lays the lot;
the shared screen follows live. The tablet holds no seat's private link, in its HTML or in any
answer it loads. Counted words read as a native writes them (1/2/5 forms). Screenshots go to
$COMPANION_ARTIFACTS/web/cats-*.png (tablet, phone, game over and host screen at 1280x800 and 800x1280).
"""

from __future__ import annotations

import pytest

from companion.games.cats.record import move_to_json
from companion.games.cats.selfplay import as_table_records, random_game
from companion.store.session import GameSession
from companion.store.backends import Store, open_store
from companion.web import create_app
from companion.web.access import game_key, game_token, player_token
from tests.chromium import ARGS, BROWSER_TEST, CHROMIUM
from tests.web.boxes import box_of
from tests.web.serving import serving

PLAYERS = ["Аня", "Борис", "Вика"]
HANDS = {"Аня": {"1": 2, "1000": 2, "2000": 2, "5000": 1, "zero": 1, "peek": 1},
         "Борис": {"1": 2, "1000": 2, "2000": 2, "5000": 1, "shish": 1, "random": 1},
         "Вика": {"1": 2, "1000": 2, "2000": 1, "5000": 2, "top-up": 1, "cancel-double": 1}}
SIZES = {"1280x800": {"width": 1280, "height": 800}, "800x1280": {"width": 800, "height": 1280}}

pytestmark = BROWSER_TEST


def finished_game(store: Store, game_id: str, seed: int) -> None:
    """Store a whole random game as a table enters it (hidden deal, face-down lots), with PLAYERS' names."""
    moves = as_table_records(random_game(seed, 3))
    names = dict(zip(moves[0].players, PLAYERS))
    session = None
    for move in moves:
        line = move_to_json(move)
        if line["type"] == "setup":
            line = {**line, "players": [names[p] for p in line["players"]], "first": names[line["first"]]}
            session = GameSession.start(store, line, game_id=game_id)
            continue
        if "player" in line:
            line["player"] = names[line["player"]]
        session.submit(line, source="import")
    assert session.game.is_over(session.state)


@pytest.fixture
def server(tmp_path):
    db = tmp_path / "companion.db"
    with open_store(db) as store:
        GameSession.start(store, {"type": "setup", "game": "cats", "players": PLAYERS, "first": "Аня"}, game_id="c1")
        finished_game(store, "over", seed=7)
        key = game_key(store, "c1")
        over_key = game_key(store, "over")
    app = create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1})
    with serving(app) as base:
        yield base, key, over_key


def test_a_round_played_through_the_pages_in_russian(server, artifacts):
    shots = artifacts / "web"
    from playwright.sync_api import expect, sync_playwright

    base, key, _over = server
    seat_keys = [player_token(key, name) for name in PLAYERS]
    shots.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    loaded: dict[str, str] = {}  # every answer the tablet page loaded (url -> body)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            wall = browser.new_context(viewport=SIZES["1280x800"], locale="ru-RU").new_page()
            tab = browser.new_context(viewport=SIZES["1280x800"], locale="ru-RU").new_page()
            phones = {name: browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU").new_page() for name in PLAYERS}
            for page in (wall, tab, *phones.values()):
                page.on("pageerror", lambda exc: errors.append(str(exc)))

            def keep(response):
                if "event-stream" in (response.headers.get("content-type") or ""):
                    return  # the stream's body never ends; test_cats checks what it carries
                loaded[response.url] = response.headers.get("location", "") if 300 <= response.status < 400 else response.text()
            tab.on("response", keep)
            wall.goto(f"{base}/g/c1?lang=ru")
            expect(wall.locator("#phase")).to_have_text("Ждём, пока игроки Аня, Борис, Вика введут розданные карты на своих телефонах.")
            expect(wall.locator("#piles")).to_contain_text("Раздача")
            assert "Раунд 0" not in wall.locator("#piles").inner_text()
            tab.goto(f"{base}/g/c1?t={game_token(key)}&lang=ru")
            expect(tab.locator("#entry")).to_be_visible()
            expect(tab.locator("#bid-go")).to_have_count(0)  # the tablet checks no hand: bids come from the phones
            expect(tab.locator("#lot-go")).to_be_hidden()  # offered only when a lot is due, never as a greyed-out button
            for name, phone in phones.items():
                phone.goto(f"{base}/g/c1/cats/me/{name}?k={player_token(key, name)}&lang=ru")
                expect(phone.locator("#deal-go")).to_be_visible()
                expect(phone.locator(".action .hint")).to_have_text(
                    "Введите 7 карт из колоды «Банк» и 2 карты котиков. Этот экран видите только вы.")
                for label, count in HANDS[name].items():
                    for _ in range(count):
                        phone.locator(f".counter-row:has(.cnum[data-label='{label}']) [data-add]").click()
                expect(phone.locator(".action .check")).to_have_class("check done")  # green once the counts are right
                if name == "Аня":
                    phone.screenshot(path=str(shots / "cats-phone-deal-ru.png"), full_page=True)
                phone.click("#deal-go")
                expect(phone.locator("#entry-msg")).to_contain_text("введены")
                if name == "Борис":  # one hand still to come: the «one» form
                    expect(wall.locator("#phase")).to_have_text("Ждём, пока игрок Вика введёт розданные карты на своём телефоне.")
            expect(wall.locator("#phase")).to_contain_text("Выложите верхнюю карту")
            tab.click("#lot-go")
            expect(wall.locator("#piles")).to_contain_text("Лот: 1 карта в закрытую")  # the «one» form
            expect(tab.locator("#lot-go")).to_be_hidden()
            # Zero stake: only number cards may open, and the table says only that.
            expect(wall.locator("#phase")).to_have_text("Ход: Аня — ставка числовыми картами или пас.")
            phones["Аня"].locator(".counter-row:has(.cnum[data-label='1000']) [data-add]").click()
            phones["Аня"].click("#bid-go")
            expect(wall.locator("#stake")).to_have_text("1000")
            expect(wall.locator("#phase")).to_have_text("Ход: Борис — ставка, карта котика или пас.")
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
            expect(wall.locator("#piles")).to_contain_text("Колода «Банк»: 43 карты")  # the «few» form: 64 - 3 × 7
            expect(phones["Аня"].locator("#reveal-go")).to_be_visible()
            expect(phones["Аня"].locator(".action .hint")).to_have_text("Вы взяли из лота 1 карту котика: посмотрите на неё.")
            phones["Аня"].locator(".counter-row:has(.cnum[data-label='golden']) [data-add]").click()
            phones["Аня"].click("#reveal-go")
            expect(wall.locator("#phase")).to_have_text("Борис берёт 2 карты из колоды «Банк» и вводит их на своём телефоне.")
            expect(wall.locator("#players")).to_contain_text("11 карт")  # the «many» form
            expect(wall.locator("#history")).to_contain_text("Игрок Аня выиграл раунд и забирает в руку лот и штрафные карты.")
            expect(phones["Борис"].locator(".action .hint")).to_have_text("Выберите ровно 2 карты.")
            wall.screenshot(path=str(shots / "cats-table-ru.png"), full_page=True)
            for size, viewport in SIZES.items():
                tab.set_viewport_size(viewport)
                tab.screenshot(path=str(shots / f"cats-tablet-ru-{size}.png"), full_page=True)
                phones["Аня"].set_viewport_size(viewport)
                phones["Аня"].screenshot(path=str(shots / f"cats-phone-hand-ru-{size}.png"), full_page=True)
            wall_text = wall.locator("main").inner_text()
            assert "Золотая ставка" not in wall_text and "ШиШ" not in wall_text  # the lot and hands stay hidden
            # The tablet (game token holder) was handed no seat's private link: not in its HTML, not in any answer.
            tab.reload()
            expect(tab.locator("#phase")).to_contain_text("Борис берёт")
            assert loaded and any("state.json" in url for url in loaded)
            for url, body in [*loaded.items(), ("dom", tab.content())]:
                assert "/me/" not in body and not any(k in body for k in seat_keys), url
            # The same screens in English.
            wall.goto(f"{base}/g/c1/cats/?lang=en")
            expect(wall.locator("#phase")).to_contain_text("draws 2 cards from the Bank deck")
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


def test_the_game_over_page_keeps_each_seat_one_row_high(server, artifacts):
    """Issue 17: at the end the hands are laid down on a row of their own; card backs stay a row, seats stay low."""
    shots = artifacts / "web"
    from playwright.sync_api import expect, sync_playwright

    base, _key, _over = server
    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_context(viewport=SIZES["1280x800"], locale="ru-RU").new_page()
            page.goto(f"{base}/g/c1/cats/?lang=ru")
            expect(page.locator("#players .seat")).to_have_count(3)
            before = box_of(page.locator("#players .seat").first)["height"]
            for size, viewport in SIZES.items():
                page.set_viewport_size(viewport)
                page.goto(f"{base}/g/over/cats/?lang=ru")
                expect(page.locator("#phase")).to_contain_text("Игра окончена. Победитель: ")
                expect(page.locator("#players .shown").first).to_be_visible()
                page.screenshot(path=str(shots / f"cats-over-ru-{size}.png"), full_page=True)
                for seat in page.locator("#players .seat").all():
                    height = box_of(seat)["height"]
                    assert height < 2.2 * before, (size, height, before)
                    tops = {round(box_of(b)["y"]) for b in seat.locator(".back").all()}
                    assert len(tops) <= 1, f"card backs stacked: {tops}"
        finally:
            browser.close()


def test_the_host_screen_shows_one_seat_code_in_russian(server, artifacts):
    shots = artifacts / "web"
    from playwright.sync_api import expect, sync_playwright

    base, key, _over = server
    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_context(viewport=SIZES["1280x800"], locale="ru-RU").new_page()
            for size, viewport in SIZES.items():
                page.set_viewport_size(viewport)
                page.goto(f"{base}/g/c1/host/?lang=ru")
                page.screenshot(path=str(shots / f"host-cats-ru-{size}-closed.png"), full_page=True)
                page.click(".seat-go[data-seat='Борис']")
                expect(page.locator("#seat-timer")).to_contain_text("Код скроется сам через")
                expect(page.locator("#seat-link")).to_have_text("Открыть мой экран на этом устройстве")
                page.screenshot(path=str(shots / f"host-cats-ru-{size}.png"), full_page=True)
                assert player_token(key, "Аня") not in page.content() and player_token(key, "Борис") in page.content()
                page.click("#seat-done")
                expect(page.locator("#seat-code")).to_be_hidden()
        finally:
            browser.close()
