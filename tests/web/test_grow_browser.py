"""Real browser: a whole two-player Grow Your Assets game played from the tablet page, bids sealed on two phones.

Debian's chromium, three browser contexts: the tablet (game token) and Ann's
and Ben's phones (their private links). Dice come from the companion's seed,
so each run plays differently; the driver reads what the game waits for and
does it through the pages only. Screenshots go to $COMPANION_ARTIFACTS/grow/.
"""

from __future__ import annotations

import json
import random
import time
import urllib.request

import pytest

from companion.cards.decks import load_deck
from companion.games.grow.state import draw_pile
from companion.web import create_app
from tests.chromium import ARGS, BROWSER_TEST, CHROMIUM
from tests.web.serving import serving
from tests.web.test_grow import REMOVED_2P, start_grow, state_of, tokens_of


pytestmark = BROWSER_TEST


@pytest.fixture
def served(tmp_path):
    db = tmp_path / "grow.db"
    start_grow(db, players=["Ann", "Ben"])
    app = create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.05})
    with serving(app) as base:
        yield base, db


def board_of(base: str) -> dict:
    with urllib.request.urlopen(f"{base}/g/gr/grow/state.json", timeout=10) as response:
        return json.load(response)


def settle(page, base: str) -> dict:
    """Wait until the tablet's entry buttons belong to the latest state; return that state."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        body = board_of(base)
        if page.locator(f"#entry-body[data-seq='{body['seq']}']").count():
            return body
        page.wait_for_timeout(40)
    raise AssertionError(f"the tablet never showed state {body['seq']} ({body['board']['status']})")


def test_a_whole_game_from_the_tablet_with_bids_from_two_phones(served, artifacts):
    folder = artifacts / "grow"
    from playwright.sync_api import expect, sync_playwright

    base, db = served
    token, phones = tokens_of(db)
    rng = random.Random(8)
    folder.mkdir(parents=True, exist_ok=True)
    shots: set[str] = set()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        tablet = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
        phone = {name: browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page() for name in phones}
        errors: list[str] = []
        for page in (tablet, *phone.values()):
            page.on("pageerror", lambda exc: errors.append(str(exc)))
        tablet.goto(f"{base}/g/gr?t={token}")
        expect(tablet.locator("#entry")).to_be_visible()
        for name, page in phone.items():
            page.goto(f"{base}/g/gr/grow/me/{name}?k={phones[name]}")
            expect(page.locator("h1")).to_have_text(name)

        def shot(name: str, page=tablet, full=True):
            if name not in shots:
                shots.add(name)
                page.screenshot(path=str(folder / f"{name}.png"), full_page=full)

        steps = 0
        log: list = []
        tablet_bid_done = tie_done = labels_checked = False
        try:
            while True:
                steps += 1
                assert steps < 400, "the game did not end"
                body = settle(tablet, base)
                board = body["board"]
                if board["over"]:
                    break
                phase = board["phase"]
                log.append((body["seq"], phase, board["status"]))
                entry = tablet.locator("#entry-body")
                if phase == "draw":
                    # The table turned these over: two cards from the real draw pile (never a removed one).
                    cards = rng.sample(sorted(draw_pile(state_of(db))), 2)
                    if not labels_checked:
                        # A card's warning icons are drawn; its accessible name says how many of each kind.
                        deck = {c.code: c for c in load_deck("grow").cards}
                        for code, said in ((next(c for c in sorted(draw_pile(state_of(db))) if deck[c].get("warnings") == 2), "warnings: 2"),
                                           (next(c for c in sorted(draw_pile(state_of(db))) if deck[c].get("red_warnings")), "red warnings: 1")):
                            assert said in (entry.locator(f".picker button.gcard[data-code='{code}']").get_attribute("aria-label") or "")
                        labels_checked = True
                    for code in cards:
                        if not entry.locator(f".picker button.gcard[data-code='{code}']").count():
                            tablet.screenshot(path=str(folder / "debug.png"), full_page=True)
                            raise AssertionError((code, cards, log, tablet.locator("#entry-body").get_attribute("data-seq")))
                        entry.locator(f".picker button.gcard[data-code='{code}']").click()
                    entry.locator("button.go", has_text="Enter these cards").click()
                elif phase == "bid":
                    worth = {p["name"]: p["tokens"]["worth"] for p in board["players"]}
                    amounts = {n: rng.randint(0, min(worth[n], 3)) for n in worth}
                    if not tie_done and board["round"] >= 2 and not board["bids"]["rebid"] and min(worth.values()) >= 1:
                        amounts = {n: 1 for n in worth}  # a tie for the highest bid: everyone rebids
                        tie_done = True
                    elif board["bids"]["rebid"] and min(worth.values()) >= 1:
                        amounts = {n: 1 for n in worth}  # tied again: the dice decide
                    for index, name in enumerate(board["bids"]["waiting"]):
                        if not tablet_bid_done and name == "Ann":
                            # The tablet handed to Ann with the amount masked.
                            entry.locator("button", has_text="Ann").click()
                            expect(tablet.locator("#bid-cover")).to_be_visible()
                            tablet.locator("#bid-me").click()
                            tablet.fill("#bid-amount", str(amounts[name]))
                            shot("tablet-bid-cover", full=False)
                            tablet.locator("#bid-seal").click()
                            expect(tablet.locator("#bid-done")).to_be_visible()
                            assert tablet.input_value("#bid-amount") == ""
                            tablet.locator("#bid-ok").click()
                            tablet_bid_done = True
                            continue
                        page = phone[name]
                        expect(page.locator("#bid-form")).to_be_visible()
                        page.fill("#bid-amount", str(amounts[name]))
                        seq = board_of(base)["seq"]
                        page.locator("#bid-seal").click()
                        deadline = time.monotonic() + 10
                        while board_of(base)["seq"] == seq:  # the sealed_bid event (and maybe the reveal) is stored
                            assert time.monotonic() < deadline, f"{name}'s bid was not stored"
                            page.wait_for_timeout(30)
                        other = phone["Ben" if name == "Ann" else "Ann"]
                        if index == 0 and len(board["bids"]["waiting"]) == 2:
                            # One bid is in: every screen knows who, none knows how much.
                            expect(tablet.locator(".gplayer", has_text=name).locator(".badge.sealed")).to_be_visible()
                            expect(other.locator(".score-row", has_text=name).locator(".badge.sealed")).to_be_visible()
                            shot("tablet-one-bid-sealed")
                            shot("phone-other-sees-sealed", other)
                            shot("phone-bid-sealed", page)
                elif phase in ("roll", "tiebreak"):
                    if phase == "tiebreak":
                        shot("tablet-tiebreak")
                    entry.locator("button.huge").click()
                    if phase == "roll":
                        expect(tablet.locator("#roll-text")).not_to_be_empty()
                        shot("tablet-roll")
                elif phase == "pick":
                    first = entry.locator(".picker button.gcard").first
                    first.click()
                    targets = entry.locator(".row button.go")
                    if targets.count():
                        targets.nth(rng.randrange(targets.count())).click()
                        shot("tablet-pick-stack")
                elif phase == "act":
                    shot("tablet-action")
                    entry.locator("button.go").first.click()
                else:
                    raise AssertionError(f"unexpected phase {phase!r}")
                deadline = time.monotonic() + 10
                while board_of(base)["seq"] == body["seq"]:  # the tap's request has been stored
                    assert time.monotonic() < deadline, "the step was not stored"
                    tablet.wait_for_timeout(30)
        except Exception as exc:
            tablet.screenshot(path=str(folder / "debug.png"), full_page=True)
            raise AssertionError(f"failed after {log[-6:]}") from exc
        final = board_of(base)["board"]
        expect(tablet.locator("#status")).to_contain_text("Game over")
        shot("tablet-game-over")
        phone["Ann"].reload()
        expect(phone["Ann"].locator("#status")).to_contain_text("Game over")
        shot("phone-game-over", phone["Ann"])
        assert errors == []
        assert tie_done and tablet_bid_done
        assert final["deck_size"] < 2 and final["winners"]
        browser.close()
    state = state_of(db)
    assert state.rounds == 20, "40 cards, two per round"
    assert not set(REMOVED_2P) & (set(state.discard) | {c for h in state.holdings for c in h.cards()})
    from companion.store.backends import open_store
    from companion.games.grow.screens.bids import audit_bids

    with open_store(db) as store:
        events = store.events("gr")
    assert audit_bids(events) == []
    assert sum(e.kind == "sealed_bid" for e in events) >= 40


def test_the_undo_control_says_why_a_reveal_cannot_be_undone(tmp_path):
    """Issue 29: after the reveal the undo button is disabled and a sentence under it says why; after a pick it works again."""
    from playwright.sync_api import expect, sync_playwright

    db = tmp_path / "grow.db"
    start_grow(db, players=["Ann", "Ben"], moves=[{"type": "draw", "cards": ["green-02", "red-02"]}])
    token, phones = tokens_of(db)
    app = create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.05})
    with serving(app) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            tablet = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
            errors: list[str] = []
            tablet.on("pageerror", lambda exc: errors.append(str(exc)))
            tablet.goto(f"{base}/g/gr?t={token}")
            expect(tablet.locator("#undo-go")).to_be_enabled()
            expect(tablet.locator("#undo-go-final")).to_be_hidden()
            for name, amount in (("Ann", 2), ("Ben", 1)):
                body = json.dumps({"player": name, "bid": amount, "k": phones[name]}).encode()
                request = urllib.request.Request(f"{base}/g/gr/grow/api/bid", data=body, method="POST",
                                                 headers={"Content-Type": "application/json",
                                                          "X-Companion-Token": phones[name]})
                with urllib.request.urlopen(request, timeout=10) as answer:
                    assert answer.status == 200
            note = tablet.locator("#undo-go-final")
            expect(note).to_be_visible(timeout=10_000)
            expect(note).to_contain_text("cannot be undone")
            expect(tablet.locator("#undo-go")).to_be_disabled()
            assert board_of(base)["board"]["undo_final"] == note.inner_text()
            body = json.dumps({"line": {"type": "pick", "player": "Ann", "card": "green-02"}}).encode()
            request = urllib.request.Request(f"{base}/g/gr/grow/api/move", data=body, method="POST",
                                             headers={"Content-Type": "application/json", "X-Companion-Token": token})
            with urllib.request.urlopen(request, timeout=10) as answer:
                assert answer.status == 200
            expect(tablet.locator("#undo-go")).to_be_enabled(timeout=10_000)
            expect(note).to_be_hidden()
            assert errors == []
        finally:
            browser.close()
