"""A phone camera's stream URL on loopback: frames arrive, and a stream that stalls is dropped and reopened."""

from __future__ import annotations

import time

import numpy as np

from companion.vision.sources import CaptureSource, open_source

from .mjpeg import MjpegServer


def _index(frame) -> int:
    """Return the frame number the test server encoded in the frame's grey level (top-left corner)."""
    return int(round((float(np.median(frame.image[:20, :20])) - 20) / 10))


def test_a_phone_stream_url_delivers_its_frames_in_order():
    with MjpegServer() as server:
        source = open_source(server.url)
        try:
            got = []
            deadline = time.monotonic() + 10
            while len(got) < 5 and time.monotonic() < deadline:
                frame = source.read()
                if frame is not None:
                    got.append(frame)
        finally:
            source.close()
    assert [_index(f) for f in got] == [0, 1, 2, 3, 4]
    assert got[0].image.shape == (240, 320, 3) and got[0].name == server.url


def test_a_stalled_stream_is_dropped_within_the_stall_limit_and_reopened():
    """The phone stops sending after 8 frames but keeps the socket open; the source must not hang there."""
    with MjpegServer(stall_after=8) as server:
        source = CaptureSource(server.url, stall_s=1.0, backoff_s=0.2)
        try:
            indexes, waits = [], []
            deadline = time.monotonic() + 15
            while len(indexes) < 12 and time.monotonic() < deadline:
                started = time.monotonic()
                frame = source.read()
                waits.append(time.monotonic() - started)
                if frame is None:
                    time.sleep(0.02)
                    continue
                indexes.append(_index(frame))
        finally:
            source.close()
    assert indexes[:8] == list(range(8)), indexes
    # After the stall the second connection starts again at frame 0.
    assert indexes[8:] == [0, 1, 2, 3], indexes
    assert source.reopens >= 1 and server.connections >= 2
    assert max(waits) < 3.0, f"a read blocked {max(waits):.1f} s on a stalled stream"


def test_a_stream_that_is_not_there_yet_is_retried_without_raising():
    """The companion starts before the phone's camera app: reads return None until it answers."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    source = CaptureSource(f"http://127.0.0.1:{port}/video", backoff_s=0.1, stall_s=1.0)
    try:
        assert source.read() is None and not source.finished
        assert source.status.startswith(("unavailable", "dropped"))
    finally:
        source.close()
