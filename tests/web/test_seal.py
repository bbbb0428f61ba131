"""The seal (head of the hash chain) on every screen, kept by each device, and in `companion games`."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from companion.store.backends import open_store
from tests.chromium import ARGS, CHROMIUM, skip_without_chromium
from tests.web.conftest import GAME_ID, LINES
from tests.web.serving import serving


def _head(db) -> tuple[int, str]:
    with open_store(db) as store:
        head = store.head(GAME_ID)
        return head.seq, head.hash


def test_seal_json_is_the_head_of_the_chain_and_follows_each_move(client, auth, db):
    body = client.get(f"/g/{GAME_ID}/seal.json").get_json()
    seq, digest = _head(db)
    assert (body["seq"], body["seal"], body["moves"], body["over"]) == (seq, digest[:12], 5, False)
    assert body["label"] == f"#{seq} {digest[:12]}"
    assert client.post(f"/g/{GAME_ID}/api/move", json={"line": LINES[6]}, headers=auth).status_code == 200
    after = client.get(f"/g/{GAME_ID}/seal.json").get_json()
    assert after["seq"] == _head(db)[0] and after["seal"] == _head(db)[1][:12] != body["seal"]
    assert client.get("/g/nope/seal.json").status_code == 404


def test_companion_games_shows_the_final_seal(tmp_path):
    db = tmp_path / "c.db"
    record = Path(__file__).resolve().parents[1] / "records" / "bux-3p-full.jsonl"
    run = [sys.executable, "-m", "companion"]
    subprocess.run([*run, "import", str(record), "--db", str(db), "--id", "done"], check=True, capture_output=True)
    shown = subprocess.run([*run, "games", "--db", str(db)], check=True, capture_output=True, text=True).stdout
    listed = json.loads(subprocess.run([*run, "games", "--db", str(db), "--json"], check=True, capture_output=True, text=True).stdout)
    with open_store(db) as store:
        head = store.head("done")
    assert f"final seal #{head.seq} {head.hash[:12]}" in shown
    assert listed[0]["seal"] == f"#{head.seq} {head.hash[:12]}"


@pytest.mark.browser
@skip_without_chromium
def test_every_screen_shows_the_seal_and_the_phone_keeps_the_ones_it_saw(app, db, token, ptoken, artifacts):
    shots = artifacts / "web"
    from playwright.sync_api import expect, sync_playwright

    app.config["SSE_SECONDS"] = 20
    app.config["SSE_POLL"] = 0.1
    with serving(app) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        wall = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
        wall.goto(f"{base}/g/{GAME_ID}")
        phone.goto(f"{base}/g/{GAME_ID}/me/Ann?k={ptoken('Ann')}")
        first = _head(db)
        for page in (wall, phone):
            expect(page.locator("#seal .seal-now")).to_have_text(f"Seal #{first[0]} {first[1][:12]}")
        request = urllib.request.Request(f"{base}/g/{GAME_ID}/api/move", data=json.dumps({"line": LINES[6]}).encode(),
                                         headers={"Content-Type": "application/json", "X-Companion-Token": token})
        urllib.request.urlopen(request, timeout=10).read()
        second = _head(db)
        for page in (wall, phone):
            expect(page.locator("#seal .seal-now")).to_have_text(f"Seal #{second[0]} {second[1][:12]}")
        kept = phone.evaluate("() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('companion-seals'))))")
        assert [item["seal"] for item in kept] == [first[1][:12], second[1][:12]]
        phone.locator("#seal summary").click()
        shots.mkdir(parents=True, exist_ok=True)
        phone.screenshot(path=str(shots / "seal-phone-390x844.png"), full_page=True)
        wall.screenshot(path=str(shots / "seal-wall-1024x768.png"), full_page=True)
        browser.close()


def test_the_move_that_ends_the_game_reveals_the_seed_so_the_final_seal_is_the_last(client, db, tmp_path, capsys):
    """The end screen shows 'Final seal' as soon as the last move is stored; the dice seed's reveal is
    stored by that same write (a read stores nothing), so the seal a player notes is the chain's last
    word: a later state.json leaves the head where it was, and the audit with that seal passes."""
    from companion.cli import main
    from companion.store.session import GameSession
    from companion.web.dice_service import DiceService

    with open_store(db) as store:
        session = GameSession(store, GAME_ID)
        DiceService(session).ensure_seed()  # serve commits the seed when it opens a game
        for line in LINES[6:]:
            session.submit(line, source="tablet")
    final = client.get(f"/g/{GAME_ID}/seal.json").get_json()
    assert final["over"] is True
    assert client.get(f"/g/{GAME_ID}/state.json").status_code == 200
    with open_store(db) as store:
        kinds = [e.kind for e in store.events(GAME_ID)]
        assert kinds[-2:] == ["move", "seed_reveal"] and store.head(GAME_ID).seq == final["seq"]
    argv = ["audit", GAME_ID, "--db", str(db), "--out", str(tmp_path / "r.html"), "--seal", final["label"]]
    assert main(argv) == 0, capsys.readouterr().out


def test_a_log_whose_seed_was_revealed_after_the_final_seal_still_passes_the_audit(client, db, tmp_path, capsys):
    """Before a read stopped writing, the seed was revealed when the next state.json was built, one event
    after the final seal the end screen showed. A player who noted that seal must not be told the game
    changed behind their back: the reveal changes no state and is checked against the commitment."""
    from companion.cli import main
    from companion.store.session import GameSession
    from companion.web.dice_service import DiceService

    with open_store(db) as store:
        session = GameSession(store, GAME_ID)
        DiceService(session).ensure_seed()
        for line in LINES[6:-1]:
            session.submit(line, source="tablet")
        # The last move as an older version stored it: alone, without the reveal.
        store.append_many(GAME_ID, [("move", json.loads(LINES[-1]) if isinstance(LINES[-1], str) else LINES[-1])],
                          "tablet", expected_seq=store.head(GAME_ID).seq)
    final = client.get(f"/g/{GAME_ID}/seal.json").get_json()
    assert final["over"] is True
    with open_store(db) as store:
        assert DiceService(GameSession(store, GAME_ID)).reveal() is not None  # the late reveal
        assert [e.kind for e in store.events(GAME_ID)][-1] == "seed_reveal" and store.head(GAME_ID).seq == final["seq"] + 1
    argv = ["audit", GAME_ID, "--db", str(db), "--out", str(tmp_path / "r.html"), "--seal", final["label"]]
    assert main(argv) == 0, capsys.readouterr().out
