"""Random legal Grow Your Assets games, for property tests, benchmarks and demos.

Chance lives here, outside the engine: a seeded random.Random shuffles the
deck, removes the two-player cards, rolls the dice and makes plausible
choices; every move still goes through rules.apply, so what comes out is
always a legal record.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.games.grow import rules
from companion.games.house import NO_HOUSE_RULES, HouseRules
from companion.games.grow.moves import Break, Decline, Draw, Move, RevealBids, Roll, Setup, Tiebreak
from companion.games.grow.state import (
    ACT, BID, COLOURS, COLOUR, DRAW, GAME_CARDS, OVER, PICK, REMOVED_PER_COLOUR_TWO_PLAYERS, ROLL, TIEBREAK,
    GrowState, draw_pile, phase, tied_players, to_move,
)

NAMES = ("Ann", "Ben", "Cat", "Dan")


@dataclass(frozen=True)
class Style:
    """How a simulated table plays: the chance of each optional choice when it is legal."""

    bid_share: float = 0.4
    """Largest share of a player's tokens they bid in one round."""
    act: float = 0.7
    break_token: float = 0.05
    max_moves: int = 2000


def random_setup(rng: random.Random, players: int, house: HouseRules = NO_HOUSE_RULES) -> Setup:
    """Return a setup for `players` players, removing two random cards of each colour for two, playing `house` rules."""
    removed: list[str] = []
    if players == 2:
        for colour in COLOURS:
            removed += rng.sample([c for c in GAME_CARDS if COLOUR[c] == colour], REMOVED_PER_COLOUR_TWO_PLAYERS)
    return Setup(players=NAMES[:players], removed=tuple(removed), rules=house)


def random_game(seed: int, players: int | None = None, style: Style = Style(), house: HouseRules = NO_HOUSE_RULES) -> list[Move]:
    """Return the moves (setup first) of a complete random legal game (or style.max_moves moves) by `house` rules
    (only switched ones: see companion.games.house; the rolls and actions they add are chosen like any other)."""
    rng = random.Random(seed)
    setup = random_setup(rng, players or rng.randint(2, 4), house)
    state = rules.initial_state(setup)
    deck = sorted(draw_pile(state))
    rng.shuffle(deck)
    moves: list[Move] = [setup]
    while phase(state) != OVER and len(moves) < style.max_moves:
        move = _choose(state, deck, rng, style)
        state = rules.apply(state, move)
        moves.append(move)
    return moves


def _dice(rng: random.Random) -> tuple[int, int]:
    return (rng.randint(1, 6), rng.randint(1, 6))


def _choose(state: GrowState, deck: list[str], rng: random.Random, style: Style) -> Move:
    holders = [p for p, t in zip(state.players, state.tokens) if t.blue]
    if holders and rng.random() < style.break_token:
        return Break(player=rng.choice(holders))
    now = phase(state)
    if now == DRAW:
        cards = tuple(deck[: len(state.players)])
        del deck[: len(state.players)]
        return Draw(cards=cards)
    if now == BID:
        return RevealBids(bids={
            p: rng.randint(0, int(t.worth * style.bid_share)) for p, t in zip(state.players, state.tokens)})
    if now == TIEBREAK:
        return Tiebreak(rolls={p: _dice(rng) for p in tied_players(state)})
    if now == PICK:
        return rng.choice(rules.legal_picks(state))
    picker = to_move(state)  # a roll or an action is the picker's
    if now == ROLL:
        assert picker is not None
        return Roll(player=picker, dice=_dice(rng))
    assert now == ACT and picker is not None, now
    acts = rules.legal_acts(state)
    if acts and rng.random() < style.act:
        return rng.choice(acts)
    return Decline(player=picker)
