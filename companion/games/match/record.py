"""The blue/red match game record: one JSON object per line, read and written here only.

Lines (docs/match.md has the full format with examples):
  setup         {"type": "setup", "game": "match", "players": [...], "dealer": name, "advanced": bool}
  deal          {"type": "deal", "round": n, "hands": {name: [10 cards]}}             (turn-by-turn rounds)
  draw          {"type": "draw", "player": p, "from": "blue-deck"|..., "card": c}
  match         {"type": "match", "player": p, "cards": [c, c]}
  trade         {"type": "trade", "player": p, "card": c, "with": q|null, "take": c, "give": c}
  steal         {"type": "steal", "player": p, "card": c, "from": q|null, "take": c, "draw": c|null}
  discard_wild  {"type": "discard_wild", "player": p, "card": c, "draw": c|null}
  discard       {"type": "discard", "player": p, "card": c}
  score         {"type": "score", "round": n, "players": {name: {"matches": [[c, c], ...], "hand": [...]}}}
read_record() yields moves with 1-based line numbers and raises RecordError for
anything malformed; replay() folds them through the rules. Any line may carry
a "note"; another key a line type does not have (LINE_KEYS) is read past but
reported (key_warnings, with its line number).
"""

from __future__ import annotations

from typing import Any, Literal, overload

from companion.games.base import possessive
from companion.games.jsonl import name_field as _name
from companion.games.records import card_readers, line_keys, move_reader, record_functions
from companion.games.match import rules
from companion.games.match.messages import W
from companion.games.match.moves import (
    SOURCES,
    Deal,
    Discard,
    DiscardWild,
    Draw,
    Layout,
    Match,
    Move,
    Score,
    Setup,
    Steal,
    Trade,
)
from companion.games.match.scoring import (
    parse_layouts,
    scoreboard,
    stack_totals,
    winners,
)
from companion.games.match.state import (
    ALL_CARDS,
    COLOURS,
    ROUNDS,
    MatchState,
    totals,
    turn,
)

LINE_KEYS = line_keys(Move) | {
    "deal": ("type", "round", "hands"),  # the round first, as the lines have always been written
    "draw": ("type", "player", "from", "card"),  # Draw.source is the line's "from"
}
"""The keys each line type has, setup first (its move's fields); any other key (but a note or evidence) is reported by key_warnings()."""


def _move(data: dict[str, Any], kind: str) -> Move:
    """Read a line of any type but setup (move_reader has checked its type)."""
    if kind == "deal":
        return _deal(data)
    if kind == "score":
        return Score(round=_round(data, kind, required=True), players=parse_layouts(data.get("players"), "score", faces=False, seated=True))
    player = _name(data, "player", kind)
    if kind == "draw":
        source = data.get("from")
        if source is None and data.get("card") is None:
            return Draw(player=player, source=None, card=None)
        if source not in SOURCES:
            raise W.malformed("record.draw_from", sources=list(SOURCES), value=source)
        return Draw(player=player, source=source, card=_card(data, "card", kind))
    if kind == "match":
        cards = _cards(data.get("cards"), "match: cards")
        if len(cards) != 2:
            raise W.malformed("record.match_cards", count=len(cards))
        return Match(player=player, cards=(cards[0], cards[1]))
    if kind == "discard":
        return Discard(player=player, card=_card(data, "card", kind))
    card = _card(data, "card", kind)
    if kind == "discard_wild":
        return DiscardWild(player=player, card=card, draw=_card(data, "draw", kind, optional=True))
    if kind == "trade":
        other = _name(data, "with", kind, optional=True)
        if other is None:
            return Trade(player=player, card=card, take=_card(data, "take", kind, optional=True), give=_card(data, "give", kind, optional=True))
        return Trade(player=player, card=card, with_=other, take=_card(data, "take", kind), give=_card(data, "give", kind))
    victim = _name(data, "from", kind, optional=True)
    take = _card(data, "take", kind, optional=victim is None)
    return Steal(player=player, card=card, from_=victim, take=take, draw=_card(data, "draw", kind, optional=True))


def _setup(data: dict[str, Any]) -> Setup:
    if data.get("game") != "match":
        raise W.malformed("setup.game", game=data.get("game"))
    players = data.get("players")
    if not isinstance(players, list) or any(not isinstance(p, str) or not p.strip() for p in players):
        raise W.malformed("setup.players")
    advanced = data.get("advanced", False)
    if not isinstance(advanced, bool):
        raise W.malformed("setup.advanced", value=advanced)
    return Setup(players=tuple(players), dealer=_name(data, "dealer", "setup"), advanced=advanced)


def _deal(data: dict[str, Any]) -> Deal:
    hands = data.get("hands")
    if not isinstance(hands, dict):
        raise W.malformed("record.hands")
    return Deal(hands={name: tuple(_cards(cards, f"deal: {possessive(name)} hand")) for name, cards in hands.items()},
                round=_round(data, "deal", required=False))


@overload
def _round(data: dict[str, Any], kind: str, *, required: Literal[True]) -> int: ...
@overload
def _round(data: dict[str, Any], kind: str, *, required: bool) -> int | None: ...
def _round(data: dict[str, Any], kind: str, *, required: bool) -> int | None:
    value = data.get("round")
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= ROUNDS:
        raise W.malformed("record.round", rounds=ROUNDS, value=value)
    return value


def layout_to_json(layout: Layout) -> dict[str, Any]:
    """Return one player's laid-out round as JSON (the ROUND.json and score-line shape)."""
    return {"matches": [list(p) for p in layout.matches], "hand": list(layout.hand)}


_card, _cards = card_readers(ALL_CARDS)


def move_to_json(move: Move) -> dict[str, Any]:
    """Return the record line (as a dict) for a move; move_from_json() reads it back."""
    if isinstance(move, Setup):
        return {"type": "setup", "game": "match", "players": list(move.players), "dealer": move.dealer, "advanced": move.advanced}
    if isinstance(move, Deal):
        line: dict[str, Any] = {"type": "deal"}
        if move.round is not None:
            line["round"] = move.round
        line["hands"] = {p: list(cards) for p, cards in move.hands.items()}
        return line
    if isinstance(move, Draw):
        return {"type": "draw", "player": move.player, "from": move.source, "card": move.card}
    if isinstance(move, Match):
        return {"type": "match", "player": move.player, "cards": list(move.cards)}
    if isinstance(move, Trade):
        return {"type": "trade", "player": move.player, "card": move.card, "with": move.with_, "take": move.take, "give": move.give}
    if isinstance(move, Steal):
        return {"type": "steal", "player": move.player, "card": move.card, "from": move.from_, "take": move.take, "draw": move.draw}
    if isinstance(move, DiscardWild):
        return {"type": "discard_wild", "player": move.player, "card": move.card, "draw": move.draw}
    if isinstance(move, Discard):
        return {"type": "discard", "player": move.player, "card": move.card}
    if isinstance(move, Score):
        return {"type": "score", "round": move.round, "players": {p: layout_to_json(l) for p, l in move.players.items()}}
    raise TypeError(f"not a match-game move: {move!r}")


move_from_json = move_reader(LINE_KEYS, _setup, _move)
read_record, write_record, replay = record_functions(move_from_json, move_to_json, rules.initial_state, rules.apply)


def state_to_json(state: MatchState) -> dict[str, Any]:
    """Return the public summary printed by `companion replay --json`.

    Hands stay hidden: only their sizes are shown until a round is scored;
    matches are face up on the table and shown, with both stack sums.
    """
    result = rules.outcome(state)
    board = scoreboard(state.players, state.scores)
    players: dict[str, dict[str, Any]] = {}
    for seat, name in enumerate(state.players):
        info: dict[str, Any] = {"scores": [r[seat] for r in state.scores], "total": board[name]["total"]}
        if state.tracked:
            info["hand_size"] = len(state.hands[seat])
            info["matches"] = [list(p) for p in state.matches[seat]]
            info["stacks"] = list(stack_totals(state.matches[seat]))
        players[name] = info
    summary: dict[str, Any] = {
        "game": "match",
        "advanced": state.advanced,
        "over": result is not None,
        "winners": list(result.winners) if result else [],
        "round": state.round,
        "phase": state.phase,
        "turn": turn(state),
        "dealer": state.players[state.dealer],
        "players": players,
        "scoreboard": board,
    }
    if state.tracked:
        summary["piles"] = {colour: {"deck": len(state.decks[i]), "discard_top": state.discards[i][-1] if state.discards[i] else None,
                                     "discard": len(state.discards[i])} for i, colour in enumerate(COLOURS)}
    if not result:
        summary["leaders"] = list(winners(state.players, totals(state))) if state.scores else []
    return summary
