"""Cat auction table interpreter: what the camera sees -> proposed Bid and Play lines, and attention items.

The cat auction engine's table reader: a SettledReader, which proposes and
raises as companion/table/follow.py says every game's reader does.

What the camera can see. Every card carries its QR marks on its face only; the
backs of both decks are one plain design each (companion/printing/backs.py, the
deck file's design: "nothing about the value"). So a face-down card (the lot,
a Top up or Magic frame-up Prize card, a penalty, the decks, a hand) is
invisible to the camera, and everything about it is typed: the dealt hands,
the `lot` line (on the tablet), a pass and its penalty, a loser's draw, the
winner's reveal of a won lot (on the players' phones). Where the won lot goes
is the rules' verdict on the passes (the last stake holder), not something a
camera could check: it goes into a hand, face down.

How a cat auction table is read (the physical conventions):
- Bid: the player to move lays number cards face up on the stake (STAKE_ZONE),
  after the round's earlier bids, in reading order (rows from the plate towards
  the players, left to right in a row). When the cards the game does not have
  on the stake yet have lain still for `still_s` on a settled table, they are
  proposed as that player's bid (a bid's cards are not counted in advance, so
  the reader waits for the hand to be done). Never a part of a bid: while a card
  laid for it is no longer read, or two rows run together where its cards lie
  (a card read at its lower mark), it waits, and raises that after `grace_s`.
  A card the game has on the stake keeps the read card that stood for it, so a
  copy laid later is never taken for it while it goes unread.
- Play: one cat card laid on the stake is played by the player to move; a
  «Random stake» waits for the Bank card it turns up, laid beside it. «Nothing
  doing» is played on the stake and then goes to the discard pile.
- The round's end: the game puts every bid card on the discard pile (which the
  camera does not watch: it is face down). A card the game has put away that
  still lies on the stake is raised, and is never taken for a new bid.
- Copies of one value (or one cat kind) are interchangeable (copies.py): a card
  read on the stake stands for itself if the game has it there, else for any
  copy of its label in the bidder's hand.

Hidden information: a proposal or attention item names a card only when it lies
face up on the stake (public to the whole table). A readable card where the game
keeps cards face down (the lot, the penalty pile) or in a hand (a seat) is raised
by count alone: no code in its text, its `cards`, its evidence or its key.
A move the rules would refuse is never proposed (the refusal would say what a
hand lacks on a shared screen): it is raised in one sentence whatever the reason.

Pure bookkeeping over its own memory of the table; no I/O, no clock.
"""

from __future__ import annotations

import math
from typing import Iterable, Mapping, Sequence

from companion.errors import CompanionError
from companion.games.cats import rules
from companion.games.cats.copies import label_of
from companion.games.cats.moves import Bid, Move, Play
from companion.games.cats.record import move_to_json
from companion.games.cats.state import BIDDING, KIND, VALUE, CatsState, bid_value, turn
from companion.games.cats.table.messages import english, say
from companion.table.follow import SettledReader
from companion.table.outputs import Attention, Output, Proposal

STAKE_ZONE = "stake"
LOT_ZONE = "lot"
PENALTY_ZONE = "penalties"
FACE_DOWN_ZONES = (LOT_ZONE, PENALTY_ZONE)
"""Zones whose cards the game keeps face down: a card read there is shown, never named."""
ROW_GAP_MM = 31.0
"""Cards on the stake whose read points lie this much apart across the table are in different rows: a card is
placed at its highest read point (`_remember_places`), its centre or its top-left mark 25 mm above it, so one row's
points spread over 25 mm, and the demo lays rows 62 mm apart (stage.ROW_STEP)."""
MARK_DY_MM = 25.0
"""A card read at one mark only is placed at that mark: its top-left mark 25 mm above its centre (12.5 mm left),
its bottom-right one 25 mm below (12.5 mm right). The stake's layout keeps every top-left mark uncovered."""
STAKE_ROW_STEP_MM = 62.0
"""The stake's rows as laid (stage.ROW_STEP)."""
ODD_GAPS_MM = (STAKE_ROW_STEP_MM - 2 * MARK_DY_MM, 2 * MARK_DY_MM)
"""Gaps across the table between neighbouring read points (sorted) that only a card read at its bottom-right mark
makes: 12 mm above the next row's top-left marks (rows run together), 50 mm below its own row's top-left marks
(the row comes apart). A row's points otherwise lie 0 or 25 mm apart (centres, top-left marks), rows 37 mm or
more. Either odd gap may put the cards of the rows beside it out of order (`unsure_cards`)."""
ODD_GAP_SLACK_MM = 6.0
"""Reading error allowed around an odd gap."""
SAME_PLACE_MM = 60.0
"""Two read points of one card this close are one place (its marks lie 56 mm apart, corner to corner): a card
read farther from where it lay has been moved, and its new place replaces the old."""
RANDOM = "random"


class CatsInterpreter(SettledReader):
    """Keeps the camera's view of a cat auction table and turns it into proposed moves and attention items.

    Feed it the tracker's output with `observe(items, state)` and call `tick(...)`
    every few frames; both return Proposals, Attention items and Cleared items.
    """

    def __init__(self, seats: Mapping[str, str], *, grace_s: float = 4.0, still_s: float = 1.0):
        super().__init__(seats, grace_s=grace_s)
        self.still_s = still_s
        """How long new cards must lie still on the stake before they are proposed as a bid."""
        self._accounted: set[str] = set()
        """Stake cards the game had on the stake, or the camera proposed, in the last state seen."""
        self._spent: set[str] = set()
        """Cards on the stake that the game has put away since (a round's end, «Nothing doing»)."""
        self._laid: set[str] = set()
        """Cards seen as new on the stake in this game state: one no longer seen there leaves the bid unsure."""
        self._stands: dict[str, str] = {}
        """The game's stake card -> the card read on the table that stands for it (itself or a copy): kept while the
        game has it there, so another copy read later is a new card, never the old one when that goes unread."""
        self._highest: dict[str, tuple[float, float]] = {}
        """Stake card -> its highest read point on the table (`_remember_places`), for the reading order."""
        self._new: frozenset[str] = frozenset()
        self._new_since = 0.0

    def _snapshot_read(self) -> None:
        self._remember_places()

    def status(self, state: CatsState) -> str:
        """Return what the table is waiting for, in English."""
        player = turn(state)
        return english(say(f"status.{state.phase}", player=player or ""))

    # --- reading ----------------------------------------------------------------

    def on_stake(self) -> list[str]:
        """Return the cards the camera sees on the stake, in reading order (rows from the plate, left to right)."""
        cards = [c for c, zone in self._zones.items() if zone == STAKE_ZONE]
        return reading_order(cards, self._places())

    def _places(self) -> dict[str, tuple[float, float]]:
        """Return where each card was read, a stake card at its highest read point (`_remember_places`)."""
        return {**self._positions, **self._highest}

    def _remember_places(self) -> None:
        """Keep each stake card's highest read point on the table; forget the cards that left the stake.

        A card is read at its centre (both marks), or at one mark (MARK_DY_MM): its bottom-right one only while
        no row lies over it. Its highest point is its centre or its top-left mark, which keeps rows ROW_GAP_MM
        apart; the tracker reports only the latest read, which may be the bottom-right mark.
        """
        on_stake = {c for c, zone in self._zones.items() if zone == STAKE_ZONE}
        self._highest = {c: p for c, p in self._highest.items() if c in on_stake}
        for code in on_stake & set(self._positions):
            point, kept = self._positions[code], self._highest.get(code)
            if kept is None or point[1] < kept[1] or math.dist(point, kept) > SAME_PLACE_MM:
                self._highest[code] = point

    def _interpret(self, state: CatsState) -> list[Output]:
        seen = self.on_stake()
        self._stands = {m: s for m, s in self._stands.items() if m in state.middle}
        pairs, unmatched, missing = pair(seen, state.middle, self._stands)
        for code, stands_for in pairs.items():
            self._stands.setdefault(stands_for, code)
        if self._game_moved(repr(state)):
            # Cards the game had (or was just given) on the stake and no longer has are spent: never a new bid.
            self._spent |= self._accounted & set(unmatched)
            self._laid = set()
        self._spent &= set(unmatched)  # gone from the stake, or back in the game's stake (an undo re-entered)
        new = [c for c in unmatched if c not in self._spent]
        self._laid |= set(new)
        gone = sorted(self._laid - set(seen))
        if frozenset(new) != self._new:
            self._new, self._new_since = frozenset(new), self._time
        self._accounted = set(seen) - set(new)
        still = self._time - self._new_since >= self.still_s
        unsure = self._unsure(state, new, gone)
        found = self._move(state, new) if new and still and unsure is None else None
        problems = self._problems(state, new, missing) + ([unsure] if unsure is not None else [])
        if isinstance(found, Proposal):
            self._accounted |= set(new)
            return self._offer(found, [p for p in problems if not set(new) & set(p.cards)])
        if found is not None:  # a question about the new cards says all there is to say about them
            problems = [p for p in problems if not set(p.cards) & set(new)] + [found]
        return self._settle(problems)

    def _unsure(self, state: CatsState, new: list[str], gone: list[str]) -> Attention | None:
        """Return why the new stake cards cannot be read as one move yet, or None when they can.

        Part of the bid went unread (or was taken back): the rest is never proposed as the bid. Two rows of the
        stake run together where new cards lie: their order is unknown. Either waits (a card read again settles
        it) and is raised after the grace.
        """
        player = turn(state)
        if player is None:
            return None  # raised as no_bid_now
        if gone:
            return self._ask("camera.bid_card_gone", gone, (player,), player=player, cards=len(gone))
        tangled = sorted(unsure_cards(self.on_stake(), self._places(), new))
        if tangled:
            return self._ask("camera.rows_unclear", tangled, (player,), player=player)
        return None

    # --- moves ------------------------------------------------------------------

    def _move(self, state: CatsState, new: list[str]) -> Proposal | Attention | None:
        """Return the move the new stake cards make for the player to move, a question about them, or None."""
        player = turn(state)
        if state.phase != BIDDING or player is None:
            return None  # raised as no_bid_now
        hand = state.hands[state.seat(player)]
        numbers = [c for c in new if c in VALUE]
        cats = [c for c in new if c in KIND]
        move: Move | None
        if not cats:
            codes = take(hand, numbers)
            move = None if codes is None else Bid(player=player, cards=codes)
            said = say("camera.bid", player=player, value=bid_value(numbers), cards=len(numbers))
        elif len(cats) == 1 and KIND[cats[0]] == RANDOM and len(numbers) <= 1:
            if not numbers:
                return self._ask("camera.random_waits", new, (player,), player=player, card=cats[0])
            card, turned = take(hand, cats), take(state.bank, numbers)
            move = None if card is None or turned is None else Play(player=player, card=card[0], turned=turned[0])
            said = say("camera.play_random", player=player, card=cats[0], value=VALUE[numbers[0]])
        elif len(cats) == 1 and not numbers:
            card = take(hand, cats)
            move = None if card is None else Play(player=player, card=card[0])
            said = say("camera.play", player=player, card=cats[0])
        else:
            return self._ask("camera.unclear", new, (player,), cards=len(new))
        if move is None or not _allowed(state, move):
            return self._ask("camera.not_a_move", new, (player,), player=player)
        return Proposal(line=move_to_json(move), message=english(said), say=said, evidence=self._evidence(new))

    # --- problems ---------------------------------------------------------------

    def _problems(self, state: CatsState, new: list[str], missing: list[str]) -> list[Attention]:
        """Return everything the table shows that the game cannot explain (hidden cards counted, never named)."""
        out = []
        spent = [c for c in self.on_stake() if c in self._spent]
        if spent:
            out.append(self._ask("camera.stale", spent, (), cards=len(spent)))
        if missing:
            out.append(self._ask("camera.stake_missing", missing, (), cards=len(missing)))
        if new and (state.phase != BIDDING or turn(state) is None):
            out.append(self._ask("camera.no_bid_now", new, (), cards=len(new)))
        away: dict[tuple[str, str], int] = {}
        for zone in self._zones.values():
            if zone == STAKE_ZONE:
                continue
            if zone in FACE_DOWN_ZONES:
                where = ("camera.face_up", zone)
            elif zone in self.player_at:
                where = ("camera.seat_face_up", self.player_at[zone])
            else:
                where = ("camera.stray", "")
            away[where] = away.get(where, 0) + 1
        for (id_, place), count in sorted(away.items()):
            params = {"zone": place} if id_ == "camera.face_up" else {"player": place} if place else {}
            out.append(self._hidden(id_, place, count, **params))
        return out

    def _ask(self, id_: str, codes: Sequence[str], players: tuple[str, ...], **params) -> Attention:
        """An item about face-up stake cards: public, so they are named in `cards`, the evidence and the key."""
        said = say(id_, **params)
        return self._attention(f"{id_}|{','.join(players)}|{','.join(sorted(codes))}", said, english(said), codes, players)

    def _hidden(self, id_: str, place: str, count: int, **params) -> Attention:
        """An item about cards the game keeps hidden: counted only, with a key that names no card."""
        said = say(id_, cards=count, **params)
        players = (params["player"],) if "player" in params else ()
        return Attention(key=f"{id_}|{place}", message=english(said), players=players, say=said)


def _allowed(state: CatsState, move: Move) -> bool:
    """True when the rules take the move now (asked before proposing, so no refusal reaches a shared screen)."""
    try:
        rules.apply(state, move)
    except CompanionError:
        return False
    return True


def match(seen: Sequence[str], middle: Sequence[str]) -> tuple[list[str], list[str], list[str]]:
    """Return (seen cards the game has on the stake, seen cards it has not, its stake cards not seen).

    A seen card stands for itself, else for a copy of its label the game has there and nobody's read
    card stands for (copies are interchangeable to the rules).

    >>> match(["bank-1000-02", "bank-1-01"], ["bank-1000-01"])
    (['bank-1000-02'], ['bank-1-01'], [])
    """
    pairs, unmatched, left = pair(seen, middle, {})
    return list(pairs), unmatched, left


def pair(seen: Sequence[str], middle: Sequence[str], stands: Mapping[str, str]
         ) -> tuple[dict[str, str], list[str], list[str]]:
    """Return (seen card -> the game's stake card it stands for, seen cards standing for none, stake cards not seen).

    A seen card stands for itself, else for a copy of its label the game has there that nobody's read card
    stands for and that is not bound (`stands`: stake card -> the read card that stood for it) to another read
    card: a card read earlier and now unread leaves its place empty, never to a copy laid later.

    >>> pair(["bank-1000-13"], ["bank-1000-17"], {"bank-1000-17": "bank-1000-17"})
    ({}, ['bank-1000-13'], ['bank-1000-17'])
    """
    left = [c for c in middle if c not in seen]
    pairs, unmatched = {}, []
    for code in seen:
        if code in middle:
            pairs[code] = code
            continue
        twin = next((c for c in left if label_of(c) == label_of(code) and stands.get(c, code) == code), None)
        if twin is None:
            unmatched.append(code)
        else:
            left.remove(twin)
            pairs[code] = twin
    return pairs, unmatched, left


def take(source: Iterable[str], seen: Sequence[str]) -> tuple[str, ...] | None:
    """Return the codes `source` (a hand, the Bank) holds for cards read on the table, in the same order.

    A read card stands for itself when the source has it, else for the lowest free copy of its label;
    None when the source lacks one.

    >>> take({"bank-1000-03", "bank-1000-07"}, ["bank-1000-07"]), take({"bank-1000-03"}, ["bank-1000-07"])
    (('bank-1000-07',), ('bank-1000-03',))
    """
    free = set(source)
    chosen: list[str | None] = [code if code in free else None for code in seen]
    free -= {c for c in chosen if c is not None}
    for i, code in enumerate(seen):
        if chosen[i] is None:
            twin = min((c for c in free if label_of(c) == label_of(code)), default=None)
            if twin is None:
                return None
            free.discard(twin)
            chosen[i] = twin
    return tuple(c for c in chosen if c is not None)


def reading_order(cards: Iterable[str], positions: Mapping[str, tuple[float, float]]) -> list[str]:
    """Return stake cards in reading order: rows from the plate towards the players, left to right in a row.

    Rows are told apart by ROW_GAP_MM across the table; a card without a position comes last (by code).

    >>> reading_order(["b", "a", "c"], {"a": (500.0, 400.0), "b": (540.0, 402.0), "c": (480.0, 445.0)})
    ['a', 'b', 'c']
    """
    cards = list(cards)
    ordered = [c for row in rows_of(cards, positions) for c in sorted(row, key=lambda c: positions[c][0])]
    return ordered + sorted(c for c in cards if c not in positions)


def rows_of(cards: Iterable[str], positions: Mapping[str, tuple[float, float]],
            flipped: frozenset[int] = frozenset()) -> list[list[str]]:
    """Return the placed stake cards in rows, from the plate towards the players (ROW_GAP_MM apart across the table).

    `flipped`: gaps (k: between the k-th and (k+1)-th read points from the plate) read the other way round, to
    try the other reading of an odd gap (`unsure_cards`).
    """
    placed = sorted((c for c in cards if c in positions), key=lambda c: positions[c][1])
    rows: list[list[str]] = []
    for k, code in enumerate(placed):
        apart = k > 0 and (positions[code][1] - positions[placed[k - 1]][1] >= ROW_GAP_MM) != (k in flipped)
        if rows and not apart:
            rows[-1].append(code)
        else:
            rows.append([code])
    return rows


def unsure_cards(cards: Iterable[str], positions: Mapping[str, tuple[float, float]], new: Iterable[str]) -> set[str]:
    """Return the new cards whose reading order an odd gap (ODD_GAPS_MM) leaves unsure: read with that gap the
    other way round (one row instead of two, or two instead of one), the new cards come in another order.

    >>> places = {"a": (490, 320), "b": (716, 370.7), "c": (475, 382.5), "d": (510, 382.2)}
    >>> sorted(unsure_cards(places, places, "bcd")), sorted(unsure_cards(places, places, "cd"))
    (['b', 'c', 'd'], [])
    """
    cards, new = list(cards), set(new)
    placed = sorted((c for c in cards if c in positions), key=lambda c: positions[c][1])
    odd = frozenset(k for k in range(1, len(placed))
                    if any(abs(positions[placed[k]][1] - positions[placed[k - 1]][1] - gap) <= ODD_GAP_SLACK_MM
                           for gap in ODD_GAPS_MM))

    def order(flipped: frozenset[int]) -> list[str]:
        rows = rows_of(cards, positions, flipped)
        return [c for row in rows for c in sorted(row, key=lambda c: positions[c][0]) if c in new]

    read = order(frozenset())
    unsure = {c for k in odd if order(frozenset({k})) != read for c in (placed[k - 1], placed[k])}
    rows = rows_of(cards, positions)
    unsure = {c for row in rows if set(row) & unsure for c in row} & new
    return unsure or (new if odd and order(odd) != read else set())
