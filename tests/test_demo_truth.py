"""End-to-end truth test: a whole BUX game on video, through the live camera pipeline.

For each seed a random legal game is acted out with printed card images on a
rendered table (cards turned over, carried, sold; hands; lamp colour; noise;
JPEG) and every frame goes through vision -> fusion -> interpreter -> rules ->
event store. The bot types only what players type at a real table (prices,
keep, broke, a tap to confirm a sale). The video-fed game must end exactly where
replaying the source record ends, with no move wrong and none missed silently.
"""

from __future__ import annotations

import json
import subprocess
import sys

import cv2
import pytest

from companion.demo import DemoOptions, run_demo


CASES = [(1, 5), (2, 3), (3, 4), (4, 5), (7, 3)]


@pytest.mark.slow
@pytest.mark.parametrize("seed, players", CASES, ids=[f"seed{s}" for s, _ in CASES])
def test_video_fed_game_ends_where_the_record_does(seed, players, tmp_path, artifacts):
    shots = artifacts / "demo"
    result = run_demo(seed, tmp_path, DemoOptions(players=players, video=False), game="bux")
    shots.mkdir(parents=True, exist_ok=True)
    (shots / f"summary-seed{seed}.json").write_text(json.dumps(result.to_json(), indent=2))
    assert result.pipeline_state == result.source_state
    assert result.wrong == 0, "a move the camera got wrong"
    assert result.missed == 0, "a move the camera neither produced nor raised"
    assert result.right + result.raised == result.moves
    assert result.right >= 0.9 * result.moves, f"the camera produced only {result.right} of {result.moves} moves"


@pytest.mark.slow
def test_demo_command_writes_record_video_and_state(tmp_path):
    """`companion demo --headless --seed N --out DIR`, as the README runs it."""
    out = tmp_path / "demo"
    done = subprocess.run([sys.executable, "-m", "companion", "demo", "--game", "bux", "--headless", "--seed", "5", "--moves", "8",
                           "--out", str(out)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    replayed = subprocess.run([sys.executable, "-m", "companion", "replay", str(out / "record.jsonl"), "--json"],
                              capture_output=True, text=True, check=True)
    assert json.loads((out / "state.json").read_text()) == json.loads(replayed.stdout)
    video = cv2.VideoCapture(str(out / "video.mp4"))
    frames = int(video.get(cv2.CAP_PROP_FRAME_COUNT))
    ok, first = video.read()
    video.release()
    assert ok and first.shape[:2] == (1080, 1920)
    summary = json.loads((out / "summary.json").read_text())
    assert frames == summary["frames"] > 100 and summary["moves"] == 8


def test_headless_demo_needs_an_output_folder(capsys):
    from companion.cli import main

    assert main(["demo", "--headless"]) == 1
    assert "--out" in capsys.readouterr().err


def test_demo_says_which_games_it_can_film(tmp_path, capsys, monkeypatch):
    """A game with no stage directions (the test suite's High Card) is refused with a sentence naming the games
    that have them; nothing is written."""
    from companion.cli import main

    monkeypatch.setenv("COMPANION_GAMES", "tests.high_card")
    code = main(["demo", "--game", "high", "--headless", "--out", str(tmp_path / "out")])
    said = capsys.readouterr().err
    assert code != 0
    assert "no self-playing demo of 'high'" in said and "bux" in said and "cats" in said and "Traceback" not in said
    assert not (tmp_path / "out").exists()
