"""What both event stores write, decided once: the chained events of an append and the keyframes a budget drops.

SQLite and PostgreSQL differ in how a write is made safe (BEGIN IMMEDIATE or
an advisory lock, their placeholders, their errors), not in what is written.
The chain rule (each event numbered after the last, checked against the size
limits, hashed onto the one before) and the keyframe budget (drop the oldest
pictures, never the newest) are the log's contract: kept here, so the two
stores cannot drift apart on them. Each store calls these inside its own
write transaction. Pure: no I/O.
"""

from __future__ import annotations

from typing import Any, Sequence

from companion.errors import StoreError
from companion.store.events import Event, canonical_json, event_hash
from companion.store.limits import check_event


def chain_events(game_id: str, items: Sequence[tuple[str, Any]], source: str, when: str, seq: int, prev: str) -> list[Event]:
    """Return the events that continue a game's chain after its event `seq` (hash `prev`), one per (kind, payload).

    Raises:
        StoreError: an event over the size limits (store.limits.check_event); nothing is to be stored then.
    """
    events = []
    for kind, payload in items:
        seq += 1
        text = canonical_json(payload)
        check_event(kind, source, payload, text)
        digest = event_hash(game_id, seq, when, source, kind, text, prev)
        events.append(Event(game_id, seq, when, source, kind, text, prev, digest))
        prev = digest
    return events


def event_rows(events: list[Event], request_id: str | None = None) -> list[tuple[Any, ...]]:
    """Return the rows of new events for INSERT INTO events (game_id, seq, ..., hash, request_id).

    The client's request id is kept on the first event of the batch only: one
    stored batch per request (the unique index on game and request id).
    """
    return [(e.game_id, e.seq, e.time, e.source, e.kind, e.payload, e.prev_hash, e.hash,
             request_id if index == 0 else None) for index, e in enumerate(events)]


def check_keyframe(jpeg: Any) -> bytes:
    """Return a keyframe's bytes if they are a JPEG (they start with its SOI marker and a segment).

    Raises:
        StoreError: if they are not (a keyframe is evidence a person looks at: a picture, nothing else).
    """
    if not isinstance(jpeg, (bytes, bytearray)) or not bytes(jpeg[:3]) == b"\xff\xd8\xff":
        raise StoreError("a keyframe must be JPEG bytes")
    return bytes(jpeg)


def keyframes_to_drop(frames: list[tuple[int, int]], total: int, limit: int) -> list[int]:
    """Return the ids of a game's oldest keyframes to drop so the rest fit in `limit` bytes; the newest always stays.

    `frames` is (id, size) of every keyframe of the game, oldest first, and
    `total` their bytes.
    """
    drop = []
    for frame_id, size in frames[:-1]:
        if total <= limit:
            break
        drop.append(frame_id)
        total -= size
    return drop
