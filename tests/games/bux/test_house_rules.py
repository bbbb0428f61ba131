"""BUX house rules (issue 36): each switchable reading changes what a record means, and nothing else.

For each rule, one record replayed by the default reading and by the switched
one, with the difference asserted (chips, the game's end, a draw accepted or
refused); every combination keeps chips conserved over self-played games; the
audit of a switched game is clean and balances; setup lines carry only what
was switched, and a rule or value the deck does not know is refused in words.
"""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.audit.audit import run_audit
from companion.audit.source import from_file
from companion.errors import RecordError, RuleViolation
from companion.games.bux import rules
from companion.games.bux.history import describe
from companion.games.bux.moves import Draw
from companion.games.bux.record import read_record, replay, write_record
from companion.games.bux.selfplay import random_game
from companion.games.bux.state import DECK, STARTING_CHIPS, is_double_bux

CHOICES = {rule.name: tuple(rule.choices) for rule in DECK.house_rules}
SPREADS = {
    "Ann": ["heart-x-25", "heart-oval-50", "club-x-100"],
    "Ben": ["spade-circle-25", "spade-circle-50", "spade-circle-100"],  # a perfect set: 500, 1000 in Double-BUX
    "Cat": ["club-oval-25", "diamond-x-50", "heart-square-100"],
}


def _record(*moves: dict, rules_chosen: dict | None = None) -> list[str]:
    setup: dict = {"type": "setup", "game": "bux", "players": ["Ann", "Ben", "Cat"], "first": "Ann", "spreads": SPREADS}
    if rules_chosen:
        setup["rules"] = rules_chosen
    return [json.dumps(line) + "\n" for line in (setup, *moves)]


def _draw(player: str, *cards: str, **settle) -> dict:
    return {"type": "draw", "player": player, "cards": list(cards), **settle}


def test_the_deck_offers_exactly_the_three_playable_readings():
    assert CHOICES == {"timer-order": ("turned-up", "printed"), "broke-grant": ("single", "doubled"),
                       "last-draw": ("ends-at-once", "finished")}
    assert {rule.name: rule.default for rule in DECK.house_rules} == {
        "timer-order": "turned-up", "broke-grant": "single", "last-draw": "ends-at-once"}


# --- timer-order ------------------------------------------------------------

def test_timer_card_2_turned_up_first_starts_double_bux_only_by_its_printed_number():
    moves = (_draw("Ann", "bux-2", "club-square-25", "club-square-50", "club-square-100", winner=None),
             {"type": "sell", "player": "Ben", "sets": [SPREADS["Ben"]]})
    default = replay(_record(*moves))
    printed = replay(_record(*moves, rules_chosen={"timer-order": "printed"}))
    assert default.chips == (200, 700, 200) and printed.chips == (200, 1200, 200)
    assert default.bank_paid == 500 and printed.bank_paid == 1000


def test_timer_card_3_turned_up_first_ends_the_deck_only_by_its_printed_number():
    moves = (_draw("Ann", "bux-3", "club-square-25", "club-square-50", "club-square-100", winner=None),)
    assert replay(_record(*moves)).deck == 1
    with pytest.raises(RuleViolation) as refused:
        replay(_record(*moves, rules_chosen={"timer-order": "printed"}))
    assert refused.value.rule == "draw.too_many_cards"
    ended = replay(_record(_draw("Ann", "bux-3"), rules_chosen={"timer-order": "printed"}))
    assert (ended.deck, ended.redraw, ended.timers_out) == (2, True, frozenset())
    with pytest.raises(RuleViolation):
        replay(_record(_draw("Ann", "bux-3")))


def test_printed_order_keeps_double_bux_from_card_2_whatever_turned_up_after_it():
    lines = _record(_draw("Ann", "bux-2", "club-square-25", "club-square-50", "club-square-100", winner=None),
                    _draw("Ben", "bux-1", "club-circle-25", "club-circle-50", "club-circle-100", winner=None),
                    rules_chosen={"timer-order": "printed"})
    assert is_double_bux(replay(lines[:2])) and is_double_bux(replay(lines))


# --- broke-grant --------------------------------------------------------------

BROKE_IN_DOUBLE_BUX = (
    _draw("Ann", "club-square-25", "club-square-50", "club-square-100", winner="Ann", price=200),
    _draw("Ben", "bux-1", "club-circle-25", "club-circle-50", "club-circle-100", winner=None),
    _draw("Cat", "bux-2", "diamond-oval-25", "diamond-oval-50", "diamond-oval-100", winner=None),
    {"type": "broke", "player": "Ann"},
)


def test_a_broke_player_takes_200_in_double_bux_only_when_the_grant_is_doubled():
    default = replay(_record(*BROKE_IN_DOUBLE_BUX))
    doubled = replay(_record(*BROKE_IN_DOUBLE_BUX, rules_chosen={"broke-grant": "doubled"}))
    assert default.chips[0] == 100 and doubled.chips[0] == 200
    for state in (default, doubled):
        assert sum(state.chips) == STARTING_CHIPS * 3 + state.bank_paid


def test_the_doubled_grant_is_100_outside_double_bux():
    moves = (BROKE_IN_DOUBLE_BUX[0], _draw("Ben", "club-circle-25", "club-circle-50", "club-circle-100", winner=None),
             _draw("Cat", "diamond-oval-25", "diamond-oval-50", "diamond-oval-100", winner=None), BROKE_IN_DOUBLE_BUX[3])
    assert replay(_record(*moves, rules_chosen={"broke-grant": "doubled"})).chips[0] == 100


def test_history_says_what_a_doubled_grant_paid():
    lines = _record(*BROKE_IN_DOUBLE_BUX, rules_chosen={"broke-grant": "doubled"})
    before = replay(lines[:-1])
    after = replay(lines)
    assert describe(json.loads(lines[-1]), before, after) == "Ann was broke and took 200 chips."
    assert describe(json.loads(lines[-1]), replay(_record(*BROKE_IN_DOUBLE_BUX[:-1])),
                    replay(_record(*BROKE_IN_DOUBLE_BUX))) == "Ann was broke and took 100 chips."


# --- last-draw ----------------------------------------------------------------

TO_THE_LAST_DECK = (_draw("Ann", "bux-1", "bux-2", "bux-3"), _draw("Ann", "bux-1", "bux-2", "bux-3"))
FINISHED_LAST_DRAW = _draw("Ann", "bux-1", "bux-2", "club-square-25", "bux-3", "club-square-50", "club-square-100",
                           winner="Ben", price=50)
LAST_DRAW_AT_ONCE = _draw("Ann", "bux-1", "bux-2", "club-square-25", "bux-3")


def test_the_last_draw_is_bid_on_only_when_it_is_finished():
    finished = replay(_record(*TO_THE_LAST_DECK, FINISHED_LAST_DRAW, rules_chosen={"last-draw": "finished"}))
    assert finished.over and finished.chips == (250, 150, 200)
    assert rules.outcome(finished).winners == ("Ann",)
    assert "club-square-25" in finished.spreads[1]
    with pytest.raises(RuleViolation) as refused:
        replay(_record(*TO_THE_LAST_DECK, FINISHED_LAST_DRAW))
    assert refused.value.rule == "draw.too_many_cards"


def test_the_last_draw_ends_the_game_at_once_only_by_default():
    at_once = replay(_record(*TO_THE_LAST_DECK, LAST_DRAW_AT_ONCE))
    assert at_once.over and at_once.chips == (200, 200, 200)
    assert rules.outcome(at_once).winners == ("Ann", "Ben", "Cat")
    with pytest.raises(RuleViolation) as refused:
        replay(_record(*TO_THE_LAST_DECK, LAST_DRAW_AT_ONCE, rules_chosen={"last-draw": "finished"}))
    assert refused.value.rule == "draw.too_few_cards"


def test_a_finished_last_draw_reads_as_the_end_of_the_game():
    lines = _record(*TO_THE_LAST_DECK, FINISHED_LAST_DRAW, rules_chosen={"last-draw": "finished"})
    text = describe(json.loads(lines[-1]), replay(lines[:-1]), replay(lines))
    assert text.endswith("Ben won the bid for 50. The last deck is over: game over.")


# --- every combination ------------------------------------------------------

COMBINATIONS = [dict(zip(CHOICES, values)) for values in itertools.product(*CHOICES.values())]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 5), chosen=st.sampled_from(COMBINATIONS))
def test_every_combination_of_house_rules_conserves_chips(seed, players, chosen):
    moves = random_game(seed, players, rules_chosen=chosen)
    state = rules.initial_state(moves[0])
    for move in moves[1:]:
        state = rules.apply(state, move)
        assert sum(state.chips) == STARTING_CHIPS * players + state.bank_paid
        assert all(chips >= 0 for chips in state.chips)
    assert state.over
    assert replay(write_record(moves).splitlines(True)) == state


def test_self_play_reaches_each_switched_outcome():
    """The random games exercise each switch: a finished last draw, a doubled grant, a deck ended by card 3 first."""
    finished = doubled = card_3_first = False
    for seed in range(60):
        chosen = {"timer-order": "printed", "broke-grant": "doubled", "last-draw": "finished"}
        moves = random_game(seed, 3, rules_chosen=chosen)
        state = rules.initial_state(moves[0])
        for move in moves[1:]:
            after = rules.apply(state, move)
            finished |= isinstance(move, Draw) and after.over and move.winner is not None
            doubled |= after.bank_paid - state.bank_paid == 200 and type(move).__name__ == "Broke"
            card_3_first |= isinstance(move, Draw) and not state.timers_out and move.cards[0] == "bux-3"
            state = after
    assert finished and doubled and card_3_first


# --- the audit ----------------------------------------------------------------

@pytest.mark.parametrize("seed", [2, 5])
def test_the_audit_of_a_switched_game_is_clean_and_balances(tmp_path, seed):
    chosen = {"timer-order": "printed", "broke-grant": "doubled", "last-draw": "finished"}
    text = write_record(random_game(seed, 4, rules_chosen=chosen))
    path = tmp_path / "game.jsonl"
    path.write_text(text)
    audit = run_audit(from_file(path))
    final = replay(text.splitlines(True))
    assert audit.replay_error is None
    assert [a.kind for a in audit.anomalies] == ["evidence.none"]  # a plain file: no camera evidence, nothing else
    for name, chips in zip(final.players, final.chips):
        account = audit.flow[name]
        assert account["final"] == chips
        assert account["start"] + account["received"] + account["sold"] + account["broke"] - account["bought"] == chips
    assert sum(a["sold"] + a["broke"] - a["paid_bank"] for a in audit.flow.values()) == final.bank_paid


def test_the_audit_books_a_finished_last_draw(tmp_path):
    path = tmp_path / "last.jsonl"
    path.write_text("".join(_record(*TO_THE_LAST_DECK, FINISHED_LAST_DRAW, rules_chosen={"last-draw": "finished"})))
    audit = run_audit(from_file(path))
    assert audit.replay_error is None
    assert audit.flow["Ben"]["bought"] == 50 and audit.flow["Ann"]["received"] == 50


# --- the setup line -----------------------------------------------------------

def test_a_default_games_setup_line_has_no_rules_key():
    assert "rules" not in json.loads(write_record(random_game(1)).splitlines()[0])
    defaults = {name: choices[0] for name, choices in CHOICES.items()}
    written = write_record(random_game(1, rules_chosen=defaults))
    assert written == write_record(random_game(1))


def test_a_switched_games_setup_line_holds_only_what_was_switched():
    text = write_record(random_game(1, rules_chosen={"timer-order": "turned-up", "last-draw": "finished"}))
    assert json.loads(text.splitlines()[0])["rules"] == {"last-draw": "finished"}
    assert dict(replay(text.splitlines(True)).rules) == {"last-draw": "finished"}


@pytest.mark.parametrize("given, words", [
    ({"bid-step": "any"}, "This game has no house rule called bid-step; it has: broke-grant, last-draw, timer-order."),
    ({"timer-order": "backwards"}, "The house rule timer-order can be printed, turned-up, not backwards."),
    (["timer-order"], "The house rules must be given as names with their choices."),
])
def test_a_rule_or_value_the_deck_does_not_know_is_refused_in_words(given, words):
    with pytest.raises(RecordError) as refused:
        list(read_record(_record(rules_chosen=given)))
    assert words in str(refused.value)


# --- the camera's table reader --------------------------------------------------

def test_the_table_reader_completes_a_draw_as_the_engine_reads_the_timer_cards():
    from companion.games.bux.table.interpret import _complete_draw

    start, printed = replay(_record()), replay(_record(rules_chosen={"timer-order": "printed"}))
    assert _complete_draw(start, ["bux-3"]) is None  # the first timer card: the draw goes on
    assert _complete_draw(printed, ["bux-3"]) == (("bux-3",), (), True)  # card 3 ends the deck, unsettled
    last = ("bux-1", "bux-2", "club-square-25", "bux-3")
    at_once = replay(_record(*TO_THE_LAST_DECK))
    finished = replay(_record(*TO_THE_LAST_DECK, rules_chosen={"last-draw": "finished"}))
    assert _complete_draw(at_once, last) == (last, ("club-square-25",), True)
    assert _complete_draw(finished, last) is None  # the last draw goes on to its playing cards
    whole = (*last, "club-square-50", "club-square-100")
    assert _complete_draw(finished, whole) == (whole, ("club-square-25", "club-square-50", "club-square-100"), False)


def test_replay_says_which_house_rules_a_game_was_played_with():
    from companion.games.bux.record import format_summary, state_to_json

    switched = state_to_json(replay(_record(rules_chosen={"last-draw": "finished"})))
    assert switched["rules"] == {"last-draw": "finished"}
    assert "house rules: last-draw=finished" in format_summary(switched)
    assert "rules" not in state_to_json(replay(_record()))
