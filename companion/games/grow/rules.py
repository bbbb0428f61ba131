"""Grow Your Assets rules: state + move -> new state, or a RuleViolation naming the rule broken.

Pure and deterministic: no I/O, no clock, no randomness (dice and draws arrive
in the moves). Each move kind has verify_* (raises) and apply_* (verify, then
build the new state); apply() picks by type, can() wraps it. Rule ids are
stable dotted strings the tablet and the audit can rely on.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

from companion.games.base import verify_seating
from companion.games.dispatch import by_move_type
from companion.games.grow.messages import W, waiting_words
from companion.games.grow.checks import (
    KEEP,
    LOSE_CARD,
    LOSE_STACK,
    can_lose_stack,
    checks_for,
    consequence,
    is_dice,
)
from companion.games.grow.moves import (
    Act,
    Break,
    Decline,
    Draw,
    Move,
    Pick,
    RevealBids,
    Roll,
    Setup,
    Tiebreak,
)
from companion.games.grow.scoring import score_cards
from companion.games.house import house_rule, read_house_rules
from companion.games.grow.state import (
    ACT,
    ACTION,
    ALL_CARDS,
    BID,
    DECK,
    BLUE_TOKEN_WORTH,
    COLOUR,
    COLOURS,
    DRAW,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OVER,
    PICK,
    REMOVED_PER_COLOUR_TWO_PLAYERS,
    ROLL,
    STACKED_COLOURS,
    START_TOKENS,
    TIEBREAK,
    GrowState,
    Holdings,
    Pending,
    Tokens,
    draw_pile,
    is_settled,
    phase,
    pick_order,
    tied_players,
    to_move,
)

# --- Setup ------------------------------------------------------------------

def verify_setup(move: Setup) -> None:
    """Check the table: 2-4 unique players; with two, two unseen cards of each colour removed.

    Raises:
        RuleViolation: naming the first thing wrong.
    """
    players = move.players
    verify_seating(players, MIN_PLAYERS, MAX_PLAYERS, "Grow Your Assets")
    per_colour = REMOVED_PER_COLOUR_TWO_PLAYERS if len(players) == 2 else 0
    for card in move.removed:
        if card not in ALL_CARDS:
            raise W.violation("setup.unknown_card", card=card)
    if len(set(move.removed)) != len(move.removed):
        raise W.violation("setup.card_twice")
    for colour in COLOURS:
        count = sum(COLOUR[c] == colour for c in move.removed)
        if count != per_colour:
            raise W.violation("setup.removed", why="two_players" if per_colour else "whole_deck",
                              need=per_colour, colour=colour, count=count, players=len(players))


def initial_state(move: Setup) -> GrowState:
    """Return the state before the first round: 1 blue and 10 black tokens each, nothing held.

    Raises:
        RuleViolation: if the setup is not legal (see verify_setup).
    """
    verify_setup(move)
    count = len(move.players)
    return GrowState(
        players=tuple(move.players),
        tokens=(Tokens(),) * count,
        holdings=(Holdings(),) * count,
        removed=frozenset(move.removed),
        rules=read_house_rules(DECK, dict(move.rules)),
    )


WARNING_ROLLS, GOLD_RED_WARNINGS, DISCARDED_CARD_ACTION = "warning-rolls", "gold-red-warnings", "discarded-card-action"
"""Grow's house rules (the deck file's readings with a "rule"; issue 36)."""


def plays(state: GrowState, name: str, value: str) -> bool:
    """Return True if this game plays house rule `name` as `value` (its table's choice, else the deck's default)."""
    return house_rule(DECK, state.rules, name) == value


# --- Shared guards and helpers ----------------------------------------------

def _verify_phase(state: GrowState, kind: str, *wanted: str) -> None:
    now = phase(state)
    if now == OVER:
        raise W.violation(f"{kind}.after_game_end")
    if now not in wanted:
        raise W.violation(f"{kind}.wrong_phase", **_waiting_for(state))


def _waiting_for(state: GrowState) -> dict[str, Any]:
    """Return what the game waits for, as parameters ("why" picks the sentence in grow.messages.WAITING)."""
    now = phase(state)
    who = to_move(state)
    if now == BID:
        return {"why": "bid_rebid" if state.rebid else "bid"}
    if now == TIEBREAK:
        return {"why": "tiebreak", "tied": list(tied_players(state))}
    if now in (PICK, ROLL, ACT):
        return {"why": now, "who": who}
    return {"why": now if now == DRAW else "over"}


def waiting_text(state: GrowState, lang: str = "en") -> str:
    """Return what the game waits for, in words ("everyone's bids", "Joe to pick a card")."""
    return waiting_words(_waiting_for(state), lang)


def _verify_player(state: GrowState, player: str, kind: str) -> int:
    if player not in state.players:
        raise W.violation(f"{kind}.unknown_player", player=player)
    if player != to_move(state):
        raise W.violation(f"{kind}.not_your_turn", player=player, **_waiting_for(state))
    return state.seat(player)


def _set(items: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return items[:seat] + (value,) + items[seat + 1:]


def _where(state: GrowState, card: str) -> dict[str, Any]:
    """Return where a card is, as parameters ("why" picks the sentence in grow.messages.WHERE)."""
    if card in state.removed:
        return {"why": "removed"}
    if card in state.row:
        return {"why": "row"}
    if card in state.discard:
        return {"why": "discard"}
    for name, held in zip(state.players, state.holdings):
        if card in held.cards():
            return {"why": "held", "owner": name}
    return {"why": "out"}


def _stack_index(held: Holdings, colour: str, card: str) -> int | None:
    for index, stack in enumerate(getattr(held, colour)):
        if card in stack:
            return index
    return None


def _verify_stack(held: Holdings, player: str, card: str, stack: str | None, kind: str) -> None:
    """Check where a card will go: red/blue into a stack named by one of its cards, or a new one."""
    colour = COLOUR[card]
    if colour not in STACKED_COLOURS:
        if stack is not None:
            raise W.violation(f"{kind}.stack_not_allowed", colour=colour)
        return
    if stack is not None and _stack_index(held, colour, stack) is None:
        raise W.violation(f"{kind}.stack_not_yours", card=stack, player=player, colour=colour)


def _place(held: Holdings, card: str, stack: str | None) -> Holdings:
    colour = COLOUR[card]
    if colour not in STACKED_COLOURS:
        return replace(held, **{colour: getattr(held, colour) + (card,)})
    stacks = getattr(held, colour)
    index = None if stack is None else _stack_index(held, colour, stack)
    if index is None:
        return replace(held, **{colour: stacks + ((card,),)})
    return replace(held, **{colour: _set(stacks, index, stacks[index] + (card,))})


def _remove(held: Holdings, card: str) -> Holdings:
    colour = COLOUR[card]
    if colour not in STACKED_COLOURS:
        return replace(held, **{colour: tuple(c for c in getattr(held, colour) if c != card)})
    stacks = tuple(tuple(c for c in s if c != card) for s in getattr(held, colour))
    kept: dict[str, Any] = {colour: tuple(s for s in stacks if s)}
    return replace(held, **kept)


def _stack_of(held: Holdings, card: str) -> tuple[str, ...]:
    colour = COLOUR[card]
    if colour not in STACKED_COLOURS:
        return tuple(getattr(held, colour))  # green and gold: the one stack
    stack: tuple[str, ...] = getattr(held, colour)[_stack_index(held, colour, card)]
    return stack


def pay(tokens: Tokens, amount: int) -> Tokens:
    """Return a player's tokens after paying `amount` to the bank: black first, the blue broken only if needed.

    >>> pay(Tokens(blue=1, black=10), 3)
    Tokens(blue=1, black=7)
    >>> pay(Tokens(blue=1, black=2), 3)
    Tokens(blue=0, black=4)
    """
    assert 0 <= amount <= tokens.worth, f"cannot pay {amount} from {tokens}"
    if tokens.black >= amount:
        return replace(tokens, black=tokens.black - amount)
    return Tokens(blue=0, black=tokens.black + tokens.blue * BLUE_TOKEN_WORTH - amount)


def payment(state: GrowState, player: str) -> int:
    """Return what a bidder pays once the order is settled: the first picker the whole bid, others half rounded down.

    Everyone but the first picker 'keeps half of their bid (rounded up)'.
    """
    bid = state.bids[player]
    return bid if pick_order(state)[0] == player else bid // 2


def _settle_payments(state: GrowState) -> GrowState:
    tokens = tuple(pay(t, payment(state, p)) for p, t in zip(state.players, state.tokens))
    paid = sum(payment(state, p) for p in state.players)
    return replace(state, tokens=tokens, bank=state.bank + paid)


# --- Draw -------------------------------------------------------------------

def verify_draw(state: GrowState, move: Draw) -> None:
    """Check a round's draw: between rounds, one card per player, each from the deck.

    Raises:
        RuleViolation: naming the rule broken.
    """
    _verify_phase(state, "draw", DRAW)
    # Everything the table can see is judged before any card is looked up in the deck: a card removed
    # unseen for two players answers "not in play", so a later refusal would tell it from a card still
    # in the deck (a one-card draw naming it was refused for the count only if it was in the deck).
    seen: set[str] = set()
    for card in move.cards:
        if card not in ALL_CARDS:
            raise W.violation("draw.unknown_card", card=card)
        if card in seen:
            raise W.violation("draw.card_twice", card=card)
        seen.add(card)
    if len(move.cards) != len(state.players):
        raise W.violation("draw.card_count", need=len(state.players), count=len(move.cards))
    pile = draw_pile(state)
    for card in move.cards:
        if card not in pile and card not in state.removed:
            raise W.violation("draw.not_in_deck", card=card, **_where(state, card))
    # A card removed unseen may be named (see removed_after_draw): what counts is how many cards of each
    # colour are still unseen beyond the removed ones, which the whole table can count.
    for colour in sorted({COLOUR[c] for c in move.cards}):
        named = sum(COLOUR[c] == colour for c in move.cards)
        left = sum(COLOUR[c] == colour for c in pile)
        if named > left:
            raise W.violation("draw.colour_left", colour=colour, left=left, count=named)


def removed_after_draw(state: GrowState, cards: tuple[str, ...]) -> frozenset[str]:
    """Return the cards removed unseen once `cards` are turned up: a named removed card trades places with a
    card of its colour still in the deck (the first by code), so two of each colour stay removed.

    The reading (grow.deck.json, readings): the sheet removes the cards unseen, so nobody at the table knows
    which they are, and the companion's list is only its own draw. Refusing a turned-up card for being on
    that list would let a tablet find the list by trying cards (issue 29); the table's own cards decide.
    Which card takes its place stays as hidden as the list, and only the colour counts, which everyone can
    count, bound a draw (verify_draw).
    """
    removed = set(state.removed)
    spare = sorted(draw_pile(state) - set(cards))
    for card in cards:
        if card in removed:
            swap = next(c for c in spare if COLOUR[c] == COLOUR[card])  # verify_draw checked the colour counts
            spare.remove(swap)
            removed.discard(card)
            removed.add(swap)
    return frozenset(removed)


def apply_draw(state: GrowState, move: Draw) -> GrowState:
    """Return the state with the round's cards face up, waiting for bids.

    Raises:
        RuleViolation: if the draw is illegal.
    """
    verify_draw(state, move)
    return replace(state, row=tuple(move.cards), rounds=state.rounds + 1, removed=removed_after_draw(state, move.cards))


# --- Bids -------------------------------------------------------------------

def verify_bid(state: GrowState, player: str, bid: object) -> None:
    """Check one bid: a whole number from 0 to the bidder's token points.

    Raises:
        RuleViolation: bid.not_integer, bid.negative or bid.over_tokens.
    """
    if isinstance(bid, bool) or not isinstance(bid, int):
        raise W.violation("bid.not_integer", player=player, bid=bid)
    if bid < 0:
        raise W.violation("bid.negative", player=player, bid=bid)
    worth = state.tokens[state.seat(player)].worth
    if bid > worth:
        raise W.violation("bid.over_tokens", player=player, worth=worth, bid=bid)


def verify_reveal_bids(state: GrowState, move: RevealBids) -> None:
    """Check a reveal: during bidding, one legal bid from every player and nobody else.

    Raises:
        RuleViolation: naming the rule broken.
    """
    _verify_phase(state, "bids", BID)
    missing = [p for p in state.players if p not in move.bids]
    if missing:
        raise W.violation("bids.missing", missing=missing)
    strangers = [p for p in move.bids if p not in state.players]
    if strangers:
        raise W.violation("bids.unknown_player", player=strangers[0])
    for player in state.players:
        verify_bid(state, player, move.bids[player])


def rank_bids(players: tuple[str, ...], bids: Mapping[str, int]) -> tuple[tuple[str, ...], ...]:
    """Return the players grouped by bid, highest first; a group of several is a tie (seat order inside).

    >>> rank_bids(("Joe", "Moe", "Flo"), {"Joe": 3, "Moe": 5, "Flo": 3})
    (('Moe',), ('Joe', 'Flo'))
    """
    return tuple(tuple(p for p in players if bids[p] == value) for value in sorted(set(bids.values()), reverse=True))


def apply_reveal_bids(state: GrowState, move: RevealBids) -> GrowState:
    """Return the state after the bids are revealed.

    A first tie for the highest bid sends everyone back to rebid (nothing is
    paid); otherwise the order is set, other ties wait for the dice, and once
    the order is settled everyone pays.

    Raises:
        RuleViolation: if a bid is missing or illegal.
    """
    verify_reveal_bids(state, move)
    bids = {p: move.bids[p] for p in state.players}
    order = rank_bids(state.players, bids)
    if len(order[0]) > 1 and not state.rebid:
        return replace(state, rebid=True)
    new = replace(state, bids=bids, order=order)
    return _settle_payments(new) if is_settled(order) else new


# --- Tiebreak ---------------------------------------------------------------

def verify_tiebreak(state: GrowState, move: Tiebreak) -> None:
    """Check tiebreak dice: a roll of two dice from exactly the players still tied.

    Raises:
        RuleViolation: naming the rule broken.
    """
    _verify_phase(state, "tiebreak", TIEBREAK)
    tied = tied_players(state)
    if set(move.rolls) != set(tied):
        raise W.violation("tiebreak.players", tied=list(tied), given=list(move.rolls), **({} if move.rolls else {"why": "nobody"}))
    for player, dice in move.rolls.items():
        if not is_dice(dice):
            raise W.violation("tiebreak.bad_dice", player=player, dice=list(dice) if isinstance(dice, (list, tuple)) else dice)


def apply_tiebreak(state: GrowState, move: Tiebreak) -> GrowState:
    """Return the state with each tie split by dice total (higher picks earlier); equal totals stay tied.

    Raises:
        RuleViolation: if the dice are not from exactly the tied players.
    """
    verify_tiebreak(state, move)
    order: list[tuple[str, ...]] = []
    for group in state.order:
        if len(group) == 1:
            order.append(group)
            continue
        totals = {p: sum(move.rolls[p]) for p in group}
        order.extend(rank_bids(group, totals))
    new = replace(state, order=tuple(order))
    return _settle_payments(new) if is_settled(new.order) else new


# --- Pick -------------------------------------------------------------------

def verify_pick(state: GrowState, move: Pick) -> None:
    """Check a pick: the next picker takes a face-up card and names where a red/blue card goes.

    Raises:
        RuleViolation: naming the rule broken.
    """
    _verify_phase(state, "pick", PICK)
    seat = _verify_player(state, move.player, "pick")
    if move.card not in state.row:
        raise W.violation("pick.not_in_row", card=move.card, **_where(state, move.card))
    _verify_stack(state.holdings[seat], move.player, move.card, move.stack, "pick")


def apply_pick(state: GrowState, move: Pick) -> GrowState:
    """Return the state with the card placed in front of its picker, its warning rolls due.

    Raises:
        RuleViolation: if the pick is illegal.
    """
    verify_pick(state, move)
    seat = state.seat(move.player)
    gold_red_stack = plays(state, GOLD_RED_WARNINGS, "stack")
    pending = Pending(player=move.player, card=move.card, checks=checks_for(move.card, gold_red_stack))
    new = replace(
        state,
        holdings=_set(state.holdings, seat, _place(state.holdings[seat], move.card, move.stack)),
        row=tuple(c for c in state.row if c != move.card),
        picks=state.picks + 1,
        pending=pending,
    )
    return new if pending.checks else _after_rolls(new)


def _after_rolls(state: GrowState) -> GrowState:
    """Move on once the rolls are done: to the action if there is one to take, else to the next pick."""
    pending = state.pending
    assert pending is not None and not pending.checks
    if ACTION[pending.card] and legal_acts(state):
        return state
    return _finish_pick(state)


def _action_survives(state: GrowState) -> bool:
    """Return True if a discarded card's action is still taken (house rule discarded-card-action=taken)."""
    return plays(state, DISCARDED_CARD_ACTION, "taken")


def _finish_pick(state: GrowState) -> GrowState:
    state = replace(state, pending=None)
    if state.picks < len(state.players):
        return state
    # Everyone has picked: the next round starts from a clean table.
    assert not state.row, "a card is left in the row after every player picked"
    return replace(state, bids={}, order=(), rebid=False, picks=0)


# --- Roll -------------------------------------------------------------------

def verify_roll(state: GrowState, move: Roll) -> None:
    """Check a warning roll: the picker resolving a card, two dice 1-6.

    Raises:
        RuleViolation: naming the rule broken.
    """
    _verify_phase(state, "roll", ROLL)
    _verify_player(state, move.player, "roll")
    if not is_dice(move.dice):
        raise W.violation("roll.bad_dice", dice=list(move.dice) if isinstance(move.dice, (list, tuple)) else move.dice)


def apply_roll(state: GrowState, move: Roll) -> GrowState:
    """Return the state after one warning roll: the card stays, or it (or its whole stack) is discarded.

    Raises:
        RuleViolation: if the roll is not due.
    """
    verify_roll(state, move)
    pending = state.pending
    assert pending is not None
    seat = state.seat(pending.player)
    held = state.holdings[seat]
    result = consequence(COLOUR[pending.card], pending.checks[0], (move.dice[0], move.dice[1]))  # is_dice: a pair
    left = pending.checks[1:]
    if pending.gone:  # warning-rolls=continue: only the rest of the card's stack is still at risk
        lost = pending.rest if result == LOSE_STACK else ()
        return _rolled(state, seat, held, lost, replace(pending, checks=() if lost else left, rest=() if lost else pending.rest))
    if result == KEEP:
        new = replace(state, pending=replace(pending, checks=left))
        return new if left else _after_rolls(new)
    lost = (pending.card,) if result == LOSE_CARD else _stack_of(held, pending.card)
    rest = tuple(c for c in _stack_of(held, pending.card) if c not in lost)
    if rest and plays(state, WARNING_ROLLS, "continue"):
        left = tuple(c for c in left if can_lose_stack(COLOUR[pending.card], c))
    else:
        left = ()  # the card is gone, so no roll of it remains
    return _rolled(state, seat, held, lost, replace(pending, checks=left, gone=True, rest=rest if left else ()))


def _rolled(state: GrowState, seat: int, held: Holdings, lost: tuple[str, ...], pending: Pending) -> GrowState:
    """Return the state after a roll that discarded the card or found it already gone: `lost` to the discard pile,
    then the rolls left (`pending.checks`), else the action if house rule discarded-card-action=taken, else the next pick."""
    for card in lost:
        held = _remove(held, card)
    new = replace(state, holdings=_set(state.holdings, seat, held), discard=state.discard + lost, pending=pending)
    if pending.checks:
        return new
    return _after_rolls(new) if _action_survives(new) else _finish_pick(new)


# --- Actions ----------------------------------------------------------------

def verify_act(state: GrowState, move: Act) -> None:
    """Check an action: the card's own action (steal or shift), on a card it allows, to a legal place.

    Raises:
        RuleViolation: naming the rule broken.
    """
    _verify_phase(state, "act", ACT)
    seat = _verify_player(state, move.player, "act")
    assert state.pending is not None, "the act phase resolves a picked card"
    action = ACTION[state.pending.card]
    assert action is not None, "the act phase comes only for a card with an action"
    kind, colour = action["kind"], action["colour"]
    if move.from_ not in state.players:
        raise W.violation("act.unknown_player", player=move.from_)
    if move.card not in ALL_CARDS or COLOUR[move.card] != colour:
        raise W.violation("act.wrong_colour", colour=colour, card=move.card)
    owner = state.holdings[state.seat(move.from_)]
    if move.card not in owner.cards():
        raise W.violation("act.not_held", player=move.from_, card=move.card)
    mine = state.holdings[seat]
    if kind == "steal":
        if move.from_ == move.player:
            raise W.violation("act.steal_from_self")
        _verify_stack(mine, move.player, move.card, move.stack, "act")
        return
    # shift: move one of your own cards to another of your stacks, or a new one.
    if move.from_ != move.player:
        raise W.violation("act.shift_not_yours", player=move.player)
    _verify_stack(mine, move.player, move.card, move.stack, "act")
    current = _stack_of(mine, move.card)
    if move.stack is None and len(current) == 1:
        raise W.violation("act.shift_nothing", card=move.card)
    if move.stack is not None and move.stack in current:
        raise W.violation("act.shift_same_stack", card=move.card)


def apply_act(state: GrowState, move: Act) -> GrowState:
    """Return the state after the action; a stolen card is not rolled for and its action not taken.

    Raises:
        RuleViolation: if the action is illegal.
    """
    verify_act(state, move)
    seat, owner = state.seat(move.player), state.seat(move.from_)
    holdings = _set(state.holdings, owner, _remove(state.holdings[owner], move.card))
    holdings = _set(holdings, seat, _place(holdings[seat], move.card, move.stack))
    return _finish_pick(replace(state, holdings=holdings))


def verify_decline(state: GrowState, move: Decline) -> None:
    """Check a declined action: the picker, while the action is on offer.

    Raises:
        RuleViolation: naming the rule broken.
    """
    _verify_phase(state, "decline", ACT)
    _verify_player(state, move.player, "decline")


def apply_decline(state: GrowState, move: Decline) -> GrowState:
    """Return the state after the picker lets the action go (actions are optional).

    Raises:
        RuleViolation: if no action is on offer to this player.
    """
    verify_decline(state, move)
    return _finish_pick(state)


# --- Break the blue token ---------------------------------------------------

def verify_break(state: GrowState, move: Break) -> None:
    """Check a token break: a player who still has the blue token, any time before the end.

    Raises:
        RuleViolation: break.after_game_end, break.unknown_player or break.no_blue_token.
    """
    if phase(state) == OVER:
        raise W.violation("break.after_game_end")
    if move.player not in state.players:
        raise W.violation("break.unknown_player", player=move.player)
    if not state.tokens[state.seat(move.player)].blue:
        raise W.violation("break.no_blue_token", player=move.player)


def apply_break(state: GrowState, move: Break) -> GrowState:
    """Return the state with the player's blue token switched for five black ones.

    Raises:
        RuleViolation: if the player has no blue token.
    """
    verify_break(state, move)
    seat = state.seat(move.player)
    tokens = state.tokens[seat]
    return replace(state, tokens=_set(state.tokens, seat, Tokens(blue=tokens.blue - 1, black=tokens.black + BLUE_TOKEN_WORTH)))


# --- Dispatch ---------------------------------------------------------------

_APPLY: dict[type[Any], Callable[[GrowState, Any], GrowState]] = {
    Draw: apply_draw,
    RevealBids: apply_reveal_bids,
    Tiebreak: apply_tiebreak,
    Pick: apply_pick,
    Roll: apply_roll,
    Act: apply_act,
    Decline: apply_decline,
    Break: apply_break,
}


def _tokens_conserved(state: GrowState) -> GrowState:
    """Return the state unchanged, having checked no move made or lost tokens (a bug, not a refusal)."""
    assert total_tokens(state) == START_TOKENS * len(state.players), "tokens not conserved"
    return state


apply, can = by_move_type(_APPLY, W, Setup, after=_tokens_conserved)


# --- Queries ----------------------------------------------------------------

def legal_acts(state: GrowState) -> tuple[Act, ...]:
    """Return every action move the card being resolved allows (empty when none is on offer)."""
    pending = state.pending
    if pending is None or pending.checks or not ACTION[pending.card]:
        return ()
    action = ACTION[pending.card]
    assert action is not None  # checked above
    kind, colour = action["kind"], action["colour"]
    player = pending.player
    mine = state.holdings[state.seat(player)]
    acts: list[Act] = []
    owners = [p for p in state.players if p != player] if kind == "steal" else [player]
    for owner in owners:
        for card in sorted(c for c in state.holdings[state.seat(owner)].cards() if COLOUR[c] == colour):
            if kind == "steal":
                targets = [s[0] for s in mine.stacks(colour)] + [None] if colour in STACKED_COLOURS else [None]
            else:
                current = _stack_of(mine, card)
                targets = [s[0] for s in mine.stacks(colour) if card not in s] + ([None] if len(current) > 1 else [])
            acts.extend(Act(player=player, card=card, from_=owner, stack=t) for t in targets)
    return tuple(acts)


def legal_picks(state: GrowState) -> tuple[Pick, ...]:
    """Return every legal pick for the next picker (each red/blue card once per stack and once for a new stack)."""
    if phase(state) != PICK:
        return ()
    player = to_move(state)
    assert player is not None, "someone picks in the pick phase"
    held = state.holdings[state.seat(player)]
    picks: list[Pick] = []
    for card in state.row:
        colour = COLOUR[card]
        targets = [s[0] for s in held.stacks(colour)] + [None] if colour in STACKED_COLOURS else [None]
        picks.extend(Pick(player=player, card=card, stack=t) for t in targets)
    return tuple(picks)


def legal_moves(state: GrowState) -> tuple[Move, ...]:
    """Return the legal choices (picks, actions, declining, breaking a blue token); chance moves are not listed."""
    if phase(state) == OVER:
        return ()
    moves: list[Move] = list(legal_picks(state))
    acts = legal_acts(state)
    moves.extend(acts)
    if phase(state) == ACT and state.pending is not None:  # the act phase always resolves a pending card
        moves.append(Decline(player=state.pending.player))
    moves.extend(Break(player=p) for p, t in zip(state.players, state.tokens) if t.blue)
    return tuple(moves)


def next_check(state: GrowState) -> tuple[str, str, str] | None:
    """Return (card, colour, check) for the roll the game waits for, or None; the page shows it before rolling."""
    if phase(state) != ROLL:
        return None
    pending = state.pending
    assert pending is not None, "the roll phase resolves a picked card"
    return pending.card, COLOUR[pending.card], pending.checks[0]


def total_tokens(state: GrowState) -> int:
    """Return the token points in the game: every player's plus the bank's (constant)."""
    return sum(t.worth for t in state.tokens) + state.bank


def scores(state: GrowState) -> dict[str, dict[str, int]]:
    """Return each player's running score breakdown {green, blue, red, gold, total}."""
    return {p: score_cards(h) for p, h in zip(state.players, state.holdings)}


def is_over(state: GrowState) -> bool:
    """Return True once fewer cards remain in the deck than there are players, between rounds."""
    return phase(state) == OVER


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended."""

    winners: tuple[str, ...]
    reason: str


def outcome(state: GrowState) -> Outcome | None:
    """Return the outcome (most points wins; equal top scores share) once the game is over, else None."""
    if not is_over(state):
        return None
    totals = {p: s["total"] for p, s in scores(state).items()}
    top = max(totals.values())
    return Outcome(winners=tuple(p for p in state.players if totals[p] == top),
                   reason="fewer cards remain in the deck than there are players")


def view_for(state: GrowState, player: str | None = None) -> dict[str, Any]:
    """Return what a seat (or, with None, a shared screen) may see, as JSON-ready data.

    Strips the secrets: the cards removed unseen for two players (only their
    number is shown) and the order of the deck (only its size). Sealed bids
    never reach the state before their reveal, so there is nothing of them to strip.
    """
    result = outcome(state)
    return {
        "game": "grow",
        "viewer": player,
        "phase": phase(state),
        "to_move": to_move(state),
        "waiting_for": waiting_text(state),
        "round": state.rounds,
        "row": list(state.row),
        "rebid": state.rebid,
        "bids": dict(state.bids),
        "order": [list(g) for g in state.order],
        "tied": list(tied_players(state)),
        "pending": None if state.pending is None else {
            "player": state.pending.player, "card": state.pending.card, "checks": list(state.pending.checks)},
        "deck_size": len(draw_pile(state)),
        "removed_count": len(state.removed),
        "discard": list(state.discard),
        "bank": state.bank,
        "over": result is not None,
        "winners": list(result.winners) if result else [],
        "players": {
            p: {
                "tokens": {"blue": t.blue, "black": t.black, "worth": t.worth},
                "green": list(h.green), "gold": list(h.gold),
                "red": [list(s) for s in h.red], "blue": [list(s) for s in h.blue],
                "score": score_cards(h),
            }
            for p, t, h in zip(state.players, state.tokens, state.holdings)
        },
    }


def card_places(state: GrowState) -> dict[str, str]:
    """Return where every card is ("deck", "removed", "row", "discard" or a player's name), for invariant checks."""
    places = {c: "deck" for c in draw_pile(state)}
    for c in state.removed:
        places[c] = "removed"
    for c in state.row:
        places[c] = "row"
    for c in state.discard:
        places[c] = "discard"
    for p, h in zip(state.players, state.holdings):
        for c in h.cards():
            places[c] = p
    return places
