"""Blue/red match: hidden hands, matches laid in two alternating stacks, three rounds scored."""

from companion.games.base import Game
from companion.games.match import scoring, view

GAME = Game.of_package(
    __name__,
    "Blue/Red Match",
    view=view.view_for,
    score_holdings=scoring.score_round,
    # A card taken from a face-down deck into a hand (a discard pile's top is face up: undoable).
    final_kinds={"draw": lambda line: "draw" if str(line.get("from") or "").endswith("-deck") else None,
                 "steal": lambda line: "draw" if line.get("draw") is not None else None,
                 "discard_wild": lambda line: "draw" if line.get("draw") is not None else None},
)
