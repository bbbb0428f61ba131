"""Errors a user can cause, kept apart from bugs.

RecordError is malformed input (bad JSON, a missing key, an unknown card code);
RuleViolation is well-formed input that the rules forbid. Both may carry the
1-based record line they came from. Only the CLI and the web views turn these
into exit codes or HTTP answers; everything else raises them.
"""

from __future__ import annotations


class CompanionError(Exception):
    """Base of every error that is the user's input's fault, never a bug."""

    rule: str | None = None
    """A stable dotted id ("draw.not_your_turn") when a rule or check names the refusal, else None."""

    def __init__(self, message: str, *, line: int | None = None, rule: str | None = None,
                 params: dict | None = None, templates: object = None):
        super().__init__(message)
        self.message = message
        self.line = line
        if rule is not None:
            self.rule = rule
        self.params: dict = dict(params or {})
        """Plain values the sentence is made of (names, numbers, card codes, lists of them), by placeholder."""
        self.templates: object = templates  # a Wording: a higher layer, so not named here
        """The table of sentences by rule id and language this refusal is worded from (companion.games.wording)."""

    def at_line(self, line: int) -> "CompanionError":
        """Return this error, marked with the record line it came from."""
        self.line = line
        return self

    def to_json(self) -> dict:
        """Return the `{"error": {...}}` body the CLI and the web API print."""
        body: dict = {"message": self.message}
        if self.line is not None:
            body = {"line": self.line, **body}
        rule = getattr(self, "rule", None)
        if rule:
            body["rule"] = rule
        return {"error": body}

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line is not None else self.message


class RecordError(CompanionError):
    """A record line that is not a well-formed move (bad JSON, key, type or code).

    Where a player's screen shows it (a price that is not a number), it carries
    a `rule` id and `params` like a RuleViolation, so it can be said in their language.
    """


class RuleViolation(CompanionError):
    """A well-formed move that the game's rules forbid; `rule` is a stable dotted id."""

    def __init__(self, rule: str, message: str, *, params: dict | None = None, line: int | None = None,
                 templates: object = None):
        super().__init__(message, line=line, rule=rule, params=params, templates=templates)


class StoreError(CompanionError):
    """The event store cannot be read or written (corrupt file, disk full, broken chain)."""

    status = 503
    """The HTTP status a screen gets: the storage failed, not the entry."""


class UnknownGame(StoreError):
    """No stored game has this id."""

    status = 404


class StorageFault(StoreError):
    """The storage refused a write (read-only, I/O error): nothing was stored."""

    status = 503


class DiskFull(StorageFault):
    """The disk is full: nothing was stored."""

    status = 507


REFUSALS = (RecordError, RuleViolation)
"""What an entry's own content is refused for (malformed, or against the rules): HTTP 422, kept for the audit.

Views catch these, never CompanionError as a whole: a storage fault or a
damaged log is not the entry's fault and gets its own answer (503/507/409).
"""


class Conflict(Exception):
    """An entry made on a screen that had not yet shown a change another device stored: nothing was stored.

    Not a CompanionError: the entry was not wrong, only late, and the views'
    "refused by the rules" answers (422) must not swallow it; the web answers 409.
    `changes` lists what was stored meanwhile, as {"kind", "type", "player"} dicts,
    so a screen can say it in its own language ("Ben's draw was already entered").
    """

    rule = "entry.conflict"

    def __init__(self, message: str, *, changes: tuple[dict, ...] = ()):
        super().__init__(message)
        self.message = message
        self.changes = changes

    def to_json(self) -> dict:
        """Return the `{"error": {...}}` body the web API answers."""
        return {"error": {"message": self.message, "rule": self.rule}}


class DamagedGame(StoreError):
    """The stored game holds an event that does not replay: it is shown up to there, read-only."""

    status = 409

    def __init__(self, message: str, *, seq: int):
        super().__init__(message)
        self.seq = seq
        self.rule = "store.damaged"
