"""Data flows one way: each layer imports only the layers below it (parsed with ast, not by convention)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parents[1] / "companion"

# layer -> companion subpackages it must never import
FORBIDDEN = {
    "games": {"vision", "tracker", "table", "store", "web", "printing", "commands", "audit", "cli"},
    "cards": {"games", "vision", "tracker", "table", "store", "web", "printing", "commands", "audit", "cli"},
    "vision": {"games", "tracker", "table", "store", "web", "commands", "audit", "cli"},
    "tracker": {"games", "table", "store", "web", "commands", "audit", "cli"},
    "table": {"store", "web", "commands", "cli"},
    "printing": {"games", "vision", "tracker", "table", "store", "web", "commands", "audit", "cli"},
    "store": {"vision", "tracker", "table", "web", "printing", "commands", "cli"},
    "web": {"vision", "printing", "commands", "cli"},
}


def imported_subpackages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            parts = name.split(".")
            if parts[0] == "companion" and len(parts) > 1:
                found.add(parts[1])
    return found


def test_layers_import_only_downward():
    problems = []
    for layer, forbidden in FORBIDDEN.items():
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            bad = imported_subpackages(path) & forbidden
            if bad:
                problems.append(f"{path.relative_to(PACKAGE.parent)} imports {sorted(bad)}")
    assert not problems, "\n".join(problems)


def test_rules_engines_have_no_io_clock_or_randomness():
    """Pure engines: state + move -> state. Chance arrives in moves; selfplay (simulation) is exempt."""
    banned = {"random", "time", "datetime", "sqlite3", "socket", "requests", "cv2", "flask"}
    problems = []
    for path in sorted((PACKAGE / "games").rglob("*.py")):
        if path.stem in ("selfplay",):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
            for name in names:
                if name.split(".")[0] in banned:
                    problems.append(f"{path.relative_to(PACKAGE.parent)} imports {name}")
    assert not problems, "\n".join(problems)


def test_importing_companion_has_no_side_effects():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", "import companion, sys; print(sorted(m for m in sys.modules if m.startswith('companion')))"],
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['companion']"
