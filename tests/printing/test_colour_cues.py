"""Printed cards keep their colour cues apart for colour-blind players (issue 34), and the check itself can fail.

The real print-and-play sheets (fronts only, no contents sheet) of the
BUX, blue/red match and Grow decks are rasterised with pypdfium2; each card's
middle band (companion.printing.marks.mark_zones: where its value, colour word
or action sits, clear of the QR marks, which differ on every card anyway) is
cut from its slot of the known layout. Each pair of cards that differ by
colour is judged by tests/colour_vision.py under protanopia, deuteranopia
and tritanopia.
"""

from __future__ import annotations

import io

import cv2
import numpy as np
import pytest

from companion.cards.decks import load_deck
from companion.cards.payloads import new_print
from companion.printing import sheets
from companion.printing.marks import mark_zones
from companion.printing.render import deck_layout, rasterise_pdf, write_deck_pdf
from tests.colour_vision import DEFICIENCIES, confusions, judge

DPI = 150
SUITS = ["heart-x-25", "diamond-x-25", "club-x-25", "spade-x-25"]
"""BUX's four suits (red, blue, green, black) on the same shape and value."""
PAIRS = {
    "bux": [(a, b) for i, a in enumerate(SUITS) for b in SUITS[i + 1 :]],
    "match": [("blue-100-1", "red-100-1"), ("blue-1000-1", "red-1000-1"), ("blue-wild-1", "red-wild-1"),
              ("blue-trade-1", "red-trade-1"), ("blue-steal-1", "red-steal-1")],
    "grow": [("green-01", "red-01"), ("green-01", "blue-01"), ("green-01", "gold-01"), ("red-01", "blue-01"),
             ("red-01", "gold-01"), ("blue-01", "gold-01"), ("blue-08", "red-06"), ("green-02", "red-06"),
             ("green-05", "gold-05"), ("red-10", "gold-08")],
}
"""Cards a player must tell apart by colour: same number where the deck has one (blue 3 and red 3, one warning each)."""


def bands(game: str) -> dict[str, np.ndarray]:
    """Return {code: RGB crop of its middle band} from the real sheets of the cards PAIRS names."""
    deck = load_deck(game)
    printed = new_print(deck, "colour cues", secret=b"colour-cues-secret")
    codes = sorted({code for pair in PAIRS[game] for code in pair})
    buf = io.BytesIO()
    write_deck_pdf(printed, deck, "a4", buf, codes=codes, first_sheet=False, parts=False, sides="fronts")
    pages = rasterise_pdf(buf.getvalue(), DPI)
    fronts = [page for page in deck_layout(printed, deck, "a4", codes=codes, parts=False) if page[0].side == "front"]
    px = DPI / 25.4
    out = {}
    for image, page in zip(pages, fronts):
        for placement in page:
            _, band = mark_zones(deck, deck.card(placement.code), sheets.CARD_W_MM, sheets.CARD_H_MM)
            x, y = placement.slot.trim.x + band.x, placement.slot.trim.y + band.y
            out[placement.code] = image[int(y * px) : int((y + band.h) * px), int(x * px) : int((x + band.w) * px)]
    return out


@pytest.mark.parametrize("game", sorted(PAIRS))
def test_printed_colour_cues_stay_distinct_under_colour_blindness(game, tmp_path):
    crops = bands(game)
    assert set(crops) == {code for pair in PAIRS[game] for code in pair}
    for code, crop in crops.items():  # kept for a look: pytest --basetemp=DIR
        cv2.imwrite(str(tmp_path / f"{code}.png"), np.ascontiguousarray(crop[..., ::-1]))
    found = confusions({f"{a} / {b}": (crops[a], crops[b]) for a, b in PAIRS[game]})
    assert not found, "printed cues a colour-blind player cannot tell apart:\n" + "\n".join(found)


# --- the check can fail: synthetic cards -----------------------------------------------------------------------------

MATCH_BLUE, MATCH_RED = (0x1F, 0x4F, 0xB4), (0xC0, 0x26, 0x2D)
GROW_GREEN, GROW_RED = (0x2E, 0x7D, 0x32), (0xC6, 0x28, 0x28)


def card(rgb: tuple[int, int, int], text: str) -> np.ndarray:
    """A 120 x 80 px card of one colour with white text, drawn with OpenCV (RGB)."""
    image = np.zeros((80, 120, 3), np.uint8)
    image[:] = rgb
    cv2.putText(image, text, (8, 52), cv2.FONT_HERSHEY_SIMPLEX, 1.1, (255, 255, 255), 3, cv2.LINE_AA)
    return image


def test_a_green_and_red_pair_with_no_sign_fails_under_deuteranopia():
    verdict = judge(card(GROW_GREEN, "300"), card(GROW_RED, "300"), "Deuteranomaly")
    assert not verdict.distinct, verdict
    assert confusions({"no sign": (card(GROW_GREEN, "300"), card(GROW_RED, "300"))})


def test_the_same_pair_with_plus_and_minus_passes_by_shape():
    for deficiency in DEFICIENCIES:
        verdict = judge(card(GROW_GREEN, "+300"), card(GROW_RED, "-300"), deficiency)
        assert verdict.distinct, verdict
    assert judge(card(GROW_GREEN, "+300"), card(GROW_RED, "-300"), "Deuteranomaly").shape >= 0.15


def test_blue_and_red_stay_apart_by_colour_alone_the_sign_is_for_everyone_else():
    """Match's blue and red differ in the blue-yellow axis that protan and deutan vision keep: over 40 apart."""
    for deficiency in DEFICIENCIES:
        verdict = judge(card(MATCH_BLUE, "300"), card(MATCH_RED, "300"), deficiency)
        assert verdict.shape < 0.05 and verdict.delta_e > 40, verdict
