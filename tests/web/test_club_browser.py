"""Real browser: the club index on a wall (another device) and on the organiser's machine, and the standings page.

The server listens on all addresses: the wall opens it by this machine's LAN
address (so the request is not from loopback, as a screen across the room's
would not be) and the organiser by 127.0.0.1. Two games on two tables; a move
stored by another connection (as a table's own camera process would) reaches
the wall's index without a reload; the organiser starts a third game from the
form and the wall shows it. Neither the wall's page nor anything it fetched
carries a host link, a join token, a seat key or a card code.

Screenshots go to $COMPANION_ARTIFACTS/screens/club-*.png (scripts/screenshots.sh
writes them into docs/screens/ for docs/club.md).
"""

from __future__ import annotations

import re

import pytest

from companion.commands.serve import lan_address
from companion.store.backends import open_store
from companion.store.session import GameSession
from companion.web.asgi import ServerThread, listen_socket
from tests.chromium import BROWSER_TEST
from tests.web.conftest import LINES
from tests.web.test_club import club_app, codes_in, secrets_of, two_tables
from tests.web.test_gallery import save_small
from tests.web.tables import GAMES, PLAYERS, store_table

pytestmark = BROWSER_TEST


@pytest.fixture
def club(store_target):
    """(organiser's base URL, the wall's base URL, the store): the club server on every address of this machine."""
    lan = lan_address()
    if lan.startswith("127."):
        pytest.skip("this machine has no LAN address to play a wall across the room from")
    two_tables(store_target)
    server = ServerThread(club_app(store_target, STREAM_SECONDS=30), sock=listen_socket("0.0.0.0", 0), threads=6).start()
    try:
        yield f"http://127.0.0.1:{server.port}", f"http://{lan}:{server.port}", store_target
    finally:
        server.stop()


def test_the_club_index_is_live_on_a_wall_and_the_organiser_starts_a_game(club, browser, artifacts, backend):
    from playwright.sync_api import expect

    mine, away, target = club
    shots = artifacts / "screens"
    shots.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    fetched: list[str] = []
    wall = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB").new_page()
    organiser = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB").new_page()
    for page in (wall, organiser):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    wall.on("response", lambda r: fetched.append(r.text()) if "/club/tables.json" in r.url else None)

    wall.goto(f"{away}/")
    expect(wall.locator(".table-card")).to_have_count(2)
    expect(wall.locator("#live")).to_have_class("live on")
    bux = wall.locator(".table-card", has_text="Table 1")
    with open_store(target) as store:
        before = GameSession(store, "g1").state
    for name, chips in zip(before.players, before.chips):
        expect(bux.locator(".table-player", has_text=name).locator(".score")).to_have_text(str(chips))
    expect(bux.locator(".table-player.turn .who")).to_have_text(bux_turn(target))
    expect(wall.locator(".host-link")).to_have_count(0)
    expect(wall.locator("#new-game")).to_have_count(0)

    organiser.goto(f"{mine}/club")
    expect(organiser.locator(".table-card")).to_have_count(2)
    expect(organiser.locator(".host-link")).to_have_count(2)
    if backend == "sqlite":
        wall.wait_for_timeout(300)
        save_small(wall.screenshot(full_page=True), shots / "club-index-1280x800.png")

    # A move at table 1, stored by another connection (a table's camera loop): the wall's card follows, no reload.
    drawn = wall.locator("#tables").get_attribute("data-drawn")
    with open_store(target) as store:
        session = GameSession(store, "g1")
        session.submit(LINES[6], source="import")
        after = session.state
    assert list(after.chips) != list(before.chips)
    for name, chips in zip(after.players, after.chips):
        expect(bux.locator(".table-player", has_text=name).locator(".score")).to_have_text(str(chips))
    assert wall.locator("#tables").get_attribute("data-drawn") != drawn
    assert wall.evaluate("performance.getEntriesByType('navigation').length") == 1  # the same page, not reloaded

    # The organiser starts a game at table 3; the wall shows its card.
    organiser.locator("#club-new summary").click()
    organiser.select_option("#new-type", "bux")
    organiser.fill("#new-table", "Table 3")
    organiser.fill("#new-players", "Ann, Ben")
    organiser.click("#new-go")
    expect(organiser.locator("#new-msg")).to_contain_text("3 to 5 players")
    organiser.fill("#new-players", "Fay, Gus, Hal")
    organiser.click("#new-go")
    expect(organiser.locator("#dealer-note")).to_contain_text("Fay")
    expect(wall.locator(".table-card")).to_have_count(3)
    expect(wall.locator(".table-card").first.locator(".table-label")).to_have_text("Table 3")
    expect(organiser.locator("#new-host")).to_have_attribute("href", re.compile(r"^/g/[0-9a-f]+/host/$"))
    if backend == "sqlite":
        save_small(organiser.screenshot(full_page=True), shots / "club-organiser-1280x800.png")
    organiser.click("#new-done")
    expect(organiser.locator("#dealer-note")).to_have_text("")

    # Nothing the wall was given holds a host link, a join token, a seat key or a card code.
    with open_store(target) as store:
        games = {g["game_id"]: GameSession(store, g["game_id"]).state.players for g in store.games()}
    secrets = [s for game_id, players in games.items() for s in secrets_of(target, game_id, players)]
    texts = [wall.content(), *fetched]
    assert len(fetched) >= 3
    for text in texts:
        assert "/host" not in text and not [s for s in secrets if s in text] and not codes_in(text)

    wall.set_viewport_size({"width": 800, "height": 1280})
    wall.goto(f"{away}/club?lang=ru")
    expect(wall.locator(".table-card")).to_have_count(3)
    expect(wall.locator(".club-head")).to_have_text("Все столы")
    overflow = wall.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    if backend == "sqlite":
        wall.wait_for_timeout(300)
        save_small(wall.screenshot(full_page=True), shots / "club-index-ru-800x1280.png")
    assert not errors, errors


def bux_turn(target) -> str:
    """Whose turn it is in the BUX game at table 1, by the game's own wall view (state.json)."""
    client = club_app(target).test_client()
    return client.get("/g/g1/state.json").json["board"]["turn"]


def test_the_standings_page_ranks_the_club(club, browser, artifacts, backend):
    from playwright.sync_api import expect

    mine, away, target = club
    with open_store(target) as store:  # Table 1's game to its end: a winner and final chips
        session = GameSession(store, "g1")
        for line in LINES[6:]:
            session.submit(line, source="import")
        assert session.game.is_over(session.state)
    from companion.club.stats import standings

    with open_store(target) as store:
        expected = standings(store)["players"]
    page = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB").new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{away}/club/standings")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(len(PLAYERS) + 2)  # Ann, Ben, Cat at BUX; Dan, Eve at the match
    names = [rows.nth(i).locator(".who").inner_text() for i in range(rows.count())]
    assert names == [p["name"] for p in expected] and sorted(names) == sorted([*PLAYERS, "Dan", "Eve"])
    winner = expected[0]
    assert winner["wins"] == 1 and winner["name"] in PLAYERS
    expect(rows.nth(0)).to_have_class("leader")
    expect(rows.nth(0).locator(".wins")).to_have_text("1")
    expect(rows.nth(0)).to_contain_text(str(winner["final_chips_total"]))
    expect(page.locator("#standings thead")).to_contain_text("BUX")
    expect(page.locator("#standings thead")).to_contain_text("Blue/Red Match")
    page.click("text=Tables")
    expect(page.locator(".table-card")).to_have_count(2)
    page.goto(f"{away}/club/standings")
    if backend == "sqlite":
        (artifacts / "screens").mkdir(parents=True, exist_ok=True)
        save_small(page.screenshot(full_page=True), artifacts / "screens" / "club-standings-1280x800.png")
    assert not errors, errors


def test_a_wall_crawling_the_club_gets_no_secret_and_cannot_tell_twin_tables_apart(browser, tmp_path):
    """The threat-model crawl (tests/web/crawl.py) from the club index, as a wall across the room.

    Every game's table and its twin (differing only in hidden facts: a sealed
    bid, hands, a face-down lot) in two club stores; the wall opens /club by
    the machine's LAN address and follows everything it can reach (the index,
    its JSON and stream, the standings, each table's scoreboard, rules, ...).
    Nothing it gets holds a host link, the game token or a seat key, and the
    two clubs' answers are the same bytes once per-server noise is removed.
    """
    from tests.web.crawl import crawl
    from tests.web.tables import tokens
    from tests.web.test_threat_model import NOISE, _difference

    lan = lan_address()
    if lan.startswith("127."):
        pytest.skip("this machine has no LAN address to play a wall across the room from")
    seen = {}
    for twin in (False, True):
        db = tmp_path / f"club{'-twin' if twin else ''}.db"
        for game in GAMES:
            store_table(db, game, twin=twin)
        server = ServerThread(club_app(db, STREAM_SECONDS=20, TESTING=False), sock=listen_socket("0.0.0.0", 0), threads=6).start()
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        try:
            seen[twin] = crawl(context, f"http://{lan}:{server.port}", ["/club"], limit=40)
        finally:
            context.close()
            server.stop()
    one = seen[False]
    for path in ["/club", "/club/tables.json", "/club/stream", "/club/standings", *[f"/g/{game}" for game in GAMES]]:
        assert path in one.asked or path + "/" in one.asked, f"the crawl never asked for {path}: {sorted(set(one.asked))}"
    assert not [p for p in one.asked if "/host" in p or "/me/" in p or "export" in p]
    for game in GAMES:
        token, seats = tokens(tmp_path / "club.db", game)
        assert not one.where(token) and not [s for s in seats.values() if one.where(s)], game
    normal = []
    for crawled in (seen[False], seen[True]):
        texts = {}
        for path, text in crawled.texts.items():
            text = re.sub(r"http://%s:\d+" % re.escape(lan), "BASE", text)
            for pattern, repl in NOISE:
                text = pattern.sub(repl, text)
            texts[path] = text
        normal.append(texts)
    assert len(normal[0]) > 10
    difference = _difference(*normal)
    assert not difference, f"a wall can tell the twin clubs apart: {difference}"
