"""How a cat auction looks on the table, for the self-playing demo (companion/demo.py films it).

The game is played as a real table enters it (selfplay.as_table_records): a
secret deal (each hand typed on its phone), lots laid face down, won lots named
by their winner. The round's lot lies face down below the lot plate, one card
per prize card in it; penalties lie face down below the penalty plate; both are
invisible to the camera (a back has no mark). Bids and played cat cards lie face
up on the stake, in the order played, in rows of STAKE_COLUMNS from the plate
towards the players, each card's top-left mark uncovered (a later row lies over
the one above it, below its marks). When a round ends the bids are carried to
the discard pile (face down, off the camera's zones), the lot and penalties to
the winner's hand. Hands are held, never shown. Everything hidden is typed: the
deal, the lot, a pass and its penalty, a loser's draw, the winner's reveal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from companion.games.cats import rules
from companion.games.cats.moves import Bid, Lot, Move, Pass, Play, Setup
from companion.games.cats.record import move_to_json
from companion.games.cats.selfplay import as_table_records, random_game
from companion.games.cats.state import KIND, CatsState, lot_size
from companion.games.cats.table.interpret import LOT_ZONE, PENALTY_ZONE, STAKE_ZONE
from companion.table.stage import DemoScript, Step, Tablet, in_a_row
from companion.vision.geometry import TableLayout
from companion.vision.synth import Placement

STAKE_COLUMNS = 7
COLUMN_STEP = 36.0
"""Along a row of the stake: each card's top-left mark (4 + 30 mm) stays uncovered."""
ROW_STEP = 62.0
"""Rows of the stake: each lower row lies over the one above it, below its cards' marks. The camera reads a
half-covered card's position at its one visible mark (12.5 mm left of and 25 mm above its centre), so the rows
lie far enough apart that the reader still tells them apart (interpret.ROW_GAP_MM). Three rows hold 21 cards;
a fourth (about 1 random game in 50 bids more in one round) lies at the stake's near edge."""
FIRST_ROW_MM = 20.0
"""The first row's centre lies this far below the plate's centre (its top edge over the plate's lower part)."""
PILE_STEP = 14.0
"""Face-down cards (the lot, the penalties) lie fanned this far apart: nobody reads them, but they are counted."""


@dataclass
class CatsTable:
    """Where every card lies on the demo table as the game goes (the props, not the rules)."""

    layout: TableLayout
    seats: dict[str, str]
    stake: list[str] = field(default_factory=list)
    """The face-up bid cards, in the order laid."""
    lot: list[str] = field(default_factory=list)
    """Face-down prize cards in the lot (their codes only pick a back to draw: every Prize back is alike)."""
    penalties: list[str] = field(default_factory=list)

    def placements(self) -> list[Placement]:
        """Return every visible card, bottom first (later ones lie on top)."""
        out = [Placement(p.code, p.centre_mm, p.rotation, face_up=False)
               for zone, cards in ((LOT_ZONE, self.lot), (PENALTY_ZONE, self.penalties))
               for p in in_a_row(self.layout, zone, cards, step=PILE_STEP, first=-PILE_STEP * (len(cards) - 1) / 2)]
        return out + stake_placements(self.layout, self.stake)

    def follow(self, state: CatsState) -> None:
        """Lay the stake, the lot and the penalties as `state` has them."""
        self.stake = list(state.middle)
        unnamed = sorted(c for c in state.prize if c not in state.lot)
        self.lot = list(state.lot) + unnamed[: lot_size(state) - len(state.lot)]
        self.penalties = list(state.penalties)


def stake_placements(layout: TableLayout, cards: list[str]) -> list[Placement]:
    """Return the stake's cards in rows below its plate, in the order laid (a later row over the one above)."""
    x0, _, x1, _ = layout.zone(STAKE_ZONE).rect
    _, plate_y = layout.markers[layout_marker(layout, STAKE_ZONE)][0]
    first_x = (x0 + x1) / 2.0 - (STAKE_COLUMNS - 1) * COLUMN_STEP / 2.0
    out = []
    for i, code in enumerate(cards):
        row, column = divmod(i, STAKE_COLUMNS)
        out.append(Placement(code, (first_x + column * COLUMN_STEP, plate_y + FIRST_ROW_MM + row * ROW_STEP), rotation=0.0))
    return out


def layout_marker(layout: TableLayout, zone: str) -> int:
    """Return the plate a zone is tied to."""
    marker = layout.zone(zone).marker
    assert marker is not None, f"the {zone} zone has a plate"
    return marker


def props(layout: TableLayout, seats: dict[str, str], setup: Setup) -> CatsTable:
    """Return the table as the game starts: hands held, the middle empty."""
    return CatsTable(layout=layout, seats=seats)


def _typed(move: Move) -> Callable[[Tablet], None]:
    return lambda tablet: tablet.submit_manual(move_to_json(move))


def steps_of(move: Move, state: CatsState, hold: int) -> list[Step]:
    """Return the physical steps that act out one move played from `state`.

    First the move's own cards (a bid or a cat card laid face up, a penalty laid face down, the lot laid),
    with the typing of whatever is hidden; then, if the rules moved more, the table follows them (a round's
    bids to the discard pile, a Top up's Prize card into the lot). A move the camera reads is held long
    enough to be read before anything else moves.
    """
    after = rules.apply(state, move)
    laid = _laid(move)
    own = (tuple(state.middle) + laid, lot_size(state), tuple(state.penalties))
    if isinstance(move, Pass):
        own = (tuple(state.middle), lot_size(state), tuple(state.penalties) + (move.penalty,))
    rest = own != (tuple(after.middle), lot_size(after), tuple(after.penalties))
    if isinstance(move, (Bid, Play)):
        def lay(t: CatsTable) -> None:
            t.stake.extend(laid)
        steps = [Step(f"{move.player} lays {move_to_json(move)['type']} cards on the stake", lay,
                      hold * 3 if rest else hold, hands=1)]
    elif isinstance(move, Pass):
        def pay(t: CatsTable) -> None:
            t.penalties.append(move.penalty)
        steps = [Step(f"{move.player} passes: a penalty card face down; typed", pay, hold, hands=1, tablet=_typed(move))]
    elif isinstance(move, Lot):
        return [Step("the lot is laid face down; typed", lambda t: t.follow(after), hold, hands=1, tablet=_typed(move))]
    else:
        steps = [Step(f"typed: {move_to_json(move)['type']}", lambda t: None, max(hold // 2, 1), tablet=_typed(move))]
    if rest:
        steps.append(Step("the table follows the rules: bids to the discard pile, the lot as it now is",
                          lambda t: t.follow(after), hold, hands=1))
    return steps


def _laid(move: Move) -> tuple[str, ...]:
    """Return the cards a move lays face up on the stake, in order."""
    if isinstance(move, Bid):
        return tuple(move.cards)
    if isinstance(move, Play):
        return (move.card, move.turned) if KIND[move.card] == "random" and move.turned is not None else (move.card,)
    return ()


def _unfilmed(move: Move) -> bool:
    return not isinstance(move, (Bid, Play))


SCRIPT = DemoScript(random_game=lambda seed, players: as_table_records(random_game(seed, players)), props=props,
                    steps_of=steps_of, unfilmed=_unfilmed)
