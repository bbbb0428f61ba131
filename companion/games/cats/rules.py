"""Cat auction rules: state + move -> new state, or a violation naming the rule broken.

Pure and deterministic: no I/O, no clock, no randomness. Each move kind has
verify_* (raises), and apply_* (verify, then build the new state); apply()
picks by type. Rule ids are stable dotted strings. Every violation carries
its rule id and parameters, worded in Russian and English by cats/messages.py
so the tablet can show the player's language; the hint table comes from the deck data (hints.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import AbstractSet, Any, Callable

from companion.games.base import verify_player_names
from companion.games.dispatch import by_move_type
from companion.games.cats import hints
from companion.games.cats.messages import W
from companion.games.cats.moves import Bid, Deal, Draw, Lot, Pass, Play, Reveal, Setup
from companion.games.cats.state import (
    ALL_CARDS,
    BANK_CARDS_EACH,
    BIDDING,
    CAT_CARDS,
    DEAL,
    DRAWING,
    GOLDEN,
    KIND,
    LOT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NOT_DEALT,
    NUMBER_CARDS,
    OVER,
    REVEAL,
    VALUE,
    ZERO,
    CatsState,
    bid_value,
    draw_count,
    in_game,
    in_round,
    prize_size,
    stake_state,
    turn,
)

_NUMBERS = frozenset(NUMBER_CARDS)
_CATS = frozenset(CAT_CARDS)
TURNS_A_CARD = {"random": "bank", "top-up": "prize", "frame-up": "prize"}
"""Cat kinds whose effect takes a card from a deck, and which deck."""


# --- Setup ------------------------------------------------------------------

def verify_setup(move: Setup) -> None:
    """Check a deal: 2-4 unique players, a seated first player, 7 Bank cards and N-1 dealable cats each.

    Raises:
        RuleViolation: naming the first thing wrong.
    """
    players = move.players
    count = len(players)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise W.violation("setup.player_count", minimum=MIN_PLAYERS, maximum=MAX_PLAYERS, count=count)
    verify_player_names(players)
    if move.first not in players:
        raise W.violation("setup.first_not_seated", first=move.first)
    if not move.hands:
        return  # a secret deal: each player enters their own hand (Deal moves)
    if set(move.hands) != set(players):
        raise W.violation("setup.hands_players")
    seen: set[str] = set()
    for player in players:
        _verify_hand(player, move.hands[player], count, seen)


def _verify_hand(player: str, hand: AbstractSet[str] | tuple[str, ...], count: int, seen: set[str]) -> None:
    """Check one dealt hand: known unique cards, 7 Bank cards and N-1 dealable cats."""
    for card in hand:
        if card not in ALL_CARDS:
            raise W.violation("setup.unknown_card", card=card)
        if card in seen:
            raise W.violation("setup.card_twice", card=card)
        seen.add(card)
    numbers = [c for c in hand if c in _NUMBERS]
    cats = [c for c in hand if c in _CATS]
    if len(numbers) != BANK_CARDS_EACH:
        raise W.violation("setup.bank_cards", player=player, need=BANK_CARDS_EACH, count=len(numbers))
    if len(cats) != count - 1:
        raise W.violation("setup.cat_cards", players=count, need=count - 1, player=player, count=len(cats))
    for card in cats:
        if KIND[card] in NOT_DEALT:
            raise W.violation("setup.pair_dealt", card=card)


def initial_state(move: Setup) -> CatsState:
    """Return the state after the deal: the rest of each deck face down, waiting for the first lot.

    Raises:
        RuleViolation: if the deal is not legal (see verify_setup).
    """
    verify_setup(move)
    dealt = frozenset(c for hand in move.hands.values() for c in hand)
    state = CatsState(
        players=tuple(move.players),
        hands=tuple(frozenset(move.hands.get(p, ())) for p in move.players),
        bank=_NUMBERS - dealt,
        prize=_CATS - dealt,
        starter=move.players.index(move.first),
    )
    if not move.hands:
        return _check(replace(state, phase=DEAL))
    return _check(_begin_round(replace(state, dealt=frozenset(range(len(state.players))))))


# --- Deal (a secret deal, one hand at a time) --------------------------------

def verify_deal(state: CatsState, move: Deal) -> None:
    """Check one player's dealt hand: the deal is open, theirs is not in yet, the cards are still in the decks.

    Raises:
        RuleViolation: naming the rule broken.
    """
    if state.phase != DEAL:
        raise W.violation("deal.not_now")
    if move.player not in state.players:
        raise W.violation("deal.unknown_player", player=move.player)
    if state.seat(move.player) in state.dealt:
        raise W.violation("deal.twice", player=move.player)
    if len(set(move.cards)) != len(move.cards):
        raise W.violation("deal.card_twice")
    _verify_hand(move.player, move.cards, len(state.players), set())
    for card in move.cards:
        if card not in state.bank and card not in state.prize:
            raise W.violation("deal.card_taken", card=card)


def apply_deal(state: CatsState, move: Deal) -> CatsState:
    """Return the state with one more hand known; the first round begins once every hand is in.

    Raises:
        RuleViolation: if the hand is not a legal deal.
    """
    verify_deal(state, move)
    seat = state.seat(move.player)
    cards = frozenset(move.cards)
    state = replace(state, hands=_with(state.hands, seat, cards), bank=state.bank - cards, prize=state.prize - cards,
                    dealt=state.dealt | {seat})
    if len(state.dealt) == len(state.players):
        return _check(_begin_round(state))
    return _check(state)


# --- Round flow -------------------------------------------------------------

_ROUND_RESET: dict[str, Any] = dict(lot=(), penalties=(), middle=(), stake=0, golden=False, prior_stake=0, holder=None, last_bid=None,
                    bid_made=False, to_move=None, passed=frozenset(), early=frozenset(), peeked=frozenset(), draws=())


def _begin_round(state: CatsState) -> CatsState:
    """Start the next round: wait for the lot, or (Prize deck empty) open the decisive round."""
    state = replace(state, **_ROUND_RESET)
    if prize_size(state):
        return replace(state, phase=LOT)
    state = replace(state, phase=BIDDING, decisive=True, round_no=state.round_no + 1)
    return _next_turn(state, _before(state, state.starter))


def _before(state: CatsState, seat: int) -> int:
    return (seat - 1) % len(state.players)


def _next_turn(state: CatsState, actor: int) -> CatsState:
    """Pass the turn on from `actor`, ending the round or the game when the rules say so.

    A player whose turn comes with an empty hand can neither bid nor pay a
    penalty: they are out, and the turn moves on.
    """
    while True:
        alive = in_game(state)
        if len(alive) == 1:
            return replace(state, phase=OVER, to_move=None, winner=alive[0], discard=state.discard | set(state.middle), middle=())
        bidding = in_round(state)
        if state.holder is not None and bidding == (state.holder,):
            return _win_round(state)
        if not bidding:
            return _no_winner(state)
        n = len(state.players)
        seat = next(s for s in ((actor + k) % n for k in range(1, n + 1)) if s in bidding)
        if state.hands[seat]:
            return replace(state, to_move=seat)
        state, actor = replace(state, out=state.out | {seat}), seat


def _win_round(state: CatsState) -> CatsState:
    """The holder wins: lot and penalties to their hand, bids to the discard, losers draw.

    Face-down lot cards nobody named make the winner name them first (REVEAL).
    """
    winner = state.holder
    assert winner is not None, "a round is won only by the stake holder"
    hands = _with(state.hands, winner, state.hands[winner] | set(state.lot) | set(state.penalties))
    name = state.players[winner]
    state = replace(state, hands=hands, discard=state.discard | set(state.middle), lot=(), penalties=(), middle=(),
                    last_round=f"won by {name}")
    if state.decisive:
        return replace(state, phase=OVER, to_move=None, winner=winner)
    if state.lot_hidden:
        return replace(state, phase=REVEAL, to_move=None)
    return _after_win(state)


def _after_win(state: CatsState) -> CatsState:
    """The losers who bid draw their compensation, then the winner starts the next round."""
    winner = state.holder
    assert winner is not None, "a round is won only by the stake holder"
    n = len(state.players)
    order = ((state.starter + k) % n for k in range(n))
    drawers = tuple(s for s in order if s != winner and s not in state.out and s in state.passed and s not in state.early)
    state = replace(state, starter=winner)
    if drawers and state.bank:
        return replace(state, phase=DRAWING, to_move=None, draws=drawers)
    return _begin_round(state)


def _no_winner(state: CatsState) -> CatsState:
    """Nobody holds a stake and everyone passed: lot and penalties go face down to the discard."""
    discard = state.discard | set(state.lot) | set(state.penalties) | set(state.middle)
    n = len(state.players)
    starter = next(s for s in ((state.starter + k) % n for k in range(1, n + 1)) if s not in state.out)
    state = replace(state, discard=discard, lot=(), penalties=(), middle=(), starter=starter, last_round="no winner",
                    discard_hidden=state.discard_hidden + state.lot_hidden, lot_hidden=0)
    return _begin_round(state)


def _with(hands: tuple[frozenset[str], ...], seat: int, hand: frozenset[str]) -> tuple[frozenset[str], ...]:
    return hands[:seat] + (frozenset(hand),) + hands[seat + 1:]


def _check(state: CatsState) -> CatsState:
    """Assert that every card is in exactly one place (an engine invariant, not a user check)."""
    places = [*state.hands, state.bank, state.prize, state.discard, set(state.lot), set(state.penalties), set(state.middle)]
    assert sum(len(p) for p in places) == len(ALL_CARDS) and frozenset().union(*places) == ALL_CARDS, "cards not conserved"
    return state


# --- Lot --------------------------------------------------------------------

def verify_lot(state: CatsState, move: Lot) -> None:
    """Check a lot: the round is waiting for one and the card is in the Prize deck.

    Raises:
        RuleViolation: lot.after_game_end, lot.not_now, lot.unknown_card or lot.not_in_prize.
    """
    if state.phase == OVER:
        raise W.violation("lot.after_game_end")
    if state.phase != LOT:
        raise W.violation("lot.not_now")
    if move.card is None:
        return
    if move.card not in ALL_CARDS:
        raise W.violation("lot.unknown_card", card=move.card)
    if move.card not in state.prize:
        raise W.violation("lot.not_in_prize", card=move.card)


def apply_lot(state: CatsState, move: Lot) -> CatsState:
    """Return the state after the lot is laid: bidding starts with the round's starter.

    Raises:
        RuleViolation: if no lot is due or the card is not in the Prize deck.
    """
    verify_lot(state, move)
    if move.card is None:
        state = replace(state, lot_hidden=1, phase=BIDDING, decisive=False, round_no=state.round_no + 1)
    else:
        state = replace(state, lot=(move.card,), prize=state.prize - {move.card}, phase=BIDDING, decisive=False,
                        round_no=state.round_no + 1)
    return _next_turn(state, _before(state, state.starter))


# --- Bidding guards ----------------------------------------------------------

def _verify_turn(state: CatsState, player: str, kind: str) -> int:
    if state.phase == OVER:
        raise W.violation(f"{kind}.after_game_end")
    if player not in state.players:
        raise W.violation(f"{kind}.unknown_player", player=player)
    seat = state.seat(player)
    if seat in state.out:
        raise W.violation(f"{kind}.player_out", player=player)
    wanted = {"draw": DRAWING, "reveal": REVEAL}.get(kind, BIDDING)
    if state.phase != wanted:
        if state.phase == DEAL:
            raise W.violation(f"{kind}.deal_first")
        if state.phase == REVEAL:
            raise W.violation(f"{kind}.reveal_first", turn=turn(state))
        if state.phase == LOT:
            raise W.violation(f"{kind}.lot_first")
        if state.phase == DRAWING:
            raise W.violation(f"{kind}.draws_first", turn=turn(state))
        if kind == "reveal":
            raise W.violation("reveal.not_now")
        raise W.violation(f"{kind}.not_now")
    if player != turn(state):
        raise W.violation(f"{kind}.not_your_turn", turn=turn(state), player=player)
    return seat


def _after_bid(state: CatsState, seat: int, kind: str, **changes: Any) -> CatsState:
    state = replace(state, last_bid=kind, bid_made=True, **changes)
    return _check(_next_turn(state, seat))


# --- Bid --------------------------------------------------------------------

def verify_bid(state: CatsState, move: Bid) -> None:
    """Check a number bid: own number cards, at zero stake any sum, else at least twice the stake.

    Raises:
        RuleViolation: naming the rule broken.
    """
    seat = _verify_turn(state, move.player, "bid")
    if not move.cards:
        raise W.violation("bid.no_cards")
    if len(set(move.cards)) != len(move.cards):
        raise W.violation("bid.card_twice")
    for card in move.cards:
        if card in _CATS:
            raise W.violation("bid.cat_card" if stake_state(state) != ZERO else "bid.open_with_cat", card=card)
        if card not in _NUMBERS:
            raise W.violation("bid.unknown_card", card=card)
        if card not in state.hands[seat]:
            raise W.violation("bid.not_in_hand", card=card, player=move.player)
    column = stake_state(state)
    if column == GOLDEN:
        raise W.violation("bid.golden_stake")
    value = bid_value(move.cards)
    if column != ZERO and value < 2 * state.stake:
        raise W.violation("bid.too_low", value=value, stake=state.stake, least=2 * state.stake)


def apply_bid(state: CatsState, move: Bid) -> CatsState:
    """Return the state after a number bid: its sum is the stake and the bidder holds it.

    Raises:
        RuleViolation: if the bid is illegal.
    """
    verify_bid(state, move)
    seat = state.seat(move.player)  # verify_bid checked it is this player's turn
    return _after_bid(state, seat, "number", hands=_with(state.hands, seat, state.hands[seat] - set(move.cards)),
                      middle=state.middle + tuple(move.cards), prior_stake=state.stake, stake=bid_value(move.cards), holder=seat)


# --- Play (one cat card) -----------------------------------------------------

def verify_play(state: CatsState, move: Play) -> None:
    """Check a cat card: in hand, allowed at this stake by the hint table, its condition holding.

    Raises:
        RuleViolation: naming the rule broken.
    """
    seat = _verify_turn(state, move.player, "play")
    card = move.card
    if card in _NUMBERS:
        raise W.violation("play.number_card", card=card)
    if card not in _CATS:
        raise W.violation("play.unknown_card", card=card)
    if card not in state.hands[seat]:
        raise W.violation("play.not_in_hand", card=card, player=move.player)
    kind, column = KIND[card], stake_state(state)
    cell = hints.cell(kind, column)
    if column == ZERO:
        raise W.violation("play.cat_at_zero", card=card)
    if not cell.allowed:
        raise W.violation("play.not_allowed", card=card, column=column)
    if not hints.condition_holds(cell.condition, state):
        raise W.violation(f"play.condition.{cell.condition}", card=card, condition=cell.condition)
    deck = TURNS_A_CARD.get(kind)
    if deck is None:
        if move.turned is not None:
            raise W.violation("play.turned_unexpected", card=card)
        return
    if move.turned is None and deck == "prize":
        return  # laid face down from the Prize deck: nobody can name it yet
    if move.turned is None:
        raise W.violation("play.turned_missing", card=card, deck=deck)
    if move.turned not in getattr(state, deck) or (deck == "prize" and move.turned not in _CATS):
        raise W.violation("play.turned_not_in_deck", turned=move.turned, deck=deck)


def apply_play(state: CatsState, move: Play) -> CatsState:
    """Return the state after a cat card's effect (see the deck file's effect texts).

    Raises:
        RuleViolation: if the card may not be played now.
    """
    verify_play(state, move)
    seat, kind = state.seat(move.player), KIND[move.card]  # verify_play checked it is this player's turn
    hands = _with(state.hands, seat, state.hands[seat] - {move.card})
    if kind == "shish":
        # Leave the round without a penalty: the card itself goes to the discard pile.
        return _check(_next_turn(replace(state, hands=hands, discard=state.discard | {move.card}, passed=state.passed | {seat}), seat))
    base: dict[str, Any] = dict(hands=hands, middle=state.middle + (move.card,), holder=seat, prior_stake=state.stake)
    if kind == "zero":
        return _after_bid(state, seat, kind, **base | {"holder": None, "stake": 0})
    if kind == "double":
        return _after_bid(state, seat, kind, **base | {"stake": 2 * state.stake})
    if kind == "cancel-double":
        return _after_bid(state, seat, kind, **base | {"stake": state.prior_stake})
    if kind == "golden":
        return _after_bid(state, seat, kind, **base | {"golden": True})
    if kind == "cancel-golden":
        return _after_bid(state, seat, kind, **base | {"golden": False})
    if kind == "peek":
        return _after_bid(state, seat, kind, **base | {"peeked": state.peeked | {seat}})
    if kind == "random":
        assert move.turned is not None, "verify_play checked a Random stake names its face-up Bank card"
        return _after_bid(state, seat, kind, **base | {"bank": state.bank - {move.turned}, "stake": VALUE[move.turned],
                                                       "middle": base["middle"] + (move.turned,)})
    if kind == "top-up":
        if move.turned is None:
            return _after_bid(state, seat, kind, **base | {"lot_hidden": state.lot_hidden + 1})
        return _after_bid(state, seat, kind, **base | {"prize": state.prize - {move.turned}, "lot": state.lot + (move.turned,)})
    assert kind == "frame-up", f"no effect written for cat kind {kind!r}"
    # The lot's prize cards go under the Prize deck (back into the unnamed pool); the top Prize card is the new lot.
    pool = state.prize | set(state.lot)
    if move.turned is None:
        return _after_bid(state, seat, kind, **base | {"prize": pool, "lot": (), "lot_hidden": 1, "peeked": frozenset()})
    return _after_bid(state, seat, kind, **base | {"prize": pool - {move.turned}, "lot": (move.turned,), "lot_hidden": 0,
                                                   "peeked": frozenset()})


# --- Pass -------------------------------------------------------------------

def verify_pass(state: CatsState, move: Pass) -> None:
    """Check a pass: the player's turn and a penalty card from their own hand.

    Raises:
        RuleViolation: naming the rule broken.
    """
    seat = _verify_turn(state, move.player, "pass")
    if move.penalty not in ALL_CARDS:
        raise W.violation("pass.unknown_card", card=move.penalty)
    if move.penalty not in state.hands[seat]:
        raise W.violation("pass.not_in_hand", card=move.penalty, player=move.player)


def apply_pass(state: CatsState, move: Pass) -> CatsState:
    """Return the state after a pass: the penalty card goes into the lot; the player leaves the bidding.

    Raises:
        RuleViolation: if it is not the player's turn or the card is not theirs.
    """
    verify_pass(state, move)
    seat = state.seat(move.player)  # verify_pass checked it is this player's turn
    state = replace(state, hands=_with(state.hands, seat, state.hands[seat] - {move.penalty}),
                    penalties=state.penalties + (move.penalty,), passed=state.passed | {seat},
                    early=state.early | ({seat} if not state.bid_made else set()))
    return _check(_next_turn(state, seat))


# --- Draw -------------------------------------------------------------------

def verify_draw(state: CatsState, move: Draw) -> None:
    """Check a loser's draw: their turn to draw, 2 cards (or what is left), all from the Bank.

    Raises:
        RuleViolation: naming the rule broken.
    """
    _verify_turn(state, move.player, "draw")
    need = draw_count(state)
    if len(move.cards) != need:
        raise W.violation("draw.count", player=move.player, need=need, count=len(move.cards))
    if len(set(move.cards)) != len(move.cards):
        raise W.violation("draw.card_twice")
    for card in move.cards:
        if card not in state.bank:
            raise W.violation("draw.not_in_bank", card=card)


def apply_draw(state: CatsState, move: Draw) -> CatsState:
    """Return the state after a loser draws; the next round begins once the last one has.

    Raises:
        RuleViolation: if the draw is illegal.
    """
    verify_draw(state, move)
    seat = state.draws[0]
    state = replace(state, hands=_with(state.hands, seat, state.hands[seat] | set(move.cards)),
                    bank=state.bank - set(move.cards), draws=state.draws[1:])
    if state.draws and state.bank:
        return _check(state)
    return _check(_begin_round(state))


# --- Reveal -----------------------------------------------------------------

def verify_reveal(state: CatsState, move: Reveal) -> None:
    """Check the winner's naming of the face-down lot cards: as many as lay there, cat cards nobody has named.

    Raises:
        RuleViolation: naming the rule broken.
    """
    _verify_turn(state, move.player, "reveal")
    if len(move.cards) != state.lot_hidden:
        raise W.violation("reveal.count", held=state.lot_hidden, count=len(move.cards))
    if len(set(move.cards)) != len(move.cards):
        raise W.violation("reveal.card_twice")
    for card in move.cards:
        if card not in _CATS:
            raise W.violation("reveal.not_a_cat", card=card)
        if card not in state.prize:
            raise W.violation("reveal.card_seen", card=card)


def apply_reveal(state: CatsState, move: Reveal) -> CatsState:
    """Return the state with the won lot's cards named in the winner's hand; then the losers draw.

    Raises:
        RuleViolation: if the cards cannot be what the lot held.
    """
    verify_reveal(state, move)
    seat = state.holder
    assert seat is not None, "verify_reveal checked the holder names the lot"
    cards = frozenset(move.cards)
    state = replace(state, hands=_with(state.hands, seat, state.hands[seat] | cards), prize=state.prize - cards, lot_hidden=0)
    return _check(_after_win(state))


# --- Dispatch ---------------------------------------------------------------

_APPLY: dict[type[Any], Callable[[CatsState, Any], CatsState]] = {Deal: apply_deal, Lot: apply_lot, Bid: apply_bid, Play: apply_play, Pass: apply_pass, Draw: apply_draw,
          Reveal: apply_reveal}

apply, can = by_move_type(_APPLY, W, Setup)


# --- Queries ----------------------------------------------------------------

@dataclass(frozen=True)
class LegalActions:
    """What the player to act may do now, for the tablet's pickers (bids are described, not listed)."""

    player: str | None
    phase: str
    stake_state: str
    min_bid: int | None
    """The least sum a number bid must reach (1 at zero stake), or None at a golden stake."""
    can_bid: bool
    playable: tuple[str, ...]
    """The cat cards in hand that may be played now."""
    can_pass: bool
    draw_count: int
    reveal: int = 0
    """How many face-down lot cards the winner must name now (the reveal phase)."""


def legal_actions(state: CatsState) -> LegalActions:
    """Return what the player to act may do (nothing in the lot phase or once the game is over)."""
    player = turn(state)
    column = stake_state(state)
    if player is None or state.phase != BIDDING:
        return LegalActions(player=player, phase=state.phase, stake_state=column, min_bid=None, can_bid=False, playable=(),
                            can_pass=False, draw_count=draw_count(state) if state.phase == DRAWING else 0,
                            reveal=state.lot_hidden if state.phase == REVEAL else 0)
    hand = state.hands[state.seat(player)]
    min_bid = None if column == GOLDEN else (1 if column == ZERO else 2 * state.stake)
    can_bid = min_bid is not None and bid_value([c for c in hand if c in _NUMBERS]) >= min_bid
    playable = tuple(sorted(c for c in hand if c in _CATS and is_playable(state, c)))
    return LegalActions(player=player, phase=state.phase, stake_state=column, min_bid=min_bid, can_bid=can_bid,
                        playable=playable, can_pass=bool(hand), draw_count=0)


def is_playable(state: CatsState, card: str) -> bool:
    """Return True if the cat card may be played now by the player to move (the hint table says yes)."""
    column = stake_state(state)
    cell = hints.cell(KIND[card], column)
    return column != ZERO and cell.allowed and hints.condition_holds(cell.condition, state)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended."""

    winners: tuple[str, ...]
    reason: str


def outcome(state: CatsState) -> Outcome | None:
    """Return the outcome once the game is over, else None."""
    if state.phase != OVER or state.winner is None:
        return None
    if len(in_game(state)) == 1:
        reason = "the last player left in the game"
    else:
        reason = "won the decisive round"
    return Outcome(winners=(state.players[state.winner],), reason=reason)


def is_over(state: CatsState) -> bool:
    """Return True once the game has a winner."""
    return state.phase == OVER
