"""Grow Your Assets played move by move by Hypothesis (see tests/games/stateful.py): a failure shrinks to a short game.

Choices: rules.legal_moves (picks, actions, declining, breaking a blue token)
plus, when the table must supply chance, the one chance move due: the cards
turned up (from the draw pile), everyone's sealed bids, the tiebreak dice or
a warning roll, which Hypothesis draws.
Invariants after every move: token points conserved (players' + bank's),
none negative; every one of the 48 cards in exactly one place; no empty
stack; two-player games keep their 8 removed cards out of play.
"""

from __future__ import annotations

from hypothesis import strategies as st

from companion.games.grow import record, rules
from companion.games.grow.moves import Draw, RevealBids, Roll, Setup, Tiebreak
from companion.games.grow.state import (
    ALL_CARDS, BID, COLOUR, COLOURS, DRAW, GAME_CARDS, REMOVED_PER_COLOUR_TWO_PLAYERS, ROLL, START_TOKENS, TIEBREAK,
    draw_pile, phase, tied_players, to_move,
)
from tests.games.stateful import GameMachine, game_settings

NAMES = ("Ann", "Ben", "Cat", "Dan")
dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


def chance_move(state, data):
    """The chance move the table must record now, or None when a player chooses."""
    now = phase(state)
    if now == DRAW:
        pile = sorted(draw_pile(state))
        cards = data.draw(st.lists(st.sampled_from(pile), min_size=len(state.players), max_size=len(state.players),
                                   unique=True), label="cards")
        return Draw(cards=tuple(cards))
    if now == BID:
        return RevealBids(bids={p: data.draw(st.integers(0, t.worth), label=f"bid {p}")
                                for p, t in zip(state.players, state.tokens)})
    if now == TIEBREAK:
        return Tiebreak(rolls={p: data.draw(dice, label=f"dice {p}") for p in tied_players(state)})
    if now == ROLL:
        return Roll(player=to_move(state), dice=data.draw(dice, label="dice"))
    return None


class GrowGame(GameMachine):
    engine = rules
    records = record

    def reached(self, state):
        return f"round {state.rounds}" + (" (over)" if rules.is_over(state) else "")

    def setup(self, data):
        players = data.draw(st.integers(2, 4), label="players")
        removed: list[str] = []
        if players == 2:
            for colour in COLOURS:
                removed += data.draw(st.lists(st.sampled_from([c for c in GAME_CARDS if COLOUR[c] == colour]), unique=True,
                                              min_size=REMOVED_PER_COLOUR_TWO_PLAYERS, max_size=REMOVED_PER_COLOUR_TWO_PLAYERS),
                                     label=f"removed {colour}")
        return Setup(players=NAMES[:players], removed=tuple(removed))

    def choices(self, state, data):
        chance = chance_move(state, data)
        return [*([chance] if chance else []), *rules.legal_moves(state)]

    def check(self, before, state, move):
        players = len(state.players)
        assert sum(t.worth for t in state.tokens) + state.bank == START_TOKENS * players, "tokens not conserved"
        assert all(t.blue >= 0 and t.black >= 0 for t in state.tokens), "negative tokens"
        places: list[str] = [*state.removed, *state.row, *state.discard]
        for held in state.holdings:
            places += list(held.green) + list(held.gold) + [c for s in held.red + held.blue for c in s]
            assert all(s for s in held.red + held.blue), "an empty stack"
        places += draw_pile(state)
        assert len(places) == len(ALL_CARDS) == 48, "a card is in two places"
        assert set(places) == ALL_CARDS == set(rules.card_places(state))
        assert len(state.removed) == (8 if players == 2 else 0)
        assert len(state.row) <= players


GrowGame.TestCase.settings = game_settings(max_examples=25, steps=100)
test_grow_move_by_move = GrowGame.TestCase
