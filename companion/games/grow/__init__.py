"""Grow Your Assets: sealed-bid auction of green, red, blue and gold cards; dice decide the warnings."""

from companion.games.base import Game
from companion.games.grow import scoring

GAME = Game.of_package(
    __name__,
    "Grow Your Assets",
    score_holdings=scoring.score_holdings,
    # The reveal shows every sealed bid, the rolls use chance; a draw lies face up on the table (undo re-enters it).
    final_kinds={"reveal_bids": lambda _line: "reveal", "roll": lambda _line: "dice", "tiebreak": lambda _line: "dice"},
)
