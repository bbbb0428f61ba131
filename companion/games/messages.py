"""Refusals every game shares, worded in English and Russian: player names, seating, record syntax.

Each game's own table (companion/games/<game>/messages.py) falls back to this
one. The sentences are data, in messages.json beside this module; see companion.games.wording for the template syntax.
"""

from __future__ import annotations

from companion.games.wording import Wording, load_tables

_TABLES = load_tables(__name__)
"""This module's sentence tables, kept as data beside it (messages.json): {table name: {id: {language: template}}}."""

MESSAGES: dict[str, dict[str, str]] = _TABLES["MESSAGES"]

FIELDS: dict[str, dict[str, str]] = _TABLES["FIELDS"]
"""How a player names each part of an entry (``{key:field}``): a refusal never shows a record key."""

WORDING = Wording(MESSAGES, words=FIELDS)
"""The shared table; every game's Wording names it as its fallback."""
