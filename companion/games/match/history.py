"""The blue/red match game's moves in words: the tablet's wording of a scored round, and the turns of a tracked one.

The tablet enters a round by its result (a score line) and words it so. A
round recorded turn by turn (an imported record) has deal, draw, match, trade,
steal and discard lines that no screen enters; they are worded here too, in
English only, naming just what lies face up (a match laid down, a discard):
hands and the cards drawn, traded or stolen into them stay hidden. Cards are
named by their printed face (blue 300, red <300>, Red Wild). Pure: the caller
hands in its translation functions (companion/games/history.py).
"""

from __future__ import annotations

from typing import Any

from companion.games.history import ENGLISH, Say
from companion.games.match.state import COLOUR, DECK


def face_text(code: str) -> str:
    """Return what is printed large on a card: '300' (blue), '<300>' (red), 'Red Wild'."""
    card = DECK.card(code)
    if card.kind == "number":
        return str(card["face"]["text"])
    return str(card["title"])


def card_text(code: str) -> str:
    """Return a card as players name it: 'blue 300', 'red <300>', 'Red Wild'."""
    card = DECK.card(code)
    return f"{COLOUR[code]} {face_text(code)}" if card.kind == "number" else face_text(code)


def describe(line: dict[str, Any], say: Say = ENGLISH) -> str:
    """Return a record line in words (what the tablet says for a scored round)."""
    _ = say.gettext
    if line.get("type") == "score":
        return _("Round %(number)s scored.", number=line.get("round"))
    if line.get("type") == "deal":  # the tablet deals a tracked round too: said in the reader's language
        return _("Round %(number)s dealt.", number=line.get("round"))
    turn = turn_text(line)
    return turn if turn is not None else _("Move recorded.")


def turn_text(line: dict[str, Any]) -> str | None:
    """Return a turn-by-turn line in English words naming only face-up cards, or None for a line of another type."""
    kind, player = line.get("type"), str(line.get("player", ""))
    if kind == "setup":
        return f"The game started: {', '.join(line.get('players', []))}; {line.get('dealer', '?')} deals."
    if kind == "deal":
        return f"Round {line.get('round', '?')}: the hands were dealt."
    if kind == "draw":
        source = str(line.get("from") or "")
        if not source:
            return f"{player} drew a card."
        if source.endswith("-discard"):
            return f"{player} took {card_text(line['card'])} from the {source.removesuffix('-discard')} discard pile."
        return f"{player} drew a card from the {source.removesuffix('-deck')} deck."
    if kind == "match":
        return f"{player} laid a match: {' and '.join(card_text(c) for c in line.get('cards', []))}."
    if kind == "trade":
        other = line.get("with")
        return f"{player} played {card_text(line['card'])} and traded a card{' with ' + str(other) if other else ''}."
    if kind == "steal":
        other = line.get("from")
        return f"{player} played {card_text(line['card'])} and took a card{' from ' + str(other) if other else ''}."
    if kind == "discard_wild":
        return f"{player} discarded {card_text(line['card'])}{' and drew a card' if line.get('draw') else ''}."
    if kind == "discard":
        return f"{player} discarded {card_text(line['card'])}."
    return None
