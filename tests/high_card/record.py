"""High Card's record: one JSON object per line, read and written here only."""

from __future__ import annotations

from companion.errors import RecordError
from companion.games.jsonl import card_field, card_list, line_type, name_field
from companion.games.records import record_functions
from tests.high_card import rules
from tests.high_card.state import CARDS, HighState, Play, Setup

LINE_KEYS = {"setup": ("type", "game", "players", "hands"), "play": ("type", "player", "card")}


def move_from_json(data: dict, *, first: bool = False):
    kind = line_type(data, tuple(LINE_KEYS), first=first)
    if kind == "setup":
        players = data.get("players")
        hands = data.get("hands")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError("setup: 'players' must be a list of names")
        if not isinstance(hands, dict):
            raise RecordError("setup: 'hands' must map each player to their cards")
        return Setup(tuple(players), {p: tuple(card_list(h, f"setup: {p}'s hand", CARDS)) for p, h in hands.items()})
    return Play(name_field(data, "player", kind), card_field(data, "card", kind, CARDS))


def move_to_json(move) -> dict:
    if isinstance(move, Setup):
        return {"type": "setup", "game": "high", "players": list(move.players), "hands": {p: list(h) for p, h in move.hands.items()}}
    return {"type": "play", "player": move.player, "card": move.card}


read_record, write_record, replay = record_functions(move_from_json, move_to_json, rules.initial_state, rules.apply)


def state_to_json(state: HighState) -> dict:
    return rules.view_for(state, None)
