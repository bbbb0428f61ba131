"""High Card: a fifth game kept in the tests, to prove that a game is one package plus one deck file.

Each player is dealt 3 cards (face down, in hand). In turn, each plays one
card face up; when everyone has played, the highest card takes the trick (a
point) and its player leads the next. After 3 tricks the most points win.

It is registered as the four bundled games are found, by naming its module in
COMPANION_GAMES; its deck file (high.deck.json) sits beside this package and
its screens are the `screens` subpackage. tests/test_fifth_game.py replays,
serves, prints and scores it without any shared file naming it.
"""

from companion.games.base import Game
from tests.high_card import rules, scoring

GAME = Game.of_package(__name__, "High Card", name="high", view=rules.view_for, score_holdings=scoring.score_tricks)
