"""The secrets a game is created with besides its setup: its web key and its dice seed.

A read never writes (a GET stores nothing): so whatever a screen needs to
show a game is stored by the write that creates it, in the same transaction,
and whatever becomes due later is stored by the write that makes it due.
The web key is the random per-game key every token and card handle is an
HMAC of (companion/web/access.py). The dice seed is chosen here, so every
screen can show its commitment (its SHA-256) from the start; the first roll
stores that commitment as the `seed` event, ahead of its own `dice` event,
and the move that ends a game whose dice were committed stores the reveal
(GameSession.write; companion/web/dice_service.py).
"""

from __future__ import annotations

import secrets

from companion.errors import StoreError
from companion.store.backends import Store
from companion.store.events import SEED as SEED_EVENT, SEED_REVEAL

GAME_KEY = "web_key"
"""The secret every token and card handle of the game is derived from."""
DICE_SEED = "dice_seed"
"""The secret the game's digital dice are rolled from, revealed when the game is over."""
SEED, REVEAL = SEED_EVENT, SEED_REVEAL
"""The event kinds of the seed's commitment and of its reveal (declared in companion.store.events)."""


def new_game(store: Store, game_id: str) -> dict[str, str]:
    """Return the secrets to store with a new game: a fresh key and dice seed.

    A secret already put under this id before the game exists (a test's
    fixed key) is kept, not replaced.
    """
    return {name: secrets.token_hex(32) for name in (GAME_KEY, DICE_SEED) if store.get_secret(game_id, name) is None}


def give_key(store: Store, game_id: str) -> str:
    """Return the game's key, storing a new one first if the game has none (one stored by an older version).

    For the commands that open a game for its screens (`serve`, `demo`), never
    for a request: a GET only reads the key.

    Raises:
        StoreError: if the key cannot be stored (read-only storage).
    """
    value = store.get_secret(game_id, GAME_KEY)
    if value is None:
        try:
            store.put_secret(game_id, GAME_KEY, secrets.token_hex(32))
        except StoreError:
            if store.get_secret(game_id, GAME_KEY) is None:
                raise
        value = store.get_secret(game_id, GAME_KEY) or ""
    return value


def give_missing_keys(store: Store) -> list[str]:
    """Give every game of the store without a key one (a club server's start); return their ids. Read-only: none."""
    if getattr(store, "read_only", False):
        return []
    missing = [info["game_id"] for info in store.games() if store.get_secret(info["game_id"], GAME_KEY) is None]
    for game_id in missing:
        give_key(store, game_id)
    return missing
