"""How a blue/red match game looks on the table, for the self-playing demo (companion/demo.py films it).

The decks lie face down (the camera reads nothing of them, so they are not
drawn); each discard pile shows its top card, squared beside its plate. Each
player's two stacks are fanned one match per row at their seat (layout.py's
round-end convention, kept all round): the first match farthest from the
player, each later one ROW_STEP nearer and over the one before, so every
card's mark shows; the left column is stack 1 (the blue card of matches 1, 3,
5..., the red of 2, 4...). Hands are never on the table until the round is
over; then each player lays theirs face up in a row along their edge.

Typed, as players do: the deal, a draw from a face-down deck, Trade, Steal and
a Wild put in the advanced discard pile (its card is put aside, off the table).
Filmed: a discard pile's top card taken, each match laid, each discard, the
hands laid out, a round recorded by its result alone laid out whole, and the
cards gathered before the next round.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from companion.games.match import rules
from companion.games.match.moves import Discard, Draw, Match, Move, Score, Setup
from companion.games.match.record import move_to_json
from companion.games.match.selfplay import Style, random_game
from companion.games.match.state import COLOUR, COLOURS, DEAL, MatchState
from companion.games.match.table.interpret import DISCARD_ZONES
from companion.games.match.table.layout import SeatArea
from companion.table.stage import CARD_W, DemoScript, Step, Tablet, beside_plate
from companion.vision.geometry import TableLayout
from companion.vision.synth import Placement

FAR_MM = 254.0
"""Where the first match's row lies, from the player's edge to the cards' centres."""
ROW_STEP = 36.0
"""Each later match lies this much nearer, over the one before, below the top-left mark (4 + 30 mm) of its cards."""
HAND_MM = 50.0
"""The laid-out hand's row, from the player's edge (layout.HAND_DEPTH_MM: nearer than 100 mm is the hand)."""
HAND_STEP = 40.0
COLUMNS: dict[str, tuple[float, float]] = {
    "seat:1": (90.0, 170.0), "seat:2": (200.0, 280.0), "seat:3": (300.0, 375.0),
    "seat:4": (350.0, 410.0), "seat:5": (250.0, 320.0),
}
"""Each seat's two stack columns (seat axes: mm from the player's left), clear of the middle piles and of each other
for up to three players (four or five players' fans may touch where seats 4 and 5 meet the others)."""


@dataclass
class MatchTable:
    """Where every card lies on the demo table as the game goes (the props, not the rules)."""

    layout: TableLayout
    seats: dict[str, str]
    matches: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    hands: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Hands laid face up at the round's end (empty all round)."""
    piles: dict[str, list[str]] = field(default_factory=lambda: {c: [] for c in COLOURS})

    def placements(self) -> list[Placement]:
        """Return every visible card, bottom first (later ones lie on top)."""
        out: list[Placement] = []
        for colour, pile in self.piles.items():
            if pile:
                out.append(Placement(pile[-1], beside_plate(self.layout, DISCARD_ZONES[colour]), rotation=0.0))
        for player, zone_name in self.seats.items():
            zone = self.layout.zone(zone_name)
            area = SeatArea(zone.rect, zone.facing)
            left, right = COLUMNS.get(zone_name, (area.size()[0] / 2 - 40.0, area.size()[0] / 2 + 40.0))
            for k, pair in enumerate(self.matches.get(player, [])):
                y = FAR_MM - k * ROW_STEP
                stack_1, stack_2 = (pair[0], pair[1]) if k % 2 == 0 else (pair[1], pair[0])
                for code, x in ((stack_1, left), (stack_2, right)):
                    out.append(Placement(code, area.to_table((x, y)), rotation=float(zone.facing)))
            hand = self.hands.get(player, ())
            width = area.size()[0]
            step = HAND_STEP if len(hand) < 2 else min(HAND_STEP, (width - CARD_W - 20.0) / (len(hand) - 1))
            first = width / 2 - step * (len(hand) - 1) / 2
            for i, code in enumerate(hand):
                out.append(Placement(code, area.to_table((first + i * step, HAND_MM)), rotation=float(zone.facing)))
        return out

    def follow(self, state: MatchState) -> None:
        """Lay the matches and discard piles as `state` has them (a pile turned over as a deck leaves the table)."""
        self.matches = {p: [_blue_first(m) for m in state.matches[i]] for i, p in enumerate(state.players)} \
            if state.matches else {p: [] for p in self.seats}
        self.piles = {colour: list(state.discards[i]) for i, colour in enumerate(COLOURS)}

    def gather(self) -> None:
        """Take every card off the table (between rounds)."""
        self.matches, self.hands = {p: [] for p in self.seats}, {}
        self.piles = {c: [] for c in COLOURS}


def _blue_first(pair: tuple[str, str]) -> tuple[str, str]:
    return (pair[0], pair[1]) if COLOUR[pair[0]] == "blue" else (pair[1], pair[0])


def props(layout: TableLayout, seats: dict[str, str], setup: Setup) -> MatchTable:
    """Return the table as the game starts: nothing face up."""
    return MatchTable(layout=layout, seats=seats, matches={p: [] for p in setup.players})


def _typed(move: Move) -> Callable[[Tablet], None]:
    return lambda tablet: tablet.submit_manual(move_to_json(move))


def _laid_out(score: Score) -> Callable[[MatchTable], None]:
    def lay(t: MatchTable) -> None:
        t.matches = {p: [_blue_first(m) for m in layout.matches] for p, layout in score.players.items()}
        t.hands = {p: tuple(layout.hand) for p, layout in score.players.items()}
    return lay


def steps_of(move: Move, state: MatchState, hold: int) -> list[Step]:
    """Return the physical steps that act out one move played from `state`."""
    after = rules.apply(state, move)
    steps = []
    if state.phase == DEAL and state.round > 1:
        steps.append(Step("the last round's cards are gathered", lambda t: t.gather(), hold, hands=1))
    if isinstance(move, Draw) and move.source is not None and move.source.endswith("-discard"):
        steps.append(Step(f"{move.player} takes the top of the {move.source} pile", lambda t: t.follow(after), hold, hands=1))
    elif isinstance(move, Match):
        steps.append(Step(f"{move.player} lays a match", lambda t: t.follow(after), hold, hands=1))
    elif isinstance(move, Discard):
        def discard(t: MatchTable) -> None:
            t.piles[COLOUR[move.card]].append(move.card)
        steps.append(Step(f"{move.player} discards", discard, 2 * hold, hands=1))
        if any(len(after.discards[i]) < len(state.discards[i]) for i in range(len(COLOURS))):
            steps.append(Step("an empty deck takes its discard pile, turned face down", lambda t: t.follow(after), hold, hands=1))
    elif isinstance(move, Score) and state.phase == DEAL:
        steps.append(Step("the round's result is laid out at the seats", _laid_out(move), 2 * hold, hands=1))
    elif isinstance(move, Score):
        def lay_hands(t: MatchTable) -> None:
            t.hands = {p: tuple(sorted(state.hands[i])) for i, p in enumerate(state.players)}
        steps.append(Step("every player lays their hand face up", lay_hands, 2 * hold, hands=1))
    else:
        steps.append(Step(f"typed: {move_to_json(move)['type']}", lambda t: t.follow(after) if after.matches else None,
                          max(hold // 2, 1), tablet=_typed(move)))
    return steps


def unfilmed(move: Move) -> bool:
    """True for a move with nothing to see on the table: the deal, a deck draw, Trade, Steal, a Wild put away."""
    if isinstance(move, Draw):
        return not (move.source or "").endswith("-discard")
    return not isinstance(move, (Match, Discard, Score))


DEMO_STYLE = Style(result_only=0.0)
"""The demo plays every round turn by turn. A round recorded by its result alone is read at the seats by the nearest
player's edge (layout.assign_to_seats), and with three players at plates 1-3 the far rows of seat 2's stacks lie
nearer seat 3's edge than its own: tested on synthetic views (tests/games/match/test_table_interpret.py), not filmed."""

SCRIPT = DemoScript(random_game=lambda seed, players: list(random_game(seed, players, style=DEMO_STYLE)), props=props,
                    steps_of=steps_of, unfilmed=unfilmed)
