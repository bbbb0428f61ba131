"""Write a video as YUV4MPEG2 (.y4m): what Chromium's fake camera plays (--use-file-for-fake-video-capture).

The format is a one-line header (size, frame rate, colour space), then for
each frame the word FRAME and its I420 planes (Y, then U and V at half size).
OpenCV reads the same file back (FFmpeg's yuv4mpegpipe), so `companion play`
and the browser see the very same frames.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

import cv2
import numpy as np


def write_y4m(path: Path, frames: Iterable[np.ndarray], fps: int) -> tuple[int, int, int]:
    """Write BGR frames (all one size, even width and height) to `path`; return (width, height, frames written)."""
    count, size = 0, None
    with open(path, "wb") as out:
        for frame in frames:
            height, width = frame.shape[:2]
            if size is None:
                size = (width, height)
                out.write(f"YUV4MPEG2 W{width} H{height} F{fps}:1 Ip A1:1 C420jpeg\n".encode("ascii"))
            out.write(b"FRAME\n")
            out.write(cv2.cvtColor(frame, cv2.COLOR_BGR2YUV_I420).tobytes())
            count += 1
    return (*(size or (0, 0)), count)


def video_frames(path: Path, *, lead: int = 0, tail: int = 0, slow: int = 1):
    """Yield a video's frames, each `slow` times (slow motion), the first repeated `lead` more times before it and the
    last `tail` more times after it."""
    capture = cv2.VideoCapture(str(path))
    last = None
    try:
        while True:
            ok, frame = capture.read()
            if not ok:
                break
            if last is None:
                for _ in range(lead):
                    yield frame
            last = frame
            for _ in range(slow):
                yield frame
    finally:
        capture.release()
    for _ in range(tail if last is not None else 0):
        yield last
