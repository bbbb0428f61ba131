"""Club nights: a game's night is the local calendar date it was created on.

The store keeps each game's creation time in UTC; a club thinks in evenings
at its own clock, so a night is that time on the machine's local timezone
(the server's, for the web pages). Dates are written YYYY-MM-DD only and read
with the standard library, so "2026-11-20" means one thing everywhere.
"""

from __future__ import annotations

import datetime as dt
import re

from companion.errors import CompanionError

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_night(text: str, what: str = "a night") -> dt.date:
    """Return the date written YYYY-MM-DD in `text`.

    Raises:
        CompanionError: with one sentence naming `what`, if it is not such a date.
    """
    if isinstance(text, str) and _ISO_DATE.fullmatch(text):
        try:
            return dt.date.fromisoformat(text)
        except ValueError as exc:
            raise CompanionError(f"{what} {text!r} is not a date ({exc}): write it YYYY-MM-DD, e.g. 2026-11-20") from None
    raise CompanionError(f"{what} {text!r} is not a date: write it YYYY-MM-DD, e.g. 2026-11-20")


def night_of(created: str) -> dt.date | None:
    """Return the local date a game was created on (its stored UTC time on this machine's clock), or None if unreadable."""
    try:
        when = dt.datetime.fromisoformat(created)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:  # the stores write UTC with its offset; a bare time is taken as UTC too
        when = when.replace(tzinfo=dt.timezone.utc)
    return when.astimezone().date()


def in_nights(created: str, since: dt.date | None, until: dt.date | None) -> bool:
    """Return True if a game created at `created` falls on a night from `since` to `until` (inclusive; None is open)."""
    if since is None and until is None:
        return True
    night = night_of(created)
    return night is not None and (since is None or night >= since) and (until is None or night <= until)


def nights(games: list[dict], limit: int = 12) -> list[dt.date]:
    """Return the nights that have games, newest first, at most `limit` of them."""
    found = {night for g in games if (night := night_of(g.get("created") or "")) is not None}
    return sorted(found, reverse=True)[:limit]
