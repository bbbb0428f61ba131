"""BUX rules: state + move -> new state, or a RuleViolation naming the rule broken.

Pure and deterministic: no I/O, no clock, no randomness. Each move kind has
verify_* (raises) and apply_* (verify, then build the new state); apply()
picks by type and can() says whether a move is legal. Rule ids are stable
dotted strings the tablet and the audit can rely on.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from companion.games.base import verify_seating
from companion.games.dispatch import by_move_type
from companion.games.bux.messages import W
from companion.games.bux.moves import Broke, Draw, Move, Sell, Setup, Swap
from companion.games.bux.scoring import is_protected, sellable_sets, set_payout
from companion.games.bux.state import (
    ALL_CARDS,
    DECK,
    DECKS_PER_GAME,
    PLAYING_CARDS,
    STARTING_CHIPS,
    TIMER_CARDS,
    BuxState,
    draw_deck,
    ends_deck,
    is_double_bux,
    rule,
    turn,
)

MIN_PLAYERS: int = DECK.data["players"]["min"]
MAX_PLAYERS: int = DECK.data["players"]["max"]
BID_MULTIPLE: int = DECK.data["payouts"]["bid_multiple"]
BROKE_GRANT: int = DECK.data["payouts"]["broke_grant"]
SPREAD_SIZE = 3
CARDS_PER_DRAW = 3
_PLAYING = frozenset(PLAYING_CARDS)
_TIMERS = frozenset(TIMER_CARDS)


# --- Setup ------------------------------------------------------------------

def verify_setup(move: Setup) -> None:
    """Check a deal: 3-5 unique players, a seated first player, 3 distinct playing cards each.

    Raises:
        RuleViolation: naming the first thing wrong.
    """
    players = move.players
    verify_seating(players, MIN_PLAYERS, MAX_PLAYERS, "BUX")
    if move.first not in players:
        raise W.violation("setup.first_not_seated", first=move.first)
    if set(move.spreads) != set(players):
        raise W.violation("setup.spreads_players")
    seen: set[str] = set()
    for player in players:
        spread = move.spreads[player]
        if len(spread) != SPREAD_SIZE:
            raise W.violation("setup.spread_size", player=player, size=SPREAD_SIZE, count=len(spread))
        for card in spread:
            if card in _TIMERS:
                raise W.violation("setup.timer_in_spread", card=card)
            if card not in _PLAYING:
                raise W.violation("setup.unknown_card", card=card)
            if card in seen:
                raise W.violation("setup.card_twice", card=card)
            seen.add(card)


def initial_state(move: Setup) -> BuxState:
    """Return the state after the deal: everyone on 200 chips, deck 1, timer 0.

    Raises:
        RuleViolation: if the deal is not legal (see verify_setup).
    """
    verify_setup(move)
    return BuxState(
        players=tuple(move.players),
        chips=(STARTING_CHIPS,) * len(move.players),
        spreads=tuple(frozenset(move.spreads[p]) for p in move.players),
        to_move=move.players.index(move.first),
        rules=move.rules,
    )


# --- Shared guards ----------------------------------------------------------

def _verify_turn(state: BuxState, player: str, kind: str) -> int:
    if state.over:
        raise W.violation(f"{kind}.after_game_end")
    if player not in state.players:
        raise W.violation(f"{kind}.unknown_player", player=player)
    if player != turn(state):
        raise W.violation(f"{kind}.not_your_turn", turn=turn(state), player=player)
    if state.redraw and kind != "draw":
        raise W.violation(f"{kind}.must_redraw", player=player)
    return state.seat(player)


def _next_turn(state: BuxState) -> int:
    return (state.to_move + 1) % len(state.players)


def _change(chips: tuple[int, ...], deltas: dict[int, int]) -> tuple[int, ...]:
    out = list(chips)
    for seat, delta in deltas.items():
        out[seat] += delta
    return tuple(out)


# --- Draw -------------------------------------------------------------------

@dataclass(frozen=True)
class _TurnedOver:
    playing: tuple[str, ...]
    timers: tuple[str, ...]
    ends_deck: bool
    ends_game: bool = False
    """The deck that ended was the last one (the game is over once the draw is done)."""
    settled: bool = False
    """The draw is bid on although it ended the last deck (house rule last-draw=finished)."""


def _finishes_last_draw(state: BuxState) -> bool:
    """Return True if the draw that ends the last deck is still finished and bid on (house rule last-draw=finished)."""
    return state.deck == DECKS_PER_GAME and rule(state, "last-draw") == "finished"


def _turn_over(state: BuxState, move: Draw) -> _TurnedOver:
    """Walk the cards in the order turned over, checking each against the draw deck."""
    available = draw_deck(state)
    playing: list[str] = []
    timers: list[str] = []
    seen: set[str] = set()
    ended = False
    finish = _finishes_last_draw(state)
    for card in move.cards:
        if card not in ALL_CARDS:
            raise W.violation("draw.unknown_card", card=card)
        if card in seen:
            raise W.violation("draw.card_twice", card=card)
        if card not in available:
            raise W.violation("draw.not_in_draw_deck", card=card, **_where(state, card))
        if (ended and not finish) or len(playing) == CARDS_PER_DRAW:
            raise W.violation("draw.too_many_cards", card=card)
        seen.add(card)
        if card in _TIMERS:
            timers.append(card)
            ended = ended or ends_deck(state, state.timers_out | set(timers))
        else:
            playing.append(card)
    need = min(CARDS_PER_DRAW, len(available & _PLAYING)) if ended else CARDS_PER_DRAW
    if (finish or not ended) and len(playing) != need:
        raise W.violation("draw.too_few_cards", count=len(playing), need=need)
    settled = ended and finish and bool(playing)
    return _TurnedOver(playing=tuple(playing), timers=tuple(timers), ends_deck=ended,
                       ends_game=ended and state.deck == DECKS_PER_GAME, settled=settled)


def _where(state: BuxState, card: str) -> dict[str, Any]:
    """Return where a card that is not in the draw deck is, as the parameters of draw.not_in_draw_deck."""
    for name, spread in zip(state.players, state.spreads):
        if card in spread:
            return {"why": "spread", "owner": name}
    if card in state.discard:
        return {"why": "discard"}
    if card in state.timers_out:
        return {"why": "set_aside"}
    return {"why": "out"}


def verify_draw(state: BuxState, move: Draw) -> None:
    """Check a draw: the player's turn, cards from the draw deck, and a legal settlement.

    Raises:
        RuleViolation: naming the rule broken.
    """
    seat = _verify_turn(state, move.player, "draw")
    turned = _turn_over(state, move)
    settlements = sum((move.winner is not None, move.all_passed, move.keep))
    if turned.ends_deck and not turned.settled:
        if settlements or move.price is not None:
            raise W.violation("draw.settled_after_last_timer")
        return
    if settlements != 1:
        raise W.violation("draw.unsettled")
    if move.keep:
        if state.spreads[seat]:
            raise W.violation("draw.keep_with_cards", player=move.player)
        if move.price is not None:
            raise W.violation("draw.keep_with_price")
        return
    if move.all_passed:
        if move.price is not None:
            raise W.violation("draw.price_without_winner")
        return
    if move.winner not in state.players:
        raise W.violation("draw.unknown_winner", winner=move.winner)
    verify_bid(state, move.winner, move.price)


def verify_bid(state: BuxState, winner: str, price: object) -> None:
    """Check a winning bid: a whole multiple of 5, at least 5, at most the winner's chips.

    Raises:
        RuleViolation: bid.not_integer, bid.not_multiple, bid.too_low or bid.over_chips.
    """
    verify_price(price)
    assert isinstance(price, int)
    chips = state.chips[state.seat(winner)]
    if price > chips:
        raise W.violation("bid.over_chips", winner=winner, chips=chips, price=price)


def verify_price(price: object) -> None:
    """Check a price before its winner is known: a whole multiple of 5, at least 5.

    Raises:
        RuleViolation: bid.not_integer, bid.too_low or bid.not_multiple.
    """
    if isinstance(price, bool) or not isinstance(price, int):
        raise W.violation("bid.not_integer", price=price)
    if price < BID_MULTIPLE:
        raise W.violation("bid.too_low", minimum=BID_MULTIPLE, price=price)
    if price % BID_MULTIPLE:
        raise W.violation("bid.not_multiple", multiple=BID_MULTIPLE, price=price)


def apply_draw(state: BuxState, move: Draw) -> BuxState:
    """Return the state after a draw and its settlement (or the deck's end).

    Raises:
        RuleViolation: if the draw is illegal.
    """
    verify_draw(state, move)
    turned = _turn_over(state, move)
    seat = state.to_move
    if turned.ends_deck and not turned.settled:
        if turned.ends_game:
            # The game ends at once; the cards turned over go to nobody.
            return replace(state, timers_out=state.timers_out | set(turned.timers), over=True, redraw=False)
        # Everything not in a spread is reshuffled into the next deck; same player draws again.
        return replace(state, deck=state.deck + 1, timers_out=frozenset(), discard=frozenset(), redraw=True)
    cards = frozenset(turned.playing)
    timers_out = state.timers_out | set(turned.timers)
    # A last draw that is finished (house rule last-draw=finished) is settled, then the game is over.
    base = replace(state, timers_out=timers_out, redraw=False, to_move=_next_turn(state), over=turned.ends_game)
    if move.all_passed:
        return replace(base, discard=state.discard | cards)
    if move.keep:
        return replace(base, spreads=_add_cards(state.spreads, seat, cards))
    assert move.winner is not None and move.price is not None, "verify_draw checked a won bid names winner and price"
    buyer = state.seat(move.winner)
    if buyer == seat:
        chips = _change(state.chips, {seat: -move.price})
        bank_paid = state.bank_paid - move.price
    else:
        chips = _change(state.chips, {buyer: -move.price, seat: move.price})
        bank_paid = state.bank_paid
    return replace(base, chips=chips, bank_paid=bank_paid, spreads=_add_cards(state.spreads, buyer, cards))


def _add_cards(spreads: tuple[frozenset[str], ...], seat: int, cards: frozenset[str]) -> tuple[frozenset[str], ...]:
    return spreads[:seat] + (spreads[seat] | cards,) + spreads[seat + 1:]


# --- Sell -------------------------------------------------------------------

def verify_sell(state: BuxState, move: Sell) -> None:
    """Check a sale: the player's turn, at least one set, every card theirs, each set a match.

    Raises:
        RuleViolation: naming the rule broken.
    """
    seat = _verify_turn(state, move.player, "sell")
    if not move.sets:
        raise W.violation("sell.no_sets")
    seen: set[str] = set()
    for cards in move.sets:
        if len(cards) != 3:
            raise W.violation("sell.set_size", count=len(cards), cards=list(cards))
        for card in cards:
            if card in seen:
                raise W.violation("sell.card_twice", card=card)
            if card not in state.spreads[seat]:
                raise W.violation("sell.not_in_spread", card=card, player=move.player)
            seen.add(card)
        if set_payout(cards) is None:
            raise W.violation("sell.not_a_set", cards=list(cards))


def sale_payout(state: BuxState, move: Sell) -> int:
    """Return what a legal sale pays now (doubled during Double-BUX)."""
    double = is_double_bux(state)
    return sum(set_payout(cards, double=double) or 0 for cards in move.sets)  # each a set: verify_sell checked


def apply_sell(state: BuxState, move: Sell) -> BuxState:
    """Return the state after a sale: the bank pays, sold cards go to the discard pile.

    Raises:
        RuleViolation: if the sale is illegal.
    """
    verify_sell(state, move)
    seat = state.to_move
    sold = frozenset(card for cards in move.sets for card in cards)
    pay = sale_payout(state, move)
    spreads = state.spreads[:seat] + (state.spreads[seat] - sold,) + state.spreads[seat + 1:]
    return replace(
        state,
        chips=_change(state.chips, {seat: pay}),
        spreads=spreads,
        discard=state.discard | sold,
        bank_paid=state.bank_paid + pay,
        to_move=_next_turn(state),
    )


# --- Swap -------------------------------------------------------------------

def verify_swap(state: BuxState, move: Swap) -> None:
    """Check a swap: one own card for an unprotected card of another player's spread.

    Raises:
        RuleViolation: naming the rule broken.
    """
    seat = _verify_turn(state, move.player, "swap")
    if move.from_ not in state.players:
        raise W.violation("swap.unknown_player", player=move.from_)
    if move.from_ == move.player:
        raise W.violation("swap.from_self")
    if move.give not in state.spreads[seat]:
        raise W.violation("swap.give_not_in_spread", card=move.give, player=move.player)
    other = state.spreads[state.seat(move.from_)]
    if move.take not in other:
        raise W.violation("swap.take_not_in_spread", card=move.take, player=move.from_)
    if is_protected(other, move.take):
        raise W.violation("swap.take_protected", card=move.take, player=move.from_)


def apply_swap(state: BuxState, move: Swap) -> BuxState:
    """Return the state after a swap.

    Raises:
        RuleViolation: if the swap is illegal.
    """
    verify_swap(state, move)
    seat, other = state.to_move, state.seat(move.from_)
    spreads = list(state.spreads)
    spreads[seat] = spreads[seat] - {move.give} | {move.take}
    spreads[other] = spreads[other] - {move.take} | {move.give}
    return replace(state, spreads=tuple(spreads), to_move=_next_turn(state))


# --- Broke ------------------------------------------------------------------

def verify_broke(state: BuxState, move: Broke) -> None:
    """Check that the player to move has no chips.

    Raises:
        RuleViolation: broke.has_chips (or a turn rule).
    """
    seat = _verify_turn(state, move.player, "broke")
    if state.chips[seat]:
        raise W.violation("broke.has_chips", player=move.player, chips=state.chips[seat])


def apply_broke(state: BuxState, move: Broke) -> BuxState:
    """Return the state after a broke player takes 100 from the bank and passes.

    Raises:
        RuleViolation: if the player is not broke or it is not their turn.
    """
    verify_broke(state, move)
    seat = state.to_move
    grant = broke_grant(state)
    return replace(
        state,
        chips=_change(state.chips, {seat: grant}),
        bank_paid=state.bank_paid + grant,
        to_move=_next_turn(state),
    )


def broke_grant(state: BuxState) -> int:
    """Return what a broke player takes now: 100, or 200 during Double-BUX under the house rule broke-grant=doubled."""
    if is_double_bux(state) and rule(state, "broke-grant") == "doubled":
        return 2 * BROKE_GRANT
    return BROKE_GRANT


# --- Dispatch ---------------------------------------------------------------

_APPLY: dict[type[Any], Callable[[BuxState, Any], BuxState]] = {Draw: apply_draw, Sell: apply_sell, Swap: apply_swap, Broke: apply_broke}

apply, can = by_move_type(_APPLY, W, Setup)


# --- Queries ----------------------------------------------------------------

@dataclass(frozen=True)
class LegalActions:
    """What the player to move may do now, for the tablet's pickers.

    Draws depend on chance, so they are described (may draw, may keep) rather than listed.
    """

    player: str | None
    can_draw: bool
    can_keep: bool
    can_broke: bool
    sellable_sets: tuple[tuple[str, str, str], ...]
    swaps: tuple[Swap, ...]


def legal_actions(state: BuxState) -> LegalActions:
    """Return what the player to move may do (nothing once the game is over)."""
    player = turn(state)
    if player is None:
        return LegalActions(player=None, can_draw=False, can_keep=False, can_broke=False, sellable_sets=(), swaps=())
    seat = state.to_move
    spread = state.spreads[seat]
    if state.redraw:
        return LegalActions(player=player, can_draw=True, can_keep=not spread, can_broke=False, sellable_sets=(), swaps=())
    swaps = tuple(
        Swap(player=player, give=give, take=take, from_=other)
        for other, theirs in zip(state.players, state.spreads)
        if other != player
        for take in sorted(theirs)
        if not is_protected(theirs, take)
        for give in sorted(spread)
    )
    return LegalActions(
        player=player,
        can_draw=True,
        can_keep=not spread,
        can_broke=state.chips[seat] == 0,
        sellable_sets=sellable_sets(spread),
        swaps=swaps,
    )


def legal_moves(state: BuxState) -> tuple[Move, ...]:
    """Return every legal non-chance move (single-set sells, swaps, broke) for the player to move."""
    actions = legal_actions(state)
    if actions.player is None:
        return ()
    moves: list[Move] = [Sell(player=actions.player, sets=(s,)) for s in actions.sellable_sets]
    moves.extend(actions.swaps)
    if actions.can_broke:
        moves.append(Broke(player=actions.player))
    return tuple(moves)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended."""

    winners: tuple[str, ...]
    reason: str


def outcome(state: BuxState) -> Outcome | None:
    """Return the outcome (most chips wins; ties share) once the game is over, else None."""
    if not state.over:
        return None
    top = max(state.chips)
    winners = tuple(p for p, c in zip(state.players, state.chips) if c == top)
    return Outcome(winners=winners, reason="the third timer card of the third deck turned up")


def is_over(state: BuxState) -> bool:
    """Return True once the third timer card of the third deck has turned up."""
    return state.over
