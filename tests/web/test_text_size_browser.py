"""Phone pages follow the device's text size (issue 34): every piece of text is sized from the root, which is the
browser's own default font size (the setting a player enlarges), never a fixed pixel size that ignores it.

Chromium's "Font size" setting is set through the DevTools protocol
(Page.setFontSizes, what chrome://settings/fonts changes); each seat's phone
page of tests/web/tables.py is opened at the browser's 16 px default and at
24 px, and every text on it must grow by the same 1.5; a drawing (a card's
SVG face, its suit glyph in the drawing's own units) must grow by it too.
"""

from __future__ import annotations

import pytest

from companion.web import create_app
from tests.chromium import ARGS, BROWSER_TEST, CHROMIUM, wait_drawn
from tests.web.serving import serving
from tests.web.tables import PHONE, store_table, tokens

pytestmark = BROWSER_TEST

SIZES = """() => {
  const shown = n => n.getClientRects().length;
  const texts = [...document.querySelectorAll("body *")].filter(n => !n.closest("svg") && shown(n)
    && [...n.childNodes].some(c => c.nodeType === Node.TEXT_NODE && c.textContent.trim()));
  const name = n => n.tagName.toLowerCase() + "." + n.className + " " + n.textContent.trim().slice(0, 20);
  return [texts.map(n => [name(n), parseFloat(getComputedStyle(n).fontSize)]),
          [...document.querySelectorAll("svg")].filter(shown).map(n => [name(n), n.getBoundingClientRect().width])];
}"""
"""Every shown element with text of its own: (name, font size in px); every shown drawing: (name, width in px)."""


def text_sizes(browser, url: str, default_px: int) -> tuple[list, list]:
    """Open `url` on a phone-sized page with the browser's default font size set to `default_px`; return SIZES."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    try:
        page = context.new_page()
        context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": {"standard": default_px, "fixed": default_px - 3}})
        response = page.goto(url)
        assert response is not None and response.ok
        wait_drawn(page)  # the page fetches its state and draws it
        texts, drawings = page.evaluate(SIZES)
        return [tuple(pair) for pair in texts], [tuple(pair) for pair in drawings]
    finally:
        context.close()


@pytest.mark.parametrize("game", sorted(PHONE))
def test_every_text_on_the_phone_grows_with_the_devices_text_size(game, tmp_path):
    from playwright.sync_api import sync_playwright

    db = tmp_path / f"{game}.db"
    store_table(db, game)
    _token, seats = tokens(db, game)
    app = create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1})
    with serving(app, threads=4) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            url = base + PHONE[game].format(player="Ann", k=seats["Ann"])
            (normal, normal_svg), (large, large_svg) = text_sizes(browser, url, 16), text_sizes(browser, url, 24)
        finally:
            browser.close()
    assert len(normal) > 5 and [name for name, _ in normal] == [name for name, _ in large]
    fixed = [f"{name}: {a}px -> {b}px" for (name, a), (_, b) in zip(normal, large) if abs(b / a - 1.5) > 0.05]
    assert not fixed, "text that ignores the device's text size:\n" + "\n".join(fixed)
    drawn = [f"{name}: {a}px -> {b}px" for (name, a), (_, b) in zip(normal_svg, large_svg) if abs(b / a - 1.5) > 0.05]
    assert not drawn, "drawings that ignore the device's text size:\n" + "\n".join(drawn)
