"""Grow Your Assets: sealed-bid auction of green, red, blue and gold cards; dice decide the warnings."""

from companion.games.base import Game
from companion.games.grow import record, rules, scoring, setup
from companion.games.grow.sealed import SEALED_BID

GAME = Game(
    name="grow",
    title="Grow Your Assets",
    read_record=record.read_record,
    move_from_json=record.move_from_json,
    move_to_json=record.move_to_json,
    initial_state=rules.initial_state,
    apply=rules.apply,
    replay=record.replay,
    state_to_json=record.state_to_json,
    view=rules.view_for,
    is_over=rules.is_over,
    line_keys=record.LINE_KEYS,
    format_summary=record.format_summary,
    new_setup=setup.new_setup,
    score_holdings=scoring.score_holdings,
    # The reveal shows every sealed bid, the rolls use chance; a draw lies face up on the table (undo re-enters it).
    final_kinds={"reveal_bids": lambda _line: "reveal", "roll": lambda _line: "dice", "tiebreak": lambda _line: "dice"},
    event_kinds=(SEALED_BID,),
)
