"""Real browser: the BUX tablet's draw entry ends a deck exactly where the engine does under the game's house rules.

A game set up with timer-order=printed ends its deck on the BUX card printed 3,
even turned up first; a default game reads that card as the first timer card and
the draw is still bid on (issue 36).
"""

from __future__ import annotations

import pytest

from companion.store.backends import open_store
from companion.web.access import game_key, game_token
from tests.chromium import BROWSER_TEST
from tests.web.bux_entries import name_cards
from tests.web.conftest import LINES, session_of, start_game

pytestmark = BROWSER_TEST


def _open(browser, server, db, game_id: str, errors: list[str]):
    from playwright.sync_api import expect

    with open_store(db) as store:
        token = game_token(game_key(store, game_id))
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server}/g/{game_id}?t={token}&lang=en")
    expect(page.locator("#entry-player")).to_contain_text(LINES[0]["first"])
    return page


@pytest.mark.parametrize("order", ["turned-up", "printed"])
def test_bux_card_3_turned_up_first_ends_the_deck_only_under_the_printed_order(server, browser, db, order):
    from playwright.sync_api import expect

    game_id = f"timer-{order}"
    setup = {**LINES[0], "rules": {"timer-order": order}}
    start_game(db, 0, game_id=game_id, setup=setup)
    errors: list[str] = []
    page = _open(browser, server, db, game_id, errors)
    name_cards(page, ["bux-3"])
    if order == "turned-up":  # the first timer card of the deck: the draw goes on and is bid on
        expect(page.locator("#draw-end")).to_be_hidden()
        expect(page.locator("#draw-bid")).to_be_visible()
    else:
        expect(page.locator("#draw-end")).to_be_visible()
        expect(page.locator("#draw-bid")).to_be_hidden()
        page.click("#draw-end")
        expect(page.locator("#entry-msg")).not_to_be_empty()
        store, session = session_of(db, game_id)
        try:
            assert [e.data for e in session.events if e.kind == "move"][-1] == {
                "type": "draw", "player": LINES[0]["first"], "cards": ["bux-3"]}
            assert (session.state.deck, session.state.redraw) == (2, True)
        finally:
            store.close()
    assert errors == []
