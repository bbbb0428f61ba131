"""A frame source fed by a browser: a phone or tablet at the table sends its camera's frames as JPEG POSTs.

`companion play --camera browser` reads this source like any other (read() ->
Frame | None); the web endpoint (companion/web/browser_camera.py) puts each
uploaded frame here and waits until the live loop has read it and asked for
the next, so the page sends its next frame only then: a slow reader lowers
the rate, and nothing queues (a newer frame replaces one not yet read).

One device is the table's camera at a time. A second device is refused with
the first one's name while the first still sends; it becomes the camera when
it takes over (a tap), or by itself once the first has sent nothing for
GONE_S seconds. The screens say "camera lost" after LOST_S.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Callable

from companion.vision.sources import Frame, decode_image_bytes

LOST_S = 2.0
"""No frame for this long and the camera counts as lost (the screens ask twice a second, so they say so within
2.5 s). While the table is still the page sends one frame a second (static/browser_camera.js), and the encoding
and the upload add to the gap: 2 s leaves a second for them; while it changes frames arrive every 0.1-0.7 s."""
GONE_S = 10.0
"""No frame for this long and another device becomes the camera without a tap (a camera only lost for a moment,
a busy phone, keeps its place: the other device is told which one is the camera and takes over with a tap)."""
WAIT_READ_S = 0.05
"""How long read() waits for a frame before returning None (the loop then sleeps briefly and asks again)."""


@dataclass(frozen=True)
class Refused:
    """Why a frame was not taken: another device is the camera (`camera` names it)."""

    camera: str


class BrowserCameraSource:
    """Frames uploaded by the one device that is the table's camera, for one game's live loop. Thread-safe."""

    def __init__(self, game_id: str, *, lost_after_s: float = LOST_S, gone_after_s: float = GONE_S,
                 clock: Callable[[], float] = time.monotonic):
        self.game_id = game_id
        self.lost_after_s = lost_after_s
        self.gone_after_s = gone_after_s
        self._clock = clock
        self._cond = threading.Condition()
        self._pending: Frame | None = None
        self._sent = 0
        """Index of the newest frame put."""
        self._taken = 0
        """Index of the newest frame read() handed to the loop."""
        self._done = 0
        """Index of the newest frame the loop has finished with (it asked for the next one)."""
        self.device: str | None = None
        self.label = ""
        self.size: tuple[int, int] | None = None
        self.last_frame_at: float | None = None
        self.frames = 0
        self.finished = False

    # --- the endpoint's side -------------------------------------------------

    def claim(self, device: str, label: str, *, take_over: bool) -> Refused | None:
        """Make `device` the camera if nobody is, it already is, the current one is gone, or `take_over`; else Refused."""
        with self._cond:
            if self.device not in (None, device) and not take_over and not self._lost(self.gone_after_s):
                return Refused(self.label)
            if self.device != device:
                self.device, self.last_frame_at = device, None
            self.label = label or self.label
            return None

    def put(self, device: str, label: str, data: bytes, *, take_over: bool = False) -> int | Refused:
        """Decode one JPEG from `device` and offer it to the loop; return its index, or Refused.

        Raises:
            CompanionError: if the bytes are not an image.
        """
        image = decode_image_bytes(data, "the camera frame")
        with self._cond:
            refused = self.claim(device, label, take_over=take_over)
            if refused is not None:
                return refused
            now = self._clock()
            self._sent += 1
            self._pending = Frame(image=image, time=now, name=f"browser:{self.label}", index=self._sent - 1)
            self.size = (image.shape[1], image.shape[0])
            self.last_frame_at = now
            self.frames += 1
            self._cond.notify_all()
            return self._sent

    def wait_read(self, index: int, timeout_s: float) -> bool:
        """Wait until the loop has finished with frame `index` (or a newer one replaced it); False on timeout."""
        end = self._clock() + timeout_s
        with self._cond:
            while self._done < index and not self.finished:
                left = end - self._clock()
                if left <= 0:
                    return False
                self._cond.wait(min(left, 0.5))
            return True

    def status(self) -> dict:
        """Return {"device": the camera's name or None, "live": frames arriving, "lost": it stopped sending,
        "seconds": since its last frame, "width", "height", "frames"} for the screens."""
        with self._cond:
            now = self._clock()
            seconds = None if self.last_frame_at is None else round(now - self.last_frame_at, 1)
            lost = self._lost()
            return {"device": (self.label or None) if self.device else None, "live": self.device is not None and seconds is not None and not lost,
                    "lost": lost, "seconds": seconds, "width": self.size[0] if self.size else None,
                    "height": self.size[1] if self.size else None, "frames": self.frames}

    def is_current(self, device: str) -> bool:
        """Return True if `device` is the table's camera now."""
        with self._cond:
            return self.device == device

    def _lost(self, after_s: float | None = None) -> bool:
        return self.device is not None and self.last_frame_at is not None and \
            self._clock() - self.last_frame_at > (self.lost_after_s if after_s is None else after_s)

    # --- the loop's side (FrameSource) -----------------------------------------

    def read(self) -> Frame | None:
        """Return the newest frame not yet read (waiting briefly for one), or None; the previous one is done."""
        with self._cond:
            if self._taken > self._done:
                self._done = self._taken
                self._cond.notify_all()
            if self._pending is None and not self.finished:
                self._cond.wait(WAIT_READ_S)
            frame, self._pending = self._pending, None
            if frame is not None:
                self._taken = frame.index + 1
            return frame

    def close(self) -> None:
        with self._cond:
            self.finished = True
            self._cond.notify_all()


def new_device_id() -> str:
    """Return a random id for a device that sent none (the page makes its own; this is for tests and tools)."""
    import secrets

    return secrets.token_hex(8)
