"""No silent waits: a camera or stream that sends no picture is a sentence and exit 1, within a bounded time.

Before, `camera-check 0` with no camera printed only OpenCV's warnings for minutes
(a live source is retried for ever), and `play` said "Tracking." and nothing more. The
sources here are real: a camera index no machine has, a loopback port nobody listens on,
a loopback HTTP server that accepts and then says nothing, a loopback MJPEG stream that stalls.
"""

from __future__ import annotations

import socket
import threading
import time

import pytest

from companion.cards.decks import load_deck
from companion.cards.payloads import new_print, save_print
from companion.cli import main
from companion.vision.sources import CaptureSource, frames
from tests.vision.mjpeg import MjpegServer

NO_CAMERA = "97"
"""A camera index no machine here has (/dev/video97)."""


@pytest.fixture(scope="module")
def deck_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("deck") / "bux.deck.json"
    save_print(new_print(load_deck("bux"), "waits", secret=b"camera-waits-print"), path)
    return str(path)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class SilentServer:
    """A loopback TCP server that accepts every connection and never sends a byte (a hung phone app)."""

    def __init__(self):
        self._sock = socket.socket()
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(8)
        self._sock.settimeout(0.2)
        self.url = f"http://127.0.0.1:{self._sock.getsockname()[1]}/video"
        self.accepted: list[socket.socket] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)

    def _accept(self):
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except OSError:
                continue
            self.accepted.append(conn)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        for conn in self.accepted:
            conn.close()
        self._sock.close()


def _timed(argv):
    started = time.monotonic()
    status = main(argv)
    return status, time.monotonic() - started


def test_camera_check_without_a_camera_says_so_and_exits_1(deck_file, capsys):
    status, took = _timed(["camera-check", NO_CAMERA, "--deck", deck_file, "--wait", "2"])
    err = capsys.readouterr().err
    assert status == 1 and took < 10, (status, took)
    assert f"camera {NO_CAMERA} sends no picture (waited 2 s): is a camera plugged in" in err


def test_watch_a_refused_stream_url_says_so_and_exits_1(deck_file, capsys):
    url = f"http://127.0.0.1:{_free_port()}/video"
    status, took = _timed(["watch", url, "--deck", deck_file, "--wait", "2"])
    err = capsys.readouterr().err
    assert status == 1 and took < 10, (status, took)
    assert f"the stream {url} sends no picture" in err and "is the address right?" in err


def test_calibrate_a_stream_that_accepts_and_sends_nothing_says_so_and_exits_1(tmp_path, capsys):
    """The first open waits out the stream's own open timeout (5 s), which counts toward --wait."""
    with SilentServer() as server:
        status, took = _timed(["calibrate", "--camera", server.url, "--wait", "2", "--out", str(tmp_path / "lens.json")])
        assert server.accepted, "the source never connected"
    err = capsys.readouterr().err
    assert status == 1 and took < 10, (status, took)
    assert f"the stream {server.url} sends no picture" in err
    assert not (tmp_path / "lens.json").exists()


def test_the_default_wait_is_a_few_seconds(deck_file, capsys):
    status, took = _timed(["camera-check", NO_CAMERA, "--deck", deck_file])
    assert status == 1 and 7 < took < 15, took
    assert "sends no picture (waited 8 s)" in capsys.readouterr().err


def test_play_without_a_camera_says_so_before_serving_and_exits_1(deck_file, tmp_path, capsys):
    from companion.store.backends import open_store
    from companion.store.new_game import start_new_game

    db = tmp_path / "companion.db"
    with open_store(db) as store:
        game_id = start_new_game(store, "bux", ["Ann", "Ben", "Cat"], None).game_id
    port = _free_port()
    status, took = _timed(["play", "--camera", NO_CAMERA, "--deck", deck_file, "--db", str(db), "--game", game_id,
                           "--wait", "2", "--host", "127.0.0.1", "--port", str(port)])
    captured = capsys.readouterr()
    assert status == 1 and took < 10, (status, took)
    assert f"camera {NO_CAMERA} sends no picture" in captured.err and "Tracking." not in captured.out


def test_play_offers_no_players_option(capsys):
    """`play --help` offered --players and then refused it: a game to track is named with --game."""
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "--players" not in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--camera", "0", "--deck", "x.json", "--players", "Ann,Ben"])
    assert exit_.value.code == 2


def test_a_stream_that_stalls_mid_game_is_reported_and_retried():
    """The phone stops sending after 8 frames: the loop is told once that it stopped, then once that it is back."""
    said: list[str] = []
    with MjpegServer(stall_after=8) as server:
        source = CaptureSource(server.url, stall_s=1.0, backoff_s=0.2)
        got = 0
        started = time.monotonic()
        try:
            for _frame in frames(source, wait_s=5, say=said.append):
                got += 1
                if got >= 12 or time.monotonic() - started > 15:
                    break
        finally:
            source.close()
    assert got == 12
    assert said == [f"the stream {server.url} stopped sending pictures; retrying until it is back "
                    "(moves can be entered on the tablet meanwhile)",
                    f"the stream {server.url} sends pictures again"], said


def test_a_source_that_sent_frames_is_not_cut_off_by_the_first_picture_wait():
    """The wait is for the first picture only: a stall later is retried, never an error."""
    with MjpegServer(stall_after=3) as server:
        source = CaptureSource(server.url, stall_s=1.0, backoff_s=0.2)
        try:
            got = [f for _, f in zip(range(6), frames(source, wait_s=0.5))]
        finally:
            source.close()
    assert len(got) == 6


def test_play_with_pictures_serves_tracks_and_says_how_to_continue(deck_file, tmp_path, capsys):
    """A folder of photos is a source that sends pictures and then ends: play serves, tracks, and stops cleanly."""
    import json

    import cv2
    import numpy as np

    from companion.store.backends import open_store
    from companion.store.new_game import start_new_game

    db = tmp_path / "companion.db"
    with open_store(db) as store:
        game_id = start_new_game(store, "bux", ["Ann", "Ben", "Cat"], None).game_id
    photos = tmp_path / "photos"
    photos.mkdir()
    for i in range(3):
        cv2.imwrite(str(photos / f"{i}.png"), np.full((360, 640, 3), 90 + i, np.uint8))
    assert main(["play", "--camera", str(photos), "--deck", deck_file, "--db", str(db), "--game", game_id,
                 "--host", "127.0.0.1", "--port", str(_free_port())]) == 0
    captured = capsys.readouterr()
    assert "Tracking." in captured.out and json.loads(captured.out.strip().splitlines()[-1])["players"]
    assert f"To continue this game: companion play --game {game_id} --camera {photos}" in captured.err
