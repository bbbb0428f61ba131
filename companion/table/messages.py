"""The camera loop's own sentences, by id, in English and Russian: wrappers around a game's table sentence.

companion.live raises an attention item for a move the camera proposes
("confirm: ...") or one the rules refused ("the camera saw ..., but the
rules say: ..."); the inner sentence ({what}) comes from the game's table
wording and the refusal ({reason}) from the game's rules wording. Each game's
table wording falls back to this one. Pure data: no Flask, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.wording import Wording

MESSAGES: dict[str, dict[str, str]] = {
    "camera.confirm": {"en": "confirm: {what}", "ru": "подтвердите: {what}"},
    "camera.refused": {"en": "the camera saw {what}, but the rules say: {reason}",
                       "ru": "камера увидела: {what}, но по правилам: {reason}"},
}

CAMERA = Wording(MESSAGES)


def word_said(said: dict, lang: str, table: Wording, rules: Wording) -> str:
    """Return a stored camera sentence (an attention item's `evidence.say`) in `lang`.

    `said` is {"id", "params"}, or a wrapper {"id", "inner", "refusal"?}
    (companion.live): the inner sentence is worded by the game's table
    wording, a refusal by its rules wording. Raises KeyError, TypeError,
    ValueError or IndexError for a sentence this version cannot word (a
    screen then shows the item's English message).
    """
    params = dict(said.get("params") or {})
    if "inner" in said:
        params["what"] = word_said(said["inner"], lang, table, rules)
    refusal = said.get("refusal")
    if isinstance(refusal, dict):
        refusal_params = dict(refusal.get("params") or {})
        rule = str(refusal["rule"])
        params["reason"] = (rules.say(rule, refusal_params, lang) if rules.template(rule, lang, Wording._why(refusal_params))
                            else str(refusal.get("message", "")))
    return table.say(str(said["id"]), params, lang)


@dataclass(frozen=True)
class TableSentences:
    """A game's camera sentences: said as data by its reader, worded later in any language.

    `table` is the game's table wording (falling back to CAMERA), `rules` its rules wording (for a refusal
    quoted in a camera sentence). Each game's table/messages.py makes one and exports its three methods, so
    the reader, the log and the tablet's camera items word a sentence the same way.
    """

    table: Wording
    rules: Wording

    def say(self, id_: str, **params: Any) -> dict:
        """Return a sentence to word later, in any language: {"id", "params"} (plain JSON values only)."""
        assert id_ in self.table.messages, f"no wording for {id_!r}"
        return {"id": id_, "params": params}

    def english(self, said: dict) -> str:
        """Return a said sentence in English, for the log and the audit."""
        return self.table.say(said["id"], said["params"], "en")

    def word(self, said: dict, lang: str) -> str:
        """Return a stored camera sentence (an attention item's evidence) in `lang`: the tablet's camera items."""
        return word_said(said, lang, self.table, self.rules)
