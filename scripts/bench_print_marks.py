"""Measure how well a camera reads the marks of framed white cards against unframed full-colour ones.

Why: a card's frame line and its trim edge crowd the Micro QR mark's quiet zone
(the standard asks for 2 modules of nothing around the code). This bench puts
the real printed card fronts (companion.printing.render.card_image) on a grey
table, films them the way a table camera does at 3 and 2.5 px per module
(random sub-pixel position, rotation within +-10 degrees, area-integrated
sensor pixels, blur, sensor noise, JPEG quality 80) and decodes each frame with
plain zxing-cpp (no crops, no upscaling, Micro QR only). A mark counts as read
only when its text equals the card's payload; each card has two marks.

Framed white BUX cards (one per suit) are compared with the unframed purple
timer cards, whose marks sit on white plates.

Usage:
    .venv/bin/python scripts/bench_print_marks.py [--trials 300] [--seed 1] [--table 105]

Figures go to stdout as a Markdown table; docs/printing.md quotes them with
this command (before/after the quiet-zone change).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np
import zxingcpp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SRC_PX_PER_MM = 12.0
TABLE_MARGIN_MM = 12.0
SUPERSAMPLE = 4
MODULE_MM = 2.0  # a 30 mm Micro QR M3 has 15 modules
WHITE_CARDS = ("heart-x-25", "club-oval-50", "diamond-circle-100", "spade-square-50")
TIMER_CARDS = ("bux-1", "bux-2", "bux-3")
SCALES = (3.0, 2.5)  # camera pixels per module


def card_on_table(rgb: np.ndarray, rng: np.random.Generator, table_grey: float = 105.0) -> np.ndarray:
    """Return the card (grey levels) in the middle of a grey, slightly textured table."""
    gray = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY).astype(np.float32)
    pad = int(TABLE_MARGIN_MM * SRC_PX_PER_MM)
    h, w = gray.shape
    table = np.full((h + 2 * pad, w + 2 * pad), table_grey, np.float32)
    table += cv2.GaussianBlur(rng.normal(0, 12, table.shape).astype(np.float32), (0, 0), 6)
    table[pad : pad + h, pad : pad + w] = gray
    return table


def film(scene: np.ndarray, px_per_module: float, rng: np.random.Generator) -> np.ndarray:
    """Return one camera frame of a scene: rotated, sub-pixel shifted, area-sampled, blurred, noisy, JPEG 80."""
    scale = px_per_module / MODULE_MM / SRC_PX_PER_MM * SUPERSAMPLE
    h, w = scene.shape
    angle = rng.uniform(-10, 10)
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
    out_w, out_h = int(w * scale) + 8, int(h * scale) + 8
    m[0, 2] += out_w / 2 - w / 2 + rng.uniform(0, SUPERSAMPLE)
    m[1, 2] += out_h / 2 - h / 2 + rng.uniform(0, SUPERSAMPLE)
    big = cv2.warpAffine(scene, m, (out_w, out_h), flags=cv2.INTER_LINEAR, borderValue=float(scene[0, 0]))
    small = cv2.resize(big, (out_w // SUPERSAMPLE, out_h // SUPERSAMPLE), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), rng.uniform(0.5, 0.8))
    small = np.clip(small + rng.normal(0, 2.5, small.shape), 0, 255).astype(np.uint8)
    ok, enc = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 80])
    assert ok
    return cv2.imdecode(enc, cv2.IMREAD_GRAYSCALE)


def marks_read(frame: np.ndarray, payload: str) -> int:
    """Return how many marks (0-2) plain zxing-cpp reads as this payload."""
    results = zxingcpp.read_barcodes(frame, formats=zxingcpp.BarcodeFormat.MicroQRCode)
    return min(2, sum(1 for r in results if r.text == payload))


def main(argv: list[str] | None = None) -> int:
    """Print the read rates per card and scale as a Markdown table; return 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", type=float, default=105.0, help="grey level of the table around the card (0-255)")
    args = parser.parse_args(argv)

    from companion.cards.decks import load_deck
    from companion.cards.payloads import new_print
    from companion.printing.marks import mark_spec
    from companion.printing.render import card_image

    deck = load_deck("bux")
    printed = new_print(deck, "bench", secret=b"bench-print-marks")
    spec = mark_spec(deck, deck.card(WHITE_CARDS[0]))
    print(f"mark {spec['size_mm']} mm, inset {spec['inset_mm']} mm; table grey {args.table:g}; {args.trials} frames per row, seed {args.seed}")
    print()
    print("| card | group | px/module | marks read | card read (>= 1 mark) |")
    print("|---|---|---|---|---|")
    groups: dict[tuple[str, float], list[float]] = {}
    for scale in SCALES:
        for group, codes in (("framed white", WHITE_CARDS), ("timer", TIMER_CARDS)):
            for code in codes:
                rng = np.random.default_rng([args.seed, int(scale * 10), sum(map(ord, code))])
                rgb = card_image(printed, code, dpi=SRC_PX_PER_MM * 25.4, deck=deck)
                payload = printed.payload(code)
                marks = cards = 0
                for _ in range(args.trials):
                    n = marks_read(film(card_on_table(rgb, rng, args.table), scale, rng), payload)
                    marks += n
                    cards += n > 0
                rate = marks / (2 * args.trials)
                groups.setdefault((group, scale), []).append(rate)
                print(f"| {code} | {group} | {scale:g} | {rate:.0%} | {cards / args.trials:.0%} |")
    print()
    print("| group | px/module | marks read (mean of cards) |")
    print("|---|---|---|")
    for (group, scale), rates in groups.items():
        print(f"| {group} | {scale:g} | {np.mean(rates):.0%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
