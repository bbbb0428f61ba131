"""What each viewer may see of a BUX game: the one place BUX's hidden facts are taken out.

What the rule sheet hides is the number on a card's back. Every card in the
game is played face up (its suit and shape show), and a card's code carries
its value ("heart-x-25"), so no viewer but the card's owner gets a code:

- SHARED (the wall, the tablet, the audit and exports of a game in progress):
  every spread and the discard pile by face only (suit and shape), the
  chips, whose turn, the deck number, the timer cards turned up, Double-BUX,
  the winners, and the draw deck's size (never its cards: which cards are
  left would tell the values in the spreads by elimination).
- a seat (its player's name): the same, plus "you": its own cards with their
  values, the sets it could sell now and what they pay, and the best total.
  Nobody else's value, ever; another seat's view differs from SHARED only in
  its own "you".

Lists of faces are ordered by suit, shape, then the caller's name for each
card, never by code or value (code order within a face is value order). A
caller that must tell two cards of one face apart (the web's entry forms and
the tags that pair a phone's values with the shared screens' cards) passes
`card_name`: its own opaque name for a code, given out as the face's "h". The
web's names are keyed hashes, unlinkable to a value without the game's key;
without `card_name` cards of one face are alike, so twin states that differ
only in hidden values look the same. The bank's net payout (`bank_paid`) is
the audit's conservation check, not a table fact, so it is left out.

Pure: no flask, no I/O.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from companion.games.base import SHARED, Viewer
from companion.games.bux import rules
from companion.games.bux.scoring import best_partition, sellable_sets, set_payout
from companion.games.bux.state import (
    DECK,
    PLAYING_CARDS,
    SHAPE,
    SUIT,
    TIMER_CARDS,
    VALUE,
    BuxState,
    bux_timer,
    draw_deck,
    is_double_bux,
    turn,
)

SUITS: tuple[str, ...] = tuple(DECK.data["suits"])
SHAPES: tuple[str, ...] = tuple(DECK.data["shapes"])
_PLACE: dict[str, tuple[int, int]] = {c: (SUITS.index(SUIT[c]), SHAPES.index(SHAPE[c])) for c in PLAYING_CARDS}
"""A playing card's face's place in every list: suit, then shape (looked up once: views are built per move in an audit)."""
_LABEL: dict[str, Any] = {c: DECK.card(c)["label"] for c in TIMER_CARDS}
_UNNAMED: dict[str, tuple[Any, ...]] = {**{c: (*place, "") for c, place in _PLACE.items()}, **{c: (9, 0, label) for c, label in _LABEL.items()}}
"""face_order of each card without a caller's names."""
CardName = Callable[[str], str]
"""The caller's opaque name for a card code (never readable as its value without a secret)."""


def face(code: str, card_name: CardName | None = None) -> dict[str, Any]:
    """Return a card as everyone sees it from the front: suit and shape (a timer card: its label), no value."""
    if code in _LABEL:
        return {"timer": _LABEL[code]}
    out = {"suit": SUIT[code], "shape": SHAPE[code]}
    if card_name is not None:
        out["h"] = card_name(code)
    return out


def face_order(code: str, card_name: CardName | None = None) -> tuple[Any, ...]:
    """Return a card's place in a shared list: suit, shape, then the caller's name (never its code or value)."""
    if code in _LABEL:
        return (9, 0, _LABEL[code])
    return (*_PLACE[code], card_name(code) if card_name else "")


def faces(codes: Iterable[str], card_name: CardName | None = None) -> list[dict[str, Any]]:
    """Return cards by face, ordered by suit, shape and name: the order carries no value."""
    if card_name is None:
        return [face(c) for c in sorted(codes, key=_UNNAMED.__getitem__)]
    return [face(c, card_name) for c in sorted(codes, key=lambda c: face_order(c, card_name))]


def own(code: str, card_name: CardName | None = None) -> dict[str, Any]:
    """Return one of the viewer's own cards: its face and the value on its back."""
    return {**face(code, card_name), "value": VALUE[code]}


def view_for(state: BuxState, viewer: Viewer = SHARED, *, card_name: CardName | None = None) -> dict[str, Any]:
    """Return what `viewer` may see, JSON-ready (see the module's docstring for what each viewer gets).

    `viewer` is a seat's player name or SHARED (None); a name that is no
    seat of the game gets the SHARED view.
    """
    result = rules.outcome(state)
    view: dict[str, Any] = {
        "game": "bux",
        "viewer": viewer if viewer in state.players else SHARED,
        "over": state.over,
        "winners": list(result.winners) if result else [],
        "turn": turn(state),
        "deck": state.deck,
        "bux_timer": bux_timer(state),
        "timers_out": sorted(_LABEL[c] for c in state.timers_out),
        "double_bux": is_double_bux(state),
        "reshuffle": state.redraw,
        "players": {name: {"chips": chips, "spread": faces(spread, card_name), "count": len(spread)}
                    for name, chips, spread in zip(state.players, state.chips, state.spreads)},
        "discard": faces(state.discard, card_name),
        "draw_deck_size": len(draw_deck(state)),
    }
    if viewer in state.players:
        view["you"] = _own_view(state, viewer, card_name)
    return view


def _own_view(state: BuxState, player: str, card_name: CardName | None) -> dict[str, Any]:
    """Return a seat's private part: its cards with values, what it could sell now, and the best sale of all of them."""
    seat = state.seat(player)
    spread = state.spreads[seat]
    double = is_double_bux(state)
    cards = sorted(spread, key=lambda c: (*_PLACE[c], VALUE[c]))
    sets = [{"cards": [own(c, card_name) for c in s], "payout": set_payout(s, double=double)} for s in sellable_sets(spread)]
    best = best_partition(spread, double=double) if spread else None
    return {
        "player": player,
        "chips": state.chips[seat],
        "cards": [own(c, card_name) for c in cards],
        "sets": sorted(sets, key=lambda s: -s["payout"]),
        "best_all": best.payout if best else None,
        "turn": turn(state) == player,
        "double_bux": double,
    }
