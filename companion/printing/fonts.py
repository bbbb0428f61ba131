"""Pick a font that has every glyph of a text: base-14 Helvetica, or DejaVu Sans for the rest.

Why: Helvetica is built into every PDF viewer, so BUX sheets embed no font at
all, but its PDF encoding (WinAnsi, i.e. cp1252) has no Cyrillic: a Russian
title drawn in it prints as black boxes. DejaVu Sans (Debian fonts-dejavu-core,
installed by scripts/setup.sh) covers Latin, Cyrillic and Greek; reportlab
embeds the subset a PDF uses. A deck's design may ask for DejaVu everywhere
("font": "dejavu"), so one card never mixes two typefaces; any other text
switches to DejaVu only when Helvetica cannot show it.

Fonts are registered with reportlab once, on first use. No drawing here.
"""

from __future__ import annotations

import functools
from pathlib import Path

from companion.errors import CompanionError

FONT = "Helvetica"
FONT_BOLD = "Helvetica-Bold"
DEJAVU = "DejaVuSans"
DEJAVU_BOLD = "DejaVuSans-Bold"
DEJAVU_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/TTF"), Path("/usr/local/share/fonts"))
_BASE14 = {FONT: DEJAVU, FONT_BOLD: DEJAVU_BOLD}
FAMILIES = {"helvetica": (FONT, FONT_BOLD), "dejavu": (DEJAVU, DEJAVU_BOLD)}


def has_glyphs(font: str, text: str) -> bool:
    """Return whether a base-14 font can show every character of text (its encoding is cp1252).

    >>> has_glyphs("Helvetica", "×2 «Wild»"), has_glyphs("Helvetica", "Котики")
    (True, False)
    """
    if font not in _BASE14:
        return True
    try:
        text.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def font_for(font: str, text: str) -> str:
    """Return font, or its DejaVu counterpart when font lacks a glyph of text (registered on first use).

    Raises:
        CompanionError: if DejaVu is needed but its font files are not installed.
    """
    if has_glyphs(font, text):
        return font
    return register(_BASE14[font])


def family(name: str | None) -> tuple[str, str]:
    """Return the (regular, bold) font names of a design's "font" value (default helvetica).

    Raises:
        CompanionError: for an unknown family, or DejaVu without its font files.
    """
    key = (name or "helvetica").lower()
    if key not in FAMILIES:
        raise CompanionError(f"deck design names font {name!r}; known: {', '.join(sorted(FAMILIES))}")
    regular, bold = FAMILIES[key]
    if key == "dejavu":
        register(regular)
        register(bold)
    return regular, bold


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
