"""A phone camera app on loopback: an MJPEG stream over HTTP, as IP Webcam, DroidCam and the like serve it.

Each connection streams numbered frames (frame i is grey level 20 + 10 i, with its number written on it)
at about 30 per second. `stall_after` makes the first connection stop sending after that many
frames while keeping the socket open, as a phone does when its screen locks or Wi-Fi stalls; later
connections stream normally, as the phone does after it wakes.
"""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import cv2
import numpy as np


def numbered_jpeg(index: int, size=(320, 240)) -> bytes:
    """Return frame `index` as JPEG bytes: a flat grey that encodes the index, and the number drawn on it."""
    image = np.full((size[1], size[0], 3), 20 + (10 * index) % 220, np.uint8)
    cv2.putText(image, str(index), (20, size[1] // 2), cv2.FONT_HERSHEY_SIMPLEX, 2, (255, 255, 255), 3)
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 95])[1].tobytes()


class MjpegServer:
    """A loopback MJPEG server in a background thread; `url` is its stream address."""

    def __init__(self, stall_after: int | None = None, interval_s: float = 0.03, image: np.ndarray | None = None):
        self.stall_after = stall_after
        self.picture = None if image is None else cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()
        """A fixed picture to stream instead of numbered frames (a phone looking at the table)."""
        self.interval_s = interval_s
        self.connections = 0
        self._stop = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                server.connections += 1
                connection = server.connections
                self.send_response(200)
                self.send_header("Content-Type", "multipart/x-mixed-replace; boundary=frame")
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                index = 0
                try:
                    while not server._stop.is_set():
                        if connection == 1 and server.stall_after is not None and index >= server.stall_after:
                            server._stop.wait(30)  # connected, silent: a stalled stream
                            return
                        data = server.picture or numbered_jpeg(index)
                        self.wfile.write(b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n"
                                         % len(data) + data + b"\r\n")
                        self.wfile.flush()
                        index += 1
                        time.sleep(server.interval_s)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/video"

    def __enter__(self) -> "MjpegServer":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._httpd.shutdown()
        self._httpd.server_close()
