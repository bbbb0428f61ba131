"""The printing typeface: DejaVu Sans, embedded in every PDF the companion writes.

Why: a print shop (or a home printer driver) substitutes any font a PDF does
not carry, so the base-14 Helvetica prints in whatever the printer has, and
its PDF encoding (WinAnsi) has no Cyrillic at all. DejaVu Sans (Debian
fonts-dejavu-core, installed by scripts/setup.sh) covers Latin, Cyrillic and
Greek, and reportlab embeds the subset each PDF uses, so sheets print the same
everywhere. FONT and FONT_BOLD are the two faces every drawing module uses.

Fonts are registered with reportlab once, on first use. No drawing here.
"""

from __future__ import annotations

import functools
from pathlib import Path

from companion.errors import CompanionError

DEJAVU = "DejaVuSans"
DEJAVU_BOLD = "DejaVuSans-Bold"
FONT = DEJAVU
FONT_BOLD = DEJAVU_BOLD
DEJAVU_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/TTF"), Path("/usr/local/share/fonts"))
FAMILIES = {"dejavu": (DEJAVU, DEJAVU_BOLD)}


def font_for(font: str, text: str = "") -> str:
    """Return the font to draw text in, registered with reportlab (every face the printing uses is embedded).

    Raises:
        CompanionError: if the DejaVu font files are not installed.
    """
    return register(font) if font in (DEJAVU, DEJAVU_BOLD) else font


def new_canvas(out, pagesize, **options):
    """Return a reportlab Canvas whose initial font is DejaVu Sans, so no page names an unembedded base-14 font."""
    from reportlab.pdfgen.canvas import Canvas

    return Canvas(out, pagesize=pagesize, initialFontName=register(DEJAVU), **options)


def family(name: str | None) -> tuple[str, str]:
    """Return the (regular, bold) font names of a design's "font" value (default dejavu), registered.

    Raises:
        CompanionError: for an unknown family, or DejaVu without its font files.
    """
    key = (name or "dejavu").lower()
    if key not in FAMILIES:
        raise CompanionError(f"deck design names font {name!r}; known: {', '.join(sorted(FAMILIES))}")
    regular, bold = FAMILIES[key]
    return register(regular), register(bold)


@functools.cache
def register(name: str) -> str:
    """Register a DejaVu font with reportlab under its own name and return the name.

    Raises:
        CompanionError: if the .ttf file is in none of the usual font folders.
    """
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for folder in DEJAVU_DIRS:
        path = folder / f"{name}.ttf"
        if path.is_file():
            pdfmetrics.registerFont(TTFont(name, str(path)))
            return name
    raise CompanionError(
        f"printing this text needs the {name} font (non-Latin letters): install the Debian package "
        "fonts-dejavu-core (scripts/setup.sh does)"
    )
