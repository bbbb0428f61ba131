"""The BUX game record (BUX's PGN): one JSON object per line, read and written here only.

read_record() turns lines into moves with 1-based line numbers and raises
RecordError for anything malformed; replay() folds them through the rules and
marks any error with its line. write_record() is the exact inverse for the
moves it is given. A key a line type does not have is read past but reported
(key_warnings, with its line number); any line may carry a "note".
"""

from __future__ import annotations

from typing import Any

from companion.chips import describe_change
from companion.games.base import plural, possessive
from companion.games.bux import rules
from companion.games.bux.messages import W
from companion.games.bux.moves import Broke, Draw, Move, Sell, Setup, Swap
from companion.games.bux.state import (
    ALL_CARDS,
    DECK,
    BuxState,
    bux_timer,
    is_double_bux,
    turn,
)
from companion.games.house import read_house_rules
from companion.games.jsonl import list_field as _list
from companion.games.jsonl import name_field as _name
from companion.games.records import card_readers, line_keys, move_reader, record_functions

LINE_KEYS = line_keys(Move) | {
    "draw": ("type", "player", "cards", "winner", "price", "keep"),  # Draw.all_passed is the line's "winner": null
}
"""The keys each line type has, setup first (its move's fields); any other key (but a note or evidence) is reported by key_warnings()."""


def _move(data: dict[str, Any], kind: str) -> Move:
    """Read a line of any type but setup (move_reader has checked its type)."""
    player = _name(data, "player", kind)
    if kind == "draw":
        return _draw(data, player)
    if kind == "sell":
        sets = _list(data, "sets", kind)
        return Sell(player=player, sets=tuple(tuple(_cards(s, f"{kind}: each set")) for s in sets))
    if kind == "swap":
        return Swap(player=player, give=_card(data, "give", kind), take=_card(data, "take", kind), from_=_name(data, "from", kind))
    return Broke(player=player)


def _setup(data: dict[str, Any]) -> Setup:
    if data.get("game") != "bux":
        raise W.malformed("setup.game", game=data.get("game"))
    players = _list(data, "players", "setup")
    if any(not isinstance(p, str) or not p.strip() for p in players):
        raise W.malformed("setup.names")
    first = _name(data, "first", "setup")
    spreads = data.get("spreads")
    if not isinstance(spreads, dict):
        raise W.malformed("setup.spreads_shape")
    return Setup(
        players=tuple(players),
        first=first,
        spreads={name: tuple(_cards(cards, f"setup: {possessive(name)} spread")) for name, cards in spreads.items()},
        rules=read_house_rules(DECK, data.get("rules")),
    )


def _draw(data: dict[str, Any], player: str) -> Draw:
    cards = tuple(_cards(data.get("cards"), "draw: cards"))
    winner = None
    all_passed = False
    if "winner" in data:
        winner = data["winner"]
        if winner is None:
            all_passed = True
        elif not isinstance(winner, str) or not winner:
            raise W.malformed("draw.bad_winner", winner=winner)
    price = data.get("price")
    if "price" in data and (isinstance(price, bool) or not isinstance(price, int)):
        raise W.malformed("draw.price_not_integer", price=price)
    keep = False
    if "keep" in data:
        if data["keep"] is not True:
            raise W.malformed("draw.bad_keep", keep=data["keep"])
        keep = True
    if keep and "winner" in data:
        raise W.malformed("draw.keep_and_bid")
    if "price" in data and winner is None:
        raise W.malformed("draw.price_needs_winner" if not all_passed else "draw.price_without_winner")
    if winner is not None and "price" not in data:
        raise W.malformed("draw.winner_needs_price")
    return Draw(player=player, cards=cards, winner=winner, price=price, all_passed=all_passed, keep=keep)


_card, _cards = card_readers(ALL_CARDS)


def move_to_json(move: Move) -> dict[str, Any]:
    """Return the record line (as a dict) for a move; move_from_json() reads it back."""
    if isinstance(move, Setup):
        setup: dict[str, Any] = {"type": "setup", "game": "bux", "players": list(move.players), "first": move.first,
                                 "spreads": {p: list(move.spreads[p]) for p in move.players}}
        if move.rules:
            setup["rules"] = dict(move.rules)  # only switched readings: a default game's line is as before house rules
        return setup
    if isinstance(move, Draw):
        line: dict[str, Any] = {"type": "draw", "player": move.player, "cards": list(move.cards)}
        if move.keep:
            line["keep"] = True
        elif move.all_passed:
            line["winner"] = None
        elif move.winner is not None:
            line["winner"], line["price"] = move.winner, move.price
        return line
    if isinstance(move, Sell):
        return {"type": "sell", "player": move.player, "sets": [list(s) for s in move.sets]}
    if isinstance(move, Swap):
        return {"type": "swap", "player": move.player, "give": move.give, "take": move.take, "from": move.from_}
    if isinstance(move, Broke):
        return {"type": "broke", "player": move.player}
    raise TypeError(f"not a BUX move: {move!r}")


move_from_json = move_reader(LINE_KEYS, _setup, _move)
read_record, write_record, replay = record_functions(move_from_json, move_to_json, rules.initial_state, rules.apply)


def state_to_json(state: BuxState) -> dict[str, Any]:
    """Return the public summary printed by `companion replay --json` (no card backs beyond codes)."""
    result = rules.outcome(state)
    played_with = {"rules": dict(state.rules)} if state.rules else {}  # only a game with house rules says so
    return {
        "game": "bux",
        **played_with,
        "over": state.over,
        "winners": list(result.winners) if result else [],
        "turn": turn(state),
        "deck": state.deck,
        "bux_timer": bux_timer(state),
        "double_bux": is_double_bux(state),
        "players": {
            name: {"chips": chips, "spread": sorted(spread)}
            for name, chips, spread in zip(state.players, state.chips, state.spreads)
        },
        "discard": sorted(state.discard),
    }


def format_summary(summary: dict[str, Any]) -> str:
    """Return the human-readable table `companion replay` prints for a BUX summary."""
    out = []
    status = f"game over, won by {', '.join(summary['winners'])}" if summary.get("over") else f"{summary.get('turn')} to move"
    banner = "  DOUBLE-BUX" if summary["double_bux"] else ""
    out.append(f"BUX: deck {summary['deck']}, timer {summary['bux_timer']}/3{banner}; {status}")
    if summary.get("rules"):
        out.append("  house rules: " + ", ".join(f"{name}={value}" for name, value in summary["rules"].items()))
    players = summary.get("players", {})
    width = max((len(n) for n in players), default=6)
    for name, info in players.items():
        chips = info.get("chips")
        out.append(f"  {name:<{width}}  {chips:>6} chips  ({describe_change(chips)})")
        out.append(f"  {'':<{width}}  spread: {', '.join(info['spread']) or '(empty)'}")
    out.append(f"  discard pile: {plural(len(summary['discard']), 'card')}")
    return "\n".join(out)
