"""The grow deck prints through the shared printing path and every card's QR mark decodes back to it."""

from __future__ import annotations

import subprocess
import sys

import cv2
import zxingcpp

from companion.cards.decks import load_deck
from companion.cards.payloads import load_print


def test_every_printed_grow_card_decodes_to_its_code(tmp_path):
    out, deck_file = tmp_path / "png", tmp_path / "grow-print.json"
    result = subprocess.run([sys.executable, "-m", "companion", "cards", "export", "--game", "grow", "--png", str(out),
                             "--deck", str(deck_file), "--dpi", "100", "--quiet"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    printed = load_print(deck_file)
    codes = load_deck("grow").codes()
    assert len(codes) == 51
    for code in codes:
        image = cv2.imread(str(out / f"{code}.png"))
        found = {printed.identify(r.text).code for r in zxingcpp.read_barcodes(image)}
        assert found == {code}, code
