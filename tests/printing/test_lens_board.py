"""The lens-calibration board PDF: what the detector finds on it, at its printed size, on both papers."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.data import lens_board_spec
from companion.printing.render import rasterise_pdf
from companion.vision.lens import find_board


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_corner_of_the_printed_board_is_found_at_its_printed_size(tmp_path, paper):
    out = tmp_path / "board.pdf"
    assert main(["cards", "lens-board", "--paper", paper, "--out", str(out)]) == 0
    pages = rasterise_pdf(out.read_bytes(), 100)
    assert len(pages) == 1
    view = find_board(pages[0])
    spec = lens_board_spec()
    assert view is not None and view.count == view.total == (spec["columns"] - 1) * (spec["rows"] - 1)
    # Neighbouring inner corners lie one square apart: 30 mm at 100 dpi is 118.1 px.
    obj, img = view.object_points[:, :2], view.image_points
    steps = [np.linalg.norm(img[j] - img[i]) for i in range(len(obj)) for j in range(len(obj))
             if abs(np.linalg.norm(obj[j] - obj[i]) - spec["square_mm"]) < 1e-6]
    assert abs(np.median(steps) - spec["square_mm"] * 100 / 25.4) < 1.0
    # A board on the table is never mistaken for a table plate (another dictionary).
    plates = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    _, ids, _ = plates.detectMarkers(cv2.cvtColor(pages[0], cv2.COLOR_RGB2GRAY))
    assert ids is None or ids.size == 0  # OpenCV 4 says no marker with None, OpenCV 5 with an empty array
