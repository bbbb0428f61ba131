"""The "Correct" button on a needs-attention item opens the matching entry form filled with the proposal.

The API half (GET /api/attention/<id>) runs in the Flask client; the tablet half
drives Debian's chromium: a purchase the camera priced wrong and a sale it
grouped wrong are each fixed by changing one thing, and the store then holds
the corrected move and a `resolved` event with how="corrected".
Screenshot: $COMPANION_ARTIFACTS/web/correct-sale-1024x768.png (and -purchase-).
"""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

import pytest

from companion.games.bux.state import PLAYING_CARDS, VALUE
from companion.store.session import GameSession
from companion.store.backends import open_store
from companion.web import create_app
from companion.web.access import game_key, game_token
from tests.chromium import ARGS, CHROMIUM
from tests.web.bux_entries import face_of
from tests.web.conftest import CODE, GAME_ID, LINES, session_of

API = f"/g/{GAME_ID}/api"

SALE_GAME = "s1"
HEARTS = ["heart-x-100", "heart-oval-25", "heart-circle-50"]
SQUARES = ["club-square-25", "spade-square-50", "diamond-square-100"]
SALE_SETUP = {"type": "setup", "game": "bux", "players": ["Ann", "Ben", "Cat"], "first": "Ann",
              "spreads": {"Ann": HEARTS, "Ben": ["heart-square-25", "club-oval-25", "spade-oval-100"],
                          "Cat": ["diamond-x-25", "club-x-50", "spade-circle-25"]}}
SALE_MOVES = [  # Ann buys the squares, the others' draws all pass: Ann to move with two sets
    {"type": "draw", "player": "Ann", "cards": SQUARES, "winner": "Ann", "price": 10},
    {"type": "draw", "player": "Ben", "cards": ["club-circle-25", "heart-oval-50", "spade-x-50"], "winner": None},
    {"type": "draw", "player": "Cat", "cards": ["diamond-circle-50", "club-oval-100", "spade-square-25"], "winner": None},
]
PURCHASE = {"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], "winner": "Cat", "price": 160}


def start_sale(db: Path) -> None:
    """Store the sale game: Ann to move, holding the hearts and the squares."""
    with open_store(db) as store:
        session = GameSession.start(store, SALE_SETUP, game_id=SALE_GAME)
        for line in SALE_MOVES:
            session.submit(line, source="import")


def sale_client(db: Path):
    """Return a Flask client for the sale game and its token header."""
    with open_store(db) as store:
        headers = {"X-Companion-Token": game_token(game_key(store, SALE_GAME))}
    return create_app({"DB": str(db), "TESTING": True}).test_client(), headers


def raise_item(db: Path, proposed: dict | None, *, game_id: str = GAME_ID, players=("Ann",), cards=(),
               message: str = "confirm: the camera saw a move") -> str:
    """Store a camera attention item the way companion.live does and return its id."""
    store, session = session_of(db, game_id)
    try:
        return session.raise_attention(message, cards=cards, players=players, proposed=proposed, source="camera")
    finally:
        store.close()


def stored(db: Path, game_id: str = GAME_ID) -> tuple[list[dict], list[dict]]:
    """Return (record lines in effect, resolved events' payloads)."""
    store, session = session_of(db, game_id)
    try:
        return session.record_lines(), [e.data for e in session.events if e.kind == "resolved"]
    finally:
        store.close()


# --- the API that fills the form ---------------------------------------------------


def test_purchase_proposal_comes_back_in_the_draw_forms_terms(client, auth, db):
    item = raise_item(db, PURCHASE)
    body = client.get(f"{API}/attention/{item}", headers=auth).json
    assert body["type"] == "draw" and body["player"] == "Ann"
    assert body["cards"] == [face_of(c) for c in PURCHASE["cards"]] and body["dropped"] == 0, "by face and value, as typed"
    assert (body["settle"], body["winner"], body["price"]) == ("bid", "Cat", 160)
    assert body["proposal"].startswith("Ann drew") and "160" in body["proposal"]


@pytest.mark.parametrize(("extra", "settle"), [({"winner": None}, "pass"), ({"keep": True}, "keep"), ({}, "end")])
def test_draw_proposals_name_the_button_that_settles_them(client, auth, db, extra, settle):
    item = raise_item(db, {"type": "draw", "player": "Ann", "cards": LINES[6]["cards"], **extra})
    assert client.get(f"{API}/attention/{item}", headers=auth).json["settle"] == settle


def test_a_misread_card_owned_by_someone_is_left_out_and_its_value_never_sent(client, auth, db):
    # The camera put one of Ben's spread cards into Ann's draw: that card's code (and value) must not reach the tablet.
    store, session = session_of(db)
    ben = session.state.spreads[session.state.seat("Ben")]
    store.close()
    owned = min(ben)
    item = raise_item(db, {**PURCHASE, "cards": [PURCHASE["cards"][0], owned, *PURCHASE["cards"][2:]]})
    response = client.get(f"{API}/attention/{item}", headers=auth)
    assert response.json["cards"] == [face_of(c) for c in [PURCHASE["cards"][0], *PURCHASE["cards"][2:]]]
    assert response.json["dropped"] == 1
    assert owned not in response.get_data(as_text=True)
    suit, shape, value = owned.split("-")
    assert {"suit": suit, "shape": shape, "value": int(value)} not in response.json["cards"]


def test_sale_proposal_goes_by_handles_and_drops_cards_not_in_the_spread(tmp_path):
    db = tmp_path / "sale.db"
    start_sale(db)
    stray = "diamond-x-25"  # Cat's card, misread as part of Ann's sale
    item = raise_item(db, {"type": "sell", "player": "Ann", "sets": [HEARTS, [stray, *SQUARES[:2]]]}, game_id=SALE_GAME)
    sale, headers = sale_client(db)
    response = sale.get(f"/g/{SALE_GAME}/api/attention/{item}", headers=headers)
    body = response.json
    assert body["type"] == "sell" and len(body["sets"]) == 2
    assert [len(s) for s in body["sets"]] == [3, 2] and body["dropped"] == 1
    assert not CODE.search(response.get_data(as_text=True)), "spread cards must go by handle, never by code"
    options = sale.get(f"/g/{SALE_GAME}/api/options", headers=headers).json
    assert set(body["sets"][0]) <= {f["h"] for f in options["spread"]}


def test_swap_proposal_goes_by_handles(tmp_path):
    db = tmp_path / "swap.db"
    start_sale(db)
    item = raise_item(db, {"type": "swap", "player": "Ann", "give": "heart-x-100", "take": "spade-circle-25", "from": "Cat"},
                      game_id=SALE_GAME)
    swap, headers = sale_client(db)
    response = swap.get(f"/g/{SALE_GAME}/api/attention/{item}", headers=headers)
    body = response.json
    assert body["type"] == "swap" and body["from"] == "Cat" and body["give"] and body["take"]
    assert not CODE.search(response.get_data(as_text=True))


def test_a_which_cards_were_sold_question_opens_the_sale_form_with_the_cards_seen_on_the_pile(tmp_path):
    """The interpreter asks (no proposed line) when unseen cards could make two sales; Correct starts from the pile."""
    db = tmp_path / "ask.db"
    start_sale(db)
    store, session = session_of(db, SALE_GAME)
    try:
        item = session.raise_attention("Ann put cards on the discard pile; cannot tell which were sold",
                                       cards=HEARTS, players=["Ann"], source="camera",
                                       evidence={"on_pile": [HEARTS[0]], "unseen": HEARTS[1:] + SQUARES})
    finally:
        store.close()
    sale, headers = sale_client(db)
    response = sale.get(f"/g/{SALE_GAME}/api/attention/{item}", headers=headers)
    body = response.json
    assert body["type"] == "sell" and body["player"] == "Ann" and [len(s) for s in body["sets"]] == [1]
    assert not CODE.search(response.get_data(as_text=True)), "spread cards go by handle"


def test_item_without_a_move_names_its_players_only(client, auth, db):
    item = raise_item(db, None, players=("Ben", None), cards=("heart-square-25",), message="a card vanished from Ben's spread")
    body = client.get(f"{API}/attention/{item}", headers=auth).json
    assert body["type"] is None and body["players"] == ["Ben"] and body["proposal"] is None
    assert "vanished" in body["message"]


def test_the_prefill_needs_the_token_and_an_open_item(client, auth, db):
    item = raise_item(db, PURCHASE)
    assert client.get(f"{API}/attention/{item}").status_code == 403
    assert client.get(f"{API}/attention/nope", headers=auth).status_code == 404
    assert client.post(f"{API}/attention/{item}", json={"how": "dismiss"}, headers=auth).status_code == 200
    assert client.get(f"{API}/attention/{item}", headers=auth).status_code == 404


# --- the tablet in a real browser ----------------------------------------------------


@pytest.fixture
def tablet(server):
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (scripts/setup.sh --test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        yield page
        browser.close()
        assert not errors, errors


def owned_values_shown(page, db: Path, game_id: str) -> list[str]:
    """Return the back values of spread cards that the page's DOM shows (must be none)."""
    store, session = session_of(db, game_id)
    state = session.state
    store.close()
    owned = {c for spread in state.spreads for c in spread}
    html = page.content()
    return [c for c in owned if c in html] + ([] if "class=\"value\"" not in page.inner_html("#sell-sets")
                                              else ["value in the sell form"])


@pytest.mark.browser
def test_correct_a_purchase_by_changing_the_price(server, tablet, token, db, artifacts):
    shots = artifacts / "web"
    from playwright.sync_api import expect

    item = raise_item(db, PURCHASE)
    vanished = raise_item(db, None, players=("Ben",), cards=("heart-square-25",), message="a card vanished from Ben's spread")
    tablet.goto(f"{server}/g/{GAME_ID}?t={token}")
    expect(tablet.locator(".att")).to_have_count(2)

    # An item with no move: the form opens with the named player chosen, and can be cancelled.
    tablet.locator(f".att[data-id='{vanished}'] [data-att='correct']").click()
    expect(tablet.locator("#correcting")).to_be_visible()
    expect(tablet.locator("#correcting-what")).to_contain_text("vanished")
    expect(tablet.locator("#bid-winner")).to_have_value("Ben")
    tablet.click("#correcting-cancel")
    expect(tablet.locator("#correcting")).to_be_hidden()
    expect(tablet.locator("#bid-winner")).to_have_value("")

    # The purchase: cards in order, winner and price filled in; only the price is wrong.
    tablet.locator(f".att[data-id='{item}'] [data-att='correct']").click()
    expect(tablet.locator("#draw-picked .seqno")).to_have_count(4)
    expect(tablet.locator("#bid-winner")).to_have_value("Cat")
    expect(tablet.locator("#bid-price")).to_have_value("160")
    expect(tablet.locator("#draw-bid")).to_have_class("big go suggest")
    expect(tablet.locator(f".att[data-id='{item}']")).to_have_class("att fixing")
    shots.mkdir(parents=True, exist_ok=True)
    tablet.screenshot(path=str(shots / "correct-purchase-1024x768.png"))
    assert [tablet.locator("#draw-picked .seqno").nth(i).inner_text() for i in range(4)] == [
        "1. \u2663 X 100", "2. \u2660 square 100", "3. BUX 3", "4. \u2666 oval 25"]
    tablet.fill("#bid-price", "165")
    tablet.click("#draw-bid")
    expect(tablet.locator("#entry-msg")).to_contain_text("Cat won the bid for 165")
    expect(tablet.locator("#correcting")).to_be_hidden()
    expect(tablet.locator(".att")).to_have_count(1)  # the vanished card is still open

    lines, resolved = stored(db)
    assert lines[-1] == {**PURCHASE, "price": 165}
    assert resolved == [{"id": item, "how": "corrected"}]

    # Another tablet dismisses the item being corrected: this form stops correcting it.
    tablet.locator(f".att[data-id='{vanished}'] [data-att='correct']").click()
    expect(tablet.locator("#correcting")).to_be_visible()
    request = urllib.request.Request(f"{server}{API}/attention/{vanished}", data=json.dumps({"how": "dismiss"}).encode(),
                                     headers={"Content-Type": "application/json", "X-Companion-Token": token})
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 200
    expect(tablet.locator("#correcting")).to_be_hidden()
    expect(tablet.locator("#attention")).to_be_hidden()


@pytest.mark.browser
def test_correct_a_sale_by_taking_one_set_apart(server, tablet, app, artifacts):
    shots = artifacts / "web"
    from playwright.sync_api import expect

    db = Path(app.config["DB"])
    start_sale(db)
    with open_store(db) as store:
        token = game_token(game_key(store, SALE_GAME))
    # The camera saw six cards go to the discard pile; Ann really sold the hearts only.
    item = raise_item(db, {"type": "sell", "player": "Ann", "sets": [HEARTS, SQUARES]}, game_id=SALE_GAME)
    tablet.goto(f"{server}/g/{SALE_GAME}?t={token}")
    tablet.locator(f".att[data-id='{item}'] [data-att='correct']").click()
    expect(tablet.locator("[data-body='sell']")).to_be_visible()
    expect(tablet.locator(".tab.on")).to_have_attribute("data-tab", "sell")
    expect(tablet.locator("#sell-sets .set")).to_have_count(2)
    expect(tablet.locator("#sell-sets .card")).to_have_count(6)
    expect(tablet.locator("#sell-sets .card .tag")).to_have_count(6)
    expect(tablet.locator("#sell-go")).to_have_class("big go suggest")
    assert owned_values_shown(tablet, db, SALE_GAME) == []
    tablet.locator("#entry").scroll_into_view_if_needed()
    tablet.screenshot(path=str(shots / "correct-sale-1024x768.png"))

    tablet.locator("#sell-sets .set").nth(1).click()  # the squares were not sold
    expect(tablet.locator("#sell-sets .set")).to_have_count(1)
    expect(tablet.locator("#sell-spread .pick")).to_have_count(3)
    tablet.click("#sell-go")
    expect(tablet.locator("#entry-msg")).to_contain_text("Ann sold 1 set")
    expect(tablet.locator("#attention")).to_be_hidden()

    lines, resolved = stored(db, SALE_GAME)
    assert lines[-1]["type"] == "sell" and lines[-1]["player"] == "Ann"
    assert [sorted(s) for s in lines[-1]["sets"]] == [sorted(HEARTS)]
    assert resolved == [{"id": item, "how": "corrected"}]
    store, session = session_of(db, SALE_GAME)
    state = session.state
    store.close()
    assert state.chips[state.seat("Ann")] == 190 + sum(VALUE[c] for c in HEARTS)
    assert sorted(state.spreads[state.seat("Ann")]) == sorted(SQUARES)
    assert set(SQUARES) <= set(PLAYING_CARDS)
