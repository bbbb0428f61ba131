"""Random legal BUX games, for property tests, benchmarks and the self-playing demo.

Chance lives here, outside the engine: a seeded random.Random shuffles a
physical deck order and picks plausible choices; every move still goes
through rules.apply, so what comes out is always a legal record.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.games.bux import rules
from companion.games.bux.moves import Broke, Draw, Move, Sell, Setup
from companion.games.bux.scoring import sellable_sets
from companion.games.bux.state import DECK, DECKS_PER_GAME, PLAYING_CARDS, TIMER_CARDS, BuxState, draw_deck, ends_deck, rule
from companion.games.house import NO_HOUSE_RULES, HouseRules, read_house_rules

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")


@dataclass(frozen=True)
class Style:
    """How a simulated table plays: relative weights of each choice when it is legal."""

    sell: float = 0.6
    swap: float = 0.15
    broke: float = 0.8
    keep: float = 0.5
    all_pass: float = 0.15
    max_moves: int = 5000


def random_game(seed: int, players: int | None = None, style: Style = Style(), rules_chosen: HouseRules = NO_HOUSE_RULES) -> list[Move]:
    """Return the moves (setup first) of a complete random legal game, played by the house rules chosen.

    The game runs until the third timer card of the third deck, or until
    style.max_moves moves (then it stops unfinished). A game by the default
    readings draws the same random numbers as before house rules existed.
    """
    rng = random.Random(seed)
    count = players or rng.randint(3, 5)
    names = NAMES[:count]
    playing = list(PLAYING_CARDS)
    rng.shuffle(playing)
    spreads = {name: tuple(playing[3 * i: 3 * i + 3]) for i, name in enumerate(names)}
    setup = Setup(players=names, first=rng.choice(names), spreads=spreads, rules=read_house_rules(DECK, dict(rules_chosen)))
    state = rules.initial_state(setup)
    order = _shuffled(state, rng)
    moves: list[Move] = [setup]
    while not state.over and len(moves) < style.max_moves:
        move = _choose(state, order, rng, style)
        new = rules.apply(state, move)
        if new.deck != state.deck:
            order = _shuffled(new, rng)
        elif isinstance(move, Draw):
            del order[: len(move.cards)]
        state = new
        moves.append(move)
    return moves


def _shuffled(state: BuxState, rng: random.Random) -> list[str]:
    order = sorted(draw_deck(state))
    rng.shuffle(order)
    return order


def _choose(state: BuxState, order: list[str], rng: random.Random, style: Style) -> Move:
    seat = state.to_move
    player = state.players[seat]
    spread = state.spreads[seat]
    if not state.redraw:
        if state.chips[seat] == 0 and rng.random() < style.broke:
            return Broke(player=player)
        if rng.random() < style.sell:
            sale = _pick_sale(spread, rng)
            if sale:
                return Sell(player=player, sets=sale)
        if rng.random() < style.swap:
            swaps = rules.legal_actions(state).swaps
            if swaps:
                return rng.choice(swaps)
    return _draw(state, order, rng, style)


def _pick_sale(spread: frozenset[str], rng: random.Random) -> tuple[tuple[str, str, str], ...]:
    candidates = list(sellable_sets(spread))
    rng.shuffle(candidates)
    chosen: list[tuple[str, str, str]] = []
    used: set[str] = set()
    for cards in candidates:
        if used.isdisjoint(cards):
            chosen.append(cards)
            used.update(cards)
    if chosen and rng.random() < 0.5:
        chosen = chosen[:1]
    return tuple(chosen)


def _draw(state: BuxState, order: list[str], rng: random.Random, style: Style) -> Draw:
    player = state.players[state.to_move]
    cards = _turned_over(state, order)
    if not any(card in PLAYING_CARDS for card in cards) or _ends_unsettled(state, cards):
        return Draw(player=player, cards=cards)
    if not state.spreads[state.to_move] and rng.random() < style.keep:
        return Draw(player=player, cards=cards, keep=True)
    bidders = [p for p, c in zip(state.players, state.chips) if c >= 5]
    if not bidders or rng.random() < style.all_pass:
        return Draw(player=player, cards=cards, all_passed=True)
    winner = rng.choice(bidders)
    limit = min(state.chips[state.seat(winner)], 300)
    price = 5 * rng.randint(1, limit // 5)
    return Draw(player=player, cards=cards, winner=winner, price=price)


def _turned_over(state: BuxState, order: list[str]) -> tuple[str, ...]:
    """Return the cards a draw turns over from the shuffled deck: up to 3 playing cards, or until a timer ends the deck.

    Under the house rule last-draw=finished the draw that ends the last deck goes on to its 3 playing cards.
    """
    finish = state.deck == DECKS_PER_GAME and rule(state, "last-draw") == "finished"
    cards: list[str] = []
    timers: set[str] = set()
    playing = 0
    for card in order:
        cards.append(card)
        if card in TIMER_CARDS:
            timers.add(card)
            if ends_deck(state, state.timers_out | timers) and not finish:
                break
        else:
            playing += 1
            if playing == 3:
                break
    return tuple(cards)


def _ends_unsettled(state: BuxState, cards: tuple[str, ...]) -> bool:
    """Return True if these cards end the deck and the draw is not bid on (every deck but a finished last one)."""
    timers = state.timers_out | {card for card in cards if card in TIMER_CARDS}
    finish = state.deck == DECKS_PER_GAME and rule(state, "last-draw") == "finished"
    return ends_deck(state, frozenset(timers)) and not finish
