"""Blue/red match played move by move by Hypothesis (see tests/games/stateful.py): a failure shrinks to a short game.

The engine lists the draw sources (rules.draw_sources) and the matches
(rules.legal_matches); choices() adds every Trade, Steal and Wild the hand
allows (advanced game), every discard, and the round's score line once a hand
is empty. Chance the table supplies is drawn: the deal, the card a deck
draw turns up (the top of a discard pile is known), the card a Steal or Wild
draws.
Invariants after every move: in a dealt round every card of the game is in
exactly one place (hand, matches, deck, discard pile, advanced discard);
each dealt hand holds 5 blue and 5 red cards; a score line adds exactly the
scored layouts to the totals.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from companion.games.match import record, rules
from companion.games.match.moves import Deal, Discard, DiscardWild, Draw, Score, Setup, Steal, Trade
from companion.games.match.scoring import score_layout
from companion.games.match.state import (
    COLOUR, COLOURS, DEAL, DRAW, HAND_DEAL, KIND, NUMBERED, PLAY, SCORE, cards_in_play, totals,
)
from tests.games.stateful import GameMachine, game_settings, pick

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")


def deal(state, data) -> Deal:
    hands: dict[str, list[str]] = {p: [] for p in state.players}
    for colour in COLOURS:
        pile = data.draw(st.permutations(sorted(c for c in cards_in_play(state.advanced) if COLOUR[c] == colour)), label=colour)
        for i, player in enumerate(state.players):
            hands[player].extend(pile[i * HAND_DEAL[colour]: (i + 1) * HAND_DEAL[colour]])
    return Deal(hands={p: tuple(h) for p, h in hands.items()}, round=state.round)


def deck_draw(state, colour: str, data) -> str | None:
    """The card a mid-turn draw from a colour's deck turns up (the deck refilled from its discard pile if empty)."""
    index = COLOURS.index(colour)
    deck = state.decks[index] or frozenset(state.discards[index])
    return pick(data, sorted(deck), f"{colour} draw") if deck else None


def draws(state, data) -> list[Draw]:
    player = state.players[state.to_move]
    out = []
    for source in rules.draw_sources(state):
        colour, pile = source.split("-")
        index = COLOURS.index(colour)
        card = pick(data, sorted(state.decks[index]), source) if pile == "deck" else state.discards[index][-1]
        out.append(Draw(player=player, source=source, card=card))
    return out or [Draw(player=player, source=None, card=None)]


def actions(state, data) -> list:
    """Every Trade, Steal and Wild move the hand allows (one drawn card for each Steal/Wild)."""
    seat, player = state.to_move, state.players[state.to_move]
    out: list = []
    for card in sorted(state.hands[seat]):
        colour, kind = COLOUR[card], KIND[card]
        if kind == "number":
            continue
        numbered = [(i, p, sorted(c for c in state.hands[i] if c in NUMBERED and COLOUR[c] == colour))
                    for i, p in enumerate(state.players)]
        able = [(p, cards) for i, p, cards in numbered if i != seat and cards]
        if kind == "trade":
            mine = numbered[seat][2]
            if mine and not able:
                out.append(Trade(player=player, card=card))
            elif mine:
                out += [Trade(player=player, card=card, with_=p, take=t, give=g) for p, theirs in able for t in theirs for g in mine]
        elif kind == "steal":
            draw = deck_draw(state, colour, data)
            if able:
                out += [Steal(player=player, card=card, from_=p, take=t, draw=draw) for p, theirs in able for t in theirs]
            else:
                out.append(Steal(player=player, card=card, draw=draw))
        elif kind == "wild":
            out.append(DiscardWild(player=player, card=card, draw=deck_draw(state, colour, data)))
    return out


class MatchGame(GameMachine):
    engine = rules
    records = record

    def reached(self, state):
        return f"round {state.round}" + (" (over)" if rules.is_over(state) else "")

    def setup(self, data):
        names = NAMES[: data.draw(st.integers(2, 5), label="players")]
        return Setup(players=names, dealer=pick(data, names, "dealer"), advanced=data.draw(st.booleans(), label="advanced"))

    def choices(self, state, data):
        if state.phase == DEAL:
            return [deal(state, data)]
        if state.phase == SCORE:
            return [Score(round=state.round, players=rules.tracked_layouts(state))]
        if state.phase == DRAW:
            return draws(state, data)
        assert state.phase == PLAY, state.phase
        player = state.players[state.to_move]
        out = list(rules.legal_matches(state))
        if state.advanced:
            out += actions(state, data)
        return out + [Discard(player=player, card=c) for c in sorted(state.hands[state.to_move])]

    def check(self, before, state, move):
        if state.tracked and state.phase in (DRAW, PLAY, SCORE):
            places = Counter(rules.card_places(state))
            assert set(places) == cards_in_play(state.advanced), "a card is missing"
            assert max(places.values()) == 1, "a card is in two places"
        if isinstance(move, Deal):
            for hand in state.hands:
                assert Counter(COLOUR[c] for c in hand) == Counter(HAND_DEAL)
        if isinstance(move, Score):
            gained = [a - b for a, b in zip(totals(state), totals(before))]
            assert gained == [score_layout(move.players[p]).score for p in state.players], "totals are not the scored layouts"


MatchGame.TestCase.settings = game_settings(max_examples=20, steps=150)
test_match_move_by_move = MatchGame.TestCase
