"""Size limits that keep an audit or an import bounded whatever file it is given.

A real game is small: the longest legal BUX game we can build (2,000 moves,
4 hours, the benchmark) is a 0.4 MB record whose longest line is under
1 KB; its full events log, a million camera observations included, is
204,000 events. The limits sit far above that and far below what exhausts a
machine, and each refusal is one sentence naming the limit.
"""

from __future__ import annotations

from pathlib import Path

from companion.errors import RecordError

MAX_RECORD_BYTES = 16 * 1024 * 1024
"""A plain record (moves only) at most 16 MiB: 40 times the 4-hour game."""
MAX_LINE_BYTES = 1024 * 1024
"""One line of a record or events file at most 1 MiB: a setup is under 1 KB, an event with its evidence a few KB."""
MAX_KEPT = 50_000
"""Moves, undos, corrections and camera changes the audit keeps for its report (the 4-hour game keeps ~4,000).
Past it the chain is still checked to the end in constant memory; the rest is counted and reported as an error."""
MAX_REPORT_ROWS = 5_000
"""Move rows in the HTML report (the 4-hour game has 2,000); the JSON keeps every kept move."""
MAX_REPORT_ANOMALIES = 1_000
"""Anomalies listed in the HTML report and printed; the rest are summed up in one "and N more" line."""
MAX_JSON_ANOMALIES = 20_000
"""Anomalies written to the JSON next to the report."""


def check_record_file(path: str | Path) -> None:
    """Refuse a record file too big to be a game, before reading it.

    Raises:
        RecordError: one sentence with the limit, if the file or one of its lines is too long.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError:
        return  # the reader says why it cannot read the file
    if size > MAX_RECORD_BYTES:
        raise RecordError(f"{path.name} is {size / 1e6:.0f} MB: a game record is at most {MAX_RECORD_BYTES // (1024 * 1024)} MiB "
                          "(a 4-hour game is 0.4 MB), so it is not read", line=1)
    check_lines(path)


def check_lines(path: Path) -> None:
    """Refuse a file with a line longer than MAX_LINE_BYTES (read in bounded pieces).

    Raises:
        RecordError: at the first line that is too long.
    """
    try:
        with path.open("rb") as handle:
            for number, line in enumerate(iter(lambda: handle.readline(MAX_LINE_BYTES + 1), b""), start=1):
                if len(line) > MAX_LINE_BYTES:
                    raise RecordError(f"the line is longer than {MAX_LINE_BYTES // 1024} KiB: no move or setup is that long",
                                      line=number)
    except OSError:
        return
