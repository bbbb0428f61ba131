"""Table plates: the seat and corner markers every game shares, and a game's own middle plates.

Why: the camera maps image pixels to the table and tells at whose seat a card
lies from printed ArUco markers. They print through the same path as the cards,
drawn as vector squares so the marker edges are exact at any printer resolution.

The seat and corner plates are the common frame's (ids and roles in
calibration/markers.json, shared with vision) and read the same for every game.
A game's middle plates (BUX's bid area, Grow's row, the match's decks and discard
piles) are its own: id, role, title and hint in its layout file
(companion/games/<game>/table/layout.json, read by `load_game_plates`), so nothing
here names a game.

Layout only: nothing here reads the camera.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import cv2
import numpy as np
from reportlab.lib.colors import HexColor, black
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.data import data_folder
from companion.errors import CompanionError
from companion.printing import fonts, sheets
from companion.printing.pagemarks import print_preferences

MARKERS_FILE = data_folder("calibration") / "markers.json"
SEAT_TITLE = "SEAT {seat}"
SEAT_HINT = "At the edge, in front of the player; their cards lie beyond it."
ZONE_HINT = "Put this plate where the game's rules put this zone's cards."
CORNER_HINT = "Place at this corner of the play area, marker facing up."


def plate_words(spec: MarkerSpec) -> tuple[str, str]:
    """Return (title, hint) printed on a plate: a seat's and a corner's are the same for every game; a middle plate's come from the game.

    A middle plate's "title" and "hint" are its game's layout file's; a plate without
    them carries its zone's own name ("DECK BLUE") and a hint that fits any game.
    """
    if spec.role == "seat":
        return SEAT_TITLE.format(**spec.extra), SEAT_HINT
    if spec.role == "corner":
        return "CORNER " + str(spec.extra.get("corner", "")).replace("_", " ").upper(), CORNER_HINT
    return str(spec.extra.get("title") or spec.role.replace("_", " ").upper()), str(spec.extra.get("hint") or ZONE_HINT)


@dataclass(frozen=True)
class MarkerSpec:
    """One table marker: ArUco id, role and the role's extra data (seat number, corner name)."""

    id: int
    role: str
    extra: Mapping[str, Any]


def load_markers(path: Path | Traversable = MARKERS_FILE) -> tuple[str, float, tuple[MarkerSpec, ...]]:
    """Return (dictionary name, marker size in mm, markers) from the table-marker file.

    Raises:
        CompanionError: if the file is missing or malformed.
    """
    try:
        body = json.loads((Path(path) if isinstance(path, str) else path).read_text(encoding="utf-8"))
        markers = tuple(
            MarkerSpec(id=int(m["id"]), role=str(m["role"]), extra={k: v for k, v in m.items() if k not in ("id", "role")})
            for m in body["markers"]
        )
        return str(body["dictionary"]), float(body["marker_mm"]), markers
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise CompanionError(f"cannot read table markers {str(path)!r}: {exc}") from None


def load_game_plates(path: Path | Traversable) -> tuple[MarkerSpec, ...]:
    """Return a game's middle plates from its layout file ("markers": id, role, title, hint; centre and rotation are vision's).

    Raises:
        CompanionError: if the file is missing or malformed.
    """
    try:
        body = json.loads((Path(path) if isinstance(path, str) else path).read_text(encoding="utf-8"))
        return tuple(MarkerSpec(id=int(m["id"]), role=str(m["role"]),
                                extra={k: v for k, v in m.items() if k not in ("id", "role", "centre", "rotation")})
                     for m in body.get("markers", ()))
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise CompanionError(f"cannot read the game's table plates {str(path)!r}: {exc}") from None


def marker_cells(dictionary: str, marker_id: int) -> np.ndarray:
    """Return the marker's cell matrix including its black border (1 = black)."""
    aruco_dict = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
    bits = aruco_dict.markerSize + 2
    image = cv2.aruco.generateImageMarker(aruco_dict, marker_id, bits)
    return (image < 128).astype(np.uint8)


def draw_cells(canvas: Canvas, page_h: float, x: float, y: float, size: float, cells: np.ndarray) -> None:
    """Draw a cell matrix (1 = black) as one vector path, top-left at (x, y) page mm."""
    n = cells.shape[0]
    cell = size / n
    path = canvas.beginPath()
    for r in range(n):
        for c in range(n):
            if cells[r, c]:
                path.rect((x + c * cell) * mm, (page_h - y - (r + 1) * cell) * mm, cell * mm, cell * mm)
    canvas.setFillColor(black)
    canvas.drawPath(path, stroke=0, fill=1)


def _plate(canvas: Canvas, tpl: sheets.Template, top: float, height: float, dictionary: str, size: float, spec: MarkerSpec, name: str | None,
           ):
    """Draw one plate in a horizontal band of the page: outline, marker, title, hint, name line."""
    page_h = tpl.paper_h
    left, width = 15.0, tpl.paper_w - 30.0
    canvas.setStrokeColor(HexColor("#888888"))
    canvas.setDash(3, 2)
    canvas.setLineWidth(0.5)
    canvas.rect(left * mm, (page_h - top - height) * mm, width * mm, height * mm, stroke=1, fill=0)
    canvas.setDash()
    mx, my = left + 12, top + (height - size) / 2
    draw_cells(canvas, page_h, mx, my, size, marker_cells(dictionary, spec.id))
    tx = mx + size + 12
    title, hint = plate_words(spec)
    canvas.setFillColor(black)
    canvas.setFont(fonts.font_for(fonts.FONT_BOLD), 26)
    canvas.drawString(tx * mm, (page_h - top - 24) * mm, title)
    canvas.setFont(fonts.font_for(fonts.FONT), 9)
    canvas.drawString(tx * mm, (page_h - top - 31) * mm, hint)
    canvas.setFont(fonts.font_for(fonts.FONT), 7)
    canvas.setFillColor(HexColor("#666666"))
    canvas.drawString(tx * mm, (page_h - top - height + 8) * mm, f"marker id {spec.id} ({dictionary}), {size:g} mm - print at 100%")
    if spec.role == "seat":
        canvas.setFillColor(black)
        canvas.setFont(fonts.font_for(fonts.FONT), 11)
        canvas.drawString(tx * mm, (page_h - top - 48) * mm, "Name:")
        canvas.setLineWidth(0.6)
        canvas.setStrokeColor(black)
        canvas.line((tx + 14) * mm, (page_h - top - 48) * mm, (left + width - 8) * mm, (page_h - top - 48) * mm)
        if name:
            # A player's name may be Cyrillic: DejaVu Sans has the letters.
            canvas.setFont(fonts.font_for(fonts.FONT_BOLD, name), 16)
            canvas.drawString((tx + 16) * mm, (page_h - top - 46.5) * mm, name)


def write_plates_pdf(paper: str, out: Any, *, names: Sequence[str] = (), game_plates: Sequence[MarkerSpec] = (),
                     on_page: Callable[[int, int], None] | None = None) -> int:
    """Write the table-plates PDF (two plates a page: the seats, then the game's middle plates; then the corners)
    and return its page count.

    `game_plates`: the game's middle plates (load_game_plates of its layout file); none
    prints the frame's plates alone, for a game whose table has no middle plates.
    """
    tpl = sheets.template(paper)
    dictionary, size, markers = load_markers()
    plates = [m for m in markers if m.role != "corner"] + list(game_plates)
    corners = [m for m in markers if m.role == "corner"]
    canvas = fonts.new_canvas(out, (tpl.paper_w * mm, tpl.paper_h * mm))
    canvas.setTitle("Table companion: table plates")
    print_preferences(canvas)
    band = (tpl.paper_h - 30) / 2
    pages_plates = [plates[i : i + 2] for i in range(0, len(plates), 2)]
    total = len(pages_plates) + 1
    done = 0
    for page in pages_plates:
        for k, spec in enumerate(page):
            seat = spec.extra.get("seat")
            name = names[seat - 1] if spec.role == "seat" and seat and seat <= len(names) else None
            _plate(canvas, tpl, 15 + k * band, band - 5, dictionary, size, spec, name)
        canvas.showPage()
        done += 1
        if on_page:
            on_page(done, total)
    # Corner markers: four small plates on one page, cut apart.
    cw, ch = (tpl.paper_w - 30) / 2, (tpl.paper_h - 30) / 2
    for k, spec in enumerate(corners):
        x, y = 15 + (k % 2) * cw, 15 + (k // 2) * ch
        canvas.setStrokeColor(HexColor("#888888"))
        canvas.setDash(3, 2)
        canvas.rect(x * mm, (tpl.paper_h - y - ch) * mm, cw * mm, ch * mm, stroke=1, fill=0)
        canvas.setDash()
        draw_cells(canvas, tpl.paper_h, x + (cw - size) / 2, y + (ch - size) / 2, size, marker_cells(dictionary, spec.id))
        canvas.setFillColor(black)
        canvas.setFont(fonts.font_for(fonts.FONT_BOLD), 14)
        label, _hint = plate_words(spec)
        canvas.drawCentredString((x + cw / 2) * mm, (tpl.paper_h - y - 20) * mm, label)
        canvas.setFont(fonts.font_for(fonts.FONT), 7)
        canvas.drawCentredString((x + cw / 2) * mm, (tpl.paper_h - y - ch + 12) * mm, f"marker id {spec.id}, {size:g} mm")
    canvas.showPage()
    canvas.save()
    done += 1
    if on_page:
        on_page(done, total)
    return total
