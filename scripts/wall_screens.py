"""Photograph every game's wall screen (?wall=1) at 1920x1080, and each as a 3 m viewer sees it, for docs/screens.md.

Why a scaled copy: a 55" 16:9 TV is 1.22 m wide; from 3 m it spans
2*atan(0.61/3) = 23 degrees. A 480x270 image on an ordinary ~96 dpi monitor
is 12.7 cm wide and spans the same 23 degrees from 32 cm, a reading distance.
So the 480x270 copy (every 4x4 block of TV pixels averaged into one) shows
at reading distance about what the room sees: 28 px type on the TV (18 mm
from 3 m: 20 arc minutes) becomes 7 px type, 1.8 mm from 32 cm, the same
20 arc minutes. What cannot be read in the small copy cannot be read across the room.

The tables are tests/web/tables.py's (a few moves into each game), served for
real (loopback HTTP) and photographed in Debian's chromium; BUX also with its
second timer card out (Double-BUX), and in high contrast (?contrast=high).

    PYTHONPATH=. .venv/bin/python scripts/wall_screens.py [--out docs/screens]
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.chromium import ARGS, CHROMIUM  # noqa: E402
from tests.web.serving import serving  # noqa: E402
from tests.web.tables import store_double_bux, store_table  # noqa: E402

SIZE = (1920, 1080)
SEEN = (480, 270)
"""The 3 m viewer's copy (see the module docstring)."""
SHOTS = [("bux", "bux", ""), ("bux-double", "bux", ""), ("bux-double-contrast", "bux", "&contrast=high"),
         ("grow", "grow", ""), ("cats", "cats", ""), ("match", "match", "")]
"""(file name, game, extra URL options)."""


def store(folder: Path, name: str, game: str) -> Path:
    """Store the table for one shot in its own SQLite file and return its path."""
    db = folder / f"{name}.db"
    if name.startswith("bux-double"):
        store_double_bux(db)  # Cat's draw turns up the second timer card: Double-BUX
    else:
        store_table(db, game)
    return db


def save(png: bytes, path: Path, size: tuple[int, int] | None = None) -> None:
    """Write `png` (scaled to `size` if given) as an 8-bit palette PNG, as scripts/screenshots.sh does."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    if size is not None:
        image = image.resize(size, Image.Resampling.BOX)
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, optimize=True)


def photograph(out: Path) -> list[Path]:
    """Serve each table and photograph its wall; return the files written."""
    from playwright.sync_api import sync_playwright

    from companion.web import create_app

    written = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for name, game, extra in SHOTS:
                app = create_app({"DB": str(store(Path(tmp), name, game)), "SSE_SECONDS": 20, "SSE_POLL": 0.1})
                with serving(app, threads=4) as base:
                    context = browser.new_context(viewport={"width": SIZE[0], "height": SIZE[1]}, locale="en-GB")
                    page = context.new_page()
                    response = page.goto(f"{base}/g/{game}?wall=1{extra}")
                    if response is None or not response.ok:
                        raise SystemExit(f"{name}: the wall page answered {response and response.status}")
                    page.wait_for_timeout(1500)  # the page fetches its state and draws it
                    png = page.screenshot()
                    context.close()
                for suffix, size in (("", None), ("-3m", SEEN)):
                    path = out / f"{name}-wall-{SIZE[0]}x{SIZE[1]}{suffix}.png"
                    save(png, path, size)
                    written.append(path)
        finally:
            browser.close()
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/screens", help="folder for the PNGs (default docs/screens)")
    out = Path(parser.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    for path in photograph(out):
        print(f"{path} {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
