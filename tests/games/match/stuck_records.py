"""Play the two blue/red rounds that used to get stuck, by legal play: `python -m tests.games.match.stuck_records`.

The issue "a round can get stuck": in the advanced game a Wild goes to the
advanced discard with no replacement when its colour has no card left, and a
Steal victim draws nothing when the Steal's colour has none left. Either can
empty a hand mid-turn, and the engine used to leave such a round in `play`,
refusing every later line. The engine tests build those states by hand; this
module reaches each one from a setup and a random deal, every line through
rules.apply, and writes the records kept in tests/records/ as fixtures:

* match-stuck-wild-5p: one player keeps a Wild while the others hoard every
  card of its colour; once that colour's deck and pile are empty, the player
  draws, lays every other card in matches and puts the Wild away with nothing
  to draw: the Wild was the last card in hand.
* match-stuck-steal-5p: the victim spends a Trade (an odd hand), keeps one
  numbered card of the Steal's colour; once that colour is gone the next
  player steals it, and the victim has nothing to draw.

Each round is then scored and round 2 dealt. Five players, because the
hoarders must hold every card of the colour (36) in their hands.
Chance (the deal, which deck card turns up) comes from a seeded random.Random;
the players' choices are the guided policy below. SEEDS holds, per record, the
seed of the shortest record among the first 200 that reach the situation, so
the tests never search; `--search` looks again.
"""

from __future__ import annotations

import json
import random
import sys
from functools import lru_cache
from pathlib import Path
from typing import Callable

from companion.games.match import rules
from companion.games.match.moves import Discard, DiscardWild, Draw, Match, Move, Score, Setup, Steal, Trade
from companion.games.match.record import move_to_json
from companion.games.match.scoring import match_value
from companion.games.match.selfplay import shuffled_deal
from companion.games.match.state import COLOUR, COLOURS, KIND, NUMBERED, PLAY, SCORE, MatchState

RECORDS = Path(__file__).resolve().parents[2] / "records"
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
MAX_TURNS = 300
SEEDS = {"match-stuck-wild-5p": 184, "match-stuck-steal-5p": 0}


class GaveUp(Exception):
    """The seed's deal or draws never reach the situation within MAX_TURNS."""


class Table:
    """The record being played: every move goes through rules.apply before it is kept."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        setup = Setup(players=NAMES, dealer=NAMES[-1], advanced=True)
        self.state = rules.initial_state(setup)
        self.moves: list[Move] = [setup]
        self.notes: dict[int, str] = {}

    def push(self, move: Move, note: str | None = None) -> None:
        self.state = rules.apply(self.state, move)
        self.moves.append(move)
        if note:
            self.notes[len(self.moves) - 1] = note

    def deal(self) -> None:
        self.push(shuffled_deal(self.state, self.rng))

    def hand(self, player: str) -> frozenset[str]:
        return self.state.hands[self.state.seat(player)]

    def draw(self, player: str, colours: tuple[str, ...], wanted: Callable[[str], bool] = lambda c: False) -> str | None:
        """Draw a discard top that `wanted` likes, else from the first colour of `colours` with a card (chance picks it)."""
        state = self.state
        for i, colour in enumerate(COLOURS):
            if state.discards[i] and wanted(state.discards[i][-1]):
                return self._take(player, f"{colour}-discard", state.discards[i][-1])
        for colour in colours:
            i = COLOURS.index(colour)
            if state.decks[i]:
                return self._take(player, f"{colour}-deck", self.rng.choice(sorted(state.decks[i])))
            if state.discards[i]:
                return self._take(player, f"{colour}-discard", state.discards[i][-1])
        self.push(Draw(player=player, source=None, card=None))
        return None

    def _take(self, player: str, source: str, card: str) -> str:
        self.push(Draw(player=player, source=source, card=card))
        return card

    def record(self) -> str:
        """Return the JSON Lines text, with the notes on their lines."""
        out = []
        for i, move in enumerate(self.moves):
            line = move_to_json(move)
            if i in self.notes:
                line["note"] = self.notes[i]
            out.append(json.dumps(line, ensure_ascii=False) + "\n")
        return "".join(out)


def gone(state: MatchState, colour: str) -> bool:
    """Return True when a colour's deck and normal discard pile are both empty (nothing of it left to draw)."""
    i = COLOURS.index(colour)
    return not state.decks[i] and not state.discards[i]


@lru_cache(maxsize=None)
def pairs(cards: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """Return a largest set of matches that can be laid from `cards` (every card in one match at most)."""
    if not cards:
        return ()
    first = min(cards)
    best = pairs(cards - {first})
    for other in sorted(cards - {first}):
        if match_value((first, other)) is not None:
            found = ((first, other),) + pairs(cards - {first, other})
            if len(found) > len(best):
                best = found
    return best


def value(cards: frozenset[str], colour: str) -> tuple[int, int]:
    """How near a kept hand is to finishing: matches it holds, then whether a numbered card of `colour` is left over."""
    laid = pairs(cards)
    rest = cards - {c for pair in laid for c in pair}
    return len(laid), int(any(c in NUMBERED and COLOUR[c] == colour for c in rest))


def best_discard(table: Table, player: str, keep: frozenset[str], colour: str) -> str:
    """Return the card whose discard leaves the best hand (never one of `keep`; ties: not `colour`, then chance)."""
    hand = table.hand(player)
    options = sorted(hand - keep)
    table.rng.shuffle(options)
    return max(options, key=lambda c: (value(hand - keep - {c}, colour), COLOUR[c] != colour))


def hoard(table: Table, player: str, colour: str, keep: frozenset[str] = frozenset()) -> None:
    """A hoarder's turn: draw `colour` while any is left, discard another colour, never lay a match."""
    other = COLOURS[1 - COLOURS.index(colour)]
    table.draw(player, (colour, other))
    hand = table.hand(player)
    options = sorted(c for c in hand - keep if COLOUR[c] != colour) or sorted(hand - keep)
    table.push(Discard(player=player, card=table.rng.choice(options)))


def collect(table: Table, player: str, colour: str, keep: frozenset[str]) -> None:
    """A collector's turn before `colour` is gone: keep `keep`, gather matches and one numbered card of `colour`."""
    hand = table.hand(player) - keep
    laid = pairs(hand)
    lone = hand - {c for pair in laid for c in pair}
    other = COLOURS[1 - COLOURS.index(colour)]
    need = other if any(COLOUR[c] == colour for c in lone) and not any(COLOUR[c] == other for c in lone) else colour
    table.draw(player, (need, other), wanted=lambda c: value(hand | {c}, colour) > value(hand, colour))
    table.push(Discard(player=player, card=best_discard(table, player, keep, colour)))


def lay_all(table: Table, player: str, cards: frozenset[str]) -> None:
    for pair in pairs(cards):
        table.push(Match(player=player, cards=pair))


# --- The Wild put away with no replacement, as the last card in hand -----------

def wild_round(seed: int) -> Table:
    """Play round 1 until a Wild is put away unreplaced as the last card in hand; score it; deal round 2."""
    table = Table(seed)
    table.deal()
    holders = [(p, c) for p in NAMES for c in sorted(table.hand(p)) if KIND[c] == "wild"]
    if not holders:
        raise GaveUp("nobody was dealt a Wild")
    keeper, wild = holders[0]
    colour = COLOUR[wild]
    for _ in range(MAX_TURNS):
        player = NAMES[table.state.to_move]
        if player != keeper:
            hoard(table, player, colour)
        elif not gone(table.state, colour):
            collect(table, player, colour, frozenset({wild}))
        else:
            rest = table.hand(player) - {wild}
            drawn = table.draw(player, COLOURS, wanted=lambda c: len(pairs(rest | {c})) * 2 == len(rest) + 1)
            rest = table.hand(player) - {wild}
            if len(pairs(rest)) * 2 == len(rest):
                lay_all(table, player, rest)
                table.push(DiscardWild(player=player, card=wild, draw=None),
                           note=f"no {colour} card is left to draw: the Wild goes with no replacement and was "
                                f"{keeper}'s last card, so the round ends here")
                return finish(table)
            table.push(Discard(player=player, card=drawn if drawn else best_discard(table, player, frozenset({wild}), colour)))
    raise GaveUp(f"no finish in {MAX_TURNS} turns")


# --- The Steal victim who draws nothing ---------------------------------------

def steal_round(seed: int) -> Table:
    """Play round 1 until a Steal takes a victim's last card and there is nothing to draw; score it; deal round 2."""
    table = Table(seed)
    table.deal()
    seats = [(NAMES[i - 1], thief, steal, trade) for i, thief in enumerate(NAMES)
             for steal in sorted(table.hand(thief)) if KIND[steal] == "steal"
             for trade in sorted(table.hand(NAMES[i - 1])) if KIND[trade] == "trade"]
    if not seats:
        raise GaveUp("no Steal holder sits after a Trade holder")
    victim, thief, steal, trade = seats[0]
    colour = COLOUR[steal]
    for _ in range(MAX_TURNS):
        player = NAMES[table.state.to_move]
        victim_hand = table.hand(victim)
        if player == thief and len(victim_hand) == 1 and gone(table.state, colour):
            (card,) = victim_hand
            table.draw(player, COLOURS)
            table.push(Steal(player=player, card=steal, from_=victim, take=card, draw=None),
                       note=f"{victim} is robbed of the last card and no {colour} card is left to draw: "
                            f"{victim}'s hand is empty, so the round ends here")
            return finish(table)
        if player == thief:
            hoard(table, player, colour, keep=frozenset({steal}))
        elif player != victim:
            hoard(table, player, colour)
        elif not gone(table.state, colour):
            collect(table, player, colour, frozenset({trade}))
        else:
            table.draw(player, COLOURS)
            if not _down_to_one(table, player, trade, colour):
                table.push(Discard(player=player, card=best_discard(table, player, frozenset({trade}), colour)))
    raise GaveUp(f"no finish in {MAX_TURNS} turns")


def _down_to_one(table: Table, player: str, trade: str, colour: str) -> bool:
    """Play the Trade, lay matches and discard so that one numbered card of `colour` is left; False if no way."""
    state, seat = table.state, table.state.seat(player)
    tcolour = COLOUR[trade]
    mine = sorted(c for c in state.hands[seat] if c in NUMBERED and COLOUR[c] == tcolour)
    able = [(p, sorted(c for c in state.hands[i] if c in NUMBERED and COLOUR[c] == tcolour))
            for i, p in enumerate(state.players) if i != seat]
    able = [(p, cards) for p, cards in able if cards]
    options = [Trade(player=player, card=trade)] if not able else [
        Trade(player=player, card=trade, with_=p, take=t, give=g) for p, cards in able for t in cards for g in mine]
    for move in options:
        after = state.hands[seat] - {trade, move.give} | ({move.take} if move.take else set())
        for last in sorted(c for c in after if c in NUMBERED and COLOUR[c] == colour):
            for out in sorted(c for c in after - {last} if COLOUR[c] != colour):
                rest = after - {last, out}
                if len(pairs(rest)) * 2 == len(rest):
                    table.push(move)
                    lay_all(table, player, rest)
                    table.push(Discard(player=player, card=out))
                    return True
    return False


def finish(table: Table) -> Table:
    """Score the ended round from the play, then deal round 2."""
    assert table.state.phase == SCORE
    table.push(Score(round=table.state.round, players=rules.tracked_layouts(table.state)))
    table.deal()
    return table


BUILDERS = {"match-stuck-wild-5p": wild_round, "match-stuck-steal-5p": steal_round}


def search(name: str, seeds: range = range(200)) -> tuple[int, int]:
    """Return (seed, record lines) of the shortest record among `seeds` that reaches the situation."""
    found = []
    for seed in seeds:
        try:
            found.append((len(BUILDERS[name](seed).moves), seed))
        except GaveUp:
            continue
    lines, seed = min(found)
    return seed, lines


def main(argv: list[str] | None = None) -> int:
    """Write the records from SEEDS (with --search: print the best seeds first and use them)."""
    argv = sys.argv[1:] if argv is None else argv
    seeds = dict(SEEDS)
    if "--search" in argv:
        for name in BUILDERS:
            seeds[name], lines = search(name)
            print(f"{name}: seed {seeds[name]}, {lines} lines")
    for name, build in BUILDERS.items():
        (RECORDS / f"{name}.jsonl").write_text(build(seeds[name]).record(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
