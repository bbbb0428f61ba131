"""What a shared screen's voice says ("Speak"): short sentences, each with a key, made from the public state only.

Why here: the sentences ride on the shared state.json body (shared_state.py),
so they are made from exactly what that body already shows every viewer: the
public view (`board`) and the dice summary, never a card's back value, never a
sealed bid before its reveal. Each game words its own events (its screens'
`speech`, given the public body and nothing else); this module only adds the
shared parts (dice rolls) and names no game.

The page's speech.js speaks, while its Speak switch is on, each sentence whose
key it has not seen in the previous body: keys stand for events ("h12" the
12th history line), so a sentence is said once, when it first appears, and a
state seen again (a reconnect) is not said again.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _, ngettext

from companion.web.screens import screens_of

Said = list[tuple[str, str]]
"""(key, sentence) pairs, in the order they are to be said."""


def dice_said(dice: dict[str, Any] | None) -> Said:
    """Return the newest dice roll as a sentence ("Dice: 3 and 5."), keyed by its number, or nothing before a roll."""
    rolls = (dice or {}).get("rolls") or []
    if not rolls:
        return []
    newest = rolls[0]
    values = [str(v) for v in newest.get("values", [])]
    if not values:
        return []
    shown = values[0] if len(values) == 1 else _("%(first)s and %(last)s", first=", ".join(values[:-1]), last=values[-1])
    return [(f"dice{newest.get('seq')}", _("Dice: %(values)s.", values=shown))]


def history_said(entries: list[tuple[int, str]]) -> Said:
    """Return history lines, given oldest first as (their place in the game, words), keyed by both.

    The words are in the key too, so a move undone and another entered in its place is said.
    """
    return [(f"h{n}:{text}", text) for n, text in entries]


def numbered(newest_first: list[str], total: int) -> list[tuple[int, str]]:
    """Return a view's last history lines (newest first, `total` in the whole game) oldest first, with their places."""
    return [(total - i, line) for i, line in reversed(list(enumerate(newest_first)))]


def turn_said(player: str | None, moment: object) -> Said:
    """Return "Ann's turn." keyed by the moment (say, how many moves were made), so each move ends with whose turn it is."""
    return [(f"turn:{moment}:{player}", _("%(player)s's turn.", player=player))] if player else []


def winners_said(winners: list[str], over: bool) -> Said:
    """Return who won, once the game is over ("Game over. Winner: Ann.")."""
    if not over or not winners:
        return []
    return [("over", ngettext("The game is over. Winner: %(names)s.", "The game is over. Winners: %(names)s.",
                              len(winners), names=", ".join(winners)))]


def speech_of(game: str, body: dict[str, Any]) -> list[dict[str, str]]:
    """Return the sentences a screen may say for this public body: [{"key", "text"}]; [] for a game with no voice."""
    speech = screens_of(game).speech
    if speech is None or body.get("board") is None:
        return []
    return [{"key": key, "text": text} for key, text in speech(body)]
