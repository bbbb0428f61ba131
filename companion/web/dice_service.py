"""The table's dice for any game: commit to a seed, roll from it, type in physical dice, reveal.

Store events (hash-chained with the game): `seed` {"commitment"} once, at game
start; `dice` {"number", "count", "sides", "values", "physical"} per roll;
`seed_reveal` {"seed"} once the game is over. The seed itself sits in the
store's secrets table until the reveal. Roll numbers count every roll,
digital or physical; a process-wide lock keeps them unique (one server
process writes a game).
"""

from __future__ import annotations

import secrets
import threading

from companion import dice
from companion.errors import RuleViolation
from companion.store.sqlite import EventStore

SEED_NAME = "dice_seed"
SEED, DICE, REVEAL = "seed", "dice", "seed_reveal"
_LOCK = threading.Lock()


class DiceService:
    """Dice of one stored game."""

    def __init__(self, store: EventStore, game_id: str):
        self.store = store
        self.game_id = game_id

    def _events(self, kind: str) -> list[dict]:
        return [e.data | {"seq": e.seq, "time": e.time, "source": e.source}
                for e in self.store.events(self.game_id) if e.kind == kind]

    def ensure_seed(self) -> str:
        """Return the seed's commitment, choosing the seed and storing the `seed` event if needed."""
        with _LOCK:
            done = self._events(SEED)
            if done:
                return done[0]["commitment"]
            seed = self.store.get_secret(self.game_id, SEED_NAME)
            if seed is None:
                seed = secrets.token_hex(32)
                self.store.put_secret(self.game_id, SEED_NAME, seed)
            digest = dice.commitment(bytes.fromhex(seed))
            self.store.append(self.game_id, SEED, {"commitment": digest}, "system")
            return digest

    def roll(self, count: int, sides: int, *, source: str = "tablet") -> dict:
        """Roll digital dice from the seed, store the `dice` event and return its payload.

        Raises:
            RuleViolation: dice.bad_roll for a count or sides out of range; dice.revealed after the reveal.
        """
        _validate(count, sides)
        self.ensure_seed()
        with _LOCK:
            self._refuse_after_reveal()
            number = len(self._events(DICE)) + 1
            seed = bytes.fromhex(self.store.get_secret(self.game_id, SEED_NAME))
            values = dice.roll(seed, number, count, sides)
            payload = {"number": number, "count": count, "sides": sides, "values": list(values), "physical": False}
            self.store.append(self.game_id, DICE, payload, source)
        return payload

    def enter_physical(self, values: list, sides: int, *, source: str = "tablet") -> dict:
        """Store dice rolled by hand at the table and return the payload.

        Raises:
            RuleViolation: dice.bad_values if a value is not a whole number from 1 to sides.
        """
        if not isinstance(values, list) or not values:
            raise RuleViolation("dice.bad_values", "dice: type the values shown on the dice")
        _validate(len(values), sides)
        for value in values:
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
                raise RuleViolation("dice.bad_values", f"dice: {value!r} is not a face of a {sides}-sided die")
        with _LOCK:
            self._refuse_after_reveal()
            number = len(self._events(DICE)) + 1
            payload = {"number": number, "count": len(values), "sides": sides, "values": values, "physical": True}
            self.store.append(self.game_id, DICE, payload, source)
        return payload

    def reveal(self) -> str | None:
        """Reveal the seed (store `seed_reveal` once) and return it; None if there was never a seed."""
        with _LOCK:
            done = self._events(REVEAL)
            if done:
                return done[0]["seed"]
            seed = self.store.get_secret(self.game_id, SEED_NAME)
            if seed is None:
                return None
            self.store.append(self.game_id, REVEAL, {"seed": seed}, "system")
            return seed

    def summary(self, limit: int = 12) -> dict:
        """Return the commitment, the revealed seed (or None) and the latest rolls, newest first."""
        commits = self._events(SEED)
        reveals = self._events(REVEAL)
        rolls = self._events(DICE)
        for item in rolls:
            item["call"] = dice.call_out(tuple(item["values"]), item["sides"])
        return {
            "commitment": commits[0]["commitment"] if commits else None,
            "seed": reveals[0]["seed"] if reveals else None,
            "rolls": list(reversed(rolls))[:limit],
            "total_rolls": len(rolls),
        }

    def _refuse_after_reveal(self) -> None:
        if self._events(REVEAL):
            raise RuleViolation("dice.revealed", "dice: the seed has been revealed; the game's dice are closed")


def _validate(count: object, sides: object) -> None:
    try:
        dice.check_roll(count, sides)
    except ValueError as exc:
        raise RuleViolation("dice.bad_roll", str(exc)) from None
