"""Grow Your Assets: sealed-bid auction of green, red, blue and gold cards; dice decide the warnings."""

from companion.games.base import Game
from companion.games.grow import rules, scoring
from companion.games.grow.sealed import SEALED_BID

GAME = Game.of_package(
    __name__,
    "Grow Your Assets",
    view=rules.view_for,
    score_holdings=scoring.score_holdings,
    # The reveal shows every sealed bid, the rolls use chance; a draw lies face up on the table (undo re-enters it).
    final_kinds={"reveal_bids": lambda _line: "reveal", "roll": lambda _line: "dice", "tiebreak": lambda _line: "dice"},
    event_kinds=(SEALED_BID,),
)
