"""Cat auction («Котики») game state: a frozen value; every change makes a new one.

The engine knows every card's place because the record says so (the deal, the
lot, each draw); what a seat may *see* is decided by view_for() in record.py.
Derived facts (whose turn, the stake state, where a card is) are functions here.
Pure: no I/O beyond reading the deck file once, no clock, no randomness.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.cards.decks import load_deck

DECK = load_deck("cats")
NUMBER_CARDS: tuple[str, ...] = DECK.codes("number")
CAT_CARDS: tuple[str, ...] = DECK.codes("cat")
ALL_CARDS = frozenset(NUMBER_CARDS) | frozenset(CAT_CARDS)
VALUE: dict[str, int] = {c: DECK.card(c)["value"] for c in NUMBER_CARDS}
KIND: dict[str, str] = {c: DECK.card(c)["cat"] for c in CAT_CARDS}
"""Cat card code -> its kind slug (zero, double, cancel-double, ...)."""
CAT_KINDS: tuple[str, ...] = tuple(DECK.data["kinds"])
NOT_DEALT: frozenset[str] = frozenset(DECK.data["setup"]["not_dealt"])
BANK_CARDS_EACH: int = DECK.data["setup"]["bank_cards_each"]
DRAW_AFTER_LOSS: int = DECK.data["draw_after_loss"]
MIN_PLAYERS: int = DECK.data["players"]["min"]
MAX_PLAYERS: int = DECK.data["players"]["max"]

# Phases of play.
DEAL = "deal"
"""Waiting for each player to enter their dealt hand (a setup without hands: the real deal is secret)."""
LOT = "lot"
"""Waiting for the top Prize card to be laid as the lot."""
BIDDING = "bidding"
REVEAL = "reveal"
"""A won lot held face-down cards: the winner, now holding them, says (privately) what they are."""
DRAWING = "drawing"
"""A won round's losers draw their compensation cards, one after another."""
OVER = "over"

# Stake states (the hint table's columns).
ZERO = "zero"
NUMERIC = "numeric"
GOLDEN = "golden"


@dataclass(frozen=True)
class CatsState:
    """Everything the rules need to judge the next move.

    Seats index `players`, `hands`; `out`, `passed`, `early` hold seats. The
    Bank and Prize decks are sets: their order is chance, and chance arrives in
    the moves (which card was drawn or turned).
    """

    players: tuple[str, ...]
    hands: tuple[frozenset[str], ...]
    bank: frozenset[str]
    prize: frozenset[str]
    discard: frozenset[str] = frozenset()
    out: frozenset[int] = frozenset()
    """Seats out of the game (an empty hand on their turn); they never come back."""
    phase: str = LOT
    starter: int = 0
    """The seat that starts the current round (or the next one, in the lot phase)."""
    round_no: int = 0
    decisive: bool = False
    lot: tuple[str, ...] = ()
    """The known prize cards being auctioned (face down; known when a record names them)."""
    lot_hidden: int = 0
    """Lot cards nobody has named yet (laid face down from the Prize deck, code unknown)."""
    discard_hidden: int = 0
    """Unnamed prize cards that went face down to the discard pile (a lot nobody won)."""
    penalties: tuple[str, ...] = ()
    """Penalty cards paid into the lot this round; they go to the round's winner."""
    middle: tuple[str, ...] = ()
    """Bid cards on the table this round (number cards, played cat cards, a Random stake card)."""
    stake: int = 0
    golden: bool = False
    prior_stake: int = 0
    """The stake before the last bid: what «Cancel the x2 card» goes back to."""
    holder: int | None = None
    """The seat holding the stake, or None (no bid yet, or zeroed); in the reveal phase, the round's winner."""
    last_bid: str | None = None
    """The kind of the round's last bid: "number" or a cat kind; None at the round's start."""
    bid_made: bool = False
    """True once the round's first bid was made (early passers draw nothing)."""
    to_move: int | None = None
    passed: frozenset[int] = frozenset()
    early: frozenset[int] = frozenset()
    """Seats that passed before the round's first bid."""
    peeked: frozenset[int] = frozenset()
    """Seats that have seen the current lot (by «Peek at the lot»)."""
    draws: tuple[int, ...] = ()
    """Seats still to draw after a won round, in order."""
    winner: int | None = None
    """The game's winner, once it is over."""
    last_round: str | None = None
    """How the last finished round ended: "won by NAME" or "no winner"."""
    dealt: frozenset[int] = frozenset()
    """Seats whose dealt hand is known (all of them once the deal phase is over)."""

    def seat(self, name: str) -> int:
        """Return a player's seat index. Raises ValueError for a stranger."""
        return self.players.index(name)


def turn(state: CatsState) -> str | None:
    """Return the name of the player to act (bid/pass or draw), or None."""
    if state.phase == BIDDING and state.to_move is not None:
        return state.players[state.to_move]
    if state.phase == DRAWING and state.draws:
        return state.players[state.draws[0]]
    if state.phase == REVEAL and state.holder is not None:
        return state.players[state.holder]
    return None


def prize_size(state: CatsState) -> int:
    """Return how many cards the physical Prize deck holds.

    `prize` is the pool of prize cards nobody has named yet: the deck itself
    plus the face-down cards laid from it whose codes are still unknown.
    """
    return len(state.prize) - state.lot_hidden - state.discard_hidden


def lot_size(state: CatsState) -> int:
    """Return how many prize cards lie in the lot (named or not)."""
    return len(state.lot) + state.lot_hidden


def stake_state(state: CatsState) -> str:
    """Return the hint-table column in force: "zero", "numeric" or "golden"."""
    if state.golden:
        return GOLDEN
    return NUMERIC if state.stake > 0 else ZERO


def in_game(state: CatsState) -> tuple[int, ...]:
    """Return the seats still in the game, in seat order."""
    return tuple(s for s in range(len(state.players)) if s not in state.out)


def in_round(state: CatsState) -> tuple[int, ...]:
    """Return the seats still bidding in this round (in the game and not passed)."""
    return tuple(s for s in in_game(state) if s not in state.passed)


def draw_count(state: CatsState) -> int:
    """Return how many cards the next drawer takes now: 2, or what is left of the Bank."""
    return min(DRAW_AFTER_LOSS, len(state.bank))


def where(state: CatsState, card: str) -> str:
    """Return where a card lies: "hand:NAME", "bank", "prize", "lot", "penalties", "middle" or "discard"."""
    for name, hand in zip(state.players, state.hands):
        if card in hand:
            return f"hand:{name}"
    for place in ("bank", "prize", "discard"):
        if card in getattr(state, place):
            return place
    for place in ("lot", "penalties", "middle"):
        if card in getattr(state, place):
            return place
    return "nowhere"


def bid_value(cards: tuple[str, ...] | list[str]) -> int:
    """Return what a set of number cards bids: the sum of their face values.

    >>> bid_value(["bank-1000-01", "bank-1-01"])
    1001
    """
    return sum(VALUE[c] for c in cards)
