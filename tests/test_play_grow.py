"""`companion play` follows a Grow Your Assets game from a video: the camera proposes the round's row.

The video is a rendered table (printed card images, the game's stage directions)
with the round's three cards face up in the row; `companion play` reads it through
the live loop, the rules accept the Draw the camera proposes, and the state it
prints at the end is Grow's, with that row.
"""

from __future__ import annotations

import json
import socket

import cv2
import pytest

from companion.cards.payloads import save_print
from companion.cli import main
from companion.demo import card_arts, demo_print
from companion.games.grow.moves import Setup
from companion.games.grow.table.stage import props
from companion.store.backends import open_store
from companion.store.new_game import start_new_game
from companion.table.outputs import default_seats
from companion.table.layouts import layout_for
from companion.vision.synth import Camera, Nuisance, render_scene


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_play_follows_a_grow_table_from_a_video(tmp_path, capsys):
    players = ["Ann", "Ben", "Cat"]
    printed = demo_print("grow", 7)
    deck = tmp_path / "grow.deck.json"
    save_print(printed, deck)
    db = tmp_path / "companion.db"
    with open_store(db) as store:
        game_id = start_new_game(store, "grow", players, None).game_id
    layout = layout_for("grow")
    table = props(layout, default_seats(players), Setup(players=tuple(players)))
    row = ["green-03", "red-02", "gold-09"]
    table.row = {code: slot for slot, code in enumerate(row)}
    arts = card_arts(printed)
    image = render_scene(arts, table.placements(), Camera(width=1280, height=720, tilt=8.0, hfov=62.0),
                         Nuisance(texture="felt", seed=7), layout).image
    video = tmp_path / "table.mp4"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter.fourcc(*"mp4v"), 10.0, (1280, 720))
    for _ in range(40):
        writer.write(image)
    writer.release()
    assert main(["play", "--camera", str(video), "--deck", str(deck), "--db", str(db), "--game", game_id,
                 "--host", "127.0.0.1", "--port", str(_free_port())]) == 0
    state = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert state["row"] == row, state
