"""The cat auction's moves in words, as the shared screens' history says them: one wording for the screens and the audit.

Hands, the lot and penalty cards are secret, so these sentences name only
what everyone at the table saw: a bid's face-up cards, a played cat card, a
Bank card turned up. They never name a penalty, a drawn card, a dealt hand or
a revealed lot. Pure: the caller hands in its translation functions
(companion/games/history.py); the default is English.
"""

from __future__ import annotations

from typing import Any

from companion.games.cats.state import DECK, KIND, VALUE, CatsState
from companion.games.history import ENGLISH, Say

KINDS: dict[str, dict[str, Any]] = DECK.data["kinds"]


def card_text(code: str, say: Say = ENGLISH) -> str:
    """Return a card code as players name it: a Bank card's value, a cat card's «title»."""
    if code in VALUE:
        return str(VALUE[code])
    if code in KIND:
        return "«" + say.gettext(KINDS[KIND[code]]["title"]["en"]) + "»"
    return "?"


def describe(line: dict[str, Any], before: CatsState | None = None, after: CatsState | None = None, say: Say = ENGLISH) -> str:
    """Return one move in words for a shared screen: what everyone at the table saw, nothing hidden."""
    _, ngettext = say.gettext, say.ngettext
    kind = line.get("type")
    player = str(line.get("player", ""))
    if kind == "setup":
        if line.get("hands"):
            return _("The cards were dealt; %(first)s moves first.", first=line.get("first", "?"))
        return _("The cards were dealt face down; %(first)s moves first.", first=line.get("first", "?"))
    if kind == "deal":
        return _("%(player)s entered their hand.", player=player)
    if kind == "lot":
        return _("A lot was laid face down.")
    if kind == "bid":
        cards = [c for c in line.get("cards", []) if c in VALUE]
        total = sum(VALUE[c] for c in cards)
        if len(cards) == 1:
            return _("%(player)s bid %(total)s.", player=player, total=total)
        return _("%(player)s bid %(total)s (%(cards)s).", player=player, total=total, cards=" + ".join(str(VALUE[c]) for c in cards))
    if kind == "play":
        card = line.get("card", "")
        text = _("%(player)s played %(card)s.", player=player, card=card_text(card, say))
        turned = line.get("turned")
        if KIND.get(card) == "random" and turned in VALUE:
            text += " " + _("The Bank card turned up: %(value)s.", value=VALUE[turned])
        return text
    if kind == "pass":
        return _("%(player)s passed and paid a penalty card into the lot.", player=player)
    if kind == "draw":
        count = len(line.get("cards", []))
        return ngettext("%(player)s drew %(num)d card from the Bank.", "%(player)s drew %(num)d cards from the Bank.",
                        count, player=player)
    if kind == "reveal":
        return _("%(player)s named the cards of the lot they won.", player=player)
    return _("Unknown move.")


def gone_out(before: CatsState | None, after: CatsState, say: Say = ENGLISH) -> list[str]:
    """Return a sentence for each player this move put out of the game (their turn came with an empty hand)."""
    if before is None:
        return []
    return [say.gettext("Player %(player)s is out of the game.", player=after.players[seat]) for seat in sorted(after.out - before.out)]


def round_end(before: CatsState | None, after: CatsState, say: Say = ENGLISH) -> str | None:
    """Return how a round ended with this move, if it did (the game's end is said elsewhere)."""
    _ = say.gettext
    if before is None or before.phase != "bidding" or after.phase == "over":
        return None
    if after.phase == "bidding" and after.round_no == before.round_no:
        return None
    if after.last_round == "no winner":
        return _("Nobody won the round: the lot went face down to the discard pile.")
    winner = (after.last_round or "").removeprefix("won by ")
    return _("Player %(player)s won the round and takes the lot and the penalty cards into their hand.", player=winner)


def narrate(line: dict[str, Any], before: CatsState | None, after: CatsState, say: Say = ENGLISH) -> list[str]:
    """Return every sentence the history shows for one move: the move, how its round ended, who went out."""
    out = [describe(line, before, after, say)]
    end = round_end(before, after, say)
    if end:
        out.append(end)
    return out + gone_out(before, after, say)
