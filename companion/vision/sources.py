"""Frame sources: one protocol for cameras, streams, video files, image folders, photos and synthetic scenes.

`read()` returns the next Frame or None (no frame now, or the source is
finished: see `finished`); `close()` releases it. A camera or stream that
drops is reopened with exponential backoff without raising, so the rest of the
companion keeps running while it is away. Opening a path that does not exist
or is not an image raises CompanionError with a clear message.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Protocol, Sequence

import cv2
import numpy as np

from companion.errors import CompanionError

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".bmp", ".tif", ".tiff")


@dataclass(frozen=True)
class Frame:
    """One image from a source, with the time it was taken (seconds) and where it came from."""

    image: np.ndarray = field(repr=False)
    time: float
    name: str = ""
    index: int = 0


class FrameSource(Protocol):
    """Anything that yields frames: read() -> Frame | None, close(), finished."""

    finished: bool

    def read(self) -> Frame | None:
        ...

    def close(self) -> None:
        ...


def read_image(path: str | Path) -> np.ndarray:
    """Return a BGR image read from a file (any format OpenCV decodes, WebP included).

    Raises:
        CompanionError: if the file cannot be read or is not a decodable image.
    """
    p = Path(path)
    try:
        data = np.fromfile(str(p), dtype=np.uint8)
    except (OSError, ValueError) as exc:
        raise CompanionError(f"cannot read image {str(p)!r}: {getattr(exc, 'strerror', None) or exc}") from None
    image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if image is None or image.size == 0:
        raise CompanionError(f"{str(p)!r} is not an image OpenCV can decode")
    return image


def decode_image_bytes(data: bytes, name: str = "upload") -> np.ndarray:
    """Return a BGR image decoded from bytes (a photo uploaded from the tablet).

    Raises:
        CompanionError: if the bytes are not a decodable image.
    """
    arr = np.frombuffer(data, dtype=np.uint8)
    image = cv2.imdecode(arr, cv2.IMREAD_COLOR) if arr.size else None
    if image is None or image.size == 0:
        raise CompanionError(f"{name!r} is not an image OpenCV can decode")
    return image


class PhotoSource:
    """Single photos (files), one frame each, then finished."""

    def __init__(self, paths: Sequence[str | Path], clock: Callable[[], float] = time.monotonic):
        self._paths = list(paths)
        self._i = 0
        self._clock = clock
        self.finished = not self._paths

    def read(self) -> Frame | None:
        """Return the next photo as a Frame. Raises CompanionError for an unreadable file."""
        if self._i >= len(self._paths):
            self.finished = True
            return None
        path = self._paths[self._i]
        self._i += 1
        self.finished = self._i >= len(self._paths)
        return Frame(image=read_image(path), time=self._clock(), name=str(path), index=self._i - 1)

    def close(self) -> None:
        self.finished = True


class FolderSource(PhotoSource):
    """Every image in a folder, in name order.

    Raises:
        CompanionError: if the folder does not exist or holds no images.
    """

    def __init__(self, folder: str | Path, clock: Callable[[], float] = time.monotonic):
        d = Path(folder)
        if not d.is_dir():
            raise CompanionError(f"{str(d)!r} is not a folder")
        paths = sorted(p for p in d.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not paths:
            raise CompanionError(f"folder {str(d)!r} holds no images ({', '.join(IMAGE_SUFFIXES)})")
        super().__init__(paths, clock)


STREAM_OPEN_TIMEOUT_S = 5.0
"""A stream URL that does not answer within this long counts as away (then retried with backoff)."""
STREAM_STALL_S = 5.0
"""A stream that sends no frame for this long (a phone that locked its screen, Wi-Fi gone) counts as
dropped: without a limit FFmpeg waits 30 s, and the live loop with it."""


def open_stream(url: str, *, open_timeout_s: float = STREAM_OPEN_TIMEOUT_S,
                stall_s: float = STREAM_STALL_S) -> cv2.VideoCapture:
    """Return a VideoCapture of a stream URL (a phone's MJPEG or RTSP camera) with open and read timeouts."""
    return cv2.VideoCapture(url, cv2.CAP_FFMPEG, [cv2.CAP_PROP_OPEN_TIMEOUT_MSEC, int(open_timeout_s * 1000),
                                                  cv2.CAP_PROP_READ_TIMEOUT_MSEC, int(stall_s * 1000)])


class CaptureSource:
    """Anything cv2.VideoCapture opens: a camera index, an RTSP/HTTP stream, a video file.

    A live source (camera, stream) that fails to deliver is released and reopened
    after a backoff that doubles from `backoff_s` up to `max_backoff_s`; `read()`
    returns None meanwhile and never raises. A stream that stalls (connected, but no
    frame for `stall_s`) counts as dropped the same way. A video file ends
    (`finished`) at its end, and its frames carry the time they were filmed at (the
    first frame's reading time plus frame index / the file's frame rate), not the
    moment they were read: read faster than real time, a grace or a hold of seconds
    still spans the table's seconds, so a file gives the same game however busy the
    machine is.
    """

    def __init__(self, target: int | str, *, backoff_s: float = 0.5, max_backoff_s: float = 10.0,
                 clock: Callable[[], float] = time.monotonic, opener: Callable | None = None,
                 stall_s: float = STREAM_STALL_S):
        self.target = target
        self.live = isinstance(target, int) or (isinstance(target, str) and "://" in target)
        self.backoff_s = backoff_s
        self.max_backoff_s = max_backoff_s
        self._clock = clock
        if opener is None and isinstance(target, str) and "://" in target:
            opener = lambda url: open_stream(url, stall_s=stall_s)  # noqa: E731
        self._opener = opener or cv2.VideoCapture
        self._cap: cv2.VideoCapture | None = None
        self._delay = backoff_s
        self._retry_at = 0.0
        self._index = 0
        self._filmed_from = 0.0
        self._frame_s: float | None = None
        self.finished = False
        self.reopens = 0
        self.status = "closed"
        self.created_at = time.monotonic()
        """When opening began: a first picture is waited for from here (the first open may itself block for seconds)."""
        if not self.live and not Path(str(target)).exists():
            raise CompanionError(f"video file {str(target)!r} does not exist")
        self._open()
        if not self.live and self._cap is None:
            raise CompanionError(f"{str(target)!r} is not a video OpenCV can open")

    def _open(self) -> None:
        cap = self._opener(self.target) if not self.reopens else _quietly(self._opener, self.target)
        if cap is not None and cap.isOpened():
            self._cap, self._delay, self.status = cap, self.backoff_s, "open"
        else:
            if cap is not None:
                cap.release()
            self._cap, self.status = None, f"unavailable; retrying in {self._delay:.1f} s"
            self._retry_at = self._clock() + self._delay
            self._delay = min(self._delay * 2, self.max_backoff_s)

    def _frame_time(self) -> float:
        """Return the time of the frame just read: now for a live source; for a file, when it was filmed."""
        now = self._clock()
        if self.live:
            return now
        if self._index == 1:
            self._filmed_from = now
            fps = self._cap.get(cv2.CAP_PROP_FPS) if self._cap is not None else 0.0
            self._frame_s = 1.0 / fps if fps and 1.0 <= fps <= 1000.0 else None
        if self._frame_s is None:  # a file that names no frame rate: as read
            return now
        return self._filmed_from + (self._index - 1) * self._frame_s

    def read(self) -> Frame | None:
        """Return the next frame, or None while the source is away or after its end."""
        if self.finished:
            return None
        if self._cap is None:
            if self._clock() < self._retry_at:
                return None
            self.reopens += 1
            self._open()
            if self._cap is None:
                return None
        ok, image = self._cap.read()
        if ok and image is not None and image.size:
            self._index += 1
            return Frame(image=image, time=self._frame_time(), name=str(self.target), index=self._index - 1)
        if not self.live:
            self.finished = True
            self.close()
            return None
        # A live source dropped: release it and reopen after the backoff.
        self._cap.release()
        self._cap = None
        self._retry_at = self._clock() + self._delay
        self.status = f"dropped; retrying in {self._delay:.1f} s"
        self._delay = min(self._delay * 2, self.max_backoff_s)
        return None

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None


def _quietly(opener: Callable, target: int | str):
    """Open without OpenCV's warnings: a retry's "can't open camera by index" only repeats the first attempt's."""
    logging = cv2.utils.logging
    level = logging.getLogLevel()
    logging.setLogLevel(logging.LOG_LEVEL_ERROR)
    try:
        return opener(target)
    finally:
        logging.setLogLevel(level)


def open_source(spec: str) -> FrameSource:
    """Return a source for a command-line spec: a camera index ("0"), a URL, a video file, a folder or an image.

    Raises:
        CompanionError: if a path does not exist or is not something frames can come from.
    """
    if spec.isdigit():
        return CaptureSource(int(spec))
    if "://" in spec:
        return CaptureSource(spec)
    p = Path(spec)
    if p.is_dir():
        return FolderSource(p)
    if not p.exists():
        raise CompanionError(f"{spec!r} is neither a camera index, a URL nor an existing file or folder")
    if p.suffix.lower() in IMAGE_SUFFIXES:
        return PhotoSource([p])
    return CaptureSource(spec)


NO_PICTURE_S = 8.0
"""A camera or stream that gives no first frame within this long is reported, not waited on for ever: a camera
that is not plugged in, a wrong index, a phone whose camera app is not running or a wrong address."""


def describe(target: int | str) -> str:
    """Return how a sentence names a live source: "camera 0" or "the stream http://…"."""
    return f"camera {target}" if isinstance(target, int) else f"the stream {target}"


def no_picture(target: int | str, waited_s: float) -> str:
    """Return the sentence for a live source that gave no picture: what it is, how long, what to check."""
    check = (f"is a camera plugged in, and is {target} its number? (try 0, 1, 2, …)" if isinstance(target, int) else
             "is the phone's camera app running, and is the address right? (open it in a browser to see)")
    return f"{describe(target)} sends no picture (waited {waited_s:g} s): {check}"


def frames(source: FrameSource, idle_sleep_s: float = 0.02, *, wait_s: float | None = None,
           say: Callable[[str], None] | None = None) -> Iterator[Frame]:
    """Yield frames until the source is finished, sleeping (never spinning) while it has none.

    A live source (camera, stream) is retried while it is away, so without a limit a camera that is not
    there is waited on for ever: with `wait_s`, no first frame within that many seconds raises
    CompanionError with a sentence saying what to check. Once frames have come, a live source that stops
    is retried as before; `say` is told once when it stops and once when it sends again.

    Raises:
        CompanionError: a live source gave no first frame within `wait_s` seconds.
    """
    live = getattr(source, "live", False)
    target: int | str = getattr(source, "target", "")  # a live source (a camera, a stream) names what it reads
    started = getattr(source, "created_at", None) or time.monotonic()
    seen = away = False
    while not source.finished:
        frame = source.read()
        if frame is None:
            if source.finished:
                break
            if live and not seen and wait_s is not None and time.monotonic() - started >= wait_s:
                raise CompanionError(no_picture(target, wait_s))
            if live and seen and not away and getattr(source, "status", "open") != "open":
                away = True
                if say is not None:
                    say(f"{describe(target)} stopped sending pictures; retrying until it is back "
                        "(moves can be entered on the tablet meanwhile)")
            time.sleep(idle_sleep_s)
            continue
        if away and say is not None:
            say(f"{describe(target)} sends pictures again")
        seen, away = True, False
        yield frame
