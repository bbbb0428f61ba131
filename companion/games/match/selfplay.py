"""Random legal blue/red match games, for property tests, benchmarks and demos.

Chance lives here, outside the engine: a seeded random.Random deals, picks
which card turns up and makes plausible choices; every move goes through
rules.apply, so what comes out is always a legal record. Some rounds may be
kept as their result only (a bare score line), as the camera records them.
"""

from __future__ import annotations

import random
from typing import Callable
from dataclasses import dataclass

from companion.games.match import rules
from companion.games.match.moves import Deal, Discard, DiscardWild, Draw, Move, Score, Setup, Steal, Trade
from companion.games.match.state import (
    COLOUR,
    COLOURS,
    HAND_DEAL,
    KIND,
    NUMBERED,
    OVER,
    PLAY,
    SCORE,
    MatchState,
    cards_in_play,
)

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")


@dataclass(frozen=True)
class Style:
    """How a simulated table plays: chances of each choice when it is legal."""

    match: float = 0.85
    action: float = 0.5
    discard_wild: float = 0.1
    result_only: float = 0.3
    """Chance that a round is recorded by its score line alone."""
    max_turns: int = 400
    """Turns per round before the simulation gives up (the game is then left unfinished)."""


def random_game(seed: int, players: int | None = None, advanced: bool | None = None, style: Style = Style()) -> list[Move]:
    """Return the moves (setup first) of a random legal game, normally all three rounds."""
    rng = random.Random(seed)
    names = NAMES[: players or rng.randint(2, 5)]
    setup = Setup(players=names, dealer=rng.choice(names), advanced=rng.random() < 0.5 if advanced is None else advanced)
    state = rules.initial_state(setup)
    moves: list[Move] = [setup]
    while state.phase != OVER:
        played, state_after = _play_round(state, rng, style)
        if played is None:
            return moves
        if rng.random() < style.result_only:
            moves.append(played[-1])
        else:
            moves.extend(played)
        state = state_after
    return moves


def _play_round(state: MatchState, rng: random.Random, style: Style) -> tuple[list[Move] | None, MatchState]:
    """Deal and play one round; return its moves (score line last) and the state after the score."""
    moves: list[Move] = []

    def push(move: Move) -> None:
        nonlocal state
        state = rules.apply(state, move)
        moves.append(move)

    push(shuffled_deal(state, rng))
    turns = 0
    while state.phase != SCORE:
        turns += 1
        if turns > style.max_turns:
            return None, state
        _turn(state, rng, style, push, lambda: state)
    layouts = rules.tracked_layouts(state)
    push(Score(round=state.round, players=layouts))
    return moves, state


def shuffled_deal(state: MatchState, rng: random.Random) -> Deal:
    """Return the round's deal: each colour's cards in play shuffled by `rng` and dealt in seat order."""
    hands: dict[str, list[str]] = {p: [] for p in state.players}
    for colour in COLOURS:
        pile = sorted(c for c in cards_in_play(state.advanced) if COLOUR[c] == colour)
        rng.shuffle(pile)
        for i, player in enumerate(state.players):
            hands[player].extend(pile[i * HAND_DEAL[colour]: (i + 1) * HAND_DEAL[colour]])
    return Deal(hands={p: tuple(h) for p, h in hands.items()}, round=state.round)


def _deck_draw(state: MatchState, colour: str, rng: random.Random) -> str | None:
    index = COLOURS.index(colour)
    deck = state.decks[index] or frozenset(state.discards[index])
    return rng.choice(sorted(deck)) if deck else None


def _turn(state: MatchState, rng: random.Random, style: Style, push: Callable[[Move], None],
          current: Callable[[], MatchState]) -> None:
    player = state.players[state.to_move]
    sources = rules.draw_sources(state)
    if not sources:
        push(Draw(player=player, source=None, card=None))
    else:
        source = rng.choice(sources)
        colour, pile = source.split("-")
        index = COLOURS.index(colour)
        card = rng.choice(sorted(state.decks[index])) if pile == "deck" else state.discards[index][-1]
        push(Draw(player=player, source=source, card=card))
    if current().advanced:
        _actions(current, rng, style, push, player)
    while current().phase == PLAY and rng.random() < style.match:
        options = rules.legal_matches(current())
        if not options:
            break
        push(rng.choice(options))
    state = current()
    if state.phase == PLAY:
        push(Discard(player=player, card=rng.choice(sorted(state.hands[state.to_move]))))


def _actions(current: Callable[[], MatchState], rng: random.Random, style: Style, push: Callable[[Move], None],
             player: str) -> None:
    for card in sorted(current().hands[current().to_move]):
        state = current()
        seat = state.to_move
        if state.phase != PLAY or card not in state.hands[seat] or KIND[card] == "number":
            continue
        colour = COLOUR[card]
        others = [(p, sorted(c for c in state.hands[i] if c in NUMBERED and COLOUR[c] == colour))
                  for i, p in enumerate(state.players) if i != seat]
        able = [(p, cards) for p, cards in others if cards]
        if KIND[card] == "trade" and rng.random() < style.action:
            mine = sorted(c for c in state.hands[seat] if c in NUMBERED and COLOUR[c] == colour)
            if not mine:
                continue
            if not able:
                push(Trade(player=player, card=card))
                continue
            partner, theirs = rng.choice(able)
            push(Trade(player=player, card=card, with_=partner, take=rng.choice(theirs), give=rng.choice(mine)))
        elif KIND[card] == "steal" and rng.random() < style.action:
            if able:
                victim, theirs = rng.choice(able)
                push(Steal(player=player, card=card, from_=victim, take=rng.choice(theirs), draw=_deck_draw(state, colour, rng)))
            else:
                push(Steal(player=player, card=card, draw=_deck_draw(state, colour, rng)))
        elif KIND[card] == "wild" and rng.random() < style.discard_wild:
            push(DiscardWild(player=player, card=card, draw=_deck_draw(state, colour, rng)))
