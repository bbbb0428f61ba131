"""What the cat auction looks like on screens: the shared table view, one player's phone view, entries.

Hands and the lot are secret. The shared view is built from the engine's
GAME.view_for(state, SHARED) (hand sizes, lot size, the bids lying face up in
the middle) and a history that never names a penalty, a drawn card, a dealt
hand or a revealed lot. A phone view adds that player's own hand from
GAME.view_for(state, player), nobody else's.
Entries name cards by label ("1000", "zero"); copies.pick() turns labels
into codes from the right place. Reads state only; the engine judges moves
through GameSession. Every text goes through flask-babel; card and rule
texts from the deck file are in the catalog too (extract_deck).
"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import ngettext

from companion.errors import REFUSALS, CompanionError
from companion.games.cats import hints, history, rules
from companion.games.cats.copies import LABELS, count_labels, is_number_label, label_of, pick
from companion.games.base import SHARED
from companion.games.cats.state import ALL_CARDS, DECK, KIND, VALUE, CatsState
from companion.games.history import Say
from companion.store.events import UNDO
from companion.store.session import GameSession
from companion.web.common import undo_final

HISTORY = 10
SAY = Say(_, ngettext)
"""The game's history wording (companion/games/cats/history.py) in this request's language."""
KINDS: dict[str, dict] = DECK.data["kinds"]
_CODE = re.compile(r"\b(?:bank-\d+-\d\d|cat-[a-z-]+-\d)\b")
_QUOTED_CODE = re.compile(r"'(" + _CODE.pattern + r")'")
_CODE_ASIDE = re.compile(r" ?\(" + _QUOTED_CODE.pattern + r"\)")
"""A code repeated in brackets after the card's name (the engine's "«Обнули ставку» ('cat-zero-1')")."""
PUBLIC_TYPES = ("lot",)
"""What the shared tablet may enter: the lot laid face down, the one fact that names no card of a hand.

A bid or a cat card lies face up once played, but whether the hand held it is
hidden: judged on the tablet, a refusal would tell whoever holds the tablet
what is (not) in someone's hand. So the player enters it on their own phone."""
PRIVATE_TYPES = ("deal", "bid", "play", "pass", "draw", "reveal")
"""What a player enters on their own phone, for themselves only."""
POOL_RULES = frozenset({"deal.card_taken", "draw.not_in_bank", "reveal.card_seen", "play.turned_not_in_deck"})
"""The engine's refusals that look a card up in a place nobody sees (the Bank, the unnamed Prize pool).

Each is the last check of its move, after every refusal a player could
foresee (turn, phase, how many cards): see CatsView._judged_by_what_they_see.
"""


def unseen_by(state: CatsState, player: str) -> frozenset[str]:
    """Return the cards `player` cannot see: every card of the deck but their own hand and the face-up middle.

    A function of that player's own view only. Where the rest lie (the Bank,
    the Prize pool, other hands, face down in the lot) is hidden from them,
    so whatever they may enter is judged against this first.
    """
    return ALL_CARDS - state.hands[state.seat(player)] - frozenset(state.middle)


def lang() -> str:
    """Return this request's language code ("en" or "ru")."""
    return str(get_locale() or "en")


def label_name(label: str) -> str:
    """Return how a label is shown: a number's value, or the cat kind's title in this request's language."""
    if label in KINDS:
        return _(KINDS[label]["title"]["en"])
    return label


def card_text(code: str) -> str:
    """Return a card code as players name it (value or «title»), translated."""
    return history.card_text(code, SAY)


class EntryError(CompanionError):
    """An entry the page cannot even turn into a record line (the message is already translated)."""


class CatsView:
    """Views of one stored cat auction for one request."""

    def __init__(self, session: GameSession, key: bytes):
        self.session = session
        self.key = key

    def sanitise(self, text: str) -> str:
        """Return text with every card code named as players name it (value or «title»), in this request's language."""
        text = _CODE_ASIDE.sub("", str(text))  # a name already said, then its code in brackets: drop the code
        text = _QUOTED_CODE.sub(lambda m: card_text(m.group(1)), text)
        return _CODE.sub(lambda m: card_text(m.group(0)), text)

    # --- history ------------------------------------------------------------

    def steps(self) -> list[tuple[dict, CatsState | None, CatsState]]:
        """Return (record line, state before, state after) for every move in effect, setup first."""
        return self.session.steps()

    def describe(self, line: dict, before: CatsState | None = None, after: CatsState | None = None) -> str:
        """Return one move in words for a shared screen: what everyone at the table saw, nothing hidden."""
        return history.describe(line, before, after, SAY)

    def gone_out(self, before: CatsState | None, after: CatsState) -> list[str]:
        """Return a sentence for each player this move put out of the game (their turn came with an empty hand)."""
        return history.gone_out(before, after, SAY)

    def round_end(self, before: CatsState | None, after: CatsState) -> str | None:
        """Return how a round ended with this move, if it did (the game's end is said elsewhere)."""
        return history.round_end(before, after, SAY)

    # --- views ---------------------------------------------------------------

    def _common(self, state: CatsState) -> dict:
        summary = self.session.game.view_for(state, SHARED)
        over = summary["over"]
        summary["middle"] = [{"label": label_of(c), "name": card_text(c)} for c in summary["middle"]]
        summary["stake_name"] = _(hints.STAKE_STATES[summary["stake_state"]]["en"])
        summary["players"] = [
            {"name": name, "cards": info["cards"], "out": info["out"], "passed": info["passed"],
             "turn": name == summary["turn"], "holder": name == summary["holder"],
             "winner": name in summary["winners"], **({"hand": [card_text(c) for c in sorted(info["hand"])]} if over else {})}
            for name, info in summary["players"].items()
        ]
        summary["phase_text"] = self.phase_text(state, summary)
        return summary

    def phase_text(self, state: CatsState, summary: dict, you: str | None = None) -> str:
        """Return one sentence saying what the table waits for; on `you`'s own phone, said to them when it is their turn."""
        phase = state.phase
        if you is not None and summary["turn"] == you:
            mine = self._your_phase(state, summary)
            if mine:
                return mine
        if phase == "deal":
            waiting = summary.get("waiting_for_hands", [])
            return ngettext("Waiting for player %(names)s to enter their dealt hand on their phone.",
                            "Waiting for players %(names)s to enter their dealt hands on their phones.",
                            len(waiting), names=", ".join(waiting))
        if phase == "lot":
            return _("Lay the top card of the Prize deck face down as the lot.")
        if phase == "reveal":
            return _("Player %(player)s won the lot and enters its cards on their phone.", player=summary["turn"])
        if phase == "drawing":
            return ngettext("%(player)s draws %(num)d card from the Bank deck and enters it on their phone.",
                            "%(player)s draws %(num)d cards from the Bank deck and enters them on their phone.",
                            summary["draw_count"], player=summary["turn"])
        if phase == "over":
            return ngettext("Game over. Winner: %(winners)s.", "Game over. Winners: %(winners)s.",
                            len(summary["winners"]), winners=", ".join(summary["winners"]))
        # Say only what the stake allows: number cards open a zero stake; nothing numeric beats a golden one.
        player = summary["turn"]
        if summary["stake_state"] == "zero":
            options = _("%(player)s to move: bid number cards or pass.", player=player)
        elif summary["stake_state"] == "golden":
            options = _("%(player)s to move: play a cat card or pass.", player=player)
        else:
            options = _("%(player)s to move: bid, play a cat card or pass.", player=player)
        if state.decisive:
            return _("Decisive round (no lot).") + " " + options
        return options

    def _your_phase(self, state: CatsState, summary: dict) -> str | None:
        if state.phase == "reveal":
            return _("You won the round: take the lot and enter its cards below.")
        if state.phase == "drawing":
            return ngettext("Draw %(num)d card from the Bank deck and enter it below.",
                            "Draw %(num)d cards from the Bank deck and enter them below.", summary["draw_count"])
        if state.phase != "bidding":
            return None
        if summary["stake_state"] == "zero":
            options = _("Your turn: bid number cards or pass.")
        elif summary["stake_state"] == "golden":
            options = _("Your turn: play a cat card or pass.")
        else:
            options = _("Your turn: bid, play a cat card or pass.")
        return _("Decisive round (no lot).") + " " + options if state.decisive else options

    def public(self) -> dict:
        """Return the shared screens' data: sizes, stake, the face-up middle, a history naming no hidden card."""
        steps = self.steps()
        state = steps[-1][2]
        summary = self._common(state)
        said: list[str] = []
        for line, before, after in steps[1:]:
            said.extend(history.narrate(line, before, after, SAY))
        summary["history"] = list(reversed(said[-HISTORY:]))
        summary["history_total"] = len(said)  # so the newest entry is numbered by its place, not "1."
        summary["undo_count"] = len(self.session.events_of(UNDO))
        summary["undo_final"] = undo_final(self.session)
        summary["labels"] = [{"label": x, "name": label_name(x), "number": is_number_label(x)} for x in LABELS]
        summary["lot_phase"] = state.phase == "lot"
        return summary

    def private(self, player: str) -> dict:
        """Return one player's phone view: the shared data plus their own hand and what they may do now."""
        state = self.session.state
        mine = self.session.game.view_for(state, player)
        summary = self.public()
        seat = state.seat(player)
        hand = mine["hand"]
        summary["you"] = player
        summary["phase_text"] = self.phase_text(state, summary, you=player)
        summary["hand"] = [{"label": label, "name": label_name(label), "count": n, "number": is_number_label(label)}
                           for label, n in count_labels(hand).items()]
        summary["hand_total"] = sum(VALUE[c] for c in hand if c in VALUE)
        may = dict(mine.get("may", {}))
        if "play" in may:
            may["play"] = sorted({label_of(c) for c in may["play"]}, key=LABELS.index)
        summary["may"] = may
        if "lot" in mine:
            summary["peek"] = [card_text(c) for c in mine["lot"]]
        summary["peeked_hidden"] = seat in state.peeked and state.lot_hidden > 0
        # What the pickers offer: labels that may still lie in the Bank or the Prize pool as far as this
        # player can tell (not what really lies there, which would read other hands off this screen).
        unseen = unseen_by(state, player)
        summary["prize_pool"] = sorted({KIND[c] for c in unseen if c in KIND}, key=LABELS.index)
        summary["bank_pool"] = sorted({str(VALUE[c]) for c in unseen if c in VALUE}, key=LABELS.index)
        summary["players_count"] = len(state.players)
        return summary

    # --- entries ---------------------------------------------------------------

    def line_from_entry(self, entry: dict, player: str | None) -> dict:
        """Return the record line for an entry that names cards by label (or by code, as the camera reads them).

        `player` is the phone's owner (None for the shared tablet). Raises
        EntryError when the entry cannot be a move at all; the engine judges the rest.
        """
        state = self.session.state
        kind = entry.get("type")
        allowed = PRIVATE_TYPES if player is not None else PUBLIC_TYPES
        if kind not in allowed:
            if player is None and kind in PRIVATE_TYPES:
                raise EntryError(_("The tablet enters only the lot. Each player enters their own bids, cat cards and passes on their phone."))
            raise EntryError(_("This entry cannot be made here."))
        if kind == "lot":
            return {"type": "lot"}
        who = player if player is not None else entry.get("player")
        if not isinstance(who, str) or who not in state.players:
            raise EntryError(_("Choose a player."))
        seat = state.seat(who)
        hand = state.hands[seat]
        cards = entry.get("cards", [])
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise EntryError(_("Pick the cards."))
        if kind == "deal":
            return self._judged_by_what_they_see(state, who, cards, state.bank | state.prize, _("The decks do not hold these cards."),
                                                 lambda codes: {"type": "deal", "player": who, "cards": list(codes)})
        if kind == "draw":
            return self._judged_by_what_they_see(state, who, cards, state.bank, _("The Bank does not hold these cards."),
                                                 lambda codes: {"type": "draw", "player": who, "cards": list(codes)})
        if kind == "reveal":
            return self._judged_by_what_they_see(
                state, who, cards, state.prize, _("These cards cannot be in the lot: they are elsewhere on the table."),
                lambda codes: {"type": "reveal", "player": who, "cards": list(codes)})
        mismatch = _("You do not hold these cards.")  # only the hand's own phone gets here
        if kind == "bid":
            return {"type": "bid", "player": who, "cards": list(self._pick(hand, cards, mismatch))}
        card = entry.get("card")
        if not isinstance(card, str):
            raise EntryError(_("Pick the card."))
        if kind == "pass":
            return {"type": "pass", "player": who, "penalty": self._pick(hand, [card], mismatch)[0]}
        line: dict[str, Any] = {"type": "play", "player": who, "card": self._pick(hand, [card], mismatch)[0]}
        turned = entry.get("turned")
        if isinstance(turned, str) and turned:
            if label_of(line["card"]) != "random":
                raise EntryError(_("Only a Random stake turns up a card face up."))
            return self._judged_by_what_they_see(state, who, [turned], state.bank, _("The Bank does not hold this card."),
                                                 lambda codes: {**line, "turned": codes[0]})
        return line

    def _judged_by_what_they_see(self, state: CatsState, who: str, cards: list[str], pool, refusal: str, build) -> dict:
        """Return the line for cards named from a hidden place (`pool`), judged first by what `who` can see.

        A player may name cards the Bank or the Prize pool no longer holds
        because someone else holds them: answering that would read other
        hands and the face-down lot off the refusals. So the line is first
        built from cards `who` cannot see (`unseen_by`) and put to the engine:
        any refusal a player could foresee (not their turn, nothing to draw
        now, too many cards) is the answer, and the line stored with it is the
        same whatever lies where. Only an entry the rules allow gets looked up
        in `pool`; if it lacks the cards the answer is `refusal`, the one
        sentence for every hidden reason. `build(codes)` makes the line.
        """
        public = pick(unseen_by(state, who), cards) or pick(ALL_CARDS, cards)
        if public is None:
            raise EntryError(refusal)  # more copies than the deck has: nothing hidden in that
        line = build(public)
        try:
            self.session.game.apply(state, self.session.game.move_from_json(line))
        except REFUSALS as error:
            if getattr(error, "rule", None) not in POOL_RULES:
                return line  # refused by what the player can see: the engine says so, and keeps this line
        real = pick(pool, cards)
        if real is None:
            raise EntryError(refusal)
        return build(real)

    @staticmethod
    def _pick(source, cards: list[str], message: str) -> tuple[str, ...]:
        chosen = pick(source, cards)
        if chosen is None:
            raise EntryError(message)
        return chosen


def extract_deck(data: dict):
    """Yield (text, comment) for cats.deck.json's page texts: card titles and effects, hint-table words, house readings.

    Called by the shared deck extractor (companion/web/i18n.py). Their Russian comes from the
    same file (this package's ru_source.py reads it), so the catalog stays the one mechanism
    the pages use at run time.
    """
    for info in data["kinds"].values():
        yield info["title"]["en"], "cats deck: kind"
        yield info["effect"]["en"], "cats deck: effect"
    for table in ("conditions", "stake_states"):
        for text in data[table].values():
            yield text["en"], "cats deck: " + table
    for reading in data["readings"]:
        for key in ("topic", "reading", "why", "sheet_en", "alternative"):
            yield reading[key], "cats deck reading"
