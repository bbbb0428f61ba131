"""What the cat auction's tablet and wall say aloud when their Speak switch is on (companion/web/speech.py).

Made from the public state.json body only: its history names no card in a
hand, no face-down lot and no penalty card, and hands are named only once the
game is over. The history says each bid, pass, cat card and lot, and who won
each round; then what the table waits for (whose turn it is, in the tablet's
own words), and the game's winner.
"""

from __future__ import annotations

from typing import Any

from companion.web.speech import Said, dice_said, history_said, numbered, winners_said


def said(body: dict[str, Any]) -> Said:
    """Return (key, sentence) pairs for this public body, in the order a listener should hear them."""
    board = body["board"]
    out = history_said(numbered(board["history"], board["history_total"])) + dice_said(body.get("dice"))
    if not board["over"]:  # what the table waits for, whose turn among it ("Ben draws 2 cards from the Bank deck …")
        out.append((f"next:{board['history_total']}:{board['phase_text']}", board["phase_text"]))
    return out + winners_said(board["winners"], board["over"])
