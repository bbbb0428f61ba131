"""One event vocabulary: every kind of event the companion stores, reads or compares is a declared constant.

The shared kinds are declared once in companion/store/events.py (KINDS); a
game that stores a kind of its own declares it on its Game (event_kinds, e.g.
Grow's sealed bids), so shared code never names it. Kinds were once bare
strings in several modules ("seed_reveal" in four), "sealed_bid" was missing
from KINDS and STATE_KINDS was copied twice.

Parsed with ast, not run: every place that names an event kind (events_of(...),
store.append(game, KIND, ...), a (KIND, payload) item to store, a comparison
with an event's `.kind` or a change's ["kind"]) must name a constant, and that
constant's value must be declared.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from companion.store import events
from companion.store.events import KINDS, STATE_KINDS, event_kinds

ROOT = Path(__file__).resolve().parents[2]
EVENT_NAMES = {"e", "event", "ev", "first", "last", "head", "later", "undo_event"}
"""Names the code gives an Event (a card's `.kind` is another thing: "number", "rules")."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def kind_places(tree: ast.AST) -> list[ast.expr]:
    """Return every expression of `tree` that stands for an event kind."""
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "events_of":
                found += node.args
            elif node.func.attr == "append" and len(node.args) >= 3:  # store.append(game_id, kind, payload, ...)
                found.append(node.args[1])
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(side, ast.Attribute) and side.attr == "kind" and isinstance(side.value, ast.Name)
                   and side.value.id in EVENT_NAMES
                   or isinstance(side, ast.Subscript) and isinstance(side.slice, ast.Constant) and side.slice.value == "kind"
                   and isinstance(side.value, ast.Name) and side.value.id == "change" for side in sides):
                for side in sides:
                    if isinstance(side, (ast.Tuple, ast.List, ast.Set)):
                        found += side.elts
                    elif not isinstance(side, (ast.Attribute, ast.Subscript)):
                        found.append(side)
        elif isinstance(node, ast.List):  # [(KIND, payload), ...]: the items a write stores
            found += [item.elts[0] for item in node.elts if isinstance(item, ast.Tuple) and len(item.elts) == 2
                      and isinstance(item.elts[0], ast.Name) and item.elts[0].id.isupper()]
    return found


def test_every_event_kind_named_in_companion_is_a_declared_constant():
    declared = event_kinds()
    problems = []
    places = 0
    for path in sorted((ROOT / "companion").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = None
        for place in kind_places(tree):
            places += 1
            where = f"{path.relative_to(ROOT)}:{place.lineno}"
            if isinstance(place, ast.Constant):
                problems.append(f"{where}: the bare string {place.value!r} (name its constant)")
                continue
            if not isinstance(place, ast.Name) or not place.id.isupper():
                continue  # a kind handed through (a parameter, a loop variable)
            module = module or importlib.import_module(_module_name(path))
            value = getattr(module, place.id, None)
            values = value if isinstance(value, (frozenset, set, tuple)) else (value,)
            problems += [f"{where}: {place.id} = {v!r} is not a declared event kind" for v in values if v not in declared]
    assert problems == []
    assert places > 40  # the finder still finds the places (events_of, append, comparisons, items)


def test_the_shared_kinds_are_declared_once_and_each_game_declares_its_own():
    assert len(set(KINDS)) == len(KINDS)
    assert STATE_KINDS <= set(KINDS)
    assert {"sealed_bid"} <= event_kinds() - set(KINDS)  # Grow's, declared on its Game
    shared = {name for name in dir(events) if name.isupper() and getattr(events, name) in KINDS}
    assert {getattr(events, name) for name in shared} == set(KINDS)  # every shared kind is a constant of events.py


def test_the_finder_flags_a_bare_kind_and_an_undeclared_constant():
    tree = ast.parse('session.events_of("seed_reveal")\nif e.kind == MADE_UP: pass\nitems = [(MOVE, {}), (X_KIND, line)]\n'
                     'if card.kind == "number": pass\n')
    places = [ast.unparse(place) for place in kind_places(tree)]
    assert sorted(places) == sorted(["'seed_reveal'", "MADE_UP", "MOVE", "X_KIND"])
