"""Random legal cat auction games, for property tests, benchmarks and demos.

Chance lives here, outside the engine: a seeded random.Random shuffles the
physical Bank and Prize decks and picks plausible choices; every move goes
through rules.apply, so what comes out is always a legal record.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.games.cats import rules
from companion.games.cats.moves import Bid, Deal, Draw, Lot, Move, Pass, Play, Reveal, Setup
from companion.games.cats.state import (
    BANK_CARDS_EACH,
    BIDDING,
    CAT_CARDS,
    DRAWING,
    KIND,
    REVEAL,
    LOT,
    NOT_DEALT,
    NUMBER_CARDS,
    VALUE,
    CatsState,
    draw_count,
)

NAMES = ("Аня", "Ben", "Кот", "Dan")


@dataclass(frozen=True)
class Style:
    """How a simulated table plays: the chance of each choice when it is legal."""

    bid: float = 0.55
    play: float = 0.35
    max_moves: int = 3000


@dataclass
class _Table:
    """The physical decks' order: what the engine only knows as sets."""

    bank: list[str]
    prize: list[str]


def random_game(seed: int, players: int | None = None, style: Style = Style()) -> list[Move]:
    """Return the moves (setup first) of a random legal game, complete unless style.max_moves is hit."""
    rng = random.Random(seed)
    count = players or rng.randint(2, 4)
    names = NAMES[:count]
    bank = list(NUMBER_CARDS)
    rng.shuffle(bank)
    dealable = [c for c in CAT_CARDS if KIND[c] not in NOT_DEALT]
    rng.shuffle(dealable)
    hands = {}
    for i, name in enumerate(names):
        hands[name] = tuple(bank[i * BANK_CARDS_EACH:(i + 1) * BANK_CARDS_EACH]) + tuple(dealable[i * (count - 1):(i + 1) * (count - 1)])
    prize = dealable[count * (count - 1):] + [c for c in CAT_CARDS if KIND[c] in NOT_DEALT]
    rng.shuffle(prize)
    table = _Table(bank=bank[count * BANK_CARDS_EACH:], prize=prize)
    setup = Setup(players=names, first=rng.choice(names), hands=hands)
    state = rules.initial_state(setup)
    moves: list[Move] = [setup]
    while not rules.is_over(state) and len(moves) < style.max_moves:
        move = _choose(state, table, rng, style)
        state = rules.apply(state, move)
        moves.append(move)
    return moves


def as_table_records(moves: list[Move]) -> list[Move]:
    """Return the same game as a real table enters it: hidden hands and face-down lots.

    The setup names no hands and each player's Deal follows; lots and the
    Prize cards «Top up» / «Magic frame-up» lay are unnamed; when a round's
    winner takes a lot, their Reveal names its cards. Replaying the result
    ends with the same hands as the original game.
    """
    setup = moves[0]
    assert isinstance(setup, Setup) and setup.hands, "a fully dealt setup comes first"
    table_setup = Setup(players=setup.players, first=setup.first, hands={})
    out: list[Move] = [table_setup]
    out += [Deal(player=p, cards=tuple(setup.hands[p])) for p in setup.players]
    known = rules.initial_state(setup)
    hidden = rules.initial_state(table_setup)
    for move in out[1:]:
        hidden = rules.apply(hidden, move)
    for move in moves[1:]:
        if isinstance(move, Lot):
            table_move: Move = Lot()
        elif isinstance(move, Play) and KIND[move.card] in ("top-up", "frame-up"):
            table_move = Play(player=move.player, card=move.card)
        else:
            table_move = move
        known = rules.apply(known, move)
        hidden = rules.apply(hidden, table_move)
        out.append(table_move)
        if hidden.phase == REVEAL:
            # The winner names the lot they took: the cards the full record put in their hand and the
            # table record has not named yet. Not the lot before the move: a «Magic frame-up» (or «Top up»)
            # that ends the round itself changes the lot, and the new one is what the winner takes.
            winner = hidden.holder
            assert winner is not None, "the reveal phase is the round's winner's"
            reveal = Reveal(player=hidden.players[winner], cards=tuple(sorted(known.hands[winner] - hidden.hands[winner])))
            hidden = rules.apply(hidden, reveal)
            out.append(reveal)
    return out


def _choose(state: CatsState, table: _Table, rng: random.Random, style: Style) -> Move:
    if state.phase == LOT:
        return Lot(card=table.prize.pop(0))
    if state.phase == DRAWING:
        n = draw_count(state)
        cards, table.bank[:n] = tuple(table.bank[:n]), []
        return Draw(player=state.players[state.draws[0]], cards=cards)
    assert state.phase == BIDDING, f"no choice to make in phase {state.phase!r}"
    actions = rules.legal_actions(state)
    assert actions.player is not None and state.to_move is not None, "someone is to move in the bidding phase"
    player, hand = actions.player, state.hands[state.to_move]
    if actions.can_bid and actions.min_bid is not None and rng.random() < style.bid:  # can_bid: min_bid is set
        return Bid(player=player, cards=_pick_bid(sorted(c for c in hand if c in VALUE), actions.min_bid, rng))
    if actions.playable and rng.random() < style.play:
        card = rng.choice(actions.playable)
        deck = rules.TURNS_A_CARD.get(KIND[card])
        turned = None
        if deck == "bank":
            turned = table.bank.pop(0)
        elif deck == "prize":
            turned = table.prize.pop(0)
            if KIND[card] == "frame-up":
                table.prize.extend(state.lot)
        return Play(player=player, card=card, turned=turned)
    return Pass(player=player, penalty=rng.choice(sorted(hand)))


def _pick_bid(numbers: list[str], least: int, rng: random.Random) -> tuple[str, ...]:
    """Return number cards adding up to at least `least`, chosen the way a player might."""
    rng.shuffle(numbers)
    chosen: list[str] = []
    total = 0
    for card in numbers:
        chosen.append(card)
        total += VALUE[card]
        if total >= least and rng.random() < 0.7:
            break
    assert total >= least, "legal_actions said a bid was possible"
    return tuple(chosen)
