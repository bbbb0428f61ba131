"""Every game's setup line is refused the same way when it is another game's or its players are not names.

The two checks every setup reader makes first live once, in
companion.games.jsonl.setup_players; each game keeps its own wording and rule
ids for them (match says "setup.players", the others "setup.names"; BUX and
Grow refuse players that are no list in the shared wording first). These pin
what a record reader answers, game by game, so the shared helper cannot
change any of it.
"""

from __future__ import annotations

import pytest

from companion.errors import RecordError
from companion.games import find_game

NAMES_RULE = {"bux": "setup.names", "cats": "setup.names", "grow": "setup.names", "match": "setup.players"}
NOT_A_LIST_RULE = {"bux": "record.not_a_list", "cats": "setup.names", "grow": "record.not_a_list", "match": "setup.players"}


def refusal(game: str, line: dict) -> RecordError:
    with pytest.raises(RecordError) as caught:
        find_game(game).move_from_json({"type": "setup", **line}, first=True)
    return caught.value


@pytest.mark.parametrize("game", sorted(NAMES_RULE))
def test_a_setup_of_another_game_names_the_game_it_is_for(game):
    other = "bux" if game != "bux" else "cats"
    error = refusal(game, {"game": other, "players": ["Ann", "Bob", "Cy"]})
    assert error.rule == "setup.game"
    assert other in str(error)


@pytest.mark.parametrize("game", sorted(NAMES_RULE))
@pytest.mark.parametrize("players", [["Ann", ""], ["Ann", "   "], ["Ann", 7], ["Ann", None]])
def test_a_blank_or_non_text_player_name_is_refused_by_the_games_rule(game, players):
    assert refusal(game, {"game": game, "players": players}).rule == NAMES_RULE[game]


@pytest.mark.parametrize("game", sorted(NAMES_RULE))
@pytest.mark.parametrize("players", ["Ann, Bob", None, {"Ann": 1}])
def test_players_that_are_no_list_are_refused(game, players):
    line = {"game": game} if players is None else {"game": game, "players": players}
    assert refusal(game, line).rule == NOT_A_LIST_RULE[game]
