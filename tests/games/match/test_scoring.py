"""Scoring: the two stacks, the positive stack, red cards left in hand, three-round totals."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError, RecordError, RuleViolation
from companion.games.match.moves import Layout
from companion.games.match.scoring import red_in_hand, score_layout, score_round, scoreboard, stack_totals


def round_of(**players):
    return {"game": "match", "players": {p: {"matches": m, "hand": h} for p, (m, h) in players.items()}}


def test_worked_example_1_order_of_matches():
    """Deck readings, example 1: Ann matched 500, then 200, then 1000 and holds <300> and 700: 1300 - 300 = 1000.
    'Take the number from the positive stack (Circled) and subtract any remaining red cards in-hand.'"""
    ann = Layout(matches=(("blue-500-1", "red-500-1"), ("blue-200-1", "red-200-1"), ("blue-1000-1", "red-1000-1")),
                 hand=("red-300-1", "blue-700-1"))
    score = score_layout(ann)
    assert score.stacks == (1300, -1300) and score.positive_stack == 1300
    assert score.red_in_hand == 300 and score.score == 1000


def test_worked_example_2_stacks_cancel_and_reds_in_hand():
    """Deck readings, example 2: Ben matched 400 then 400 (stacks cancel) and holds <100>, <200>: 0 - 300 = -300."""
    ben = Layout(matches=(("blue-400-1", "red-400-1"), ("blue-400-2", "red-400-2")), hand=("red-100-1", "red-200-1"))
    assert score_layout(ben).score == -300


def test_the_positive_stack_may_be_the_one_that_started_red():
    """Matches 100 then 1000: stack 1 = 100 - 1000 = -900, so stack 2 (+900) is the positive one."""
    assert stack_totals([["blue-100-1", "red-100-1"], ["blue-1000-1", "red-1000-1"]]) == (-900, 900)
    assert score_layout(Layout(matches=(("blue-100-1", "red-100-1"), ("blue-1000-1", "red-1000-1")), hand=())).score == 900


def test_unplayed_red_wild_counts_ten_thousand():
    """'A red Wild card is worth <10,000> if not played.' Blue cards, a blue Wild, Trade and Steal cost nothing."""
    assert red_in_hand(["red-wild-1"]) == 10000
    assert red_in_hand(["blue-wild-1", "blue-900-1", "red-trade-1", "red-steal-2"]) == 0
    assert red_in_hand(["red-wild-1", "red-wild-2", "red-500-1"]) == 20500


def test_a_played_wild_takes_its_partners_number():
    dan = Layout(matches=(("blue-600-1", "red-wild-1"), ("blue-wild-1", "red-900-1")), hand=("red-wild-2",))
    score = score_layout(dan)
    assert score.stacks == (-300, 300) and score.score == 300 - 10000


def test_scoreboard_sums_three_rounds():
    board = scoreboard(["Ann", "Ben", "Cat"], [(1000, -300, 1100), (900, 700, -1600), (-1700, 700, 900)])
    assert [board[p]["total"] for p in ("Ann", "Ben", "Cat")] == [200, 1100, 400]
    assert board["Cat"] == {"round_1": 1100, "round_2": -1600, "round_3": 900, "total": 400}


def test_score_round_one_round_with_faces_and_codes():
    data = round_of(Ann=([["blue-500", "red-500"], ["red-200-1", "blue-200"], ["blue-1000", "red-1000"]], ["red-300", "blue-700"]),
                    Ben=([["blue-400", "red-400"], ["red-400", "blue-400"]], []))
    result = score_round({**data, "advanced": True})  # 8 and 4 cards: possible only with a Trade or Wild spent
    assert result["Ann"] == {"stack_1": 1300, "stack_2": -1300, "positive_stack": 1300, "red_in_hand": 300, "total": 1000}
    assert result["Ben"]["total"] == 0


def test_score_round_rejects_more_copies_than_the_deck_has():
    data = round_of(Ann=([["blue-500", "red-500"]] * 4, []), Ben=([], ["red-100"]))
    with pytest.raises(RuleViolation) as info:
        score_round(data)
    assert info.value.rule == "score.too_many_copies"


@pytest.mark.parametrize("data, rule", [
    (round_of(Ann=([["blue-500-1", "red-400-1"]], []), Ben=([], [])), "score.not_a_match"),
    (round_of(Ann=([["blue-500-1", "red-500-1"]], ["red-500-1"]), Ben=([], [])), "score.card_twice"),
    (round_of(Ann=([], ["red-500-1"]), Ben=([], ["blue-100-1"])), "score.no_empty_hand"),
    ({"advanced": False, **round_of(Ann=([["blue-500-1", "red-wild-1"]], []), Ben=([], []))}, "score.advanced_card"),
])
def test_score_round_rejects_an_impossible_round_end(data, rule):
    with pytest.raises(RuleViolation) as info:
        score_round(data)
    assert info.value.rule == rule


@pytest.mark.parametrize("data", [
    [], "round", {}, {"players": []}, {"players": {"Ann": {"matches": [], "hand": []}}},
    round_of(Ann=([["blue-500-1"]], []), Ben=([], [])),
    round_of(Ann=([], ["green-5"]), Ben=([], [])),
    round_of(Ann=([], [7]), Ben=([], [])),
    {"players": {"Ann": {"matches": [], "hand": [], "chips": 3}, "Ben": {"hand": []}}},
    {"players": {"Ann": [], "Ben": {"hand": []}}},
    {"round": 4, **round_of(Ann=([], []), Ben=([], []))},
    {**round_of(Ann=([], []), Ben=([], [])), "game": "bux"},
    {"rounds": []}, {"advanced": True, "rounds": [round_of(Ann=([["blue-500", "red-500"]], []), Ben=([], ["blue-1", "blue-2"])),
                                                  round_of(Ann=([], []), Cat=([], []))]},
])
def test_score_round_rejects_malformed_input(data):
    with pytest.raises(RecordError):
        score_round(data)


def test_score_round_three_rounds_is_the_scoreboard():
    # Blue cards in hand cost nothing; they make up card counts a legal round can leave (verify_counts).
    rounds = [round_of(Ann=([["blue-500", "red-500"]], []), Ben=([], ["red-100", "blue-100", "blue-400", "blue-700", "blue-800", "blue-1000"])),
              round_of(Ann=([], ["red-wild", "blue-100", "blue-400", "blue-700", "blue-800"]),
                       Ben=([["blue-900", "red-900"], ["blue-100", "red-100"]], [])),
              round_of(Ann=([["blue-300", "red-300"]], ["blue-200", "blue-700"]), Ben=([["blue-600", "red-600"], ["blue-600", "red-600"]], []))]
    board = score_round({"advanced": True, "rounds": rounds})
    assert board["Ann"] == {"round_1": 500, "round_2": -10000, "round_3": 300, "total": -9200}
    assert board["Ben"] == {"round_1": -100, "round_2": 800, "round_3": 0, "total": 700}


def test_errors_are_companion_errors():
    assert issubclass(RecordError, CompanionError) and issubclass(RuleViolation, CompanionError)


def test_doctests_of_the_scoring_and_layout_modules():
    import doctest

    from companion.games.match import scoring
    from companion.games.match.table import layout

    for module in (scoring, layout):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


# --- Results no legal game reaches (issue 14) -------------------------------------------

BLUES = [f"blue-{v}-{k}" for v in range(100, 1100, 100) for k in (1, 2, 3)]


def basic_round(ann_hand: int = 4, cat_matches: int = 5) -> dict:
    """Ann: 3 matches + `ann_hand` blue cards; Ben: 10 blue cards; Cat: `cat_matches` matches of 600/700 and an empty hand."""
    cat = [["blue-600-1", "red-600-1"], ["blue-600-2", "red-600-2"], ["blue-700-1", "red-700-1"],
           ["blue-700-2", "red-700-2"], ["blue-600-3", "red-600-3"], ["blue-700-3", "red-700-3"]][:cat_matches]
    ann = [["blue-500-1", "red-500-1"], ["blue-200-1", "red-200-1"], ["blue-1000-1", "red-1000-1"]]
    free = [c for c in BLUES if c not in {x for p in ann + cat for x in p}]
    return {"advanced": False, "players": {"Ann": {"matches": ann, "hand": free[:ann_hand]},
                                           "Ben": {"matches": [], "hand": free[ann_hand:ann_hand + 10]},
                                           "Cat": {"matches": cat, "hand": []}}}


def test_a_legal_basic_round_scores():
    assert score_round(basic_round())["Ann"]["total"] == 1300


def test_a_card_the_camera_missed_is_named_not_scored():
    """Every turn draws one card and discards one: each player shows 10 in the basic game."""
    with pytest.raises(RuleViolation) as info:
        score_round(basic_round(ann_hand=3))
    assert info.value.rule == "score.card_count"
    assert info.value.message == "Ann shows 9 cards; every player has 10 in the basic game: 1 card was not seen."
    with pytest.raises(RuleViolation) as info:
        score_round(basic_round(cat_matches=6))
    assert info.value.message.endswith("Cat shows 12 cards; every player has 10 in the basic game: 2 cards too many.")


def test_a_result_without_advanced_is_checked_as_basic_when_it_shows_no_action_card():
    data = basic_round(ann_hand=2)
    del data["advanced"]
    with pytest.raises(RuleViolation, match="2 cards were not seen"):
        score_round(data)
    assert score_round({**data, "advanced": True})["Ann"]["total"] == 1300


def test_advanced_counts_lose_no_more_cards_than_the_action_cards_off_the_table_and_one_thief_shows_eleven():
    """Only a played Trade, Steal or Wild (12 in the deck) can cost a card, one each: the cards missing from the
    table are at most the action cards nobody shows. A Steal that takes the victim's last card with nothing to
    draw ends the round after the thief's draw: the thief shows 11 (tests/records/match-stuck-steal-5p.jsonl),
    and only one player can be that thief."""
    with pytest.raises(RuleViolation) as info:
        score_round(round_of(Ann=([], ["blue-100-1"]), Ben=([["blue-500", "red-500"]], [])) | {"advanced": True})
    assert info.value.message == ("The players show 3 cards between them, of the 20 dealt; only a Trade, Steal or Wild "
                                  "played can take a card away for good, and 12 such cards are off the table: "
                                  "5 cards were not seen.")
    # Action cards a player still shows were never played: they cannot have cost a card.
    with pytest.raises(RuleViolation, match="10 such cards are off the table: 6 cards were not seen"):
        score_round(round_of(Ann=([], ["blue-wild-1", "red-wild-1"]), Ben=([["blue-500", "red-500"]], [])) | {"advanced": True})
    thief = round_of(Ann=([], BLUES[:11]), Ben=([["blue-1000", "red-1000"]], []), Cat=([], BLUES[11:21])) | {"advanced": True}
    assert score_round(thief)["Ben"]["total"] == 1000
    with pytest.raises(RuleViolation, match="Ann shows 12 cards; nobody has more than 11 in the advanced game: 1 card too many"):
        score_round(round_of(Ann=([], BLUES[:12]), Ben=([["blue-500", "red-500"]], [])) | {"advanced": True})
    with pytest.raises(RuleViolation) as info:
        score_round(round_of(Ann=([], BLUES[:11]), Ben=([["blue-1000", "red-1000"]], []), Cat=([], BLUES[11:22])) | {"advanced": True})
    assert info.value.message.startswith("Ann and Cat each show 11 cards; in the advanced game only the player whose Steal")


def test_only_one_hand_can_be_empty():
    """'The round ends when a player runs out of cards in their hand': the first empty hand ends it."""
    with pytest.raises(RuleViolation) as info:
        score_round(round_of(Ann=([["blue-500", "red-500"]], []), Ben=([["blue-600", "red-600"]], []),
                             Cat=([], ["blue-100", "blue-200"])) | {"advanced": True})
    assert info.value.rule == "score.two_empty_hands" and info.value.message.startswith("Ann and Ben show an empty hand")


def test_a_player_left_with_no_card_at_all_is_a_legal_advanced_round_end():
    """Issue 36: Trades nobody answers, Wilds put away and Steals with nothing left to draw can strip a player of
    every card; turn-by-turn play reaches that end, so the same round given by its result scores too (it was
    refused: 'every player keeps at least 2')."""
    ended = round_of(Ann=([], []), Ben=([["blue-500", "red-500"]], BLUES[:8])) | {"advanced": True}
    scores = score_round(ended)
    assert scores["Ann"]["total"] == 0 and scores["Ben"]["total"] == 500  # blue cards in hand cost nothing
