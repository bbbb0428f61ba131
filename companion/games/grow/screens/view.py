"""What Grow Your Assets looks like on the tablet and the phones: scoreboard, a player's view, entry choices.

Grow's cards are all face up, so card codes may be shown; what must stay
hidden is (1) every sealed bid until all are in (the state holds no bid
before the reveal; only *who* has bid comes from SealedBidBox) and (2) the
cards removed unseen in a two-player game (only their number is shown, and
the draw picker lists them with the deck so their absence tells nothing).
The scoreboard and the phones render GAME.view_for(state, viewer), which
holds that redaction. Reads state only; moves are judged by the engine through GameSession.
"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from companion.games.base import SHARED
from companion.games.grow import checks, history, rules
from companion.games.grow.moves import Act
from companion.games.grow.record import move_to_json
from companion.games.grow.state import (
    ACT,
    ALL_CARDS,
    BID,
    COLOUR,
    COLOURS,
    DECK,
    DRAW,
    OVER,
    PICK,
    ROLL,
    STACKED_COLOURS,
    TIEBREAK,
    GrowState,
    held_cards,
    phase,
    pick_order,
    tied_players,
    to_move,
)
from companion.games.history import Say
from companion.store.events import UNDO
from companion.store.session import GameSession
from companion.web.common import undo_final
from companion.games.grow.screens.bids import SealedBidBox

COLOUR_NAME = {"green": _l("green"), "red": _l("red"), "blue": _l("blue"), "gold": _l("gold")}
CHECK_NAME = {checks.WARNING: _l("warning icon"), checks.RED: _l("red warning icon")}
HISTORY = 10
SAY = Say(_, ngettext)
"""The game's history wording (companion/games/grow/history.py) in this request's language."""


def card_label(code: str) -> str:
    """Return what a card shows big: its number, "+2" or "×3" for gold."""
    return history.card_label(code)


def card_text(code: str) -> str:
    """Return a card in words in this request's language, e.g. 'red 3' or 'gold ×2'."""
    return history.card_text(code, SAY)


def action_text(code: str) -> str | None:
    """Return the card's optional action in words, or None."""
    action = DECK.card(code).get("action")
    if not action:
        return None
    colour = COLOUR_NAME[action["colour"]]
    if action["kind"] == "steal":
        return _("may take a %(colour)s card from another player", colour=colour)
    return _("may move one of your %(colour)s cards to another stack", colour=colour)


def card_info(code: str) -> dict:
    """Return one card for the page: code, colour, big label, warning icons and action."""
    card = DECK.card(code)
    return {"code": code, "colour": COLOUR[code], "label": card_label(code),
            "warnings": card.get("warnings", 0), "red_warnings": card.get("red_warnings", 0),
            "action": action_text(code)}


def roll_text(colour: str, check: str, dice: tuple[int, int], gone: bool = False) -> str:
    """Return the consequence of one warning roll in words (the page shows it under the dice)."""
    return history.roll_text(colour, check, dice, SAY, gone)


_CODE = re.compile(r"\b(?:green|red|blue|gold)-\d\d\b")


class GrowView:
    """Views of one stored Grow Your Assets game for one request."""

    def __init__(self, session: GameSession, key: bytes):
        self.session = session
        self.key = key
        self.bids = SealedBidBox(session)

    def sanitise(self, text: str) -> str:
        """Return text with every card code named by its printed face ("green 3"): Grow's cards all lie face up."""
        return _CODE.sub(lambda m: card_text(m.group(0)) if m.group(0) in ALL_CARDS else m.group(0), str(text))

    # --- history ------------------------------------------------------------

    def steps(self) -> list[tuple[dict, GrowState | None, GrowState]]:
        """Return (record line with its evidence, state before, state after) for every move in effect, setup first."""
        return self.session.steps(with_evidence=True)

    def describe(self, line: dict, before: GrowState | None, after: GrowState) -> str:
        """Return one move in words, in this request's language (the game's own wording: history.describe)."""
        return history.describe(line, before, after, SAY)

    # --- status -------------------------------------------------------------

    def status(self, state: GrowState) -> str:
        """Return what the table waits for, in words (never a bid amount)."""
        now = phase(state)
        who = to_move(state)
        if now == DRAW:
            return _("Turn %(n)s cards face up for the next round.", n=len(state.players))
        if now == BID:
            waiting = self.bids.waiting()
            if not waiting:
                return _("All bids are in.")
            prefix = _("Tie for the highest bid: everyone bids again.") + " " if state.rebid else ""
            return prefix + _("Sealed bids: waiting for %(names)s.", names=", ".join(waiting))
        if now == TIEBREAK:
            return _("Tied bids: %(names)s roll the dice; the higher total picks first.", names=", ".join(tied_players(state)))
        if now == PICK:
            return _("%(player)s picks a card.", player=who)
        if now == ROLL and state.pending is not None:  # the roll phase resolves a picked card
            return _("%(player)s rolls for %(card)s.", player=who, card=card_text(state.pending.card))
        if now == ACT:
            return _("%(player)s may take the card's action.", player=who)
        return _("Game over.")

    def pending_info(self, state: GrowState) -> dict | None:
        """Return the card being resolved: card, next check, how many rolls are left."""
        pending = state.pending
        if pending is None:
            return None
        # A house rule may change the rolls (gold red warnings; rolls after the card is gone): never fewer than are left.
        total = max(len(checks.checks_for(pending.card, rules.plays(state, rules.GOLD_RED_WARNINGS, "stack"))), len(pending.checks))
        done = total - len(pending.checks)
        info = {"player": pending.player, "card": card_info(pending.card), "rolls_left": len(pending.checks),
                "roll_no": done + 1, "rolls": total, "check": pending.checks[0] if pending.checks else None,
                "check_text": str(CHECK_NAME[pending.checks[0]]) if pending.checks else None}
        return info

    # --- views ---------------------------------------------------------------

    def _player(self, state: GrowState, seat: int, submitted: set[str], result) -> dict:
        name, tokens, held = state.players[seat], state.tokens[seat], state.holdings[seat]
        settled = bool(state.bids) and bool(pick_order(state))
        order = pick_order(state)
        return {
            "name": name,
            "seat": seat + 1,
            "tokens": {"blue": tokens.blue, "black": tokens.black, "worth": tokens.worth},
            "green": [card_info(c) for c in held.green],
            "gold": [card_info(c) for c in held.gold],
            "red": [[card_info(c) for c in s] for s in held.red],
            "blue": [[card_info(c) for c in s] for s in held.blue],
            "score": rules.scores(state)[name],
            "bid_in": (name in submitted) if phase(state) == BID else None,
            "bid": state.bids.get(name) if state.bids else None,
            "pays": rules.payment(state, name) if settled else None,
            "place": order.index(name) + 1 if name in order else None,
            "to_move": to_move(state) == name,
            "winner": bool(result and name in result.winners),
        }

    def public(self) -> dict:
        """Return the scoreboard's data: GAME.view_for(state, SHARED) presented, with the history, bids and last roll."""
        steps = self.steps()
        state = steps[-1][2]
        view = self.session.game.view_for(state, SHARED)
        result = rules.outcome(state)
        submitted = set(self.bids.submitted())
        every = [self.describe(line, before, after) for line, before, after in steps[1:]]
        history = every[-HISTORY:]
        last_roll = None
        for line, before, after in reversed(steps[1:]):
            if line["type"] == "roll" and before is not None and before.pending is not None:
                card, check, dice = before.pending.card, before.pending.checks[0], tuple(line["dice"])
                last_roll = {"player": line["player"], "card": card_info(card), "dice": list(dice),
                             "check_text": str(CHECK_NAME[check]), "result": checks.consequence(COLOUR[card], check, dice),
                             "text": roll_text(COLOUR[card], check, dice, before.pending.gone), "physical": bool((line.get("evidence") or {}).get("physical")),
                             # the companion's dice event for this roll; None for a roll from an imported record
                             "number": (line.get("evidence") or {}).get("dice")}
                break
            if line["type"] in ("draw", "reveal_bids"):
                break
        first_tie = None
        if phase(state) == BID and state.rebid:
            first_tie = next((line["bids"] for line, _b, _a in reversed(steps) if line["type"] == "reveal_bids"), None)
        return {
            "game": "grow",
            "phase": view["phase"],
            "status": self.status(state),
            "round": view["round"],
            "deck_size": view["deck_size"],
            "removed_count": view["removed_count"],
            "row": [card_info(c) for c in view["row"]],
            "players": [self._player(state, seat, submitted, result) for seat in range(len(state.players))],
            "bids": {"open": phase(state) == BID, "submitted": [p for p in state.players if p in submitted],
                     "waiting": list(self.bids.waiting()), "rebid": state.rebid, "first_tie": first_tie},
            "order": view["order"],
            "tied": view["tied"],
            "pending": self.pending_info(state),
            "last_roll": last_roll,
            "discard": [card_info(c) for c in view["discard"]],
            "bank": view["bank"],
            "over": view["over"],
            "winners": view["winners"],
            "history": list(reversed(history)),
            "history_total": len(every),  # so the newest entry is numbered by its place, not "1."
            "undo_count": len(self.session.events_of(UNDO)),
            "undo_final": undo_final(self.session),
        }

    def private(self, player: str) -> dict:
        """Return one player's phone view from GAME.view_for(state, player): their tokens and whether their bid is sealed (never an amount)."""
        view = self.session.game.view_for(self.session.state, player)
        return {
            "player": player,
            "tokens": dict(view["players"][player]["tokens"]),
            "bidding": view["phase"] == BID,
            "sealed": player in self.bids.submitted(),
            "rebid": view["rebid"],
            "round": view["round"],
        }

    def options(self) -> dict:
        """Return the entry choices for what the game waits for (token holders only)."""
        state = self.session.state
        now = phase(state)
        body: dict[str, Any] = {"phase": now, "player": to_move(state),
                                "break": [p for p, t in zip(state.players, state.tokens) if t.blue] if now != OVER else []}
        if now == DRAW:
            # The deck and the removed cards together: listing the deck alone would tell which were removed.
            unseen = ALL_CARDS - frozenset(state.row) - held_cards(state) - frozenset(state.discard)
            body["count"] = len(state.players)
            body["deck"] = [{"colour": colour, "cards": [card_info(c) for c in sorted(unseen) if COLOUR[c] == colour]}
                            for colour in COLOURS]
        elif now == PICK:
            body["picks"] = self._pick_choices(state)
        elif now == ACT:
            body["acts"] = [{"line": move_to_json(a), "text": self._act_text(state, a)} for a in rules.legal_acts(state)]
        elif now == TIEBREAK:
            body["tied"] = list(tied_players(state))
        elif now == ROLL:
            body["pending"] = self.pending_info(state)
        return body

    def _stack_label(self, stack: tuple[str, ...] | None) -> str:
        if stack is None:
            return _("new stack")
        return _("stack of %(cards)s", cards=" + ".join(card_label(c) for c in stack))

    def _pick_choices(self, state: GrowState) -> list[dict]:
        player = to_move(state)
        if player is None:  # only the pick phase offers choices
            return []
        held = state.holdings[state.seat(player)]
        out = []
        for code in state.row:
            targets = []
            for pick in (p for p in rules.legal_picks(state) if p.card == code):
                stack = None if pick.stack is None else next(s for s in held.stacks(COLOUR[code]) if pick.stack in s)
                targets.append({"line": move_to_json(pick), "text": self._stack_label(stack) if COLOUR[code] in STACKED_COLOURS else ""})
            out.append({"card": card_info(code), "targets": targets})
        return out

    def _act_text(self, state: GrowState, act: Act) -> str:
        mine = state.holdings[state.seat(act.player)]
        colour = COLOUR[act.card]
        where = ""
        if colour in STACKED_COLOURS:
            stack = None if act.stack is None else next(s for s in mine.stacks(colour) if act.stack in s)
            where = " → " + self._stack_label(stack)
        if act.from_ == act.player:
            return _("Move %(card)s", card=card_text(act.card)) + where
        return _("Take %(card)s from %(other)s", card=card_text(act.card), other=act.from_) + where

