"""The wall mode (?wall=1: a 1920x1080 TV read from 3 m) and reduced motion, measured in Debian's chromium (issue 34).

Each game's table of tests/web/tables.py (BUX also with Double-BUX on) is
served for real and its wall opened at 1920x1080. What the test measures is
what the room needs: every piece of text at least 28 px (card faces and the
chart's axis are pictures, not type, and are left out), whose turn it is and
the last move larger still, the BUX timer's dots and the Double-BUX banner
large. With the device asking for reduced motion, nothing on any wall runs an
animation or a transition.
"""

from __future__ import annotations

import pytest

from companion.web import create_app
from tests.chromium import BROWSER_TEST, wait_drawn
from tests.web.serving import serving
from tests.web.tables import GAMES, store_double_bux, store_table

pytestmark = BROWSER_TEST

BODY_PX = 28
SIGNS = {
    "bux": ("#players .player.turn .badge", "#history li:first-child"),
    "grow": ("#status", "#history li:first-child"),
    "cats": ("#phase", "#history li:first-child"),
    "match": ("#m-status", None),
}
"""Per game: (whose turn it is, the last move). Match lists no moves: its wall is the round table, whose status line
names who draws; a scored round appears in the table itself."""
PICTURES = "svg, .card, .gcard, .ccard, .chip, .tok"
"""Left out of the type measure: card faces, chips and tokens (pictures with a number on), the chart."""

SMALL_TEXT = """pictures => {
  const small = [];
  for (const node of document.querySelectorAll("body *")) {
    if (node.closest(pictures) || !node.getClientRects().length) continue;
    const own = [...node.childNodes].some(c => c.nodeType === Node.TEXT_NODE && c.textContent.trim());
    const style = getComputedStyle(node);
    if (!own || style.visibility === "hidden") continue;
    const px = parseFloat(style.fontSize);
    if (px < 28) small.push(`${node.tagName.toLowerCase()}.${node.className} ${px}px: ${node.textContent.trim().slice(0, 30)}`);
  }
  return small;
}"""

MOVING = """() => {
  const seconds = text => Math.max(...text.split(",").map(t => parseFloat(t) * (t.trim().endsWith("ms") ? 0.001 : 1)));
  const moving = [];
  for (const node of document.querySelectorAll("*")) {
    const style = getComputedStyle(node);
    const animated = style.animationName !== "none" && seconds(style.animationDuration) > 0;
    if (animated || seconds(style.transitionDuration) > 0) moving.push(node.tagName.toLowerCase() + "." + node.className);
  }
  return moving;
}"""


def open_wall(chromium, base: str, game: str, *, motion: str = "no-preference", options: str = "", contrast: str = "no-preference"):
    """Open the game's wall in wall mode at 1920x1080 and return the page once drawn."""
    context = chromium.new_context(viewport={"width": 1920, "height": 1080}, reduced_motion=motion, locale="en-GB",
                                   contrast=contrast)
    page = context.new_page()
    response = page.goto(f"{base}/g/{game}?wall=1{options}")
    assert response is not None and response.ok
    wait_drawn(page)  # the page fetches its state and draws it
    return page


def px(page, selector: str) -> float:
    """Return the computed font size of the first element matching `selector` (it must be there and shown)."""
    element = page.locator(selector).first
    assert element.is_visible(), f"{selector} is not shown on the wall"
    return float(element.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))


@pytest.mark.parametrize("game", GAMES)
def test_the_wall_is_set_for_a_room_turn_and_last_move_larger_than_body_text(game, chromium, tmp_path):
    db = tmp_path / f"{game}.db"
    store_table(db, game)
    with serving(create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1}), threads=4) as base:
        page = open_wall(chromium, base, game)
        try:
            assert page.evaluate("document.documentElement.classList.contains('wall')")
            assert page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") >= BODY_PX
            assert page.evaluate(SMALL_TEXT, PICTURES) == []
            turn, last = SIGNS[game]
            assert px(page, turn) >= 1.25 * BODY_PX, f"{game}: whose turn it is is not larger than body text"
            if last is not None:
                assert px(page, last) >= 1.25 * BODY_PX, f"{game}: the last move is not larger than body text"
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"{game}: the wall is {overflow}px wider than the TV"
        finally:
            page.context.close()


def test_the_bux_timer_and_double_bux_cannot_be_missed_on_the_wall(chromium, tmp_path):
    db = tmp_path / "bux.db"
    store_double_bux(db)
    with serving(create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1}), threads=4) as base:
        page = open_wall(chromium, base, "bux")
        try:
            assert px(page, "#banner.double") >= 2 * BODY_PX
            assert "DOUBLE-BUX" in page.locator("#banner").inner_text()
            dots = page.locator("#timer .timer-dots .dot")
            assert dots.count() == 3 and page.locator("#timer .dot.on").count() == 2
            assert min(dots.nth(i).bounding_box()["height"] for i in range(3)) >= 100  # 4 rem at 28 px: 3.6 cm on a 55" TV
            assert px(page, "#timer .timer-note") >= 1.25 * BODY_PX
        finally:
            page.context.close()


@pytest.mark.parametrize("options", ["", "&contrast=high"])
def test_with_reduced_motion_nothing_on_any_wall_moves(options, chromium, tmp_path):
    db = tmp_path / "walls.db"
    for game in GAMES:
        if game != "bux":
            store_table(db, game)
    store_double_bux(db)  # the Double-BUX banner pulses unless the device asks for less motion
    with serving(create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1}), threads=4) as base:
        for game in GAMES:
            page = open_wall(chromium, base, game, motion="reduce", options=options)
            try:
                assert page.evaluate(MOVING) == [], f"{game}: something moves on the wall with reduced motion asked for"
            finally:
                page.context.close()
        page = open_wall(chromium, base, "bux")
        try:
            assert page.evaluate(MOVING) == ["div.banner double"], "the measure sees the pulse when motion is allowed"
        finally:
            page.context.close()


THEME = """() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.querySelector(".panel")).borderTopColor,
                  getComputedStyle(document.querySelector(".panel")).borderTopWidth]"""
HIGH = ["rgb(255, 255, 255)", "rgb(0, 0, 0)", "3px"]


def test_high_contrast_is_a_switch_on_the_wall_and_follows_the_devices_setting(chromium, tmp_path):
    db = tmp_path / "match.db"
    store_table(db, "match")
    with serving(create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1}), threads=4) as base:
        page = open_wall(chromium, base, "match")
        try:
            assert page.evaluate(THEME) != HIGH
            page.get_by_role("link", name="High contrast").click()
            page.wait_for_load_state()
            assert page.evaluate("document.documentElement.className") == "wall contrast" and page.evaluate(THEME) == HIGH
            page.get_by_role("link", name="Normal contrast").click()
            page.wait_for_load_state()
            assert page.evaluate(THEME) != HIGH
            page.goto(f"{base}/g/match")  # the tablet's layout (no ?wall=1) offers no switch
            assert page.get_by_role("link", name="High contrast").count() == 0
        finally:
            page.context.close()
        page = open_wall(chromium, base, "match", contrast="more")  # the device asks for more contrast: no switch needed
        try:
            assert page.evaluate(THEME) == HIGH
        finally:
            page.context.close()
