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


def test_a_video_file_s_frames_carry_the_time_they_were_filmed_at(tmp_path):
    """Read faster than real time (here the clock hardly moves), a 10 fps file's frames are still 0.1 s apart:
    the table reader's grace and hold periods span the table's seconds, so a file plays the same game on a
    fast machine as on a busy one (they carried the reading time, and a fast read left no time for a grace)."""
    import cv2

    path = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10.0, (64, 48))
    for shade in range(0, 250, 10):
        writer.write(np.full((48, 64, 3), shade, np.uint8))
    writer.release()
    ticks = iter(1000.0 + 0.001 * n for n in range(1000))
    source = CaptureSource(str(path), clock=lambda: next(ticks))
    times = []
    while (frame := source.read()) is not None:
        times.append(frame.time)
    assert len(times) == 25 and source.finished
    assert np.allclose(np.diff(times), 0.1) and 1000.0 <= times[0] < 1001.0
