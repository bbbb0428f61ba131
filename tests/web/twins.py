"""Pairs of twin tables for the entry probes: the same game twice, differing only in a fact hidden from some holders.

tests/web/tables.py stores one twin pair per game for the crawl (Ben's
secrets differ). Entries change what they are judged against, so the probes
(tests/web/test_threat_model_entries.py) need more: a pair per hidden fact,
the holders it is hidden from (the fact's owner sees it; the entries of that
seat may differ), and a way to start a fresh copy of both twins after an
entry was stored. Each pair is stored once in SQLite files and copied for a
fresh start (a copy and a new app cost ~0.1 s; storing the table again more).

What each pair hides, and from whom:
- bux: Ann's and Cat's ♦ square cards swap values (Ann 50 / Cat 100 vs Ann 100 / Cat 50);
  the draw deck is the same. Hidden from the wall, the tablet and Ben.
- grow: Ben's sealed bid (9 vs 13); Ann and Cat have not bid. Hidden from all but Ben.
- grow2: a two-player game, the cards removed unseen at setup differ. Hidden from everyone.
- cats: Ben's hand, his penalty card and the named lot (tables.py's twin). Hidden from all but Ben.
- cats-ann: Ann's hand (a 5000 for a 2000 and a «Peek» for a «Top up»). Hidden from all but Ann.
- match: two cards of Ben's dealt hand (tables.py's twin). Hidden from everyone (match has no phones).
"""

from __future__ import annotations

import itertools
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from companion.store.backends import open_store
from companion.web import create_app
from companion.web.access import card_handle, card_tag, game_key, game_token, player_token
from tests.web.tables import (
    BUX_MOVES,
    BUX_SETUP,
    CATS_HANDS,
    CATS_LOT,
    CATS_TWIN,
    CATS_TWIN_LOT,
    GROW_MOVES,
    MATCH_HANDS,
    MATCH_TWIN,
    PLAYERS,
    _start,
    _twin,
)

PUBLIC = "http://table.local:8000"
GROW_REMOVED = ["green-01", "green-02", "red-01", "red-02", "blue-01", "blue-02", "gold-01", "gold-02"]
GROW_TWIN_REMOVED = ["green-03", "green-02", "red-03", "red-02", "blue-03", "blue-02", "gold-03", "gold-02"]
"""Two-player grow: the twins remove other cards of each colour (green-01 is in one deck, green-03 in the other)."""
CATS_ANN_TWIN = {"Ann": {"bank-2000-14": "bank-5000-01", "cat-peek-1": "cat-top-up-1"}}
BUX_SWAP = {"Ann": {"diamond-square-50": "diamond-square-100"}, "Cat": {"diamond-square-100": "diamond-square-50"}}


@dataclass(frozen=True)
class Pair:
    """One pair of twins: how to store each, who may not tell them apart, and the codes the twin swapped."""

    name: str
    game: str
    players: tuple[str, ...]
    holders: tuple[str, ...]
    """Who the difference is hidden from: "wall", "tablet" and seat names."""
    swaps: dict[str, str] = field(default_factory=dict)
    """Card codes of the twin -> the first table's, so stored lines can be compared across the pair."""


PAIRS = {
    "bux": Pair("bux", "bux", tuple(PLAYERS), ("wall", "tablet", "Ben"),
                {"diamond-square-100": "diamond-square-50", "diamond-square-50": "diamond-square-100"}),
    "grow": Pair("grow", "grow", tuple(PLAYERS), ("wall", "tablet", "Ann", "Cat")),
    "grow2": Pair("grow2", "grow", ("Ann", "Ben"), ("wall", "tablet", "Ann", "Ben")),
    "cats": Pair("cats", "cats", tuple(PLAYERS), ("wall", "tablet", "Ann", "Cat"),
                 {"bank-5000-01": "bank-2000-06", "cat-random-1": "cat-zero-1", CATS_TWIN_LOT: CATS_LOT}),
    "cats-ann": Pair("cats-ann", "cats", tuple(PLAYERS), ("wall", "tablet", "Ben", "Cat"),
                     {"bank-5000-01": "bank-2000-14", "cat-top-up-1": "cat-peek-1"}),
    "match": Pair("match", "match", tuple(PLAYERS), ("wall", "tablet"),
                  {"blue-600-3": "blue-600-1", "red-100-3": "red-1000-1"}),
}


def store_pair_table(db: Path, pair: Pair, twin: bool) -> None:
    """Store the pair's table (game id = the game's name) in `db`; `twin` stores the other hidden facts."""
    from companion.web.dice_service import DiceService

    game = pair.game
    if pair.name == "bux":
        spreads = _twin(BUX_SETUP["spreads"], twin, BUX_SWAP)
        session = _start(db, game, {**BUX_SETUP, "spreads": spreads}, BUX_MOVES)
    elif pair.name == "grow":
        from companion.games.grow.screens.bids import SealedBidBox

        session = _start(db, game, {"type": "setup", "game": "grow", "players": PLAYERS, "removed": []}, GROW_MOVES)
        SealedBidBox(session).seal("Ben", 13 if twin else 9)
    elif pair.name == "grow2":
        removed = GROW_TWIN_REMOVED if twin else GROW_REMOVED
        session = _start(db, game, {"type": "setup", "game": "grow", "players": list(pair.players), "removed": removed}, [])
    elif pair.name in ("cats", "cats-ann"):
        swaps = CATS_TWIN if pair.name == "cats" else CATS_ANN_TWIN
        hands = _twin(CATS_HANDS, twin, swaps)
        penalty = "bank-5000-01" if twin and pair.name == "cats" else "bank-2000-06"
        lot = CATS_TWIN_LOT if twin and pair.name == "cats" else CATS_LOT
        session = _start(db, game, {"type": "setup", "game": "cats", "players": PLAYERS, "first": "Ann", "hands": hands}, [
            {"type": "lot", "card": lot},
            {"type": "bid", "player": "Ann", "cards": ["bank-1-06"]},
            {"type": "pass", "player": "Ben", "penalty": penalty},
        ])
    elif pair.name == "match":
        session = _start(db, game, {"type": "setup", "game": "match", "players": PLAYERS, "dealer": "Cat"}, [
            {"type": "deal", "round": 1, "hands": _twin(MATCH_HANDS, twin, MATCH_TWIN)},
        ])
    else:
        raise ValueError(f"unknown pair {pair.name!r}")
    DiceService(session).ensure_seed()
    session.store.close()


class Twins:
    """A pair's two tables, served by the Flask test client; `fresh()` starts both again from the stored copies."""

    def __init__(self, pair: Pair, folder: Path):
        self.pair, self.folder = pair, Path(tempfile.mkdtemp(prefix=pair.name + "-", dir=folder))
        self.pristine = [self.folder / f"{pair.name}-{i}.db" for i in (0, 1)]
        for path, twin in zip(self.pristine, (False, True)):
            store_pair_table(path, pair, twin)
        with open_store(self.pristine[0]) as store:
            self.key = game_key(store, pair.game)
        self.token = game_token(self.key)
        self.seat_keys = {p: player_token(self.key, p) for p in pair.players}
        self.copies = itertools.count()
        self.fresh()

    def fresh(self) -> None:
        """Copy both stored twins to new files and open a new app on each (new paths: no cache carries over)."""
        n = next(self.copies)
        self.close()
        self.dbs = []
        self.clients = []
        self.stores = []
        for i, pristine in enumerate(self.pristine):
            db = self.folder / f"{self.pair.name}-{i}-{n}.db"
            shutil.copyfile(pristine, db)
            app = create_app({"DB": str(db), "TESTING": True, "PUBLIC_URL": PUBLIC})
            self.dbs.append(db)
            self.clients.append(app.test_client())
            # Held open for reading: the requests' own connections then never close the last one, which would
            # checkpoint the WAL on every request (4 ms each).
            self.stores.append(open_store(db))
        self.read = [0, 0]
        for twin in (0, 1):
            self.appended(twin)

    def appended(self, twin: int) -> list[tuple[str, object]]:
        """Return the events stored on one twin since the last call, as (kind, payload)."""
        events = self.stores[twin].events(self.pair.game, after=self.read[twin])
        if events:
            self.read[twin] = events[-1].seq
        return [(e.kind, e.data) for e in events]

    def close(self) -> None:
        """Close the reading connections of the current copies."""
        for store in getattr(self, "stores", []):
            store.close()

    def handle(self, twin: int, player: str, face: str) -> str:
        """Return the handle of `player`'s BUX card of this face ("diamond-square") on one twin."""
        spreads = _twin(BUX_SETUP["spreads"], bool(twin), BUX_SWAP)
        code = next(c for c in spreads[player] if c.startswith(face + "-"))
        return card_handle(self.key, code)

    def to_first(self, text: str, *, codes: bool = False) -> str:
        """Return a text of the twin with the swapped cards' handles and tags (and, with `codes`, their codes)
        named as on the first table.

        A handle is an HMAC of the card's code: the same card on the same
        screen has another handle on the twin, which names no value. An answer
        is compared with handles and tags translated only: a code in an answer
        would itself be the leak. What is stored is the truth, codes included.
        """
        pairs = []
        for b, a in self.pair.swaps.items():
            hb, ha = card_handle(self.key, b), card_handle(self.key, a)
            pairs += [(hb, ha), (f"[{card_tag(hb)}]", f"[{card_tag(ha)}]"), (f'"{card_tag(hb)}"', f'"{card_tag(ha)}"')]
            if codes:
                pairs.append((b, a))
        marks = {}
        for old, new in pairs:
            mark = f"\0{len(marks)}\0"
            marks[mark] = new
            text = text.replace(old, mark)
        for mark, new in marks.items():
            text = text.replace(mark, new)
        return text
