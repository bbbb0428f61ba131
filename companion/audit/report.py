"""The audit as a self-contained HTML page: inline CSS and SVG, thumbnails as data: URIs.

Opens offline in any browser (nothing is fetched). While a game is still in
progress, what its rules keep private (BUX's card values, say) is hidden by
the game's own audit (companion/games/<game>/audit/), so a mid-game report may be
shown on a shared screen. The frame of the page names no game.
"""

from __future__ import annotations

import datetime as dt
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from companion import __version__
from companion.audit.audit import Audit
from companion.audit.charts import chips_chart
from companion.audit.game_audit import Phase, audit_for
from companion.audit.keyframes import thumbnail_uri
from companion.audit.limits import MAX_REPORT_ANOMALIES, MAX_REPORT_ROWS
from companion.games import find_game
from companion.games.house import played_with_words

_ENV = Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"), autoescape=select_autoescape(["html"]))


def _parse(time: str) -> dt.datetime | None:
    try:
        return dt.datetime.fromisoformat(time)
    except (TypeError, ValueError):
        return None


def _elapsed(start: dt.datetime | None, time: str) -> str:
    when = _parse(time)
    if start is None or when is None:
        return ""
    seconds = int((when - start).total_seconds())
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def time_labels(clock: list[str]) -> list[str]:
    """Return the chart's x labels from each move's h:mm:ss: m:ss within the first hour, h:mm after.

    >>> time_labels(["0:00:00", "0:07:05", "0:59:59"]), time_labels(["0:00:00", "1:30:12"])
    (['00:00', '07:05', '59:59'], ['0:00', '1:30'])
    """
    if clock and clock[-1].startswith("0:"):
        return [c[2:] for c in clock]
    return [c[:-3] for c in clock]


def plural(count: int, one: str, many: str | None = None) -> str:
    """Return the count with its noun: "1 warning", "2 warnings".

    >>> plural(1, "warning"), plural(0, "error"), plural(3, "break")
    ('1 warning', '0 errors', '3 breaks')
    """
    return f"{count} {one if count == 1 else many or one + 's'}"


def render(audit: Audit, *, json_name: str | None = None, thumbnails: bool = True) -> str:
    """Return the report page for an audit."""
    extras = audit_for(audit.game)
    masked = audit.masked
    mask = audit.mask

    start = _parse(audit.start_time)
    applied = [m for m in audit.moves if "number" in m]
    clock = [_elapsed(start, m["time"]) for m in applied]
    # A record imported at once has one time for every move: number the moves instead.
    timed = len(set(clock)) > 1
    labels = time_labels(clock) if timed else [str(m["number"]) for m in applied]
    players = list((audit.final or {}).get("players", {}))
    series = {p: [m["standing"].get(p, 0) for m in applied] for p in players if all(p in m["standing"] for m in applied)}
    phases = [Phase(**m["phase"]) if m.get("phase") else None for m in applied]
    unit = extras.unit
    chart = chips_chart(series, phases=phases if any(phases) else None, labels=labels, unit=unit,
                        axis="move (time since the deal)" if timed else "move") if series else ""
    sections = extras.sections(phases, labels, audit.flow) if extras.sections else []
    thumbs = _thumbnails(audit) if thumbnails else {}
    by_seq: dict[int, list] = {}
    for anomaly in audit.anomalies:
        if anomaly.seq is not None:
            by_seq.setdefault(anomaly.seq, []).append(anomaly)
    rows = []
    for m in audit.moves[:MAX_REPORT_ROWS]:
        evidence = m.get("evidence") or {}
        keyframe = evidence.get("keyframe")
        rows.append({
            "seq": m["seq"], "number": m.get("number"), "elapsed": _elapsed(start, m["time"]), "source": m["source"],
            "text": mask(m.get("text", "")), "undone": m["undone"], "failed": m.get("failed", False),
            "standing": m.get("standing", {}), "badge": (m.get("phase") or {}).get("label", ""),
            "thumb": thumbs.get(keyframe) if isinstance(keyframe, int) else None, "keyframe": keyframe,
            "observations": evidence.get("observations") or [], "flags": by_seq.get(m["seq"], []),
        })
    final = audit.final or {}
    last = applied[-1]["standing"] if applied else {}
    winners = set(final.get("winners", []))
    # Winners first (the cat auction's winner need not hold the most cards), then by the number the chart follows.
    standings = sorted(final.get("players", {}).items(), key=lambda item: (item[0] not in winners, -last.get(item[0], 0)))
    end = _parse(audit.moves[-1]["time"]) if audit.moves else None
    setup: dict = next((m["line"] for m in audit.moves if (m.get("line") or {}).get("type") == "setup"), {})
    try:
        title = find_game(audit.game).title
    except ValueError:
        title = audit.game
    return _ENV.get_template("report.html").render(
        audit=audit, title=title, rows=rows, standings=standings, last=last, winners=final.get("winners", []),
        chart=Markup(chart), sections=sections, shading=extras.shading, columns=extras.columns,
        masked=masked, hidden_note=extras.hidden_note, json_name=json_name, timed=timed, camera=extras.camera_read,
        plural=plural,
        counts=audit.counts(), anomalies=[(a, mask(a.message)) for a in audit.anomalies[:MAX_REPORT_ANOMALIES]], unit=unit,
        more_anomalies=max(0, len(audit.anomalies) - MAX_REPORT_ANOMALIES), more_rows=max(0, len(audit.moves) - MAX_REPORT_ROWS),
        started=start.strftime("%d %b %Y, %H:%M") if start else "", duration=_elapsed(start, audit.moves[-1]["time"]) if end else "",
        version=__version__, players=players, mask=mask, played_with=played_with_words(audit.game, setup.get("rules")),
    )


def _thumbnails(audit: Audit) -> dict[int, str]:
    """Return keyframe id -> thumbnail data URI for every move that names a stored keyframe (decoded in parallel)."""
    ids = sorted({i for m in audit.moves if isinstance(i := (m.get("evidence") or {}).get("keyframe"), int)})

    def one(frame_id: int) -> tuple[int, str | None]:
        return frame_id, thumbnail_uri(audit.keyframe(frame_id))

    if not ids:
        return {}
    # Reading keyframes shares one SQLite connection; decode/encode (OpenCV, GIL released) runs on two threads.
    blobs = {i: audit.keyframe(i) for i in ids}
    with ThreadPoolExecutor(max_workers=2) as pool:
        pairs = pool.map(lambda i: (i, thumbnail_uri(blobs[i])), ids)
        return {i: uri for i, uri in pairs if uri}
