"""Real browser: the small things on each game's screens a person frowned at (issue 17), measured on the page.

The tables of tests/web/tables.py (a few moves into each game) are served for
real; each test opens one holder's screen and checks one detail by the
positions and texts chromium drew, so a style change that brings a frown
back fails here before it reaches docs/screens/.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from companion.web import create_app
from tests.chromium import ARGS, BROWSER_TEST, CHROMIUM
from tests.web.serving import serving
from tests.web.tables import PHONE, store_table, tokens

pytestmark = BROWSER_TEST


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def table(request, tmp_path):
    """(base URL, game token, seat keys) of the game named by the test's `game` parameter, served for real."""
    game = request.param
    db = tmp_path / f"{game}.db"
    store_table(db, game)
    token, seats = tokens(db, game)
    with serving(create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1}), threads=4) as base:
        yield base, token, seats


def open_page(browser, url, size=(1280, 800)):
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="en-GB").new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    return page, errors


@pytest.mark.parametrize("table", ["bux"], indirect=True)
def test_bux_card_count_sits_in_the_seat_head_not_squeezed_under_the_cards(browser, table):
    from playwright.sync_api import expect

    base, _token, _seats = table
    page, errors = open_page(browser, f"{base}/g/bux")
    seat = page.locator("#players .player").first
    expect(seat.locator(".count")).to_have_text("3 cards")
    count, spread = seat.locator(".count").bounding_box(), seat.locator(".spread").bounding_box()
    assert count["y"] + count["height"] <= spread["y"], "the count is drawn above the cards"
    assert errors == []


@pytest.mark.parametrize("table", ["grow"], indirect=True)
def test_grow_tablet_says_what_it_waits_for_once_and_shows_dice_before_the_hash(browser, table):
    from playwright.sync_api import expect

    base, token, _seats = table
    page, errors = open_page(browser, f"{base}/g/grow?t={token}")
    expect(page.locator("#status")).to_have_text("Sealed bids: waiting for Cat.")
    expect(page.locator("#entry-title")).to_have_text("Sealed bids: tap your name")
    assert page.locator("main").inner_text().count("waiting for Cat") == 1
    expect(page.locator("#break-row button").first).to_have_text("Ann: blue 5 \u2192 five black")  # says what it does
    expect(page.locator("#dice-last")).to_have_text("No rolls yet.")
    for _roll in range(2):
        request = urllib.request.Request(f"{base}/g/grow/api/dice/roll", data=json.dumps({"dice": "2d6"}).encode(),
                                         method="POST", headers={"Content-Type": "application/json", "X-Companion-Token": token})
        assert urllib.request.urlopen(request).status == 200
    expect(page.locator("#dice-history li")).to_have_count(1)
    expect(page.locator("#dice-last .die")).to_have_count(2)  # the newest roll as two large dice faces
    assert page.locator("#dice-history li").first.get_attribute("value") == "1"
    proof = page.locator("#dice-proof summary")
    assert len(proof.inner_text()) < 40 and "\u2026" in proof.inner_text()
    last, hash_line = page.locator("#dice-last").bounding_box(), proof.bounding_box()
    assert last["y"] < hash_line["y"], "the rolls come first, the hash after them"
    assert page.evaluate("(n) => parseFloat(getComputedStyle(n).fontSize)", proof.element_handle()) < 16
    assert errors == []


@pytest.mark.parametrize("table", ["grow"], indirect=True)
def test_grow_phone_keeps_every_token_dot_on_one_line(browser, table):
    base, _token, seats = table
    page, errors = open_page(browser, base + PHONE["grow"].format(player="Ann", k=seats["Ann"]), size=(390, 844))
    page.locator(".gplayer .tok").first.wait_for()
    for seat in range(3):
        tops = page.locator(".gplayer").nth(seat).locator(".tokens > *").evaluate_all(
            "(nodes) => nodes.map((n) => Math.round(n.getBoundingClientRect().top + n.getBoundingClientRect().height / 2))")
        assert len(tops) == 2 and abs(tops[0] - tops[1]) <= 2, f"seat {seat}: the dots wrapped ({tops})"
        dots = page.locator(".gplayer").nth(seat).locator(".tok").evaluate_all(
            "(nodes) => new Set(nodes.map((n) => Math.round(n.getBoundingClientRect().top + n.getBoundingClientRect().height / 2))).size")
        assert dots == 1, f"seat {seat}: the token dots are on {dots} lines"
    assert errors == []


@pytest.mark.parametrize("table", ["cats"], indirect=True)
def test_cats_tablet_shows_no_greyed_out_control(browser, table):
    from playwright.sync_api import expect

    base, token, _seats = table
    page, errors = open_page(browser, f"{base}/g/cats?t={token}")
    expect(page.locator("#phase")).to_contain_text("Cat to move")
    expect(page.locator("#lot-go")).to_be_hidden()  # the lot is down: nothing to tap until the next one
    expect(page.locator("button:visible:disabled")).to_have_count(0)
    # The newest move is listed first and numbered by its place in the game, not "1.".
    expect(page.locator("#history li").first).to_have_attribute("value", "3")
    expect(page.locator("#history li").first).to_have_text("Ben passed and paid a penalty card into the lot.")
    assert errors == []


@pytest.mark.parametrize("table", ["match"], indirect=True)
def test_match_wall_says_which_round_and_whose_turn(browser, table):
    from playwright.sync_api import expect

    base, _token, _seats = table
    page, errors = open_page(browser, f"{base}/g/match")
    expect(page.locator("#m-status")).to_have_text("Round 1 of 3 \u00b7 Ann to draw")
    assert errors == []
