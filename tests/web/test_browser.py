"""Real browser: Debian's chromium plays moves on the tablet page while a second screen updates live.

Screenshots go to $COMPANION_ARTIFACTS/web/ (1024x768 tablet, 768x1024 portrait, 390x844 phone).
"""

from __future__ import annotations

import pytest

from tests.chromium import BROWSER_TEST
from tests.web.bux_entries import name_cards


pytestmark = BROWSER_TEST


def test_moves_on_the_tablet_update_the_shared_screen_live(server, browser, token, artifacts):
    shots = artifacts / "web"
    from playwright.sync_api import expect

    shots.mkdir(parents=True, exist_ok=True)
    tablet = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    wall = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    errors: list[str] = []
    for page in (tablet, wall):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    wall.goto(f"{server}/g/g1")
    tablet.goto(f"{server}/g/g1?t={token}")
    expect(wall.locator(".player").first).to_contain_text("160")
    expect(wall.locator("#live")).to_have_class("live on")
    expect(tablet.locator("#entry-player")).to_contain_text("Ann")

    # Ann draws club X 100, spade square 100, BUX 3, diamond oval 25: the 2nd timer card, Double-BUX.
    name_cards(tablet, ["club-x-100", "spade-square-100", "bux-3", "diamond-oval-25"])
    expect(tablet.locator("#draw-picked .seqno")).to_have_count(4)
    tablet.select_option("#bid-winner", "Cat")
    tablet.fill("#bid-price", "163")
    expect(tablet.locator("#bid-check")).to_contain_text("multiple of 5")
    tablet.click("#draw-bid")
    expect(tablet.locator("#entry-msg")).to_contain_text("multiple of 5")
    expect(wall.locator(".player").nth(2)).to_contain_text("325")  # unchanged
    tablet.fill("#bid-price", "165")
    tablet.click("#draw-bid")
    expect(tablet.locator("#entry-msg")).to_contain_text("Cat won the bid for 165")

    # The shared screen updates without a reload: chips, turn, timer, banner, history.
    expect(wall.locator(".player").nth(2)).to_contain_text("160")
    expect(wall.locator(".player").nth(0)).to_contain_text("325")
    expect(wall.locator(".player.turn .name")).to_have_text("Ben")
    expect(wall.locator("#banner")).to_be_visible()
    expect(wall.locator("#banner")).to_contain_text("DOUBLE-BUX")
    expect(wall.locator("#history li").first).to_contain_text("Ann drew")

    tablet.click("[data-roll='2d6']")
    expect(wall.locator("#dice-last .dice-big")).to_be_visible()
    tablet.wait_for_timeout(300)
    wall.screenshot(path=str(shots / "scoreboard-1024x768.png"), full_page=True)
    tablet.screenshot(path=str(shots / "tablet-entry-1024x768.png"), full_page=True)
    wall.set_viewport_size({"width": 768, "height": 1024})
    wall.screenshot(path=str(shots / "scoreboard-768x1024.png"))

    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True).new_page()
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    phone.goto(f"{server}/g/g1?lang=ru")
    expect(phone.locator("#banner")).to_contain_text("ДВОЙНОЙ BUX")
    phone.screenshot(path=str(shots / "scoreboard-ru-390x844.png"))
    phone.screenshot(path=str(shots / "scoreboard-ru-390x844-full.png"), full_page=True)

    # Undo brings the old chips back on every screen.
    tablet.locator(".tab[data-tab='other']").click()
    tablet.click("#undo-go")
    expect(wall.locator(".player").nth(2)).to_contain_text("325")
    expect(wall.locator("#banner")).to_be_hidden()
    assert errors == []
    # Nothing on the shared page names a card's back value.
    from tests.web.conftest import CODE

    assert CODE.search(wall.content()) is None
