"""What BUX's table reader says about the camera's view, by id, in English and Russian (companion.games.wording's syntax).

interpret.py gives each Proposal and Attention a `say` ({"id", "params"}) next
to its English `message`; the camera loop keeps it in the attention item's
evidence, and the tablet words it in the reader's language. The English
`message` stays for the log and the audit. No sentence here names a card, so
nothing hidden can leak through one. Pure data: no Flask, no I/O.
"""

from __future__ import annotations

from typing import Any

from companion.games.wording import Wording
from companion.table.messages import CAMERA

PHRASES: dict[str, dict[str, str]] = {
    "spread": {"en": "in {owner}'s spread", "ru": "в раскладе игрока {owner}"},
    "bid_area": {"en": "in the bid area", "ru": "в зоне торга"},
    "discard": {"en": "on the discard pile", "ru": "в сбросе"},
    "timer_area": {"en": "in the timer area", "ru": "в зоне таймера"},
    "off_table": {"en": "off the table", "ru": "вне стола"},
    "nowhere": {"en": "in no zone", "ru": "вне всех зон"},
    "deck": {"en": "in the draw deck", "ru": "в колоде"},
    "zone": {"en": "in {zone}", "ru": "в зоне {zone}"},
}
"""Where a card is, for {where:phrase}: {"phrase": key, **params}."""

MESSAGES: dict[str, dict[str, str]] = {
    "camera.timer_ends": {"en": "{drawer} turned up the third timer card: the deck ends",
                          "ru": "игрок {drawer} открыл третью карту таймера: колода кончилась"},
    "camera.all_passed": {"en": "everyone passed", "ru": "все спасовали"},
    "camera.keeps": {"en": "{drawer} keeps the cards", "ru": "игрок {drawer} оставляет карты себе"},
    "camera.discarded": {"en": "everyone passed: the cards went to the discard pile",
                         "ru": "все спасовали: карты ушли в сброс"},
    "camera.bought": {"en": "{winner} bought {drawer}'s cards for {price}",
                      "ru": "игрок {winner} купил карты игрока {drawer} за {price}"},
    "camera.unsure_sale": {
        "en": "{player} put cards on the discard pile; {hidden:n:of their cards is:of their cards are} out of the camera's sight "
              "and it cannot tell which were sold: enter the sale on the tablet",
        "ru": "игрок {player} положил карты в сброс; {hidden:n:его карта:его карты:его карт} вне поля зрения камеры, "
              "и она не может понять, какие проданы: введите продажу на планшете"},
    "camera.sells": {"en": "{player} sells {sets:n:set:sets} for {payout}",
                     "ru": "игрок {player} продаёт {sets:n:набор:набора:наборов} за {payout}"},
    "camera.sells_double": {"en": "{player} sells {sets:n:set:sets} for {payout} (Double-BUX)",
                            "ru": "игрок {player} продаёт {sets:n:набор:набора:наборов} за {payout} (Double-BUX)"},
    "camera.swap": {"en": "{player} swaps with {other}", "ru": "игрок {player} меняется картой с игроком {other}"},
    "camera.vanished": {"en": "a card vanished from {owner}'s spread", "ru": "карта пропала из расклада игрока {owner}"},
    "camera.misplaced": {"en": "a card is {where:phrase} but the game has it {should:phrase}",
                         "ru": "карта лежит {where:phrase}, а по игре она {should:phrase}"},
}

W = Wording(MESSAGES, phrases=PHRASES, fallback=CAMERA)
"""BUX's table sentences; the camera loop's wrappers ("confirm: ...") come from the shared table wording."""


def say(id_: str, **params: Any) -> dict:
    """Return a sentence to word later, in any language: {"id", "params"} (plain JSON values only)."""
    assert id_ in MESSAGES, f"no wording for {id_!r}"
    return {"id": id_, "params": params}


def english(said: dict) -> str:
    """Return a said sentence in English, for the log and the audit."""
    return W.say(said["id"], said["params"], "en")
