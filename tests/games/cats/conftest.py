"""Small cat auction states built by hand, so each rule test exercises exactly one rule."""

from __future__ import annotations

from dataclasses import replace

from companion.games.cats.state import ALL_CARDS, BIDDING, CAT_CARDS, NUMBER_CARDS, CatsState


def n(value: int, copy: int = 1) -> str:
    """Return the code of a number card: n(1000, 3) -> "bank-1000-03"."""
    return f"bank-{value}-{copy:02d}"


def c(kind: str, copy: int = 1) -> str:
    """Return the code of a cat card: c("double") -> "cat-double-1"."""
    return f"cat-{kind}-{copy}"


def table(hands: dict, *, to_move: str | None = None, lot=(c("peek", 2),), prize=None, bank=None, penalties=(), middle=(),
          starter: str | None = None, **fields) -> CatsState:
    """Return a bidding state with exactly these hands (players in the dict's order).

    Cards not placed go to the Bank deck (number cards) and the Prize deck (cat
    cards), unless `bank`/`prize` are given; then the rest go to the discard.
    `to_move`/`starter` are names; other CatsState fields pass through.
    """
    players = tuple(hands)
    placed = set(lot) | set(penalties) | set(middle) | {x for h in hands.values() for x in h}
    bank = frozenset(NUMBER_CARDS) - placed if bank is None else frozenset(bank)
    prize = frozenset(CAT_CARDS) - placed if prize is None else frozenset(prize)
    discard = ALL_CARDS - placed - bank - prize
    state = CatsState(players=players, hands=tuple(frozenset(hands[p]) for p in players), bank=bank, prize=prize,
                      discard=discard, phase=BIDDING, lot=tuple(lot), penalties=tuple(penalties), middle=tuple(middle),
                      to_move=players.index(to_move or players[0]), starter=players.index(starter or to_move or players[0]),
                      round_no=1)
    state = replace(state, **fields)
    places = [*state.hands, state.bank, state.prize, state.discard, set(state.lot), set(state.penalties), set(state.middle)]
    assert sum(map(len, places)) == len(ALL_CARDS) and frozenset().union(*places) == ALL_CARDS, "test table misplaces a card"
    return state

