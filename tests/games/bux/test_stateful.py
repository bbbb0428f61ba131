"""BUX played move by move by Hypothesis (see tests/games/stateful.py): a failure shrinks to a short game.

Choices: rules.legal_moves (single-set sells, swaps, broke) plus a draw whose
cards (from the draw deck, one by one until the draw is complete) and
settlement (keep, all passed, or a winner and price) Hypothesis draws.
Invariants after every move: chips == starting chips + the bank's net payout,
none negative; every one of the 51 cards in exactly one place; spreads change
by whole sets.
"""

from __future__ import annotations

from hypothesis import strategies as st

from companion.games.bux import record, rules
from companion.games.bux.moves import Draw, Setup
from companion.games.bux.state import ALL_CARDS, PLAYING_CARDS, STARTING_CHIPS, TIMER_CARDS, draw_deck
from tests.games.stateful import game_settings, GameMachine, pick

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")


def draw_move(state, data) -> Draw:
    """A complete draw: cards turned over until 3 playing cards (or the last timer), then settled."""
    player = state.players[state.to_move]
    deck = sorted(draw_deck(state))
    cards: list[str] = []
    playing, timers = 0, len(state.timers_out)
    while playing < 3:
        card = pick(data, [c for c in deck if c not in cards], "card")
        cards.append(card)
        if card in TIMER_CARDS:
            timers += 1
            if timers == len(TIMER_CARDS):
                return Draw(player=player, cards=tuple(cards))
        else:
            playing += 1
    settlements = [dict(all_passed=True)]
    if not state.spreads[state.to_move]:
        settlements.append(dict(keep=True))
    bidders = [p for p, c in zip(state.players, state.chips) if c >= 5]
    if bidders:
        winner = pick(data, bidders, "winner")
        top = min(state.chips[state.seat(winner)], 300) // 5
        settlements.append(dict(winner=winner, price=5 * data.draw(st.integers(1, top), label="price")))
    return Draw(player=player, cards=tuple(cards), **pick(data, settlements, "settlement"))


class BuxGame(GameMachine):
    engine = rules
    records = record

    def reached(self, state):
        return f"deck {state.deck}" + (" (over)" if state.over else "")

    def setup(self, data):
        names = NAMES[: data.draw(st.integers(3, 5), label="players")]
        order = data.draw(st.permutations(sorted(PLAYING_CARDS)), label="deal")
        spreads = {name: tuple(order[3 * i: 3 * i + 3]) for i, name in enumerate(names)}
        return Setup(players=names, first=pick(data, names, "first"), spreads=spreads)

    def choices(self, state, data):
        return [draw_move(state, data), *rules.legal_moves(state)]

    def check(self, before, state, move):
        assert sum(state.chips) == STARTING_CHIPS * len(state.players) + state.bank_paid, "chips not conserved"
        assert all(c >= 0 for c in state.chips), "negative chips"
        if not state.over:
            places = [*state.spreads, state.discard, state.timers_out, draw_deck(state)]
            assert sum(len(p) for p in places) == len(ALL_CARDS) == 51, "a card is in two places or none"
            assert frozenset().union(*places) == ALL_CARDS
        if before is not None:
            assert all((len(b) - len(a)) % 3 == 0 for a, b in zip(before.spreads, state.spreads)), "spread not by whole sets"
        else:
            assert all(len(s) == 3 for s in state.spreads)


BuxGame.TestCase.settings = game_settings(max_examples=30, steps=60)
test_bux_move_by_move = BuxGame.TestCase
