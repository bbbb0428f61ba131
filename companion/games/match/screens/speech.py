"""What the blue/red match's tablet and wall say aloud when their Speak switch is on (companion/web/speech.py).

Made from the public state.json body only: a round's cards are named by no
one until it is scored (then they lie face up to be counted), and what is said
of a round is its scores and its best score. Then whose turn it is, or who
deals, and the game's winner.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from companion.web.speech import Said, dice_said, turn_said, winners_said


def _round(scored: dict[str, Any]) -> tuple[str, str]:
    scores = {name: info["score"] for name, info in scored["players"].items()}
    best = max(scores.values())
    text = _("Round %(n)s scored: %(scores)s. Best this round: %(names)s.", n=scored["number"],
             scores=", ".join(f"{name} {score}" for name, score in scores.items()),
             names=", ".join(name for name, score in scores.items() if score == best))
    return f"round{scored['number']}:{sorted(scores.items())}", text


def said(body: dict[str, Any]) -> Said:
    """Return (key, sentence) pairs for this public body, in the order a listener should hear them."""
    board = body["board"]
    out = [_round(scored) for scored in board["scored"] if scored.get("players")] + dice_said(body.get("dice"))
    if board["over"]:
        return out + winners_said(board["winners"], True)
    if board["turn"]:
        return out + turn_said(board["turn"], body["seq"])
    if board["dealer"]:
        out.append((f"deals:{board['round']}", _("%(name)s deals round %(n)s.", name=board["dealer"], n=board["round"])))
    return out
