"""A Hypothesis state machine that plays one game move by move, for every engine.

The seed-based property tests draw one integer and let selfplay play a whole
game, so a failure cannot shrink below "this seed". Here Hypothesis draws the
table itself (the deal) and then every next move, from the choices the engine
lists as legal plus the chance the table supplies (cards turned up, dice):
a failure shrinks to a short game, printed as the moves that reach it.

Each game subclasses GameMachine with:

  setup(data)            the first move (drawn)
  choices(state, data)   the legal moves now, each complete (any chance part drawn)
  check(before, after, move)  the game's invariants after a move
  over(state)
  and `engine` (its rules module) and `records` (its record module).

After every move the machine checks that every listed choice applies (the
engine refuses none of its own legal moves, and raises nothing else), the
game's invariants, and that the move survives the record (written, read back
equal); after the last move, that the whole record replays to the same state.

Shrinking a failure can take minutes (Hypothesis gives up shrinking after
five): a deliberately broken engine shrank to games of 1 to 5 moves.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

from companion.errors import RuleViolation

def game_settings(max_examples: int, steps: int) -> settings:
    """Settings for a game machine: `max_examples` games of at most `steps` moves after the setup."""
    return settings(max_examples=max_examples, stateful_step_count=steps, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def pick(data, options, label: str):
    """Draw one of `options` (shrinks towards the first)."""
    return data.draw(st.sampled_from(options), label=label)


class GameMachine(RuleBasedStateMachine):
    engine = None  # the game's rules module (initial_state, apply, is_over)
    records = None  # the game's record module (move_to_json, move_from_json, write_record, read_record, replay)

    def setup(self, data):
        raise NotImplementedError

    def choices(self, state, data) -> list:
        raise NotImplementedError

    def check(self, before, after, move) -> None:
        raise NotImplementedError

    def over(self, state) -> bool:
        return self.engine.is_over(state)

    def reached(self, state) -> str:
        """How far a game got (a Hypothesis event: see --hypothesis-show-statistics)."""
        return "over" if self.over(state) else ""

    @initialize(data=st.data())
    def deal(self, data):
        setup = self.setup(data)
        self.state = self.engine.initial_state(setup)
        self.moves = [setup]
        self.check(None, self.state, setup)

    @rule(data=st.data())
    def play(self, data):
        if self.over(self.state):
            return
        options = self.choices(self.state, data)
        assert options, f"no legal move listed in a game that is not over: {self.state}"
        for option in options:
            try:
                self.engine.apply(self.state, option)
            except RuleViolation as refused:
                raise AssertionError(f"listed legal move refused: {option!r}: {refused}") from refused
        # Each kind of move is equally likely (a draw is not drowned by a hundred possible swaps); then one of that kind.
        kinds = sorted({type(option).__name__ for option in options})
        kind = pick(data, kinds, "kind")
        move = pick(data, [option for option in options if type(option).__name__ == kind], "move")
        before, self.state = self.state, self.engine.apply(self.state, move)
        self.moves.append(move)
        event(type(move).__name__)  # --hypothesis-show-statistics: how often each kind of move is played
        self.check(before, self.state, move)
        # The move survives the record: written as JSON text, read back equal.
        text = json.dumps(self.records.move_to_json(move))
        assert self.records.move_from_json(json.loads(text)) == move, text

    def teardown(self):
        moves = getattr(self, "moves", None)
        if not moves:
            return
        event(f"reached {self.reached(self.state)}")
        lines = self.records.write_record(moves).splitlines(True)
        assert [m for _, m in self.records.read_record(lines)] == moves
        assert self.records.replay(lines) == self.state, "the record does not replay to the same state"
