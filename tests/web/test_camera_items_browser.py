"""Real browser: a Grow tablet shows the camera's item as the camera raises it, in Russian, and Confirm stores the move."""

from __future__ import annotations

from companion.web import create_app
from tests.chromium import ARGS, BROWSER_TEST, CHROMIUM
from tests.web.serving import serving
from tests.web.test_camera_items import DRAW, DRAW_SAID, ROW, raise_item
from tests.web.test_grow import start_grow, state_of, tokens_of

pytestmark = BROWSER_TEST


def test_the_tablet_shows_a_camera_item_as_it_comes_and_confirm_stores_it(tmp_path):
    from playwright.sync_api import expect, sync_playwright

    db = tmp_path / "grow.db"
    start_grow(db)
    token, _phones = tokens_of(db)
    app = create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.05})
    with serving(app) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{base}/g/gr?t={token}&lang=ru")
        panel = page.locator("#camera-items")
        expect(page.locator("#entry")).to_be_visible()
        expect(panel).to_be_hidden()
        raise_item(db, proposed=DRAW, say=DRAW_SAID)  # the camera, meanwhile: the page hears of it by its stream
        expect(panel).to_be_visible(timeout=10_000)
        expect(panel).to_contain_text("Камера спрашивает")
        expect(panel).to_contain_text("подтвердите: в ряду открыли 3 карты")
        panel.get_by_role("button", name="Подтвердить: подтвердите: в ряду открыли 3 карты", exact=False).click()
        expect(panel).to_be_hidden(timeout=10_000)
        assert state_of(db).row == tuple(ROW)
        assert not errors
        browser.close()
