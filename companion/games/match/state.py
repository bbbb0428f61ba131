"""Blue/red match game state: a frozen value; every change makes a new one.

Card facts (colour, number, kind) come from cards_printable/match.deck.json.
Piles are indexed by colour (COLOURS order). A draw deck is a set: the record
names each card as it turns up, so the shuffle order never needs storing.
Pure: no I/O beyond loading the deck file once, no clock, no randomness.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.cards.decks import load_deck

DECK = load_deck("match")
COLOURS: tuple[str, str] = ("blue", "red")
ALL_CARDS: frozenset[str] = frozenset(DECK.codes())
NUMBERED: frozenset[str] = frozenset(DECK.codes("number"))
ACTION_KINDS = ("trade", "steal", "wild")
KIND: dict[str, str] = {c.code: c.kind for c in DECK.cards}
COLOUR: dict[str, str] = {c.code: c["colour"] for c in DECK.cards}
VALUE: dict[str, int] = {c.code: c["value"] for c in DECK.cards if c.kind == "number"}
BASIC_CARDS: frozenset[str] = NUMBERED
ADVANCED_CARDS: frozenset[str] = ALL_CARDS
HAND_DEAL: dict[str, int] = dict(DECK.data["deal"])
ROUNDS: int = DECK.data["rounds"]
RED_WILD_PENALTY: int = DECK.data["red_wild_penalty"]
MIN_PLAYERS: int = DECK.data["players"]["min"]
MAX_PLAYERS: int = DECK.data["players"]["max"]

# Phases of a round.
DEAL = "deal"    # between rounds: a deal line (turn by turn) or a score line (result only) comes next
DRAW = "draw"    # the player to move must draw
PLAY = "play"    # the player to move may match / play action cards, then must discard
SCORE = "score"  # a hand is empty: the round's score line comes next
OVER = "over"    # three rounds scored


def colour_index(card: str) -> int:
    """Return 0 for a blue card, 1 for a red one."""
    return COLOURS.index(COLOUR[card])


def cards_in_play(advanced: bool) -> frozenset[str]:
    """Return the cards a round uses: numbered only (basic) or the whole deck (advanced)."""
    return ADVANCED_CARDS if advanced else BASIC_CARDS


@dataclass(frozen=True)
class MatchState:
    """Everything the rules need to judge the next line.

    Per-player fields are indexed like `players`; per-colour fields like COLOURS.
    `hands`, the piles and `matches` describe the current round only when it is
    `tracked` (dealt on the record); a round recorded by its result alone
    leaves them empty. `scores` holds one tuple per finished round.
    """

    players: tuple[str, ...]
    advanced: bool
    dealer: int
    round: int = 1
    phase: str = DEAL
    tracked: bool = False
    to_move: int = 0
    hands: tuple[frozenset[str], ...] = ()
    matches: tuple[tuple[tuple[str, str], ...], ...] = ()
    """Each player's matches in the order played, each as (blue card, red card)."""
    decks: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    discards: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """The normal discard piles, bottom first: the last card is the top one."""
    spent: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    """The advanced discard piles: action cards played, out of the round."""
    scores: tuple[tuple[int, ...], ...] = ()

    def seat(self, name: str) -> int:
        """Return a player's seat index. Raises ValueError for a stranger."""
        return self.players.index(name)


def turn(state: MatchState) -> str | None:
    """Return who is to move, or None between rounds and once the game is over."""
    return state.players[state.to_move] if state.phase in (DRAW, PLAY) else None


def totals(state: MatchState) -> tuple[int, ...]:
    """Return each player's score summed over the finished rounds."""
    return tuple(sum(r[i] for r in state.scores) for i in range(len(state.players)))


def first_player(state: MatchState) -> int:
    """Return the seat of the player left of the dealer, who opens the round."""
    return (state.dealer + 1) % len(state.players)


def where(state: MatchState, card: str) -> dict[str, Any]:
    """Return where a card is in a tracked round, as a phrase's parameters (match.messages.PHRASES words them)."""
    for name, hand, matches in zip(state.players, state.hands, state.matches):
        if card in hand:
            return {"phrase": "hand", "owner": name}
        if any(card in pair for pair in matches):
            return {"phrase": "matches", "owner": name}
    for i, colour in enumerate(COLOURS):
        if card in state.decks[i]:
            return {"phrase": "deck", "colour": colour}
        if card in state.discards[i]:
            return {"phrase": "discard", "colour": colour}
        if card in state.spent[i]:
            return {"phrase": "spent", "colour": colour}
    return {"phrase": "out"}
