"""Move games between event stores (a table's SQLite file and a club's PostgreSQL, either way) with the chain intact.

A moved game is the same evidence: every event is copied byte for byte with
its time, source, hash and link, so every seal players noted at the table
still verifies, and `companion audit` gives the same verdict on both sides.
Nothing is re-judged or re-hashed. A game whose chain or stored numbering
is broken is refused (audit it and `companion recover` it first): copying
would launder damage into a store that looks sound. Keyframes keep their ids
(the moves' evidence names them); where an id is taken by another game's
picture in the destination, that picture is left behind and reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.errors import StoreError
from companion.store.events import format_seal
from companion.store.sqlite import verify_chain

if TYPE_CHECKING:  # backends imports this module's callers; the name is for the checker only
    from companion.store.backends import Store


@dataclass(frozen=True)
class Moved:
    """What copying one game did."""

    game_id: str
    events: int
    seal: str | None
    """The head's seal (#N hex), the same in both stores."""
    already: bool = False
    """True if the destination already held this exact game (nothing was written)."""
    pictures_left: tuple[int, ...] = ()
    """Keyframe ids not carried because the destination uses them for another game's pictures."""


def copy_game(source: Store, target: Store, game_id: str) -> Moved:
    """Copy one game from `source` to `target` (open stores of either backend) and return what was done.

    Raises:
        StoreError: the game is damaged in the source, or the destination holds a different game under its id.
    """
    info = source.game_info(game_id)
    problems = source.integrity(game_id)
    if problems:
        raise StoreError(f"game {game_id!r} is not copied: {problems[0]}")
    events = list(source.iter_events(game_id))
    broken = verify_chain(events)
    if broken is not None:
        raise StoreError(f"game {game_id!r} is not copied: its hash chain breaks at event {broken} (run `companion audit`)")
    seal = format_seal(events[-1]) if events else None
    if target.has_game(game_id):
        head = target.head(game_id)
        if events and head is not None and head.seq == events[-1].seq and head.hash == events[-1].hash:
            return Moved(game_id, len(events), seal, already=True)
        raise StoreError(f"game {game_id!r} already exists in the destination with other events: nothing was copied")
    keyframes = {frame_id: source.get_keyframe(frame_id) for frame_id in source.keyframe_ids(game_id)}
    left = target.adopt_game(info, events, source.secrets(game_id), {k: v for k, v in keyframes.items() if v is not None})
    copied = target.events(game_id)
    assert copied == events and verify_chain(copied) is None, f"game {game_id!r}: the copy differs from the source"
    return Moved(game_id, len(events), seal, pictures_left=tuple(left))
