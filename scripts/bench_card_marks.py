"""Measure which QR mark design a printed card needs for the camera to read it.

Why: the card's mark decides how far, how small and how tilted a card may be
and still read. This script renders each candidate mark design onto a
63 x 88 mm card, places the card at random spots and angles on a table seen by
a pinhole camera (a 70-degree horizontal field of view, tilted from vertical,
placed so the whole table fits in the frame), integrates the image down to the
camera's pixels (area resampling = sensor pixels), adds lens blur, sensor noise
and JPEG compression, crops around the card the way the vision pipeline does,
upscales 2x and decodes with zxing-cpp (and pyzbar for plain QR). A read counts
only when the decoded text equals the card's payload.

Usage:
    .venv/bin/python scripts/bench_card_marks.py [--trials 80] [--seed 1] [--final]

--final measures the real card fronts drawn by companion.printing.render
instead of the bare candidate marks. Figures go to stdout as a Markdown table;
docs/printing.md quotes them with this command.
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import segno
import zxingcpp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CARD_W, CARD_H = 63.0, 88.0
HFOV_DEG = 70.0
SRC_PX_PER_MM = 12.0
PAYLOAD = "6411762087137982"


@dataclass(frozen=True)
class Candidate:
    """A mark design: symbol kind, error level, printed width and where on the card."""

    name: str
    micro: bool
    error: str
    size_mm: float
    corners: bool  # two marks in opposite corners (second turned 180) instead of one centred


CANDIDATES = (
    Candidate("QR v1-H, one 44 mm", micro=False, error="h", size_mm=44, corners=False),
    Candidate("QR v1-M, one 36 mm", micro=False, error="m", size_mm=36, corners=False),
    Candidate("Micro M3-M, one 44 mm", micro=True, error="m", size_mm=44, corners=False),
    Candidate("Micro M4-Q, one 44 mm", micro=True, error="q", size_mm=44, corners=False),
    Candidate("QR v1-H, two 26 mm", micro=False, error="h", size_mm=26, corners=True),
    Candidate("Micro M3-M, two 26 mm", micro=True, error="m", size_mm=26, corners=True),
    Candidate("Micro M3-M, two 30 mm", micro=True, error="m", size_mm=30, corners=True),
)


@dataclass(frozen=True)
class Scenario:
    """A camera over a table: sensor width in px, table width and depth in mm, tilt from vertical."""

    name: str
    width_px: int
    height_px: int
    table_w: float
    table_d: float
    tilt_deg: float


SCENARIOS = (
    Scenario("1080p, 1.2 m table, 30 deg", 1920, 1080, 1200, 600, 30),
    Scenario("4K, 1.6 m table, 45 deg", 3840, 2160, 1600, 800, 45),
    Scenario("1080p, 1.4 m table, 0 deg", 1920, 1080, 1400, 700, 0),
    Scenario("720p, 1.0 m table, 20 deg", 1280, 720, 1000, 500, 20),
)


def mark_image(candidate: Candidate, payload: str, px_per_mm: float) -> np.ndarray:
    """Return a white card face (grey uint8) with the candidate's mark(s) drawn on it."""
    w, h = round(CARD_W * px_per_mm), round(CARD_H * px_per_mm)
    card = np.full((h, w), 255, np.uint8)
    qr = segno.make(payload, micro=candidate.micro, error=candidate.error, boost_error=False)
    matrix = np.array([list(row) for row in qr.matrix], np.uint8)
    side = round(candidate.size_mm * px_per_mm)
    symbol = cv2.resize((1 - matrix) * 255, (side, side), interpolation=cv2.INTER_NEAREST)
    if candidate.corners:
        inset = round(3.5 * px_per_mm)
        card[inset : inset + side, inset : inset + side] = symbol
        card[h - inset - side : h - inset, w - inset - side : w - inset] = symbol[::-1, ::-1]
    else:
        x0 = (w - side) // 2
        y0 = h - side - round(8 * px_per_mm)
        card[y0 : y0 + side, x0 : x0 + side] = symbol
    return card


def camera(scenario: Scenario) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (K, R, t): a pinhole camera placed so the whole table fits in its frame."""
    f = (scenario.width_px / 2) / math.tan(math.radians(HFOV_DEG / 2))
    K = np.array([[f, 0, scenario.width_px / 2], [0, f, scenario.height_px / 2], [0, 0, 1]])
    tilt = math.radians(scenario.tilt_deg)
    # Camera looks down at the table centre; tilted about the table's x axis, far edge = +y.
    R = np.array(
        [[1, 0, 0], [0, -math.cos(tilt), -math.sin(tilt)], [0, math.sin(tilt), -math.cos(tilt)]]
    )
    corners = np.array(
        [[sx * scenario.table_w / 2, sy * scenario.table_d / 2, 0] for sx in (-1, 1) for sy in (-1, 1)]
    )
    for distance in np.arange(300, 10000, 10.0):
        centre = np.array([0, -distance * math.sin(tilt), distance * math.cos(tilt)])
        t = -R @ centre
        pts = project(K, R, t, corners)
        if (
            np.all(pts[:, 0] > 0.01 * scenario.width_px)
            and np.all(pts[:, 0] < 0.99 * scenario.width_px)
            and np.all(pts[:, 1] > 0.01 * scenario.height_px)
            and np.all(pts[:, 1] < 0.99 * scenario.height_px)
        ):
            return K, R, t
    raise RuntimeError("table does not fit")


def project(K: np.ndarray, R: np.ndarray, t: np.ndarray, world: np.ndarray) -> np.ndarray:
    """Return image points (N x 2) of table points (N x 3, mm)."""
    cam = world @ R.T + t
    uv = cam @ K.T
    return uv[:, :2] / uv[:, 2:3]


def shoot(card: np.ndarray, scenario: Scenario, cam, rng: np.random.Generator, occlude: bool) -> tuple[np.ndarray, float]:
    """Return (upscaled crop around the card as the camera sees it, px per mm at that spot)."""
    K, R, t = cam
    cx = rng.uniform(-0.45, 0.45) * scenario.table_w
    cy = rng.uniform(-0.45, 0.45) * scenario.table_d
    angle = rng.uniform(0, 2 * math.pi)
    c, s = math.cos(angle), math.sin(angle)
    local = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * [CARD_W / 2, CARD_H / 2]
    world = np.array([[cx + x * c - y * s, cy + x * s + y * c, 0] for x, y in local])
    img_pts = project(K, R, t, world)
    px_per_mm = math.sqrt(cv2.contourArea(img_pts.astype(np.float32)) / (CARD_W * CARD_H))
    # Render at 4x the camera's resolution around the card, then integrate 4x4 (sensor pixels).
    ss = 4
    x0, y0 = np.floor(img_pts.min(0)) - 12
    x1, y1 = np.ceil(img_pts.max(0)) + 12
    bw, bh = int(x1 - x0), int(y1 - y0)
    dst = (img_pts - [x0, y0]) * ss
    src = np.array([[0, 0], [card.shape[1], 0], [card.shape[1], card.shape[0]], [0, card.shape[0]]], np.float32)
    H = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
    table_grey = int(rng.integers(60, 110))
    big = cv2.warpPerspective(card, H, (bw * ss, bh * ss), flags=cv2.INTER_AREA, borderValue=table_grey)
    if occlude:
        # A hand or another card covers half the card: one of its four halves.
        half = rng.integers(4)
        mask = np.zeros_like(card)
        hh, ww = card.shape
        region = [(slice(0, hh // 2), slice(None)), (slice(hh // 2, None), slice(None)),
                  (slice(None), slice(0, ww // 2)), (slice(None), slice(ww // 2, None))][half]
        mask[region] = 255
        mask_w = cv2.warpPerspective(mask, H, (bw * ss, bh * ss), flags=cv2.INTER_NEAREST)
        big[mask_w > 0] = 140
    small = cv2.resize(big, (bw, bh), interpolation=cv2.INTER_AREA).astype(np.float32)
    # Camera: slight defocus, exposure contrast loss, sensor noise, JPEG.
    small = cv2.GaussianBlur(small, (0, 0), rng.uniform(0.5, 0.8))
    small = 30 + small * rng.uniform(0.7, 0.85) + rng.normal(0, 3, small.shape)
    small = np.clip(small, 0, 255).astype(np.uint8)
    ok, enc = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 85])
    small = cv2.imdecode(enc, cv2.IMREAD_GRAYSCALE)
    crop = cv2.resize(small, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    return crop, px_per_mm


def read_zxing(image: np.ndarray) -> set[str]:
    """Return the texts zxing-cpp decodes (QR and Micro QR)."""
    formats = (zxingcpp.BarcodeFormat.QRCode, zxingcpp.BarcodeFormat.MicroQRCode)
    return {r.text for r in zxingcpp.read_barcodes(image, formats=formats)}


def read_zbar(image: np.ndarray) -> set[str]:
    """Return the texts pyzbar decodes (plain QR only)."""
    from pyzbar import pyzbar

    return {r.data.decode("ascii", "replace") for r in pyzbar.decode(image, symbols=[pyzbar.ZBarSymbol.QRCODE])}


def final_cards(px_per_mm: float):
    """Return [(name, card image, payload)] for a few real card fronts from the renderer."""
    from companion.cards.decks import load_deck
    from companion.cards.payloads import new_print
    from companion.printing.render import card_image

    deck = load_deck("bux")
    printed = new_print(deck, "bench", secret=b"bench-secret-0001")
    out = []
    for code in ("heart-x-25", "spade-circle-100", "bux-2", "diamond-square-50"):
        rgb = card_image(printed, code, dpi=px_per_mm * 25.4)
        out.append((code, cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY), printed.payload(code)))
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the measurement and print a Markdown table of read rates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=80)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--final", action="store_true", help="measure the real rendered card fronts")
    args = parser.parse_args(argv)

    if args.final:
        designs = [(name, img, payload, False) for name, img, payload in final_cards(SRC_PX_PER_MM)]
    else:
        designs = [(c.name, mark_image(c, PAYLOAD, SRC_PX_PER_MM), PAYLOAD, not c.micro) for c in CANDIDATES]

    print("| design | scenario | px/mm (min-median) | zxing read | zxing, half covered | zbar read |")
    print("|---|---|---|---|---|---|")
    for scenario in SCENARIOS:
        cam = camera(scenario)
        for name, card, payload, zbar_ok in designs:
            rng = np.random.default_rng(args.seed)
            hits = hits_occ = hits_zbar = 0
            scales = []
            for _ in range(args.trials):
                crop, scale = shoot(card, scenario, cam, rng, occlude=False)
                scales.append(scale)
                hits += payload in read_zxing(crop)
                if zbar_ok:
                    hits_zbar += payload in read_zbar(crop)
                crop, _ = shoot(card, scenario, cam, rng, occlude=True)
                hits_occ += payload in read_zxing(crop)
            n = args.trials
            zbar = f"{100 * hits_zbar / n:.0f}%" if zbar_ok else "n/a"
            print(
                f"| {name} | {scenario.name} | {min(scales):.2f}-{float(np.median(scales)):.2f} "
                f"| {100 * hits / n:.0f}% | {100 * hits_occ / n:.0f}% | {zbar} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
