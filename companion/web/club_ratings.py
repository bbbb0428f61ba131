"""The club pages' ratings: openskill ratings from finished, audit-clean games (companion/club/ratings.py), kept per store state.

The standings page shows each player's overall rating next to their figures;
for one night, the ratings as they stood after that night (every finished
clean game started on or before it). Auditing every game is the slow part:
a table is kept until any game changes, like the standings, and each game's
verdict until that game changes (results.finished_results), so a change at one
table re-audits that table alone.
"""

from __future__ import annotations

import datetime as dt

from flask import current_app

from companion.club import ratings as rating
from companion.club.results import finished_results
from companion.web.broadcast import club_signature
from companion.web.db import get_store

KEPT = 16
"""Rating tables kept per store state (all games and the nights asked for)."""


def overall(night: dt.date | None = None) -> dict[str, dict]:
    """Return {player id: rating as JSON} overall, up to `night` (None: every game)."""
    store = get_store()
    signature = club_signature(store)
    kept = current_app.extensions.get("companion.club_ratings")  # (signature, {night: table}), replaced whole
    if kept is not None and kept[0] == signature and night in kept[1]:
        return kept[1][night]
    roster = current_app.config.get("CLUB_ROSTER")
    verdicts = current_app.extensions.setdefault("companion.club_verdicts", {})  # per game, kept across changes
    results = finished_results(store, None, night, verdicts)[0]
    rated = rating.rate(results, roster.get if roster is not None else None)
    table = {r.player: r.to_json() for r in rating.table(rated)}
    if club_signature(store) == signature:
        tables = kept[1] if kept is not None and kept[0] == signature and len(kept[1]) < KEPT else {}
        current_app.extensions["companion.club_ratings"] = (signature, {**tables, night: table})
    return table
