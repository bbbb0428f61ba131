"""Every game `serve --new-game` can start deals a setup its own rules accept, for every table size it allows."""

from __future__ import annotations

import random

import pytest

from companion.games import find_game, game_modules, games

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def _sizes(game):
    import importlib

    module = importlib.import_module(game_modules()[game.name])
    deck = importlib.import_module(module.__name__ + ".state").DECK
    players = deck.data["players"]
    return range(players["min"], players["max"] + 1)


@pytest.mark.parametrize("name", [game.name for game in games() if game.new_setup is not None])
def test_a_new_setup_is_legal_for_every_table_size(name):
    game = find_game(name)
    for size in _sizes(game):
        for seed in range(5):
            players = NAMES[:size]
            first = players[seed % size]
            new = game.new_setup(players, first, random.Random(seed))
            state = game.initial_state(game.move_from_json(new.setup, first=True))
            assert list(state.players) == players
            assert new.setup["game"] == name
            assert all(isinstance(line, str) and "\n" not in line for line in new.dealer_note)


def test_the_same_seed_deals_the_same_game_and_another_seed_another():
    game = find_game("bux")
    one, again, other = (game.new_setup(NAMES[:4], "Ann", random.Random(s)).setup for s in (1, 1, 2))
    assert one == again and one != other


def test_every_game_package_is_found_and_an_unknown_one_is_refused():
    assert set(game_modules()) == {"bux", "cats", "grow", "match"}
    with pytest.raises(ValueError, match="unsupported game: 'chess'"):
        find_game("chess")


@pytest.mark.parametrize("name", [game.name for game in games() if game.new_setup is not None])
def test_an_empty_name_in_the_players_list_is_refused_alike_by_every_game_naming_its_seat(name, tmp_path):
    """`--players Ann,,Ben` was refused in three wordings across the games, none saying which name was empty."""
    from companion.errors import RuleViolation
    from companion.store.backends import open_store
    from companion.store.new_game import start_new_game

    with open_store(tmp_path / "t.db") as store:
        with pytest.raises(RuleViolation) as refused:
            start_new_game(store, name, ["Ann", "", "Ben"])
        assert refused.value.rule == "setup.player_name"
        assert refused.value.message == "Every player needs a name, but player 2 of 3 has none."
        assert store.games() == []
