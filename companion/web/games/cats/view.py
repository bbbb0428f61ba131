"""What the cat auction looks like on screens: the shared table view, one player's phone view, entries.

Hands and the lot are secret. The shared view is built from the engine's
public summary (hand sizes, lot size, the bids lying face up in the middle)
and a history that never names a penalty, a drawn card, a dealt hand or a
revealed lot. A phone view adds that player's own hand, nobody else's.
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

from companion.errors import CompanionError
from companion.games.cats import hints, rules
from companion.games.cats.copies import LABELS, count_labels, is_number_label, label_of, pick
from companion.games.cats.record import state_to_json, view_for
from companion.games.cats.state import DECK, KIND, VALUE, CatsState
from companion.store.events import UNDO
from companion.store.session import GameSession
from companion.web.common import undo_final

HISTORY = 10
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
    if code in VALUE:
        return str(VALUE[code])
    if code in KIND:
        return "«" + _(KINDS[KIND[code]]["title"]["en"]) + "»"
    return "?"


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
        kind = line.get("type")
        player = str(line.get("player", ""))
        if kind == "setup":
            if line.get("hands"):
                return _("The cards were dealt; %(first)s moves first.", first=line.get("first", "?"))
            return _("The cards were dealt face down; %(first)s moves first.", first=line.get("first", "?"))
        if kind == "deal":
            return _("%(player)s entered their hand.", player=player)
        if kind == "lot":
            return _("A lot was laid face down.")
        if kind == "bid":
            cards = [c for c in line.get("cards", []) if c in VALUE]
            total = sum(VALUE[c] for c in cards)
            if len(cards) == 1:
                return _("%(player)s bid %(total)s.", player=player, total=total)
            return _("%(player)s bid %(total)s (%(cards)s).", player=player, total=total, cards=" + ".join(str(VALUE[c]) for c in cards))
        if kind == "play":
            card = line.get("card", "")
            text = _("%(player)s played %(card)s.", player=player, card=card_text(card))
            turned = line.get("turned")
            if KIND.get(card) == "random" and turned in VALUE:
                text += " " + _("The Bank card turned up: %(value)s.", value=VALUE[turned])
            return text
        if kind == "pass":
            return _("%(player)s passed and paid a penalty card into the lot.", player=player)
        if kind == "draw":
            count = len(line.get("cards", []))
            return ngettext("%(player)s drew %(num)d card from the Bank.", "%(player)s drew %(num)d cards from the Bank.",
                            count, player=player)
        if kind == "reveal":
            return _("%(player)s named the cards of the lot they won.", player=player)
        return _("Unknown move.")

    def gone_out(self, before: CatsState | None, after: CatsState) -> list[str]:
        """Return a sentence for each player this move put out of the game (their turn came with an empty hand)."""
        if before is None:
            return []
        return [_("Player %(player)s is out of the game.", player=after.players[seat]) for seat in sorted(after.out - before.out)]

    def round_end(self, before: CatsState | None, after: CatsState) -> str | None:
        """Return how a round ended with this move, if it did (the game's end is said elsewhere)."""
        if before is None or before.phase != "bidding" or after.phase == "over":
            return None
        if after.phase == "bidding" and after.round_no == before.round_no:
            return None
        if after.last_round == "no winner":
            return _("Nobody won the round: the lot went face down to the discard pile.")
        winner = (after.last_round or "").removeprefix("won by ")
        return _("Player %(player)s won the round and takes the lot and the penalty cards into their hand.", player=winner)

    # --- views ---------------------------------------------------------------

    def _common(self, state: CatsState) -> dict:
        summary = state_to_json(state)
        over = summary["over"]
        summary["middle"] = [{"label": label_of(c), "name": card_text(c)} for c in state.middle]
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
        history: list[str] = []
        for line, before, after in steps[1:]:
            history.append(self.describe(line, before, after))
            end = self.round_end(before, after)
            if end:
                history.append(end)
            history.extend(self.gone_out(before, after))
        summary["history"] = list(reversed(history[-HISTORY:]))
        summary["history_total"] = len(history)  # so the newest entry is numbered by its place, not "1."
        summary["undo_count"] = len(self.session.events_of(UNDO))
        summary["undo_final"] = undo_final(self.session)
        summary["labels"] = [{"label": x, "name": label_name(x), "number": is_number_label(x)} for x in LABELS]
        summary["lot_phase"] = state.phase == "lot"
        return summary

    def private(self, player: str) -> dict:
        """Return one player's phone view: the shared data plus their own hand and what they may do now."""
        state = self.session.state
        mine = view_for(state, player)
        summary = self.public()
        seat = state.seat(player)
        hand = state.hands[seat]
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
        summary["prize_pool"] = sorted({KIND[c] for c in state.prize}, key=LABELS.index)
        summary["bank_pool"] = sorted({str(VALUE[c]) for c in state.bank}, key=LABELS.index)
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
            return {"type": "deal", "player": who, "cards": list(self._pick(state.bank | state.prize, cards, _("The decks do not hold these cards.")))}
        if kind == "draw":
            return {"type": "draw", "player": who, "cards": list(self._pick(state.bank, cards, _("The Bank does not hold these cards.")))}
        if kind == "reveal":
            return {"type": "reveal", "player": who, "cards": list(self._pick(state.prize, cards, _("These cards cannot be in the lot: they are elsewhere on the table.")))}
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
            line["turned"] = self._pick(state.bank, [turned], _("The Bank does not hold this card."))[0]
        return line

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
        for key in ("topic", "reading", "why"):
            yield reading[key], "cats deck reading"
