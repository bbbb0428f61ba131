"""BUX game state: a frozen value; every change makes a new one.

Only what the record determines is stored; derived facts (whose turn, the draw
deck, the timer count, Double-BUX) are functions over it. Time and sources live
in the event store's envelope, never here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.cards.decks import load_deck
from companion.games.house import NO_HOUSE_RULES, HouseRules, house_rule

DECK = load_deck("bux")
PLAYING_CARDS: tuple[str, ...] = DECK.codes("playing")
TIMER_CARDS: tuple[str, ...] = DECK.codes("timer")
SUIT: dict[str, str] = {c: DECK.card(c)["suit"] for c in PLAYING_CARDS}
SHAPE: dict[str, str] = {c: DECK.card(c)["shape"] for c in PLAYING_CARDS}
VALUE: dict[str, int] = {c: DECK.card(c)["value"] for c in PLAYING_CARDS}
ALL_CARDS = frozenset(PLAYING_CARDS) | frozenset(TIMER_CARDS)
STARTING_CHIPS: int = DECK.data["chips"]["starting_chips"]
DECKS_PER_GAME = 3
TIMERS_PER_DECK = len(TIMER_CARDS)
PRINTED: dict[int, str] = {DECK.card(c)["label"]: c for c in TIMER_CARDS}
"""Each timer card by the number printed on it (the house rule timer-order=printed reads it)."""


@dataclass(frozen=True)
class BuxState:
    """Everything the rules need to judge the next move.

    `chips` and `spreads` are indexed like `players`. `timers_out` holds the timer
    cards turned up from the current draw deck; `discard` is the current deck's
    discard pile. `bank_paid` is the bank's net payout so far (sales and broke
    grants minus drawers' own purchases), kept so chip conservation can be checked.
    `rules` holds the house rules the table chose at setup (only non-default values; issue 36).
    """

    players: tuple[str, ...]
    chips: tuple[int, ...]
    spreads: tuple[frozenset[str], ...]
    to_move: int
    deck: int = 1
    timers_out: frozenset[str] = frozenset()
    discard: frozenset[str] = frozenset()
    redraw: bool = False
    """True after a deck ended: the same player must draw again from the new deck."""
    over: bool = False
    bank_paid: int = 0
    rules: HouseRules = field(default_factory=lambda: NO_HOUSE_RULES, hash=False)

    def seat(self, name: str) -> int:
        """Return a player's seat index. Raises ValueError for a stranger."""
        return self.players.index(name)


def turn(state: BuxState) -> str | None:
    """Return the name of the player to move, or None once the game is over."""
    return None if state.over else state.players[state.to_move]


def rule(state: BuxState, name: str) -> str:
    """Return the value the game plays house rule `name` by (the table's choice, else the deck's default)."""
    return house_rule(DECK, state.rules, name)


def bux_timer(state: BuxState) -> int:
    """Return how many timer cards have turned up from the current draw deck (0..3)."""
    return len(state.timers_out)


def is_double_bux(state: BuxState) -> bool:
    """Return True while Double-BUX is on: after the 2nd timer card, until the 3rd.

    Under the house rule timer-order=printed, from the card printed 2 until the card printed 3, whatever turned up before.
    """
    if rule(state, "timer-order") == "printed":
        return PRINTED[2] in state.timers_out and PRINTED[3] not in state.timers_out
    return bux_timer(state) == 2


def ends_deck(state: BuxState, timers: frozenset[str]) -> bool:
    """Return True if these timer cards out of the current draw deck end it (the third turned up, or the card printed 3)."""
    if rule(state, "timer-order") == "printed":
        return PRINTED[3] in timers
    return len(timers) == TIMERS_PER_DECK


def draw_deck(state: BuxState) -> frozenset[str]:
    """Return the cards still in the draw deck: every card not in a spread, the discard, or set aside."""
    owned = frozenset().union(*state.spreads)
    return ALL_CARDS - owned - state.discard - state.timers_out


def spread_of(state: BuxState, player: str) -> frozenset[str]:
    """Return a player's spread. Raises ValueError for a stranger."""
    return state.spreads[state.seat(player)]
