"""The threat model of docs/web.md ("Who holds which screen, and what it may learn"), one test per line.

Each game is served for real (uvicorn on loopback, a real SQLite file) with a
few moves made (tests/web/tables.py). Three holders crawl it in chromium
(tests/web/crawl.py): the tablet (the join link: the game token in a cookie),
the wall (no token) and Ann's phone (her seat link). A crawl loads every page
it can reach, records every request the pages make, GETs every API path their
scripts name with the page's own token, follows every same-origin link and
reads the event streams. Then:

- nobody gets a seat key (a private /me/ link) but their own, and only the tablet the game token;
- BUX: no code or value of a card in a spread or the draw deck, except the phone's own cards;
- grow, cats, match: twin tables differing only in hidden facts (a sealed bid; a
  hand, a penalty card and the face-down lot; a dealt hand) give each holder
  byte-identical answers once per-game noise (port, hashes, times) is removed;
- the host screen answers only this machine and shows one seat's code at a time.

Each crawl must also have reached a known list of endpoints, so a crawler that
stopped finding them fails instead of passing on nothing.
"""

from __future__ import annotations

import json
import re
from contextlib import ExitStack
from pathlib import Path

import pytest

from companion.games.bux.state import PLAYING_CARDS, VALUE, draw_deck
from companion.store.session import GameSession
from companion.store.backends import open_store
from companion.web import create_app
from companion.web.access import card_handle, game_key
from tests.chromium import ARGS, BROWSER_TEST, CHROMIUM
from tests.web.crawl import Seen, crawl
from tests.web.serving import serving
from tests.web.tables import GAMES, PHONE, PLAYERS, store_table, tokens

pytestmark = BROWSER_TEST

HOLDERS = ("tablet", "wall", "phone")
ME = "Ann"
"""The phone holder's seat."""
EXPECTED = {
    ("bux", "tablet"): ["/g/bux", "/g/bux/state.json", "/g/bux/api/options", "/g/bux/stream?state=1", "/g/bux/seal.json", "/g/bux/rules"],
    ("bux", "wall"): ["/g/bux", "/g/bux/state.json", "/g/bux/stream?state=1", "/g/bux/seal.json", "/g/bux/rules"],
    ("bux", "phone"): ["/g/bux/me/Ann?k={k}", "/g/bux/me/Ann.json?k={k}", "/g/bux/seal.json", "/g/bux/stream"],
    ("grow", "tablet"): ["/g/grow/grow/", "/g/grow/grow/state.json", "/g/grow/grow/api/options", "/g/grow/stream",
                         "/g/grow/seal.json", "/g/grow/rules"],
    ("grow", "wall"): ["/g/grow/grow/", "/g/grow/grow/state.json", "/g/grow/stream", "/g/grow/seal.json", "/g/grow/rules"],
    ("grow", "phone"): ["/g/grow/grow/me/Ann?k={k}", "/g/grow/grow/me/Ann.json?k={k}", "/g/grow/stream"],
    ("cats", "tablet"): ["/g/cats/cats/", "/g/cats/cats/state.json", "/g/cats/stream", "/g/cats/seal.json", "/g/cats/rules"],
    ("cats", "wall"): ["/g/cats/cats/", "/g/cats/cats/state.json", "/g/cats/stream", "/g/cats/seal.json", "/g/cats/rules"],
    ("cats", "phone"): ["/g/cats/cats/me/Ann?k={k}", "/g/cats/cats/me/Ann.json", "/g/cats/stream"],
    ("match", "tablet"): ["/g/match/match/", "/g/match/state.json", "/g/match/stream", "/g/match/seal.json", "/g/match/rules"],
    ("match", "wall"): ["/g/match/match/", "/g/match/state.json", "/g/match/stream", "/g/match/seal.json", "/g/match/rules"],
}
"""What each crawl must at least have asked for (pages, their JSON, the stream); {k} is Ann's seat key."""
PUBLIC = "http://table.local:8000"
"""The address the servers give other devices (PUBLIC_URL): the same for twins, so links naming it are alike."""
CASES = [(game, holder) for game in GAMES for holder in HOLDERS if (game, holder) in EXPECTED]
TWINNED = ("grow", "cats", "match")


class Tables:
    """Every game's table (and its twin) served on loopback for this module, crawled on first use."""

    def __init__(self, folder: Path, stack: ExitStack, browser):
        self.folder, self.stack, self.browser = folder, stack, browser
        self.bases: dict[tuple[str, bool], str] = {}
        self.dbs: dict[tuple[str, bool], Path] = {}
        self.crawls: dict[tuple[str, str, bool], Seen] = {}

    def base(self, game: str, twin: bool = False) -> str:
        if (game, twin) not in self.bases:
            db = self.folder / f"{game}{'-twin' if twin else ''}.db"
            store_table(db, game, twin=twin)
            # One public address for both twins, so links and QR codes that name it are alike in both.
            app = create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1, "PUBLIC_URL": PUBLIC})
            self.dbs[(game, twin)] = db
            self.bases[(game, twin)] = self.stack.enter_context(serving(app, threads=6))
        return self.bases[(game, twin)]

    def keys(self, game: str) -> tuple[str, dict[str, str]]:
        """The game token and the seat keys (the same in both twins: they share the game key)."""
        self.base(game)
        return tokens(self.dbs[(game, False)], game)

    def start(self, game: str, holder: str, seat: str = ME) -> str:
        token, seats = self.keys(game)
        return {"tablet": f"/g/{game}?t={token}", "wall": f"/g/{game}",
                "phone": PHONE.get(game, "").format(player=seat, k=seats[seat])}[holder]

    def seen(self, game: str, holder: str, twin: bool = False, seat: str = ME) -> Seen:
        key = (game, f"{holder}:{seat}", twin)
        if key not in self.crawls:
            base = self.base(game, twin)
            context = self.browser.new_context(viewport={"width": 1280, "height": 800})
            try:
                self.crawls[key] = crawl(context, base, [self.start(game, holder, seat)], public=PUBLIC)
            finally:
                context.close()
        return self.crawls[key]


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    from playwright.sync_api import sync_playwright

    with ExitStack() as stack:
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        stack.callback(browser.close)
        yield Tables(tmp_path_factory.mktemp("threat"), stack, browser)


@pytest.mark.parametrize("game, holder", CASES)
def test_the_crawl_reaches_each_screens_pages_json_and_stream(tables, game, holder):
    """The crawler is the instrument of every other test here: it must find what the screens really fetch."""
    seen = tables.seen(game, holder)
    k = tables.keys(game)[1][ME]
    missing = [p.format(k=k) for p in EXPECTED[(game, holder)] if p.format(k=k) not in seen.asked]
    assert not missing, f"the {holder} crawl of {game} never asked for {missing}; it asked for {sorted(set(seen.asked))}"
    broken = {path: status for path, status in seen.statuses.items() if status >= 500}
    assert not broken, broken
    assert any("event: change" in text or '"seq"' in text for path, text in seen.texts.items() if "/stream" in path), \
        "no event read from the stream"


@pytest.mark.parametrize("game, holder", CASES)
def test_no_holder_gets_a_seat_key_it_was_not_given(tables, game, holder):
    """Each seat's private link reaches that player only (through the host screen's code); the game token, only the tablet.

    Known to fail before the fixes are merged: the cats tablet's "players' phones"
    panel and the grow tablet's (GET /grow/api/phones) hand out every seat's link.
    """
    seen = tables.seen(game, holder)
    token, seats = tables.keys(game)
    own = ME if holder == "phone" else None
    leaks = {seat: seen.where(key) for seat, key in seats.items() if seat != own and seen.where(key)}
    assert not leaks, f"the {game} {holder} can read these seats' private keys (seat: where): {leaks}"
    opened = [p for p in seen.asked if re.search(r"/me/(?!%s\b)" % (own or "\0"), p)]
    assert not opened, f"the {game} {holder} reached another seat's private screen: {opened}"
    if holder != "tablet":
        assert not seen.where(token), f"the {game} {holder} can read the game token: {seen.where(token)}"
    assert not [p for p in seen.asked if "/host/" in p], "a screen links to the host screen"
    assert not [p for p in seen.asked if "export" in p], "a screen offers the game's export (it holds every hidden fact)"


def _json_values(text: str):
    """Yield every JSON document in an answer: the body itself, or each `data:` line of an event stream."""
    candidates = [text] + [line[len("data: "):] for line in text.splitlines() if line.startswith("data: ")]
    for candidate in candidates:
        try:
            yield json.loads(candidate)
        except ValueError:
            continue


def _cards_with_values(value, code_of_handle: dict[str, str]):
    """Yield the BUX card codes a JSON value names together with their back value (by code, face+value or handle+value)."""
    if isinstance(value, list):
        for item in value:
            yield from _cards_with_values(item, code_of_handle)
    elif isinstance(value, dict):
        if isinstance(value.get("code"), str) and value["code"] in PLAYING_CARDS:
            yield value["code"]
        if "value" in value:
            if "suit" in value and "shape" in value:
                yield f"{value['suit']}-{value['shape']}-{value['value']}"
            elif value.get("h") in code_of_handle:
                yield code_of_handle[value["h"]]
        for item in value.values():
            yield from _cards_with_values(item, code_of_handle)


CODE = re.compile(r"\b(?:heart|club|spade|diamond)-(?:x|oval|circle|square)-\d+\b")


@pytest.mark.parametrize("holder", HOLDERS)
def test_bux_shows_no_value_of_a_card_in_a_spread_or_the_draw_deck(tables, holder):
    """'the spread card values are hidden ... only faces are public'; the draw deck is face down.

    Values of sold cards (the discard pile) were shown to the table; a phone shows its own cards' values.
    Known to fail before the BUX fix is merged: the tablet's GET /api/options lists the draw deck by code and value.
    """
    seen = tables.seen("bux", holder)
    db = tables.dbs[("bux", False)]
    with open_store(db) as store:
        state = GameSession(store, "bux").state
        key = game_key(store, "bux")
    own = set(state.spreads[state.seat(ME)]) if holder == "phone" else set()
    hidden = (set(draw_deck(state)) | {c for spread in state.spreads for c in spread}) - own
    assert hidden & set(VALUE) and len(hidden) > 30, "the table should hide spreads and a draw deck"
    code_of_handle = {card_handle(key, code): code for code in PLAYING_CARDS}
    leaks: dict[str, set[str]] = {}
    for path, text in seen.texts.items():
        named = {c for c in CODE.findall(text) if c in hidden}
        for document in _json_values(text):
            named |= {c for c in _cards_with_values(document, code_of_handle) if c in hidden}
        if named:
            leaks[path] = named
    assert not leaks, f"the BUX {holder} can read hidden cards with their values: " + "; ".join(
        f"{path}: {len(codes)} cards, e.g. {sorted(codes)[:3]}" for path, codes in leaks.items())
    if holder == "phone":
        mine = {c for text in seen.texts.values() for d in _json_values(text) for c in _cards_with_values(d, code_of_handle)}
        assert own <= mine, "the phone should show its own cards with their values (the check would see them)"


NOISE = [
    (re.compile(r"http://127\.0\.0\.1:\d+"), "BASE"),
    (re.compile(r"[0-9a-f]{12,}"), "HEX"),  # seals (the chain hashes hidden payloads too), commitments, the dice seed's hash
    (re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)?"), "TIME"),  # event times, seals kept
    (re.compile(r'("time"\s*:\s*)[\d.]+'), r"\1TIME"),
]


def _normal(seen: Seen) -> dict[str, str]:
    out = {}
    for path, text in seen.texts.items():
        for pattern, repl in NOISE:
            text = pattern.sub(repl, text)
        out[path] = text
    return out


def _difference(a: dict[str, str], b: dict[str, str]) -> str:
    if a.keys() != b.keys():
        return f"different answers were reached: {sorted(a.keys() ^ b.keys())}"
    for path in a:
        if a[path] != b[path]:
            at = next(i for i, (x, y) in enumerate(zip(a[path] + "\0", b[path] + "\1")) if x != y)
            return f"{path} differs at {at}: {a[path][max(0, at - 80):at + 80]!r} vs {b[path][max(0, at - 80):at + 80]!r}"
    return ""


@pytest.mark.parametrize("game, holder", [(g, h) for g, h in CASES if g in TWINNED])
def test_hidden_facts_change_nothing_a_holder_can_get(tables, game, holder):
    """grow: 'each player secretly decides how much they would like to bid'; cats: hands are dealt face down,
    the lot lies face down and a penalty card is paid unseen; match: 'Don't show other players your cards!'.

    The twin table differs only there (Ben's sealed bid; Ben's hand, his penalty and the lot; Ben's dealt hand),
    so every answer a holder gets must be the same in both. Known to fail before the cats fix is merged for the
    cats tablet (its players' phones panel opens Ben's hand).
    """
    one, two = _normal(tables.seen(game, holder)), _normal(tables.seen(game, holder, twin=True))
    assert len(one) > 5
    difference = _difference(one, two)
    assert not difference, f"the {game} {holder} can tell the twins apart: {difference}"


def _hidden_facts(db: Path, game: str):
    """Return what a twin changes, read from the store (grow: the sealed bids opened; others: the game state)."""
    with open_store(db) as store:
        if game != "grow":
            return GameSession(store, game).state
        from companion.games.grow.screens.bids import SEALED, SECRET_PREFIX

        sealed = [e.data for e in store.events(game) if e.kind == SEALED]
        return {d["player"]: json.loads(store.get_secret(game, SECRET_PREFIX + d["commitment"]))["bid"] for d in sealed}


def test_the_twins_really_differ_and_the_comparison_can_tell(tables):
    """The instrument can fail: each pair of twins holds different hidden facts, and the one who may see
    them (Ben's own cats phone, his hand) is told the twins apart by the same comparison."""
    for game in TWINNED:
        tables.base(game), tables.base(game, twin=True)
        one, two = (_hidden_facts(tables.dbs[(game, twin)], game) for twin in (False, True))
        assert one != two, f"the {game} twins hold the same hidden facts"
    one = _normal(tables.seen("cats", "phone", seat="Ben"))
    two = _normal(tables.seen("cats", "phone", twin=True, seat="Ben"))
    difference = _difference(one, two)
    assert difference.startswith("/g/cats/cats/me/Ben") and "ccard" in difference, \
        f"Ben's own phone must show his own (different) hand: {difference!r}"


def test_host_screen_answers_only_this_machine_and_shows_one_seat_code_at_a_time(tables):
    """The host screen carries the join link and the seat codes: only the machine running the companion shows it,
    and a player scanning their own code cannot scan a neighbour's at the same time.

    Known to fail before the host-screen fix is merged: it shows every seat's QR code at once.
    """
    import cv2
    import numpy as np
    import zxingcpp

    base = tables.base("bux")
    client = create_app({"DB": str(tables.dbs[("bux", False)]), "TESTING": True}).test_client()
    assert client.get("/g/bux/host/", environ_base={"REMOTE_ADDR": "192.168.1.20"}).status_code == 403
    assert client.get("/g/bux/host/", headers={"Host": "evil.example"}).status_code == 403
    assert client.get("/g/bux/host/").status_code == 200
    context = tables.browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"{base}/g/bux/host/")
        page.wait_for_selector("main .qr svg")
        shot = page.screenshot(full_page=True)
    finally:
        context.close()
    image = cv2.imdecode(np.frombuffer(shot, np.uint8), cv2.IMREAD_GRAYSCALE)
    texts = {r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)}
    assert any("/g/bux?t=" in t for t in texts), f"the join code should be readable: {texts}"
    seats = sorted(t for t in texts if "/me/" in t)
    assert len(seats) <= 1, f"the host screen shows {len(seats)} seat codes at once: {seats}"


def test_a_seat_key_opens_its_own_seat_only(tables):
    """A phone link is no key to another seat: Ann's key on Ben's page (and on his JSON) is refused."""
    for game, phone in PHONE.items():
        _token, seats = tables.keys(game)
        client = create_app({"DB": str(tables.dbs[(game, False)]), "TESTING": True}).test_client()
        other = phone.format(player="Ben", k=seats[ME])
        assert client.get(other).status_code == 403, game
        data = other.replace("?k=", ".json?k=")
        assert client.get(data, headers={"X-Companion-Token": seats[ME]}).status_code == 403, game
    ann = tables.keys("match")[1]["Ann"]  # serves match's table first, whichever test ran before
    match = create_app({"DB": str(tables.dbs[("match", False)]), "TESTING": True}).test_client()
    assert match.get(f"/g/match/me/Ann?k={ann}").status_code == 404, "match has no private screen"
    assert sorted(PLAYERS) == sorted(tables.keys("match")[1])


def test_seals_cannot_be_recomputed_from_guesses(tmp_path):
    """Every screen shows the seal (the chain head's first 48 bits); it must not let a holder check a guess.

    The wall reads seal #1 of a BUX game and the faces of every spread. The test
    narrows the search to keep it short (the setup's time to ±25 ms, the order
    the faces were dealt in, the source): ~10^6 hashes. A real attacker also
    tries the order within each spread (216) and a minute of times: ~10^11
    hashes, minutes on one GPU. Any match names every spread value. It can
    only start the chain where chains started before each game got a random
    anchor (all zeros); the anchor itself is on no screen.
    """
    import datetime as dt
    import hashlib
    import itertools

    from companion.store.events import GENESIS_HASH, canonical_json
    from tests.web.tables import BUX_SETUP

    db = tmp_path / "seal.db"
    with open_store(db) as store:
        GameSession.start(store, BUX_SETUP, game_id="bux")
        stored = store.events("bux")[0]
    client = create_app({"DB": str(db), "TESTING": True}).test_client()
    seal = client.get("/g/bux/seal.json").get_json()["seal"]
    state = client.get("/g/bux/state.json")
    board = state.get_json()["board"]
    shared = [client.get(path).get_data(as_text=True) for path in ("/g/bux", "/g/bux/wall", "/g/bux/seal.json")] + [state.get_data(as_text=True)]
    assert stored.prev_hash != GENESIS_HASH and not any(stored.prev_hash in text for text in shared), "the chain's anchor must be random and shown nowhere"
    shown = {p["name"]: sorted((c["suit"], c["shape"]) for c in p["spread"]) for p in board["players"]}
    faces = {name: [tuple(code.split("-")[:2]) for code in codes] for name, codes in BUX_SETUP["spreads"].items()}
    assert {name: sorted(f) for name, f in faces.items()} == shown, "the attacker uses only faces the wall shows"
    start = dt.datetime.fromisoformat(stored.time)
    times = [(start + dt.timedelta(milliseconds=ms)).isoformat(timespec="milliseconds") for ms in range(-25, 26)]
    names = [name for name in BUX_SETUP["players"] for _face in faces[name]]
    flat = [face for name in BUX_SETUP["players"] for face in faces[name]]
    found = None
    for values in itertools.product((25, 50, 100), repeat=len(flat)):
        spreads: dict[str, list[str]] = {name: [] for name in BUX_SETUP["players"]}
        for name, (suit, shape), value in zip(names, flat, values):
            spreads[name].append(f"{suit}-{shape}-{value}")
        payload = canonical_json({**BUX_SETUP, "spreads": spreads})
        head, tail = canonical_json(["bux", 1, "@TIME@", "tablet", "move", payload, GENESIS_HASH]).split("@TIME@")
        for time in times:
            if hashlib.sha256(f"{head}{time}{tail}".encode()).hexdigest().startswith(seal):
                found = spreads
                break
        if found:
            break
    assert found is None, f"the wall's seal #1 names every spread value: {found}"


def test_entries_over_http_answer_the_twins_alike(tables, tmp_path):
    """A handful of the entry probes over real HTTP (the corpus runs on Flask's test client:
    tests/web/test_threat_model_entries.py): copies of the cats and grow twins, served by uvicorn, get the
    same answers, headers included, to what rebuilt Ben's hand from Ann's phone and to the tablet's probes."""
    import shutil
    import urllib.error
    import urllib.request

    def post(base: str, path: str, body: dict, token: str) -> tuple:
        request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json", "X-Companion-Token": token})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, headers, text = response.status, response.headers, response.read().decode()
        except urllib.error.HTTPError as error:
            status, headers, text = error.code, error.headers, error.read().decode()
        return status, text, headers.get("Content-Type"), headers.get("X-Companion-Seq")

    cats_token, cats_seats = tables.keys("cats")
    grow_token, grow_seats = tables.keys("grow")
    probes = [("cats", "/g/cats/cats/me/Ann/move", cats_seats[ME], {"type": kind, "cards": [label] * n})
              for kind, label, n in [("draw", "5000", 1), ("draw", "5000", 3), ("draw", "5000", 7), ("draw", "2000", 4),
                                     ("reveal", "golden", 2), ("reveal", "double", 2), ("deal", "random", 2)]]
    probes += [("cats", "/g/cats/cats/me/Ann/move", cats_seats[ME], {"type": "play", "card": "random", "turned": "5000"}),
               ("grow", "/g/grow/grow/api/bid", grow_token, {"player": "Ben", "bid": 14}),
               ("grow", "/g/grow/grow/api/move", grow_token, {"line": {"type": "draw", "cards": ["blue-02"]}}),
               ("grow", "/g/grow/grow/api/reveal", grow_seats[ME], {"player": ME, "k": grow_seats[ME]})]
    with ExitStack() as stack:
        bases = {}
        for game in ("cats", "grow"):
            for twin in (False, True):
                tables.base(game, twin)
                db = tmp_path / f"{game}-{twin}.db"
                shutil.copyfile(tables.dbs[(game, twin)], db)
                app = create_app({"DB": str(db), "PUBLIC_URL": PUBLIC})
                bases[(game, twin)] = stack.enter_context(serving(app, threads=2))
        for game, path, token, body in probes:
            one, two = (post(bases[(game, twin)], path, body, token) for twin in (False, True))
            assert one[0] < 500, (path, body, one)
            assert one == two, f"{path} {body}: the twins answer {one} and {two}"
