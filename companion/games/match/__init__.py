"""Blue/red match: hidden hands, matches laid in two alternating stacks, three rounds scored."""

from companion.games.base import Game
from companion.games.match import record, rules, scoring, setup, view

GAME = Game(
    name="match",
    title="Blue/Red Match",
    read_record=record.read_record,
    move_from_json=record.move_from_json,
    move_to_json=record.move_to_json,
    initial_state=rules.initial_state,
    apply=rules.apply,
    replay=record.replay,
    state_to_json=record.state_to_json,
    view=view.view_for,
    is_over=rules.is_over,
    line_keys=record.LINE_KEYS,
    new_setup=setup.new_setup,
    score_holdings=scoring.score_round,
    # A card taken from a face-down deck into a hand (a discard pile's top is face up: undoable).
    final_kinds={"draw": lambda line: "draw" if str(line.get("from") or "").endswith("-deck") else None,
                 "steal": lambda line: "draw" if line.get("draw") is not None else None,
                 "discard_wild": lambda line: "draw" if line.get("draw") is not None else None},
)
