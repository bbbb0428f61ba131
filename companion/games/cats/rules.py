"""Cat auction rules: state + move -> new state, or a violation naming the rule broken.

Pure and deterministic: no I/O, no clock, no randomness. Each move kind has
verify_* (raises), and apply_* (verify, then build the new state); apply()
picks by type. Rule ids are stable dotted strings. Every violation carries
its message in English and Russian (CatsViolation.texts) so the tablet can
show the player's language; the hint table comes from the deck data (hints.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.errors import RuleViolation
from companion.games.cats import hints
from companion.games.cats.moves import Bid, Draw, Lot, Move, Pass, Play, Setup
from companion.games.cats.names import card_name as _name
from companion.games.cats.state import (
    ALL_CARDS,
    BANK_CARDS_EACH,
    BIDDING,
    CAT_CARDS,
    DRAWING,
    GOLDEN,
    KIND,
    LOT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NOT_DEALT,
    NUMBER_CARDS,
    OVER,
    VALUE,
    ZERO,
    CatsState,
    bid_value,
    draw_count,
    in_game,
    in_round,
    stake_state,
    turn,
)

_NUMBERS = frozenset(NUMBER_CARDS)
_CATS = frozenset(CAT_CARDS)
TURNS_A_CARD = {"random": "bank", "top-up": "prize", "frame-up": "prize"}
"""Cat kinds whose effect takes a card from a deck, and which deck."""


class CatsViolation(RuleViolation):
    """A RuleViolation whose message exists in English (`message`) and Russian (`texts["ru"]`)."""

    def __init__(self, rule: str, en: str, ru: str):
        super().__init__(rule, en)
        self.texts = {"en": en, "ru": ru}

    def text(self, lang: str) -> str:
        """Return the message in `lang` ("en" or "ru"), English for any other."""
        return self.texts.get(lang, self.message)

    def to_json(self) -> dict:
        """Return the error body with both languages under "messages"."""
        body = super().to_json()
        body["error"]["messages"] = dict(self.texts)
        return body


# --- Setup ------------------------------------------------------------------

def verify_setup(move: Setup) -> None:
    """Check a deal: 2-4 unique players, a seated first player, 7 Bank cards and N-1 dealable cats each.

    Raises:
        CatsViolation: naming the first thing wrong.
    """
    players = move.players
    count = len(players)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise CatsViolation("setup.player_count", f"setup: the cat auction is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}",
                            f"раздача: в «Котиков» играют от {MIN_PLAYERS} до {MAX_PLAYERS} игроков, а не {count}")
    if any(not isinstance(p, str) or not p.strip() for p in players):
        raise CatsViolation("setup.player_name", "setup: player names must be non-empty strings", "раздача: у каждого игрока должно быть имя")
    if len(set(players)) != count:
        raise CatsViolation("setup.duplicate_player", "setup: player names must be unique", "раздача: имена игроков не должны повторяться")
    if move.first not in players:
        raise CatsViolation("setup.first_not_seated", f"setup: first player {move.first!r} is not one of the players",
                            f"раздача: первый ход у {move.first!r}, но такого игрока нет за столом")
    if set(move.hands) != set(players):
        raise CatsViolation("setup.hands_players", "setup: hands must name exactly the players",
                            "раздача: руки должны быть указаны ровно для игроков за столом")
    seen: set[str] = set()
    for player in players:
        hand = move.hands[player]
        for card in hand:
            if card not in ALL_CARDS:
                raise CatsViolation("setup.unknown_card", f"setup: unknown card {card!r}", f"раздача: неизвестная карта {card!r}")
            if card in seen:
                raise CatsViolation("setup.card_twice", f"setup: card {card!r} is dealt twice", f"раздача: карта {card!r} роздана дважды")
            seen.add(card)
        numbers = [c for c in hand if c in _NUMBERS]
        cats = [c for c in hand if c in _CATS]
        if len(numbers) != BANK_CARDS_EACH:
            raise CatsViolation("setup.bank_cards", f"setup: {player!r} must be dealt {BANK_CARDS_EACH} Bank cards, not {len(numbers)}",
                                f"раздача: {player} должен получить {BANK_CARDS_EACH} карт из «Банка», а не {len(numbers)}")
        if len(cats) != count - 1:
            raise CatsViolation("setup.cat_cards", f"setup: with {count} players each is dealt {count - 1} cat cards; {player!r} has {len(cats)}",
                                f"раздача: при {count} игроках каждому раздают {count - 1} карт котиков, а у {player} их {len(cats)}")
        for card in cats:
            if KIND[card] in NOT_DEALT:
                raise CatsViolation("setup.pair_dealt", f"setup: {_name(card)} is one of the pairs that are not dealt ({card!r})",
                                    f"раздача: {_name(card, 'ru')} — из пар, которые не раздают ({card!r})")


def initial_state(move: Setup) -> CatsState:
    """Return the state after the deal: the rest of each deck face down, waiting for the first lot.

    Raises:
        CatsViolation: if the deal is not legal (see verify_setup).
    """
    verify_setup(move)
    dealt = frozenset(c for hand in move.hands.values() for c in hand)
    state = CatsState(
        players=tuple(move.players),
        hands=tuple(frozenset(move.hands[p]) for p in move.players),
        bank=_NUMBERS - dealt,
        prize=_CATS - dealt,
        starter=move.players.index(move.first),
    )
    return _check(_begin_round(state))


# --- Round flow -------------------------------------------------------------

_ROUND_RESET = dict(lot=(), penalties=(), middle=(), stake=0, golden=False, prior_stake=0, holder=None, last_bid=None,
                    bid_made=False, to_move=None, passed=frozenset(), early=frozenset(), peeked=frozenset(), draws=())


def _begin_round(state: CatsState) -> CatsState:
    """Start the next round: wait for the lot, or (Prize deck empty) open the decisive round."""
    state = replace(state, **_ROUND_RESET)
    if state.prize:
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
    """The holder wins: lot and penalties to their hand, bids to the discard, losers draw."""
    winner = state.holder
    assert winner is not None, "a round is won only by the stake holder"
    hands = _with(state.hands, winner, state.hands[winner] | set(state.lot) | set(state.penalties))
    name = state.players[winner]
    state = replace(state, hands=hands, discard=state.discard | set(state.middle), lot=(), penalties=(), middle=(),
                    last_round=f"won by {name}")
    if state.decisive:
        return replace(state, phase=OVER, to_move=None, winner=winner)
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
    state = replace(state, discard=discard, lot=(), penalties=(), middle=(), starter=starter, last_round="no winner")
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
        CatsViolation: lot.not_now, lot.unknown_card or lot.not_in_prize.
    """
    if state.phase != LOT:
        raise CatsViolation("lot.not_now", "lot: the round is not waiting for a lot", "лот: сейчас не время выкладывать лот")
    if move.card not in ALL_CARDS:
        raise CatsViolation("lot.unknown_card", f"lot: unknown card {move.card!r}", f"лот: неизвестная карта {move.card!r}")
    if move.card not in state.prize:
        raise CatsViolation("lot.not_in_prize", f"lot: {move.card!r} is not in the Prize deck", f"лот: карты {move.card!r} нет в колоде «Приз»")


def apply_lot(state: CatsState, move: Lot) -> CatsState:
    """Return the state after the lot is laid: bidding starts with the round's starter.

    Raises:
        CatsViolation: if no lot is due or the card is not in the Prize deck.
    """
    verify_lot(state, move)
    state = replace(state, lot=(move.card,), prize=state.prize - {move.card}, phase=BIDDING, decisive=False,
                    round_no=state.round_no + 1)
    return _next_turn(state, _before(state, state.starter))


# --- Bidding guards ----------------------------------------------------------

def _verify_turn(state: CatsState, player: str, kind: str) -> int:
    ru_kind = {"bid": "ставка", "play": "карта", "pass": "пас", "draw": "добор"}[kind]
    if state.phase == OVER:
        raise CatsViolation(f"{kind}.after_game_end", f"{kind}: the game is over", f"{ru_kind}: игра окончена")
    if player not in state.players:
        raise CatsViolation(f"{kind}.unknown_player", f"{kind}: {player!r} is not playing", f"{ru_kind}: {player!r} не играет")
    seat = state.seat(player)
    if seat in state.out:
        raise CatsViolation(f"{kind}.player_out", f"{kind}: {player!r} is out of the game", f"{ru_kind}: {player} выбыл из игры")
    wanted = DRAWING if kind == "draw" else BIDDING
    if state.phase != wanted:
        if state.phase == LOT:
            raise CatsViolation(f"{kind}.lot_first", f"{kind}: lay the lot from the Prize deck first", f"{ru_kind}: сначала выложите лот из колоды «Приз»")
        if state.phase == DRAWING:
            raise CatsViolation(f"{kind}.draws_first", f"{kind}: the round's losers must draw first ({turn(state)!r} next)",
                                f"{ru_kind}: сначала проигравшие берут карты из «Банка» (сейчас {turn(state)})")
        raise CatsViolation(f"{kind}.not_now", f"{kind}: nobody draws now", f"{ru_kind}: сейчас никто не берёт карты")
    if player != turn(state):
        raise CatsViolation(f"{kind}.not_your_turn", f"{kind}: it is {turn(state)!r}'s turn, not {player!r}'s",
                            f"{ru_kind}: сейчас ход {turn(state)}, а не {player}")
    return seat


def _after_bid(state: CatsState, seat: int, kind: str, **changes) -> CatsState:
    state = replace(state, last_bid=kind, bid_made=True, **changes)
    return _check(_next_turn(state, seat))


# --- Bid --------------------------------------------------------------------

def verify_bid(state: CatsState, move: Bid) -> None:
    """Check a number bid: own number cards, at zero stake any sum, else at least twice the stake.

    Raises:
        CatsViolation: naming the rule broken.
    """
    seat = _verify_turn(state, move.player, "bid")
    if not move.cards:
        raise CatsViolation("bid.no_cards", "bid: lay at least one number card", "ставка: выложите хотя бы одну числовую карту")
    if len(set(move.cards)) != len(move.cards):
        raise CatsViolation("bid.card_twice", "bid: a card is laid twice", "ставка: одна карта выложена дважды")
    for card in move.cards:
        if card in _CATS:
            rule = "bid.cat_card" if stake_state(state) != ZERO else "bid.open_with_cat"
            raise CatsViolation(rule, f"bid: {_name(card)} is a cat card; a bid is made of number cards (play cat cards one at a time)",
                                f"ставка: {_name(card, 'ru')} — карта котика; ставку делают числовыми картами (котиков играют по одному)")
        if card not in _NUMBERS:
            raise CatsViolation("bid.unknown_card", f"bid: unknown card {card!r}", f"ставка: неизвестная карта {card!r}")
        if card not in state.hands[seat]:
            raise CatsViolation("bid.not_in_hand", f"bid: {card!r} is not in {move.player!r}'s hand", f"ставка: карты {card!r} нет на руке у {move.player}")
    column = stake_state(state)
    if column == GOLDEN:
        raise CatsViolation("bid.golden_stake", "bid: number cards cannot beat a golden stake",
                            "ставка: золотую ставку числовыми картами не перебить")
    value = bid_value(move.cards)
    if column != ZERO and value < 2 * state.stake:
        raise CatsViolation("bid.too_low", f"bid: {value} does not double the stake of {state.stake} (at least {2 * state.stake})",
                            f"ставка: {value} — мало, нужно хотя бы вдвое больше ставки на кону {state.stake}, то есть не меньше {2 * state.stake}")


def apply_bid(state: CatsState, move: Bid) -> CatsState:
    """Return the state after a number bid: its sum is the stake and the bidder holds it.

    Raises:
        CatsViolation: if the bid is illegal.
    """
    verify_bid(state, move)
    seat = state.to_move
    return _after_bid(state, seat, "number", hands=_with(state.hands, seat, state.hands[seat] - set(move.cards)),
                      middle=state.middle + tuple(move.cards), prior_stake=state.stake, stake=bid_value(move.cards), holder=seat)


# --- Play (one cat card) -----------------------------------------------------

def verify_play(state: CatsState, move: Play) -> None:
    """Check a cat card: in hand, allowed at this stake by the hint table, its condition holding.

    Raises:
        CatsViolation: naming the rule broken.
    """
    seat = _verify_turn(state, move.player, "play")
    card = move.card
    if card in _NUMBERS:
        raise CatsViolation("play.number_card", f"play: {card!r} is a number card; bid it instead", f"карта: {card!r} — числовая карта, ею делают ставку")
    if card not in _CATS:
        raise CatsViolation("play.unknown_card", f"play: unknown card {card!r}", f"карта: неизвестная карта {card!r}")
    if card not in state.hands[seat]:
        raise CatsViolation("play.not_in_hand", f"play: {card!r} is not in {move.player!r}'s hand", f"карта: карты {card!r} нет на руке у {move.player}")
    kind, column = KIND[card], stake_state(state)
    cell = hints.cell(kind, column)
    if column == ZERO:
        raise CatsViolation("play.cat_at_zero", f"play: at a zero stake only number cards may be laid; {_name(card)} cannot open",
                            f"карта: при нулевой ставке ходят только числовыми картами; начинать с {_name(card, 'ru')} нельзя")
    if not cell.allowed:
        raise CatsViolation("play.not_allowed", f"play: {_name(card)} cannot be played at a {column} stake",
                            f"карта: {_name(card, 'ru')} нельзя сыграть, когда ставка {hints.STAKE_STATES[column]['ru'].lower()}")
    if not hints.condition_holds(cell.condition, state):
        raise CatsViolation(f"play.condition.{cell.condition}",
                            f"play: {_name(card)} needs: {hints.condition_text(cell.condition)}",
                            f"карта: для {_name(card, 'ru')} нужно условие: {hints.condition_text(cell.condition, 'ru')}")
    deck = TURNS_A_CARD.get(kind)
    if deck is None:
        if move.turned is not None:
            raise CatsViolation("play.turned_unexpected", f"play: {_name(card)} turns up no card", f"карта: {_name(card, 'ru')} не открывает карт")
        return
    deck_ru = "«Банк»" if deck == "bank" else "«Приз»"
    if move.turned is None:
        raise CatsViolation("play.turned_missing", f"play: say which card {_name(card)} turned up from the {deck.title()} deck",
                            f"карта: укажите, какую карту {_name(card, 'ru')} открыла из колоды {deck_ru}")
    if move.turned not in getattr(state, deck):
        raise CatsViolation("play.turned_not_in_deck", f"play: {move.turned!r} is not in the {deck.title()} deck",
                            f"карта: карты {move.turned!r} нет в колоде {deck_ru}")


def apply_play(state: CatsState, move: Play) -> CatsState:
    """Return the state after a cat card's effect (see the deck file's effect texts).

    Raises:
        CatsViolation: if the card may not be played now.
    """
    verify_play(state, move)
    seat, kind = state.to_move, KIND[move.card]
    hands = _with(state.hands, seat, state.hands[seat] - {move.card})
    if kind == "shish":
        # Leave the round without a penalty: the card itself goes to the discard pile.
        return _check(_next_turn(replace(state, hands=hands, discard=state.discard | {move.card}, passed=state.passed | {seat}), seat))
    base = dict(hands=hands, middle=state.middle + (move.card,), holder=seat, prior_stake=state.stake)
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
        return _after_bid(state, seat, kind, **base | {"bank": state.bank - {move.turned}, "stake": VALUE[move.turned],
                                                       "middle": base["middle"] + (move.turned,)})
    if kind == "top-up":
        return _after_bid(state, seat, kind, **base | {"prize": state.prize - {move.turned}, "lot": state.lot + (move.turned,)})
    assert kind == "frame-up", f"no effect written for cat kind {kind!r}"
    # The lot's prize cards go under the Prize deck; the top Prize card is the new lot.
    return _after_bid(state, seat, kind, **base | {"prize": state.prize - {move.turned} | set(state.lot), "lot": (move.turned,),
                                                   "peeked": frozenset()})


# --- Pass -------------------------------------------------------------------

def verify_pass(state: CatsState, move: Pass) -> None:
    """Check a pass: the player's turn and a penalty card from their own hand.

    Raises:
        CatsViolation: naming the rule broken.
    """
    seat = _verify_turn(state, move.player, "pass")
    if move.penalty not in ALL_CARDS:
        raise CatsViolation("pass.unknown_card", f"pass: unknown card {move.penalty!r}", f"пас: неизвестная карта {move.penalty!r}")
    if move.penalty not in state.hands[seat]:
        raise CatsViolation("pass.not_in_hand", f"pass: the penalty {move.penalty!r} is not in {move.player!r}'s hand",
                            f"пас: штрафной карты {move.penalty!r} нет на руке у {move.player}")


def apply_pass(state: CatsState, move: Pass) -> CatsState:
    """Return the state after a pass: the penalty card goes into the lot; the player leaves the bidding.

    Raises:
        CatsViolation: if it is not the player's turn or the card is not theirs.
    """
    verify_pass(state, move)
    seat = state.to_move
    state = replace(state, hands=_with(state.hands, seat, state.hands[seat] - {move.penalty}),
                    penalties=state.penalties + (move.penalty,), passed=state.passed | {seat},
                    early=state.early | ({seat} if not state.bid_made else set()))
    return _check(_next_turn(state, seat))


# --- Draw -------------------------------------------------------------------

def verify_draw(state: CatsState, move: Draw) -> None:
    """Check a loser's draw: their turn to draw, 2 cards (or what is left), all from the Bank.

    Raises:
        CatsViolation: naming the rule broken.
    """
    _verify_turn(state, move.player, "draw")
    need = draw_count(state)
    if len(move.cards) != need:
        raise CatsViolation("draw.count", f"draw: {move.player!r} draws {need} cards, not {len(move.cards)}",
                            f"добор: {move.player} берёт карт: {need}, а не {len(move.cards)}")
    if len(set(move.cards)) != len(move.cards):
        raise CatsViolation("draw.card_twice", "draw: a card is drawn twice", "добор: одна карта взята дважды")
    for card in move.cards:
        if card not in state.bank:
            raise CatsViolation("draw.not_in_bank", f"draw: {card!r} is not in the Bank deck", f"добор: карты {card!r} нет в колоде «Банк»")


def apply_draw(state: CatsState, move: Draw) -> CatsState:
    """Return the state after a loser draws; the next round begins once the last one has.

    Raises:
        CatsViolation: if the draw is illegal.
    """
    verify_draw(state, move)
    seat = state.draws[0]
    state = replace(state, hands=_with(state.hands, seat, state.hands[seat] | set(move.cards)),
                    bank=state.bank - set(move.cards), draws=state.draws[1:])
    if state.draws and state.bank:
        return _check(state)
    return _check(_begin_round(state))


# --- Dispatch ---------------------------------------------------------------

_APPLY = {Lot: apply_lot, Bid: apply_bid, Play: apply_play, Pass: apply_pass, Draw: apply_draw}


def apply(state: CatsState, move: Move) -> CatsState:
    """Return the state after `move`. Raises CatsViolation if it is illegal."""
    handler = _APPLY.get(type(move))
    if handler is None:
        if isinstance(move, Setup):
            raise CatsViolation("setup.not_first", "setup: only the first line of a record is a setup",
                                "раздача: раздача бывает только в первой строке записи")
        raise CatsViolation("move.unknown", f"unknown move {move!r}", f"неизвестный ход {move!r}")
    return handler(state, move)


def can(state: CatsState, move: Move) -> bool:
    """Return True if `move` is legal in `state`."""
    try:
        apply(state, move)
    except RuleViolation:
        return False
    return True


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


def legal_actions(state: CatsState) -> LegalActions:
    """Return what the player to act may do (nothing in the lot phase or once the game is over)."""
    player = turn(state)
    column = stake_state(state)
    if player is None or state.phase != BIDDING:
        return LegalActions(player=player, phase=state.phase, stake_state=column, min_bid=None, can_bid=False, playable=(),
                            can_pass=False, draw_count=draw_count(state) if state.phase == DRAWING else 0)
    hand = state.hands[state.to_move]
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
