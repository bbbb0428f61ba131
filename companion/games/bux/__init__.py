"""BUX: draft, auction, sell matched sets; three timer cards per deck, three decks."""

from companion.games.base import Game
from companion.games.bux import record, rules, setup, view

GAME = Game(
    name="bux",
    title="BUX",
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
    format_summary=record.format_summary,
    new_setup=setup.new_setup,
)
