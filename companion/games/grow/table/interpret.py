"""Grow Your Assets table interpreter: what the camera sees -> proposed Draw and Pick lines, and attention items.

The Grow engine's table reader: a SettledReader, which proposes and raises as
companion/table/follow.py says every game's reader does.

How a Grow table is read (the physical conventions; layout.py reads the zones):
- Draw: between rounds, one card per player is turned face up into the row
  (ROW_ZONE), left to right in the order drawn. When the row holds that many
  cards and the table is still, the Draw is proposed, in left-to-right order.
- Sealed bids stay on the phones and are revealed there (a typed move); the
  camera never reads, proposes or words a bid. Tie-break dice, warning rolls,
  actions (a steal or a shift), declines and token breaks are typed too.
- Pick: the next picker (the engine's pick order) carries one card from the row
  to their seat. A red or blue card lying within the stack gap
  (layout.STACK_GAP_MM, chained) of one of the picker's stacks of its colour
  joins that stack; a card apart from all of them starts a new stack; a card
  touching two stacks is asked about, not guessed.
- Discards: when a warning roll discards a card (or its stack), the engine's
  state no longer has it at the seat: until it lies on the discard pile
  (DISCARD_ZONE) the camera raises it. The pile shows only its top card, so a
  discarded card unseen is no problem; a card seen on the pile that the game
  has not discarded is.

Pure bookkeeping over its own memory of the table; no I/O, no clock.
"""

from __future__ import annotations

from typing import Mapping

from companion.games.grow.moves import Pick
from companion.games.grow.record import move_to_json
from companion.games.grow.rules import waiting_text
from companion.games.grow.state import COLOUR, DRAW, PICK, STACKED_COLOURS, GrowState, phase, to_move
from companion.games.grow.table.layout import Difference, SeenCard, TableReading, compare, propose_draw, read_table
from companion.games.grow.table.messages import english, say
from companion.table.follow import SettledReader
from companion.table.outputs import Attention, Output, Proposal


class GrowInterpreter(SettledReader):
    """Keeps the camera's view of a Grow table and turns it into proposed moves and attention items.

    Feed it the tracker's output with `observe(items, state)` (snapshots carry
    the cards' table positions, which tell stacks apart) and call `tick(...)`
    every few frames; both return Proposals, Attention items and Cleared items.
    """

    def __init__(self, seats: Mapping[str, str], *, grace_s: float = 4.0):
        super().__init__(seats, grace_s=grace_s)

    def status(self, state: GrowState) -> str:
        """Return what the table is waiting for, in English."""
        return waiting_text(state)

    # --- reading ----------------------------------------------------------------

    def reading(self, state: GrowState) -> TableReading:
        """Return the table as the camera last saw it, in the game's words (row, holdings by stack, discard pile)."""
        cards = [SeenCard(code, zone, self._positions.get(code)) for code, zone in sorted(self._zones.items())]
        return read_table(cards, state.players, seats=self.player_at)

    def _interpret(self, state: GrowState) -> list[Output]:
        self._game_moved(repr(state))
        reading = self.reading(state)
        found = self._draw(state, reading) if phase(state) == DRAW else self._pick(state, reading) if phase(state) == PICK else None
        problems = self._problems(state, reading)
        if isinstance(found, Proposal):
            # The proposal explains its cards' disagreements; raise nothing new until the game has judged it.
            moved = set(found.line.get("cards", [])) | {found.line.get("card")}
            return self._offer(found, [p for p in problems if not moved & set(p.cards)])
        if found is not None:  # a question about a pick says all there is to say about its card
            problems = [p for p in problems if not set(p.cards) <= set(found.cards)] + [found]
        return self._settle(problems)

    # --- moves ------------------------------------------------------------------

    def _draw(self, state: GrowState, reading: TableReading) -> Proposal | None:
        draw = propose_draw(state, reading)
        if draw is None:
            return None
        said = say("camera.draw", cards=len(draw.cards))
        return Proposal(line=move_to_json(draw), message=english(said), say=said, evidence=self._evidence(draw.cards))

    def _pick(self, state: GrowState, reading: TableReading) -> Proposal | Attention | None:
        """Return the pick the table shows (a card gone from the row to the picker's seat), a question, or None."""
        picker = to_move(state)
        assert picker is not None, "the pick phase has a picker"
        left = [c for c in state.row if c not in reading.row]
        landed = [c for c in left if self._zones.get(c) in self.player_at]
        if len(landed) > 1:
            return self._ask("camera.many_left", landed, (picker,), cards=len(landed), player=picker)
        if not landed:
            return None  # still in a hand, or unread: wait (a long absence is raised as row_missing)
        card = landed[0]
        owner = self.player_at[self._zones[card] or ""]
        if owner != picker:
            return self._ask("camera.wrong_seat", [card], (picker, owner), seat=owner, player=picker)
        colour = COLOUR[card]
        if colour not in STACKED_COLOURS:
            return self._propose(Pick(player=picker, card=card), say("camera.pick", player=picker, colour=colour))
        stacks = state.holdings[state.seat(picker)].stacks(colour)
        if any(self._zones.get(c) != self.seats[picker] for s in stacks for c in s):
            return None  # a card of one of their stacks is unread: which stack it joins cannot be told (seat_missing)
        cluster = next(s for s in getattr(reading.holdings[picker], colour) if card in s)
        others = set(cluster) - {card}
        joined = [s for s in stacks if others & set(s)]
        if len(joined) > 1:
            return self._ask("camera.bridges", [card], (picker,), player=picker, colour=colour)
        if not others:
            return self._propose(Pick(player=picker, card=card),
                                 say("camera.pick_new_stack", player=picker, colour=colour))
        if not joined or not others <= set(joined[0]):
            return None  # a card the game does not have there lies in the cluster: raised as seat_extra
        return self._propose(Pick(player=picker, card=card, stack=joined[0][0]),
                             say("camera.pick_joins", player=picker, colour=colour, size=len(joined[0])))

    def _propose(self, pick: Pick, said: dict) -> Proposal:
        return Proposal(line=move_to_json(pick), message=english(said), say=said, evidence=self._evidence([pick.card]))

    # --- problems ---------------------------------------------------------------

    def _problems(self, state: GrowState, reading: TableReading) -> list[Attention]:
        """Return everything the table shows that the game cannot explain (compare's differences, the discard pile)."""
        out = []
        for difference in compare(state, reading):
            out.extend(self._worded(state, difference))
        unexpected = [c for c in reading.discard if c not in state.discard]
        if unexpected:
            out.append(self._ask("camera.discard_extra", unexpected, (), cards=len(unexpected)))
        return out

    def _worded(self, state: GrowState, difference: Difference) -> list[Attention]:
        cards, players = list(difference.cards), difference.players
        player = players[0] if players else ""
        if difference.kind == "restacked":
            return [self._ask("camera.restacked", cards, players, player=player, colour=COLOUR[cards[0]])]
        if difference.kind == "seat_extra":
            gone = [c for c in cards if c in state.discard]
            rest = [c for c in cards if c not in state.discard]
            out = [self._ask("camera.not_discarded", gone, players, cards=len(gone), player=player)] if gone else []
            if rest:
                out.append(self._ask("camera.seat_extra", rest, players, cards=len(rest), player=player))
            return out
        return [self._ask(f"camera.{difference.kind}", cards, players, cards=len(cards), player=player)]

    def _ask(self, id_: str, codes: list[str], players: tuple[str, ...], **params) -> Attention:
        said = say(id_, **params)
        return self._attention(f"{id_}|{','.join(players)}|{','.join(sorted(codes))}", said, english(said), codes, players)
