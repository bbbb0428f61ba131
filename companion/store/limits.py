"""The log holds moves, not payloads: a size limit on every field of every stored event.

Every event is kept for good and hashed into the chain, and every audit
reads all of them. A refused entry used to be stored whole, so one token
holder's 15 MB player name stayed in the permanent log, made the audit of a
7-event game take 8.6 s and 1.9 GB, and made `recover` write a line that
`audit` (1 MiB a line) then refused. So the store's append path refuses an
event over MAX_EVENT_BYTES or with any text over MAX_TEXT_CHARS, and a refused
entry is stored as bounded_refusal(): a digest and a short excerpt of what was
sent, never the payload itself.

Real events are far below the limits: a move with its camera evidence is a
few KB, a setup under 1 KB, the longest text a sentence or a dice seed.
"""

from __future__ import annotations

import hashlib
from typing import Any

from companion.errors import StoreError

MAX_EVENT_BYTES = 64 * 1024
"""A stored payload (canonical JSON, UTF-8) at most 64 KiB; a dumped line of it stays far under the audit's 1 MiB."""
MAX_TEXT_CHARS = 4096
"""Any one text in a payload (a key or a value) at most 4,096 characters; names, cards and sentences are short."""
MAX_NAME_CHARS = 32
"""An event's kind and source at most 32 characters (they are words: "move", "tablet")."""
REFUSED_LINE_BYTES = 2048
"""A refused line up to 2 KiB is kept whole (the audit and the history name what was refused); a longer one is cut."""
EXCERPT_CHARS = 200
"""Characters of a cut refused line kept as its excerpt."""
MESSAGE_CHARS = 500
"""Characters of a refusal's sentence kept (a sentence that quotes a huge name is cut)."""


class EventTooLarge(StoreError):
    """An event over a size limit: nothing is stored."""

    status = 413
    rule = "store.too_large"


def clip(text: str, limit: int) -> str:
    """Return `text` cut to `limit` characters, marked with an ellipsis when cut.

    >>> clip("abcdef", 4)
    'abc…'
    """
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _longest_text(value: Any) -> int:
    """Return the length of the longest key or string anywhere in a JSON value (iteratively: no recursion limit)."""
    longest = 0
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            longest = max(longest, len(item))
        elif isinstance(item, dict):
            for key, inner in item.items():
                longest = max(longest, len(str(key)))
                pending.append(inner)
        elif isinstance(item, (list, tuple)):
            pending.extend(item)
    return longest


def check_event(kind: str, source: str, payload: Any, text: str) -> None:
    """Refuse an event whose kind, source, any text or whole payload (`text`, its canonical JSON) is over its limit.

    Raises:
        EventTooLarge: with one sentence naming the limit; the caller stores nothing.
    """
    if len(kind) > MAX_NAME_CHARS or len(source) > MAX_NAME_CHARS:
        raise EventTooLarge(f"an event's kind and source are at most {MAX_NAME_CHARS} characters; nothing was stored")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_EVENT_BYTES:
        raise EventTooLarge(f"this entry is {size // 1024} KiB, more than the {MAX_EVENT_BYTES // 1024} KiB "
                            "one stored event may hold; nothing was stored")
    if _longest_text(payload) > MAX_TEXT_CHARS:
        raise EventTooLarge(f"a text in this entry is longer than {MAX_TEXT_CHARS} characters; nothing was stored")


def bounded_refusal(line: Any, message: str, rule: str | None, text: str) -> dict[str, Any]:
    """Return the `rejected` event's payload for a refused line: whole if small, else its digest and an excerpt.

    `text` is the line's canonical JSON. A small line is kept as it came (the
    history and the audit say what was refused); a large one keeps its type,
    the SHA-256 and size of what was sent, and its first EXCERPT_CHARS characters.
    """
    payload: dict[str, Any] = {"message": clip(str(message), MESSAGE_CHARS),
                               "rule": clip(rule, MAX_NAME_CHARS * 2) if isinstance(rule, str) else None}
    size = len(text.encode("utf-8", "surrogatepass"))
    if size <= REFUSED_LINE_BYTES and _longest_text(line) <= MAX_TEXT_CHARS:
        return {"line": line, **payload}
    kept = {}
    if isinstance(line, dict):
        kept = {k: line[k] for k in ("type", "player") if isinstance(line.get(k), str) and len(line[k]) <= 64}
    return {"line": kept, "cut": {"sha256": hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(), "bytes": size,
                                  "excerpt": clip(text, EXCERPT_CHARS)}, **payload}
