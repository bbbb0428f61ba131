"""Real browser: a double tap and an answer lost on the Wi-Fi each store one move and show it as accepted."""

from __future__ import annotations

import pytest

from tests.chromium import ARGS, BROWSER_TEST, CHROMIUM
from tests.web.bux_entries import name_cards
from tests.web.conftest import kinds

pytestmark = BROWSER_TEST


@pytest.fixture
def tablet(server, token):
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server}/g/g1?t={token}")
        expect(page.locator("#entry-player")).to_contain_text("Ann")
        # Ann's draw: club X 100, spade square 100, BUX 3, diamond oval 25; Cat wins it for 165.
        name_cards(page, ["club-x-100", "spade-square-100", "bux-3", "diamond-oval-25"])
        page.select_option("#bid-winner", "Cat")
        page.fill("#bid-price", "165")
        yield page
        assert errors == []
        browser.close()


def test_a_double_tap_stores_one_move_and_shows_it_accepted(tablet, db):
    from playwright.sync_api import expect

    moves = kinds(db).count("move")
    tablet.dblclick("#draw-bid")
    expect(tablet.locator("#entry-msg")).to_contain_text("Cat won the bid for 165")
    tablet.wait_for_timeout(500)
    expect(tablet.locator("#entry-msg")).to_have_class("msg good")
    assert kinds(db).count("move") == moves + 1
    assert kinds(db).count("rejected") == 0


def test_an_answer_lost_on_the_way_back_is_asked_again_and_not_stored_twice(tablet, db):
    from playwright.sync_api import expect

    moves = kinds(db).count("move")
    lost: list[str] = []

    def drop_first_answer(route):
        if lost:
            route.continue_()
            return
        route.fetch()  # the server gets the move and stores it ...
        lost.append(route.request.headers.get("x-request-id", ""))
        route.abort("connectionreset")  # ... and its answer never reaches the tablet

    tablet.route("**/api/move", drop_first_answer)
    tablet.click("#draw-bid")
    expect(tablet.locator("#entry-msg")).to_contain_text("Cat won the bid for 165")
    expect(tablet.locator("#entry-msg")).to_have_class("msg good")
    assert lost and len(lost[0]) == 32, "the page sends a request id"
    assert kinds(db).count("move") == moves + 1


def test_a_second_tablet_that_was_shown_the_move_enters_the_next_one(server, token, db):
    """The scoreboard draws pushed states; the page's next entry must be judged against what it showed, not a 409."""
    import json
    import urllib.request

    from playwright.sync_api import expect, sync_playwright

    from tests.web.conftest import LINES

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
        page.goto(f"{server}/g/g1?t={token}")
        expect(page.locator("#entry-player")).to_contain_text("Ann")
        # Another tablet enters Ann's draw; this page is shown it by the stream.
        request = urllib.request.Request(f"{server}/g/g1/api/move", data=json.dumps({"line": LINES[6]}).encode(),
                                         headers={"Content-Type": "application/json", "X-Companion-Token": token})
        urllib.request.urlopen(request, timeout=10).read()
        expect(page.locator("#entry-player")).to_contain_text(LINES[7]["player"])
        page.wait_for_timeout(300)
        page.locator(".tab[data-tab='other']").click()
        page.click("#undo-go")
        expect(page.locator("#entry-msg")).to_have_class("msg good")
        assert kinds(db).count("undo") == 1
        browser.close()


def test_an_entry_script_that_arrives_after_the_first_state_still_shows_whose_turn_it_is(server, token):
    """On a busy Wi-Fi the board's first state can be drawn before entry.js has loaded; the forms must still fill."""
    import time

    from playwright.sync_api import expect, sync_playwright

    def late(route):
        time.sleep(1.5)
        route.continue_()

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
        page.route("**/entry.js", late)
        page.goto(f"{server}/g/g1?t={token}")
        expect(page.locator("#entry-player")).to_contain_text("Ann")
        expect(page.locator("#bid-winner option")).not_to_have_count(0)
        browser.close()
