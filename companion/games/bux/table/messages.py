"""What BUX's table reader says about the camera's view, by id, in English and Russian (companion.games.wording's syntax).

interpret.py gives each Proposal and Attention a `say` ({"id", "params"}) next
to its English `message`; the camera loop keeps it in the attention item's
evidence, and the tablet words it in the reader's language. The English
`message` stays for the log and the audit. No sentence here names a card, so
nothing hidden can leak through one. The sentences are data, in messages.json beside this module. No Flask.
"""

from __future__ import annotations

from typing import Any

from companion.games.wording import Wording, load_tables
from companion.table.messages import CAMERA

_TABLES = load_tables(__name__)
"""This module's sentence tables, kept as data beside it (messages.json): {table name: {id: {language: template}}}."""

PHRASES: dict[str, dict[str, str]] = _TABLES["PHRASES"]
"""Where a card is, for {where:phrase}: {"phrase": key, **params}."""

MESSAGES: dict[str, dict[str, str]] = _TABLES["MESSAGES"]

W = Wording(MESSAGES, phrases=PHRASES, fallback=CAMERA)
"""BUX's table sentences; the camera loop's wrappers ("confirm: ...") come from the shared table wording."""


def say(id_: str, **params: Any) -> dict:
    """Return a sentence to word later, in any language: {"id", "params"} (plain JSON values only)."""
    assert id_ in MESSAGES, f"no wording for {id_!r}"
    return {"id": id_, "params": params}


def english(said: dict) -> str:
    """Return a said sentence in English, for the log and the audit."""
    return W.say(said["id"], said["params"], "en")
