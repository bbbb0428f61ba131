"""What BUX adds to its audit: the money flow, the timer (Double-BUX shading, deck lines, the timer strip), and card values hidden mid-game.

Moves are worded as the tablet's history words them (companion/games/bux/history.py),
cards named with their values ("♥ oval 25") for the operator once the game is over.

The card values (the numbers on the card backs) are private until the game
ends, so a report of a game in progress names cards by suit and shape only
and may be shown on a shared screen. What it shows of a state (the standings,
the timer and deck per move) is the engine's view_for(state, SHARED)
(companion/games/bux/view.py), which holds no code at all. hide_values is
left only for sentences: the moves as worded for the operator, which name
every card with its value, and anomaly texts (a refused draw quotes the codes
it named); they are kept as words, with no state to redact.
"""

from __future__ import annotations

import re
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from companion.audit.game_audit import GameAudit, Phase, Section
from companion.games.bux.audit.flow import BuxFlow
from companion.games.bux.audit.timer import timer_strip
from companion.games.bux.history import describe

_ENV = Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"), autoescape=select_autoescape(["html"]))
_VALUE = re.compile(r"\b((?:heart|club|spade|diamond)-(?:x|oval|circle|square))-\d+\b")
_NAMED_VALUE = re.compile(r"([♥♣♠♦] (?:X|oval|circle|square)) \d+\b")
"""A card as the history names it for the operator ("♥ oval 25"): the value after its face."""


def phase(summary: dict) -> Phase | None:
    """Return where the game stood after a move: its deck, timer count and Double-BUX."""
    if "bux_timer" not in summary:
        return None
    detail = {"deck": summary["deck"], "timer": summary["bux_timer"], "double": summary["double_bux"]}
    return Phase(stage=f"deck {summary['deck']}", shaded=summary["double_bux"],
                 label="Double-BUX" if summary["double_bux"] else "", detail=detail)


def sections(phases: list[Phase | None], labels: list[str], flow: dict | None) -> list[Section]:
    """Return the timer strip and the money-flow table."""
    out = []
    timers = [p.detail if p else None for p in phases]
    if any(timers):
        out.append(Section("Timer", Markup(timer_strip(timers, labels))))
    if flow:
        out.append(Section("Money flow", Markup(_ENV.get_template("flow.html").render(flow=flow))))
    return out


def hide_values(text: str) -> str:
    """Return the text with every card named by suit and shape only ("heart-x-25" -> "heart-x", "♥ X 25" -> "♥ X").

    >>> hide_values("Ann drew ♥ X 25, ♣ oval 100, BUX 2. Ben won the bid for 125.")
    'Ann drew ♥ X, ♣ oval, BUX 2. Ben won the bid for 125.'
    """
    return _NAMED_VALUE.sub(r"\1", _VALUE.sub(r"\1", text))


AUDIT = GameAudit(
    name="bux",
    unit="chips",
    book=BuxFlow,
    phase=phase,
    shading="Double-BUX (sales pay double) · dashed line: a new draw deck",
    sections=sections,
    hidden_while_playing=hide_values,
    hidden_note="The game is still in progress, so card values (the numbers on the card backs) are hidden in this report.",
    columns=(("Cards in spread", lambda info: len(info.get("spread", []))),),
    describe=describe,
    camera_read=True,
)
