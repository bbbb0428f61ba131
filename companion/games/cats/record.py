"""The cat auction game record: one JSON object per line, read and written here only.

Lines: setup (game "cats", players, first, hands?), deal (player, cards),
lot (card?), bid (player, cards), play (player, card, turned?), pass (player,
penalty), draw (player, cards), reveal (player, cards). A setup without hands
is a secret deal (each player's deal line follows); a lot or a turned Prize
card without a code lies face down unnamed until the winner's reveal line.
read_record() raises RecordError for anything malformed, with its line;
replay() folds through the rules. A key a line type does not have (LINE_KEYS)
is read past but reported by key_warnings(), with its line.
state_to_json() is the public summary (hand sizes only until the game is
over); view_for() is one seat's view.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import possessive
from companion.games.cats import rules
from companion.games.cats.messages import W
from companion.games.cats.moves import (
    Bid,
    Deal,
    Draw,
    Lot,
    Move,
    Pass,
    Play,
    Reveal,
    Setup,
)
from companion.games.cats.state import (
    ALL_CARDS,
    DEAL,
    KIND,
    OVER,
    CatsState,
    draw_count,
    lot_size,
    prize_size,
    stake_state,
    turn,
)
from companion.games.jsonl import name_field as _name
from companion.games.records import card_readers, line_keys, move_reader, record_functions

LINE_KEYS = line_keys(Move)
"""The keys each line type has, setup first (its move's fields); any other key (but a note or evidence) is reported by key_warnings()."""


def _move(data: dict[str, Any], kind: str) -> Move:
    """Read a line of any type but setup (move_reader has checked its type)."""
    if kind == "lot":
        return Lot(card=None if data.get("card") is None else _card(data, "card", kind))
    player = _name(data, "player", kind)
    if kind == "play":
        turned = data.get("turned")
        return Play(player=player, card=_card(data, "card", kind), turned=None if turned is None else _card(data, "turned", kind))
    if kind == "pass":
        return Pass(player=player, penalty=_card(data, "penalty", kind))
    return _PLAYER_CARDS[kind](player=player, cards=tuple(_cards(data.get("cards"), f"{kind}: cards")))


_PLAYER_CARDS: dict[str, type[Bid] | type[Deal] | type[Reveal] | type[Draw]] = {
    "bid": Bid, "deal": Deal, "reveal": Reveal, "draw": Draw}
"""The lines that hold a player and their cards, by type: read alike."""


def _setup(data: dict[str, Any]) -> Setup:
    if data.get("game") != "cats":
        raise W.malformed("setup.game", game=data.get("game"))
    players = data.get("players")
    if not isinstance(players, list) or any(not isinstance(p, str) or not p.strip() for p in players):
        raise W.malformed("setup.names")
    first = _name(data, "first", "setup")
    hands = data.get("hands", {})
    if not isinstance(hands, dict):
        raise W.malformed("setup.hands_shape")
    return Setup(players=tuple(players), first=first,
                 hands={name: tuple(_cards(cards, f"setup: {possessive(name)} hand")) for name, cards in hands.items()})


_card, _cards = card_readers(ALL_CARDS)


def move_to_json(move: Move) -> dict[str, Any]:
    """Return the record line (as a dict) for a move; move_from_json() reads it back."""
    if isinstance(move, Setup):
        line: dict[str, Any] = {"type": "setup", "game": "cats", "players": list(move.players), "first": move.first}
        if move.hands:
            line["hands"] = {p: list(move.hands[p]) for p in move.players}
        return line
    if isinstance(move, Lot):
        return {"type": "lot"} if move.card is None else {"type": "lot", "card": move.card}
    if isinstance(move, (Deal, Reveal)):
        return {"type": "deal" if isinstance(move, Deal) else "reveal", "player": move.player, "cards": list(move.cards)}
    if isinstance(move, Bid):
        return {"type": "bid", "player": move.player, "cards": list(move.cards)}
    if isinstance(move, Play):
        line = {"type": "play", "player": move.player, "card": move.card}
        if move.turned is not None:
            line["turned"] = move.turned
        return line
    if isinstance(move, Pass):
        return {"type": "pass", "player": move.player, "penalty": move.penalty}
    if isinstance(move, Draw):
        return {"type": "draw", "player": move.player, "cards": list(move.cards)}
    raise TypeError(f"not a cat auction move: {move!r}")


move_from_json = move_reader(LINE_KEYS, _setup, _move)
read_record, write_record, replay = record_functions(move_from_json, move_to_json, rules.initial_state, rules.apply)


def _public(state: CatsState) -> dict[str, Any]:
    result = rules.outcome(state)
    holder = state.holder
    return {
        "game": "cats",
        "over": state.phase == OVER,
        "winners": list(result.winners) if result else [],
        "reason": result.reason if result else None,
        "turn": turn(state),
        "phase": state.phase,
        "round": state.round_no,
        "decisive": state.decisive,
        "starter": state.players[state.starter],
        "stake": state.stake,
        "stake_state": stake_state(state),
        "holder": state.players[holder] if holder is not None else None,
        # Bids are played face up to the middle; the lot and penalties are face down.
        "middle": list(state.middle),
        "lot_size": lot_size(state),
        "penalty_count": len(state.penalties),
        "bank_size": len(state.bank),
        "prize_size": prize_size(state),
        "discard_size": len(state.discard),
        "draws": [state.players[s] for s in state.draws],
        "draw_count": draw_count(state) if state.draws else 0,
        "last_round": state.last_round,
        "players": {
            name: {"cards": len(hand), "out": seat in state.out, "passed": seat in state.passed}
            for seat, (name, hand) in enumerate(zip(state.players, state.hands))
        },
    }


def state_to_json(state: CatsState) -> dict[str, Any]:
    """Return the public summary printed by `companion replay --json`.

    Hands are secret while the game runs (sizes only); once it is over every
    hand is shown, as players do when they lay their cards down. During a
    secret deal, "waiting_for_hands" names who has not entered their hand.
    """
    summary = _public(state)
    if state.phase == DEAL:
        summary["waiting_for_hands"] = [p for s, p in enumerate(state.players) if s not in state.dealt]
    if state.phase == OVER:
        for name, hand in zip(state.players, state.hands):
            summary["players"][name]["hand"] = sorted(hand)
    return summary


def view_for(state: CatsState, player: str | None) -> dict[str, Any]:
    """Return what one seat may see: the public summary plus their own hand (and the lot if they peeked).

    `player` None is a shared screen: the public summary alone. A stranger's
    name gets the same.
    """
    summary = state_to_json(state)
    if player not in state.players:
        return summary
    seat = state.seat(player)
    summary["you"] = player
    summary["hand"] = sorted(state.hands[seat])
    summary["cats"] = sorted(KIND[c] for c in state.hands[seat] if c in KIND)
    if seat in state.peeked:
        summary["lot"] = list(state.lot)
    actions = rules.legal_actions(state)
    if actions.player == player:
        summary["may"] = {"min_bid": actions.min_bid, "can_bid": actions.can_bid, "play": list(actions.playable),
                          "can_pass": actions.can_pass, "draw": actions.draw_count, "reveal": actions.reveal}
    if state.phase == DEAL and seat not in state.dealt:
        summary["may"] = {"deal": True}
    return summary


def format_summary(summary: dict[str, Any]) -> str:
    """Return a plain-text table of state_to_json() for `companion replay` (no chips: cards held).

    Shows only what the summary holds, so it never reveals a running game's hands.
    """
    if summary.get("over"):
        status = f"game over, won by {', '.join(summary['winners'])} ({summary.get('reason')})"
    else:
        status = f"{summary.get('turn') or 'the lot'} to move"
    stake = "golden" if summary.get("stake_state") == "golden" else summary.get("stake")
    round_name = "decisive round" if summary.get("decisive") else f"round {summary.get('round')}"
    out = [f"cats: {round_name}, stake {stake}; {status}"]
    players = summary.get("players", {})
    width = max((len(n) for n in players), default=6)
    for name, info in players.items():
        flags = " (out)" if info.get("out") else ""
        count = info.get('cards', 0)
        line = f"  {name:<{width}}  {count:>3} {'card' if count == 1 else 'cards'}{flags}"
        if "hand" in info:
            line += f": {', '.join(info['hand']) or '(empty)'}"
        out.append(line)
    out.append(f"  Bank {summary.get('bank_size')}, Prize {summary.get('prize_size')}, discard {summary.get('discard_size')}")
    return "\n".join(out)
