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
