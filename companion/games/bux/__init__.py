"""BUX: draft, auction, sell matched sets; three timer cards per deck, three decks."""

from companion.games.base import Game

GAME = Game.of_package(__name__, "BUX")
