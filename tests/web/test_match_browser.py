"""Real browser (Debian's chromium): score three rounds of blue/red match from rendered photos on the page.

Round 2's photo has one card face down, so the camera misses it and a
person types it in. Screenshots go to $COMPANION_ARTIFACTS/web/match-*.png.
"""

from __future__ import annotations

import cv2
import pytest

from companion.store.session import GameSession
from companion.store.sqlite import EventStore
from tests.chromium import ARGS, BROWSER_TEST, CHROMIUM
from tests.games.match import scenes
from tests.web.serving import serving
from tests.web.test_match_page import GAME, app, auth, match_db  # noqa: F401  (fixtures)


pytestmark = BROWSER_TEST


@pytest.fixture
def server(app):  # noqa: F811
    app.config["SSE_SECONDS"] = 20
    app.config["SSE_POLL"] = 0.1
    with serving(app, threads=8) as base:
        yield base


@pytest.fixture
def photo_files(tmp_path):
    paths = {}
    for key, image in ((1, scenes.render(1)), (2, scenes.render(2, hidden=("red-200-1",))), (3, scenes.render(3))):
        paths[key] = tmp_path / f"round-{key}.jpg"
        cv2.imwrite(str(paths[key]), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    return paths


def test_three_rounds_scored_from_photos_on_the_page(server, auth, photo_files, artifacts):  # noqa: F811
    shots = artifacts / "web"
    from playwright.sync_api import expect, sync_playwright

    shots.mkdir(parents=True, exist_ok=True)
    token = auth["X-Companion-Token"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            tablet = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
            wall = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
            errors: list[str] = []
            for page in (tablet, wall):
                page.on("pageerror", lambda exc: errors.append(str(exc)))
            wall.goto(f"{server}/g/{GAME}")
            tablet.goto(f"{server}/g/{GAME}?t={token}")
            expect(tablet.locator("#m-entry-title")).to_have_text("Round 1")
            expect(wall.locator("#m-entry")).to_have_count(0)

            def read(number: int) -> None:
                tablet.set_input_files("#m-photo", str(photo_files[number]))
                tablet.click("#m-read")
                # Reading an 8 MP photo takes a few seconds on a busy 2-core machine.
                expect(tablet.locator("#m-read-result")).to_contain_text("cards read", timeout=60000)
                expect(tablet.locator("#m-editor")).to_be_visible()

            def confirm(number: int) -> None:
                expect(tablet.locator("#m-confirm")).to_be_enabled()
                tablet.click("#m-confirm")
                expect(tablet.locator("#m-read-result")).to_have_text(f"Round {number} recorded.", timeout=15000)
                expect(tablet.locator("#m-editor")).to_be_hidden()

            tablet.select_option("select[data-player=Cat]", "4")  # Cat sits across the table, at plate 4
            read(1)
            expect(tablet.locator(".m-edit-player[data-player=Ann] .m-preview")).to_have_text("1000")
            expect(tablet.locator("#m-problems")).to_be_hidden()
            tablet.screenshot(path=str(shots / "match-1-proposed.png"), full_page=True)
            confirm(1)
            expect(wall.locator("#m-table tbody tr").nth(0)).to_contain_text("1000")

            read(2)
            expect(tablet.locator("#m-problems")).to_contain_text("'200' has no partner")
            missing = tablet.locator(".m-edit-player[data-player=Ben] .m-card-in.missing")
            expect(missing).to_have_count(1)
            expect(tablet.locator("#m-msg")).to_contain_text("needs two cards")
            expect(tablet.locator("#m-confirm")).to_be_disabled()
            tablet.screenshot(path=str(shots / "match-2-missing.png"), full_page=True)
            missing.fill("<200>")
            expect(tablet.locator(".m-edit-player[data-player=Ben] .m-preview")).to_have_text("1200")
            tablet.screenshot(path=str(shots / "match-2-corrected.png"), full_page=True)
            confirm(2)

            read(3)
            confirm(3)
            rows = wall.locator("#m-table tbody tr")
            for i, name in enumerate(scenes.PLAYERS):
                # Waits for the wall's live update (no sleeps): the page writes negatives with a minus sign.
                want = [str(v).replace("-", "\u2212") for v in [s[name] for s in scenes.SCORES] + [scenes.TOTALS[name]]]
                expect(rows.nth(i).locator("td")).to_have_text(want)
            expect(wall.locator("#m-table tr.won")).to_contain_text("Cat")
            expect(wall.locator("#m-status")).to_contain_text("Cat")
            expect(wall.locator(".m-round")).to_have_count(3)
            expect(tablet.locator("#m-entry-title")).to_have_text("Game over")
            wall.screenshot(path=str(shots / "match-3-final.png"), full_page=True)
            tablet.screenshot(path=str(shots / "match-3-tablet.png"), full_page=True)
            phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            phone.goto(f"{server}/g/{GAME}?lang=ru")
            expect(phone.locator("#m-table tbody tr")).to_have_count(3)
            phone.screenshot(path=str(shots / "match-phone-ru.png"), full_page=True)
            assert errors == []
        finally:
            browser.close()


def test_the_tablet_and_wall_say_round_1_is_being_played_after_the_deal(tmp_path, artifacts):
    """Regression: once round 1 was dealt on the record, the tablet's panel read "Game over".

    A game started as `companion serve --new-game --game-type match` does, then
    round 1 dealt (a tracked round): the tablet and the wall say round 1 and
    whose turn it is, and nobody is told the game is over.
    """
    from playwright.sync_api import expect, sync_playwright

    from companion.games import find_game
    from companion.web import create_app
    from companion.web.access import game_key, game_token
    from tests.web.tables import MATCH_HANDS

    db = tmp_path / "match.db"
    with EventStore(db) as store:
        setup = find_game("match").new_setup(["Ann", "Ben", "Cat"], None, None).setup  # Cat deals, Ann opens
        session = GameSession.start(store, setup, game_id="m2")
        session.submit({"type": "deal", "round": 1, "hands": MATCH_HANDS}, source="import")
        token = game_token(game_key(store, "m2"))
    app = create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1})
    with serving(app, threads=4) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            tablet = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB").new_page()
            wall = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB").new_page()
            tablet.goto(f"{base}/g/m2?t={token}")
            wall.goto(f"{base}/g/m2")
            expect(tablet.locator("#m-entry-title")).to_have_text("Round 1 in play")
            expect(tablet.locator("#m-status")).to_have_text("Round 1 of 3 \u00b7 Ann to draw")
            expect(wall.locator("#m-status")).to_have_text("Round 1 of 3 \u00b7 Ann to draw")
            for page in (tablet, wall):
                expect(page.locator("body")).not_to_contain_text("Game over")
            expect(tablet.locator("#m-undo")).to_have_text("Undo last move")  # the last move is the deal, not a round
            (artifacts / "web").mkdir(parents=True, exist_ok=True)
            tablet.screenshot(path=str(artifacts / "web" / "match-round-1-in-play.png"))
            russian = browser.new_context(viewport={"width": 800, "height": 1280}).new_page()
            russian.goto(f"{base}/g/m2?lang=ru")
            expect(russian.locator("#m-status")).to_have_text("Раунд 1 из 3 \u00b7 Ход: Ann — взять карту")

            tablet.click("#m-undo")  # the deal goes: round 1 waits to be dealt or scored, and Cat deals
            expect(tablet.locator("#m-read-result")).to_have_text("Undone: Round 1 dealt.")  # which move went (issue 28), not "Last move undone"
            expect(tablet.locator("#m-entry-title")).to_have_text("Round 1")
            expect(wall.locator("#m-status")).to_have_text("Round 1 of 3 \u00b7 Cat deals")
            expect(tablet.locator("#m-undo")).to_have_text("Undo the last round")
            expect(tablet.locator("#m-by-hand")).to_be_visible()
        finally:
            browser.close()
