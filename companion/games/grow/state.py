"""Grow Your Assets game state: a frozen value; every change makes a new one.

Only what the record determines is stored: each player's tokens and cards,
the round's face-up row, the revealed bids and pick order, and the card being
resolved. Derived facts (the phase, who picks next, the draw pile) are
functions over it. Pure: no I/O, no clock, no randomness.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from companion.cards.decks import load_deck
from companion.games.house import NO_HOUSE_RULES, HouseRules

DECK = load_deck("grow")
COLOURS: tuple[str, ...] = ("green", "red", "blue", "gold")
STACKED_COLOURS = frozenset({"red", "blue"})
"""Colours a player may hold in several stacks; green and gold have one stack each."""
GAME_CARDS: tuple[str, ...] = tuple(c.code for c in DECK.cards if c.kind in COLOURS)
ALL_CARDS = frozenset(GAME_CARDS)
COLOUR: dict[str, str] = {c: DECK.card(c).kind for c in GAME_CARDS}
NUMBER: dict[str, int] = {c: DECK.card(c).get("number", 0) for c in GAME_CARDS}
PLUS: dict[str, int] = {c: DECK.card(c)["plus"] for c in GAME_CARDS if "plus" in DECK.card(c).attrs}
TIMES: dict[str, int] = {c: DECK.card(c)["times"] for c in GAME_CARDS if "times" in DECK.card(c).attrs}
WARNINGS: dict[str, int] = {c: DECK.card(c).get("warnings", 0) for c in GAME_CARDS}
RED_WARNINGS: dict[str, int] = {c: DECK.card(c).get("red_warnings", 0) for c in GAME_CARDS}
ACTION: dict[str, Mapping[str, Any] | None] = {c: DECK.card(c).get("action") for c in GAME_CARDS}
MIN_PLAYERS: int = DECK.data["players"]["min"]
MAX_PLAYERS: int = DECK.data["players"]["max"]
REMOVED_PER_COLOUR_TWO_PLAYERS: int = DECK.data["two_player_removal"]["per_colour"]
BLUE_TOKEN_WORTH: int = DECK.data["tokens"]["blue"]["worth"]
START_BLUE: int = DECK.data["tokens"]["blue"]["count"]
START_BLACK: int = DECK.data["tokens"]["black"]["count"]
START_TOKENS: int = START_BLUE * BLUE_TOKEN_WORTH + START_BLACK

# Phases: what the engine waits for next (see phase()).
DRAW, BID, TIEBREAK, PICK, ROLL, ACT, OVER = "draw", "bid", "tiebreak", "pick", "roll", "act", "over"


@dataclass(frozen=True)
class Holdings:
    """The cards in front of one player: one green and one gold stack, any number of red and blue stacks."""

    green: tuple[str, ...] = ()
    gold: tuple[str, ...] = ()
    red: tuple[tuple[str, ...], ...] = ()
    blue: tuple[tuple[str, ...], ...] = ()

    def cards(self) -> frozenset[str]:
        """Return every card this player holds."""
        return frozenset(self.green) | frozenset(self.gold) | frozenset(c for s in self.red + self.blue for c in s)

    def stacks(self, colour: str) -> tuple[tuple[str, ...], ...]:
        """Return the player's stacks of a colour (green and gold: one stack, or none)."""
        if colour in STACKED_COLOURS:
            stacks: tuple[tuple[str, ...], ...] = getattr(self, colour)
            return stacks
        cards = getattr(self, colour)
        return (cards,) if cards else ()


@dataclass(frozen=True)
class Tokens:
    """One player's bid tokens: the blue token (until broken) and black ones."""

    blue: int = START_BLUE
    black: int = START_BLACK

    @property
    def worth(self) -> int:
        """Return what the tokens are worth in black tokens."""
        return self.blue * BLUE_TOKEN_WORTH + self.black


@dataclass(frozen=True)
class Pending:
    """The card its picker is resolving: the warning rolls still to make, then the optional action."""

    player: str
    card: str
    checks: tuple[str, ...]
    """Rolls still due, in order: "warning" or "red" (a green red warning is four "red" checks)."""
    gone: bool = False
    """House rule warning-rolls=continue: the card is already discarded and the rolls left can only cost `rest`."""
    rest: tuple[str, ...] = ()
    """With `gone`: the other cards of the stack the card had joined, still at risk from a roll that loses the stack."""


@dataclass(frozen=True)
class GrowState:
    """Everything the rules need to judge the next move.

    `tokens` and `holdings` are indexed like `players`. `row` is the round's
    face-up cards not yet picked; `bids` the revealed bids (empty before the
    reveal); `order` the pick order as ranked groups of players, a group of
    more than one being a tie the dice must still settle.
    """

    players: tuple[str, ...]
    tokens: tuple[Tokens, ...]
    holdings: tuple[Holdings, ...]
    removed: frozenset[str] = frozenset()
    """Two-player games: the cards removed unseen at setup. Secret: never shown."""
    row: tuple[str, ...] = ()
    bids: Mapping[str, int] = field(default_factory=dict)
    rebid: bool = False
    """True after this round's highest bid tied once: the next tie goes to the dice."""
    order: tuple[tuple[str, ...], ...] = ()
    picks: int = 0
    """How many players have picked this round."""
    pending: Pending | None = None
    discard: tuple[str, ...] = ()
    bank: int = 0
    """Token points paid to the bank so far (never returned)."""
    rounds: int = 0
    rules: HouseRules = field(default_factory=lambda: NO_HOUSE_RULES)
    """The house rules this game plays (the setup line's "rules"; see companion.games.house)."""

    def seat(self, name: str) -> int:
        """Return a player's seat index. Raises ValueError for a stranger."""
        return self.players.index(name)


def held_cards(state: GrowState) -> frozenset[str]:
    """Return every card in front of any player."""
    return frozenset().union(*(h.cards() for h in state.holdings))


def draw_pile(state: GrowState) -> frozenset[str]:
    """Return the cards still face down in the deck: every card not removed, face up, held or discarded."""
    return ALL_CARDS - state.removed - frozenset(state.row) - held_cards(state) - frozenset(state.discard)


def is_settled(order: tuple[tuple[str, ...], ...]) -> bool:
    """Return True if a pick order has no tie left for the dice."""
    return bool(order) and all(len(group) == 1 for group in order)


def pick_order(state: GrowState) -> tuple[str, ...]:
    """Return this round's players in pick order (empty until the order is settled)."""
    return tuple(g[0] for g in state.order) if is_settled(state.order) else ()


def phase(state: GrowState) -> str:
    """Return what the game waits for: DRAW, BID, TIEBREAK, PICK, ROLL, ACT or OVER."""
    if state.pending is not None:
        return ROLL if state.pending.checks else ACT
    if not state.row and state.picks == 0:
        return OVER if len(draw_pile(state)) < len(state.players) else DRAW
    if not state.order:
        return BID
    if not is_settled(state.order):
        return TIEBREAK
    return PICK


def to_move(state: GrowState) -> str | None:
    """Return the player whose pick, roll or action is awaited, or None (a table-wide step, or game over)."""
    if state.pending is not None:
        return state.pending.player
    if phase(state) == PICK:
        return pick_order(state)[state.picks]
    return None


def tied_players(state: GrowState) -> tuple[str, ...]:
    """Return the players the dice must still separate (empty outside the tiebreak)."""
    return tuple(p for group in state.order if len(group) > 1 for p in group)
