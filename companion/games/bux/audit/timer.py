"""The BUX timer strip of the audit report: 0, 1, 2 (Double-BUX) timer cards after each move, per deck.

Plain SVG (no script, no font to fetch), like the shared chart beside it.
"""

from __future__ import annotations

from html import escape

FILLS = {0: "#e8eef3", 1: "#c7d7e6", 2: "#f4a259"}


def timer_strip(timers: list[dict | None], labels: list[str] | None = None, *, width: int = 960, height: int = 64) -> str:
    """Return an SVG strip of the timer after each move ({"deck", "timer", "double"} or None), or "" for no moves."""
    left, right = 56, 120
    n = len(timers)
    if n == 0:
        return ""
    plot_w = width - left - right

    def x(i: float) -> float:
        return left + plot_w * (i / max(n - 1, 1))

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" class="chart" role="img" aria-label="timer">']
    for i, item in enumerate(timers):
        if not item:
            continue
        x0, x1 = x(i), x(min(i + 1, n - 1)) if i + 1 < n else x(i) + 2
        title = f"deck {item['deck']}, timer {item['timer']}/3{', Double-BUX' if item['double'] else ''}"
        out.append(f'<rect x="{x0:.1f}" y="8" width="{max(x1 - x0, 1):.2f}" height="26" fill="{FILLS.get(item["timer"], "#999")}">'
                   f'<title>{escape(title)}</title></rect>')
        before = timers[i - 1] if i else None
        if before and before["deck"] != item["deck"]:
            out.append(f'<line x1="{x0:.1f}" x2="{x0:.1f}" y1="2" y2="40" class="deck"/>')
    starts = [0] + [i for i in range(1, n) if (now := timers[i]) and (before := timers[i - 1]) and now["deck"] != before["deck"]]
    for i in starts:
        first = timers[i]
        out.append(f'<text x="{x(i) + 3:.1f}" y="26" class="tick">deck {first["deck"] if first else "?"}</text>')
    legend = [(0, "no timer card"), (1, "1 timer card"), (2, "Double-BUX")]
    for k, (level, text) in enumerate(legend):
        out.append(f'<rect x="{left + k * 150}" y="44" width="14" height="12" fill="{FILLS[level]}"/>'
                   f'<text x="{left + k * 150 + 20}" y="55" class="tick">{text}</text>')
    out.append("</svg>")
    return "".join(out)
