"""Every refusal reads as a sentence in English and in Russian, names its rule and counts (issues 14 and 16).

A walk through many illegal lines: from each state of every golden record, lines
taken from elsewhere in the record, with their player or cards changed, and
every line type after the game is over. Each refusal must be a RecordError or a
RuleViolation with a dotted rule id, worded by its game's table; rendered in
English and in Russian it is a sentence: no "draw:"-style prefix, no Python
quoting ('Ann', "'A''s"), no list syntax ([...]), no leftover {placeholder},
never "1 cards"; the Russian one is in Russian.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from companion.errors import CompanionError, RecordError, RuleViolation
from companion.games import find_game
from companion.games.wording import render

RECORDS = Path(__file__).parent.parent / "records"
GOLDEN = sorted(RECORDS.glob("*.jsonl"))

RULE_ID = re.compile(r"^[a-z_]+(\.[a-z_]+)+$")
PREFIX = re.compile(r"^[a-z_]+: ")
"""A message that starts with the line type it refuses ("draw: ...") reads like a traceback."""
QUOTED = re.compile(r"(?<![\w])'[^'\s][^']*'(?![\w])|\"")
"""Python's repr quoting: 'Ann', 'heart-x-50' (an apostrophe inside a word, "Ann's", is fine)."""
LIST_SYNTAX = re.compile(r"[\[\]{}]")
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
QUOTED_POSSESSIVE = re.compile(r"'[^' ]+''s\b|\"[^\" ]+\"'s\b")
ONE_PLURAL = re.compile(r"(?<![\d.,])\b1 (?:[a-z]+ )?(cards|cats|tokens|points|chips|copies|rounds|players|stacks|bids|dice|matches|times)\b")
"""'1 cards', '1 cat cards', '1 points': a count of one with a plural noun."""


def problems(message: str, lang: str = "en") -> list[str]:
    """Return what is wrong with a refusal's text (empty: it reads well)."""
    found = []
    if PREFIX.match(message):
        found.append("starts with its line type")
    if QUOTED.search(message):
        found.append("quotes like Python")
    if LIST_SYNTAX.search(message):
        found.append("shows list or placeholder syntax")
    if lang == "ru" and not CYRILLIC.search(message):
        found.append("is not in Russian")
    if QUOTED_POSSESSIVE.search(message):
        found.append("has a quoted name with 's")
    if ONE_PLURAL.search(message):
        found.append("says 1 with a plural noun")
    return found


def records() -> list[tuple[str, list[dict]]]:
    out = []
    for path in GOLDEN:
        lines = [json.loads(raw) for raw in path.read_text(encoding="utf-8-sig").splitlines() if raw.strip()]
        out.append((path.stem, lines))
    return out


def mutations(line: dict, players: list[str], cards: list[str], rng: random.Random) -> list[dict]:
    """Return a line with its player changed, its cards changed, and its numbers off by one."""
    out = []
    if "player" in line:
        for other in players + ["Nobody"]:
            if other != line["player"]:
                out.append({**line, "player": other})
    for key, value in line.items():
        if key in ("type", "player", "game"):
            continue
        if isinstance(value, str) and value in cards:
            out.append({**line, key: rng.choice(cards)})
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            out.append({**line, key: value[:-1]})
            out.append({**line, key: value + [rng.choice(cards)]})
            out.append({**line, key: [rng.choice(cards)]})
        elif isinstance(value, int) and not isinstance(value, bool):
            out.append({**line, key: value + 1})
            out.append({**line, key: max(0, value - 1)})
        elif isinstance(value, dict) and value:
            first = next(iter(value))
            out.append({**line, key: {k: v for k, v in value.items() if k != first}})
    return out


def refusals(name: str, lines: list[dict], seed: int) -> list[CompanionError]:
    """Return the refusals of a walk of illegal lines through one record's states."""
    rng = random.Random(seed)
    game = find_game(lines[0]["game"])
    states = []
    state = None
    for line in lines:
        move = game.move_from_json(line, first=state is None)
        state = game.initial_state(move) if state is None else game.apply(state, move)
        states.append(state)
    players = list(lines[0]["players"])
    cards = sorted({c for line in lines for c in _strings(line) if "-" in c and c not in players})
    pool = lines[1:]
    found: list[CompanionError] = []
    for index, state in enumerate(states):
        tries = rng.sample(pool, min(6, len(pool)))
        if index == len(states) - 1:
            tries = pool  # after the end: every kind of line once more
        for line in tries:
            for candidate in [line, *rng.sample(mutations(line, players, cards, rng), min(4, len(mutations(line, players, cards, rng))))]:
                try:
                    game.apply(state, game.move_from_json(candidate))
                except CompanionError as error:
                    found.append(error)
    return found


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


@pytest.mark.parametrize("name,lines", records(), ids=[p.stem for p in GOLDEN])
def test_every_refusal_names_its_rule_and_reads_well(name, lines):
    found = refusals(name, lines, seed=14)
    assert len(found) > 20, "the walk should meet many refusals"
    bad = {}
    for error in found:
        assert isinstance(error, (RecordError, RuleViolation)), error
        if isinstance(error, RuleViolation):
            assert RULE_ID.match(error.rule), (error.rule, error.message)
        assert error.templates is not None, ("no wording table", error.rule, error.message)
        for lang in ("en", "ru"):
            text = render(error, lang)
            for problem in problems(text, lang):
                bad.setdefault((getattr(error, "rule", "record"), f"{lang} {problem}"), text)
    assert not bad, "\n".join(f"{rule} {problem}: {text}" for (rule, problem), text in sorted(bad.items()))


def test_the_checks_catch_what_the_issues_quote():
    assert "has a quoted name with 's" in problems("It is 'A''s turn, not 'B''s.")
    assert problems("Ann draws 1 cards, not 2.") == ["says 1 with a plural noun"]
    assert problems("With 2 players each is dealt 1 cat cards.") == ["says 1 with a plural noun"]
    assert problems("draw: it is Cat's turn, not Ben's") == ["starts with its line type"]
    assert problems("['♥ circle [CA6]', '♠ X'] share neither a suit nor a shape") == ["quotes like Python", "shows list or placeholder syntax"]
    assert problems("The price must be a whole number (an integer), not '-5'.") == ["quotes like Python"]
    assert problems("Ann draws 1 card, not 2; it is Ann's turn.") == []
    assert problems("It is Ann's turn, not Ben's.", "ru") == ["is not in Russian"]
    assert problems("Сейчас ход игрока Аня, а не игрока Боря.", "ru") == []
