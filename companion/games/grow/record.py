"""The Grow Your Assets game record: one JSON object per line, read and written here only.

Same contract as BUX's record: read_record() yields moves with 1-based line
numbers and raises RecordError for anything malformed (bad JSON, key, type or
card code); replay() folds them through the rules and marks any error with its
line. move_to_json() is the exact inverse of move_from_json(). Any line may
carry a "note" (and stored moves "evidence"); another key a line type does
not have is read past but reported (key_warnings, with its line number).
"""

from __future__ import annotations

from typing import Any

from companion.games.base import plural, possessive
from companion.games.grow.messages import W
from companion.games.grow import rules
from companion.games.grow.moves import (
    Act,
    Break,
    Decline,
    Draw,
    Move,
    Pick,
    RevealBids,
    Roll,
    Setup,
    Tiebreak,
)
from companion.games.grow.state import ALL_CARDS, DECK, GrowState
from companion.games.house import read_house_rules
from companion.games.jsonl import list_field as _list
from companion.games.jsonl import name_field as _name
from companion.games.records import card_readers, line_keys, move_reader, record_functions

LINE_KEYS = line_keys(Move)
"""The keys each line type has, setup first (its move's fields); any other key (but a note or evidence) is reported by key_warnings()."""


def _move(data: dict[str, Any], kind: str) -> Move:
    """Read a line of any type but setup (move_reader has checked its type)."""
    if kind == "draw":
        return Draw(cards=tuple(_cards(data.get("cards"), "draw: cards")))
    if kind == "reveal_bids":
        bids = _object(data, "bids", kind)
        for player, bid in bids.items():
            if isinstance(bid, bool) or not isinstance(bid, int):
                raise W.malformed("reveal_bids.not_integer", player=player, bid=bid)
        return RevealBids(bids=dict(bids))
    if kind == "tiebreak":
        rolls = _object(data, "rolls", kind)
        return Tiebreak(rolls={p: _dice(d, f"tiebreak: {possessive(p)} roll") for p, d in rolls.items()})
    player = _name(data, "player", kind)
    if kind == "pick":
        return Pick(player=player, card=_card(data, "card", kind), stack=_stack(data, kind))
    if kind == "roll":
        return Roll(player=player, dice=_dice(data.get("dice"), "roll: dice"))
    if kind == "act":
        return Act(player=player, card=_card(data, "card", kind), from_=_name(data, "from", kind), stack=_stack(data, kind))
    if kind == "decline":
        return Decline(player=player)
    return Break(player=player)


def _setup(data: dict[str, Any]) -> Setup:
    if data.get("game") != "grow":
        raise W.malformed("setup.game", game=data.get("game"))
    players = _list(data, "players", "setup")
    if any(not isinstance(p, str) or not p.strip() for p in players):
        raise W.malformed("setup.names")
    removed = _cards(data.get("removed", []), "setup: removed")
    return Setup(players=tuple(players), removed=tuple(removed), rules=read_house_rules(DECK, data.get("rules")))


def _object(data: dict[str, Any], key: str, kind: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise W.malformed("record.not_an_object", key=key, value=value)
    return value


def _stack(data: dict[str, Any], kind: str) -> str | None:
    if data.get("stack") is None:
        return None
    return _card(data, "stack", kind)


def _dice(value: Any, what: str) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or any(isinstance(d, bool) or not isinstance(d, int) for d in value)):
        raise W.malformed("record.bad_dice", value=value)
    return (value[0], value[1])


_card, _cards = card_readers(ALL_CARDS)


def move_to_json(move: Move) -> dict[str, Any]:
    """Return the record line (as a dict) for a move; move_from_json() reads it back."""
    if isinstance(move, Setup):
        line: dict[str, Any] = {"type": "setup", "game": "grow", "players": list(move.players)}
        if move.removed:
            line["removed"] = list(move.removed)
        if move.rules:  # only switched readings: a game by the defaults has the record it always had
            line["rules"] = dict(move.rules)
        return line
    if isinstance(move, Draw):
        return {"type": "draw", "cards": list(move.cards)}
    if isinstance(move, RevealBids):
        return {"type": "reveal_bids", "bids": dict(move.bids)}
    if isinstance(move, Tiebreak):
        return {"type": "tiebreak", "rolls": {p: list(d) for p, d in move.rolls.items()}}
    if isinstance(move, (Pick, Act)):
        line = {"type": "pick" if isinstance(move, Pick) else "act", "player": move.player, "card": move.card}
        if isinstance(move, Act):
            line["from"] = move.from_
        if move.stack is not None:
            line["stack"] = move.stack
        return line
    if isinstance(move, Roll):
        return {"type": "roll", "player": move.player, "dice": list(move.dice)}
    if isinstance(move, Decline):
        return {"type": "decline", "player": move.player}
    if isinstance(move, Break):
        return {"type": "break", "player": move.player}
    raise TypeError(f"not a Grow Your Assets move: {move!r}")


move_from_json = move_reader(LINE_KEYS, _setup, _move)
read_record, write_record, replay = record_functions(move_from_json, move_to_json, rules.initial_state, rules.apply)


def state_to_json(state: GrowState) -> dict[str, Any]:
    """Return the public summary printed by `companion replay --json` (the shared-screen view: no secrets)."""
    return rules.view_for(state, None)


def format_summary(summary: dict[str, Any]) -> str:
    """Return a human-readable table of a replayed grow game (state_to_json's output), for `companion replay`."""
    status = f"game over, won by {', '.join(summary['winners'])}" if summary["over"] else f"waiting for {summary['waiting_for']}"
    out = [f"Grow Your Assets: round {summary['round']}, {plural(summary['deck_size'], 'card')} in the deck; {status}"]
    width = max((len(n) for n in summary["players"]), default=6)
    for name, info in summary["players"].items():
        score, tokens = info["score"], info["tokens"]
        out.append(f"  {name:<{width}}  {score['total']:>4} points (green {score['green']}, blue {score['blue']}, "
                   f"red {score['red']}, gold {score['gold']});  tokens {tokens['worth']} "
                   f"({tokens['blue']} blue + {tokens['black']} black)")
    out.append(f"  discard pile: {plural(len(summary['discard']), 'card')}; bank: {summary['bank']} token points")
    return "\n".join(out)
