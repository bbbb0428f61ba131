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

from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from companion.chips import make_change
from companion.games.bux import history, rules
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
from companion.errors import RecordError, RuleViolation
from companion.games.bux.messages import W as RULES_WORDING
from companion.games.bux.table.messages import W as TABLE_WORDING
from companion.games.history import Say
from companion.games.wording import render
from companion.store.events import REJECTED, UNDO
from companion.store.session import GameSession
from companion.web.access import card_handle, card_tag
from companion.web.common import error_text, undo_final

SUITS: tuple[str, ...] = tuple(DECK.data["suits"])
SHAPES: tuple[str, ...] = tuple(DECK.data["shapes"])
SUIT_SYMBOL = {"heart": "♥", "club": "♣", "spade": "♠", "diamond": "♦"}
SHAPE_NAME = {"x": _l("X"), "oval": _l("oval"), "circle": _l("circle"), "square": _l("square")}
SUIT_NAME = {"heart": _l("heart"), "club": _l("club"), "spade": _l("spade"), "diamond": _l("diamond")}
CHIP_NAME = {"Red": _l("Red"), "Black": _l("Black"), "Gold": _l("Gold"), "Silver": _l("Silver"), "White": _l("White")}
_CODE = re.compile(r"\b(?:" + "|".join(SUITS) + r")-(?:" + "|".join(SHAPES) + r")-\d+\b")
VALUES: tuple[int, ...] = tuple(DECK.data["values"])
CODE_OF: dict[tuple[str, str, int], str] = {(SUIT[c], SHAPE[c], VALUE[c]): c for c in PLAYING_CARDS}
"""(suit, shape, value) -> card code: each face exists once at each value."""
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

    def face_order(self, code: str) -> tuple:
        """Return a card's place in every list a shared screen gets: suit, shape, then handle (never code or value)."""
        if code in TIMER_CARDS:
            return (9, 0, code)
        return (SUITS.index(SUIT[code]), SHAPES.index(SHAPE[code]), self.handle_of[code])

    def faces(self, codes) -> list[dict]:
        """Return faces sorted by suit, shape, then handle: the order carries no value."""
        return [self.face(c) for c in sorted(codes, key=self.face_order)]

    def handle_sets(self, sets) -> list[list[str]]:
        """Return card sets as handles, each set and the list ordered by face and handle.

        The engine lists sets as combinations of sorted codes, and codes sort
        by value within a face (...-100 before ...-25 before ...-50): in that
        order three ovals of one suit would read 100, 25, 50.
        """
        ordered = sorted((sorted(s, key=self.face_order) for s in sets), key=lambda s: [self.face_order(c) for c in s])
        return [[self.handle_of[c] for c in s] for s in ordered]

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

    def typed_text(self, code: str) -> str:
        """Return a card the entrant typed as they named it: '♥ circle 100' (a timer card: 'BUX 2')."""
        if code in TIMER_CARDS:
            return self.face_text(code)
        return f"{self.face_text(code)} {VALUE[code]}"

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
            body["error"]["message"] = error_text(self, error)
            return body
        cards = listed if isinstance(listed := line.get("cards"), list) else []
        typed = {c for c in cards if isinstance(c, str)}
        if getattr(error, "rule", None) == NOT_IN_DECK:
            deck = draw_deck(self.session.state)
            missing = [c for c in cards if isinstance(c, str) and c in ALL_NAMED and c not in deck]
            if missing:
                body["error"]["message"] = self.refused_text(str(line.get("player", "?")), missing)
                return body

        def name(match: re.Match) -> str:
            code = match.group(0)
            if code not in self.handle_of:
                return "?"
            return self.typed_text(code) if code in typed else self.face_text(code)

        worded = render(error, str(get_locale() or "en"), card=lambda text: _CODE.sub(name, str(text)))
        body["error"]["message"] = _CODE.sub(name, worded)
        return body

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
        """Return the scoreboard's data: everything shared screens may show, nothing more."""
        steps, seqs = self._steps_and_seqs()
        state = steps[-1][2]
        result = rules.outcome(state)
        attention = [self._attention(item) for item in self.session.open_attention()]
        history = self._history(steps, seqs)
        undone = self.session.events_of(UNDO)
        return {
            "game": "bux",
            "players": [
                {
                    "name": name,
                    "chips": chips,
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
            "history": history,
            "undo_count": len(undone),
            "undo_final": undo_final(self.session),
            "attention": attention,
            "chart": {"players": list(state.players), "series": [list(after.chips) for _l, _b, after in steps]},
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
                               "proposal": None, "message": self.sanitise(item.get("message", ""))}
        proposed = item.get("proposed")
        evidence = given if isinstance(given := item.get("evidence"), dict) else {}
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
            cards = listed if isinstance(listed := proposed.get("cards"), list) else []
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
            sets = listed if isinstance(listed := proposed.get("sets"), list) else []
            # By face and handle: a proposal lists its codes sorted, and code order gives values away.
            kept_sets = [[self.handle_of[c] for c in sorted([c for c in s if isinstance(c, str) and c in own], key=self.face_order)]
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

    def private(self, player: str) -> dict:
        """Return one player's own view: their cards with the values on the backs."""
        state = self.session.state
        seat = state.seat(player)
        spread = state.spreads[seat]
        double = is_double_bux(state)
        cards = [self._own(c) for c in sorted(spread, key=lambda c: (SUITS.index(SUIT[c]), SHAPES.index(SHAPE[c]), VALUE[c]))]
        sets = [{"cards": [self._own(c) for c in s], "payout": set_payout(s, double=double)}
                for s in sellable_sets(spread)]
        best = best_partition(spread, double=double) if spread else None
        return {
            "player": player,
            "chips": state.chips[seat],
            "cards": cards,
            "sets": sorted(sets, key=lambda s: -s["payout"]),
            "best_all": best.payout if best else None,
            "turn": turn(state) == player,
            "double_bux": double,
        }

    def _own(self, code: str) -> dict:
        """Return one of the viewer's own cards: face, the tag printed beside it on shared screens, and its value.

        No handle: the private page pairs values with tags for its holder's
        eyes, and needs nothing that could be posted back as that card.
        """
        return {"suit": SUIT[code], "shape": SHAPE[code], "tag": card_tag(self.handle_of[code]), "value": VALUE[code]}

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
            "spread": self.faces(state.spreads[seat]) if actions.player else [],
            "sell_sets": self.handle_sets(actions.sellable_sets),
            "swap_give": self.faces(state.spreads[seat]) if actions.swaps else [],
            "swap_take": [{"from": other, "cards": self.faces(cards)} for other, cards in swaps_take.items()],
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
