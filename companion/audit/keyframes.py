"""Keyframe images: encode a table frame for the store, and shrink one for a report.

The tracker calls encode_keyframe() on the frame that confirmed a move and
hands the bytes to EventStore.put_keyframe(); the report embeds thumbnails as
data: URIs so the HTML opens without any other file or network.
"""

from __future__ import annotations

import base64

import cv2
import numpy as np

KEYFRAME_WIDTH = 640
KEYFRAME_QUALITY = 70
THUMB_QUALITY = 60


def encode_keyframe(image: np.ndarray, *, width: int = KEYFRAME_WIDTH, quality: int = KEYFRAME_QUALITY) -> bytes:
    """Return a BGR frame downscaled to `width` pixels (never enlarged) as JPEG bytes."""
    h, w = image.shape[:2]
    if w > width:
        image = cv2.resize(image, (width, max(1, round(h * width / w))), interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok, "OpenCV failed to encode a JPEG"
    return data.tobytes()


def thumbnail_uri(jpeg: bytes | None) -> str | None:
    """Return a data: URI of the keyframe at half size (decoded at reduced scale: fast), or None."""
    if not jpeg:
        return None
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_REDUCED_COLOR_2)
    if image is None:
        return None
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, THUMB_QUALITY])
    return "data:image/jpeg;base64," + base64.b64encode(data.tobytes()).decode("ascii") if ok else None
