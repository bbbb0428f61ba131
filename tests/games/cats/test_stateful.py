"""The cat auction played move by move by Hypothesis (see tests/games/stateful.py): a failure shrinks to a short game.

The engine lists what a player may do (rules.legal_actions: can bid and the
least bid, the playable cat cards, can pass); choices() turns that into
complete moves: a bid of number cards reaching the least bid, each playable
card (with the card it turns up, named or face down), a pass with each card
in hand as the penalty. Chance the table supplies is drawn: the deal (open,
in the setup, or secret, one Deal per player), each lot (named or face
down), the losers' draws from the Bank, the winner's naming of a face-down lot.
Invariants after every move: every card in exactly one place; players out
stay out with empty hands; someone is still in; a number bid at a numeric
stake at least doubles it; each dealt hand holds 7 Bank cards and N-1 cats.
"""

from __future__ import annotations

from hypothesis import strategies as st

from companion.games.cats import record, rules
from companion.games.cats.moves import Bid, Deal, Draw, Lot, Pass, Play, Reveal, Setup
from companion.games.cats.state import (
    ALL_CARDS, BANK_CARDS_EACH, BIDDING, CAT_CARDS, DEAL, DRAWING, KIND, LOT, NOT_DEALT, NUMBER_CARDS, REVEAL, VALUE,
    bid_value, draw_count, in_game, prize_size,
)
from tests.games.stateful import GameMachine, game_settings, pick

NAMES = ("Аня", "Ben", "Кот", "Dan")
DEALABLE = tuple(c for c in CAT_CARDS if KIND[c] not in NOT_DEALT)


def unique(data, pool, size: int, label: str) -> tuple[str, ...]:
    return tuple(data.draw(st.lists(st.sampled_from(sorted(pool)), min_size=size, max_size=size, unique=True), label=label))


def dealt_hand(data, bank, prize, players: int, label: str) -> tuple[str, ...]:
    """A legal hand: 7 Bank cards and N-1 of the dealable cats, from what is still undealt."""
    return unique(data, bank, BANK_CARDS_EACH, label) + unique(data, set(prize) & set(DEALABLE), players - 1, label)


def bid(state, data) -> Bid:
    """Number cards from the hand, taken in a drawn order until they reach the least bid."""
    actions = rules.legal_actions(state)
    order = data.draw(st.permutations(sorted(c for c in state.hands[state.to_move] if c in VALUE)), label="bid order")
    cards: list[str] = []
    for card in order:
        cards.append(card)
        if bid_value(cards) >= actions.min_bid:
            break
    return Bid(player=actions.player, cards=tuple(cards))


def plays(state, data) -> list[Play]:
    """Each playable cat card; one that turns a card up names it (drawn) or lays it face down (Prize deck only)."""
    player = state.players[state.to_move]
    out: list[Play] = []
    for card in rules.legal_actions(state).playable:
        deck = rules.TURNS_A_CARD.get(KIND[card])
        if deck is None:
            out.append(Play(player=player, card=card))
        elif deck == "bank" and state.bank:
            out.append(Play(player=player, card=card, turned=pick(data, sorted(state.bank), "turned")))
        elif deck == "prize" and prize_size(state) > 0:
            out.append(Play(player=player, card=card, turned=None))
            named = sorted(state.prize)
            out.append(Play(player=player, card=card, turned=pick(data, named, "turned")))
    return out


class CatsGame(GameMachine):
    engine = rules
    records = record

    def reached(self, state):
        return f"round {state.round_no}" + (" (over)" if rules.is_over(state) else "")

    def setup(self, data):
        count = data.draw(st.integers(2, 4), label="players")
        names = NAMES[:count]
        first = pick(data, names, "first")
        if data.draw(st.booleans(), label="secret deal"):
            return Setup(players=names, first=first, hands={})
        bank, prize, hands = set(NUMBER_CARDS), set(CAT_CARDS), {}
        for name in names:
            hands[name] = dealt_hand(data, bank, prize, count, f"hand {name}")
            bank -= set(hands[name])
            prize -= set(hands[name])
        return Setup(players=names, first=first, hands=hands)

    def choices(self, state, data):
        if state.phase == DEAL:
            player = next(p for s, p in enumerate(state.players) if s not in state.dealt)
            return [Deal(player=player, cards=dealt_hand(data, state.bank, state.prize, len(state.players), f"deal {player}"))]
        if state.phase == LOT:
            return [Lot(card=pick(data, sorted(state.prize), "lot")), Lot()]
        if state.phase == DRAWING:
            return [Draw(player=state.players[state.draws[0]], cards=unique(data, state.bank, draw_count(state), "draw"))]
        if state.phase == REVEAL:
            return [Reveal(player=state.players[state.holder], cards=unique(data, state.prize, state.lot_hidden, "reveal"))]
        assert state.phase == BIDDING, state.phase
        actions = rules.legal_actions(state)
        out = [bid(state, data)] if actions.can_bid else []
        out += plays(state, data)
        if actions.can_pass:
            out += [Pass(player=actions.player, penalty=c) for c in sorted(state.hands[state.to_move])]
        return out

    def check(self, before, state, move):
        places = [*state.hands, state.bank, state.prize, state.discard, set(state.lot), set(state.penalties), set(state.middle)]
        assert sum(len(p) for p in places) == len(ALL_CARDS), "a card is in two places"
        assert frozenset().union(*places) == ALL_CARDS, "a card is nowhere"
        assert all(not state.hands[s] for s in state.out), "a player out has cards"
        assert len(in_game(state)) >= 1
        if before is None:
            for seat in state.dealt:
                assert len(state.hands[seat] & set(NUMBER_CARDS)) == BANK_CARDS_EACH
                assert len(state.hands[seat] & set(CAT_CARDS)) == len(state.players) - 1
            return
        assert before.out <= state.out, "a player out came back"
        player = getattr(move, "player", None)
        if player is not None and not isinstance(move, Deal):
            assert before.seat(player) not in before.out, "a player out acted"
        if isinstance(move, Bid):
            assert not before.golden and bid_value(move.cards) >= 2 * before.stake
        if isinstance(move, Deal):
            hand = state.hands[state.seat(move.player)]
            assert len(hand & set(NUMBER_CARDS)) == BANK_CARDS_EACH
            assert len(hand & set(CAT_CARDS)) == len(state.players) - 1


CatsGame.TestCase.settings = game_settings(max_examples=30, steps=60)
test_cats_move_by_move = CatsGame.TestCase
