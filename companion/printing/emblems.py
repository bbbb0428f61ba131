"""Suit emblems: heart, spade, club and diamond drawn as vector paths on a backing shape.

Why: a font's suit glyphs may be missing or drawn differently on each system;
paths print the same everywhere and stay sharp at any printer resolution. Each
sub-shape is its own path under a white halo, so no winding rule punches holes
and the symbol reads on its tinted shape (circle, oval, square or x).
"""

from __future__ import annotations

from typing import Callable

from reportlab.lib.colors import Color, white

from companion.printing.design import tint
from companion.printing.pen import CardPen


def _heart(part, s):
    p = part()
    p.moveTo(0, 0.47 * s)
    p.curveTo(-0.2 * s, 0.3 * s, -0.5 * s, 0.05 * s, -0.5 * s, -0.2 * s)
    p.curveTo(-0.5 * s, -0.42 * s, -0.3 * s, -0.5 * s, -0.22 * s, -0.5 * s)
    p.curveTo(-0.1 * s, -0.5 * s, -0.02 * s, -0.42 * s, 0, -0.32 * s)
    p.curveTo(0.02 * s, -0.42 * s, 0.1 * s, -0.5 * s, 0.22 * s, -0.5 * s)
    p.curveTo(0.3 * s, -0.5 * s, 0.5 * s, -0.42 * s, 0.5 * s, -0.2 * s)
    p.curveTo(0.5 * s, 0.05 * s, 0.2 * s, 0.3 * s, 0, 0.47 * s)
    p.close()


def _spade(part, s):
    p = part()
    # An upside-down heart (point up) on a flared stem.
    p.moveTo(0, -0.5 * s)
    p.curveTo(-0.2 * s, -0.3 * s, -0.47 * s, -0.1 * s, -0.47 * s, 0.12 * s)
    p.curveTo(-0.47 * s, 0.3 * s, -0.3 * s, 0.36 * s, -0.2 * s, 0.36 * s)
    p.curveTo(-0.1 * s, 0.36 * s, -0.04 * s, 0.3 * s, -0.02 * s, 0.24 * s)
    p.curveTo(-0.04 * s, 0.38 * s, -0.1 * s, 0.46 * s, -0.18 * s, 0.5 * s)
    p.lineTo(0.18 * s, 0.5 * s)
    p.curveTo(0.1 * s, 0.46 * s, 0.04 * s, 0.38 * s, 0.02 * s, 0.24 * s)
    p.curveTo(0.04 * s, 0.3 * s, 0.1 * s, 0.36 * s, 0.2 * s, 0.36 * s)
    p.curveTo(0.3 * s, 0.36 * s, 0.47 * s, 0.3 * s, 0.47 * s, 0.12 * s)
    p.curveTo(0.47 * s, -0.1 * s, 0.2 * s, -0.3 * s, 0, -0.5 * s)
    p.close()


def _club(part, s):
    r = 0.2 * s
    for cx, cy in ((0, -0.27 * s), (-0.25 * s, 0.06 * s), (0.25 * s, 0.06 * s)):
        part().circle(cx, cy, r)
    part().circle(0, -0.02 * s, 0.12 * s)
    p = part()
    p.moveTo(-0.05 * s, 0.0)
    p.curveTo(-0.04 * s, 0.25 * s, -0.1 * s, 0.42 * s, -0.18 * s, 0.5 * s)
    p.lineTo(0.18 * s, 0.5 * s)
    p.curveTo(0.1 * s, 0.42 * s, 0.04 * s, 0.25 * s, 0.05 * s, 0.0)
    p.close()


def _diamond(part, s):
    p = part()
    p.moveTo(0, -0.5 * s)
    p.curveTo(0.12 * s, -0.3 * s, 0.25 * s, -0.12 * s, 0.38 * s, 0)
    p.curveTo(0.25 * s, 0.12 * s, 0.12 * s, 0.3 * s, 0, 0.5 * s)
    p.curveTo(-0.12 * s, 0.3 * s, -0.25 * s, 0.12 * s, -0.38 * s, 0)
    p.curveTo(-0.25 * s, -0.12 * s, -0.12 * s, -0.3 * s, 0, -0.5 * s)
    p.close()


SUITS: dict[str, Callable] = {"heart": _heart, "spade": _spade, "club": _club, "diamond": _diamond}


def _shape_path(p, shape: str, s: float) -> bool:
    if shape == "circle":
        p.circle(0, 0, 0.48 * s)
    elif shape == "oval":
        p.ellipse(-0.5 * s, -0.31 * s, 1.0 * s, 0.62 * s)
    elif shape == "square":
        p.rect(-0.42 * s, -0.42 * s, 0.84 * s, 0.84 * s)
    elif shape == "x":
        # Two thick diagonal bars as one outline (a 12-point cross).
        a, b = 0.5 * s, 0.13 * s
        pts = [(-a, -a + b * 1.4), (-a + b * 1.4, -a), (0, -b * 1.4), (a - b * 1.4, -a), (a, -a + b * 1.4),
               (b * 1.4, 0), (a, a - b * 1.4), (a - b * 1.4, a), (0, b * 1.4), (-a + b * 1.4, a),
               (-a, a - b * 1.4), (-b * 1.4, 0)]
        p.moveTo(*pts[0])
        for pt in pts[1:]:
            p.lineTo(*pt)
        p.close()
    else:
        return False
    return True


def draw_emblem(pen: CardPen, cx: float, cy: float, size: float, suit: str, shape: str, col: Color, rotate180=False):
    """Draw the suit symbol backed by its shape, centred at (cx, cy), size mm across."""
    c = pen.c
    c.saveState()
    c.translate(cx, cy)
    if rotate180:
        c.rotate(180)
    p = c.beginPath()
    if _shape_path(p, shape, size):
        c.setFillColor(tint(col, 0.22))
        c.setStrokeColor(tint(col, 0.75))
        c.setLineWidth(0.5)
        c.drawPath(p, stroke=1, fill=1)
    draw_symbol = SUITS.get(suit)
    if draw_symbol:
        # Each sub-shape is its own path (no winding-rule holes); a white halo first, then the fills.
        parts = []

        def new_part():
            parts.append(c.beginPath())
            return parts[-1]

        draw_symbol(new_part, size * 0.52)
        c.setStrokeColor(white)
        c.setLineWidth(1.2)
        c.setLineJoin(1)
        for part in parts:
            c.drawPath(part, stroke=1, fill=0)
        c.setFillColor(col)
        for part in parts:
            c.drawPath(part, stroke=0, fill=1)
    c.restoreState()
