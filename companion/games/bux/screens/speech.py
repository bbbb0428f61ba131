"""What BUX's scoreboard (tablet and wall) says aloud when its Speak switch is on (companion/web/speech.py).

Made from the public state.json body only: a draw's line names its cards by
their faces and the winning bid, a sale its sets and what they paid, never a
card's back value. Then each BUX timer card and Double-BUX as they come, dice,
whose turn it is, and the winners at the end.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from companion.games.bux.screens.view import SUIT_NAME, SUIT_SYMBOL
from companion.web.speech import Said, dice_said, history_said, turn_said, winners_said


def spoken(text: str) -> str:
    """Return a history line with each suit symbol as its name ("♠ circle" -> "spade circle"): a voice may skip a symbol."""
    for suit, symbol in SUIT_SYMBOL.items():
        text = text.replace(symbol, str(SUIT_NAME[suit]))
    return text


def said(body: dict[str, Any]) -> Said:
    """Return (key, sentence) pairs for this public body, in the order a listener should hear them."""
    board = body["board"]
    moves = [(entry["n"], spoken(entry["text"])) for entry in reversed(board["history"]) if entry.get("n") is not None]
    out = history_said(moves)
    if board["timer"]:
        out.append((f"timer:{board['deck']}:{board['timer']}", _("BUX timer card %(n)s is out.", n=board["timer"])))
    if board["double_bux"]:
        out.append((f"double:{board['deck']}", _("Double-BUX: every set sells for double.")))
    out += dice_said(body.get("dice"))
    if not board["over"]:
        out += turn_said(board["turn"], moves[-1][0] if moves else 0)
    return out + winners_said(board["winners"], board["over"])
