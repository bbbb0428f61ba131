"""Grow Your Assets moves in words, as the tablet's history says them: one wording for the screens and the audit.

Every card lies face up, so cards are named by their printed face ("green 7",
"gold ×2"), never by code. Nothing here names what the rules hide: the cards
removed unseen for two players are never in a move's words, and sealed bids
only reach a record line once all are revealed. Pure: the caller hands in its
translation functions (companion/games/history.py); the default is English.
"""

from __future__ import annotations

from typing import Any

from companion.games.grow import checks
from companion.games.grow.state import COLOUR, NUMBER, PLUS, TIMES, GrowState
from companion.games.history import ENGLISH, Say


def card_label(code: str) -> str:
    """Return what a card shows big: its number, "+2" or "×3" for gold."""
    if code in PLUS:
        return f"+{PLUS[code]}"
    if code in TIMES:
        return f"×{TIMES[code]}"
    return str(NUMBER[code])


def colour_name(colour: str, say: Say = ENGLISH) -> str:
    """Return a colour's name in the reader's language."""
    _ = say.gettext
    return {"green": _("green"), "red": _("red"), "blue": _("blue"), "gold": _("gold")}[colour]


def card_text(code: str, say: Say = ENGLISH) -> str:
    """Return a card in words, e.g. 'red 3' or 'gold ×2'."""
    return f"{colour_name(COLOUR[code], say)} {card_label(code)}"


def roll_text(colour: str, check: str, dice: tuple[int, int], say: Say = ENGLISH, gone: bool = False) -> str:
    """Return the consequence of one warning roll in words (the page shows it under the dice).

    `gone`: a roll owed after the card was discarded (house rule warning-rolls=continue),
    which can cost only the rest of the stack the card had joined.
    """
    _ = say.gettext
    result = checks.consequence(colour, check, dice)
    if gone:
        if result == checks.LOSE_STACK:
            return _("the card is gone, and the rest of its stack is discarded")
        return _("the card is gone; its stack stays")
    if result == checks.KEEP:
        return _("no doubles: the card stays")
    if result == checks.LOSE_CARD:
        return _("doubles: the card is discarded")
    if check == checks.WARNING:
        return _("snake eyes: the whole stack is discarded")
    return _("doubles on a red warning: the whole stack is discarded")


def bid_text(player: str, bid: int, line: dict[str, Any], say: Say = ENGLISH) -> str:
    """Return one revealed bid with the device class that sealed it ("Ben 5 (own phone)"); plain for a typed-in reveal."""
    _ = say.gettext
    proof = ((line.get("evidence") or {}).get("sealed") or {}).get(player)
    device = proof.get("device") if isinstance(proof, dict) else None
    if device == "phone":
        return _("%(player)s %(bid)s (own phone)", player=player, bid=bid)
    if device == "tablet":
        return _("%(player)s %(bid)s (shared tablet)", player=player, bid=bid)
    return f"{player} {bid}"


def describe(line: dict[str, Any], before: GrowState | None, after: GrowState, say: Say = ENGLISH) -> str:
    """Return one move in words (its record line and the states around it), as the tablet's history shows it."""
    _ = say.gettext
    kind = line.get("type")
    player = str(line.get("player", ""))
    if kind == "setup":
        return _("The game started: %(players)s.", players=", ".join(after.players))
    if kind == "draw":
        return _("Round %(n)s: %(cards)s turned face up.", n=after.rounds, cards=", ".join(card_text(c, say) for c in line["cards"]))
    if kind == "reveal_bids":
        bids = ", ".join(bid_text(p, b, line, say) for p, b in line["bids"].items())
        if after.rebid and before is not None and not before.rebid:
            return _("Bids revealed: %(bids)s. Tie for the highest bid: everyone bids again.", bids=bids)
        return _("Bids revealed: %(bids)s.", bids=bids)
    if kind == "tiebreak":
        rolls = ", ".join(f"{p} {d[0]}+{d[1]}" for p, d in line["rolls"].items())
        return _("Tiebreak dice: %(rolls)s.", rolls=rolls)
    if kind == "pick":
        return _("%(player)s took %(card)s.", player=player, card=card_text(line["card"], say))
    if kind == "roll":
        pending = before.pending if before is not None else None
        dice = tuple(line["dice"])
        if pending is None:
            return _("%(player)s rolled %(a)s and %(b)s.", player=player, a=dice[0], b=dice[1])
        return _("%(player)s rolled %(a)s and %(b)s for %(card)s: %(result)s.", player=player, a=dice[0], b=dice[1],
                 card=card_text(pending.card, say), result=roll_text(COLOUR[pending.card], pending.checks[0], dice, say, pending.gone))
    if kind == "act":
        if line.get("from") == player:
            return _("%(player)s moved %(card)s to another stack.", player=player, card=card_text(line["card"], say))
        return _("%(player)s took %(card)s from %(other)s.", player=player, card=card_text(line["card"], say), other=line.get("from"))
    if kind == "decline":
        return _("%(player)s let the card's action go.", player=player)
    if kind == "break":
        return _("%(player)s switched the blue token for five black ones.", player=player)
    return _("Unknown move.")
