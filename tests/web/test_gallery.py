"""Screenshots of every game's screens (tablet, wall, a phone) at landscape and portrait tablet sizes, for docs/screens.md.

The tables of tests/web/tables.py (a few moves into each game) are served for
real and photographed in chromium. The PNGs go to $COMPANION_ARTIFACTS/screens/
as 8-bit palette images (Pillow, no dithering: flat page colours stay exact and
text stays sharp); scripts/screenshots.sh writes them into docs/screens/.
The test checks each screen rendered (no error page, nothing drawn past the
right edge) and that every file is a real, small PNG of the size asked for.
"""

from __future__ import annotations

import io

import pytest

from companion.web import create_app
from tests.chromium import ARGS, BROWSER_TEST, CHROMIUM, wait_drawn
from tests.web.serving import serving
from tests.web.tables import GAMES, PHONE, store_table, tokens

pytestmark = BROWSER_TEST

SIZES = [(1280, 800), (800, 1280)]
PHONE_SIZE = (390, 844)
"""Phones are also shown at a phone's own size."""
LIMIT = 400_000
"""Bytes a committed screenshot may take."""


def shots(game: str) -> list[tuple[str, str, tuple[int, int]]]:
    """Return (screen, holder, size) for one game: tablet and wall at both sizes, the phone at three."""
    out = [(screen, screen, size) for screen in ("tablet", "wall") for size in SIZES]
    if game in PHONE:
        out += [("phone", "phone", size) for size in [*SIZES, PHONE_SIZE]]
    return out


def save_small(png: bytes, path) -> int:
    """Write `png` as an 8-bit palette PNG and return its size in bytes."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, optimize=True)
    return path.stat().st_size


@pytest.mark.parametrize("game", GAMES)
def test_every_screen_of_the_game_is_photographed_at_tablet_sizes(game, tmp_path, artifacts):
    from PIL import Image
    from playwright.sync_api import sync_playwright

    folder = artifacts / "screens"
    folder.mkdir(parents=True, exist_ok=True)
    db = tmp_path / f"{game}.db"
    store_table(db, game)
    token, seats = tokens(db, game)
    starts = {"tablet": f"/g/{game}?t={token}", "wall": f"/g/{game}", "phone": PHONE.get(game, "").format(player="Ann", k=seats["Ann"])}
    app = create_app({"DB": str(db), "SSE_SECONDS": 20, "SSE_POLL": 0.1})
    written = {}
    with serving(app, threads=4) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            contexts = {}
            for screen, holder, (width, height) in shots(game):
                if holder not in contexts:  # one device per holder: the tablet keeps its join cookie
                    contexts[holder] = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB")
                    contexts[holder].new_page().goto(base + starts[holder])
                page = contexts[holder].pages[0]
                page.set_viewport_size({"width": width, "height": height})
                response = page.goto(base + (starts[holder] if holder != "tablet" else f"/g/{game}"))
                assert response is not None and response.ok, f"{game} {screen}: {response and response.status}"
                wait_drawn(page)  # the page fetches its state and draws it
                overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
                assert overflow <= 0, f"{game} {screen} at {width}x{height} is {overflow}px wider than the screen"
                path = folder / f"{game}-{screen}-{width}x{height}.png"
                written[path] = save_small(page.screenshot(full_page=True), path)
        finally:
            browser.close()
    assert len(written) == len(shots(game))
    for path, size in written.items():
        assert 0 < size < LIMIT, f"{path.name} takes {size} bytes"
        with Image.open(path) as image:
            assert image.mode == "P" and image.width == int(path.stem.rsplit("-", 1)[1].split("x")[0])
