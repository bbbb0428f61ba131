"""One still photo of the table -> the vision pipeline's FrameResult, for pages that read a photo.

`companion serve --deck FILE` builds a PhotoReader from the print's deck file
and hands it to the web app (config PHOTO_READER); a game's page then turns
the frame's cards and table geometry into its own reading. Vision knows no
game: the reader says which game the print is of, and the page checks it.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from companion.errors import CompanionError


@functools.lru_cache(maxsize=4)
def _print_deck(path: str, mtime: float):
    from companion.cards.payloads import load_print

    return load_print(path)


def load_print_deck(path: str | Path):
    """Return the print's deck (cached while the file is unchanged).

    Raises:
        CompanionError: if the file is missing or not a deck file.
    """
    try:
        mtime = Path(path).stat().st_mtime
    except OSError as exc:
        raise CompanionError(f"cannot read the print's deck file {str(path)!r}: {exc.strerror}") from None
    return _print_deck(str(path), mtime)


def read_frame(image, print_deck, layout=None):
    """Return the FrameResult of one photo (a BGR image) of cards of `print_deck`: no tracking, photo thresholds.

    `layout`: the table layout to place the cards with (a game's; default the common frame, seats only)."""
    from companion.vision.pipeline import Pipeline

    with Pipeline(print_deck, layout=layout, track=False, photo=True) as pipeline:
        return pipeline.process(image)


@dataclass(frozen=True)
class PhotoReader:
    """Reads photos (JPEG/PNG/WebP bytes) of cards of the print in `deck_path`."""

    deck_path: str
    layout_for: Callable[[str], Any] | None = None
    """game -> its table layout (companion.table.layouts.layout_for), so a photo is placed on its game's table."""

    @property
    def game(self) -> str:
        """The game the print is of (a page refuses a print of another game)."""
        return load_print_deck(self.deck_path).game

    def __call__(self, data: bytes):
        """Return (FrameResult, the photo's SHA-256 hex) for the audit's evidence.

        Raises:
            CompanionError: for bytes that are no image, or an unreadable deck file.
        """
        from companion.vision.sources import decode_image_bytes

        image = decode_image_bytes(data, "the photo")
        deck = load_print_deck(self.deck_path)
        layout = self.layout_for(deck.game) if self.layout_for is not None else None
        return read_frame(image, deck, layout), hashlib.sha256(data).hexdigest()
