"""How a BUX game looks on the table, for the self-playing demo (companion/demo.py films it).

Cards are turned over one by one into the bid area (timer cards into the timer
area), carried to the winner's spread or the discard pile, sold onto the discard
pile, swapped between spreads; a reshuffle gathers every unowned card. The
price of a won draw, "keep" and "broke" are typed on the tablet, as players do.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from companion.games.bux import rules
from companion.games.bux.moves import Broke, Draw, Move, Sell, Setup, Swap
from companion.games.bux.record import move_to_json
from companion.games.bux.selfplay import random_game
from companion.games.bux.state import TIMER_CARDS, BuxState
from companion.table.stage import DemoScript, Step, Tablet, beside_plate, carry, in_a_row, spread
from companion.vision.geometry import TableLayout
from companion.vision.synth import Placement


@dataclass
class BuxTable:
    """Where every card lies on the demo table as the game goes (the props, not the rules)."""

    layout: TableLayout
    seats: dict[str, str]
    spreads: dict[str, list[str]] = field(default_factory=dict)
    bid: list[str] = field(default_factory=list)
    timers: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)

    def placements(self) -> list[Placement]:
        """Return every visible card, bottom first (later ones lie on top)."""
        out: list[Placement] = []
        # Tray cards lie beside their zone's plate (between it and the table's near edge), never on it.
        dcx, dcy = beside_plate(self.layout, "discard")
        for i, code in enumerate(self.discard):
            jitter = math.sin(i * 2.3) * 5.0, math.cos(i * 1.7) * 4.0
            out.append(Placement(code, (dcx + jitter[0], dcy + jitter[1]), rotation=math.sin(i * 0.9) * 10.0))
        out.extend(in_a_row(self.layout, "timer_area", self.timers))
        out.extend(in_a_row(self.layout, "bid_area", self.bid))
        for player, cards in self.spreads.items():
            out.extend(spread(self.layout.zone(self.seats[player]), cards))
        return out


def props(layout: TableLayout, seats: dict[str, str], setup: Setup) -> BuxTable:
    """Return the table as the game starts: each player's dealt spread at their seat."""
    return BuxTable(layout=layout, seats=seats, spreads={p: list(setup.spreads[p]) for p in setup.players})


def steps_of(move: Move, state: BuxState, hold: int) -> list[Step]:
    """Return the physical steps that act out one move played from `state`."""
    if isinstance(move, Draw):
        return _draw_steps(move, state, hold)
    if isinstance(move, Sell):
        sold = [c for s in move.sets for c in s]
        return [Step(f"{move.player} sells {len(move.sets)} set(s)",
                     lambda t: carry(t.spreads[move.player], t.discard, sold), hold * 2, hands=1)]
    if isinstance(move, Swap):
        def swap(t: BuxTable) -> None:
            mine, theirs = t.spreads[move.player], t.spreads[move.from_]
            mine[mine.index(move.give)] = move.take
            theirs[theirs.index(move.take)] = move.give
        return [Step(f"{move.player} swaps with {move.from_}", swap, hold, hands=1)]
    if isinstance(move, Broke):
        return [Step(f"{move.player} is broke and takes 100", lambda t: None, max(hold // 2, 1),
                     tablet=lambda tablet: tablet.submit_manual(move_to_json(move)))]
    return []


def _draw_steps(move: Draw, state: BuxState, hold: int) -> list[Step]:
    """Each card turned over, then where the draw's cards go (a winner, the drawer, the discard pile, a reshuffle)."""
    steps: list[Step] = []
    for code in move.cards:
        pile = "timers" if code in TIMER_CARDS else "bid"

        def turn_over(t: BuxTable, c: str = code, p: str = pile) -> None:
            getattr(t, p).append(c)
        steps.append(Step(f"{move.player} turns over a card", turn_over, hold, hands=1))
    new = rules.apply(state, move)
    playing = [c for c in move.cards if c not in TIMER_CARDS]
    if new.over:
        steps.append(Step("the third timer card of the third deck: game over", lambda t: None, hold * 2))
    elif new.deck != state.deck:
        def gather(t: BuxTable) -> None:
            t.bid.clear()
            t.timers.clear()
            t.discard.clear()
        steps.append(Step("reshuffle: every unowned card is gathered", gather, hold * 3, hands=2))
    elif move.all_passed:
        steps.append(Step("everyone passes: the cards go to the discard pile",
                          lambda t: carry(t.bid, t.discard, playing), hold * 2, hands=1))
    elif move.keep:
        def keep(tablet: Tablet) -> None:
            tablet.enter_bid(keep=True)
        steps.append(Step(f"{move.player} keeps the cards",
                          lambda t: carry(t.bid, t.spreads[move.player], playing), hold, hands=1, tablet=keep))
    else:
        winner = move.winner
        assert winner is not None, "a draw neither passed nor kept is won"

        def price(tablet: Tablet) -> None:
            tablet.enter_bid(price=move.price)
        steps.append(Step(f"{move.winner} takes the cards; the price is typed",
                          lambda t: carry(t.bid, t.spreads[winner], playing), hold, hands=1, tablet=price))
    return steps


def confirm(proposed: dict, truth: dict) -> tuple[dict, bool]:
    """Return the line a player confirms for the camera's proposal, and whether that corrects it.

    The camera may group a sale's cards into sets another way than the player meant (the same cards):
    the player then corrects the grouping. Anything else is confirmed as proposed (and judged by the rules).
    """
    if proposed == truth:
        return proposed, False
    if proposed.get("type") == "sell" and truth.get("type") == "sell" and \
            sorted(map(sorted, proposed["sets"])) != sorted(map(sorted, truth["sets"])) and \
            sorted(c for s in proposed["sets"] for c in s) == sorted(c for s in truth["sets"] for c in s):
        return truth, True
    return proposed, False


SCRIPT = DemoScript(random_game=lambda seed, players: list(random_game(seed, players)), props=props,
                    steps_of=steps_of, confirm=confirm, unfilmed=lambda move: isinstance(move, Broke))
