"""`companion play` follows a cat auction from a video: the camera proposes the bid laid on the stake.

The video is a rendered table (printed card images, the game's stage directions):
the lot face down on its spot and the first player's bid face up on the stake;
`companion play` reads it through the live loop, the rules accept the Bid the
camera proposes, and the state it prints at the end has that bid on the stake.
The hands, dealt in secret, and the lot were entered as a real table enters
them (the phones and the tablet).
"""

from __future__ import annotations

import json
import socket

import cv2
import pytest

from companion.cards.payloads import save_print
from companion.cli import main
from companion.demo import card_arts, demo_print
from companion.games.cats.moves import Setup
from companion.games.cats.table.stage import props
from companion.store.backends import open_store
from companion.store.new_game import start_new_game
from companion.table.layouts import layout_for
from companion.table.outputs import default_seats
from companion.vision.synth import Camera, Nuisance, render_scene

HANDS = {
    "Ann": ["bank-1-01", "bank-1000-01", "bank-1000-02", "bank-2000-01", "bank-5000-01", "bank-1-02", "bank-1000-03",
            "cat-zero-1"],
    "Ben": ["bank-1-03", "bank-1000-04", "bank-1000-05", "bank-2000-02", "bank-5000-02", "bank-1-04", "bank-1000-06",
            "cat-random-1"],
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_play_follows_a_cat_auction_bid_from_a_video(tmp_path, capsys):
    players = ["Ann", "Ben"]
    printed = demo_print("cats", 7)
    deck = tmp_path / "cats.deck.json"
    save_print(printed, deck)
    db = tmp_path / "companion.db"
    with open_store(db) as store:
        session = start_new_game(store, "cats", players, "Ann")
        game_id = session.game_id
        for player, cards in HANDS.items():
            session.submit({"type": "deal", "player": player, "cards": cards}, source="phone")
        session.submit({"type": "lot"}, source="tablet")
    capsys.readouterr()
    table = props(layout_for("cats"), default_seats(players), Setup(players=tuple(players), first="Ann", hands={}))
    table.lot = ["cat-golden-1"]  # face down: only its back shows
    bid = ["bank-1000-02", "bank-1-01"]
    table.stake = list(bid)
    image = render_scene(card_arts(printed), table.placements(), Camera(width=1280, height=720, tilt=8.0, hfov=62.0),
                         Nuisance(texture="felt", seed=7), layout_for("cats")).image
    video = tmp_path / "table.mp4"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter.fourcc(*"mp4v"), 10.0, (1280, 720))
    for _ in range(50):
        writer.write(image)
    writer.release()
    assert main(["play", "--camera", str(video), "--deck", str(deck), "--db", str(db), "--game", game_id,
                 "--host", "127.0.0.1", "--port", str(_free_port())]) == 0
    state = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert state["middle"] == bid and state["stake"] == 1001 and state["turn"] == "Ben", state
    assert "cat-golden-1" not in json.dumps(state)
