"""`companion play` follows a blue/red match from a video: the camera reads a round laid out at the seats.

The video is a rendered table (printed card images, the match's stage directions)
showing round 1 as the players lay it out at its end, recorded by its result
alone: each player's two stacks fanned one match per row and their hand face up
along their edge. `companion play` reads it through the live loop, the rules
accept the Score line the camera proposes, and the state it prints at the end is
round 2, with round 1 scored as the layout says.
"""

from __future__ import annotations

import json
import socket

import cv2
import pytest

from companion.cards.payloads import save_print
from companion.cli import main
from companion.demo import card_arts, demo_print
from companion.games.match.moves import Score, Setup
from companion.games.match.scoring import score_layouts
from companion.games.match.selfplay import random_game
from companion.games.match.table.stage import _laid_out, props
from companion.store.backends import open_store
from companion.store.new_game import start_new_game
from companion.table.layouts import layout_for
from companion.table.outputs import default_seats
from companion.vision.synth import Camera, Nuisance, render_scene


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_play_reads_a_match_round_laid_out_at_the_seats_from_a_video(tmp_path, capsys):
    players = ["Ann", "Ben"]
    score = next(m for m in random_game(4, 2, advanced=False) if isinstance(m, Score))
    printed = demo_print("match", 7)
    deck = tmp_path / "match.deck.json"
    save_print(printed, deck)
    db = tmp_path / "companion.db"
    with open_store(db) as store:
        game_id = start_new_game(store, "match", players, None).game_id
    layout = layout_for("match")
    table = props(layout, default_seats(players), Setup(players=tuple(players), dealer="Ben"))
    _laid_out(score)(table)
    image = render_scene(card_arts(printed), table.placements(), Camera(width=1280, height=720, tilt=8.0, hfov=62.0),
                         Nuisance(texture="felt", seed=7), layout).image
    video = tmp_path / "table.mp4"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter.fourcc(*"mp4v"), 10.0, (1280, 720))
    for _ in range(40):
        writer.write(image)
    writer.release()
    assert main(["play", "--camera", str(video), "--deck", str(deck), "--db", str(db), "--game", game_id,
                 "--host", "127.0.0.1", "--port", str(_free_port())]) == 0
    state = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert state["round"] == 2, state
    want = score_layouts(score.players, advanced=False)
    assert {p: state["players"][p]["scores"] for p in players} == {p: [want[p].score] for p in players}
