"""Where the package's data files live: the deck definitions, the table layout and the lens board.

Their homes are the top-level folders cards_printable/ and calibration/ (the design asks for
them). setup.py maps them into the package at build time as companion._data.decks and
companion._data.calibration, so an installed wheel reads them as package data with
importlib.resources. In a checkout (run with the checkout on PYTHONPATH, or an editable
install) they are read from their homes directly, so an edited file takes effect without
reinstalling, and another checkout's editable install never answers for this one.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

HOMES = {"decks": "cards_printable", "calibration": "calibration"}
"""Package-data folder name -> its home folder at the top of the checkout."""

_CHECKOUT = Path(__file__).resolve().parents[1]


def data_folder(name: str) -> Traversable:
    """Return the folder of package data `name` ("decks" or "calibration") to read files from."""
    home = _CHECKOUT / HOMES[name]
    if (_CHECKOUT / "pyproject.toml").is_file() and home.is_dir():
        return home
    return files(f"companion._data.{name}")


EXTRA_GAMES_VARIABLE = "COMPANION_GAMES"
"""Games kept outside this package, by module (comma-separated); see companion.games."""


def extra_game_modules() -> tuple[str, ...]:
    """Return the modules named in COMPANION_GAMES, in order (the one reader of the variable)."""
    import os

    return tuple(m.strip() for m in os.environ.get(EXTRA_GAMES_VARIABLE, "").split(",") if m.strip())


def extra_game_folders() -> list[Path]:
    """Return the folders of the game packages named in COMPANION_GAMES (their deck files sit there), without importing them."""
    import importlib.util

    folders: list[Path] = []
    for module in extra_game_modules():
        try:
            spec = importlib.util.find_spec(module)
        except (ImportError, ValueError):
            spec = None
        if spec is not None and spec.submodule_search_locations:
            folders.extend(Path(folder) for folder in spec.submodule_search_locations)
    return folders


LENS_BOARD_FILE = "charuco-board.json"
"""The lens-calibration board's definition, in the calibration data folder."""


def lens_board_spec() -> dict:
    """Return the lens-calibration board's definition (calibration/charuco-board.json) as a checked dict.

    Keys: dictionary (an OpenCV ArUco dictionary name), columns, rows, square_mm, marker_mm.
    The printer draws the board and the detector finds it from this one definition.

    Raises:
        ValueError: if the file is missing or malformed (callers word it for the user).
    """
    import json

    path = data_folder("calibration") / LENS_BOARD_FILE
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
        spec: dict[str, Any] = {"dictionary": str(body["dictionary"]), "columns": int(body["columns"]), "rows": int(body["rows"]),
                "square_mm": float(body["square_mm"]), "marker_mm": float(body["marker_mm"])}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"cannot read the lens board definition {str(path)!r}: {exc}") from None
    if spec["columns"] < 3 or spec["rows"] < 3 or not 0 < spec["marker_mm"] < spec["square_mm"]:
        raise ValueError(f"lens board definition {str(path)!r}: need >= 3x3 squares and markers smaller than squares")
    return spec


def lens_board():
    """Return the lens-calibration board (a cv2.aruco.CharucoBoard) built from lens_board_spec().

    Board units are millimetres: object points come out in mm, origin at the board's top-left corner.

    Raises:
        ValueError: if the definition is malformed or names an unknown dictionary.
    """
    import cv2

    spec = lens_board_spec()
    dictionary = getattr(cv2.aruco, spec["dictionary"], None)
    if not isinstance(dictionary, int):
        raise ValueError(f"lens board definition: unknown ArUco dictionary {spec['dictionary']!r}")
    return cv2.aruco.CharucoBoard((spec["columns"], spec["rows"]), spec["square_mm"], spec["marker_mm"],
                                  cv2.aruco.getPredefinedDictionary(dictionary))
