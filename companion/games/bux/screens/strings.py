"""The words BUX's scoreboard and phone scripts show (board.js, me.js, tracker_bid.js, cards.js), translated per request.

The shared scoreboard and phone routes render BUX's templates with these
(GameScreens.strings), so the shared web code names no BUX word. The entry
form's own sentences live in its template (bux/game.html, "entry-strings").
"""

from __future__ import annotations

import json
from typing import Any

from flask_babel import gettext as _

from companion.web.i18n import count_forms


def js_strings() -> str:
    """Return the UI strings BUX's page scripts show, translated, as JSON safe inside a <script> element."""
    strings: dict[str, Any] = {
        "chips": _("chips"), "turn": _("to play"), "deck": _("Deck"),
        "timer": _("BUX timer"), "time_passing": _("Time is passing"),
        "double_bux": _("DOUBLE-BUX! Every sale pays double"),
        "reshuffle": _("Third BUX card: PAUSE. Gather every card nobody owns (draw deck, discard, the cards just drawn), set the 3 BUX cards aside, shuffle numbers up, put the 3 BUX cards back in, and the same player draws 3 new cards."),
        "game_over": _("Game over"), "winners": _("Winner"), "no_moves": _("No moves yet."),
        "attention": _("Needs attention"), "confirm": _("Confirm"), "correct": _("Correct"), "dismiss": _("Dismiss"),
        "proposed": _("Proposed"), "offline": _("Connection lost. Reconnecting…"),
        "online": _("Live"), "accepted": _("Accepted"),
        "snake_eyes": _("Snake eyes!"), "doubles": _("Doubles!"), "physical": _("typed in"),
        "commitment": _("Dice seed hash"), "seed": _("Dice seed (revealed)"), "no_rolls": _("No rolls yet."),
        "empty": _("no cards"), "discard": _("Discard"), "in_deck": _("in the draw deck"),
        "counts": count_forms(),
        "cam_bid_title": _("Bidding on %(name)s's %(cards)s", name="{name}", cards="{cards}"),
        "cam_bid_winner_seen": _("(seen by the camera)"),
        "suits": {"heart": _("heart"), "club": _("club"), "spade": _("spade"), "diamond": _("diamond")},
        "shapes": {"x": _("X"), "oval": _("oval"), "circle": _("circle"), "square": _("square")},
    }
    return json.dumps(strings, ensure_ascii=False).replace("<", "\\u003c")
