"""High Card's rules: pure functions of state and move (verify, then apply)."""

from __future__ import annotations

from companion.errors import RuleViolation
from companion.games.base import verify_seating
from tests.high_card.state import CARDS, HAND, MAX_PLAYERS, MIN_PLAYERS, VALUE, HighState, Play, Setup


def initial_state(setup: Setup) -> HighState:
    verify_seating(setup.players, MIN_PLAYERS, MAX_PLAYERS, "High Card")
    if set(setup.hands) != set(setup.players):
        raise RuleViolation("setup.hands_players", "setup: the hands must name exactly the players")
    dealt = [card for hand in setup.hands.values() for card in hand]
    if any(len(hand) != HAND for hand in setup.hands.values()):
        raise RuleViolation("setup.hand_size", f"setup: every player is dealt {HAND} cards")
    if len(set(dealt)) != len(dealt) or not set(dealt) <= set(CARDS):
        raise RuleViolation("setup.cards", "setup: a card is dealt twice or is not in the deck")
    return HighState(players=setup.players, hands=tuple(frozenset(setup.hands[p]) for p in setup.players),
                     trick=(), last_trick=(), points=(0,) * len(setup.players), to_move=0)


def is_over(state: HighState) -> bool:
    return not state.trick and not any(state.hands)


def verify(state: HighState, move: Play) -> None:
    if is_over(state):
        raise RuleViolation("play.game_over", "the game is over")
    player = state.players[state.to_move]
    if move.player != player:
        raise RuleViolation("play.turn", f"it is {player}'s turn, not {move.player}'s")
    if move.card not in state.hands[state.to_move]:
        raise RuleViolation("play.not_in_hand", f"{player} does not hold that card")


def apply(state: HighState, move: Play) -> HighState:
    verify(state, move)
    seat = state.to_move
    hands = tuple(h - {move.card} if i == seat else h for i, h in enumerate(state.hands))
    trick = state.trick + ((move.player, move.card),)
    if len(trick) < len(state.players):
        return HighState(state.players, hands, trick, state.last_trick, state.points, (seat + 1) % len(state.players))
    winner = state.players.index(max(trick, key=lambda played: VALUE[played[1]])[0])
    points = tuple(p + (i == winner) for i, p in enumerate(state.points))
    return HighState(state.players, hands, (), trick, points, winner)


def winners(state: HighState) -> list[str]:
    best = max(state.points)
    return [p for p, n in zip(state.players, state.points) if n == best] if is_over(state) else []


def legal_moves(state: HighState) -> list[Play]:
    if is_over(state):
        return []
    return [Play(state.players[state.to_move], card) for card in sorted(state.hands[state.to_move])]


def view_for(state: HighState, viewer: str | None) -> dict:
    """What `viewer` may see (None: a shared screen): hand sizes for all, the viewer's own hand only to them."""
    view = {"players": [{"name": p, "points": n, "hand_size": len(h)} for p, h, n in zip(state.players, state.hands, state.points)],
            "trick": [{"player": p, "card": c, "value": VALUE[c]} for p, c in state.trick],
            "last_trick": [{"player": p, "card": c, "value": VALUE[c]} for p, c in state.last_trick],
            "to_move": None if is_over(state) else state.players[state.to_move],
            "over": is_over(state), "winners": winners(state)}
    if viewer in state.players:
        view["hand"] = [{"card": c, "value": VALUE[c]} for c in sorted(state.hands[state.players.index(viewer)], key=VALUE.get)]
    return view
