"""What each viewer may see of a blue/red match game: the one place its hidden facts are taken out.

What the rule sheet hides is a hand: each player holds their cards up, and
the draw decks lie face down. Everything else lies face up on the table: the
matches in their two stacks, the discard piles' top cards, the action cards
spent, and the scores of the rounds played. So:

- SHARED (the wall, the tablet, the audit and exports of a game in progress):
  the public summary (record.state_to_json): scores per round and in total,
  round, phase, whose turn, the dealer; in a tracked round each hand's size
  (never its cards), each player's matches and stack sums, and per colour the
  draw deck's size and the discard pile's size and top card.
- a seat (its player's name): the same, plus "you" and "hand", its own cards.
  Never another hand; another seat's view differs from SHARED only in its
  own "you" and "hand".

A scored round's cards are not hidden from then on: the score line lists the
layouts every player laid face up to be counted (the screens show them from
the record, as the table saw them). Pure: no flask, no I/O.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import SHARED, Viewer
from companion.games.match.record import state_to_json
from companion.games.match.state import COLOUR, MatchState


def hand_order(code: str) -> tuple[Any, ...]:
    """Return a card's place in its holder's hand: blue before red, then by code."""
    return (COLOUR[code], code)


def view_for(state: MatchState, viewer: Viewer = SHARED) -> dict[str, Any]:
    """Return what `viewer` may see, JSON-ready (see the module's docstring for what each viewer gets).

    `viewer` is a seat's player name or SHARED (None); a name that is no
    seat of the game gets the SHARED view.
    """
    view = state_to_json(state)
    view["viewer"] = viewer if viewer in state.players else SHARED
    if viewer in state.players:
        seat = state.seat(viewer)
        view["you"] = viewer
        view["hand"] = sorted(state.hands[seat], key=hand_order) if state.tracked and state.hands else []
    return view
