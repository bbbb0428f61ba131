"""What BUX looks like on its screens: the shared scoreboard and a player's private view, both rendered from the engine's view.

What each viewer may see is decided once, by the rules (companion/games/bux/view.py,
GAME.view_for): the scoreboard renders view_for(state, SHARED), a phone its
player's view_for(state, player). This module only presents them: it names the
cards by the game's keyed handles (passed to view_for as `card_name`, so two
cards of one face can be told apart without their values) and adds the tag
printed beside each card, the history, the attention items and the chart.
Session facts the state does not hold (refused entries, the camera's
attention items) name cards through the same faces (face, sanitise).

The entry forms' helpers (the pickers' choices, resolving what was entered,
refusals, prefilled corrections) are in forms.py. Reads state only; moves are
judged by the engine through GameSession.
"""

from __future__ import annotations

import re

from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from companion.chips import make_change
from companion.games.base import SHARED
from companion.games.bux import history
from companion.games.bux import view as engine_view
from companion.games.bux.state import (
    PLAYING_CARDS,
    TIMER_CARDS,
    VALUE,
    BuxState,
    draw_deck,
)
from companion.errors import RuleViolation
from companion.games.bux.messages import W as RULES_WORDING
from companion.games.bux.table.messages import W as TABLE_WORDING
from companion.games.history import Say
from companion.store.events import REJECTED, UNDO
from companion.store.session import GameSession
from companion.web.access import card_handle, card_tag
from companion.web.common import error_text, undo_final

SUITS: tuple[str, ...] = engine_view.SUITS
SHAPES: tuple[str, ...] = engine_view.SHAPES
SUIT_SYMBOL = {"heart": "♥", "club": "♣", "spade": "♠", "diamond": "♦"}
SHAPE_NAME = {"x": _l("X"), "oval": _l("oval"), "circle": _l("circle"), "square": _l("square")}
SUIT_NAME = {"heart": _l("heart"), "club": _l("club"), "spade": _l("spade"), "diamond": _l("diamond")}
CHIP_NAME = {"Red": _l("Red"), "Black": _l("Black"), "Gold": _l("Gold"), "Silver": _l("Silver"), "White": _l("White")}
CODE = re.compile(r"\b(?:" + "|".join(SUITS) + r")-(?:" + "|".join(SHAPES) + r")-\d+\b")
"""A playing card's code in a text (it carries the value: heart-x-25)."""
HISTORY = 8
SAY = Say(_, ngettext)
"""The game's history wording (companion/games/bux/history.py) in this request's language."""
ALL_NAMED = frozenset(PLAYING_CARDS) | frozenset(TIMER_CARDS)
NOT_IN_DECK = "draw.not_in_draw_deck"
"""The draw refusal that tells the entrant a named card lies outside the draw deck (in a spread, or sold)."""
BEFORE_THE_CARDS = frozenset({"draw.after_game_end", "draw.unknown_player", "draw.not_your_turn"})
"""Draw refusals decided before any card is looked up in the draw deck: they tell nothing about the cards.

Every other refused draw does: NOT_IN_DECK says a card is elsewhere, and any
later refusal (a bad price, a card named twice, too few cards) says that the
cards checked before it are in the draw deck. So those are shown to the table.
"""


def tagged(face: dict) -> dict:
    """Return an engine face with the tag printed beside its card on shared screens (from its handle "h")."""
    return {**face, "tag": card_tag(face["h"])} if "h" in face else face


class BuxView:
    """Views of one stored BUX game for one request: what GAME.view_for gives, presented."""

    def __init__(self, session: GameSession, key: bytes):
        self.session = session
        self.key = key
        self.handle_of = {code: card_handle(key, code) for code in PLAYING_CARDS}
        self.code_of = {h: c for c, h in self.handle_of.items()}

    # --- cards ------------------------------------------------------------

    def handle(self, code: str) -> str:
        """Return the game's keyed handle of a card code: the `card_name` the engine's view names cards by."""
        return self.handle_of[code]

    def face(self, code: str) -> dict:
        """Return a card as the table sees it from the front: suit, shape, handle, tag (no value)."""
        return tagged(engine_view.face(code, self.handle))

    def face_order(self, code: str) -> tuple:
        """Return a card's place in every list a shared screen gets: suit, shape, then handle (never code or value)."""
        return engine_view.face_order(code, self.handle)

    def faces(self, codes) -> list[dict]:
        """Return faces sorted by suit, shape, then handle: the order carries no value."""
        return [tagged(f) for f in engine_view.faces(codes, self.handle)]

    def face_text(self, code: str) -> str:
        """Return e.g. '♥ oval' (a timer card: 'BUX 2'): the engine's face of the card, in words."""
        face = engine_view.face(code)
        if "timer" in face:
            return f"BUX {face['timer']}"
        return f"{SUIT_SYMBOL[face['suit']]} {SHAPE_NAME[face['shape']]}"

    def sanitise(self, text: str) -> str:
        """Return text with every card code replaced by its face and tag.

        For sentences, not state: a refusal or an attention item is worded
        with the codes it concerns, and only its text reaches a screen.
        """
        return CODE.sub(lambda m: f"{self.face_text(m.group(0))} [{card_tag(self.handle_of.get(m.group(0), 'c???'))}]"
                        if m.group(0) in self.handle_of else "?", str(text))

    def typed_text(self, code: str) -> str:
        """Return a card the entrant typed as they named it: '♥ circle 100' (a timer card: 'BUX 2')."""
        if code in TIMER_CARDS:
            return self.face_text(code)
        return f"{self.face_text(code)} {VALUE[code]}"

    def refused_text(self, player: str, codes: list[str]) -> str:
        """Return the shared sentence for a draw refused because cards it named are not in the draw deck."""
        return ngettext("Refused: %(player)s's draw named %(cards)s, which is not in the draw deck.",
                        "Refused: %(player)s's draw named %(cards)s, which are not in the draw deck.",
                        len(codes), player=player, cards=", ".join(self.typed_text(c) for c in codes))

    # --- history ------------------------------------------------------------

    def steps(self) -> list[tuple[dict, BuxState, BuxState | None]]:
        """Return (record line, state before, state after) for every move in effect, setup first."""
        return self.session.steps()

    def describe(self, line: dict, before: BuxState | None = None, after: BuxState | None = None) -> str:
        """Return one move in words, face-only (values never named): the game's own wording, history.describe."""
        def card(code: str) -> str | None:
            return self.face_text(code) if code in self.handle_of or code in TIMER_CARDS else None

        return history.describe(line, before, after, card=card, say=SAY)

    # --- views ---------------------------------------------------------------

    def public(self) -> dict:
        """Return the scoreboard's data: GAME.view_for(state, SHARED) presented, with the history and attention.

        The chart's chips are the states' own: chips are counted in the open
        (every view shows them), and a view per move would cost a long game's
        scoreboard a redaction per move for the same numbers.
        """
        steps, seqs = self._steps_and_seqs()
        view = self.session.game.view_for(steps[-1][2], SHARED, card_name=self.handle)
        attention = [self._attention(item) for item in self.session.open_attention()]
        history = self._history(steps, seqs)
        undone = self.session.events_of(UNDO)
        return {
            "game": "bux",
            "players": [
                {
                    "name": name,
                    "chips": info["chips"],
                    "spread": [tagged(f) for f in info["spread"]],
                    "count": info["count"],
                    "turn": name == view["turn"],
                    "winner": name in view["winners"],
                }
                for name, info in view["players"].items()
            ],
            "turn": view["turn"],
            "deck": view["deck"],
            "timer": 3 if view["reshuffle"] else view["bux_timer"],
            "timers_out": view["timers_out"],
            "double_bux": view["double_bux"],
            "reshuffle": view["reshuffle"],
            "over": view["over"],
            "winners": view["winners"],
            "discard": [tagged(f) for f in view["discard"]],
            "draw_deck_size": view["draw_deck_size"],
            "history": history,
            "undo_count": len(undone),
            "undo_final": undo_final(self.session),
            "attention": attention,
            "chart": {"players": list(view["players"]), "series": [list(after.chips) for _l, _b, after in steps]},
        }

    def _steps_and_seqs(self) -> tuple[list, list[int]]:
        """Return steps() and the event seq of each of those moves (read again if a write came between)."""
        for _try in range(5):
            steps = self.steps()
            moves = self.session.refresh().moves
            if len(moves) == len(steps):
                break
        return steps, [event.seq for event in moves][:len(steps)]

    def _history(self, steps: list, seqs: list[int]) -> list[dict]:
        """Return the last moves, newest first, each numbered by its real place in the game.

        Refused draws whose cards the rules looked up in the draw deck are
        shown too, between the moves they came between: the refusal told the
        entrant where a card is (outside the draw deck, or in it), so the
        whole table sees it and probing shows. Only refusals of what was
        typed on a tablet, with the values the entrant typed; a card outside
        the draw deck is named alone, without whose spread it is in.
        """
        # Only the last HISTORY moves can be shown (HISTORY newer moves push any older entry out), so
        # only they are described: a read after a new event then costs what is shown, not the game.
        first = max(1, len(steps) - HISTORY)
        entries: list[tuple[int, dict]] = [
            (seq, {"n": number, "text": self.describe(line, before, after), "pay": chip_breakdown(payment(line, before, after))})
            for number, (seq, (line, before, after)) in enumerate(zip(seqs[first:], steps[first:]), start=first)]
        oldest = seqs[first] if len(steps) - 1 >= HISTORY and first < len(seqs) else 0
        for event in self.session.events_of(REJECTED):
            if event.seq < oldest:
                continue
            data = event.data if not event.damage else {}
            if not isinstance(data, dict):
                continue
            line = data.get("line")
            rule = data.get("rule")
            if (event.source != "tablet" or not isinstance(rule, str) or rule in BEFORE_THE_CARDS
                    or not (rule.startswith("draw.") or rule.startswith("bid.")) or not isinstance(line, dict)
                    or line.get("type") != "draw" or not isinstance(line.get("cards"), list)):
                continue
            before = next((after for seq, (_line, _before, after) in zip(reversed(seqs), reversed(steps)) if seq < event.seq),
                          None)
            if before is None:
                continue
            named = [c for c in line["cards"] if isinstance(c, str) and c in ALL_NAMED]
            missing = [c for c in named if c not in draw_deck(before)]
            player = str(line.get("player", "?"))
            if rule == NOT_IN_DECK and missing:
                text = self.refused_text(player, missing)
            elif named:
                text = _("Refused, not stored: %(player)s's draw of %(cards)s.", player=player,
                         cards=", ".join(self.typed_text(c) for c in named))
            else:
                continue
            entries.append((event.seq, {"n": None, "refused": True, "text": text}))
        entries.sort(key=lambda entry: entry[0])
        return [entry for _seq, entry in reversed(entries[-HISTORY:])]

    def _attention(self, item: dict) -> dict:
        proposed = item.get("proposed")
        return {
            "id": item["id"],
            "message": self.attention_text(item),
            "cards": [self.face(c) for c in item.get("cards", []) if c in self.handle_of or c in TIMER_CARDS],
            "players": [p for p in item.get("players", []) if isinstance(p, str)],
            "proposal": self.describe(proposed) if isinstance(proposed, dict) else None,
            "source": item.get("source"),
            "time": item.get("time"),
        }

    def attention_text(self, item: dict) -> str:
        """Return an attention item's sentence in the reader's language, cards as this screen may show them.

        The camera loop keeps what to say (`evidence.say`: the table wording's id
        and parameters, maybe wrapping a sentence and the rules' refusal) next to
        its English `message`; an item without it (raised before, or by hand)
        shows its message.
        """
        evidence = item.get("evidence")
        said = evidence.get("say") if isinstance(evidence, dict) else None
        if isinstance(said, dict):
            try:
                return self.sanitise(self._word(said, str(get_locale() or "en")))
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                pass  # a stored item from another version: its English message still says it
        return self.sanitise(item.get("message", ""))

    def _word(self, said: dict, lang: str) -> str:
        params = dict(said.get("params") or {})
        if "inner" in said:
            params["what"] = self._word(said["inner"], lang)
        refusal = said.get("refusal")
        if isinstance(refusal, dict):
            error = RuleViolation(refusal["rule"], str(refusal.get("message", "")), params=dict(refusal.get("params") or {}),
                                  templates=RULES_WORDING)
            params["reason"] = error_text(self, error)
        return TABLE_WORDING.say(said["id"], params, lang)

    def private(self, player: str) -> dict:
        """Return one player's own view (their cards with the values on the backs): GAME.view_for(state, player)'s "you"."""
        you = self.session.game.view_for(self.session.state, player, card_name=self.handle)["you"]
        return {
            "player": you["player"],
            "chips": you["chips"],
            "cards": [_own(c) for c in you["cards"]],
            "sets": [{"cards": [_own(c) for c in s["cards"]], "payout": s["payout"]} for s in you["sets"]],
            "best_all": you["best_all"],
            "turn": you["turn"],
            "double_bux": you["double_bux"],
        }


def _own(card: dict) -> dict:
    """Return one of the viewer's own cards: face, the tag printed beside it on shared screens, and its value.

    No handle: the private page pairs values with tags for its holder's
    eyes, and needs nothing that could be posted back as that card.
    """
    return {"suit": card["suit"], "shape": card["shape"], "tag": card_tag(card["h"]), "value": card["value"]}


def payment(line: dict, before: BuxState | None, after: BuxState | None) -> int:
    """Return the chips one move hands over (a winning bid, a sale, a broke grant), or 0."""
    if line.get("type") == "draw" and line.get("winner") and isinstance(line.get("price"), int):
        return line["price"]
    if line.get("type") in ("sell", "broke") and before is not None and after is not None and line.get("player") in before.players:
        seat = before.seat(line["player"])
        return max(after.chips[seat] - before.chips[seat], 0)
    return 0


def chip_breakdown(amount: int) -> list[dict]:
    """Return the fewest chips that make an amount, largest first: [{name, label, colour, value, count}].

    Used for what to hand over on a payment, never for what a player holds:
    a player's chips are whatever they were paid in (200 starts as 4 white,
    3 silver, 1 gold and 1 black), which no screen can know.
    """
    if amount <= 0:
        return []
    try:
        change = make_change(amount)
    except ValueError:
        return []
    return [{"name": chip.name, "label": str(CHIP_NAME[chip.name]), "colour": chip.colour, "value": chip.value, "count": n}
            for chip, n in change]
