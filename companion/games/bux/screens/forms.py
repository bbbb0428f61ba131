"""BUX's entry forms' helpers (token holders only): the pickers' choices, what was entered in the engine's terms, refusals, corrections.

Split from the view (view.py), which renders what GAME.view_for lets each
viewer see: these turn entries into record lines and answer them. They keep
the forms' rule on hidden values: drawn cards are named by face and value
(what the turned-over cards show) and resolved here; spread cards go by the
view's keyed handle only, never by code, so a refusal cannot be used as an
oracle for a value nobody typed. The spread cards the pickers offer come from
the view's faces (suit, shape, handle: no value).
"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import get_locale
from flask_babel import gettext as _

from companion.errors import RecordError
from companion.games.bux import rules
from companion.games.bux.screens.view import (
    ALL_NAMED,
    CODE,
    NOT_IN_DECK,
    SHAPE_NAME,
    SHAPES,
    SUIT_NAME,
    SUITS,
    BuxView,
)
from companion.games.bux.state import DECK, DECKS_PER_GAME, PLAYING_CARDS, SHAPE, SUIT, TIMER_CARDS, VALUE, draw_deck, rule
from companion.games.wording import render
from companion.web.common import error_text

VALUES: tuple[int, ...] = tuple(DECK.data["values"])
CODE_OF: dict[tuple[str, str, int], str] = {(SUIT[c], SHAPE[c], VALUE[c]): c for c in PLAYING_CARDS}
"""(suit, shape, value) -> card code: each face exists once at each value."""


def typed_price(raw: object) -> object:
    """Accept a typed price as a number or a string of digits ("55"); anything else goes to the engine as typed."""
    if isinstance(raw, str) and raw.strip().isdigit():
        return int(raw.strip())
    return raw


class BuxForms:
    """The entry forms' side of one stored BUX game for one request, naming cards as its view does."""

    def __init__(self, view: BuxView):
        self.view = view
        self.session = view.session
        self.handle_of = view.handle_of
        self.code_of = view.code_of

    def handle_sets(self, sets) -> list[list[str]]:
        """Return card sets as handles, each set and the list ordered by face and handle.

        The engine lists sets as combinations of sorted codes, and codes sort
        by value within a face (...-100 before ...-25 before ...-50): in that
        order three ovals of one suit would read 100, 25, 50.
        """
        ordered = sorted((sorted(s, key=self.view.face_order) for s in sets), key=lambda s: [self.view.face_order(c) for c in s])
        return [[self.handle_of[c] for c in s] for s in ordered]

    def resolve(self, value: Any) -> Any:
        """Return value with card handles replaced by codes (lists and dicts walked)."""
        if isinstance(value, str):
            return self.code_of.get(value, value)
        if isinstance(value, list):
            return [self.resolve(v) for v in value]
        if isinstance(value, dict):
            return {k: self.resolve(v) for k, v in value.items()}
        return value

    def resolve_line(self, line: dict) -> dict:
        """Return an entered record line in the engine's terms.

        A draw names its cards as the entrant sees them turned over, face and
        value ({"suit", "shape", "value"}) or a timer code; they become card
        codes here. Handles are never resolved in a draw: a handle stands for
        a spread card, and resolving it would let a refusal name that card's
        value. Sell and swap lines name spread cards by handle only.

        Raises:
            RecordError: a drawn card that is no card of the deck, or a sell
            or swap naming a card by its code (nothing is stored).
        """
        if line.get("type") == "draw":
            if not isinstance(line.get("cards"), list):
                return line
            return {**line, "cards": [self.drawn_code(card) for card in line["cards"]]}
        if _names_a_code(line):
            # A typed code would make the refusals an oracle ("not in Ann's spread" or not).
            raise RecordError(_("Name spread cards by the handles the entry form sends, not by card codes: "
                                "a code carries the value on the back."))
        return self.resolve(line)

    def drawn_code(self, card: Any) -> Any:
        """Return the card code of a card named by face and value (a code or timer code passes as typed).

        Raises:
            RecordError: the face or value is not one of the deck's.
        """
        if isinstance(card, str):
            return card
        if not isinstance(card, dict):
            raise RecordError(_("Name each drawn card by its suit, shape and value."))
        value = card.get("value")
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        key = (card.get("suit"), card.get("shape"), value)
        if not (isinstance(key[0], str) and isinstance(key[1], str) and type(value) is int) or key not in CODE_OF:
            raise RecordError(_("There is no card %(suit)s %(shape)s %(value)s in the deck: the suits are %(suits)s, "
                                "the shapes %(shapes)s and the values %(values)s.",
                                suit=str(card.get("suit"))[:20], shape=str(card.get("shape"))[:20], value=str(value)[:20],
                                suits=", ".join(str(SUIT_NAME[s]) for s in SUITS),
                                shapes=", ".join(str(SHAPE_NAME[s]) for s in SHAPES),
                                values=", ".join(str(v) for v in VALUES)))
        return CODE_OF[key]

    def still_drawable(self, line: dict) -> bool:
        """Return True if every card a proposed draw names is still in the draw deck."""
        cards = line.get("cards")
        deck = draw_deck(self.session.state)
        return isinstance(cards, list) and all(isinstance(c, str) and c in deck for c in cards)

    def refusal(self, line: dict, error) -> dict:
        """Return the JSON error body for a refused entry, naming no value the entrant did not type.

        A draw's cards were typed with their values, so its refusals name
        them so; other codes lose their values (and, in a draw, their tags:
        a tag next to a typed value would pair them for later). A draw
        naming a card that is not in the draw deck gets the sentence the
        whole table sees in the history, and no more (not whose spread).
        """
        body = error.to_json()
        if line.get("type") != "draw":
            body["error"]["message"] = error_text(self.view, error)
            return body
        line_cards = line.get("cards")
        cards = line_cards if isinstance(line_cards, list) else []
        typed = {c for c in cards if isinstance(c, str)}
        if getattr(error, "rule", None) == NOT_IN_DECK:
            deck = draw_deck(self.session.state)
            missing = [c for c in cards if isinstance(c, str) and c in ALL_NAMED and c not in deck]
            if missing:
                body["error"]["message"] = self.view.refused_text(str(line.get("player", "?")), missing)
                return body

        def name(match: re.Match) -> str:
            code = match.group(0)
            if code not in self.handle_of:
                return "?"
            return self.view.typed_text(code) if code in typed else self.view.face_text(code)

        worded = render(error, str(get_locale() or "en"), card=lambda text: CODE.sub(name, str(text)))
        body["error"]["message"] = CODE.sub(name, worded)
        return body

    def correction(self, item: dict) -> dict:
        """Return an attention item's proposed move in the entry forms' terms, to prefill "Correct".

        Token holders only. Keeps the forms' rule on hidden values: draw
        cards go by face and value as the entrant would type them (the
        physical cards turned over show both), but only those still in the
        draw deck, so a refusal never names a value nobody typed; spread cards go by
        handle and only if they lie where the move needs them. A card the
        camera misplaced is left out for the player to pick, so no value of a
        card someone owns reaches the tablet through a proposal.
        """
        state = self.session.state
        players = [p for p in item.get("players", []) if isinstance(p, str) and p in state.players]
        out: dict[str, Any] = {"id": item["id"], "type": None, "players": players,
                               "proposal": None, "message": self.view.sanitise(item.get("message", ""))}
        proposed = item.get("proposed")
        item_evidence = item.get("evidence")
        evidence = item_evidence if isinstance(item_evidence, dict) else {}
        if proposed is None:
            proposed = evidence.get("refused")  # what the camera saw and the rules refused
        if proposed is None and isinstance(evidence.get("on_pile"), list) and players:
            # "Which cards were sold?": the cards seen on the pile were; the rest is for the player to pick.
            proposed = {"type": "sell", "player": players[0], "sets": [evidence["on_pile"]]}
        if not isinstance(proposed, dict) or proposed.get("type") not in ("draw", "sell", "swap", "broke"):
            return out
        kind = proposed["type"]
        player = proposed.get("player") if proposed.get("player") in state.players else None
        out.update({"type": kind, "player": player, "proposal": self.view.describe(proposed)})

        def spread_of(name: Any) -> frozenset[str]:
            return frozenset(state.spreads[state.seat(name)]) if name in state.players else frozenset()

        if kind == "draw":
            deck = set(draw_deck(state))
            proposed_cards = proposed.get("cards")
            cards = proposed_cards if isinstance(proposed_cards, list) else []
            kept = [c for c in cards if isinstance(c, str) and c in deck]
            out["cards"] = [c if c in TIMER_CARDS else {"suit": SUIT[c], "shape": SHAPE[c], "value": VALUE[c]} for c in kept]
            out["dropped"] = len(cards) - len(kept)
            if proposed.get("keep"):
                out["settle"] = "keep"
            elif "winner" not in proposed:
                out["settle"] = "end"
            elif proposed["winner"] is None:
                out["settle"] = "pass"
            else:
                out["settle"] = "bid"
                out["winner"] = proposed["winner"] if proposed["winner"] in state.players else None
                price = proposed.get("price")
                out["price"] = price if isinstance(price, int) and not isinstance(price, bool) else None
        elif kind == "sell":
            own = spread_of(player)
            proposed_sets = proposed.get("sets")
            sets = proposed_sets if isinstance(proposed_sets, list) else []
            # By face and handle: a proposal lists its codes sorted, and code order gives values away.
            kept_sets = [[self.handle_of[c] for c in sorted([c for c in s if isinstance(c, str) and c in own], key=self.view.face_order)]
                         for s in sets if isinstance(s, list)]
            out["sets"] = [s for s in kept_sets if s]
            out["dropped"] = sum(len(s) for s in sets if isinstance(s, list)) - sum(len(s) for s in out["sets"])
        elif kind == "swap":
            give, take, other = proposed.get("give"), proposed.get("take"), proposed.get("from")
            out["give"] = self.handle_of[give] if isinstance(give, str) and give in spread_of(player) else None
            out["take"] = (self.handle_of[take] if isinstance(take, str) and take in spread_of(other) and other != player
                           else None)
            out["from"] = other if out["take"] is not None else None
        return out

    def options(self) -> dict:
        """Return the entry forms' choices for the player to move (token holders only).

        Nothing here depends on which cards are left in the draw deck: the
        draw picker offers every suit, shape and value of the deck file and
        the three timer cards, and the entrant names what the turned-over
        cards show (the server resolves them). Spread cards go by handle.
        """
        state = self.session.state
        actions = rules.legal_actions(state)
        seat = state.to_move
        swaps_take: dict[str, list[str]] = {}
        for swap in actions.swaps:
            swaps_take.setdefault(swap.from_, [])
            if swap.take not in swaps_take[swap.from_]:
                swaps_take[swap.from_].append(swap.take)
        return {
            "player": actions.player,
            "redraw": state.redraw,
            "can_draw": actions.can_draw,
            "can_keep": actions.can_keep,
            "can_broke": actions.can_broke,
            "players": [{"name": n, "chips": c} for n, c in zip(state.players, state.chips)],
            "suits": list(SUITS),
            "shapes": list(SHAPES),
            "values": list(VALUES),
            "timers": [{"code": c, "label": DECK.card(c)["label"]} for c in TIMER_CARDS],
            "timers_out": len(state.timers_out),
            "timers_per_deck": len(TIMER_CARDS),
            "timer_order": rule(state, "timer-order"),
            "last_draw_finished": state.deck == DECKS_PER_GAME and rule(state, "last-draw") == "finished",
            "spread": self.view.faces(state.spreads[seat]) if actions.player else [],
            "sell_sets": self.handle_sets(actions.sellable_sets),
            "swap_give": self.view.faces(state.spreads[seat]) if actions.swaps else [],
            "swap_take": [{"from": other, "cards": self.view.faces(cards)} for other, cards in swaps_take.items()],
            "bid_multiple": rules.BID_MULTIPLE,
        }




def _names_a_code(value: Any) -> bool:
    """Return True if a playing card's code appears anywhere in a JSON value."""
    if isinstance(value, str):
        return value in VALUE
    if isinstance(value, list):
        return any(_names_a_code(v) for v in value)
    if isinstance(value, dict):
        return any(_names_a_code(v) for v in value.values())
    return False
