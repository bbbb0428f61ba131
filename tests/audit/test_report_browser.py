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
