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
from companion.games.base import plural, possessive, verify_player_names
from companion.games.cats import hints
from companion.games.cats.moves import Bid, Deal, Draw, Lot, Move, Pass, Play, Reveal, Setup
from companion.games.cats.names import card_name as _name
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
    try:
        verify_player_names(players)
    except RuleViolation as error:
        ru = ("раздача: имена игроков не должны повторяться (без учёта регистра)" if error.rule == "setup.duplicate_player"
              else "раздача: имя игрока должно быть непустым, без «/», управляющих символов и пробелов по краям, не длиннее 24 знаков")
        raise CatsViolation(error.rule, error.message, ru) from None
    if move.first not in players:
        raise CatsViolation("setup.first_not_seated", f"setup: first player {move.first!r} is not one of the players",
                            f"раздача: первый ход у {move.first!r}, но такого игрока нет за столом")
    if not move.hands:
        return  # a secret deal: each player enters their own hand (Deal moves)
    if set(move.hands) != set(players):
        raise CatsViolation("setup.hands_players", "setup: hands must name exactly the players",
                            "раздача: руки должны быть указаны ровно для игроков за столом")
    seen: set[str] = set()
    for player in players:
        _verify_hand(player, move.hands[player], count, seen)


def _verify_hand(player: str, hand, count: int, seen: set[str]) -> None:
    """Check one dealt hand: known unique cards, 7 Bank cards and N-1 dealable cats."""
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
        raise CatsViolation("setup.cat_cards", f"setup: with {count} players each is dealt {plural(count - 1, 'cat card')}; {player!r} has {len(cats)}",
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
        CatsViolation: naming the rule broken.
    """
    if state.phase != DEAL:
        raise CatsViolation("deal.not_now", "deal: the cards were already dealt", "раздача: карты уже розданы")
    if move.player not in state.players:
        raise CatsViolation("deal.unknown_player", f"deal: {move.player!r} is not playing", f"раздача: {move.player!r} не играет")
    if state.seat(move.player) in state.dealt:
        raise CatsViolation("deal.twice", f"deal: {move.player}'s hand is already entered (undo it to correct)",
                            f"раздача: рука игрока {move.player} уже введена (чтобы исправить, отмените ввод)")
    if len(set(move.cards)) != len(move.cards):
        raise CatsViolation("deal.card_twice", "deal: a card is entered twice", "раздача: одна карта введена дважды")
    _verify_hand(move.player, move.cards, len(state.players), set())
    for card in move.cards:
        if card not in state.bank and card not in state.prize:
            raise CatsViolation("deal.card_taken", f"deal: {_name(card)} ({card!r}) is already in another hand",
                                f"раздача: карта {_name(card, 'ru')} ({card!r}) уже у другого игрока")


def apply_deal(state: CatsState, move: Deal) -> CatsState:
    """Return the state with one more hand known; the first round begins once every hand is in.

    Raises:
        CatsViolation: if the hand is not a legal deal.
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

_ROUND_RESET = dict(lot=(), penalties=(), middle=(), stake=0, golden=False, prior_stake=0, holder=None, last_bid=None,
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
        CatsViolation: lot.after_game_end, lot.not_now, lot.unknown_card or lot.not_in_prize.
    """
    if state.phase == OVER:
        raise CatsViolation("lot.after_game_end", "lot: the game is over", "лот: игра окончена")
    if state.phase != LOT:
        raise CatsViolation("lot.not_now", "lot: the round is not waiting for a lot", "лот: сейчас не время выкладывать лот")
    if move.card is None:
        return
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
    if move.card is None:
        state = replace(state, lot_hidden=1, phase=BIDDING, decisive=False, round_no=state.round_no + 1)
    else:
        state = replace(state, lot=(move.card,), prize=state.prize - {move.card}, phase=BIDDING, decisive=False,
                        round_no=state.round_no + 1)
    return _next_turn(state, _before(state, state.starter))


# --- Bidding guards ----------------------------------------------------------

def _verify_turn(state: CatsState, player: str, kind: str) -> int:
    ru_kind = {"bid": "ставка", "play": "карта", "pass": "пас", "draw": "добор", "reveal": "лот"}[kind]
    if state.phase == OVER:
        raise CatsViolation(f"{kind}.after_game_end", f"{kind}: the game is over", f"{ru_kind}: игра окончена")
    if player not in state.players:
        raise CatsViolation(f"{kind}.unknown_player", f"{kind}: {player!r} is not playing", f"{ru_kind}: {player!r} не играет")
    seat = state.seat(player)
    if seat in state.out:
        raise CatsViolation(f"{kind}.player_out", f"{kind}: {player!r} is out of the game", f"{ru_kind}: {player} выбыл из игры")
    wanted = {"draw": DRAWING, "reveal": REVEAL}.get(kind, BIDDING)
    if state.phase != wanted:
        if state.phase == DEAL:
            raise CatsViolation(f"{kind}.deal_first", f"{kind}: every player must enter their dealt hand first",
                                f"{ru_kind}: сначала все игроки вводят свои розданные карты")
        if state.phase == REVEAL:
            raise CatsViolation(f"{kind}.reveal_first", f"{kind}: {turn(state)} must first say which cards the won lot holds",
                                f"{ru_kind}: сначала {turn(state)} называет карты выигранного лота")
        if state.phase == LOT:
            raise CatsViolation(f"{kind}.lot_first", f"{kind}: lay the lot from the Prize deck first", f"{ru_kind}: сначала выложите лот из колоды «Приз»")
        if state.phase == DRAWING:
            raise CatsViolation(f"{kind}.draws_first", f"{kind}: the round's losers must draw first ({turn(state)!r} next)",
                                f"{ru_kind}: сначала проигравшие берут карты из «Банка» (сейчас {turn(state)})")
        if kind == "reveal":
            raise CatsViolation("reveal.not_now", "reveal: no won lot waits to be named", "лот: сейчас нет выигранного лота, который нужно назвать")
        raise CatsViolation(f"{kind}.not_now", f"{kind}: nobody draws now", f"{ru_kind}: сейчас никто не берёт карты")
    if player != turn(state):
        raise CatsViolation(f"{kind}.not_your_turn", f"{kind}: it is {possessive(turn(state))} turn, not {possessive(player)}",
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
            raise CatsViolation("bid.not_in_hand", f"bid: {card!r} is not in {possessive(move.player)} hand", f"ставка: карты {card!r} нет на руке у {move.player}")
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
        raise CatsViolation("play.not_in_hand", f"play: {card!r} is not in {possessive(move.player)} hand", f"карта: карты {card!r} нет на руке у {move.player}")
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
    if move.turned is None and deck == "prize":
        return  # laid face down from the Prize deck: nobody can name it yet
    if move.turned is None:
        raise CatsViolation("play.turned_missing", f"play: say which card {_name(card)} turned up from the {deck.title()} deck",
                            f"карта: укажите, какую карту {_name(card, 'ru')} открыла из колоды {deck_ru}")
    if move.turned not in getattr(state, deck) or (deck == "prize" and move.turned not in _CATS):
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
        CatsViolation: naming the rule broken.
    """
    seat = _verify_turn(state, move.player, "pass")
    if move.penalty not in ALL_CARDS:
        raise CatsViolation("pass.unknown_card", f"pass: unknown card {move.penalty!r}", f"пас: неизвестная карта {move.penalty!r}")
    if move.penalty not in state.hands[seat]:
        raise CatsViolation("pass.not_in_hand", f"pass: the penalty {move.penalty!r} is not in {possessive(move.player)} hand",
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
        raise CatsViolation("draw.count", f"draw: {move.player!r} draws {plural(need, 'card')}, not {len(move.cards)}",
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


# --- Reveal -----------------------------------------------------------------

def verify_reveal(state: CatsState, move: Reveal) -> None:
    """Check the winner's naming of the face-down lot cards: as many as lay there, cat cards nobody has named.

    Raises:
        CatsViolation: naming the rule broken.
    """
    _verify_turn(state, move.player, "reveal")
    if len(move.cards) != state.lot_hidden:
        raise CatsViolation("reveal.count", f"reveal: the lot held {state.lot_hidden} face-down cards, not {len(move.cards)}",
                            f"лот: в лоте было закрытых карт: {state.lot_hidden}, а названо {len(move.cards)}")
    if len(set(move.cards)) != len(move.cards):
        raise CatsViolation("reveal.card_twice", "reveal: a card is named twice", "лот: одна карта названа дважды")
    for card in move.cards:
        if card not in _CATS:
            raise CatsViolation("reveal.not_a_cat", f"reveal: {card!r} is not a cat card; a lot holds cat cards",
                                f"лот: {card!r} — не карта котика, а в лоте только котики")
        if card not in state.prize:
            raise CatsViolation("reveal.card_seen", f"reveal: {_name(card)} ({card!r}) is already elsewhere on the table",
                                f"лот: карта {_name(card, 'ru')} ({card!r}) уже лежит в другом месте")


def apply_reveal(state: CatsState, move: Reveal) -> CatsState:
    """Return the state with the won lot's cards named in the winner's hand; then the losers draw.

    Raises:
        CatsViolation: if the cards cannot be what the lot held.
    """
    verify_reveal(state, move)
    seat = state.holder
    cards = frozenset(move.cards)
    state = replace(state, hands=_with(state.hands, seat, state.hands[seat] | cards), prize=state.prize - cards, lot_hidden=0)
    return _check(_after_win(state))


# --- Dispatch ---------------------------------------------------------------

_APPLY = {Deal: apply_deal, Lot: apply_lot, Bid: apply_bid, Play: apply_play, Pass: apply_pass, Draw: apply_draw,
          Reveal: apply_reveal}


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
