"""Sealed bids for Grow Your Assets: durable yet secret until every bid is in.

Each submitted bid is one `sealed_bid` event (hash-chained with the game)
whose payload names only the player, the reveal it belongs to and a
commitment sha256("<bid>:<nonce>") with a random 128-bit nonce; the amount
and nonce sit in the store's secrets table under "grow_bid:<commitment>".
A power cut after the append loses nothing, and nothing readable (log, API,
page) tells an amount, or even whether a bid is high, before the reveal.

When the last bid is in, the box opens the secrets, builds the engine's
RevealBids move (companion.games.grow.sealed) and submits it through the
session; the reveal's evidence carries each bid's nonce and the seq of its
sealed_bid event, so audit_bids() can check every commitment afterwards.

A reveal is identified by (round, rebid, undo): the round number, whether it
is the rebid after a tie, and the seq of the latest undo event, so an undone
draw or reveal opens a fresh envelope and old bids never count twice.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any, Iterable

from companion.errors import StoreError
from companion.games.grow import sealed
from companion.games.grow.messages import W
from companion.games.grow.record import move_to_json
from companion.games.grow.state import BID, GrowState, phase
from companion.store.events import MOVE, UNDO, Event
from companion.store.session import GameSession

SEALED = "sealed_bid"
SECRET_PREFIX = "grow_bid:"
PHONE = "phone"
"""The source of a bid sealed on the seat's own phone (its private link)."""
TABLET = "tablet"
"""The source of a bid entered on the shared tablet (the game token), for a seat without a phone."""


def commitment(bid: int, nonce: str) -> str:
    """Return the hex SHA-256 of "<bid>:<nonce>", the only trace of a bid before the reveal.

    >>> commitment(3, "ab") == hashlib.sha256(b"3:ab").hexdigest()
    True
    """
    return hashlib.sha256(f"{bid}:{nonce}".encode("utf-8")).hexdigest()


def envelope_of(state: GrowState, events: Iterable[Event]) -> dict[str, Any]:
    """Return the key of the reveal the game waits for: {"round", "rebid", "undo"}."""
    undo = max((e.seq for e in events if e.kind == UNDO), default=0)
    return {"round": state.rounds, "rebid": state.rebid, "undo": undo}


class SealedBidBox:
    """The sealed bids of one stored Grow Your Assets game."""

    def __init__(self, session: GameSession):
        self.session = session
        self.store = session.store
        self.game_id = session.game_id

    def _sealed(self, state: GrowState, events: list[Event]) -> dict[str, Event]:
        """Return player -> their latest sealed_bid event for the current reveal (seat order)."""
        if phase(state) != BID:
            return {}
        key = envelope_of(state, events)
        latest: dict[str, Event] = {}
        for event in events:
            if event.kind == SEALED:
                data = event.data
                if {k: data.get(k) for k in key} == key and data.get("player") in state.players:
                    latest[data["player"]] = event
        return {p: latest[p] for p in state.players if p in latest}

    def submitted(self) -> tuple[str, ...]:
        """Return who has bid for the current reveal, in seat order (never how much)."""
        return tuple(self._sealed(self.session.state, self.session.events_of(SEALED, UNDO)))

    def waiting(self) -> tuple[str, ...]:
        """Return who has not bid yet (empty outside bidding)."""
        state = self.session.state
        if phase(state) != BID:
            return ()
        done = set(self.submitted())
        return tuple(p for p in state.players if p not in done)

    def seal(self, player: str, bid: object, *, source: str = TABLET) -> Event:
        """Seal one bid and return its event; `source` is the device class that entered it (PHONE or TABLET).

        Sealed means sealed: a seat's own phone may seal its bid and change it
        until the reveal; the shared tablet may enter a bid only for a seat
        that has sealed nothing yet for this reveal (a player without a
        phone), and can never replace a sealed bid. The event's source names
        the device class, so the audit and the history tell who entered each.
        Nothing is stored for an illegal bid.

        Raises:
            RuleViolation: bids.wrong_phase, bids.unknown_player, bids.sealed_by_seat, bid.* (the engine's check).
            StoreError: if the store cannot be written.
        """
        if source not in (PHONE, TABLET):
            raise ValueError(f"a sealed bid comes from a phone or the tablet, not {source!r}")
        nonce = secrets.token_hex(16)
        digest = commitment(bid, nonce) if isinstance(bid, int) and not isinstance(bid, bool) else ""

        def decide(folded, events: list[Event]) -> list[tuple[str, Any]]:
            state = folded.state
            box = sealed.open_bidding(state)
            if source == TABLET and player in self._sealed(state, events):
                raise W.violation("bids.sealed_by_seat", player=player)
            sealed.submit_bid(state, box, player, bid)  # the engine's check; the result is discarded
            if self.store.get_secret(self.game_id, SECRET_PREFIX + digest) is None:
                # Secret first: a bid whose event exists always has its amount.
                self.store.put_secret(self.game_id, SECRET_PREFIX + digest, json.dumps({"bid": bid, "nonce": nonce}))
            return [(SEALED, {"player": player, **envelope_of(state, events), "commitment": digest})]

        return self.session.write(decide, source=source)[0]

    def reveal(self, *, source: str = "tablet") -> Event | None:
        """Submit the RevealBids move once every bid is in and return its event; None while a bid is missing.

        Raises:
            StoreError: if a sealed bid's secret is missing or does not match its commitment.
            RuleViolation: if the engine refuses the reveal (it cannot, for bids it checked when sealed).
        """
        def decide(folded, events: list[Event]) -> list[tuple[str, Any]]:
            state = folded.state
            if phase(state) != BID:
                return []
            current = self._sealed(state, events)
            if len(current) != len(state.players):
                return []
            box = sealed.open_bidding(state)
            proof = {}
            for player, event in current.items():
                digest = event.data["commitment"]
                opened = self._open(digest)
                box = sealed.submit_bid(state, box, player, opened["bid"])
                proof[player] = {"seq": event.seq, "commitment": digest, "nonce": opened["nonce"], "device": event.source}
            move = sealed.reveal(state, box)
            self.session.game.apply(state, move)
            return [(MOVE, {**move_to_json(move), "evidence": {"sealed": proof}})]

        stored = self.session.write(decide, source=source)
        return stored[0] if stored else None

    def _open(self, digest: str) -> dict:
        raw = self.store.get_secret(self.game_id, SECRET_PREFIX + digest)
        if raw is None:
            raise StoreError(f"sealed bid {digest[:12]}…: its amount is missing from the store")
        opened = json.loads(raw)
        if not hmac.compare_digest(commitment(opened["bid"], opened["nonce"]), digest):
            raise StoreError(f"sealed bid {digest[:12]}…: the stored amount does not match its commitment")
        return opened


def audit_bids(events: Iterable[Event]) -> list[str]:
    """Return every problem with a game's sealed bids (empty: every revealed bid matches its commitment).

    Each reveal_bids move that came from sealed bids must name, per player,
    a sealed_bid event of that player stored before it, whose commitment is
    sha256("<bid>:<nonce>") of the revealed bid and the nonce it discloses.
    """
    problems: list[str] = []
    by_seq: dict[int, Event] = {}
    for event in events:
        by_seq[event.seq] = event
        if event.kind != MOVE:
            continue
        data = event.data
        if data.get("type") != "reveal_bids" or "sealed" not in (data.get("evidence") or {}):
            continue
        proof = data["evidence"]["sealed"]
        for player, bid in data.get("bids", {}).items():
            item = proof.get(player)
            if not isinstance(item, dict):
                problems.append(f"event {event.seq}: no sealed bid named for {player!r}")
                continue
            seq = item.get("seq")
            source = by_seq.get(seq) if isinstance(seq, int) else None
            if source is None or source.kind != SEALED or source.data.get("player") != player:
                problems.append(f"event {event.seq}: {player!r}'s sealed bid (event {item.get('seq')!r}) is not an earlier sealed_bid of theirs")
                continue
            if source.data.get("commitment") != item.get("commitment"):
                problems.append(f"event {event.seq}: {player!r}'s commitment differs from the one sealed in event {source.seq}")
            elif commitment(bid, str(item.get("nonce"))) != item["commitment"]:
                problems.append(f"event {event.seq}: {player!r}'s revealed bid {bid} does not match the commitment sealed in event {source.seq}")
    return problems
