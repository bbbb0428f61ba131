"""Stand-in card faces (segno QR on a plain card) for when no exported card PNGs exist.

Used only by tests and the benchmark's --standin switch; the real card images come
from `companion cards export`.
"""

from __future__ import annotations

import cv2
import numpy as np
import segno

CARD_PX = (744, 1039)  # 63 x 88 mm at 300 dpi


def standin_face(code: str, payload: str, mark_mm: float = 20.0, two_marks: bool = True) -> np.ndarray:
    """Return a 300 dpi BGR card face with the payload's QR mark in the top-left (and bottom-right) corner."""
    w, h = CARD_PX
    face = np.full((h, w, 3), 250, np.uint8)
    cv2.rectangle(face, (12, 12), (w - 13, h - 13), (40, 40, 160), 6)
    qr = segno.make(payload, error="h", micro=False)
    n = qr.symbol_size(border=0)[0]
    side = int(round(mark_mm / 25.4 * 300))
    px = side // n
    mat = np.array([[0 if v else 255 for v in row] for row in qr.matrix], np.uint8)
    mark = cv2.resize(mat, (n * px, n * px), interpolation=cv2.INTER_NEAREST)
    mark = cv2.cvtColor(mark, cv2.COLOR_GRAY2BGR)
    m = 60
    face[m:m + mark.shape[0], m:m + mark.shape[1]] = mark
    if two_marks:
        r = cv2.rotate(mark, cv2.ROTATE_180)
        face[h - m - r.shape[0]:h - m, w - m - r.shape[1]:w - m] = r
    cv2.putText(face, code, (60, h // 2), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (30, 30, 30), 4, cv2.LINE_AA)
    return face


def standin_back() -> np.ndarray:
    """Return a plain patterned card back (no QR mark)."""
    w, h = CARD_PX
    back = np.full((h, w, 3), (120, 60, 30), np.uint8)
    for i in range(-h, w, 40):
        cv2.line(back, (i, 0), (i + h, h), (150, 90, 50), 8)
    return back
