"""The table's dice for any game: commit to a seed, roll from it, type in physical dice, reveal.

The seed is chosen when the game is created and sits in the store's secrets
table (companion/store/game_secrets.py) until the reveal; every screen shows
its commitment from the start. Store events (hash-chained with the game):
`seed` {"commitment"} once, stored by the first roll ahead of its `dice`
event (or by `serve` opening the game); `dice` {"number", "count", "sides",
"values", "physical"} per roll; `seed_reveal` {"seed"} once the game is
over, stored by the move that ends it (GameSession.write). A read stores
none of them. Roll numbers count every roll,
digital or physical; the session's expected-seq write keeps them unique
across threads and processes.
"""

from __future__ import annotations

import secrets
from typing import Any

from companion import dice
from companion.errors import StorageFault, StoreError
from companion.games.messages import WORDING as COMMON
from companion.store.events import DICE, SEED, SEED_REVEAL, Event
from companion.store.game_secrets import DICE_SEED
from companion.store.session import GameSession

SEED_NAME = DICE_SEED
REVEAL = SEED_REVEAL


def _of(events: list[Event], kind: str) -> list[dict]:
    return [e.data | {"seq": e.seq, "time": e.time, "source": e.source} for e in events if e.kind == kind]


class DiceService:
    """Dice of one stored game; every event goes through the game session's write path.

    Roll numbers are counted from the events the write was judged against, so
    two tablets rolling at once never store two rolls with one number: the
    second is judged again after the first is stored.
    """

    def __init__(self, session: GameSession):
        self.session = session
        self.store = session.store
        self.game_id = session.game_id

    def ensure_seed(self) -> str | None:
        """Return the seed's commitment, choosing the seed and storing the `seed` event if needed.

        A write's helper (a roll, `serve` opening a game stored before games were created
        with their seed), never a read's. None only when no seed was ever committed and nothing can be stored (read-only storage, a damaged game).
        """
        done = _of(self.session.events_of(SEED), SEED)
        if done:
            return done[0]["commitment"]
        if self.store.read_only or self.session.damage is not None:
            return None  # nothing can be stored: the page still shows the game, without dice
        seed = self.store.get_secret(self.game_id, SEED_NAME)
        if seed is None:
            try:
                self.store.put_secret(self.game_id, SEED_NAME, secrets.token_hex(32))
            except StoreError:
                pass  # another request chose it first; theirs is kept
            seed = self.store.get_secret(self.game_id, SEED_NAME)
            if seed is None:
                raise StorageFault("the dice seed cannot be stored: nothing was stored; try again")
        digest = dice.commitment(bytes.fromhex(seed))

        def decide(_folded, events: list[Event]) -> list[tuple[str, Any]]:
            return [] if _of(events, SEED) else [(SEED, {"commitment": digest})]

        self.session.write(decide, source="system")
        return _of(self.session.events_of(SEED), SEED)[0]["commitment"]

    def roll_items(self, events: list[Event], count: int, sides: int, *, first_number: int | None = None) -> list[tuple[str, Any]]:
        """Return the `dice` event of the next digital roll after `events` (for a caller's own write).

        Raises:
            RuleViolation: dice.bad_roll for a count or sides out of range; dice.revealed after the reveal.
        """
        _validate(count, sides)
        _refuse_after_reveal(events)
        number = first_number or len(_of(events, DICE)) + 1
        secret = self.store.get_secret(self.game_id, SEED_NAME)
        assert secret is not None, "a game that rolls dice keeps its seed from the start"
        seed = bytes.fromhex(secret)
        values = dice.roll(seed, number, count, sides)
        return [(DICE, {"number": number, "count": count, "sides": sides, "values": list(values), "physical": False})]

    def physical_items(self, events: list[Event], values: object, sides: object, *, first_number: int | None = None) -> list[tuple[str, Any]]:
        """Return the `dice` event of dice rolled by hand after `events` (for a caller's own write).

        Raises:
            RuleViolation: dice.bad_values if a value is not a whole number from 1 to sides; dice.revealed.
        """
        if not isinstance(values, list) or not values:
            raise COMMON.violation("dice.bad_values", why="missing")
        _validate(len(values), sides)
        assert isinstance(sides, int), "_validate refused sides that are not a whole number"
        for value in values:
            if isinstance(value, bool) or not isinstance(value, (int, str)) or value == "":
                raise COMMON.violation("dice.bad_values", why="missing")
            if not isinstance(value, int) or not 1 <= value <= sides:
                raise COMMON.violation("dice.bad_values", why="face", value=value, sides=sides)
        _refuse_after_reveal(events)
        number = first_number or len(_of(events, DICE)) + 1
        return [(DICE, {"number": number, "count": len(values), "sides": sides, "values": values, "physical": True})]

    def roll(self, count: int, sides: int, *, source: str = "tablet") -> dict:
        """Roll digital dice from the seed, store the `dice` event and return its payload.

        Raises:
            RuleViolation: dice.bad_roll for a count or sides out of range; dice.revealed after the reveal.
        """
        _validate(count, sides)
        self.ensure_seed()
        return self.session.write(lambda _f, events: self.roll_items(events, count, sides), source=source)[0].data

    def enter_physical(self, values: object, sides: object, *, source: str = "tablet") -> dict:
        """Store dice rolled by hand at the table and return the payload.

        Raises:
            RuleViolation: dice.bad_values if a value is not a whole number from 1 to sides.
        """
        return self.session.write(lambda _f, events: self.physical_items(events, values, sides), source=source)[0].data

    def reveal(self) -> str | None:
        """Reveal the seed (store `seed_reveal` once) and return it; None if it was never committed (no digital roll).

        The move that ends a game reveals it already; this is the tablet's catch-up (POST .../dice/reveal).
        """
        seed = self.store.get_secret(self.game_id, SEED_NAME)
        if seed is None or not self.session.events_of(SEED):
            return None
        if self.store.read_only or self.session.damage is not None:
            revealed = _of(self.session.events_of(REVEAL), REVEAL)
            return revealed[0]["seed"] if revealed else None

        def decide(_folded, events: list[Event]) -> list[tuple[str, Any]]:
            return [] if _of(events, REVEAL) else [(REVEAL, {"seed": seed})]

        self.session.write(decide, source="system")
        return seed

    def summary(self, limit: int = 12) -> dict:
        """Return the commitment, the revealed seed (or None) and the latest rolls, newest first.

        Before the first roll stores it, the commitment is the stored seed's hash (the same the roll will
        store; the seed never changes): shown from the start, and reading it stores nothing.
        """
        events = self.session.events_of(SEED, REVEAL, DICE)
        commits = _of(events, SEED)
        reveals = _of(events, REVEAL)
        rolls = _of(events, DICE)
        for item in rolls:
            item["call"] = dice.call_out(tuple(item["values"]), item["sides"])
        if commits:
            committed = commits[0]["commitment"]
        else:
            seed = self.store.get_secret(self.game_id, SEED_NAME)
            committed = dice.commitment(bytes.fromhex(seed)) if seed is not None else None
        return {
            "commitment": committed,
            "seed": reveals[0]["seed"] if reveals else None,
            "rolls": list(reversed(rolls))[:limit],
            "total_rolls": len(rolls),
        }


def _refuse_after_reveal(events: list[Event]) -> None:
    if _of(events, REVEAL):
        raise COMMON.violation("dice.revealed")


def _validate(count: object, sides: object) -> None:
    """Refuse a count or sides out of range with a sentence (dice.check_roll's own message names Python values)."""
    try:
        dice.check_roll(count, sides)
    except ValueError:
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= dice.MAX_DICE:
            raise COMMON.violation("dice.bad_roll", why="count", maximum=dice.MAX_DICE) from None
        raise COMMON.violation("dice.bad_roll", why="sides", maximum=dice.MAX_SIDES) from None
