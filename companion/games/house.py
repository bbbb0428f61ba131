"""House rules: the readings a table switched when it started a game, checked and looked up (issue 36).

A game's deck file marks each reading that has a playable alternative with a
"rule" (companion.cards.decks.HouseRule). The setup line of a record carries
the table's choices as ``"rules": {name: value}``, holding only the values
that differ from the deck's default, so a game played by the companion's own
readings has the same record as before house rules existed. The rules engine
asks `house_rule` for a value; the screens and the audit show `played_with`.
Pure: no I/O beyond the deck file every game already reads.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Iterable, Mapping

from companion.cards.decks import Deck, HouseRule, deck_path, load_deck, parse_deck
from companion.errors import CompanionError
from companion.games.messages import WORDING as COMMON

HouseRules = Mapping[str, str]
"""A game's switched readings: {rule name: value}, only those that differ from the deck's default."""

NO_HOUSE_RULES: HouseRules = MappingProxyType({})


def read_house_rules(deck: Deck, given: Any) -> HouseRules:
    """Return a setup line's "rules" object checked against the deck: known names and values, defaults dropped.

    Raises:
        RecordError: for anything but an object of known rule names to one of their values.
    """
    if given is None:
        return NO_HOUSE_RULES
    if not isinstance(given, Mapping):
        raise COMMON.malformed("setup.house_rule", why="not_object")
    known = {rule.name: rule for rule in deck.house_rules}
    chosen: dict[str, str] = {}
    for name, value in given.items():
        rule = known.get(name)
        if rule is None and not known:
            raise COMMON.malformed("setup.house_rule", why="none", name=str(name))
        if rule is None:
            raise COMMON.malformed("setup.house_rule", why="unknown", name=str(name), known=_listed(known))
        if not isinstance(value, str) or value not in rule.choices:
            raise COMMON.malformed("setup.house_rule", why="value", name=name, value=str(value), choices=_listed(rule.choices))
        if value != rule.default:
            chosen[name] = value
    return MappingProxyType(dict(sorted(chosen.items())))


def house_rule(deck: Deck, rules: HouseRules, name: str) -> str:
    """Return the value a game plays rule `name` by: the table's choice, else the deck's default (KeyError: no such rule)."""
    rule = _rule(deck, name)
    return rules.get(name, rule.default)


def played_with(deck: Deck, rules: HouseRules) -> tuple[tuple[HouseRule, str], ...]:
    """Return each switched rule with the words of its chosen value, in the deck's order ("played with: ...")."""
    return tuple((rule, rule.choices[rules[rule.name]]) for rule in deck.house_rules if rule.name in rules)


def parse_rule_options(deck: Deck, options: Iterable[str]) -> HouseRules:
    """Return the house rules given on a command line as NAME=VALUE words (``--rule warning-rolls=continue``).

    Raises:
        CompanionError: for a word without "=", or what read_house_rules refuses.
    """
    given: dict[str, str] = {}
    for option in options:
        name, sep, value = option.partition("=")
        if not sep:
            raise CompanionError(f"a house rule is given as NAME=VALUE, not {option!r}; this game has: {_listed({r.name: r for r in deck.house_rules}) or 'none'}")
        given[name.strip()] = value.strip()
    return read_house_rules(deck, given)


def played_with_words(game: str, given: Any) -> list[str]:
    """Return the words of each house rule a game's setup line ("rules") switched, for "Played with: ..." ([] for none).

    For the screens and the audit, which show a stored game: a "rules" object the
    deck does not bear out was refused when the game was stored, so it shows nothing here.
    """
    if not given:
        return []
    deck = game_deck(game)
    try:
        chosen = read_house_rules(deck, given)
    except CompanionError:
        return []
    return [words for _rule, words in played_with(deck, chosen)]


def game_deck(game: str) -> Deck:
    """Return a game's deck for its house rules; a game without a deck file has an empty one (so no house rules)."""
    return load_deck(game) if deck_path(game) is not None else parse_deck({"game": game, "cards": []})


def with_house_rules(setup: dict[str, Any], deck: Deck, given: Mapping[str, str] | None) -> dict[str, Any]:
    """Return a new game's setup line with the table's switched rules as "rules" (none: the line as it was).

    Raises:
        RecordError: for a rule or value the deck does not offer (a game without house rules refuses any).
    """
    chosen = read_house_rules(deck, given) if given else NO_HOUSE_RULES
    return {**setup, "rules": dict(chosen)} if chosen else setup


def _rule(deck: Deck, name: str) -> HouseRule:
    for rule in deck.house_rules:
        if rule.name == name:
            return rule
    raise KeyError(name)


def _listed(names: Iterable[str]) -> str:
    return ", ".join(sorted(names))
