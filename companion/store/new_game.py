"""Starting a new game from a game type and its players: what `serve --new-game` and the club's "new game" form both do.

Kept below the commands and the web app so that both start a game the same
way: the game's own deal (its `new_setup`), stored as the game's first event.
"""

from __future__ import annotations

import secrets
from typing import Mapping

from companion.errors import CompanionError, RuleViolation
from companion.games import find_game
from companion.games.base import verify_player_names
from companion.games.house import game_deck, with_house_rules
from companion.store.backends import Store
from companion.store.session import GameSession


def start_new_game(store: Store, game_type: str, players: list[str], first: str | None = None, title: str = "",
                   *, dealer_note: list[str] | None = None, rules: Mapping[str, str] | None = None) -> GameSession:
    """Deal a new game of `game_type` for `players` and store it (titled `title`, e.g. a club's table label).

    `rules`: the house rules the table chose ({name: value}; see companion.games.house), checked against
    the game's deck and kept in the setup line when any differs from the default.

    Used by `serve --new-game` and by the club index's "new game" form, so
    both start a game the same way. A dealer's note goes to this terminal
    only, and to `dealer_note` if given (the club organiser's own answer);
    the players' screens never show it.

    Raises:
        CompanionError, RuleViolation: in one sentence, if the game type, the players, `first` or a rule will not do (nothing is stored).
    """
    verify_player_names(players)  # one wording for every game, before any game's own setup checks
    if first is not None and first not in players:
        raise RuleViolation("setup.first_not_seated", f"setup: --first {first!r} is not one of the players ({', '.join(players)})")
    try:
        game = find_game(game_type)
    except ValueError as exc:
        raise CompanionError(str(exc)) from None
    if game.new_setup is None:
        raise CompanionError(f"{game.title} is started from a setup file: pass --setup FILE")
    deck = game_deck(game.name)
    with_house_rules({}, deck, rules)  # a bad rule is refused before anything is dealt
    new = game.new_setup(players, first, secrets.SystemRandom())
    session = GameSession.start(store, with_house_rules(new.setup, deck, rules), title=title)
    for line in new.dealer_note:
        print(line)
    if dealer_note is not None:
        dealer_note.extend(new.dealer_note)
    return session
