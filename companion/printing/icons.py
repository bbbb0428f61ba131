"""Vector card icons (warning triangles and kin), drawn as paths so no font glyph can go missing.

Why: Grow Your Assets cards carry warning and red warning icons that decide
how often a player rolls; a font's warning sign may be absent or drawn
differently on each system. Each icon sits on a white disc, so it reads on
any card colour (a red warning on a red card). The icons differ in fill
lightness as well as hue (yellow with a dark mark vs red with a white mark),
so colour-blind players can tell them apart.

Coordinates are those of the canvas passed in (the card pen's: mm, y down).
Pure drawing: no layout decisions beyond one icon's own shape.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

SHAPES = ("triangle", "circle", "diamond", "octagon")


@dataclass(frozen=True)
class IconStyle:
    """How one named icon looks: a shape filled and outlined, with an optional "!" mark."""

    shape: str
    fill: Color
    outline: Color
    glyph: Color | None
    """Colour of the vector "!" inside the shape; None for no mark."""


def _outline_path(c: Canvas, shape: str, s: float):
    """Return the path of a shape of width s centred at the origin (y down)."""
    p = c.beginPath()
    if shape == "triangle":
        p.moveTo(0, -0.46 * s)
        p.lineTo(0.5 * s, 0.4 * s)
        p.lineTo(-0.5 * s, 0.4 * s)
        p.close()
    elif shape == "circle":
        p.circle(0, 0, 0.45 * s)
    elif shape == "diamond":
        p.moveTo(0, -0.5 * s)
        p.lineTo(0.5 * s, 0)
        p.lineTo(0, 0.5 * s)
        p.lineTo(-0.5 * s, 0)
        p.close()
    elif shape == "octagon":
        r = 0.48 * s
        for k in range(8):
            a = math.pi / 8 + k * math.pi / 4
            (p.moveTo if k == 0 else p.lineTo)(r * math.cos(a), r * math.sin(a))
        p.close()
    else:
        raise ValueError(f"unknown icon shape {shape!r}; known: {', '.join(SHAPES)}")
    return p


def draw_icon(c: Canvas, cx: float, cy: float, size: float, style: IconStyle) -> None:
    """Draw an icon on its white disc, the disc size across, centred at (cx, cy)."""
    c.saveState()
    c.translate(cx, cy)
    c.setFillColor(white)
    c.circle(0, 0, size / 2, stroke=0, fill=1)
    s = size * 0.78
    # The triangle's visual centre sits below its box centre: nudge it down a little.
    dy = 0.04 * s if style.shape == "triangle" else 0.0
    c.translate(0, dy)
    c.setLineJoin(1)
    c.setLineWidth(max(0.25, 0.07 * s))
    c.setStrokeColor(style.outline)
    c.setFillColor(style.fill)
    c.drawPath(_outline_path(c, style.shape, s), stroke=1, fill=1)
    if style.glyph is not None:
        # "!" as a tapered bar and a dot, lower in a triangle where the room is.
        top, bottom = (-0.2 * s, 0.14 * s) if style.shape == "triangle" else (-0.28 * s, 0.08 * s)
        bar = c.beginPath()
        bar.moveTo(-0.065 * s, top)
        bar.lineTo(0.065 * s, top)
        bar.lineTo(0.035 * s, bottom)
        bar.lineTo(-0.035 * s, bottom)
        bar.close()
        c.setFillColor(style.glyph)
        c.drawPath(bar, stroke=0, fill=1)
        c.circle(0, bottom + 0.1 * s, 0.055 * s, stroke=0, fill=1)
    c.restoreState()
