"""Inline SVG charts for the audit report: each player's number over time, with the game's phases.

Plain SVG strings (no JavaScript, no fonts to fetch), so the report opens
offline in any browser and prints. Pure: data in, markup out.
"""

from __future__ import annotations

from html import escape
from typing import Any

from companion.audit.game_audit import Phase

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
SHADE_FILL = "#fde2c4"


def nice_step(span: float, ticks: int = 5) -> float:
    """Return a round grid step (1, 2 or 5 times a power of ten) giving about `ticks` lines over `span`.

    >>> nice_step(1000), nice_step(73), nice_step(0)
    (200, 20, 1)
    """
    if span <= 0:
        return 1
    raw = span / ticks
    power = 10 ** (len(str(int(raw))) - 1) if raw >= 1 else 1
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return factor * power
    return 10 * power


def shaded_spans(phases: list[Phase | None]) -> list[tuple[int, int, str]]:
    """Return [start, end) move-number ranges the game shades (after move i, before move i+1), each with its label.

    >>> shaded_spans([Phase(), Phase(shaded=True, label="hot"), Phase(shaded=True, label="hot"), None])
    [(1, 3, 'hot')]
    """
    spans, start = [], None
    for i, item in enumerate(phases):
        on = bool(item and item.shaded)
        if on and start is None:
            start = i
        elif not on and start is not None:
            spans.append((start, i, (phases[start] or Phase()).label))  # shaded, so a Phase
            start = None
    if start is not None:
        spans.append((start, len(phases), (phases[start] or Phase()).label))
    return spans


def chips_chart(series: dict[str, list[float]], *, phases: list[Phase | None] | None = None, labels: list[str] | None = None,
                width: int = 960, height: int = 320, unit: str = "score", axis: str = "move (time since the deal)") -> str:
    """Return an SVG line chart of each player's number after every move (x = move number).

    When the game gives `phases`, its shaded stretches are shaded and each change of stage is a dashed line.
    A tick whose label says what the tick before it said (two moves in the same minute) is left out.
    """
    left, right, top, bottom = 56, 120, 14, 34
    n = max((len(v) for v in series.values()), default=0)
    if n == 0:
        return ""
    top_value = max((max(v) for v in series.values() if v), default=1) or 1
    low_value = min(0, min((min(v) for v in series.values() if v), default=0))  # a score may fall below 0 (match)
    step = nice_step(max(top_value, 0) - low_value)
    y_max = step * (int(max(top_value, 0) // step) + 1)
    y_min = -step * -(low_value // step) if low_value < 0 else 0
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(i: float) -> float:
        return left + plot_w * (i / max(n - 1, 1))

    def y(v: float) -> float:
        return top + plot_h * (1 - (v - y_min) / (y_max - y_min))

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" class="chart" role="img" '
           f'aria-label="{escape(unit)} over time">']
    for start, end, label in shaded_spans(phases or []):
        out.append(f'<rect x="{x(start):.1f}" y="{top}" width="{max(x(min(end, n - 1)) - x(start), 2):.1f}" height="{plot_h}" '
                   f'fill="{SHADE_FILL}"><title>{escape(label)}</title></rect>')
    value = y_min
    while value <= y_max:
        out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(value):.1f}" y2="{y(value):.1f}" class="grid"/>')
        out.append(f'<text x="{left - 6}" y="{y(value) + 4:.1f}" text-anchor="end" class="tick">{value:g}</text>')
        value += step
    staged = phases or []
    for i in stage_changes(staged):
        stage = staged[i]
        out.append(f'<line x1="{x(i):.1f}" x2="{x(i):.1f}" y1="{top}" y2="{top + plot_h}" class="deck"/>')
        out.append(f'<text x="{x(i) + 3:.1f}" y="{top + 11}" class="tick">{escape(str(stage.stage if stage else ""))}</text>')
    xstep = nice_step(n - 1, 8)
    i = 0
    said = None
    while i < n:
        label = labels[i] if labels and i < len(labels) else str(i)
        if label != said:
            out.append(f'<text x="{x(i):.1f}" y="{height - bottom + 16}" text-anchor="middle" class="tick">{escape(label)}</text>')
            said = label
        i += int(xstep)
    out.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 2}" text-anchor="middle" class="axis">{escape(axis)}</text>')
    ends: list[list[Any]] = []  # [label height, name, last value, colour]
    for k, (name, values) in enumerate(series.items()):
        colour = PALETTE[k % len(PALETTE)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2" stroke-linejoin="round"/>')
        if values:
            ends.append([y(values[-1]), name, values[-1], colour])
    # Label each line at its end; push labels apart so they never overlap.
    ends.sort()
    for k in range(1, len(ends)):
        ends[k][0] = max(ends[k][0], ends[k - 1][0] + 15)
    for pos, name, last, colour in ends:
        out.append(f'<text x="{left + plot_w + 8}" y="{pos + 4:.1f}" fill="{colour}" class="end">{escape(name)} {last:g}</text>')
    out.append("</svg>")
    return "".join(out)


def stage_changes(phases: list[Phase | None]) -> list[int]:
    """Return the move numbers after which the game's stage differs from the move before.

    >>> stage_changes([Phase(stage="deck 1"), Phase(stage="deck 1"), Phase(stage="deck 2"), None])
    [2]
    """
    return [i for i in range(1, len(phases)) if (now := phases[i]) and (before := phases[i - 1]) and now.stage != before.stage]
