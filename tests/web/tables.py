"""Four tables in play, one per game, each in its own SQLite file: what the threat-model crawl and the screenshots look at.

Each game is stored under the game's own name as id, with a few moves made,
and a fixed per-game key (the store's `web_key` secret), so two twin tables
that differ only in something hidden (a hand, a sealed bid, a face-down lot)
give every screen the same tokens: whatever still differs between what the
twins' screens serve is a leak.
"""

from __future__ import annotations

from pathlib import Path

from companion.store.session import GameSession
from companion.store.backends import open_store
from companion.web.access import KEY_NAME, game_key, game_token, player_token

PLAYERS = ["Ann", "Ben", "Cat"]
GAMES = ("bux", "grow", "cats", "match")
KEY = "7a" * 32
"""The game key both twins share (hex, as the store keeps it)."""

BUX_SETUP = {"type": "setup", "game": "bux", "players": PLAYERS, "first": "Ben",
             "spreads": {"Ann": ["heart-x-100", "club-oval-25", "diamond-square-50"],
                         "Ben": ["heart-square-25", "club-square-25", "spade-oval-100"],
                         "Cat": ["diamond-square-100", "heart-oval-100", "diamond-square-25"]}}
BUX_MOVES = [
    {"type": "draw", "player": "Ben", "cards": ["spade-circle-100", "heart-oval-50", "club-circle-25"], "winner": "Ben", "price": 55},
    {"type": "draw", "player": "Cat", "cards": ["heart-x-50", "bux-1", "diamond-circle-25", "club-circle-100"], "winner": None},
    {"type": "draw", "player": "Ann", "cards": ["heart-circle-50", "spade-x-25", "diamond-x-25"], "winner": "Ben", "price": 85},
    {"type": "sell", "player": "Ben", "sets": [["club-circle-25", "heart-circle-50", "spade-circle-100"]]},
]
"""BUX: the golden record's first moves (tests/records/bux-3p-full.jsonl): bids won and passed, a timer card, a sale."""

GROW_MOVES = [{"type": "draw", "cards": ["green-02", "red-02", "blue-05"]}]
GROW_BIDS = {"Ann": 4, "Ben": 9}
"""Grow: round 1's cards are up, Ann and Ben have sealed a bid (the twin's Ben bid 13), Cat has not: nothing is revealed yet."""

CATS_HANDS = {
    "Ann": ["bank-1000-15", "bank-1-06", "bank-5000-05", "bank-2000-14", "bank-1000-11", "bank-1000-01", "bank-2000-16",
            "cat-top-up-2", "cat-peek-1"],
    "Ben": ["bank-1-11", "bank-2000-06", "bank-1000-02", "bank-1000-07", "bank-1000-24", "bank-1000-19", "bank-1-13",
            "cat-zero-1", "cat-cancel-golden-1"],
    "Cat": ["bank-1000-12", "bank-1-12", "bank-1-08", "bank-1000-20", "bank-1000-10", "bank-2000-07", "bank-1000-13",
            "cat-peek-2", "cat-shish-1"],
}
CATS_TWIN = {"Ben": {"bank-2000-06": "bank-5000-01", "cat-zero-1": "cat-random-1"}}
"""The twin's Ben holds two other cards (a 5000 and a Random stake) and pays the 5000 as his penalty."""
CATS_LOT, CATS_TWIN_LOT = "cat-golden-1", "cat-double-2"

MATCH_HANDS = {
    "Ann": ["blue-100-1", "blue-200-1", "blue-300-1", "blue-400-1", "blue-500-1",
            "red-100-1", "red-200-1", "red-300-1", "red-400-1", "red-500-1"],
    "Ben": ["blue-600-1", "blue-700-1", "blue-800-1", "blue-900-1", "blue-1000-1",
            "red-600-1", "red-700-1", "red-800-1", "red-900-1", "red-1000-1"],
    "Cat": ["blue-100-2", "blue-200-2", "blue-300-2", "blue-400-2", "blue-500-2",
            "red-100-2", "red-200-2", "red-300-2", "red-400-2", "red-500-2"],
}
MATCH_TWIN = {"Ben": {"blue-600-1": "blue-600-3", "red-1000-1": "red-100-3"}}


def _twin(hands: dict[str, list[str]], twin: bool, swaps: dict[str, dict[str, str]]) -> dict[str, list[str]]:
    if not twin:
        return {p: list(cards) for p, cards in hands.items()}
    return {p: [swaps.get(p, {}).get(c, c) for c in cards] for p, cards in hands.items()}


def _start(db: Path, game_id: str, setup: dict, moves: list[dict]) -> GameSession:
    store = open_store(db)
    store.put_secret(game_id, KEY_NAME, KEY)
    session = GameSession.start(store, setup, game_id=game_id)
    for line in moves:
        session.submit(line, source="import")
    return session


def store_table(db: Path, game: str, *, twin: bool = False) -> None:
    """Store `game` (id = its name) in play in `db`; `twin=True` stores the same table with other hidden facts.

    What a twin changes, nothing a screen may show: grow, Ben's sealed bid
    (9 -> 13); cats, two cards of Ben's hand, his penalty card and the
    face-down lot's card; match, two cards of Ben's hand. BUX has no twin
    (its hidden values are checked card by card).
    """
    if game == "bux":
        session = _start(db, game, BUX_SETUP, BUX_MOVES)
    elif game == "grow":
        session = _start(db, game, {"type": "setup", "game": "grow", "players": PLAYERS, "removed": []}, GROW_MOVES)
        from companion.games.grow.screens.bids import SealedBidBox

        box = SealedBidBox(session)
        for player, amount in GROW_BIDS.items():
            box.seal(player, 13 if twin and player == "Ben" else amount)
    elif game == "cats":
        hands = _twin(CATS_HANDS, twin, CATS_TWIN)
        penalty = "bank-5000-01" if twin else "bank-2000-06"
        session = _start(db, game, {"type": "setup", "game": "cats", "players": PLAYERS, "first": "Ann", "hands": hands}, [
            {"type": "lot", "card": CATS_TWIN_LOT if twin else CATS_LOT},
            {"type": "bid", "player": "Ann", "cards": ["bank-1-06"]},
            {"type": "pass", "player": "Ben", "penalty": penalty},
        ])
    elif game == "match":
        session = _start(db, game, {"type": "setup", "game": "match", "players": PLAYERS, "dealer": "Cat"}, [
            {"type": "deal", "round": 1, "hands": _twin(MATCH_HANDS, twin, MATCH_TWIN)},
        ])
    else:
        raise ValueError(f"unknown game {game!r}")
    from companion.web.dice_service import DiceService

    DiceService(session).ensure_seed()  # as `companion serve` does: no page load then appends the seed, in whatever order a crawl runs
    session.store.close()


def tokens(db: Path, game: str) -> tuple[str, dict[str, str]]:
    """Return the game token and each seat's private key."""
    with open_store(db) as store:
        key = game_key(store, game)
    return game_token(key), {p: player_token(key, p) for p in PLAYERS}


PHONE = {"bux": "/g/bux/me/{player}?k={k}", "grow": "/g/grow/grow/me/{player}?k={k}", "cats": "/g/cats/cats/me/{player}?k={k}"}
"""Each game's seat link (the host screen's seat QR); match has no private screen."""


BUX_DOUBLE = {"type": "draw", "player": "Cat", "cards": ["bux-2", "spade-square-50", "club-x-50", "diamond-oval-50"], "winner": None}
"""Cat's draw turns up the deck's second timer card: Double-BUX is on (the wall tests and scripts/wall_screens.py)."""


def store_double_bux(db: Path) -> None:
    """Store the BUX table (id "bux") one move on: Double-BUX on, Ann to play."""
    store_table(db, "bux")
    with open_store(db) as store:
        GameSession(store, "bux").submit(BUX_DOUBLE, source="import")
