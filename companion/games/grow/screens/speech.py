"""What Grow's tablet and wall say aloud when their Speak switch is on (companion/web/speech.py, speech.js).

Made from the public state.json body only: a sealed bid is said to be sealed,
never its amount, until the reveal's history line names every bid. The
history's lines say the cards turned up, the reveal, each pick and each warning
roll with its consequence (the dice are said there, not again from the dice
summary).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from companion.web.speech import Said, history_said, numbered, turn_said, winners_said


def said(body: dict[str, Any]) -> Said:
    """Return (key, sentence) pairs for this public body, in the order a listener should hear them."""
    board = body["board"]
    bids = board["bids"]
    out: Said = []
    if bids["open"]:
        out += [(f"sealed:{board['round']}:{bids['rebid']}:{name}", _("%(name)s's bid is sealed.", name=name))
                for name in bids["submitted"]]
    revealed = {p["name"]: p["bid"] for p in board["players"] if p.get("bid") is not None}
    if revealed:
        out.append((f"allin:{board['round']}:{sorted(revealed.items())}", _("All bids are in.")))
    out += history_said(numbered(board["history"], board["history_total"]))
    to_move = next((p["name"] for p in board["players"] if p.get("to_move")), None)
    if not board["over"]:
        out += turn_said(to_move, board["history_total"])
    return out + winners_said(board["winners"], board["over"])
