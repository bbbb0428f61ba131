"""Every game's screens are reached the same way: its own table page, each seat's phone page, its rules.

One real SQLite store holds a game of each kind. The host screen's seat QR
codes are decoded from a real chromium screenshot (zxing-cpp) and followed.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from companion.cards.decks import load_deck
from companion.store.session import GameSession
from companion.store.backends import open_store
from companion.web import create_app
from companion.web.access import game_key, player_token
from tests.chromium import ARGS, CHROMIUM, skip_without_chromium
from tests.web.serving import serving


def _deal(players, first):
    """The BUX setup `serve --new-game` would start (the game's own new_setup, seeded)."""
    import random

    from companion.games import find_game

    return find_game("bux").new_setup(players, first, random.Random(7)).setup


PLAYERS = ["Ann", "Ben", "Cat"]
SETUPS = {
    "bux": _deal(PLAYERS, "Ann"),
    "grow": {"type": "setup", "game": "grow", "players": PLAYERS, "removed": []},
    "cats": {"type": "setup", "game": "cats", "players": PLAYERS, "first": "Ann"},
    "match": {"type": "setup", "game": "match", "players": PLAYERS, "dealer": "Cat"},
}
PHONE_PATHS = {"bux": "/g/bux/me/{player}", "grow": "/g/grow/grow/me/{player}", "cats": "/g/cats/cats/me/{player}"}
"""Where each game's seat link lands (game ids are the game names here); match has no phone page."""
SUMMARY = {"bux": "3 to 5 players. Everyone starts with 200 chips",
           "grow": "Each round, turn up as many cards as there are players.",
           "cats": "Each round auctions the top card of the Prize deck",
           "match": "A match is a blue and a red card of the same number"}
SUMMARY_RU = {"bux": "Каждому сдают 3 карты лицом вверх", "grow": "Каждый раунд открывают столько карт, сколько игроков.",
              "cats": "В каждом раунде разыгрывается верхняя карта", "match": "Пара — синяя и красная карта с одним числом"}



@pytest.fixture(scope="module")
def games_db(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("pages") / "companion.db"
    with open_store(db) as store:
        for name, setup in SETUPS.items():
            GameSession.start(store, setup, game_id=name)
    return db


@pytest.fixture(scope="module")
def keys(games_db) -> dict[str, bytes]:
    with open_store(games_db) as store:
        return {name: game_key(store, name) for name in SETUPS}


@pytest.fixture(scope="module")
def app(games_db):
    return create_app({"DB": str(games_db), "TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


def _text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


@pytest.mark.parametrize("game", ["grow", "cats"])
def test_the_bux_private_link_leads_to_the_games_own_phone_page(client, keys, game):
    k = player_token(keys[game], "Ben")
    response = client.get(f"/g/{game}/me/Ben", query_string={"k": k})
    assert response.status_code == 302
    assert response.headers["Location"] == PHONE_PATHS[game].format(player="Ben") + f"?k={k}"
    assert client.get(response.headers["Location"]).status_code == 200
    bad = client.get(f"/g/{game}/me/Ben", query_string={"k": "forged"}, follow_redirects=True)
    assert bad.status_code == 403, "the phone page still checks the player's token"
    assert client.get(f"/g/{game}/me/Ben.json", query_string={"k": k}).status_code == 404, "no BUX data for other games"


def test_match_has_no_phone_page_and_bux_keeps_its_own(client, keys):
    response = client.get("/g/match/me/Ben", query_string={"k": player_token(keys["match"], "Ben")})
    assert response.status_code == 404 and "no private phone page" in _text(response)
    own = client.get("/g/bux/me/Ben", query_string={"k": player_token(keys["bux"], "Ben")})
    assert own.status_code == 200 and "values on the backs" in _text(own)


@pytest.mark.parametrize("game", list(SETUPS))
def test_each_games_rules_page_shows_its_summary_and_every_reading_in_english_and_russian(client, game):
    deck = load_deck(game)
    stored = _text(client.get(f"/g/{game}/rules?lang=en"))
    bare = _text(client.get(f"/rules/{game}?lang=en"))
    ru = _text(client.get(f"/rules/{game}?lang=ru"))
    for page in (stored, bare):
        assert SUMMARY[game] in page
        for other, text in SUMMARY.items():
            assert other == game or text not in page, f"{game}'s rules show {other}'s summary"
        for reading in deck.readings:
            assert reading["topic"] in page and reading["reading"] in page and reading["why"] in page
    assert SUMMARY_RU[game] in ru and SUMMARY[game] not in ru
    for reading in deck.readings:
        assert reading["reading"] not in ru, f"untranslated reading on the Russian {game} rules: {reading['topic']}"
    counters = [c for c in deck.cards if c.kind == "rules"]
    for card in counters:
        assert card["title"] in stored
    assert len(re.findall("<dt>", stored)) == len(deck.readings)


def test_counted_words_carry_every_plural_form_of_the_language(client):
    import json

    def counts(lang):
        page = client.get(f"/g/bux?lang={lang}").get_data(as_text=True)
        return json.loads(re.search(r'id="strings">(.*?)</script>', page, re.S).group(1))["counts"]

    assert counts("ru")["cards"] == {"one": "{n} карта", "few": "{n} карты", "many": "{n} карт"}
    assert counts("ru")["tokens"] == {"one": "{n} жетон", "few": "{n} жетона", "many": "{n} жетонов"}
    assert counts("en")["cards"] == {"one": "{n} card", "other": "{n} cards"}


def test_deck_texts_with_angle_brackets_are_shown_not_read_as_tags(client):
    raw = client.get("/rules/match?lang=en").get_data(as_text=True)
    assert "&lt;colour&gt;-&lt;value&gt;-&lt;copy&gt;" in raw and "<colour>" not in raw
    assert "300 with &lt;300&gt;" in raw and "<300>" not in raw


def test_unknown_games_rules_say_so(client):
    response = client.get("/rules/chess")
    assert response.status_code == 404 and "unknown game" in _text(response)


def test_serve_help_lists_every_game():
    import argparse

    from companion.commands import serve
    from companion.games import game_modules

    parser = argparse.ArgumentParser()
    serve.add_parser(parser.add_subparsers())
    text = " ".join(parser._subparsers._group_actions[0].choices["serve"].format_help().split())
    for name in game_modules():
        assert name in text.split("--game-type", 1)[1].split("--first")[0], name
    with pytest.raises(SystemExit):
        parser.parse_args(["serve", "--new-game", "--game-type", "chess"])


def _codes(page) -> set[str]:
    import cv2
    import numpy as np
    import zxingcpp

    image = cv2.imdecode(np.frombuffer(page.screenshot(full_page=True), np.uint8), cv2.IMREAD_GRAYSCALE)
    return {r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)}


@pytest.mark.browser
@skip_without_chromium
def test_host_screen_shows_one_seat_code_at_a_time_and_each_opens_that_games_phone_page(app, client, keys, artifacts):
    """Issue 17: the host screen shows the join code and at most one seat's code: tap a seat, scan, Done hides it.

    Every code is decoded from a real chromium screenshot (zxing-cpp) and followed.
    """
    shots = artifacts / "web"
    from playwright.sync_api import expect, sync_playwright

    shots.mkdir(parents=True, exist_ok=True)
    with serving(app, threads=4) as base:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                page = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
                for game in SETUPS:
                    lang = "ru" if game in ("grow", "match") else "en"
                    page.goto(f"{base}/g/{game}/host/?lang={lang}")
                    page.wait_for_selector("main .qr svg")
                    html_text = page.content()
                    assert "?k=" not in html_text and "/me/" not in html_text, "the page holds no seat's link until tapped"
                    first = _codes(page)
                    assert len(first) == 1 and f"/g/{game}?t=" in next(iter(first)), (game, first)
                    joins = first
                    if game not in PHONE_PATHS:
                        assert page.locator(".seat-go").count() == 0, f"{game} has no phone page, so no seat codes"
                        continue
                    for player in PLAYERS:
                        page.click(f".seat-go[data-seat='{player}']")
                        expect(page.locator("#seat-code")).to_be_visible()
                        expect(page.locator("main .qr svg")).to_have_count(2)  # the join code and this seat's, no other
                        if player == "Ann":
                            page.screenshot(full_page=True, path=str(shots / f"host-{game}-{lang}.png"))
                        seats = _codes(page) - joins
                        want = base + PHONE_PATHS[game].format(player=player) + f"?k={player_token(keys[game], player)}"
                        assert seats == {want}, (game, player, seats)
                        assert page.get_attribute("#seat-link", "href") == want
                        assert client.get(want[len(base):]).status_code == 200
                        page.click("#seat-done")
                        expect(page.locator("#seat-code")).to_be_hidden()
                        expect(page.locator("main .qr svg")).to_have_count(1)
                        assert "?k=" not in page.content(), "Done removes the seat's link from the page"
                # Tapping a second seat replaces the first: never two seat codes at once.
                page.goto(f"{base}/g/cats/host/")
                page.click(".seat-go[data-seat='Ann']")
                expect(page.locator("#seat-name")).to_have_text("Ann")
                page.click(".seat-go[data-seat='Ben']")
                expect(page.locator("#seat-name")).to_have_text("Ben")
                expect(page.locator("main .qr svg")).to_have_count(2)
                assert player_token(keys["cats"], "Ann") not in page.content()
                # Left alone, a seat's code hides by itself (HOST_SEAT_SECONDS, 60 s at a real table).
                app.config["HOST_SEAT_SECONDS"] = 2
                page.goto(f"{base}/g/cats/host/")
                page.click(".seat-go[data-seat='Cat']")
                expect(page.locator("#seat-timer")).to_contain_text("2")
                expect(page.locator("#seat-code")).to_be_hidden(timeout=5000)
                assert player_token(keys["cats"], "Cat") not in page.content()
                # Counted words on the shared screens: each BUX player holds 3 cards, each cats hand is still empty.
                page.goto(f"{base}/g/bux?lang=ru")
                expect(page.locator(".player .count").first).to_have_text("3 карты")
                page.goto(f"{base}/g/cats?lang=ru")
                expect(page.locator("li .count").first).to_have_text("0 карт")
                page.screenshot(full_page=True, path=str(shots / "cats-table-counts-ru.png"))
            finally:
                app.config.pop("HOST_SEAT_SECONDS", None)
                browser.close()


def test_a_seat_code_is_answered_only_on_this_machine_and_only_for_a_seat(client, keys):
    ok = client.get("/g/cats/host/seat/Ann.json")
    assert ok.status_code == 200 and ok.headers["Cache-Control"] == "no-store"
    assert ok.get_json()["link"].endswith(f"/g/cats/cats/me/Ann?k={player_token(keys['cats'], 'Ann')}")
    assert client.get("/g/cats/host/seat/Ann.json", environ_base={"REMOTE_ADDR": "192.168.1.20"}).status_code == 403
    assert client.get("/g/cats/host/seat/Ann.json", headers={"Host": "attacker.example:8000"}).status_code == 403
    assert client.get("/g/cats/host/seat/Nobody.json").status_code == 404
    assert client.get("/g/match/host/seat/Ann.json").status_code == 404  # match has no private screen


SKIP_SHARED = ("stream", "live.mjpg", "/host/seat/")
"""Endless streams (the SSE stream carries the state.json body, checked here) and the host's one-seat answer."""


@pytest.mark.parametrize("game", list(SETUPS))
def test_no_shared_page_or_answer_holds_a_seats_private_link(app, client, keys, game):
    """Issue 17: the tablet, scoreboard, rules, camera and host (untapped) pages and every JSON they load
    carry no seat's private link (`/me/` or a seat key), for the tablet's token holder and for a spectator."""
    from companion.web.access import game_token

    seat_keys = [player_token(keys[game], p) for p in PLAYERS]
    token = game_token(keys[game])
    paths = sorted({str(rule.rule).replace("<game_id>", game) for rule in app.url_map.iter_rules()
                    if "GET" in rule.methods and set(rule.arguments) == {"game_id"}
                    and not any(skip in str(rule.rule) for skip in SKIP_SHARED)})
    assert f"/g/{game}/host/" in paths and f"/g/{game}/state.json" in paths and f"/g/{game}/rules" in paths
    seen = 0
    for path in [*paths, f"/rules/{game}", "/"]:
        for headers in ({}, {"X-Companion-Token": token}):
            for lang in ("en", "ru"):
                response = client.get(path, query_string={"lang": lang, **({"t": token} if headers else {})},
                                      headers=headers, follow_redirects=True)
                if response.status_code != 200:
                    continue
                body = response.get_data(as_text=True)
                seen += 1
                assert "/me/" not in body and not any(k in body for k in seat_keys), (game, path, headers)
    assert seen >= 8, "the crawl reached the game's pages"


CHOICES = {
    "cats": ["Peek, Top up and Magic frame-up take the stake without raising it (our choice)",
             "«Nothing doing» and the 2 compensation cards (our choice)"],
    "grow": ["Action cards with a warning (our choice)"],
    "match": ["A Trade nobody can answer: the missing step 5 (our choice)"],
}
CHOICES_RU = {
    "cats": ["«Подсмотри лот», «Пополни лот» и «Волшебная подстава» забирают ставку без повышения (наш выбор)",
             "«ШиШ» и 2 карты компенсации (наш выбор)"],
    "grow": ["Карты с действием и знаком опасности (наш выбор)"],
    "match": ["«Обмен», на который некому ответить: недостающий шаг 5 (наш выбор)"],
}


@pytest.mark.parametrize("game", sorted(CHOICES))
def test_rules_pages_label_the_inventions_as_choices(client, game):
    """Issue 14: what the sheet does not say (cats' no-raise cards and ШиШ draws, Grow's warned action cards,
    match's missing Trade step 5) is shown on the rules page as the companion's choice, with its reason."""
    en = _text(client.get(f"/rules/{game}?lang=en"))
    ru = _text(client.get(f"/rules/{game}?lang=ru"))
    readings = {r["topic"]: r for r in load_deck(game).readings}
    for topic, topic_ru in zip(CHOICES[game], CHOICES_RU[game]):
        reading = readings[topic]
        assert "(our choice)" in topic and reading["why"]
        assert topic in en and reading["reading"] in en and reading["why"] in en
        assert topic_ru in ru
