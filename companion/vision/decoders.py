"""QR decoder backends: one thin function per library, each returning tuple[Detection, ...].

Every backend takes a grayscale (or BGR) numpy image and returns what that library
read, in one shared shape. A backend never raises for a picture: a library
fault (pyzbar's ValueError on some symbols, OpenCV's UnicodeDecodeError on
non-UTF-8 payloads) costs that backend's answer for that image and nothing more.
zbar can *abort the process* on some payloads (pyzbar issue #143, an assertion in
qrdectxt.c), which no `except` can catch, so `ZbarWorker` runs zbar in a child
process that is restarted when it dies.

Availability is decided once at import and reported by `availability()`; a
missing optional library (pyzbar without the system zbar) makes its backend
return nothing, never fail mid-frame. Knows nothing of cards, decks or rules.
"""

from __future__ import annotations

import functools
import math

import multiprocessing
import multiprocessing.connection
import multiprocessing.process
import threading
from dataclasses import dataclass

import cv2
import numpy as np

try:
    import zxingcpp

    _ZXING_ERROR: str | None = None
except ImportError as exc:  # pragma: no cover - zxing-cpp is a hard dependency
    zxingcpp = None  # type: ignore[assignment]  # a hard dependency: None only on a broken install, then availability() says why
    _ZXING_ERROR = f"zxing-cpp unavailable: {exc}"

try:
    from pyzbar import pyzbar as _pyzbar

    _ZBAR_ERROR: str | None = None
except ImportError as exc:  # the system libzbar0 is missing
    _pyzbar = None
    _ZBAR_ERROR = f"pyzbar unavailable ({exc}); using zxing-cpp alone"

Point = tuple[float, float]


@dataclass(frozen=True)
class Detection:
    """One QR symbol read from an image.

    `corners` are the symbol's four corners in image pixels (top-left, top-right,
    bottom-right, bottom-left of the symbol as printed, when the backend knows).
    """

    payload: str
    corners: tuple[Point, ...]
    backend: str
    raw: bytes = b""

    def centre(self) -> Point:
        """Return the mean of the four corners."""
        xs, ys = zip(*self.corners)
        return (sum(xs) / 4.0, sum(ys) / 4.0)

    def side_px(self) -> float:
        """Return the mean side length of the symbol in pixels."""
        c = self.corners  # plain Python: called for every read of every scan, numpy's overhead dominated
        return sum(math.hypot(c[i - 1][0] - c[i][0], c[i - 1][1] - c[i][1]) for i in range(4)) / 4.0

    def shifted(self, dx: float, dy: float, scale: float = 1.0) -> "Detection":
        """Return this detection with corners mapped by p*1/scale + (dx, dy) (crop -> frame)."""
        corners = tuple((x / scale + dx, y / scale + dy) for x, y in self.corners)
        return Detection(payload=self.payload, corners=corners, backend=self.backend, raw=self.raw)


def availability() -> dict[str, str]:
    """Return each backend's state: "ok" or the reason it is unavailable."""
    return {
        "zxing": _ZXING_ERROR or "ok",
        "zbar": _ZBAR_ERROR or "ok",
        "opencv": "ok",
    }


def _gray(image: np.ndarray) -> np.ndarray:
    if image.ndim == 3:
        return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    return image


def decode_zxing(
    image: np.ndarray,
    *,
    binarizer: str = "local",
    model2_only: bool = True,
    micro: bool = True,
    model2: bool = True,
    try_downscale: bool = True,
    try_rotate: bool = False,
    try_invert: bool = False,
    failed: list | None = None,
) -> tuple[Detection, ...]:
    """Return the QR symbols zxing-cpp reads in the image.

    `model2_only` keeps to QR Model 2 and, with `micro`, Micro QR (the card
    printer draws Micro QR M3 marks); False reads every QR variant (Model 1
    too). Micro QR gave false numeric reads at 1.5 px per module in the
    issue's measurements, so callers must identify payloads, never trust them. `binarizer` is "local" (LocalAverage), "global" (GlobalHistogram) or
    "fixed" (FixedThreshold at mid-grey: best on sharpened, resampled patches).
    If `failed` is a list, the corners of symbols located but not decoded are
    appended to it (where a retry with other preprocessing may pay off).
    Payloads are the symbol's content as text (zxing's TextMode.Plain), not its human-readable rendering
    (the default HRI turns GS1 data into "(01)..." and escapes control characters: 2 of the real photos'
    expected payloads were missed that way).
    `model2=False` (with `model2_only` and `micro`) reads Micro QR alone: on a table full of Micro QR
    finders zxing's Model 2 detector, which tries triples of finders, costs ~5x the Micro search.
    `try_rotate` is off by default: zxing-cpp turns images only for linear barcodes, which are never read
    here, yet with it on a call cost ~15% more (the same results on all 1836 calls of 20 bench frames).
    """
    if zxingcpp is None or image.size == 0 or min(image.shape[:2]) < 3:
        return ()
    fmt = _formats(model2_only, micro, model2)
    bin_mode = {"global": zxingcpp.Binarizer.GlobalHistogram,
                "fixed": zxingcpp.Binarizer.FixedThreshold}.get(binarizer, zxingcpp.Binarizer.LocalAverage)
    try:
        # A memoryview (shape and strides kept) rather than the array: the binding reads an array through
        # its __array_interface__ dict, ~5 us a call of the ~60 a scan makes.
        found = zxingcpp.read_barcodes(
            np.ascontiguousarray(_gray(image)).data,
            formats=fmt,
            try_rotate=try_rotate,
            try_downscale=try_downscale,
            try_invert=try_invert,
            binarizer=bin_mode,
            text_mode=zxingcpp.TextMode.Plain,
            return_errors=failed is not None,
        )
    except (ValueError, RuntimeError):
        return ()
    out = []
    for b in found:
        p = b.position
        if not b.valid:
            if failed is not None:
                failed.append(((p.top_left.x, p.top_left.y), (p.top_right.x, p.top_right.y),
                               (p.bottom_right.x, p.bottom_right.y), (p.bottom_left.x, p.bottom_left.y)))
            continue
        corners = ((p.top_left.x, p.top_left.y), (p.top_right.x, p.top_right.y),
                   (p.bottom_right.x, p.bottom_right.y), (p.bottom_left.x, p.bottom_left.y))
        out.append(Detection(payload=b.text, corners=tuple((float(x), float(y)) for x, y in corners),
                             backend="zxing", raw=bytes(b.bytes)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _formats(model2_only: bool, micro: bool, model2: bool):
    """Return the zxing-cpp formats to read (built once: the binding converts a tuple on every call)."""
    if model2_only:
        if micro and not model2:
            return zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.MicroQRCode)
        if micro:
            return zxingcpp.BarcodeFormats((zxingcpp.BarcodeFormat.QRCodeModel2, zxingcpp.BarcodeFormat.MicroQRCode))
        return zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCodeModel2)
    return zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)


def decode_zbar_unsafe(image: np.ndarray) -> tuple[Detection, ...]:
    """Return the QR symbols pyzbar reads, in this process (zbar may abort it; see ZbarWorker)."""
    if _pyzbar is None or image.size == 0 or min(image.shape[:2]) < 3:
        return ()
    try:
        found = _pyzbar.decode(np.ascontiguousarray(_gray(image)), symbols=[_pyzbar.ZBarSymbol.QRCODE])
    except (ValueError, TypeError, AssertionError):  # pyzbar issue #139 and kin
        return ()
    out = []
    for s in found:
        pts = [(float(p.x), float(p.y)) for p in s.polygon]
        if len(pts) != 4:
            x, y, w, h = s.rect
            pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        out.append(Detection(payload=s.data.decode("utf-8", errors="replace"), corners=tuple(pts),
                             backend="zbar", raw=bytes(s.data)))
    return tuple(out)


def _zbar_serve(conn) -> None:
    """Child-process loop: decode each received image with zbar and send the results back."""
    conn.send("ready")  # this module (cv2, numpy, zxing, pyzbar) is imported by now
    while True:
        try:
            image = conn.recv()
        except EOFError:
            return
        if image is None:
            return
        conn.send(decode_zbar_unsafe(image))


class ZbarWorker:
    """zbar in a child process, so a zbar abort costs one answer, never the companion.

    `decode(image)` returns () when zbar is unavailable, when the child died
    on this image (it is restarted for the next call), or after `timeout` s.
    The child's start (a new interpreter importing OpenCV, numpy, zxing and pyzbar:
    ~1.7 s on a loaded 2-core machine) is waited for apart, up to `start_timeout` s:
    counted in `timeout`, it made the first images of a run lose their zbar reads
    (the real-photo set read 125 instead of 129 of 137 on a busy machine).
    """

    def __init__(self, timeout: float = 2.0, start_timeout: float = 60.0):
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.restarts = 0
        self._lock = threading.Lock()
        self._proc: multiprocessing.process.BaseProcess | None = None
        self._conn: multiprocessing.connection.Connection | None = None

    def _start(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_zbar_serve, args=(child,), daemon=True, name="zbar-worker")
        proc.start()
        self._proc = proc
        child.close()
        self._conn = parent
        try:
            if parent.poll(self.start_timeout) and parent.recv() == "ready":
                return
        except (EOFError, OSError):
            pass
        self._kill()  # the child never came up: decode() answers () and tries again next call

    def _kill(self) -> None:
        if self._proc is not None:
            self._proc.kill()
            self._proc.join(1.0)
            if self._conn is not None:
                self._conn.close()
        self._proc = self._conn = None

    def decode(self, image: np.ndarray) -> tuple[Detection, ...]:
        """Return what zbar reads in the image, or () if zbar is missing, crashed or timed out."""
        if _pyzbar is None:
            return ()
        with self._lock:
            if self._proc is None or not self._proc.is_alive():
                if self._proc is not None:
                    self.restarts += 1
                    self._kill()
                self._start()
            if self._proc is None or self._conn is None:  # both are set together
                return ()
            try:
                self._conn.send(np.ascontiguousarray(_gray(image)))
                if self._conn.poll(self.timeout):
                    return self._conn.recv()
            except (EOFError, OSError, BrokenPipeError):
                pass
            self.restarts += 1
            self._kill()
            return ()

    def close(self) -> None:
        """Stop the child process."""
        with self._lock:
            if self._proc is not None and self._conn is not None and self._proc.is_alive():
                try:
                    self._conn.send(None)
                except (OSError, BrokenPipeError):
                    pass
                self._proc.join(1.0)
            if self._proc is not None:
                self._kill()


_DEFAULT_WORKER: ZbarWorker | None = None


def decode_zbar(image: np.ndarray) -> tuple[Detection, ...]:
    """Return the QR symbols pyzbar reads, via a shared crash-isolated ZbarWorker."""
    global _DEFAULT_WORKER
    if _pyzbar is None:
        return ()
    if _DEFAULT_WORKER is None:
        _DEFAULT_WORKER = ZbarWorker()
    return _DEFAULT_WORKER.decode(image)


def decode_opencv(image: np.ndarray, *, aruco: bool = False) -> tuple[Detection, ...]:
    """Return the QR symbols OpenCV's QRCodeDetector (or QRCodeDetectorAruco) reads."""
    if image.size == 0 or min(image.shape[:2]) < 21:
        return ()
    detector = cv2.QRCodeDetectorAruco() if aruco else cv2.QRCodeDetector()
    try:
        ok, texts, points, _ = detector.detectAndDecodeMulti(np.ascontiguousarray(_gray(image)))
    except (cv2.error, UnicodeDecodeError):
        return ()
    if not ok or points is None:
        return ()
    out = []
    for text, pts in zip(texts, points):
        if not text:
            continue
        corners = tuple((float(x), float(y)) for x, y in pts.reshape(-1, 2)[:4])
        out.append(Detection(payload=text, corners=corners, backend="opencv", raw=text.encode("utf-8")))
    return tuple(out)
