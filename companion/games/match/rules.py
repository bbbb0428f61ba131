"""Blue/red match rules: state + move -> new state, or a RuleViolation naming the rule broken.

Pure and deterministic: no I/O, no clock, no randomness. Each move kind has
verify_* (raises) and apply_* (verify, then build the new state); apply()
picks by type. A round is either played turn by turn on the record (Deal,
then draws, matches, action cards and discards) or given by its result only
(Score straight after the previous round); either way a Score line ends it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Collection

from companion.games.base import verify_seating
from companion.games.dispatch import by_move_type
from companion.games.match.messages import W
from companion.games.match.moves import (
    SOURCES,
    Deal,
    Discard,
    DiscardWild,
    Draw,
    Layout,
    Match,
    Score,
    Setup,
    Steal,
    Trade,
)
from companion.games.match.scoring import (
    blue_first,
    match_value,
    score_layouts,
    winners,
)
from companion.games.match.state import (
    COLOUR,
    COLOURS,
    DEAL,
    DRAW,
    HAND_DEAL,
    KIND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBERED,
    OVER,
    PLAY,
    ROUNDS,
    SCORE,
    MatchState,
    cards_in_play,
    colour_index,
    first_player,
    totals,
    turn,
    where,
)


def _put(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1:]


# --- Setup ------------------------------------------------------------------

def verify_setup(move: Setup) -> None:
    """Check the table: 2-5 unique players and a seated dealer.

    Raises:
        RuleViolation: naming the first thing wrong.
    """
    players = move.players
    verify_seating(players, MIN_PLAYERS, MAX_PLAYERS, "Blue/red matching")
    if move.dealer not in players:
        raise W.violation("setup.dealer_not_seated", dealer=move.dealer)


def initial_state(move: Setup) -> MatchState:
    """Return the state before round 1 is dealt or scored.

    Raises:
        RuleViolation: if the setup is not legal.
    """
    if not isinstance(move, Setup):
        raise W.violation("setup.missing")
    verify_setup(move)
    return MatchState(players=tuple(move.players), advanced=move.advanced, dealer=move.players.index(move.dealer))


# --- Deal -------------------------------------------------------------------

def verify_deal(state: MatchState, move: Deal) -> None:
    """Check a deal: between rounds, every player 5 blue and 5 red cards, each card once.

    Raises:
        RuleViolation: naming the first thing wrong.
    """
    if state.phase == OVER:
        raise W.violation("deal.after_game_end", rounds=ROUNDS)
    if state.phase != DEAL:
        raise W.violation("deal.mid_round", round=state.round)
    if move.round is not None and move.round != state.round:
        raise W.violation("deal.wrong_round", round=state.round, given=move.round)
    if set(move.hands) != set(state.players):
        raise W.violation("deal.hands_players", players=list(state.players), **_who_differs(move.hands, state.players))
    allowed = cards_in_play(state.advanced)
    seen: set[str] = set()
    for player in state.players:
        hand = move.hands[player]
        for card in hand:
            if card not in allowed:
                raise W.violation("deal.not_in_deck", why="advanced" if state.advanced else "basic", card=card)
            if card in seen:
                raise W.violation("deal.card_twice", card=card)
            seen.add(card)
        for colour, count in HAND_DEAL.items():
            got = sum(COLOUR[c] == colour for c in hand)
            if got != count:
                raise W.violation("deal.hand_size", player=player, count=count, colour=colour, got=got)


def apply_deal(state: MatchState, move: Deal) -> MatchState:
    """Return the state after the deal: the rest of each colour is its draw deck.

    Raises:
        RuleViolation: if the deal is illegal.
    """
    verify_deal(state, move)
    dealt = frozenset(c for hand in move.hands.values() for c in hand)
    rest = cards_in_play(state.advanced) - dealt
    blue_deck, red_deck = (frozenset(c for c in rest if COLOUR[c] == colour) for colour in COLOURS)
    return replace(
        state,
        phase=DRAW,
        tracked=True,
        to_move=first_player(state),
        hands=tuple(frozenset(move.hands[p]) for p in state.players),
        matches=((),) * len(state.players),
        decks=(blue_deck, red_deck),
        discards=((), ()),
        spent=(frozenset(), frozenset()),
    )


def _who_differs(named: Collection[str], players: Collection[str]) -> dict[str, Any]:
    """Return who a deal or result leaves out or adds, as parameters ("why": missing, extra or both)."""
    missing = [p for p in players if p not in named]
    extra = [p for p in named if p not in players]
    why = "both" if missing and extra else "missing" if missing else "extra" if extra else None
    return {"missing": missing, "extra": extra, **({"why": why} if why else {})}


# --- Turn guards --------------------------------------------------------------

def _verify_turn(state: MatchState, player: str, kind: str, phase: str) -> int:
    if state.phase == OVER:
        raise W.violation(f"{kind}.after_game_end")
    if state.phase == DEAL:
        raise W.violation(f"{kind}.before_deal", round=state.round)
    if state.phase == SCORE:
        raise W.violation(f"{kind}.round_over", round=state.round)
    if player not in state.players:
        raise W.violation(f"{kind}.unknown_player", player=player)
    if player != turn(state):
        raise W.violation(f"{kind}.not_your_turn", turn=turn(state), player=player)
    if phase == DRAW and state.phase != DRAW:
        raise W.violation(f"{kind}.already_drew", player=player)
    if phase == PLAY and state.phase != PLAY:
        raise W.violation(f"{kind}.draw_first", player=player)
    return state.seat(player)


def _verify_in_hand(state: MatchState, seat: int, card: str, kind: str) -> None:
    if card not in state.hands[seat]:
        raise W.violation(f"{kind}.not_in_hand", card=card, player=state.players[seat], where=where(state, card))


def _refilled(state: MatchState, index: int) -> MatchState:
    """Return the state with an empty draw deck refilled from its discard pile (reshuffled)."""
    if state.decks[index] or not state.discards[index]:
        return state
    return replace(state, decks=_put(state.decks, index, frozenset(state.discards[index])), discards=_put(state.discards, index, ()))


def _verify_deck_draw(state: MatchState, colour: str, card: str | None, kind: str) -> None:
    """Check a draw from a colour's deck made mid-turn (refilled first if empty)."""
    index = COLOURS.index(colour)
    deck = _refilled(state, index).decks[index]
    if card is None:
        if deck:
            raise W.violation(f"{kind}.draw_missing", colour=colour)
        return
    if card not in deck:
        raise W.violation(f"{kind}.draw_not_in_deck", card=card, colour=colour, where=where(state, card))


def _drawn(state: MatchState, seat: int, colour: str, card: str | None) -> MatchState:
    index = COLOURS.index(colour)
    state = _refilled(state, index)
    if card is None:
        return state
    return replace(state, decks=_put(state.decks, index, state.decks[index] - {card}),
                   hands=_put(state.hands, seat, state.hands[seat] | {card}))


# --- Draw -------------------------------------------------------------------

def draw_sources(state: MatchState) -> tuple[str, ...]:
    """Return where the player to move may draw from now (decks with cards, non-empty discard piles)."""
    out = []
    for i, colour in enumerate(COLOURS):
        if state.decks[i]:
            out.append(f"{colour}-deck")
    for i, colour in enumerate(COLOURS):
        if state.discards[i]:
            out.append(f"{colour}-discard")
    return tuple(out)


def verify_draw(state: MatchState, move: Draw) -> None:
    """Check a draw: the player's turn, before anything else, a card that is where it is said to be.

    Raises:
        RuleViolation: naming the rule broken.
    """
    _verify_turn(state, move.player, "draw", DRAW)
    sources = draw_sources(state)
    if move.source is None:
        if sources:
            raise W.violation("draw.must_draw", player=move.player, sources=list(sources))
        return
    if move.source not in SOURCES:
        raise W.violation("draw.unknown_source", source=move.source, sources=list(SOURCES))
    colour, pile = move.source.split("-")
    index = COLOURS.index(colour)
    if move.card is None or COLOUR.get(move.card) != colour:
        raise W.violation("draw.wrong_colour", card=move.card, colour=colour)
    if pile == "deck":
        if not state.decks[index]:
            raise W.violation("draw.empty_deck", colour=colour)
        if move.card not in state.decks[index]:
            raise W.violation("draw.not_in_deck", card=move.card, colour=colour, where=where(state, move.card))
    else:
        top = state.discards[index][-1] if state.discards[index] else None
        if move.card != top:
            raise W.violation("draw.not_top_of_discard", card=move.card, colour=colour, top=top, **({} if top else {"why": "empty"}))


def apply_draw(state: MatchState, move: Draw) -> MatchState:
    """Return the state after the turn's draw.

    Raises:
        RuleViolation: if the draw is illegal.
    """
    verify_draw(state, move)
    seat = state.to_move
    if move.source is None:
        return replace(state, phase=PLAY)
    colour, pile = move.source.split("-")
    index = COLOURS.index(colour)
    hands = _put(state.hands, seat, state.hands[seat] | {move.card})
    if pile == "deck":
        return replace(state, phase=PLAY, hands=hands, decks=_put(state.decks, index, state.decks[index] - {move.card}))
    return replace(state, phase=PLAY, hands=hands, discards=_put(state.discards, index, state.discards[index][:-1]))


# --- Match ------------------------------------------------------------------

def verify_match(state: MatchState, move: Match) -> None:
    """Check a match: after the draw, two cards from the hand of corresponding value.

    Raises:
        RuleViolation: naming the rule broken.
    """
    seat = _verify_turn(state, move.player, "match", PLAY)
    if len(move.cards) != 2 or len(set(move.cards)) != 2:
        raise W.violation("match.two_cards", cards=list(move.cards))
    for card in move.cards:
        _verify_in_hand(state, seat, card, "match")
    if match_value(move.cards) is None:
        raise W.violation("match.not_corresponding", cards=list(move.cards))


def apply_match(state: MatchState, move: Match) -> MatchState:
    """Return the state with the match on top of the player's stacks (apply() ends the round on an empty hand).

    Raises:
        RuleViolation: if the match is illegal.
    """
    verify_match(state, move)
    seat = state.to_move
    hand = state.hands[seat] - set(move.cards)
    return replace(state, hands=_put(state.hands, seat, hand),
                   matches=_put(state.matches, seat, state.matches[seat] + (blue_first(move.cards),)))


# --- Advanced cards -----------------------------------------------------------

def _verify_action(state: MatchState, player: str, card: str, kind: str) -> int:
    seat = _verify_turn(state, player, kind, PLAY)
    if not state.advanced:
        raise W.violation(f"{kind}.basic_game")
    if KIND.get(card) != kind.replace("discard_wild", "wild"):
        raise W.violation(f"{kind}.wrong_card", card=card, action=kind.replace("discard_wild", "wild"))
    _verify_in_hand(state, seat, card, kind)
    return seat


def _numbered(hand: frozenset[str], colour: str) -> set[str]:
    return {c for c in hand if c in NUMBERED and COLOUR[c] == colour}


def verify_trade(state: MatchState, move: Trade) -> None:
    """Check a Trade: the player holds a numbered card of its colour; so does the partner; one each way.

    Raises:
        RuleViolation: naming the rule broken.
    """
    seat = _verify_action(state, move.player, move.card, "trade")
    colour = COLOUR[move.card]
    if not _numbered(state.hands[seat], colour):
        raise W.violation("trade.no_numbered_card", player=move.player, colour=colour, card=move.card)
    able = [p for i, p in enumerate(state.players) if i != seat and _numbered(state.hands[i], colour)]
    if move.with_ is None:
        if able:
            raise W.violation("trade.partner_available", partner=able[0], colour=colour)
        if move.take is not None or move.give is not None:
            raise W.violation("trade.cards_without_partner")
        return
    if move.with_ not in state.players or move.with_ == move.player:
        raise W.violation("trade.bad_partner", partner=move.with_)
    other = state.seat(move.with_)
    if move.with_ not in able:
        raise W.violation("trade.partner_has_none", partner=move.with_, colour=colour)
    if move.take not in _numbered(state.hands[other], colour):
        raise W.violation("trade.bad_take", card=move.take, colour=colour, player=move.with_)
    if move.give not in _numbered(state.hands[seat], colour):
        raise W.violation("trade.bad_give", card=move.give, colour=colour, player=move.player)


def apply_trade(state: MatchState, move: Trade) -> MatchState:
    """Return the state after a Trade: the card is spent, one numbered card passes each way.

    Raises:
        RuleViolation: if the Trade is illegal.
    """
    verify_trade(state, move)
    seat, index = state.to_move, colour_index(move.card)
    hands = _put(state.hands, seat, state.hands[seat] - {move.card})
    if move.with_ is not None:
        other = state.seat(move.with_)
        hands = _put(hands, seat, hands[seat] - {move.give} | {move.take})
        hands = _put(hands, other, hands[other] - {move.take} | {move.give})
    return replace(state, hands=hands, spent=_put(state.spent, index, state.spent[index] | {move.card}))


def verify_steal(state: MatchState, move: Steal) -> None:
    """Check a Steal: take a numbered card of its colour from a victim who has one; then the draw.

    Raises:
        RuleViolation: naming the rule broken.
    """
    seat = _verify_action(state, move.player, move.card, "steal")
    colour = COLOUR[move.card]
    able = [p for i, p in enumerate(state.players) if i != seat and _numbered(state.hands[i], colour)]
    if move.from_ is None:
        if able:
            raise W.violation("steal.victim_available", victim=able[0], colour=colour)
        if move.take is not None:
            raise W.violation("steal.take_without_victim")
    else:
        if move.from_ not in state.players or move.from_ == move.player:
            raise W.violation("steal.bad_victim", victim=move.from_)
        if move.from_ not in able:
            raise W.violation("steal.victim_has_none", victim=move.from_, colour=colour)
        if move.take not in _numbered(state.hands[state.seat(move.from_)], colour):
            raise W.violation("steal.bad_take", card=move.take, colour=colour, player=move.from_)
    after = replace(state, hands=_put(state.hands, seat, state.hands[seat] - {move.card}),
                    spent=_put(state.spent, colour_index(move.card), state.spent[colour_index(move.card)] | {move.card}))
    _verify_deck_draw(after, colour, move.draw, "steal")


def apply_steal(state: MatchState, move: Steal) -> MatchState:
    """Return the state after a Steal: card spent, one card taken, the victim (or thief) draws.

    Raises:
        RuleViolation: if the Steal is illegal.
    """
    verify_steal(state, move)
    seat, index, colour = state.to_move, colour_index(move.card), COLOUR[move.card]
    hands = _put(state.hands, seat, state.hands[seat] - {move.card})
    drawer = seat
    if move.from_ is not None:
        drawer = state.seat(move.from_)
        hands = _put(hands, seat, hands[seat] | {move.take})
        hands = _put(hands, drawer, hands[drawer] - {move.take})
    state = replace(state, hands=hands, spent=_put(state.spent, index, state.spent[index] | {move.card}))
    return _drawn(state, drawer, colour, move.draw)


def verify_discard_wild(state: MatchState, move: DiscardWild) -> None:
    """Check a Wild put in the advanced discard pile, and the card drawn for it from its colour's deck.

    Raises:
        RuleViolation: naming the rule broken.
    """
    seat = _verify_action(state, move.player, move.card, "discard_wild")
    index = colour_index(move.card)
    after = replace(state, hands=_put(state.hands, seat, state.hands[seat] - {move.card}),
                    spent=_put(state.spent, index, state.spent[index] | {move.card}))
    _verify_deck_draw(after, COLOUR[move.card], move.draw, "discard_wild")


def apply_discard_wild(state: MatchState, move: DiscardWild) -> MatchState:
    """Return the state after a Wild is put in the advanced discard pile and a card drawn for it.

    Raises:
        RuleViolation: if the move is illegal.
    """
    verify_discard_wild(state, move)
    seat, index = state.to_move, colour_index(move.card)
    state = replace(state, hands=_put(state.hands, seat, state.hands[seat] - {move.card}),
                    spent=_put(state.spent, index, state.spent[index] | {move.card}))
    return _drawn(state, seat, COLOUR[move.card], move.draw)


# --- Discard ----------------------------------------------------------------

def verify_discard(state: MatchState, move: Discard) -> None:
    """Check the turn-ending discard: after the draw, a card from the hand.

    Raises:
        RuleViolation: naming the rule broken.
    """
    seat = _verify_turn(state, move.player, "discard", PLAY)
    _verify_in_hand(state, seat, move.card, "discard")


def apply_discard(state: MatchState, move: Discard) -> MatchState:
    """Return the state after the discard: empty decks refill and play passes left (unless the hand is now empty:
    then apply() ends the round and nothing is refilled).

    Raises:
        RuleViolation: if the discard is illegal.
    """
    verify_discard(state, move)
    seat, index = state.to_move, colour_index(move.card)
    hand = state.hands[seat] - {move.card}
    state = replace(state, hands=_put(state.hands, seat, hand),
                    discards=_put(state.discards, index, state.discards[index] + (move.card,)))
    if not hand:
        return state
    for i in range(len(COLOURS)):
        state = _refilled(state, i)
    return replace(state, phase=DRAW, to_move=(seat + 1) % len(state.players))


# --- Score ------------------------------------------------------------------

def tracked_layouts(state: MatchState) -> dict[str, Layout]:
    """Return what each player lays out at the end of a tracked round (hands sorted)."""
    return {p: Layout(matches=state.matches[i], hand=tuple(sorted(state.hands[i]))) for i, p in enumerate(state.players)}


def verify_score(state: MatchState, move: Score) -> None:
    """Check a round's result: the right round, every player, a legal end; in a tracked round, agreeing with the play.

    Raises:
        RuleViolation: naming the rule broken.
    """
    if state.phase == OVER:
        raise W.violation("score.after_game_end")
    if state.phase in (DRAW, PLAY):
        raise W.violation("score.round_not_over", round=state.round)
    if move.round != state.round:
        raise W.violation("score.wrong_round", round=state.round, given=move.round)
    if set(move.players) != set(state.players):
        raise W.violation("score.players", players=list(state.players), **_who_differs(move.players, state.players))
    score_layouts(move.players, advanced=state.advanced, counts=not state.tracked)
    if state.tracked:
        played = tracked_layouts(state)
        for player in state.players:
            shown = move.players[player]
            if tuple(blue_first(p) for p in shown.matches) != played[player].matches:
                raise W.violation("score.disagrees", why="matches", player=player)
            if sorted(shown.hand) != list(played[player].hand):
                raise W.violation("score.disagrees", why="hand", player=player)


def apply_score(state: MatchState, move: Score) -> MatchState:
    """Return the state after a round is scored: next round (the deal passes left), or the game's end.

    Raises:
        RuleViolation: if the result is illegal.
    """
    verify_score(state, move)
    scores = score_layouts(move.players, advanced=state.advanced, counts=False)  # verify_score checked them
    done = state.scores + (tuple(scores[p].score for p in state.players),)
    if state.round == ROUNDS:
        return replace(state, scores=done, phase=OVER)
    return replace(
        state, scores=done, round=state.round + 1, phase=DEAL, tracked=False,
        dealer=(state.dealer + 1) % len(state.players), hands=(), matches=(),
        decks=(frozenset(), frozenset()), discards=((), ()), spent=(frozenset(), frozenset()),
    )


# --- Dispatch ---------------------------------------------------------------

_APPLY: dict[type[Any], Callable[[MatchState, Any], MatchState]] = {Deal: apply_deal, Draw: apply_draw, Match: apply_match, Trade: apply_trade, Steal: apply_steal,
          DiscardWild: apply_discard_wild, Discard: apply_discard, Score: apply_score}


def _round_ended(state: MatchState) -> MatchState:
    """Return the state moved to scoring if a hand is empty mid-round, else unchanged."""
    if state.phase in (DRAW, PLAY) and any(not hand for hand in state.hands):
        return replace(state, phase=SCORE)
    return state


# The end-of-round check lives in apply, not in each move: a match, a discard, a
# Wild put away with no replacement, or a Steal whose victim has nothing left
# to draw can each empty a hand, and a round must never stay in play with one.
apply, can = by_move_type(_APPLY, W, Setup, after=_round_ended)


# --- Queries ----------------------------------------------------------------

def legal_matches(state: MatchState) -> tuple[Match, ...]:
    """Return every match the player to move may lay now (none outside the play phase)."""
    if state.phase != PLAY:
        return ()
    player, hand = state.players[state.to_move], sorted(state.hands[state.to_move])
    return tuple(Match(player=player, cards=(a, b)) for i, a in enumerate(hand) for b in hand[i + 1:]
                 if match_value((a, b)) is not None)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the highest three-round total wins; ties share."""

    winners: tuple[str, ...]
    totals: tuple[int, ...]
    reason: str


def outcome(state: MatchState) -> Outcome | None:
    """Return the outcome once three rounds are scored, else None."""
    if state.phase != OVER:
        return None
    sums = totals(state)
    return Outcome(winners=winners(state.players, sums), totals=sums, reason=f"{ROUNDS} rounds scored")


def is_over(state: MatchState) -> bool:
    """Return True once the third round is scored."""
    return state.phase == OVER


def card_places(state: MatchState) -> list[str]:
    """Return every card of a tracked round once per place it is in (for the 'one place' invariant)."""
    out: list[str] = []
    for hand, matches in zip(state.hands, state.matches):
        out.extend(hand)
        out.extend(c for pair in matches for c in pair)
    for i in range(len(COLOURS)):
        out.extend(state.decks[i])
        out.extend(state.discards[i])
        out.extend(state.spent[i])
    return out
