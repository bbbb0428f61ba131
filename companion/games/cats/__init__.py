"""Cat auction («Котики»): rounds of auctions for cat prize cards, Russian and English.

The rule sheet lost its card counts, card effects and hint table; the house
reading lives in cards_printable/cats.deck.json ("readings") and docs/cats.md.
"""

from companion.games.base import Game
from companion.games.cats import record

GAME = Game.of_package(
    __name__,
    "Котики / Cat auction",
    view=record.view_for,
    # The winner names the face-down lot; a loser draws from the face-down Bank; a cat card may turn up a deck's card.
    final_kinds={"reveal": lambda _line: "reveal", "draw": lambda _line: "draw",
                 "play": lambda line: "draw" if line.get("turned") is not None else None},
)
