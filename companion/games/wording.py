"""Refusals as sentences in the reader's language: a rule id and its parameters, worded by a table.

An engine raises a RuleViolation (or a RecordError) carrying a stable rule id,
plain parameters (names, numbers, card codes, lists of them) and the table its
game words refusals with. render() turns that into a sentence in English or
Russian; the web's one error handler and the CLI's printer both call it, each
naming cards in its own way (a shared screen by face only, never by a hidden
value). Pure: no Flask; the only reading is of a module's own sentence table (load_tables), at import.

Templates are str.format strings whose placeholders are parameter names, with
a format spec saying how to word the value:

- ``{card:card}`` a card code, named by the reader's card namer;
- ``{cards:cards}`` a list of card codes, named and joined as words ("A, B and C");
- ``{players:list}`` a list of plain values joined as words (``{kinds:or}``: "A, B or C", each word translated by the table's vocabulary);
- ``{colour:word}`` a word from the table's fixed vocabulary, translated (``{colour:word:prep}``: its
  form for that case where the language declines it, "blue:prep" → "синей");
- ``{where:phrase}`` a clause from the table's phrases, its value a dict {"phrase": key, **params};
- ``{zones:phrases}`` a list of such clauses, worded and joined as words ("seat 3 and the bid area");
- ``{chips:n:chip:chips}`` a count with its noun (Russian: ``{chips:n:фишка:фишки:фишек}``);
- ``{ppm:.1f}`` a number in a format spec (Russian: decimal comma, "1,7");
- ``{key:field}`` the name of an entry's part (a record key), said as a player would say it: the table's
  word "field:<key>" ("field:give" → "the card to give"), else its "field:*"; never the key itself;
- ``{value}`` anything else, shown as typed (lists joined, nothing/yes/no for null/true/false), never quoted.

Player names are never declined: Russian templates say "у игрока {player}", "ход игрока {turn}".
"""

from __future__ import annotations

import json
import string
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any, Callable, Mapping

from companion.errors import CompanionError, RecordError, RuleViolation

LANGUAGES = ("en", "ru")
AND = {"en": "and", "ru": "и"}
OR = {"en": "or", "ru": "или"}

CardNamer = Callable[[str], str]
"""Names a card code for one reader: a screen's (by face, in its language) or the CLI's."""
GameCardNamer = Callable[[str, str], str]
"""A game's own namer: (code, lang) -> words; used when the reader brings none."""


def load_tables(module: str) -> dict[str, Any]:
    """Return the sentence tables a module keeps beside it as data: `<module>.json` in its package, {table name: table}.

    The sentences of a game or a screen are data, one entry a line in both
    languages; the module around them holds only what combines them (turn
    guards per move kind, a game's vocabulary). Read once, at import.
    """
    package, _, stem = module.rpartition(".")
    tables: dict[str, Any] = json.loads(files(package).joinpath(f"{stem}.json").read_text(encoding="utf-8"))
    return tables


def join_words(items: list[str], lang: str = "en", *, conjunction: dict[str, str] = AND) -> str:
    """Return items joined as words: "A", "A and B", "A, B and C" (Russian: "и").

    >>> join_words(["♥ circle", "♠ X", "♦ oval"]), join_words(["a", "b"], "ru"), join_words([])
    ('♥ circle, ♠ X and ♦ oval', 'a и b', '')
    """
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction.get(lang, conjunction['en'])} {items[-1]}"


def plural_form(count: int, forms: list[str], lang: str = "en") -> str:
    """Return the noun form a count takes: English one/other, Russian one/few/many.

    >>> plural_form(1, ["card", "cards"]), plural_form(2, ["карта", "карты", "карт"], "ru"), plural_form(11, ["карта", "карты", "карт"], "ru")
    ('card', 'карты', 'карт')
    """
    if lang == "ru" and len(forms) >= 3:
        n = abs(count)
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
    return forms[0] if abs(count) == 1 else forms[-1]


NOTHING = {"en": "nothing", "ru": "ничего"}
YES_NO = {"en": ("yes", "no"), "ru": ("да", "нет")}


def plain(value: Any, lang: str = "en") -> str:
    """Return a parameter as typed, never quoted: lists joined as words, in a player's words where JSON has its own.

    A refusal is read by a player: what a screen sent as JSON null, an empty
    list or object reads "nothing", true/false "yes"/"no" (never `null`, `None`).

    >>> plain(None), plain(True), plain(-5), plain(["x", 3]), plain("Ann"), plain(""), plain([]), plain({"a": None})
    ('nothing', 'yes', '-5', 'x and 3', 'Ann', 'empty text', 'nothing', 'a and nothing')
    """
    if value is None or (isinstance(value, (list, tuple, set, frozenset, dict)) and not value):
        return NOTHING.get(lang, NOTHING["en"])
    if value == "":
        return "пустая строка" if lang == "ru" else "empty text"
    if isinstance(value, bool):
        return YES_NO.get(lang, YES_NO["en"])[0 if value else 1]
    if isinstance(value, (list, tuple, set, frozenset)):
        return join_words([plain(v, lang) for v in value], lang)
    if isinstance(value, dict):
        return join_words([plain(v, lang) for pair in value.items() for v in pair], lang)
    return str(value)


class _Formatter(string.Formatter):
    def __init__(self, lang: str, card: CardNamer, words: Mapping[str, Mapping[str, str]],
                 phrases: Mapping[str, Mapping[str, str]]):
        super().__init__()
        self.lang = lang
        self.card = card
        self.words = words.get(lang, {})
        self.phrases = phrases

    def format_field(self, value: Any, format_spec: str) -> str:
        kind, _, rest = format_spec.partition(":")
        if kind == "card":
            return self.card(value) if isinstance(value, str) else plain(value, self.lang)
        if kind == "cards":
            items = value if isinstance(value, (list, tuple, set, frozenset)) else [value]
            return join_words([self.card(c) if isinstance(c, str) else plain(c, self.lang) for c in items], self.lang)
        if kind == "word":
            if not isinstance(value, str):
                return plain(value, self.lang)
            return self.words.get(f"{value}:{rest}", self.words.get(value, value)) if rest else self.words.get(value, value)
        if kind == "field":
            return self.words.get(f"field:{value}", self.words.get("field:*", "")) if isinstance(value, str) else self.words.get("field:*", "")
        if kind == "phrase":
            if not isinstance(value, Mapping) or value.get("phrase") not in self.phrases:
                return plain(value, self.lang)
            texts = self.phrases[value["phrase"]]
            return self.format(texts.get(self.lang) or texts["en"], **value)
        if kind == "phrases":
            items = value if isinstance(value, (list, tuple)) else [value]
            return join_words([self.format_field(v, "phrase") for v in items], self.lang)
        if kind == "or":
            items = value if isinstance(value, (list, tuple, set, frozenset)) else [value]
            return join_words([self.words.get(v, v) if isinstance(v, str) else plain(v, self.lang) for v in items],
                              self.lang, conjunction=OR)
        if kind == "list":
            return plain(list(value) if isinstance(value, (list, tuple, set, frozenset)) else [value], self.lang)
        if kind == "n":
            count = value if isinstance(value, int) else len(value)
            return f"{count} {plural_form(count, rest.split(':'), self.lang)}"
        if kind == "w":
            count = value if isinstance(value, int) else len(value)
            return plural_form(count, rest.split(':'), self.lang)
        if format_spec and isinstance(value, (int, float)) and not isinstance(value, bool):
            text = format(value, format_spec)
            return text.replace(".", ",") if self.lang == "ru" else text
        return plain(value, self.lang)


@dataclass(frozen=True)
class Wording:
    """One game's refusals by rule id and language, and how its engine names a card in English."""

    messages: Mapping[str, Mapping[str, str]]
    """{rule id: {"en": template, "ru": template}}."""
    card: GameCardNamer = lambda code, lang: str(code)
    """Names a card code in a language when the reader gives no namer (the CLI, the English fallback): the full face."""
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """{lang: {word: translation}} for ``{colour:word}`` placeholders (a fixed vocabulary such as colours)."""
    phrases: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """{key: {lang: template}} for ``{where:phrase}`` placeholders, whose value is {"phrase": key, **params}."""
    fallback: "Wording | None" = field(default=None)
    """A shared table asked for rule ids this one lacks (player names, record syntax)."""

    def template(self, rule: str | None, lang: str, why: str | None = None) -> str | None:
        """Return the template for rule in lang (English if lang has none), or None if no table has it.

        `why` picks a variant of one rule ("setup.player_name/empty"): the id stays
        stable while the sentence says which way the input broke it.
        """
        if rule is not None and why is not None:
            rule = f"{rule}/{why}"
        if rule is not None and rule in self.messages:
            texts = self.messages[rule]
            return texts.get(lang) or texts.get("en")
        return self.fallback.template(rule, lang) if self.fallback is not None else None

    @staticmethod
    def _why(params: Mapping[str, Any]) -> str | None:
        why = params.get("why")
        return why if isinstance(why, str) else None

    def say(self, rule: str, params: Mapping[str, Any], lang: str = "en", card: CardNamer | None = None) -> str:
        """Return the sentence for rule with params in lang.

        >>> w = Wording({"far": {"en": "{zones:phrases} {zones:w:is:are} at {ppm:.1f}", "ru": "{zones:phrases}: {ppm:.1f}"}},
        ...             phrases={"seat": {"en": "seat {n}", "ru": "место {n}"}})
        >>> seats = [{"phrase": "seat", "n": 3}, {"phrase": "seat", "n": 4}]
        >>> w.say("far", {"zones": seats, "ppm": 1.74}), w.say("far", {"zones": seats, "ppm": 1.74}, "ru")
        ('seat 3 and seat 4 are at 1.7', 'место 3 и место 4: 1,7')

        Raises:
            KeyError: if no table has the rule (a bug: every raised id has a template, a test checks it).
        """
        text = self.template(rule, lang, self._why(params))
        if text is None:
            raise KeyError(rule)
        namer = card or (lambda code: self.card(code, lang))
        sentence = _Formatter(lang, namer, self.words, self.phrases).format(text, **params)
        if text.startswith(("{card", "{turned")) and sentence[:1].islower():
            sentence = sentence[0].upper() + sentence[1:]  # "Blue 2 is not in the deck."
        return sentence

    def violation(self, rule: str, /, **params: Any) -> RuleViolation:
        """Return a RuleViolation for rule, with params and its English sentence as message."""
        return RuleViolation(rule, self.say(rule, params), params=params, templates=self)

    def malformed(self, rule: str, /, **params: Any) -> RecordError:
        """Return a RecordError for rule (malformed input), with params and its English sentence."""
        return RecordError(self.say(rule, params), rule=rule, params=params, templates=self)


def render(error: CompanionError, lang: str = "en", card: CardNamer | None = None) -> str:
    """Return a refusal's sentence in lang ("en" or "ru"), cards named by `card` (the table's own namer if None).

    An error without a template (a storage fault, a message a page already
    translated) gives its message as it is.
    """
    table = getattr(error, "templates", None)
    rule = getattr(error, "rule", None)
    if isinstance(table, Wording) and isinstance(rule, str) and table.template(rule, lang, Wording._why(error.params)) is not None:
        try:
            return table.say(rule, error.params, lang, card)
        except (KeyError, IndexError, ValueError):
            return error.message
    return error.message


def render_line(error: CompanionError, lang: str = "en", card: CardNamer | None = None) -> str:
    """Return render()'s sentence, led by "line N:" when the error came from a record line."""
    text = render(error, lang, card)
    if error.line is None:
        return text
    return f"line {error.line}: {text}" if lang != "ru" else f"строка {error.line}: {text}"
