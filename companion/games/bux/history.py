"""BUX moves in words, as the tablet's history says them: one wording for the screens and the audit.

Cards are named by the caller's namer: a shared screen names them by face
only ("♥ oval": a card's value is on its back), the operator's audit of a
finished game with their values too ("♥ oval 25"). Pure: the caller hands in
its translation functions (companion/games/history.py); the default is English.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.games.bux.messages import card_words
from companion.games.bux.state import PLAYING_CARDS, TIMER_CARDS, BuxState, rule
from companion.games.history import ENGLISH, Say

CardNamer = Callable[[str], "str | None"]
"""Names a card code for the reader, or None for no card of the deck."""


def card_with_value(code: str) -> str | None:
    """Return a card as the operator names it, face and value ('♥ circle 100', 'BUX 2'), or None for no card."""
    return card_words(code) if code in PLAYING_CARDS or code in TIMER_CARDS else None


def describe(line: dict[str, Any], before: BuxState | None = None, after: BuxState | None = None, *,
             card: CardNamer = card_with_value, say: Say = ENGLISH) -> str:
    """Return one move in words, its cards named by `card`."""
    _, ngettext = say.gettext, say.ngettext
    kind = line.get("type")
    player = str(line.get("player", ""))
    if kind == "setup":
        return _("The cards were dealt; %(first)s plays first.", first=line.get("first", "?"))
    if kind == "draw":
        return _draw(line, player, before, after, card, say)
    if kind == "sell":
        sets = line.get("sets") or []
        paid = ""
        if before is not None and after is not None:
            seat = before.seat(player)
            paid = " " + _("for %(amount)s", amount=after.chips[seat] - before.chips[seat])
        return ngettext("%(player)s sold %(num)d set", "%(player)s sold %(num)d sets", len(sets), player=player) + paid + "."
    if kind == "swap":
        give, take = line.get("give", ""), line.get("take", "")
        return _("%(player)s swapped %(give)s for %(take)s from %(other)s.", player=player,
                 give=(card(give) if isinstance(give, str) else None) or "?",
                 take=(card(take) if isinstance(take, str) else None) or "?", other=line.get("from", "?"))
    if kind == "broke":
        broke = before.players.index(player) if before is not None and player in before.players else None
        grant = after.chips[broke] - before.chips[broke] if broke is not None and before and after else 100
        if grant != 100:  # 200 during Double-BUX under the house rule broke-grant=doubled
            return _("%(player)s was broke and took %(amount)s chips.", player=player, amount=grant)
        return _("%(player)s was broke and took 100 chips.", player=player)
    return _("Unknown move.")


def _draw(line: dict[str, Any], player: str, before: BuxState | None, after: BuxState | None, card: CardNamer, say: Say) -> str:
    """Return a draw in words: its cards, then the deck's end, the game's end or the settlement."""
    _ = say.gettext
    cards = [c for c in line.get("cards", []) if isinstance(c, str)]
    shown = ", ".join(name for name in map(card, cards) if name)
    text = _("%(player)s drew %(cards)s", player=player, cards=shown or "?")
    printed = after is not None and rule(after, "timer-order") == "printed"
    if after is not None and before is not None and after.deck != before.deck:
        return text + ". " + (_("BUX card 3: the deck is over, reshuffle.") if printed else _("Third BUX card: the deck is over, reshuffle."))
    settled = bool(line.get("keep")) or "winner" in line
    if after is not None and after.over and not settled:
        return text + ". " + (_("BUX card 3 of the third deck: game over.") if printed else _("Third BUX card of the third deck: game over."))
    ends = " " + _("The last deck is over: game over.") if after is not None and after.over else ""
    if line.get("keep"):
        return text + ". " + _("Kept without a bid.") + ends
    if "winner" in line and line["winner"] is None:
        return text + ". " + _("Everyone passed.") + ends
    if line.get("winner"):
        return text + ". " + _("%(winner)s won the bid for %(price)s.", winner=line["winner"], price=line.get("price")) + ends
    return text + "."
