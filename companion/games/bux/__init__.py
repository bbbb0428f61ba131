"""BUX: draft, auction, sell matched sets; three timer cards per deck, three decks."""

from companion.games.base import Game
from companion.games.bux import view

GAME = Game.of_package(__name__, "BUX", view=view.view_for)
