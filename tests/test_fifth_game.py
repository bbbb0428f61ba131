"""The proof that a game is one package plus one deck file: High Card, kept in tests/high_card/ only.

It is registered as the four bundled games are found (its module named in
COMPANION_GAMES), then replayed, served (its table page, one entry, a phone
page), printed and scored by the companion's own commands, in separate
processes and over real HTTP. No file of the companion names it.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "COMPANION_GAMES": "tests.high_card", "PYTHONPATH": str(ROOT)}
RECORD = [
    {"type": "setup", "game": "high", "players": ["Ann", "Ben"],
     "hands": {"Ann": ["high-03", "high-11", "high-07"], "Ben": ["high-09", "high-02", "high-12"]}},
    {"type": "play", "player": "Ann", "card": "high-03"},
    {"type": "play", "player": "Ben", "card": "high-09"},  # Ben takes it and leads
    {"type": "play", "player": "Ben", "card": "high-02"},
    {"type": "play", "player": "Ann", "card": "high-11"},  # Ann takes it and leads
    {"type": "play", "player": "Ann", "card": "high-07"},
    {"type": "play", "player": "Ben", "card": "high-12"},  # Ben: 2 points to 1
]


def companion(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run([sys.executable, "-m", "companion", *args], env=ENV, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert not check or result.returncode == 0, result.stderr
    return result


@pytest.fixture
def high(monkeypatch):
    monkeypatch.setenv("COMPANION_GAMES", "tests.high_card")
    from companion.games import find_game

    return find_game("high")


def test_the_companion_names_no_fifth_game():
    for path in (ROOT / "companion").rglob("*"):
        if path.is_file() and path.suffix in (".py", ".html", ".js", ".css", ".cfg", ".json"):
            text = path.read_text(encoding="utf-8", errors="replace")
            assert "high_card" not in text and "High Card" not in text, path


def test_the_record_replays_in_a_separate_process(tmp_path):
    record = tmp_path / "high.jsonl"
    record.write_text("".join(json.dumps(line) + "\n" for line in RECORD))
    summary = json.loads(companion("replay", str(record), "--json").stdout)
    board = summary.get("state", summary)
    assert board["over"] is True and board["winners"] == ["Ben"]
    assert [p["points"] for p in board["players"]] == [1, 2]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(line) + "\n" for line in RECORD[:2] + [{"type": "play", "player": "Ann", "card": "high-11"}]))
    refused = companion("replay", str(bad), check=False)
    assert refused.returncode != 0 and "Ben's turn" in refused.stderr and "Traceback" not in refused.stderr


def test_scored_by_the_score_command(tmp_path):
    tricks = tmp_path / "tricks.json"
    tricks.write_text(json.dumps({"tricks": [{"Ann": "high-03", "Ben": "high-09"}, {"Ann": "high-11", "Ben": "high-02"},
                                             {"Ann": "high-07", "Ben": "high-12"}]}))
    assert json.loads(companion("score", "high", str(tricks), "--json").stdout) == {"Ann": {"total": 1}, "Ben": {"total": 2}}


def test_printed_from_its_deck_file_and_every_card_decodes(tmp_path):
    import zxingcpp

    from companion.printing.render import rasterise_pdf

    out = tmp_path / "high.pdf"
    companion("cards", "print", "--game", "high", "--out", str(out), "--quiet")
    printed = json.loads((tmp_path / "high.deck.json").read_text())
    pages = rasterise_pdf(out.read_bytes(), 150)
    formats = (zxingcpp.BarcodeFormat.QRCode, zxingcpp.BarcodeFormat.MicroQRCode)
    texts = {r.text for page in pages for r in zxingcpp.read_barcodes(page[..., 1], formats=formats)}
    assert printed["game"] == "high"
    assert len(texts) >= 12, f"one mark per card at least: {len(texts)} decoded"


def test_served_table_page_entry_and_phone_over_http(high, tmp_path):
    import urllib.error
    import urllib.request

    from companion.store.session import GameSession
    from companion.store.sqlite import EventStore
    from companion.web import create_app
    from companion.web.access import game_key, game_token, player_token
    from tests.web.serving import serving

    db = tmp_path / "high.db"
    setup = high.new_setup(["Ann", "Ben", "Cat"], "Ben", random.Random(3)).setup
    with EventStore(db) as store:
        GameSession.start(store, setup, game_id="h1")
        token, key = game_token(game_key(store, "h1")), game_key(store, "h1")
    hands = setup["hands"]
    def get(url):
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.read().decode()

    with serving(create_app({"DB": str(db), "TESTING": True})) as base:
        shared = get(f"{base}/g/h1")
        assert "Ben: 0 points, 3 cards in hand" in shared and "Ben to play" in shared
        assert not any(f">{int(c[-2:])}<" in shared for c in hands["Ben"]), "no hand value on the shared page"

        def post(card, with_token=True):
            headers = {"Content-Type": "application/json", **({"X-Companion-Token": token} if with_token else {})}
            request = urllib.request.Request(f"{base}/g/h1/high/api/play", data=json.dumps({"card": card}).encode(), headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    return response.status, json.loads(response.read())
            except urllib.error.HTTPError as error:
                with error:
                    return error.code, json.loads(error.read())

        assert post(hands["Ben"][0], with_token=False)[0] == 403
        status, body = post(hands["Ann"][0])
        assert status == 422 and "Ben" in body["error"]["message"]
        status, body = post(hands["Ben"][0])
        assert status == 200 and body["ok"]
        after = get(f"{base}/g/h1/high/")
        assert "Ben: 0 points, 2 cards in hand" in after and "Cat to play" in after
        phone = get(f"{base}/g/h1/high/me/Cat?k={player_token(key, 'Cat')}")
        assert all(f"<li>{int(c[-2:])}</li>" in phone for c in hands["Cat"])
        with pytest.raises(urllib.error.HTTPError) as refused:
            get(f"{base}/g/h1/high/me/Cat?k={player_token(key, 'Ann')}")
        assert refused.value.code == 403
        refused.value.close()
