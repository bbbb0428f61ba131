"""axe-core finds no WCAG 2.x A/AA violation on any screen of the gallery (issue 34).

The tables of tests/web/tables.py (the ones docs/screens.md photographs) are
served for real and opened in Debian's chromium by each holder (the tablet
that opened the join link, the wall with no token, Ann's phone where the game
has one), on the rules page and on the TV wall in high contrast (?wall=1&contrast=high), in English and Russian, at a tablet's and a
phone's size; axe-core (bundled by axe-playwright-python, no CDN) checks each
page with WCAG 2.0/2.1/2.2 A and AA rules only. One browser for the module,
one server per game; a page is loaded once per language and checked at both
sizes (the viewport changes in place, the language needs a navigation).
A failure names each rule, its impact, how many nodes and the first
selectors, which is what a developer needs to find the element.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games import game_modules
from companion.web import create_app
from tests.chromium import BROWSER_TEST
from tests.web.serving import serving
from tests.web.tables import GAMES, PHONE, store_table, tokens

pytestmark = BROWSER_TEST

SIZES = [(1280, 800), (390, 844)]
LANGUAGES = ["en", "ru"]
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
OPTIONS = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
SETTLE_MS = 900
"""Time a page takes to fetch its state and draw it (tests/web/test_gallery.py waits likewise)."""


def test_the_gallery_tables_cover_every_registered_game():
    assert sorted(GAMES) == sorted(game_modules()), "tests/web/tables.py must store a table of every registered game"


def device(chromium):
    """A fresh browser context (one holder's device) with axe-core loaded into every page before its own scripts."""
    import axe_playwright_python

    context = chromium.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    context.add_init_script(path=str(Path(axe_playwright_python.__file__).with_name("axe.min.js")))
    return context


def described(violations: list[dict]) -> list[str]:
    """One line per violated rule: id, impact, node count, the first three targets and axe's help."""
    lines = []
    for v in violations:
        targets = [" ".join(map(str, node["target"])) for node in v["nodes"][:3]]
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {'; '.join(targets)} -- {v['help']}")
    return lines


def pages_of(game: str, token: str, seats: dict[str, str]) -> dict[str, str]:
    """Return {holder: path} for one game; the tablet's join link is opened first, elsewhere."""
    out = {"tablet": f"/g/{game}", "wall": f"/g/{game}", "rules": f"/g/{game}/rules",
           "high-contrast TV wall": f"/g/{game}?wall=1&contrast=high"}
    if game in PHONE:
        out["phone"] = PHONE[game].format(player="Ann", k=seats["Ann"])
    return out


def check(page, base: str, paths: dict[str, str], what: str) -> list[str]:
    """Open each path in both languages, run axe at both sizes, and return a line per violated rule."""
    found = []
    for name, path in paths.items():
        for lang in LANGUAGES:
            page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
            response = page.goto(f"{base}{path}{'&' if '?' in path else '?'}lang={lang}")
            assert response is not None and response.ok, f"{what} {name} {lang}: {response and response.status}"
            page.wait_for_timeout(SETTLE_MS)
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                violations = page.evaluate("options => axe.run(document, options)", OPTIONS)["violations"]
                found += [f"{what} {name} {width}x{height} {lang}: {line}" for line in described(violations)]
    return found


@pytest.mark.parametrize("game", sorted(game_modules()))
def test_axe_finds_no_wcag_violation_on_any_screen(game, chromium, tmp_path):
    db = tmp_path / f"{game}.db"
    store_table(db, game)
    token, seats = tokens(db, game)
    app = create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1})
    with serving(app, threads=4) as base:
        found = []
        for holder, path in pages_of(game, token, seats).items():
            context = device(chromium)
            try:
                page = context.new_page()
                if holder == "tablet":
                    page.goto(f"{base}/g/{game}?t={token}")  # the join link: the cookie makes this device the tablet
                found += check(page, base, {holder: path}, game)
            finally:
                context.close()
    assert not found, "axe found WCAG A/AA violations:\n" + "\n".join(found)


def test_axe_finds_no_wcag_violation_on_the_club_pages(chromium, tmp_path):
    """The club's index of tables and its standings, with every game's table stored in one file."""
    db = tmp_path / "club.db"
    for game in sorted(game_modules()):
        store_table(db, game)
    app = create_app({"DB": str(db), "CLUB": True, "SSE_SECONDS": 20, "SSE_POLL": 0.1})
    found: list[str] = []
    with serving(app, threads=4) as base:
        context = device(chromium)
        try:
            found = check(context.new_page(), base, {"index": "/club", "standings": "/club/standings"}, "club")
        finally:
            context.close()
    assert not found, "axe found WCAG A/AA violations:\n" + "\n".join(found)


SMALL_TARGETS = """() => {
  // Every control a finger taps at a phone's size, with the box it offers: a checkbox or radio counts with its label;
  // a link inside running text is exempt (WCAG 2.5.8: inline targets), as is one the page hides.
  const boxes = [];
  for (const el of document.querySelectorAll('button, [role=button], [role=tab], input:not([type=hidden]), select, textarea, summary, a[href]')) {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.closest('[hidden], [aria-hidden=true]')) continue;
    if (el.tagName === 'A' && el.closest('p, li p, td, dd, .prose, .note, footer p')) continue;
    const target = (el.type === 'checkbox' || el.type === 'radio') && el.closest('label') ? el.closest('label') : el;
    const r = target.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.width < 44 - 0.5 || r.height < 44 - 0.5) {
      const name = (el.getAttribute('aria-label') || el.textContent || el.id || el.name || el.tagName).trim().slice(0, 30);
      boxes.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return boxes;
}"""
"""Each too-small control, named as a developer finds it: tag, id, its words, and its size in CSS px."""


@pytest.mark.parametrize("game", sorted(game_modules()))
def test_every_control_on_a_phone_is_at_least_44_px(game, chromium, tmp_path):
    """At a phone's size every button, field and menu a player taps offers a 44 x 44 px target (issue 34)."""
    db = tmp_path / f"{game}.db"
    store_table(db, game)
    token, seats = tokens(db, game)
    app = create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1})
    small: list[str] = []
    with serving(app, threads=4) as base:
        for holder, path in pages_of(game, token, seats).items():
            if "TV" in holder:
                continue  # a TV across the room is looked at, not tapped
            context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
            try:
                page = context.new_page()
                if holder == "tablet":
                    page.goto(f"{base}/g/{game}?t={token}")
                page.goto(f"{base}{path}")
                page.wait_for_timeout(SETTLE_MS)
                small += [f"{game} {holder}: {box}" for box in page.evaluate(SMALL_TARGETS)]
            finally:
                context.close()
    assert not small, "controls smaller than 44 x 44 px on a phone:\n" + "\n".join(small)
