"""House rules on the web pages (issue 36): the new-game form's selects, the rules page's choices, "Played with".

Generic: every game's switchable readings come from its deck file (HouseRule),
and a stored game's choices from its setup line's "rules"; the words are deck
texts, so they go through gettext like every other reading text.
"""

from __future__ import annotations

from typing import Any, Mapping

from flask_babel import gettext as _

from companion.games.house import game_deck, played_with_words, read_house_rules
from companion.errors import CompanionError


def rule_fields(game: str) -> list[dict[str, Any]]:
    """Return each house rule of a game for a labelled select: name, topic, and its choices (default first-selected)."""
    return [{"name": rule.name, "topic": _(rule.topic),
             "choices": [{"value": value, "words": _(words), "default": value == rule.default}
                         for value, words in rule.choices.items()]}
            for rule in game_deck(game).house_rules]


def setup_rules(folded: Any) -> Any:
    """Return the "rules" of a stored game's setup line (None: none), from a fold's moves (setup first)."""
    moves = getattr(folded, "moves", ())
    return (moves[0].data or {}).get("rules") if moves else None


def chosen_rules(game: str, given: Any) -> Mapping[str, str]:
    """Return a stored game's switched rules ({} when none, or when the deck no longer bears them out)."""
    try:
        return read_house_rules(game_deck(game), given)
    except CompanionError:
        return {}


def played_with_text(game: str, given: Any) -> str:
    """Return "Played with: ..." in the reader's language for a game's switched rules, "" when it plays the defaults."""
    words = played_with_words(game, given)
    return _("Played with: %(rules)s", rules="; ".join(_(w) for w in words)) if words else ""
