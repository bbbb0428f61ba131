"""Blue/red match table interpreter: what the camera sees -> proposed Draw, Match, Discard and Score lines, and attention.

The match engine's table reader: a SettledReader, which proposes and raises as
companion/table/follow.py says every game's reader does.

How a match table is read (the physical conventions; layout.json has the zones):
- Hands are never on the table and never read. A draw from a face-down deck
  names a hidden card, so it is typed, as are the deal, Trade, Steal and a Wild
  put in the advanced discard pile (nothing of them shows face up: the spent
  action card is put aside, off the table, not on a discard pile).
- Draw from a discard pile: while the player to move must draw, the known top
  card of a pile leaves its zone (DISCARD_ZONES): that draw is proposed.
- Match: after the draw, two new cards at the mover's seat that make a match.
  The stacks are fanned one match per row (layout.py's round-end convention),
  reaching well past the seat zone, so a seat's cards are found by their table
  position (layout.assign_to_seats), not by zone alone.
- Discard: a new card lands on the pile of its colour while the mover plays.
- The round's end (a hand is empty): every player lays their hand face up in a
  row below their stacks; once each seat shows as many hand cards as the player
  holds (hand sizes are public), the Score line is proposed with those cards and
  the matches the camera followed. A round recorded by its result alone (no deal
  typed) is read from the seats with layout.round_from_seats once the previous
  round's cards were gathered.

Pure bookkeeping over its own memory of the table; no I/O, no clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from companion.errors import CompanionError
from companion.games.match.moves import Discard, Draw, Layout, Match, Score
from companion.games.match.record import move_to_json
from companion.games.match.scoring import blue_first, match_value, score_layouts
from companion.games.match.state import (ALL_CARDS, COLOUR, COLOURS, DEAL, DRAW, OVER, PLAY, SCORE, MatchState,
                                         turn)
from companion.games.match.table.layout import SEAT_MARGIN_MM, SEAT_REACH_MM, SeatArea, SeenCard, round_from_seats
from companion.games.match.table.messages import english, say
from companion.table.layouts import layout_for
from companion.table.follow import SettledReader
from companion.table.outputs import Attention, Output, Proposal
from companion.vision.geometry import TableLayout

DISCARD_ZONES = {"blue": "discard_blue", "red": "discard_red"}
DECK_ZONES = ("deck_blue", "deck_red")


@dataclass
class Seen:
    """The table in the game's words: each discard pile's cards, each player's seat cards, and the rest."""

    piles: dict[str, list[str]] = field(default_factory=lambda: {c: [] for c in COLOURS})
    seats: dict[str, list[SeenCard]] = field(default_factory=dict)
    on_deck: list[str] = field(default_factory=list)
    stray: list[str] = field(default_factory=list)

    def at(self, player: str) -> list[str]:
        """Return the codes at a player's seat."""
        return [c.code for c in self.seats.get(player, [])]


PILE_SLACK_MM = 10.0
"""A card read this far outside its discard pile's rectangle still lies on the pile (beyond it, a seat's far row)."""


def _near(rect: tuple[float, float, float, float], point: tuple[float, float], slack: float = PILE_SLACK_MM) -> bool:
    x0, y0, x1, y1 = rect
    return x0 - slack <= point[0] <= x1 + slack and y0 - slack <= point[1] <= y1 + slack


class MatchInterpreter(SettledReader):
    """Keeps the camera's view of a match table and turns it into proposed moves and attention items.

    Feed it the tracker's output with `observe(items, state)` (snapshots carry
    the cards' table positions, which place the stacks at their seats) and call
    `tick(...)` every few frames; both return Proposals, Attention items and Cleared items.
    """

    def __init__(self, seats: Mapping[str, str], *, grace_s: float = 4.0, layout: TableLayout | None = None):
        super().__init__(seats, grace_s=grace_s)
        layout = layout or layout_for("match")
        zones = {z.name: z for z in layout.zones}
        self._areas = {p: SeatArea(zones[z].rect, zones[z].facing) for p, z in self.seats.items() if z in zones}
        self._middle = [z.rect for z in layout.zones if not z.name.startswith("seat:")]
        self._rects = {z.name: z.rect for z in layout.zones}
        self._cleared_round: int | None = None
        """The round before which the table was last seen without seat cards (a result-only round is read only then)."""

    def status(self, state: MatchState) -> str:
        """Return what the table is waiting for, in English."""
        player = turn(state)
        if state.phase == DRAW:
            return f"round {state.round}: {player} draws"
        if state.phase == PLAY:
            return f"round {state.round}: {player} lays matches, then discards"
        if state.phase == SCORE:
            return f"round {state.round} is over: lay every hand face up below its stacks"
        if state.phase == DEAL:
            return f"round {state.round}: deal (typed), or lay out the round's result"
        return "the game is over"

    # --- reading ----------------------------------------------------------------

    def seen(self, state: MatchState) -> Seen:
        """Return the table as the camera last saw it, in the game's words.

        A card lying across several seats' reach (where two seats meet, a stack's far rows) goes to the one the
        game knows it at (its matches, its laid-out hand), else to the player laying a match now, else to the
        nearest player's edge (layout.assign_to_seats' rule, which a round recorded by its result alone relies on).
        """
        out = Seen(seats={p: [] for p in self.seats})
        for code, zone in sorted(self._zones.items()):
            if code not in ALL_CARDS:
                continue  # the rules reference cards, another game's card
            where = self._positions.get(code)
            pile = next((c for c, z in DISCARD_ZONES.items() if z == zone), None)
            if pile is not None and (where is None or _near(self._rects[DISCARD_ZONES[pile]], where)):
                out.piles[pile].append(code)
            elif where is not None:
                self._place(state, code, zone, where, out)
            elif zone in self.player_at:
                out.seats[self.player_at[zone]].append(SeenCard(code, 0.0, 0.0))
            elif zone in DECK_ZONES:
                out.on_deck.append(code)
            else:
                out.stray.append(code)
        return out

    def _place(self, state: MatchState, code: str, zone: str | None, where: tuple[float, float], out: Seen) -> None:
        """Put a card read at a table position at the seat it belongs to (see seen()), or with the strays."""
        if any(_near(r, where, 0.0) for r in self._middle):
            (out.on_deck if zone in DECK_ZONES else out.stray).append(code)
            return
        reach: dict[str, tuple[float, float]] = {}
        for player, area in self._areas.items():
            x, y = area.to_seat(where)
            width, _ = area.size()
            if -SEAT_MARGIN_MM <= x <= width + SEAT_MARGIN_MM and -SEAT_MARGIN_MM <= y <= SEAT_REACH_MM:
                reach[player] = (x, y)
        if not reach:
            out.stray.append(code)
            return
        owner = self._known_owner(state, code)
        mover = turn(state) if state.phase == PLAY else None
        player = owner if owner in reach else mover if owner is None and mover in reach else \
            min(reach, key=lambda p: reach[p][1])
        assert player is not None
        out.seats[player].append(SeenCard(code, *reach[player]))

    @staticmethod
    def _known_owner(state: MatchState, code: str) -> str | None:
        """Return the player whose matches (or, at the round's end, hand) hold the card in the game, if any."""
        for i, player in enumerate(state.players if state.matches else ()):
            if any(code in pair for pair in state.matches[i]) or (state.phase == SCORE and code in state.hands[i]):
                return player
        return None

    def _interpret(self, state: MatchState) -> list[Output]:
        self._game_moved(state)
        seen = self.seen(state)
        if state.phase == DEAL and (state.round == 1 or not any(seen.seats.values())):
            self._cleared_round = state.round  # before round 1 nothing of an earlier round can lie out
        found = {DRAW: self._draw, PLAY: self._play, SCORE: self._score, DEAL: self._result}.get(
            state.phase, lambda s, v: None)(state, seen)
        problems = self._problems(state, seen)
        if isinstance(found, Proposal):
            return self._offer(found, problems)
        if found is not None:
            # A question about cards says all there is to say about them (a problem naming no card stays).
            problems = [p for p in problems if not (p.cards and set(p.cards) <= set(found.cards))] + [found]
        return self._settle(problems)

    # --- moves ------------------------------------------------------------------

    def _draw(self, state: MatchState, seen: Seen) -> Proposal | Attention | None:
        """Return the draw from a discard pile the table shows (its known top card gone), a question, or None."""
        player = turn(state) or ""
        gone = [(colour, state.discards[i][-1]) for i, colour in enumerate(COLOURS)
                if state.discards[i] and state.discards[i][-1] not in seen.piles[colour]]
        if len(gone) > 1:
            return self._ask("camera.both_tops", [], (player,), player=player)
        if not gone:
            return None  # a deck draw is typed
        colour, card = gone[0]
        return self._propose(Draw(player=player, source=f"{colour}-discard", card=card),
                             say("camera.draw_discard", player=player, colour=colour), [card])

    def _play(self, state: MatchState, seen: Seen) -> Proposal | Attention | None:
        """Return the match laid at the mover's seat, else the discard landed on a pile, a question, or None."""
        player = turn(state) or ""
        new = self._unmatched(state, seen, player)
        if len(new) == 1:
            return self._ask("camera.half_match", new, (player,), player=player)
        if len(new) == 2:
            if match_value(new) is None:
                return self._ask("camera.not_a_match", new, (player,), player=player)
            return self._propose(Match(player=player, cards=(new[0], new[1])), say("camera.match", player=player), new)
        if new:
            return self._ask("camera.many_new", new, (player,), cards=len(new), player=player)
        landed = [(colour, c) for colour in COLOURS for c in self._pile_news(state, seen, colour)]
        if len(landed) > 1:
            return self._ask("camera.many_discards", [c for _, c in landed], (player,), cards=len(landed), player=player)
        if not landed:
            return None
        pile, card = landed[0]
        if COLOUR[card] != pile:
            return self._ask("camera.wrong_pile", [card], (player,), colour=COLOUR[card])
        return self._propose(Discard(player=player, card=card), say("camera.discard", player=player, colour=pile), [card])

    def _score(self, state: MatchState, seen: Seen) -> Proposal | Attention | None:
        """Return the round's Score once every seat shows its player's whole hand face up, else who is not seen."""
        hands: dict[str, tuple[str, ...]] = {}
        short = []
        for i, player in enumerate(state.players):
            shown = tuple(sorted(c for c in seen.at(player) if c in state.hands[i]))
            hands[player] = shown
            if len(shown) != len(state.hands[i]):
                short.append(player)
        if short:
            return self._ask("camera.hands_unread", [], tuple(short), who=", ".join(short))
        layouts = {p: Layout(matches=state.matches[i], hand=hands[p]) for i, p in enumerate(state.players)}
        return self._propose_score(state, layouts)

    def _result(self, state: MatchState, seen: Seen) -> Proposal | Attention | None:
        """Between rounds: the round the seats show by its result alone, once the last round's cards were gathered."""
        if self._cleared_round != state.round or not any(seen.seats.values()):
            return None
        reading = round_from_seats({p: seen.seats[p] for p in state.players}, round_number=state.round)
        layouts = {p: Layout(matches=tuple(blue_first(m) for m in d["matches"]), hand=tuple(sorted(d["hand"])))
                   for p, d in reading.round["players"].items()}
        problems = len(reading.problems)
        if not problems:
            try:
                score_layouts(layouts, advanced=state.advanced, counts=True)
            except CompanionError:
                problems = 1
        if problems:
            cards = [c for p in state.players for c in seen.at(p)]
            return self._ask("camera.round_unclear", cards, (), problems=problems)
        return self._propose_score(state, layouts)

    def _propose_score(self, state: MatchState, layouts: dict[str, Layout]) -> Proposal:
        try:
            scores = score_layouts(layouts, advanced=state.advanced, counts=False)
            words = ", ".join(f"{p} {scores[p].score}" for p in state.players)
        except CompanionError:
            words = ""  # the rules will say what is wrong when they judge the line
        cards = [c for layout in layouts.values() for pair in layout.matches for c in pair] + \
                [c for layout in layouts.values() for c in layout.hand]
        return self._propose(Score(round=state.round, players=layouts), say("camera.score", round=state.round, scores=words),
                             cards)

    def _propose(self, move, said: dict, cards: list[str]) -> Proposal:
        return Proposal(line=move_to_json(move), message=english(said), say=said, evidence=self._evidence(cards))

    # --- what the game does not explain -------------------------------------------

    def _unmatched(self, state: MatchState, seen: Seen, player: str) -> list[str]:
        """Return the cards at a player's seat that are not in their matches (nor, at the round's end, their hand)."""
        i = state.seat(player)
        known = {c for pair in state.matches[i] for c in pair} if state.matches else set()
        if state.phase == SCORE:
            known |= state.hands[i]
        return [c for c in seen.at(player) if c not in known]

    def _pile_news(self, state: MatchState, seen: Seen, colour: str) -> list[str]:
        """Return the cards on a pile that are neither on it in the game nor its deck's (a pile not yet turned over)."""
        i = COLOURS.index(colour)
        return [c for c in seen.piles[colour] if c not in state.discards[i] and c not in state.decks[i]]

    def _problems(self, state: MatchState, seen: Seen) -> list[Attention]:
        """Return everything the table shows that the game cannot explain."""
        out = []
        spent = set(state.spent[0]) | set(state.spent[1])
        if state.phase in (DRAW, PLAY, SCORE):
            for player in state.players:
                if state.phase == PLAY and player == turn(state):
                    continue  # the mover's new cards are a match being laid (_play)
                extra = [c for c in self._unmatched(state, seen, player) if c not in spent]
                if extra:
                    out.append(self._ask("camera.seat_extra", extra, (player,), cards=len(extra), player=player))
            for i, colour in enumerate(COLOURS):
                turned = [c for c in seen.piles[colour] if c in state.decks[i]]
                if turned:
                    out.append(self._ask("camera.pile_turned", turned, (), colour=colour))
                extra = [c for c in self._pile_news(state, seen, colour) if c not in spent]
                if extra and state.phase != PLAY:
                    out.append(self._ask("camera.pile_extra", extra, (), cards=len(extra), colour=colour))
                top = state.discards[i][-1] if state.discards[i] else None
                if top is not None and top not in seen.piles[colour] and state.phase != DRAW:
                    out.append(self._ask("camera.top_missing", [], (), colour=colour))
        elif state.phase in (DEAL, OVER) and self._cleared_round != state.round and any(seen.seats.values()):
            out.append(self._ask("camera.not_cleared", [], ()))
        laid = [c for p in self.seats for c in seen.at(p)] + seen.piles["blue"] + seen.piles["red"]
        if [c for c in laid if c in spent]:
            out.append(self._ask("camera.spent_seen", [c for c in laid if c in spent], (), cards=len(spent & set(laid))))
        if seen.on_deck:
            out.append(self._ask("camera.on_deck", seen.on_deck, (), cards=len(seen.on_deck)))
        if seen.stray:
            out.append(self._ask("camera.stray", seen.stray, (), cards=len(seen.stray)))
        return out

    def _ask(self, id_: str, codes: list[str], players: tuple[str, ...], **params) -> Attention:
        said = say(id_, **params)
        key = f"{id_}|{','.join(players)}|{','.join(sorted(codes))}|{params.get('colour', '')}"
        return self._attention(key, said, english(said), codes, players)
