"""Blue/red match scoring: the stacks, the positive stack, the round score, the scoreboard.

The reading (cards_printable/match.deck.json, "Scoring" reading): each later
match goes on top of the last with the colours swapped, so one stack holds
the blue card of matches 1, 3, 5, ... and the red card of matches 2, 4, ...,
and the other stack the rest. Adding each stack (blue +, red -) gives t and -t;
the positive stack's number is |t|. The round score is |t| minus the red
numbers left in hand (an unplayed red Wild costs 10,000).

score_round() is the `companion score match ROUND.json` entry point: it takes
parsed JSON, checks it, and raises CompanionError subclasses on bad input.
Pure: no I/O.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

from companion.errors import RecordError, RuleViolation
from companion.games.base import possessive
from companion.games.match.messages import W
from companion.games.match.moves import Layout
from companion.games.match.state import (
    ALL_CARDS,
    COLOUR,
    DECK,
    KIND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBERED,
    HAND_DEAL,
    RED_WILD_PENALTY,
    ROUNDS,
    VALUE,
)

HAND_SIZE: int = sum(HAND_DEAL.values())
"""Cards each player holds (hand + matches) between turns: a turn draws one and discards one."""

LOSING_KINDS: frozenset[str] = frozenset({"trade", "steal", "wild"})
"""Action cards whose play can cost a card for good (rules.py): a Trade nobody can answer spends the card with
nothing back; a Wild put away and a Steal (its victim, or with no victim its thief) draw a card only while the
colour's deck or discard pile has one. Each played costs at most one card, so a round's missing cards number
at most the action cards of these kinds that no player shows."""

ADVANCED_MAX: int = HAND_SIZE + 1
"""Most cards one player can show in the advanced game: a Steal that takes the victim's last card with nothing
left to draw ends the round in the thief's turn, after the thief's draw and before the discard."""

# A card may be named by its face alone ("red-300", "blue-wild"): any copy of it.
FACES: dict[str, tuple[str, ...]] = {}
for _code in DECK.codes():
    FACES.setdefault(_code.rsplit("-", 1)[0], ())
    FACES[_code.rsplit("-", 1)[0]] += (_code,)


def match_value(cards: Sequence[str]) -> int | None:
    """Return the number a pair of cards matches on, or None if they are no match.

    A blue and a red numbered card of the same number match; a Wild matches a
    numbered card of the other colour and takes its number; two Wilds never do.

    >>> match_value(["blue-300-1", "red-300-2"]), match_value(["red-wild-1", "blue-700-3"])
    (300, 700)
    >>> match_value(["blue-300-1", "red-400-1"]) is None, match_value(["blue-wild-1", "red-wild-1"]) is None
    (True, True)
    """
    if len(cards) != 2 or any(c not in ALL_CARDS for c in cards):
        return None
    a, b = cards
    if COLOUR[a] == COLOUR[b]:
        return None
    if a in NUMBERED and b in NUMBERED:
        return VALUE[a] if VALUE[a] == VALUE[b] else None
    numbered = [c for c in cards if c in NUMBERED]
    wild = [c for c in cards if KIND[c] == "wild"]
    return VALUE[numbered[0]] if len(numbered) == 1 and len(wild) == 1 else None


def blue_first(cards: Sequence[str]) -> tuple[str, str]:
    """Return a match's two cards as (blue card, red card)."""
    a, b = cards
    return (a, b) if COLOUR[a] == "blue" else (b, a)


def stack_totals(matches: Iterable[Sequence[str]]) -> tuple[int, int]:
    """Return the two stacks' sums (blue +, red -); the first stack starts with match 1's blue card.

    >>> stack_totals([["blue-500-1", "red-500-1"], ["blue-200-1", "red-200-1"], ["blue-1000-1", "red-1000-1"]])
    (1300, -1300)
    """
    first = 0
    for index, pair in enumerate(matches):
        value = match_value(pair)
        assert value is not None, f"not a match: {list(pair)!r}"
        first += value if index % 2 == 0 else -value
    return first, -first


def red_in_hand(hand: Iterable[str]) -> int:
    """Return what the red cards left in a hand cost: their numbers, 10,000 per red Wild.

    >>> red_in_hand(["red-300-1", "blue-700-1", "red-wild-2", "red-trade-1"])
    10300
    """
    cost = 0
    for card in hand:
        if COLOUR[card] != "red":
            continue
        if card in NUMBERED:
            cost += VALUE[card]
        elif KIND[card] == "wild":
            cost += RED_WILD_PENALTY
    return cost


@dataclass(frozen=True)
class PlayerScore:
    """One player's round: both stack sums, the positive stack's number, the hand's cost, the score."""

    stacks: tuple[int, int]
    positive_stack: int
    red_in_hand: int
    score: int

    def to_json(self) -> dict[str, Any]:
        """Return the JSON shape `companion score match` prints per player."""
        return {"stack_1": self.stacks[0], "stack_2": self.stacks[1], "positive_stack": self.positive_stack,
                "red_in_hand": self.red_in_hand, "total": self.score}


def score_layout(layout: Layout) -> PlayerScore:
    """Return the round score of one player's laid-out matches and hand (assumed legal).

    >>> ann = Layout(matches=(("blue-500-1", "red-500-1"), ("red-200-1", "blue-200-1"), ("blue-1000-1", "red-1000-1")),
    ...              hand=("red-300-1", "blue-700-1"))
    >>> score_layout(ann).score
    1000
    """
    stacks = stack_totals(layout.matches)
    positive = max(stacks)
    cost = red_in_hand(layout.hand)
    return PlayerScore(stacks=stacks, positive_stack=positive, red_in_hand=cost, score=positive - cost)


def verify_layouts(layouts: Mapping[str, Layout], *, advanced: bool | None = None, counts: bool = True) -> None:
    """Check a round's end: known cards, each once, legal matches, exactly one empty hand, and (with
    `counts`) as many cards per player as a legal round leaves (see verify_counts).

    `advanced` False forbids Trade, Steal and Wild cards; None allows them.
    A round tracked turn by turn passes counts=False: its play already proves them.

    Raises:
        RuleViolation: naming the first thing wrong.
    """
    seen: dict[str, str] = {}
    for name, layout in layouts.items():
        cards = [c for pair in layout.matches for c in pair] + list(layout.hand)
        for card in cards:
            if card not in ALL_CARDS:
                raise W.violation("score.unknown_card", player=name, card=card)
            if card in seen:
                raise W.violation("score.card_twice", card=card, first=seen[card], player=name)
            seen[card] = name
            if advanced is False and card not in NUMBERED:
                raise W.violation("score.advanced_card", card=card)
        for pair in layout.matches:
            if len(pair) != 2 or match_value(pair) is None:
                raise W.violation("score.not_a_match", cards=list(pair), player=name)
    if layouts and all(layout.hand for layout in layouts.values()):
        raise W.violation("score.no_empty_hand")
    empty = [name for name, layout in layouts.items() if not layout.hand]
    if len(empty) > 1:
        raise W.violation("score.two_empty_hands", players=empty)
    if counts:
        verify_counts(layouts, advanced=advanced if advanced is not None else any(c not in NUMBERED for c in seen))


def verify_counts(layouts: Mapping[str, Layout], *, advanced: bool) -> None:
    """Check each player shows as many cards as a legal round leaves them.

    Basic game: exactly HAND_SIZE (10): every turn draws one card and
    discards one, and matching only moves cards from hand to the table.
    Advanced game: at most HAND_SIZE, and one player may show ADVANCED_MAX, the
    player to move when the round ended mid-turn (after their draw; e.g. a Steal
    that took the victim's last card, tests/records/match-stuck-steal-5p.jsonl);
    fewer only through played action cards (LOSING_KINDS), each costing one card
    at most, so the cards missing from the table are no more than the action
    cards of those kinds nobody shows. The bound is the rules' own, not a
    per-player floor: a player left with no card at all is a legal round end
    (issue 36: a floor of 2 refused a round turn-by-turn play had reached). A card
    the camera missed (or typed twice) shows here instead of changing a score.

    Raises:
        RuleViolation: score.card_count, naming the player, the count and what is off.
    """
    mid_turn = [name for name, layout in layouts.items() if 2 * len(layout.matches) + len(layout.hand) == ADVANCED_MAX]
    if advanced and len(mid_turn) > 1:
        raise W.violation("score.card_count", why="advanced_two_extra", players=mid_turn, shown=ADVANCED_MAX)
    for name, layout in layouts.items():
        shown = 2 * len(layout.matches) + len(layout.hand)
        if not advanced and shown != HAND_SIZE:
            raise W.violation("score.card_count", why="basic_missing" if shown < HAND_SIZE else "basic_extra",
                              player=name, shown=shown, size=HAND_SIZE, off=abs(shown - HAND_SIZE))
        if advanced and shown > ADVANCED_MAX:
            raise W.violation("score.card_count", why="advanced_extra", player=name, shown=shown, size=ADVANCED_MAX,
                              off=shown - ADVANCED_MAX)
    if advanced:
        shown = sum(2 * len(layout.matches) + len(layout.hand) for layout in layouts.values())
        on_table = {c for layout in layouts.values() for c in [*layout.hand, *(c for pair in layout.matches for c in pair)]}
        spendable = sum(1 for c in ALL_CARDS if KIND[c] in LOSING_KINDS and c not in on_table)
        dealt = HAND_SIZE * len(layouts)
        lost = dealt + (1 if mid_turn else 0) - shown
        if lost > spendable:
            raise W.violation("score.card_count", why="advanced_missing", shown=shown, size=dealt,
                              off=lost - spendable, spendable=spendable)


def score_layouts(layouts: Mapping[str, Layout], *, advanced: bool | None = None, counts: bool = True) -> dict[str, PlayerScore]:
    """Return each player's round score, after checking the layouts (see verify_layouts).

    Raises:
        RuleViolation: if the layouts are not a legal round end.
    """
    verify_layouts(layouts, advanced=advanced, counts=counts)
    return {name: score_layout(layout) for name, layout in layouts.items()}


def winners(players: Sequence[str], totals: Sequence[int]) -> tuple[str, ...]:
    """Return the players with the highest total (ties share the win)."""
    if not totals:
        return ()
    top = max(totals)
    return tuple(p for p, t in zip(players, totals) if t == top)


def scoreboard(players: Sequence[str], rounds: Sequence[Sequence[int]]) -> dict[str, dict[str, int]]:
    """Return {player: {"round_1": s, ..., "total": t}} from per-round scores indexed like `players`.

    >>> scoreboard(["Ann", "Ben"], [(1000, -300), (200, 500), (0, 700)])
    {'Ann': {'round_1': 1000, 'round_2': 200, 'round_3': 0, 'total': 1200}, 'Ben': {'round_1': -300, 'round_2': 500, 'round_3': 700, 'total': 900}}
    """
    board: dict[str, dict[str, int]] = {}
    for seat, name in enumerate(players):
        row = {f"round_{n}": scores[seat] for n, scores in enumerate(rounds, start=1)}
        row["total"] = sum(scores[seat] for scores in rounds)
        board[name] = row
    return board


# --- ROUND.json -------------------------------------------------------------

def parse_layouts(players: Any, what: str = "round", *, faces: bool = True, seated: bool = False) -> dict[str, Layout]:
    """Return the layouts of a `players` object {name: {"matches": [[a, b], ...], "hand": [...]}}.

    With `faces`, a card may be named by face alone ("red-300", "blue-wild");
    each such name takes a copy not named elsewhere in the round. With
    `seated` (a record's score line, whose setup seats the players) the
    number of players is left to the rules, which name who is missing.

    Raises:
        RecordError: if the shape is wrong or a name is no card.
    """
    if not isinstance(players, dict) or not players:
        raise RecordError(f"{what}: 'players' must be an object {{name: {{\"matches\": [...], \"hand\": [...]}}}}")
    if not seated and not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RecordError(f"{what}: the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
    raw: dict[str, tuple[list[list[str]], list[str]]] = {}
    for name, entry in players.items():
        if not name.strip():
            raise RecordError(f"{what}: player names must be non-empty")
        if not isinstance(entry, dict):
            raise RecordError(f"{what}: {name!r} must be an object with 'matches' and 'hand', not {entry!r}")
        unknown = set(entry) - {"matches", "hand"}
        if unknown:
            raise RecordError(f"{what}: {name!r} has unknown keys {sorted(unknown)!r}; expected 'matches' and 'hand'")
        matches, hand = entry.get("matches", []), entry.get("hand", [])
        if not isinstance(matches, list) or any(not isinstance(p, list) or len(p) != 2 for p in matches):
            raise RecordError(f"{what}: {possessive(name)} 'matches' must be a list of [card, card] pairs in the order played")
        if not isinstance(hand, list):
            raise RecordError(f"{what}: {possessive(name)} 'hand' must be a list of cards, not {hand!r}")
        for card in [c for p in matches for c in p] + hand:
            if not isinstance(card, str) or not (card in ALL_CARDS or (faces and card in FACES)):
                raise RecordError(f"{what}: {name!r} shows {card!r}, which is not a card of this game")
        raw[name] = (matches, hand)
    resolve: Callable[[str], str] = (_face_resolver([c for m, h in raw.values() for c in [x for p in m for x in p] + h], what)
                                     if faces else (lambda c: c))
    return {
        name: Layout(matches=tuple(blue_first_or_as_is((resolve(p[0]), resolve(p[1]))) for p in matches),  # pairs: checked above
                     hand=tuple(resolve(c) for c in hand))
        for name, (matches, hand) in raw.items()
    }


def blue_first_or_as_is(pair: tuple[str, str]) -> tuple[str, str]:
    """Return a pair blue card first when it holds one blue and one red card, else unchanged."""
    return blue_first(pair) if len({COLOUR.get(c) for c in pair}) == 2 else pair


def _face_resolver(cards: list[str], what: str) -> Callable[[str], str]:
    named = Counter(c for c in cards if c in ALL_CARDS)
    free = {face: [c for c in copies if c not in named] for face, copies in FACES.items()}
    wanted = Counter(c for c in cards if c not in ALL_CARDS)
    for face, count in wanted.items():
        if count > len(free[face]):
            raise W.violation("score.too_many_copies", face=face, copies=len(FACES[face]))
    queues = {face: list(copies) for face, copies in free.items()}
    return lambda card: card if card in ALL_CARDS else queues[card].pop(0)


def _parse_round(data: Any, what: str) -> tuple[int | None, dict[str, Layout], bool | None]:
    if not isinstance(data, dict):
        raise RecordError(f"{what}: expected a JSON object with 'players', not {type(data).__name__}")
    unknown = set(data) - {"game", "round", "advanced", "players"}
    if unknown:
        raise RecordError(f"{what}: unknown keys {sorted(unknown)!r}")
    if data.get("game", "match") != "match":
        raise RecordError(f"{what}: 'game' must be \"match\", not {data.get('game')!r}")
    number = data.get("round")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= ROUNDS):
        raise RecordError(f"{what}: 'round' must be 1 to {ROUNDS}, not {number!r}")
    advanced = data.get("advanced")
    if advanced is not None and not isinstance(advanced, bool):
        raise RecordError(f"{what}: 'advanced' must be true or false, not {advanced!r}")
    return number, parse_layouts(data.get("players"), what), advanced


def score_round(data: Any) -> dict[str, dict[str, int]]:
    """Return the scores of a ROUND.json (one round) or of {"rounds": [...]} (a scoreboard).

    One round: {player: {"stack_1", "stack_2", "positive_stack", "red_in_hand", "total"}}.
    Several rounds: {player: {"round_1": ..., "total": ...}}; every round names the same players.

    Raises:
        RecordError: for malformed input; RuleViolation: for a round end the rules forbid.
    """
    if isinstance(data, dict) and "rounds" in data:
        rounds = data["rounds"]
        if set(data) - {"game", "rounds", "advanced"}:
            raise RecordError(f"scoreboard: unknown keys {sorted(set(data) - {'game', 'rounds', 'advanced'})!r}")
        if not isinstance(rounds, list) or not 1 <= len(rounds) <= ROUNDS:
            raise RecordError(f"scoreboard: 'rounds' must be a list of 1 to {ROUNDS} rounds")
        players: list[str] | None = None
        table: list[tuple[int, ...]] = []
        for n, entry in enumerate(rounds, start=1):
            if isinstance(entry, dict) and "advanced" not in entry and "advanced" in data:
                entry = {**entry, "advanced": data["advanced"]}
            number, layouts, advanced = _parse_round(entry, f"round {n}")
            if number is not None and number != n:
                raise RecordError(f"round {n}: it says 'round': {number}")
            if players is None:
                players = list(layouts)
            elif sorted(layouts) != sorted(players):
                raise RecordError(f"round {n}: players {sorted(layouts)!r} differ from round 1's {sorted(players)!r}")
            scores = score_layouts(layouts, advanced=advanced)
            table.append(tuple(scores[p].score for p in players))
        assert players is not None
        return scoreboard(players, table)
    _, layouts, advanced = _parse_round(data, "round")
    return {name: s.to_json() for name, s in score_layouts(layouts, advanced=advanced).items()}
