"""Deck definitions: one data file per game, the single source of card identity.

A deck file (cards_printable/<game>.deck.json; for a game kept outside the
package, named in COMPANION_GAMES, the file beside its package) lists every card with its code,
kind and attributes. Printing draws from it, the vision code recognises its
codes, and each game's rules take their card list from it. No I/O beyond
reading that file; results are cached because the files never change while
the program runs.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from companion.data import data_folder, extra_game_folders
from companion.errors import CompanionError

DECKS_DIR = data_folder("decks")
"""The deck files: cards_printable/ in a checkout, package data once installed."""


@dataclass(frozen=True)
class CardSpec:
    """One card of a deck: its code, its kind and the attributes printed on it."""

    code: str
    kind: str
    attrs: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.attrs[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.attrs.get(key, default)


@dataclass(frozen=True)
class Deck:
    """A game's deck definition: its cards in file order plus the file's other data."""

    game: str
    title: str
    cards: tuple[CardSpec, ...]
    data: Mapping[str, Any]

    def card(self, code: str) -> CardSpec:
        """Return the card with this code. Raises KeyError for an unknown code."""
        return self._by_code[code]

    def codes(self, kind: str | None = None) -> tuple[str, ...]:
        """Return the card codes, in file order, optionally of one kind only."""
        return tuple(c.code for c in self.cards if kind is None or c.kind == kind)

    def __contains__(self, code: object) -> bool:
        return code in self._by_code

    @functools.cached_property
    def _by_code(self) -> Mapping[str, CardSpec]:
        return MappingProxyType({c.code: c for c in self.cards})

    @property
    def readings(self) -> tuple[Mapping[str, str], ...]:
        """Return the house readings: where the rule sheet is silent, damaged or unclear, what we chose and why (see READING_PARTS)."""
        return tuple(self.data.get("readings", ()))

    @functools.cached_property
    def house_rules(self) -> tuple["HouseRule", ...]:
        """Return the readings a table may switch at setup, in the file's order (a reading's "rule" object; issue 36)."""
        return tuple(_house_rule(reading) for reading in self.readings if "rule" in reading)


@dataclass(frozen=True)
class HouseRule:
    """A reading a table may switch when it starts a game: a house rule.

    `name` and the `choices` keys are the words a record's setup line and the
    command line use (``--rule warning-rolls=continue``); each choice's text is
    what a player reads ("rolls go on after the card is gone"). `default` is
    the companion's own reading: a game whose setup names no house rule plays it.
    """

    name: str
    topic: str
    default: str
    choices: Mapping[str, str]


def _house_rule(reading: Mapping[str, Any]) -> HouseRule:
    """Read a reading's "rule" object: {"name", "default", "choices": {value: words}} with the default among the choices."""
    rule = reading["rule"]
    try:
        name, default, choices = str(rule["name"]), str(rule["default"]), {str(k): str(v) for k, v in rule["choices"].items()}
    except (KeyError, TypeError, AttributeError) as exc:
        raise CompanionError(f"deck file: the house rule of reading {reading.get('topic')!r} is missing {exc}") from None
    if default not in choices or len(choices) < 2:
        raise CompanionError(f"deck file: house rule {name!r} needs two choices or more, its default among them")
    return HouseRule(name=name, topic=str(reading.get("topic", name)), default=default, choices=MappingProxyType(choices))


SHEET_SILENT = "The sheet does not say."
"""A reading's "sheet" when the rule sheet has no words for it (then there is nothing to quote)."""
READING_PARTS = ("topic", "reading", "why", "sheet", "alternative")
"""What each house reading says, in this order on the rules page (issue 36): what is chosen, why,
the sheet's own words it rests on, and the other plausible reading with what it would change."""


def reading_texts(reading: Mapping[str, str]) -> dict[str, str]:
    """Return a house reading's English texts by READING_PARTS ("" for a part it lacks).

    A deck file whose rule sheet is not in English (cats: a Russian sheet) quotes the
    sheet in its own words as "sheet_ru" and gives the English as "sheet_en"; the
    English text is the catalog id either way, so every page text goes through gettext.
    """
    texts = {part: str(reading.get(part) or "") for part in READING_PARTS}
    texts["sheet"] = texts["sheet"] or str(reading.get("sheet_en") or "")
    return texts


def parse_deck(data: Mapping[str, Any]) -> Deck:
    """Return a Deck built from a parsed deck file.

    Raises:
        CompanionError: if the data lacks a game, a card list, or has duplicate codes.
    """
    try:
        cards = tuple(
            CardSpec(
                code=entry["code"],
                kind=entry["kind"],
                attrs=MappingProxyType({k: v for k, v in entry.items() if k not in ("code", "kind")}),
            )
            for entry in data["cards"]
        )
        game = data["game"]
    except (KeyError, TypeError) as exc:
        raise CompanionError(f"deck file is missing {exc}") from None
    codes = [c.code for c in cards]
    if len(set(codes)) != len(codes):
        raise CompanionError("deck file lists a card code twice")
    return Deck(game=game, title=data.get("title", game), cards=cards, data=MappingProxyType(dict(data)))


def load_deck(game: str) -> Deck:
    """Return the deck definition of a game: cards_printable/<game>.deck.json, or one beside a COMPANION_GAMES package.

    Raises:
        CompanionError: if there is no deck file for that game.
    """
    return _load_deck(game, tuple(extra_game_folders()))


def deck_path(game: str) -> Traversable | None:
    """Return where the game's deck file is (cards_printable/<game>.deck.json or beside its COMPANION_GAMES package), None if nowhere."""
    path = _deck_path(game, tuple(extra_game_folders()))
    return path if path.is_file() else None


def _deck_path(game: str, extra: tuple[Path, ...]) -> Traversable:
    name = f"{game}.deck.json"
    path = DECKS_DIR / name
    for folder in extra:
        if not path.is_file() and (folder / name).is_file():
            path = folder / name
    return path


@functools.cache
def _load_deck(game: str, extra: tuple[Path, ...]) -> Deck:
    path = _deck_path(game, extra)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise CompanionError(f"no deck definition for game {game!r} ({path})") from None
    return parse_deck(json.loads(text))
