"""Cat auction («Котики»): rounds of auctions for cat prize cards, Russian and English.

The rule sheet lost its card counts, card effects and hint table; the house
reading lives in cards_printable/cats.deck.json ("readings") and docs/cats.md.
"""

from companion.games.base import Game
from companion.games.cats import record, rules, setup

GAME = Game(
    name="cats",
    title="Котики / Cat auction",
    read_record=record.read_record,
    move_from_json=record.move_from_json,
    move_to_json=record.move_to_json,
    initial_state=rules.initial_state,
    apply=rules.apply,
    replay=record.replay,
    state_to_json=record.state_to_json,
    view=record.view_for,
    is_over=rules.is_over,
    line_keys=record.LINE_KEYS,
    format_summary=record.format_summary,
    new_setup=setup.new_setup,
    # The winner names the face-down lot; a loser draws from the face-down Bank; a cat card may turn up a deck's card.
    final_kinds={"reveal": lambda _line: "reveal", "draw": lambda _line: "draw",
                 "play": lambda line: "draw" if line.get("turned") is not None else None},
)
