"""What BUX looks like on the tablet: shared (face-only) views, a player's private view, entry options.

Shared screens must never carry a card's back value. Card codes contain it
(heart-x-25), so everything built here for the scoreboard uses faces (suit +
shape) and opaque handles, sorts cards by face and handle (never by code,
whose order would give values away) and rewrites codes inside messages.
Reads state only; moves are judged by the engine through GameSession.
"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from companion.chips import make_change
from companion.games.bux import rules
from companion.games.bux.scoring import best_partition, sellable_sets, set_payout
from companion.games.bux.state import (
    DECK,
    PLAYING_CARDS,
    SHAPE,
    SUIT,
    TIMER_CARDS,
    VALUE,
    BuxState,
    bux_timer,
    draw_deck,
    is_double_bux,
    turn,
)
from companion.store.events import UNDO
from companion.store.session import GameSession
from companion.web.access import card_handle, card_tag

SUITS: tuple[str, ...] = tuple(DECK.data["suits"])
SHAPES: tuple[str, ...] = tuple(DECK.data["shapes"])
SUIT_SYMBOL = {"heart": "♥", "club": "♣", "spade": "♠", "diamond": "♦"}
SHAPE_NAME = {"x": _l("X"), "oval": _l("oval"), "circle": _l("circle"), "square": _l("square")}
SUIT_NAME = {"heart": _l("heart"), "club": _l("club"), "spade": _l("spade"), "diamond": _l("diamond")}
CHIP_NAME = {"Red": _l("Red"), "Black": _l("Black"), "Gold": _l("Gold"), "Silver": _l("Silver"), "White": _l("White")}
_CODE = re.compile(r"\b(?:" + "|".join(SUITS) + r")-(?:" + "|".join(SHAPES) + r")-\d+\b")
HISTORY = 8


class BuxView:
    """Views of one stored BUX game for one request."""

    def __init__(self, session: GameSession, key: bytes):
        self.session = session
        self.key = key
        self.handle_of = {code: card_handle(key, code) for code in PLAYING_CARDS}
        self.code_of = {h: c for c, h in self.handle_of.items()}

    # --- cards ------------------------------------------------------------

    def face(self, code: str) -> dict:
        """Return a card as the table sees it from the front: suit, shape, handle, tag (no value)."""
        if code in TIMER_CARDS:
            return {"timer": DECK.card(code)["label"]}
        handle = self.handle_of[code]
        return {"suit": SUIT[code], "shape": SHAPE[code], "h": handle, "tag": card_tag(handle)}

    def faces(self, codes) -> list[dict]:
        """Return faces sorted by suit, shape, then handle: the order carries no value."""
        def order(code: str) -> tuple:
            if code in TIMER_CARDS:
                return (9, 0, code)
            return (SUITS.index(SUIT[code]), SHAPES.index(SHAPE[code]), self.handle_of[code])
        return [self.face(c) for c in sorted(codes, key=order)]

    def face_text(self, code: str) -> str:
        """Return e.g. '♥ oval' (a timer card: 'BUX 2')."""
        if code in TIMER_CARDS:
            return f"BUX {DECK.card(code)['label']}"
        return f"{SUIT_SYMBOL[SUIT[code]]} {SHAPE_NAME[SHAPE[code]]}"

    def sanitise(self, text: str) -> str:
        """Return text with every card code replaced by its face and tag."""
        return _CODE.sub(lambda m: f"{self.face_text(m.group(0))} [{card_tag(self.handle_of.get(m.group(0), 'c???'))}]"
                         if m.group(0) in self.handle_of else "?", str(text))

    def resolve(self, value: Any) -> Any:
        """Return value with card handles replaced by codes (lists and dicts walked)."""
        if isinstance(value, str):
            return self.code_of.get(value, value)
        if isinstance(value, list):
            return [self.resolve(v) for v in value]
        if isinstance(value, dict):
            return {k: self.resolve(v) for k, v in value.items()}
        return value

    # --- history ------------------------------------------------------------

    def steps(self) -> list[tuple[dict, BuxState, BuxState | None]]:
        """Return (record line, state before, state after) for every move in effect, setup first."""
        return self.session.steps()

    def describe(self, line: dict, before: BuxState | None = None, after: BuxState | None = None) -> str:
        """Return one move in words, face-only (values never named)."""
        kind = line.get("type")
        player = str(line.get("player", ""))
        if kind == "setup":
            return _("The cards were dealt; %(first)s plays first.", first=line.get("first", "?"))
        if kind == "draw":
            cards = [c for c in line.get("cards", []) if isinstance(c, str)]
            shown = ", ".join(self.face_text(c) for c in cards if c in self.handle_of or c in TIMER_CARDS)
            text = _("%(player)s drew %(cards)s", player=player, cards=shown or "?")
            if after is not None and before is not None and after.deck != before.deck:
                return text + ". " + _("Third BUX card: the deck is over, reshuffle.")
            if after is not None and after.over:
                return text + ". " + _("Third BUX card of the third deck: game over.")
            if line.get("keep"):
                return text + ". " + _("Kept without a bid.")
            if "winner" in line and line["winner"] is None:
                return text + ". " + _("Everyone passed.")
            if line.get("winner"):
                return text + ". " + _("%(winner)s won the bid for %(price)s.", winner=line["winner"], price=line.get("price"))
            return text + "."
        if kind == "sell":
            sets = line.get("sets") or []
            paid = ""
            if before is not None and after is not None:
                seat = before.seat(player)
                paid = " " + _("for %(amount)s", amount=after.chips[seat] - before.chips[seat])
            return ngettext("%(player)s sold %(num)d set", "%(player)s sold %(num)d sets", len(sets), player=player) + paid + "."
        if kind == "swap":
            return _("%(player)s swapped %(give)s for %(take)s from %(other)s.", player=player,
                     give=self.face_text(line.get("give", "")) if line.get("give") in self.handle_of else "?",
                     take=self.face_text(line.get("take", "")) if line.get("take") in self.handle_of else "?",
                     other=line.get("from", "?"))
        if kind == "broke":
            return _("%(player)s was broke and took 100 chips.", player=player)
        return _("Unknown move.")

    # --- views ---------------------------------------------------------------

    def public(self) -> dict:
        """Return the scoreboard's data: everything shared screens may show, nothing more."""
        steps = self.steps()
        state = steps[-1][2]
        result = rules.outcome(state)
        attention = [self._attention(item) for item in self.session.open_attention()]
        history = [self.describe(line, before, after) for line, before, after in steps[1:][-HISTORY:]]
        undone = self.session.events_of(UNDO)
        return {
            "game": "bux",
            "players": [
                {
                    "name": name,
                    "chips": chips,
                    "breakdown": chip_breakdown(chips),
                    "spread": self.faces(spread),
                    "count": len(spread),
                    "turn": name == turn(state),
                    "winner": bool(result and name in result.winners),
                }
                for name, chips, spread in zip(state.players, state.chips, state.spreads)
            ],
            "turn": turn(state),
            "deck": state.deck,
            "timer": 3 if state.redraw else bux_timer(state),
            "timers_out": sorted(DECK.card(c)["label"] for c in state.timers_out),
            "double_bux": is_double_bux(state),
            "reshuffle": state.redraw,
            "over": state.over,
            "winners": list(result.winners) if result else [],
            "discard": self.faces(state.discard),
            "draw_deck_size": len(draw_deck(state)),
            "history": list(reversed(history)),
            "undo_count": len(undone),
            "attention": attention,
            "chart": {"players": list(state.players), "series": [list(after.chips) for _l, _b, after in steps]},
        }

    def _attention(self, item: dict) -> dict:
        proposed = item.get("proposed")
        return {
            "id": item["id"],
            "message": self.sanitise(item.get("message", "")),
            "cards": [self.face(c) for c in item.get("cards", []) if c in self.handle_of or c in TIMER_CARDS],
            "players": [p for p in item.get("players", []) if isinstance(p, str)],
            "proposal": self.describe(proposed) if isinstance(proposed, dict) else None,
            "source": item.get("source"),
            "time": item.get("time"),
        }

    def correction(self, item: dict) -> dict:
        """Return an attention item's proposed move in the entry forms' terms, to prefill "Correct".

        Token holders only. Keeps the forms' rule on hidden values: draw
        cards go by code (the draw picker lists the draw deck by value
        anyway), but only those still in the draw deck; spread cards go by
        handle and only if they lie where the move needs them. A card the
        camera misplaced is left out for the player to pick, so no value of a
        card someone owns reaches the tablet through a proposal.
        """
        state = self.session.state
        players = [p for p in item.get("players", []) if isinstance(p, str) and p in state.players]
        out: dict[str, Any] = {"id": item["id"], "type": None, "players": players,
                               "proposal": None, "message": self.sanitise(item.get("message", ""))}
        proposed = item.get("proposed")
        evidence = item.get("evidence") if isinstance(item.get("evidence"), dict) else {}
        if proposed is None:
            proposed = evidence.get("refused")  # what the camera saw and the rules refused
        if proposed is None and isinstance(evidence.get("on_pile"), list) and players:
            # "Which cards were sold?": the cards seen on the pile were; the rest is for the player to pick.
            proposed = {"type": "sell", "player": players[0], "sets": [evidence["on_pile"]]}
        if not isinstance(proposed, dict) or proposed.get("type") not in ("draw", "sell", "swap", "broke"):
            return out
        kind = proposed["type"]
        player = proposed.get("player") if proposed.get("player") in state.players else None
        out.update({"type": kind, "player": player, "proposal": self.describe(proposed)})

        def spread_of(name: Any) -> frozenset[str]:
            return frozenset(state.spreads[state.seat(name)]) if name in state.players else frozenset()

        if kind == "draw":
            deck = set(draw_deck(state))
            cards = proposed.get("cards") if isinstance(proposed.get("cards"), list) else []
            out["cards"] = [c for c in cards if isinstance(c, str) and c in deck]
            out["dropped"] = len(cards) - len(out["cards"])
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
            sets = proposed.get("sets") if isinstance(proposed.get("sets"), list) else []
            kept = [[self.handle_of[c] for c in s if isinstance(c, str) and c in own] for s in sets if isinstance(s, list)]
            out["sets"] = [s for s in kept if s]
            out["dropped"] = sum(len(s) for s in sets if isinstance(s, list)) - sum(len(s) for s in out["sets"])
        elif kind == "swap":
            give, take, other = proposed.get("give"), proposed.get("take"), proposed.get("from")
            out["give"] = self.handle_of[give] if isinstance(give, str) and give in spread_of(player) else None
            out["take"] = (self.handle_of[take] if isinstance(take, str) and take in spread_of(other) and other != player
                           else None)
            out["from"] = other if out["take"] is not None else None
        return out

    def private(self, player: str) -> dict:
        """Return one player's own view: their cards with the values on the backs."""
        state = self.session.state
        seat = state.seat(player)
        spread = state.spreads[seat]
        double = is_double_bux(state)
        cards = [{**self.face(c), "value": VALUE[c]} for c in sorted(spread, key=lambda c: (SUITS.index(SUIT[c]), SHAPES.index(SHAPE[c]), VALUE[c]))]
        sets = [{"cards": [{**self.face(c), "value": VALUE[c]} for c in s], "payout": set_payout(s, double=double)}
                for s in sellable_sets(spread)]
        best = best_partition(spread, double=double) if spread else None
        return {
            "player": player,
            "chips": state.chips[seat],
            "breakdown": chip_breakdown(state.chips[seat]),
            "cards": cards,
            "sets": sorted(sets, key=lambda s: -s["payout"]),
            "best_all": best.payout if best else None,
            "turn": turn(state) == player,
            "double_bux": double,
        }

    def options(self) -> dict:
        """Return the entry forms' choices for the player to move (token holders only).

        The draw picker lists the draw deck by face and value: the person
        entering a draw sees the physical cards. Spread cards go by handle.
        """
        state = self.session.state
        actions = rules.legal_actions(state)
        deck = draw_deck(state)
        groups = []
        for suit in SUITS:
            for shape in SHAPES:
                cards = sorted((c for c in deck if c in self.handle_of and SUIT[c] == suit and SHAPE[c] == shape), key=VALUE.get)
                if cards:
                    groups.append({"suit": suit, "shape": shape, "cards": [{"code": c, "value": VALUE[c]} for c in cards]})
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
            "deck": groups,
            "timers": sorted(c for c in deck if c in TIMER_CARDS),
            "spread": self.faces(state.spreads[seat]) if actions.player else [],
            "sell_sets": [[self.handle_of[c] for c in s] for s in actions.sellable_sets],
            "swap_give": self.faces(state.spreads[seat]) if actions.swaps else [],
            "swap_take": [{"from": other, "cards": self.faces(cards)} for other, cards in swaps_take.items()],
            "bid_multiple": rules.BID_MULTIPLE,
        }


def chip_breakdown(amount: int) -> list[dict]:
    """Return how a chip total is made of chips, largest first: [{name, label, colour, count}]."""
    try:
        change = make_change(amount)
    except ValueError:
        return []
    return [{"name": chip.name, "label": str(CHIP_NAME[chip.name]), "colour": chip.colour, "value": chip.value, "count": n}
            for chip, n in change]
