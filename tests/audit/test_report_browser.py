"""The report in a real browser (Debian's chromium): offline, images decode, charts draw; a screenshot is kept."""

from __future__ import annotations

import pytest

from companion.audit.audit import run_audit
from companion.audit.report import render
from companion.audit.source import from_store
from tests.chromium import ARGS, BROWSER_TEST, CHROMIUM


pytestmark = BROWSER_TEST


def test_report_opens_offline_with_every_picture(demo, tmp_path, artifacts):
    shots = artifacts / "audit"
    from playwright.sync_api import sync_playwright

    page_file = tmp_path / "report.html"
    page_file.write_text(render(run_audit(from_store(demo, "demo"))), encoding="utf-8")
    requests = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context = browser.new_context(viewport={"width": 1200, "height": 1600}, offline=True)
            page = context.new_page()
            page.on("request", lambda r: requests.append(r.url))
            page.goto(page_file.as_uri())
            page.wait_for_load_state("load")
            images = page.eval_on_selector_all("td.thumb img", "els => els.map(e => { e.loading = 'eager'; return e.src.length; })")
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            page.wait_for_function("[...document.querySelectorAll('td.thumb img')].every(i => i.complete)")
            widths = page.eval_on_selector_all("td.thumb img", "els => els.map(e => e.naturalWidth)")
            chart_box = page.locator("svg.chart").first.bounding_box()
            shots.mkdir(parents=True, exist_ok=True)
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(shots / "report.png"), full_page=False)
        finally:
            browser.close()
    assert [u for u in requests if not u.startswith(("file:", "data:"))] == []
    assert images and all(w == 320 for w in widths)
    assert chart_box["width"] > 800 and chart_box["height"] > 200


@pytest.mark.parametrize("game, cut", [("grow", None), ("cats", 30)])
def test_the_report_of_a_tablet_game_reads_well(game, cut, tmp_path, artifacts):
    """A Grow game played to the end and a cat auction still in progress, entered on the tablet: their reports
    in chromium, photographed for docs/screens.md (the top, and the first moves) as 8-bit PNGs."""
    from playwright.sync_api import sync_playwright

    from companion.store.backends import open_store
    from tests.audit.played import store_played
    from tests.web.test_gallery import save_small

    with open_store(tmp_path / "club.db") as store:
        store_played(store, game, seed=3, players=3, cut=cut)
        page_file = tmp_path / f"{game}.html"
        page_file.write_text(render(run_audit(from_store(store, game))), encoding="utf-8")
    shots = artifacts / "screens"
    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_context(viewport={"width": 1200, "height": 1400}, offline=True).new_page()
            page.goto(page_file.as_uri())
            page.wait_for_load_state("load")
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            what = page.eval_on_selector_all("td.what", "els => els.slice(0, 12).map(e => e.innerText)")
            sizes = [save_small(page.screenshot(full_page=False), shots / f"audit-{game}.png")]
            moves = page.locator("h2", has_text="Every move").bounding_box()
            page.set_viewport_size({"width": 1200, "height": 900})
            sizes.append(save_small(page.screenshot(clip={"x": 0, "y": moves["y"] - 8, "width": 1200, "height": 900}, full_page=True),
                                    shots / f"audit-{game}-moves.png"))
        finally:
            browser.close()
    assert overflow <= 0
    assert len(what) == 12 and all(text and "[" not in text and "{" not in text for text in what), what
    assert all(size < 400_000 for size in sizes)
