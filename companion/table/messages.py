"""The camera loop's own sentences, by id, in English and Russian: wrappers around a game's table sentence.

companion.live raises an attention item for a move the camera proposes
("confirm: ...") or one the rules refused ("the camera saw ..., but the
rules say: ..."); the inner sentence ({what}) comes from the game's table
wording and the refusal ({reason}) from the game's rules wording. Each game's
table wording falls back to this one. Pure data: no Flask, no I/O.
"""

from __future__ import annotations

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
