"""The module matrix a payload's mark is printed as: one encoder for the printer and the camera's codebook.

The printer draws this matrix (companion.printing.marks) and the camera matches blurred marks against it
(companion.vision.codebook), so the two must agree to the module: both call this one function.
"""

from __future__ import annotations

import numpy as np
import segno


def symbol_matrix(payload: str, *, micro: bool = True, error: str = "M") -> np.ndarray:
    """Return the QR (or Micro QR) module matrix of a payload: 1 = dark, without quiet zone.

    Raises:
        ValueError: if the payload does not fit such a symbol (segno's DataOverflowError is one).
    """
    symbol = segno.make(payload, micro=micro, error=error.lower(), boost_error=False)
    return np.array([list(row) for row in symbol.matrix], dtype=np.uint8)
