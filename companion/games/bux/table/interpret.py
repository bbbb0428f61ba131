"""BUX table interpreter: what the camera saw + what players typed -> proposed moves.

The only place where table facts (cards in zones, from companion.tracker) meet
the game (companion.games.bux). It never applies a move: it proposes record
lines, and the caller submits them to the engine, which stays the one judge.
Whatever the camera sees that the game cannot explain becomes a "needs
attention" item naming the cards and players; nothing is applied or dropped
silently.

How a BUX table is read (the physical conventions the companion expects):
- Draw: the player to move turns cards over one at a time into the bid area.
  Their order is the order they first appear there. A timer card turned up is
  set aside in the timer area (or left in the bid area: either counts).
- Purchase: the three cards leave the bid area for the winner's spread; the
  winner is pre-filled from where they went, the price is typed on the tablet.
  All passed: the cards go to the discard pile.
- Sale: cards leave the seller's spread for the discard pile; the grouping into
  sets is inferred (best_partition) and proposed for a one-tap confirm. The
  pile hides all but its top card, so the seller's cards the camera no longer
  sees are taken as sold under it. When those unseen cards could make more than
  one legal sale (some may just be unread in the spread), their absence counts
  only once it has outlasted the camera's recent lapses in that spread (a card
  lost, then found where it was); if those lapses lasted longer than the grace
  period, the sale is asked for, not proposed: the evidence cannot tell the two
  sales apart. A sale waits, too, while any of the seller's cards is unread.
- Swap: one card each way between the mover's spread and another spread.
- Broke and keep are typed on the tablet.

Pure bookkeeping over its own memory of the table; no I/O, no clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from types import MappingProxyType
from typing import Iterable, Mapping, Sequence, Union

from companion.games.bux.scoring import best_partition
from companion.games.bux.state import DECKS_PER_GAME, PLAYING_CARDS, TIMER_CARDS, BuxState, draw_deck, ends_deck, is_double_bux, rule, turn
from companion.games.bux.table.messages import english, say
from companion.table.outputs import Attention, Cleared, Output, Proposal
from companion.tracker.fusion import Appeared, Moved, TableSnapshot, Vanished

BID_AREA = "bid_area"
DISCARD = "discard"
TIMER_AREA = "timer_area"
DRAW_ZONES = (BID_AREA, TIMER_AREA)
_TIMERS = frozenset(TIMER_CARDS)
_PLAYING = frozenset(PLAYING_CARDS)
MAX_UNSURE = 9
"""More unseen cards than this behind a sale are not searched for a smaller legal sale: too unsure."""


@dataclass
class _Seen:
    zone: str | None
    since: float
    visible: bool = True
    gone_at: float | None = None
    """When the card went out of sight (None while it is seen)."""


class BuxInterpreter:
    """Keeps the camera's view of the table and turns its changes into BUX moves.

    Feed it the tracker's output with `observe(items, state)` and the tablet's
    bid entries with `enter_bid(...)`; both return Proposals (submit them, or
    offer them for confirmation), Attention items and Cleared items.
    """

    def __init__(self, seats: Mapping[str, str], *, grace_s: float = 4.0, trust_s: float = 60.0):
        self.seats = dict(seats)
        self.player_at = {zone: player for player, zone in seats.items()}
        self.grace_s = grace_s
        """How long a mismatch between table and game must last before it is raised."""
        self.trust_s = trust_s
        """How far back the camera's lapses in a spread (a card lost, then found where it was) count
        against the absence of a card there, when that absence decides between two legal sales."""
        self._lapses: dict[str, list[tuple[float, float]]] = {}
        """Seat zone -> (when a lost card was found there again, how long it had been gone)."""
        self._seen: dict[str, _Seen] = {}
        self._turned: list[str] = []
        """Cards turned over for the current draw, in the order they first showed in the bid or timer area."""
        self._gathering: set[str] = set()
        self._bid: dict | None = None
        self._open: dict[str, Attention] = {}
        self._noticed: dict[str, float] = {}
        self._proposed: set[str] = set()
        self._asked: dict[str, Attention] = {}
        """Moves asked for in this game state: they stay open while the evidence is still settling."""
        self._state: BuxState | None = None
        self._time = 0.0
        self._unread: frozenset[str] = frozenset()
        """Cards the tracker still places but did not read lately: they may yet vanish."""

    # --- input ----------------------------------------------------------------

    def observe(self, items: Iterable[Union[Appeared, Moved, Vanished, TableSnapshot]], state: BuxState) -> list[Output]:
        """Take the tracker's changes and snapshots; return what they imply for the game in `state`.

        Proposals are only made at settled snapshots, when hands are off the table.
        """
        self._follow(state)
        out: list[Output] = []
        for item in items:
            if isinstance(item, (Appeared, Moved)):
                self._time = item.time
                self._note_lapse(item.code, item.zone, item.time)
                self._seen[item.code] = _Seen(zone=item.zone, since=item.time)
                if item.zone in DRAW_ZONES:
                    self._turn_over(item.code, item.time)
            elif isinstance(item, Vanished):
                self._time = item.time
                seen = self._seen.get(item.code)
                if seen is not None:
                    seen.visible, seen.gone_at = False, item.time
                self._gathering.discard(item.code)
            elif isinstance(item, TableSnapshot):
                self._time = item.time
                self._sync(item)
                if item.settled:
                    out.extend(self._interpret(state))
        return out

    def enter_bid(self, state: BuxState, *, winner: str | None = None, price: int | None = None,
                  all_passed: bool = False, keep: bool = False) -> list[Output]:
        """Take the tablet's settlement of the draw in progress; return the draw when it is complete.

        The winner may be left out: the camera pre-fills it from the spread the cards went to.
        """
        self._follow(state)
        self._bid = {"winner": winner, "price": price, "all_passed": all_passed, "keep": keep}
        return self._interpret(state)

    def tick(self, state: BuxState, now: float, *, settled: bool = True,
             unread: frozenset[str] | None = None) -> list[Output]:
        """Re-check the table against the game (call every few frames): raises mismatches that persist.

        Moves are only proposed when `settled` (no hand over the table, nothing in motion).
        `unread`: the tracker's cards not read lately (Fusion.unread()), if known.
        """
        self._follow(state)
        self._time = max(self._time, now)
        if unread is not None:
            self._unread = frozenset(unread)
        if not settled:
            # A typed price settles a draw whose cards already lie in one spread, hands or not.
            return self._typed_draw(state)
        return self._interpret(state)

    def _typed_draw(self, state: BuxState) -> list[Output]:
        if not self._bid or state.over:
            return []
        proposal = self._draw_proposal(state)
        if proposal is None:
            return []
        key = repr(sorted(proposal.line.items(), key=lambda kv: kv[0]))
        if key in self._proposed:
            return []
        self._proposed.add(key)
        return [proposal]

    def forget_bid(self) -> None:
        """Drop a typed settlement (the tablet cancelled it, or a move was entered by hand)."""
        self._bid = None

    # --- what the game expects --------------------------------------------------

    def expected_zone(self, state: BuxState, code: str) -> str | None:
        """Return where `state` says a card lies: a seat zone, the discard, the timer area, or None (draw deck)."""
        for player, spread in zip(state.players, state.spreads):
            if code in spread:
                return self.seats.get(player)
        if code in state.discard:
            return DISCARD
        if code in state.timers_out:
            return TIMER_AREA
        return None

    def pending_draw(self, state: BuxState) -> tuple[str, ...]:
        """Return the cards turned over for the draw in progress, in the order they appeared.

        A card stays part of the draw after it leaves the bid area (carried to the
        winner, or to the discard pile) until the game records the draw.
        """
        self._follow(state)
        deck = draw_deck(state)
        return tuple(code for code in self._turned if code in deck)

    def _turn_over(self, code: str, time: float) -> None:
        if code in self._gathering or code in self._turned or code not in _PLAYING | _TIMERS:
            return
        self._turned.append(code)

    def pending_bid(self, state: BuxState) -> dict | None:
        """Return the complete draw waiting for its bid, described without card codes, or None.

        {"drawer", "cards" (playing cards turned), "winner_guess" (whose spread they went to,
        None while they lie in the bid area), "can_keep" (the drawer had no cards)}.
        """
        if state.over:
            return None
        complete = _complete_draw(state, self.pending_draw(state))
        if complete is None or complete[2]:
            return None
        zones = {self._seen[c].zone for c in complete[1] if c in self._seen and self._seen[c].visible}
        guess = self._player_in(next(iter(zones))) if len(zones) == 1 else None
        return {"drawer": turn(state), "cards": len(complete[1]), "winner_guess": guess,
                "can_keep": not state.spreads[state.to_move]}

    def status(self, state: BuxState) -> str:
        """Return what the table is waiting for, in a sentence for the tablet."""
        player = turn(state)
        if player is None:
            return "The game is over."
        cards = self.pending_draw(state)
        complete = _complete_draw(state, cards)
        if complete is None:
            if cards:
                return f"{player} is turning cards over ({len(cards)} so far)."
            return f"{player} to play: draw, sell or swap."
        return f"Bidding on {player}'s 3 cards: type the winner and the price (or 'all passed')."

    # --- interpretation -------------------------------------------------------

    def _follow(self, state: BuxState) -> None:
        """Notice a new game state: forget proposals made for the old one; after a reshuffle,
        every card still lying outside the spreads is being gathered, not drawn."""
        if state == self._state:
            return
        previous, self._state = self._state, state
        self._proposed.clear()
        self._asked.clear()
        deck = draw_deck(state)
        self._turned = [code for code in self._turned if code in deck]
        if previous is not None and (state.deck != previous.deck or state.over):
            owned = frozenset().union(*state.spreads)
            self._gathering = {c for c, seen in self._seen.items() if seen.visible and c not in owned}
            self._turned = []

    def _sync(self, snapshot: TableSnapshot) -> None:
        self._unread = frozenset(snapshot.unread)
        for code, zone in snapshot.cards.items():
            seen = self._seen.get(code)
            if seen is None or seen.zone != zone or not seen.visible:
                self._note_lapse(code, zone, snapshot.time)
                self._seen[code] = _Seen(zone=zone, since=snapshot.time)
                if zone in DRAW_ZONES:
                    self._turn_over(code, snapshot.time)
        for code, seen in self._seen.items():
            if code not in snapshot.cards and seen.visible:
                seen.visible, seen.gone_at = False, snapshot.time

    def _note_lapse(self, code: str, zone: str | None, time: float) -> None:
        """A card back in the spread it vanished from: the camera had lost sight of a card still there."""
        seen = self._seen.get(code)
        if seen is not None and not seen.visible and seen.zone == zone and zone in self.player_at:
            gone = time - (seen.gone_at if seen.gone_at is not None else time)
            self._lapses[zone] = [(t, d) for t, d in self._lapses.get(zone, []) if time - t < self.trust_s] + [(time, gone)]

    def _player_in(self, zone: str | None) -> str | None:
        """Return the player whose spread `zone` is, or None (another zone, or a card seen nowhere)."""
        return self.player_at.get(zone) if zone is not None else None

    def longest_lapse(self, zone: str) -> float | None:
        """Return how long the camera lost a card in `zone` that was still there, at worst, lately; None if never.

        An absence there shorter than this is no evidence that a card left.
        """
        gaps = [d for t, d in self._lapses.get(zone, []) if self._time - t < self.trust_s]
        return max(gaps) if gaps else None

    def _interpret(self, state: BuxState) -> list[Output]:
        if state.over:
            return self._anomalies(state, explained=set())
        out: list[Output] = []
        proposal = self._draw_proposal(state) or self._sale_or_swap(state)
        explained: set[str] = set(self.pending_draw(state))
        # An ask whose cards all lie back where the game has them is void (the sale was taken back).
        self._asked = {key: ask for key, ask in self._asked.items() if not all(
            c in self._seen and self._seen[c].visible and self._seen[c].zone == self.expected_zone(state, c)
            for c in ask.cards)}
        if isinstance(proposal, Attention):
            self._asked[proposal.key] = proposal
        elif proposal is not None:
            self._asked.clear()  # the evidence settled on one move: what was asked is answered
        asks = dict(self._asked)  # an ask stays while the evidence wavers (a card unread for a moment)
        for ask in asks.values():
            explained.update(ask.cards)
        if proposal is not None and not isinstance(proposal, Attention):
            key = repr(sorted(proposal.line.items(), key=lambda kv: kv[0]))
            explained.update(_cards_of(proposal.line))
            if key not in self._proposed:
                self._proposed.add(key)
                out.append(proposal)
        out.extend(self._anomalies(state, explained, asks))
        return out

    def _draw_proposal(self, state: BuxState) -> Proposal | None:
        drawer = turn(state)
        cards = self.pending_draw(state)
        if not cards:
            return None
        complete = _complete_draw(state, cards)
        if complete is None:
            complete = self._completed_by_landing(state, cards)
        if complete is None:
            return None
        turned, playing, ends_deck = complete
        evidence = self._evidence(turned)
        line: dict = {"type": "draw", "player": drawer, "cards": list(turned)}
        if ends_deck:
            self._bid = None
            return _proposal(line, say("camera.timer_ends", drawer=drawer), evidence=evidence)
        went = {self._seen[c].zone for c in playing if c in self._seen and self._seen[c].visible}
        bid = self._bid
        if bid and bid["all_passed"]:
            self._bid = None
            return _proposal({**line, "winner": None}, say("camera.all_passed"), evidence=evidence)
        if bid and bid["keep"]:
            self._bid = None
            return _proposal({**line, "keep": True}, say("camera.keeps", drawer=drawer), evidence=evidence)
        if went == {DISCARD} and not bid:  # the others lie under the top card of the pile
            return _proposal({**line, "winner": None}, say("camera.discarded"), evidence=evidence)
        taker = self._player_in(next(iter(went))) if len(went) == 1 else None
        if bid and bid["price"] is not None:
            winner = bid["winner"] or taker
            if winner is None:
                return None
            self._bid = None
            return _proposal({**line, "winner": winner, "price": bid["price"]},
                             say("camera.bought", winner=winner, drawer=drawer, price=bid["price"]), evidence=evidence)
        return None

    def _completed_by_landing(self, state: BuxState, cards: Sequence[str]):
        """Complete a draw whose last card(s) the camera missed in the bid area but saw land.

        When the turned cards already left the bid area together, a draw-deck card
        that showed up beside them (same spread, or the discard pile) was turned
        over with them: it is appended last, since when it was turned is unknown.
        If more such cards lie there than the draw needs, which of them was turned
        is unknown too: the draw is left to the tablet.
        """
        visible = [c for c in cards if c in self._seen and self._seen[c].visible and c not in _TIMERS]
        landed = {self._seen[c].zone for c in visible}
        if len(landed) != 1 or landed <= set(DRAW_ZONES):
            return None
        zone = next(iter(landed))
        deck = draw_deck(state)
        extras = sorted((c for c, seen in self._seen.items()
                         if seen.visible and seen.zone == zone and c in deck and c not in cards
                         and c not in self._gathering), key=lambda c: (self._seen[c].since, c))
        if not extras:
            return None
        complete = _complete_draw(state, list(cards) + extras)
        if complete is None or len(complete[0]) < len(cards) + len(extras):
            return None
        return complete

    def _sale_or_swap(self, state: BuxState) -> Proposal | Attention | None:
        player = turn(state)
        if player is None or state.redraw:
            return None
        seat = self.seats.get(player)
        moved_out: dict[str, list[str]] = {}
        for owner, spread in zip(state.players, state.spreads):
            for code in spread:
                seen = self._seen.get(code)
                if seen is not None and (not seen.visible or seen.zone != self.seats.get(owner)):
                    moved_out.setdefault(owner, []).append(code)
        mine = moved_out.get(player, [])
        on_pile = [c for c in mine if self._seen[c].visible and self._seen[c].zone == DISCARD]
        covered = [c for c in mine if not self._seen[c].visible]
        others_moved = any(self._seen[c].visible for o, cards in moved_out.items() if o != player for c in cards)
        to_discard = sorted(on_pile + covered)
        if on_pile and len(to_discard) == len(mine) and not others_moved:
            if any(c in self._unread for c in state.spreads[state.seat(player)] if c not in mine):
                return None  # one of the seller's cards is unread just now: wait until it is seen again or gone
            double = is_double_bux(state)
            best = best_partition(to_discard, double=double)
            if best is None:
                return None  # left to the anomaly check: not a legal set
            # Cards of the seller the camera has never read may lie under the pile as well: no absence
            # of theirs was ever seen, so if they make another legal sale, waiting cannot tell; ask.
            never = tuple(sorted(c for c in state.spreads[state.seat(player)] if c not in self._seen))
            unsure = never and _has_other_sale(tuple(sorted(on_pile)), tuple(sorted(covered)), never)
            lapse = self.longest_lapse(seat) if covered and seat is not None else None
            if unsure or lapse is not None and _has_other_sale(tuple(sorted(on_pile)), tuple(sorted(covered)), ()):
                # Sold under the pile, or only unread in the spread? Two legal sales fit what was seen.
                # The absence decides once it outlasts the camera's recent lapses in this spread; lapses
                # longer than the grace period are not waited out: the player is asked.
                if unsure or (lapse is not None and lapse >= self.grace_s):  # not unsure: the test above found a lapse
                    out_of_sight = sorted(covered + list(never))
                    return Attention(key=f"unsure-sale:{player}", cards=tuple(sorted(to_discard + list(never))),
                                     players=(player,),
                                     **_said(say("camera.unsure_sale", player=player, hidden=len(out_of_sight))),
                                     evidence={**self._evidence(to_discard), "on_pile": sorted(on_pile),
                                               "unseen": out_of_sight})
                absence = self._time - max(self._seen[c].gone_at or self._time for c in covered)
                assert lapse is not None  # not unsure, so the test above found a lapse
                if absence <= lapse:
                    return None  # wait: it may still be one of the camera's lapses
            sets = [list(s) for s in best.sets]
            return _proposal({"type": "sell", "player": player, "sets": sets}, confirm=True,
                             said=say("camera.sells_double" if double else "camera.sells", player=player, sets=len(sets),
                                      payout=best.payout),
                             evidence=self._evidence(to_discard))
        return self._swap(player, seat, moved_out)

    def _swap(self, player: str, seat: str | None, moved_out: Mapping[str, list[str]]) -> Proposal | None:
        """Propose a swap: one of the mover's cards seen in another spread, one of that spread's seen in the
        mover's; cards merely unread meanwhile (a hand, a missed frame) do not count either way."""
        seen_out = {o: [c for c in cards if self._seen[c].visible] for o, cards in moved_out.items()}
        seen_out = {o: cards for o, cards in seen_out.items() if cards}
        mine_seen = seen_out.get(player, [])
        if len(mine_seen) == 1 and len(seen_out) == 2:
            give = mine_seen[0]
            other = next(o for o in seen_out if o != player)
            theirs = seen_out[other]
            if len(theirs) == 1 and self._seen[give].zone == self.seats.get(other) and self._seen[theirs[0]].zone == seat:
                return _proposal({"type": "swap", "player": player, "give": give, "take": theirs[0], "from": other},
                                 say("camera.swap", player=player, other=other), evidence=self._evidence([give, theirs[0]]))
        return None

    def _anomalies(self, state: BuxState, explained: set[str], asks: Mapping[str, Attention] = MappingProxyType({})
                   ) -> list[Output]:
        """Return what to raise and what to clear; `asks` (a move only a person can settle) are raised at once."""
        out: list[Output] = []
        current: dict[str, Attention] = dict(asks)
        for code, seen in self._seen.items():
            if code in explained or code in self._gathering:
                continue
            expected = self.expected_zone(state, code)
            if not seen.visible:
                if expected is not None and expected.startswith("seat:"):
                    owner = self.player_at.get(expected)
                    current[f"vanished:{code}:{expected}"] = Attention(
                        key=f"vanished:{code}:{expected}",
                        **_said(say("camera.vanished", owner=owner)),
                        cards=(code,), players=(owner,) if owner else (), evidence=self._evidence([code]))
                continue
            if seen.zone == expected or seen.zone is None and expected is None:
                continue
            if expected in (DISCARD, TIMER_AREA) and seen.zone in (DISCARD, TIMER_AREA, BID_AREA):
                continue  # set aside cards drift between the tray zones; not a game fact
            if expected is None and seen.zone in DRAW_ZONES:
                continue  # being turned over: part of the draw in progress
            where = _describe(seen.zone, self.player_at)
            should = _describe(expected, self.player_at) if expected else {"phrase": "deck"}
            owner = self.player_at.get(expected) if expected else None
            key = f"misplaced:{code}:{seen.zone}"
            players = tuple(p for p in (owner, self._player_in(seen.zone)) if p)
            current[key] = Attention(key=key, **_said(say("camera.misplaced", where=where, should=should)),
                                     cards=(code,), players=players, evidence=self._evidence([code]))
        for key, item in current.items():
            first = self._noticed.setdefault(key, self._time)
            if key not in self._open and (key in asks or self._time - first >= self.grace_s):
                self._open[key] = item
                out.append(item)
        for key in [k for k in self._noticed if k not in current]:
            del self._noticed[key]
            if key in self._open:
                del self._open[key]
                out.append(Cleared(key=key))
        return out

    def _evidence(self, codes: Iterable[str]) -> dict:
        frames = sorted({round(self._seen[c].since, 3) for c in codes if c in self._seen})
        return {"frames": frames, "cards_seen": {c: self._seen[c].zone for c in codes if c in self._seen}}


@lru_cache(maxsize=256)
def _has_other_sale(on_pile: tuple[str, ...], covered: tuple[str, ...], never: tuple[str, ...]) -> bool:
    """Return True if the cards on the pile with cards of `covered` + `never` other than exactly `covered` sell too.

    With `never` empty: whether the pile with only some of the covered cards is a legal sale as well.

    >>> _has_other_sale(("spade-square-100",), ("diamond-square-100", "heart-x-25"), ("club-square-50",))
    True
    >>> _has_other_sale(("spade-square-100",), ("diamond-square-100", "club-square-25"), ("heart-x-25",))
    False
    >>> _has_other_sale(("heart-x-25",), ("heart-x-50", "heart-x-100", "club-oval-25", "club-oval-50", "club-oval-100"), ())
    True
    >>> _has_other_sale(("heart-x-25",), ("heart-x-50", "heart-x-100"), ())
    False
    """
    pool = covered + never
    if len(pool) > MAX_UNSURE:
        return True
    for size in range(len(pool) + 1):
        if (len(on_pile) + size) % 3 or len(on_pile) + size < 3:
            continue
        for extra in combinations(pool, size):
            if set(extra) != set(covered) and best_partition(on_pile + extra) is not None:
                return True
    return False


def _complete_draw(state: BuxState, cards: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...], bool] | None:
    """Return (cards turned, playing cards, ends the deck unsettled) once the draw is complete, else None.

    As the engine reads the game's house rules: the card printed 3 ends the deck under timer-order=printed,
    and the draw that ends the last deck goes on to its playing cards under last-draw=finished.
    """
    finish = state.deck == DECKS_PER_GAME and rule(state, "last-draw") == "finished"
    timers: set[str] = set()
    playing: list[str] = []
    need, ended = 3, False
    for index, code in enumerate(cards):
        if code in _TIMERS:
            timers.add(code)
            if not ended and ends_deck(state, state.timers_out | timers):
                ended = True
                if not finish:
                    return tuple(cards[: index + 1]), tuple(playing), True
                need = min(3, len(draw_deck(state) & _PLAYING))
                if len(playing) == need:
                    return tuple(cards[: index + 1]), tuple(playing), not playing
        else:
            playing.append(code)
            if len(playing) == need:
                return tuple(cards[: index + 1]), tuple(playing), False
    return None


def _cards_of(line: Mapping) -> set[str]:
    if line.get("type") == "draw":
        return set(line.get("cards", ()))
    if line.get("type") == "sell":
        return {c for s in line.get("sets", ()) for c in s}
    if line.get("type") == "swap":
        return {line["give"], line["take"]}
    return set()


def _describe(zone: str | None, player_at: Mapping[str, str]) -> dict:
    """Return where a zone is, as a phrase of messages.PHRASES: {"phrase": key, **params}."""
    if zone is not None and zone in player_at:
        return {"phrase": "spread", "owner": player_at[zone]}
    named = {BID_AREA: "bid_area", DISCARD: "discard", TIMER_AREA: "timer_area", "off_table": "off_table", None: "nowhere"}
    return {"phrase": named[zone]} if zone in named else {"phrase": "zone", "zone": str(zone)}


def _said(said: dict) -> dict:
    """Return an output's `message` (English, for the log) and `say` (to word for each reader)."""
    return {"message": english(said), "say": said}


def _proposal(line: dict, said: dict, *, confirm: bool = False, evidence: Mapping) -> Proposal:
    return Proposal(line=line, confirm=confirm, evidence=evidence, **_said(said))
