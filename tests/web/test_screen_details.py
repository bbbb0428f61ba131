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
from tests.chromium import BROWSER_TEST
from tests.web.boxes import box_of, styles_of
from tests.web.serving import serving
from tests.web.tables import PHONE, store_table, tokens

pytestmark = BROWSER_TEST


@pytest.fixture
def table(request, tmp_path):
    """(base URL, game token, seat keys) of the game named by the test's `game` parameter, served for real."""
    game = request.param
    db = tmp_path / f"{game}.db"
    store_table(db, game)
    token, seats = tokens(db, game)
    with serving(create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1}), threads=4) as base:
        yield base, token, seats


def open_page(chromium, url, size=(1280, 800)):
    page = chromium.new_context(viewport={"width": size[0], "height": size[1]}, locale="en-GB").new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    return page, errors


@pytest.mark.parametrize("table", ["bux"], indirect=True)
def test_bux_card_count_sits_in_the_seat_head_not_squeezed_under_the_cards(chromium, table):
    from playwright.sync_api import expect

    base, _token, _seats = table
    page, errors = open_page(chromium, f"{base}/g/bux")
    seat = page.locator("#players .player").first
    expect(seat.locator(".count")).to_have_text("3 cards")
    count, spread = box_of(seat.locator(".count")), box_of(seat.locator(".spread"))
    assert count["y"] + count["height"] <= spread["y"], "the count is drawn above the cards"
    assert errors == []


@pytest.mark.parametrize("table", ["bux"], indirect=True)
@pytest.mark.parametrize("size", [(1280, 800), (800, 1280)], ids=["1280x800", "800x1280"])
def test_bux_entry_says_a_timer_card_is_out_instead_of_greying_its_button(chromium, table, size):
    """BUX 1 turned up earlier this deck: no greyed-out "BUX 1" (it read as broken) but a line saying so, in sight."""
    from playwright.sync_api import expect

    base, token, _seats = table
    page, errors = open_page(chromium, f"{base}/g/bux?t={token}", size)
    out = page.locator("#draw-timers .timer-out")
    expect(out).to_have_text("BUX 1 is out")
    assert "cannot turn up again" in out.get_attribute("title")
    expect(page.locator("#draw-timers button")).to_have_text(["BUX 2", "BUX 3"])
    expect(page.locator("#entry button:visible:disabled")).to_have_count(0)
    box = box_of(out)
    assert box["y"] + box["height"] <= size[1] and box["x"] + box["width"] <= size[0], "the line is on the first screen"
    opacity = page.evaluate("() => getComputedStyle(document.querySelector('#draw-timers .timer-out')).opacity")
    assert opacity == "1", "said at full strength, not faded"
    assert errors == []


@pytest.mark.parametrize("table", ["bux"], indirect=True)
def test_bux_phone_lines_up_its_sets_with_their_heading(chromium, table):
    """'No set yet.' sat indented under 'Sets you could sell now' by a list indent with no numbers in it."""
    from playwright.sync_api import expect

    base, _token, seats = table
    page, errors = open_page(chromium, base + PHONE["bux"].format(player="Ann", k=seats["Ann"]), size=(390, 844))
    expect(page.locator("#me-sets li")).to_have_text("No set yet.")
    title, first = box_of(page.locator(".me-sets-title")), box_of(page.locator("#me-sets li"))
    assert abs(first["x"] - title["x"]) <= 1, (title, first)
    assert errors == []


@pytest.mark.parametrize("table", ["grow"], indirect=True)
def test_grow_tablet_says_what_it_waits_for_once_and_shows_dice_before_the_hash(chromium, table):
    from playwright.sync_api import expect

    base, token, _seats = table
    page, errors = open_page(chromium, f"{base}/g/grow?t={token}")
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
    last, hash_line = box_of(page.locator("#dice-last")), box_of(proof)
    assert last["y"] < hash_line["y"], "the rolls come first, the hash after them"
    assert float(styles_of(proof, "fontSize")[0].removesuffix("px")) < 16
    assert errors == []


def test_grow_dice_panel_agrees_with_the_roll_panel_for_rolled_and_recorded_warning_dice(chromium, tmp_path):
    """The Dice panel (the companion's dice log) said "No rolls yet." beside the roll panel's warning dice
    when the roll came from an imported record, which stores no dice event; both now show the same dice."""
    from playwright.sync_api import expect

    from tests.web.test_grow import DRAW, start_grow, tokens_of

    reveal = {"type": "reveal_bids", "bids": {"Ann": 1, "Ben": 5, "Cat": 0}}
    pick = {"type": "pick", "player": "Ben", "card": "blue-05"}  # blue 2: one warning icon to roll for
    faces = {"rolled": None, "recorded": [3, 5]}
    for how, dice in faces.items():
        db = tmp_path / f"{how}.db"
        start_grow(db, moves=[DRAW, reveal, pick] + ([{"type": "roll", "player": "Ben", "dice": dice}] if dice else []))
        token, _seats = tokens_of(db)
        with serving(create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1}), threads=4) as base:
            page, errors = open_page(chromium, f"{base}/g/gr?t={token}")
            if dice is None:  # thrown now, from the tablet, with the companion's dice
                expect(page.locator("#dice-last")).to_have_text("No rolls yet.")
                page.locator("#entry-body button.huge").click()
            expect(page.locator("#roll-dice .die")).to_have_count(2)
            expect(page.locator("#dice-last .die")).to_have_count(2)
            expect(page.locator("#dice-last .empty")).to_have_count(0)
            thrown = page.locator("#roll-dice .dice-nums").inner_text()
            assert page.locator("#dice-last .dice-nums").inner_text() == thrown, how
            if dice:
                assert thrown == "3 + 5"
                expect(page.locator("#dice-last .fine")).to_have_text("(typed in)")
            assert errors == []
            page.context.close()


@pytest.mark.parametrize("table", ["grow"], indirect=True)
def test_grow_phone_shows_the_players_own_form_and_a_compact_score_row_per_seat_not_the_wall(chromium, table):
    """The phone once repeated the whole table below the bid form; now: form, own tokens and cards, the round, one row a seat."""
    from playwright.sync_api import expect

    base, _token, seats = table
    page, errors = open_page(chromium, base + PHONE["grow"].format(player="Ann", k=seats["Ann"]), size=(390, 844))
    rows = page.locator("#scores .score-row")
    expect(rows).to_have_count(3)
    expect(page.locator(".gplayer")).to_have_count(0)  # no copy of the wall's seats
    expect(rows.nth(0)).to_contain_text("Ann (you)")
    expect(rows.nth(2).locator(".badge.waiting")).to_have_text("no bid yet")  # who the table waits for
    assert [rows.nth(i).locator("td").all_inner_texts() for i in range(3)] == [["0", "15"]] * 3  # points, tokens
    expect(page.locator("#me-tokens .total")).to_have_text("15")
    expect(page.locator("#me-cards")).to_have_text("no cards")
    expect(page.locator("#row .gcard")).to_have_count(3)  # this round's cards
    heights = rows.evaluate_all("(rows) => rows.map((r) => r.getBoundingClientRect().height)")
    assert max(heights) <= 48, f"a score row is {max(heights)} px tall"
    form, scores = box_of(page.locator("#bid-form")), box_of(page.locator(".grow-scores"))
    assert form["y"] + form["height"] <= 844, "the bid form is on the first screen"
    page_height = page.evaluate("document.documentElement.scrollHeight")
    assert page_height <= 844 * 1.1 and scores["y"] + scores["height"] <= page_height, f"the phone scrolls {page_height} px"
    page.set_viewport_size({"width": 1280, "height": 800})  # opened on a wide screen, it keeps a phone's column
    wide = box_of(page.locator(".grow-scores"))
    assert wide["width"] <= 800 and abs(wide["x"] - (1280 - wide["x"] - wide["width"])) <= 20, wide
    assert errors == []


@pytest.mark.parametrize("table, game, panel", [("bux", "bux", ".panel.me"), ("cats", "cats", ".panel.cats-phone")],
                         indirect=["table"])
def test_phone_keeps_a_centred_phone_column_on_a_wide_screen(chromium, table, game, panel):
    """BUX's and the cat auction's phone pages stretched their panel across a tablet; now they keep a phone's column, as Grow's."""
    base, _token, seats = table
    page, errors = open_page(chromium, base + PHONE[game].format(player="Ann", k=seats["Ann"]), size=(390, 844))
    narrow = box_of(page.locator(panel))
    assert narrow["width"] >= 390 - 40, f"at 390 px the panel still fills the phone: {narrow}"
    for size in ((1280, 800), (800, 1280)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        wide = box_of(page.locator(panel))
        right = size[0] - wide["x"] - wide["width"]
        assert wide["width"] <= 800 and abs(wide["x"] - right) <= 20, f"{size}: {wide}"
    assert errors == []


@pytest.mark.parametrize("table", ["grow"], indirect=True)
def test_grow_wall_on_a_phone_keeps_every_token_dot_on_one_line(chromium, table):
    base, _token, _seats = table
    page, errors = open_page(chromium, f"{base}/g/grow", size=(390, 844))
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
def test_cats_tablet_shows_no_greyed_out_control(chromium, table):
    from playwright.sync_api import expect

    base, token, _seats = table
    page, errors = open_page(chromium, f"{base}/g/cats?t={token}")
    expect(page.locator("#phase")).to_contain_text("Cat to move")
    expect(page.locator("#lot-go")).to_be_hidden()  # the lot is down: nothing to tap until the next one
    expect(page.locator("button:visible:disabled")).to_have_count(0)
    # The newest move is listed first and numbered by its place in the game, not "1.".
    expect(page.locator("#history li").first).to_have_attribute("value", "3")
    expect(page.locator("#history li").first).to_have_text("Ben passed and paid a penalty card into the lot.")
    assert errors == []


@pytest.mark.parametrize("table", ["cats"], indirect=True)
@pytest.mark.parametrize("holder, size, columns", [("tablet", (1280, 800), 3), ("wall", (1280, 800), 3),
                                                   ("tablet", (800, 1280), 2), ("wall", (800, 1280), 2)],
                         ids=["tablet-1280x800", "wall-1280x800", "tablet-800x1280", "wall-800x1280"])
def test_cats_columns_end_on_one_line(chromium, table, holder, size, columns):
    """The stake, players and tablet columns ended at different heights, leaving holes under the shorter panels."""
    from playwright.sync_api import expect

    base, token, _seats = table
    page, errors = open_page(chromium, f"{base}/g/cats" + (f"?t={token}" if holder == "tablet" else ""), size)
    expect(page.locator("#players .seat")).to_have_count(3)
    boxes = page.locator(".cats-layout > .panel").evaluate_all(
        "(nodes) => nodes.map((n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
    assert len(boxes) == (4 if holder == "tablet" else 3)
    lefts = sorted({round(b[0]) for b in boxes})
    assert len(lefts) == columns, f"{len(lefts)} columns: {boxes}"
    bottoms = {left: max(b[3] for b in boxes if b[0] <= left + 1 <= b[2]) for left in lefts}  # a panel spanning columns ends each
    assert max(bottoms.values()) - min(bottoms.values()) <= 1, f"the columns end at {bottoms}"
    # Every gap between panels is the grid's one gap, across and down.
    gaps = {round(c[0] - a[2]) for a in boxes for c in boxes if 0 < c[0] - a[2] < 40 and a[1] == c[1]}
    gaps |= {round(c[1] - a[3]) for a in boxes for c in boxes if 0 < c[1] - a[3] < 40 and round(a[0]) == round(c[0])}
    assert len(gaps) == 1, f"gaps between panels: {gaps}"
    assert errors == []


@pytest.mark.parametrize("table", ["match"], indirect=True)
def test_match_wall_says_which_round_and_whose_turn_on_a_board_sized_to_its_table(chromium, table):
    """Before the first score the wall's table stretched across the whole screen with empty round columns."""
    from playwright.sync_api import expect

    base, _token, _seats = table
    page, errors = open_page(chromium, f"{base}/g/match")
    expect(page.locator("#m-status")).to_have_text("Round 1 of 3 \u00b7 Ann to draw")
    board = box_of(page.locator(".m-board"))
    assert board["width"] <= 0.7 * 1280, f"the board is {board['width']} px wide"
    assert abs(board["x"] - (1280 - board["x"] - board["width"])) <= 20, "centred"
    cells = page.locator("#m-table tbody td").all_inner_texts()
    assert len(cells) == 12 and "" not in cells, f"blank score cells: {cells}"
    assert cells[:4] == ["\u2013", "\u2013", "\u2013", "0"]  # rounds not scored yet, then the total
    heads = styles_of(page.locator("#m-table thead th"), "textAlign")
    assert heads == ["left", "right", "right", "right", "right"], "each number column's head sits over its numbers"
    assert errors == []


APP_CSS_RULES = """() => {
  const sheet = [...document.styleSheets].find((s) => s.href && new URL(s.href).pathname === '/static/app.css');
  const drawn = [];
  const walk = (rules, media) => { for (const rule of rules) {
    if (rule.selectorText) {
      if (document.querySelector(rule.selectorText.replace(/::?(before|after)/g, ''))) drawn.push(media + rule.selectorText);
    } else if (rule.cssRules) walk(rule.cssRules, '@' + (rule.conditionText || rule.name || '') + ' ');
  } };
  walk(sheet.cssRules, '');
  return drawn;
}"""
"""The app.css rules that style something on the page (pseudo-elements by their element)."""
SHARED_LATER = {
    "button:disabled": "any game's greyed-out button",
    ".player.turn": "Grow's seat to pick",
    ".picker": "Grow's cards to pick",
    ".picked": "Grow's cards turned up, as entered",
    ".from-name": "Grow's tie-break rolls",
    "input.short": "Grow's typed dice",
    ".check": "the cat auction phone's deal",
}
"""Shared rules other games draw only in states these tables do not reach: what draws them there."""


def test_the_shared_stylesheet_styles_nothing_only_bux_draws(chromium, tmp_path):
    """app.css is shared by every game: BUX's cards, chips, timer, banners and camera panels are styled in BUX's own bux.css."""
    from playwright.sync_api import expect

    db = tmp_path / "all.db"
    for game in ("bux", "grow", "cats", "match"):
        store_table(db, game)
    keys = {game: tokens(db, game) for game in ("bux", "grow", "cats")}
    pages = {  # path, what shows the page has drawn (each of them), whether it is BUX's
        "bux tablet": (f"/g/bux?t={keys['bux'][0]}", "#draw-timers button, #players .player .card", True),
        "bux phone": (PHONE["bux"].format(player="Ann", k=keys["bux"][1]["Ann"]), ".spread .card", True),
        "grow tablet": (f"/g/grow?t={keys['grow'][0]}", "#break-row button, .gplayer", False),
        "grow phone": (PHONE["grow"].format(player="Ann", k=keys["grow"][1]["Ann"]), "#scores .score-row", False),
        "cats tablet": (f"/g/cats?t={keys['cats'][0]}", "#players .seat", False),
        "cats phone": (PHONE["cats"].format(player="Ann", k=keys["cats"][1]["Ann"]), "#hand .ccard", False),
        "match wall": ("/g/match", "#m-status", False),
        "host": ("/g/grow/host/", ".seat-go", False),
        "rules": ("/rules/bux", ".readings", False),
        "index": ("/", ".games", False),
    }
    drawn = {True: set(), False: set()}
    with serving(create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1}), threads=4) as base:
        for name, (path, ready, is_bux) in pages.items():
            page, errors = open_page(chromium, base + path)
            for selector in ready.split(", "):  # everything the page draws from its JSON is in
                expect(page.locator(selector).first).to_be_attached()
            drawn[is_bux] |= set(page.evaluate(APP_CSS_RULES))
            assert errors == [], name
            if name == "bux tablet":  # BUX's own sheet still draws its things
                style = page.evaluate("() => { const d = getComputedStyle(document.querySelector('.timer-dots .dot.on'));"
                                      " return [d.width, d.backgroundColor]; }")
                assert style == ["54px", "rgb(123, 31, 162)"], style
            page.context.close()
    only_bux = drawn[True] - drawn[False] - set(SHARED_LATER)
    assert drawn[True] and not only_bux, f"app.css styles what only BUX's screens draw: {sorted(only_bux)}"


def test_grow_dice_that_lose_the_card_lie_side_by_side_like_any_roll(chromium, tmp_path):
    """BUX's card box (class "card") once framed Grow's dice when a roll lost the card, stacking them; the dice now read as dice."""
    from pathlib import Path

    from companion.store.session import GameSession
    from companion.store.sqlite import EventStore
    from companion.web.access import game_key, game_token

    record = Path(__file__).resolve().parents[1] / "records" / "grow-4p.jsonl"
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines() if line.strip()]
    db = tmp_path / "grow.db"
    with EventStore(db) as store:
        session = GameSession.start(store, lines[0], game_id="gr")
        for line in lines[1:25]:  # up to Ann's 2 + 2 for gold x3: "doubles: the card is discarded"
            session.submit(line, source="import")
        token = game_token(game_key(store, "gr"))
    with serving(create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1}), threads=4) as base:
        page, errors = open_page(chromium, f"{base}/g/gr?t={token}")
        faces = page.locator("#roll-dice .dice-faces")
        faces.locator(".die").first.wait_for()
        assert faces.get_attribute("class").split() == ["dice-faces", "card"]
        dice = [box for box in faces.locator(".die").evaluate_all("(nodes) => nodes.map((n) => n.getBoundingClientRect().toJSON())")]
        assert len(dice) == 2 and abs(dice[0]["top"] - dice[1]["top"]) <= 1 and dice[1]["left"] > dice[0]["right"] - 1
        # The page redraws the roll when its live stream opens: the box is found and read in one call (styles_of).
        assert styles_of(faces, "borderTopStyle") == ["none"]
        assert errors == []
