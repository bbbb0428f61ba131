"""The lens-calibration board (ChArUco) as a one-page PDF.

Why: a wide-angle webcam or a phone over the table bends straight lines (barrel
distortion) and shrinks the marks near the frame's edges. `companion calibrate`
measures the lens from views of this board. The board's squares, markers and
dictionary come from calibration/charuco-board.json (companion.data.lens_board), the
same definition the detector builds from, so the printed board and the detector
cannot disagree. Drawn as vector squares so the edges are exact at any printer
resolution. Layout only: nothing here reads the camera.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import black
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.data import lens_board, lens_board_spec
from companion.errors import CompanionError
from companion.printing import sheets
from companion.printing.plates import draw_cells, marker_cells


def board_origin_mm(paper: str) -> tuple[float, float]:
    """Return where the board's top-left corner sits on the page (mm from the page's top-left).

    Raises:
        CompanionError: if the board does not fit the paper.
    """
    tpl = sheets.template(paper)
    spec = _spec()
    bw, bh = spec["columns"] * spec["square_mm"], spec["rows"] * spec["square_mm"]
    if bw > tpl.paper_w - 20 or bh > tpl.paper_h - 40:
        raise CompanionError(f"the lens board ({bw:g} x {bh:g} mm) does not fit {paper} paper")
    return (tpl.paper_w - bw) / 2, (tpl.paper_h - bh) / 2 + 6


def _spec() -> dict:
    try:
        return lens_board_spec()
    except ValueError as exc:
        raise CompanionError(str(exc)) from None


def write_lens_board_pdf(paper: str, out: Any) -> dict:
    """Write the one-page board PDF and return the board definition it was drawn from.

    Raises:
        CompanionError: if the board definition is malformed or does not fit the paper.
    """
    spec = _spec()
    try:
        board = lens_board()
    except ValueError as exc:
        raise CompanionError(str(exc)) from None
    tpl = sheets.template(paper)
    x0, y0 = board_origin_mm(paper)
    sq = spec["square_mm"]
    canvas = Canvas(out, pagesize=(tpl.paper_w * mm, tpl.paper_h * mm))
    canvas.setTitle("Table companion: lens calibration board")
    # Which squares are black: read from OpenCV's own rendering of the same board, one pixel
    # inside each square's top-left corner, so the chessboard phase always matches the detector's.
    px = 20
    image = board.generateImage((spec["columns"] * px, spec["rows"] * px), marginSize=0)
    path = canvas.beginPath()
    for r in range(spec["rows"]):
        for c in range(spec["columns"]):
            if image[r * px + 1, c * px + 1] < 128:
                path.rect((x0 + c * sq) * mm, (tpl.paper_h - y0 - (r + 1) * sq) * mm, sq * mm, sq * mm)
    canvas.setFillColor(black)
    canvas.drawPath(path, stroke=0, fill=1)
    for marker_id, corners in zip(board.getIds().ravel(), board.getObjPoints()):
        left, top = float(corners[:, 0].min()), float(corners[:, 1].min())
        draw_cells(canvas, tpl.paper_h, x0 + left, y0 + top, spec["marker_mm"],
                   marker_cells(spec["dictionary"], int(marker_id)))
    canvas.setFont("Helvetica-Bold", 14)
    canvas.drawCentredString(tpl.paper_w / 2 * mm, (tpl.paper_h - y0 + 14) * mm, "Camera lens calibration board")
    canvas.setFont("Helvetica", 8)
    canvas.drawCentredString(
        tpl.paper_w / 2 * mm, (tpl.paper_h - y0 + 7) * mm,
        f"{spec['columns']} x {spec['rows']} squares of {sq:g} mm, markers {spec['marker_mm']:g} mm ({spec['dictionary']}). "
        f"Print at 100%; check that a square measures {sq:g} mm; glue it flat on stiff card.")
    canvas.drawCentredString(
        tpl.paper_w / 2 * mm, (tpl.paper_h - y0 - spec["rows"] * sq - 8) * mm,
        "Then run: companion calibrate --camera 0  and show the board as it asks (edges, corners, tilted).")
    canvas.showPage()
    canvas.save()
    return spec
