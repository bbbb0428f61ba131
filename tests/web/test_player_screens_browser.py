"""Real browser: screens that left a player guessing (issue 28), each checked where the player looks.

- a tablet that missed another device's move is told what was entered
  meanwhile and its forms start again on the game as it is;
- a send that gets no answer (server down, Wi-Fi gone) says so at the form;
- at 390 px the header keeps the name whole;
- BUX says a price mistake once and a Swap with nothing chosen in words;
- Grow's sealed-bid cover no longer asks to pass the tablet to the player who just sealed;
- the cats phone says it has nothing to enter instead of "Waiting for the other players.";
- the match editor shows <1000> whole and a photo refusal as a message.

Screenshots of each changed screen go to $COMPANION_ARTIFACTS/web/issue28-*.png.
"""

from __future__ import annotations

import pytest

from companion.store.backends import open_store
from companion.store.session import GameSession
from companion.web import create_app
from tests.chromium import BROWSER_TEST
from tests.web.conftest import LINES
from tests.web.serving import serving
from tests.web.tables import PHONE, store_table, tokens
from tests.web.test_match_page import GAME, app, auth, match_db  # noqa: F401  (fixtures)

pytestmark = BROWSER_TEST


@pytest.fixture
def table(request, tmp_path):
    """(base URL, game token, seat keys, db) of tests/web/tables.py's table of the game named by the parameter."""
    game = request.param
    db = tmp_path / f"{game}.db"
    store_table(db, game)
    token, seats = tokens(db, game)
    with serving(create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1}), threads=4) as base:
        yield base, token, seats, db


@pytest.fixture
def shots(artifacts):
    folder = artifacts / "web"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_page(chromium, url, size=(1280, 800), lang="en-GB"):
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]}, locale=lang)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    return page, errors


def moves_of(db, game) -> int:
    with open_store(db) as store:
        return sum(e.kind == "move" for e in GameSession(store, game).events)


def pick_a_card(page) -> None:
    """Name one turned-over card in BUX's draw picker (suit, shape, value, Add card)."""
    page.locator("#pick-suit button").first.click()
    page.locator("#pick-shape button").first.click()
    page.locator("#pick-value button").first.click()
    page.click("#draw-add")


@pytest.mark.parametrize("table", ["bux"], indirect=True)
def test_a_stale_tablet_is_told_what_was_entered_meanwhile_and_shows_the_game_as_it_is(chromium, table, shots):
    """Main: the picks made for Cat were sent after another tablet entered Cat's draw: "It is Ann's turn, not Cat's."
    (or, worse, stored as Ann's draw) while the header already read "Enter a move — Ann"."""
    from playwright.sync_api import expect

    base, token, _seats, db = table
    page, errors = open_page(chromium, f"{base}/g/bux?t={token}")
    expect(page.locator("#entry-player")).to_have_text("\u2014 Cat")
    pick_a_card(page)
    expect(page.locator("#draw-picked .picked-card")).to_have_count(1)
    page.context.set_offline(True)  # the tablet's Wi-Fi drops; the other tablet enters Cat's draw meanwhile
    with open_store(db) as store:
        GameSession(store, "bux").submit(LINES[5], source="tablet")
    page.context.set_offline(False)
    expect(page.locator("#entry-player")).to_have_text("\u2014 Ann", timeout=15000)  # the board caught up; the picks stayed
    expect(page.locator("#draw-picked .picked-card")).to_have_count(1)
    before = moves_of(db, "bux")
    page.click("#draw-pass")
    message = page.locator("#entry-msg")
    expect(message).to_contain_text("Meanwhile another screen entered")
    text = message.inner_text()
    assert "Cat's draw" in text and "not stored" in text and "turn" not in text, text
    assert moves_of(db, "bux") == before, "nothing stored from the stale screen"
    expect(page.locator("#draw-picked .picked-card")).to_have_count(0)  # the forms start again on Ann's turn
    expect(page.locator("#entry-player")).to_have_text("\u2014 Ann")
    page.locator("#entry").screenshot(path=str(shots / "issue28-stale-tablet.png"))
    assert errors == []


def refuse_writes(page) -> None:
    """Make every POST of the page fail as with the server down (no answer at all); GETs still work."""
    page.route("**/*", lambda route: route.abort("connectionrefused") if route.request.method == "POST" else route.continue_())


@pytest.mark.parametrize("table, tap, where", [
    ("bux", "#draw-pass", "#entry-msg"),
    ("grow", "#undo-go", "#entry-msg"),
    ("cats", "#undo-go", "#entry-msg"),
    ("match", "#m-undo", "#m-read-result"),
], indirect=["table"], ids=["bux", "grow", "cats", "match"])
def test_a_send_that_gets_no_answer_says_so_at_the_form(chromium, table, tap, where, shots):
    """Main: a tap while the server was down showed nothing where the player tapped (only the top badge)."""
    from playwright.sync_api import expect

    base, token, _seats, db = table
    game = db.stem
    page, errors = open_page(chromium, f"{base}/g/{game}?t={token}")
    page.locator(tap).wait_for()
    if game == "bux":
        expect(page.locator("#entry-player")).to_have_text("\u2014 Cat")
        pick_a_card(page)
    page.wait_for_timeout(500)  # the first state drawn
    refuse_writes(page)
    page.click(tap)
    message = page.locator(where)
    expect(message).to_contain_text("No answer from the server", timeout=10000)  # after writes.js's retries
    assert "bad" in message.get_attribute("class")
    page.screenshot(path=str(shots / f"issue28-not-sent-{game}.png"))
    assert errors == []


@pytest.mark.parametrize("table", ["bux", "grow", "cats", "match"], indirect=True)
@pytest.mark.parametrize("lang", ["en-GB", "ru-RU"])
def test_at_390_px_the_header_keeps_the_name_whole(chromium, table, lang, shots):
    """Main cut the header's title to "Tab…" on a 390 px phone."""
    base, token, seats, db = table
    game = db.stem
    phone = [base + PHONE[game].format(player="Ann", k=seats["Ann"])] if game in PHONE else []
    for url in (f"{base}/g/{game}?t={token}", *phone):
        page, errors = open_page(chromium, url, size=(390, 844), lang=lang)
        brand = page.locator("header.top .brand")
        cut = brand.evaluate("(n) => n.scrollWidth > n.clientWidth + 1")
        assert not cut, f"{url}: the name is cut to {brand.inner_text()!r}"
        outside = page.locator("header.top > *, header.top nav > *").evaluate_all(
            "(nodes) => nodes.filter((n) => n.getBoundingClientRect().right > window.innerWidth + 1).map((n) => n.textContent)")
        assert outside == [], f"{url}: beyond the screen's edge: {outside}"
        if lang == "en-GB":
            assert brand.inner_text() == "Table companion"
            page.locator("header.top").screenshot(path=str(shots / f"issue28-header-390-{game}-{'tablet' if '?t=' in url else 'phone'}.png"))
        assert errors == []
        page.context.close()


@pytest.mark.parametrize("table", ["bux"], indirect=True)
def test_bux_says_a_price_mistake_once_and_an_empty_swap_in_words(chromium, table, shots):
    """Main said the price mistake under Price and again under the buttons, and an empty Swap as
    "The field give must be a card of this game, not null."."""
    from playwright.sync_api import expect

    base, token, _seats, _db = table
    page, errors = open_page(chromium, f"{base}/g/bux?t={token}")
    expect(page.locator("#entry-player")).to_have_text("\u2014 Cat")
    pick_a_card(page)
    page.select_option("#bid-winner", "Ann")
    page.fill("#bid-price", "5O")
    page.click("#draw-bid")
    said = "digits only"
    expect(page.locator("#entry-msg")).to_contain_text(said)
    assert page.locator("#entry").inner_text().count(said) == 1, page.locator("#entry").inner_text()
    page.locator("#entry").screenshot(path=str(shots / "issue28-bux-price-once.png"))
    page.locator(".tab[data-tab='swap']").click()
    page.click("#swap-go")
    expect(page.locator("#entry-msg")).to_have_text("Choose the card to give first.")
    page.locator("#entry").screenshot(path=str(shots / "issue28-bux-empty-swap.png"))
    assert errors == []


@pytest.mark.parametrize("table", ["grow"], indirect=True)
def test_grow_sealed_cover_says_whose_bid_is_sealed_and_its_buttons_have_words(chromium, table, shots):
    """Main kept "Pass the tablet to Cat" above "Sealed. Pass the tablet on.", and its buttons were ✔ / 🎲 / ✋ alone."""
    from playwright.sync_api import expect

    base, token, _seats, _db = table
    page, errors = open_page(chromium, f"{base}/g/grow?t={token}")
    page.locator("#entry-body button", has_text="Cat").click()
    page.click("#bid-me")
    page.fill("#bid-amount", "3")
    page.click("#bid-seal")
    expect(page.locator("#bid-done")).to_be_visible()
    expect(page.locator("#bid-who")).to_have_text("Cat's bid is sealed.")
    expect(page.locator("#bid-done-text")).to_have_text("Pass the tablet on.")
    page.locator(".bid-box").screenshot(path=str(shots / "issue28-grow-sealed.png"))
    page.click("#bid-ok")  # the last bid: the bids are revealed, the pick begins
    expect(page.locator("#entry-title")).to_have_text("Pick a card")
    wordless = page.locator("button:visible").evaluate_all(
        "(nodes) => nodes.filter((n) => !/[\\p{L}\\p{N}]/u.test(n.innerText)).map((n) => n.outerHTML)")
    assert wordless == [], wordless
    page.locator("#entry").screenshot(path=str(shots / "issue28-grow-pick.png"))
    page.locator("#entry-body .picker button.gcard[data-code='blue-05']").click()  # the card with a warning: dice follow
    targets = page.locator("#entry-body .row button.go")
    if targets.count():
        targets.first.click()
    expect(page.locator("#entry-title")).to_have_text("Warning dice")
    expect(page.locator("#entry-body button.huge")).to_have_text("Roll the dice")
    expect(page.locator("#entry-body .typed button")).to_have_text("Enter the dice rolled by hand")
    page.locator("#entry").screenshot(path=str(shots / "issue28-grow-roll.png"))
    assert errors == []


@pytest.mark.parametrize("table", ["cats"], indirect=True)
def test_cats_phone_says_it_has_nothing_to_enter_not_that_it_waits_for_the_others(chromium, table, shots):
    from playwright.sync_api import expect

    base, _token, seats, _db = table
    page, errors = open_page(chromium, base + PHONE["cats"].format(player="Ann", k=seats["Ann"]), size=(390, 844))
    expect(page.locator("#phase")).to_contain_text("Cat to move")
    expect(page.locator("#actions")).to_have_text("Nothing to enter on this phone until it is your turn.")
    page.screenshot(path=str(shots / "issue28-cats-phone.png"), full_page=True)
    assert errors == []


@pytest.fixture
def match_server(app):  # noqa: F811  (tests/web/test_match_page.py's app: a match with the photo reader)
    app.config["SSE_SECONDS"] = 20
    app.config["SSE_POLL"] = 0.1
    with serving(app, threads=4) as base:
        yield base


def test_match_editor_shows_a_red_1000_whole_and_a_photo_refusal_as_a_message(chromium, match_server, auth, shots):  # noqa: F811
    """Main cut "<1000>" in a by-hand card field and said "missing card" in small grey print when no photo was chosen."""
    from playwright.sync_api import expect

    page, errors = open_page(chromium, f"{match_server}/g/{GAME}?t={auth['X-Companion-Token']}", size=(390, 844))
    page.click("#m-read")
    result = page.locator("#m-read-result")
    expect(result).to_have_text("Choose a photo of the table first.")
    assert "bad" in result.get_attribute("class")
    assert result.evaluate("(n) => getComputedStyle(n).fontWeight") in ("700", "bold")
    page.click("#m-by-hand")
    page.locator(".m-edit-player").first.locator(".m-add").click()
    card = page.locator(".m-edit-player").first.locator(".m-card-in").first
    card.fill("<1000>")
    assert card.evaluate("(n) => n.scrollWidth <= n.clientWidth"), "the field scrolls: <1000> is cut"
    player = page.locator(".m-edit-player").first
    inside = player.evaluate("(box) => Array.from(box.querySelectorAll('input, button')).every("
                             "(n) => n.getBoundingClientRect().right <= box.getBoundingClientRect().right)")
    assert inside, "a field or button of the match row sticks out of the player's box"
    hand = player.locator(".m-hand-in")
    hand.fill("<1000> <900> 700 red wild")
    assert hand.evaluate("(n) => n.scrollWidth <= n.clientWidth"), "the hand field cuts the cards typed"
    page.locator("#m-entry").screenshot(path=str(shots / "issue28-match-editor.png"))
    assert errors == []
