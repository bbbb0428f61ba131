"""Real browser: the BUX tablet's draw entry names cards by what the turned-over cards show, fits one screen, and tells the table about probing.

Screenshots go to $COMPANION_ARTIFACTS/web/ (1280x800 landscape, 800x1280 portrait).
"""

from __future__ import annotations

import pytest

from tests.chromium import BROWSER_TEST
from tests.web.boxes import box_of, styles_of
from tests.web.bux_entries import name_cards
from tests.web.conftest import LINES, kinds, session_of

pytestmark = BROWSER_TEST

SIZES = [(1280, 800), (800, 1280)]


def open_tablet(browser, server, token, size, errors, lang="en"):
    from playwright.sync_api import expect

    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server}/g/g1?t={token}&lang={lang}")
    expect(page.locator("#entry-player")).to_contain_text("Ann")
    return page


def stored_moves(db) -> list[dict]:
    store, session = session_of(db)
    try:
        return [e.data for e in session.events if e.kind == "move"]
    finally:
        store.close()


@pytest.mark.parametrize("size, lang", [(SIZES[0], "en"), (SIZES[1], "en"), (SIZES[0], "ru"), (SIZES[1], "ru")],
                         ids=["1280x800", "800x1280", "1280x800-ru", "800x1280-ru"])
def test_a_draw_entry_fits_one_screen_with_big_tap_targets(server, browser, token, db, artifacts, size, lang):
    """Cards, winner, price and "Sold at this price" all in sight without scrolling; every tap target >= 44 px."""
    from playwright.sync_api import expect

    errors: list[str] = []
    page = open_tablet(browser, server, token, size, errors, lang)
    name_cards(page, LINES[6]["cards"])
    expect(page.locator("#draw-picked .seqno")).to_have_count(4)
    page.select_option("#bid-winner", "Cat")
    page.fill("#bid-price", "165")
    width, height = size
    assert page.evaluate("window.scrollY") == 0
    parts = ["#draw-picked", "#pick-suit", "#pick-shape", "#pick-value", "#draw-add", "#draw-timers",
             "#bid-winner", "#bid-price", "#draw-bid", "#draw-pass"]
    boxes = {sel: box_of(page.locator(sel)) for sel in parts}
    outside = {sel: box for sel, box in boxes.items()
               if box is None or box["x"] < 0 or box["y"] < 0 or box["x"] + box["width"] > width or box["y"] + box["height"] > height}
    assert outside == {}, f"not inside the {width}x{height} screen without scrolling: {outside}"
    targets = page.locator("[data-body='draw'] button:visible, [data-body='draw'] select, [data-body='draw'] input, #entry .tab")
    small = [(targets.nth(i).get_attribute("id") or targets.nth(i).inner_text(), box["width"], box["height"])
             for i in range(targets.count()) if (box := targets.nth(i).bounding_box())
             and (box["height"] < 44 or box["width"] < 44)]
    assert small == [], f"tap targets under 44 px: {small}"
    shots = artifacts / "web"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / f"bux-tablet-draw-{width}x{height}-{lang}.png"))
    page.click("#draw-bid")
    expect(page.locator("#entry-msg")).to_contain_text("165")
    assert stored_moves(db)[-1] == LINES[6]
    assert errors == []


def test_entering_a_draw_by_face_and_value_stores_the_cards_in_order(server, browser, token, db):
    from playwright.sync_api import expect

    errors: list[str] = []
    page = open_tablet(browser, server, token, (1024, 768), errors)
    # A card half named is not added: the page says what is missing.
    page.click("#pick-suit [data-suit='club']")
    page.click("#draw-add")
    expect(page.locator("#entry-msg")).to_contain_text("shape, value")
    expect(page.locator("#draw-picked .seqno")).to_have_count(0)
    page.click("#draw-clear")
    # A wrong card is taken out again with its x.
    name_cards(page, ["club-x-100", "heart-oval-25"])
    page.click("#draw-picked .picked-card:nth-child(2) .unpick")
    name_cards(page, ["spade-square-100", "bux-3", "diamond-oval-25"])
    assert [page.locator("#draw-picked .seqno").nth(i).inner_text() for i in range(4)] == [
        "1. \u2663 X 100", "2. \u2660 square 100", "3. BUX 3", "4. \u2666 oval 25"]
    expect(page.locator("#draw-timers [data-timer='bux-3']")).to_have_attribute("aria-pressed", "true")
    page.click("#draw-timers [data-timer='bux-3']")  # named once already: said, not greyed out
    expect(page.locator("#entry-msg")).to_have_text("BUX 3 is already in this draw.")
    expect(page.locator("#draw-picked .seqno")).to_have_count(4)
    expect(page.locator("#draw-timers [data-timer='bux-1']")).to_have_text("BUX 1 is out")  # set aside earlier this deck
    expect(page.locator("#draw-end")).to_be_hidden()  # the 2nd timer of the deck: the draw is still bid on
    # Naming the deck's third BUX card too: the draw ends unsettled, and only that button shows.
    page.click("#draw-timers [data-timer='bux-2']")
    expect(page.locator("#draw-end")).to_be_visible()
    expect(page.locator("#draw-bid")).to_be_hidden()
    expect(page.locator("#bid-price")).to_be_hidden()
    page.click("#draw-picked .picked-card:nth-child(5) .unpick")
    expect(page.locator("#draw-end")).to_be_hidden()
    expect(page.locator("#draw-bid")).to_be_visible()
    page.select_option("#bid-winner", "Cat")
    page.fill("#bid-price", "1e3")
    expect(page.locator("#bid-check")).to_contain_text("whole number of chips, digits only")
    page.click("#draw-bid")
    expect(page.locator("#entry-msg")).to_contain_text("whole number of chips")
    page.fill("#bid-price", "165")
    page.click("#draw-bid")
    expect(page.locator("#entry-msg")).to_contain_text("Cat won the bid for 165")
    assert stored_moves(db)[-1] == LINES[6]
    assert errors == []


def test_a_draw_naming_a_card_outside_the_draw_deck_is_shown_to_the_table(server, browser, token, db, artifacts):
    """Probing is visible: the refusal reaches every screen's "Last moves", and the audit keeps it."""
    from playwright.sync_api import expect

    errors: list[str] = []
    page = open_tablet(browser, server, token, (1280, 800), errors)
    shots = artifacts / "web"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "bux-tablet-empty-1280x800.png"))
    wall = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    wall.on("pageerror", lambda exc: errors.append(str(exc)))
    wall.goto(f"{server}/g/g1")
    expect(wall.locator("#live")).to_have_class("live on")
    rejected = kinds(db).count("rejected")
    name_cards(page, ["heart-x-100", "spade-square-100", "diamond-oval-25"])  # heart X 100 lies in Ann's spread
    page.click("#draw-pass")
    said = "Refused: Ann's draw named \u2665 X 100, which is not in the draw deck."
    expect(page.locator("#entry-msg")).to_have_text(said)
    expect(page.locator("#draw-picked .seqno")).to_have_count(3)  # kept, to fix and send again
    refused = wall.locator("#history li.refused")
    expect(refused).to_have_count(1)
    expect(refused).to_have_text(said)
    expect(wall.locator("#history li").nth(1)).to_have_attribute("value", "5")
    assert kinds(db).count("rejected") == rejected + 1
    wall.screenshot(path=str(shots / "bux-wall-refused-1280x800.png"), full_page=True)
    page.screenshot(path=str(shots / "bux-tablet-refused-1280x800.png"))
    assert errors == []


LONG = "Alexandria Catherine Lee"  # 24 characters, the longest name a seat may have


def test_the_wall_screen_keeps_long_names_dice_and_chips_readable(server, browser, token, db, artifacts, tmp_path):
    """A 24-character name stays inside the chart; the dice list numbers each roll once; the seed hash is short."""
    import json
    import urllib.request

    from playwright.sync_api import expect

    from tests.web.conftest import start_game

    assert len(LONG) == 24
    lines = [json.loads(json.dumps(line).replace('"Cat"', json.dumps(LONG))) for line in LINES]
    start_game(db, 0, game_id="long", setup=lines[0])
    store, session = session_of(db, "long")
    for line in lines[1:6]:
        session.submit(line, source="import")
    store.close()
    from companion.store.backends import open_store
    from companion.web.access import game_key, game_token

    with open_store(db) as store:
        long_token = game_token(game_key(store, "long"))
    for _roll in range(3):
        request = urllib.request.Request(f"{server}/g/long/api/dice/roll", data=b'{"dice": "2d6"}', method="POST",
                                         headers={"Content-Type": "application/json", "X-Companion-Token": long_token})
        assert urllib.request.urlopen(request).status == 200
    errors: list[str] = []
    wall = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    wall.on("pageerror", lambda exc: errors.append(str(exc)))
    wall.goto(f"{server}/g/long")
    expect(wall.locator("#dice-history li")).to_have_count(2)
    assert wall.locator("#dice-history li").first.get_attribute("value") == "2"
    assert not wall.locator("#dice-history li").first.inner_text().startswith("#"), "one number per roll"
    summary = wall.locator("#dice-proof summary")
    full = wall.locator("#dice-proof details").get_attribute("title")
    assert len(full) == 64 and len(summary.inner_text()) < 40 and full[:12] in summary.inner_text()
    expect(wall.locator("#dice-proof .seed-full")).to_be_hidden()
    summary.click()
    expect(wall.locator("#dice-proof .seed-full")).to_have_text(full)

    # The chart legend: the long name inside the chart panel.
    key = wall.locator(".legend .key", has_text=LONG)
    panel = box_of(wall.locator("#chart-panel"))
    box = box_of(key)
    assert box["x"] >= panel["x"] and box["x"] + box["width"] <= panel["x"] + panel["width"]
    # A payment shows the chips to hand over; the white chip is outlined against the cream panel.
    expect(wall.locator("#history li").first).to_have_attribute("value", "5")
    chip = wall.locator("#history li .chip-dot").last
    assert styles_of(chip, "borderTopStyle") == ["solid"]
    assert wall.locator("link[rel=icon]").get_attribute("href").endswith("favicon.svg")
    assert urllib.request.urlopen(f"{server}/static/favicon.svg").headers["Content-Type"].startswith("image/svg")
    shots = artifacts / "web"
    shots.mkdir(parents=True, exist_ok=True)
    wall.screenshot(path=str(shots / "bux-wall-1280x800.png"), full_page=True)
    assert errors == []


def test_a_players_own_page_shows_each_cards_tag_beside_its_value(server, browser, db, ptoken, artifacts):
    from playwright.sync_api import expect

    from companion.web.access import card_handle, card_tag, game_key
    from companion.store.backends import open_store

    with open_store(db) as store:
        key = game_key(store, "g1")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    phone.goto(f"{server}/g/g1/me/Cat?k={ptoken('Cat')}")
    expect(phone.locator("#me-cards .card")).to_have_count(3)
    texts = [phone.locator("#me-cards .card").nth(i).inner_text().split()[-2:] for i in range(3)]  # after the suit glyph
    store, session = session_of(db)
    cat = session.state.spreads[session.state.seat("Cat")]
    store.close()
    from companion.games.bux.state import VALUE

    assert sorted(texts) == sorted([[str(VALUE[c]), card_tag(card_handle(key, c))] for c in cat])
    expect(phone.locator(".chips-break")).to_have_count(0)
    phone.screenshot(path=str(artifacts / "web" / "bux-me-390x844.png"))
