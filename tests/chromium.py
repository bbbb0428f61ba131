"""Debian's chromium for the real-browser tests: where it is, how it is launched, and the skip without it.

Playwright's own browser download does not work offline, so every browser test
launches this one (scripts/setup.sh --test installs it).
"""

from __future__ import annotations

import os

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

skip_without_chromium = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="Debian's chromium is not installed (scripts/setup.sh --test installs it)")
BROWSER_TEST = [pytest.mark.browser, skip_without_chromium]
"""A browser test module's `pytestmark`."""


def wait_drawn(page, timeout_ms: float = 15_000) -> None:
    """Wait until a game page has fetched its state and drawn it (page.js drawn() marks <body data-seq>), and then
    for the browser to lay out and paint that drawing (two animation frames): a fixed pause, without the wait."""
    page.wait_for_selector("body[data-seq]", state="attached", timeout=timeout_ms)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
