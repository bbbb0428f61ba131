"""Data flows one way: each layer imports only the layers below it (parsed with ast, not by convention)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).parents[1] / "companion"

# Every top-level package and module of companion, and what it may import from companion.
# Data flows one way (README "How it is built"): frames -> vision -> tracker -> table -> games (pure)
# -> store -> web / audit. errors and data (where package data lives) are leaves every layer may use; chips, dice and cards leaves most do.
# A new package or module must be added here, or test_every_module_is_assigned_a_layer fails.
SHARED = {"errors", "data"}
MAY_IMPORT: dict[str, set[str]] = {
    "__init__": set(),
    "errors": set(),
    "chips": set(),
    "dice": set(),
    "data": set(),  # where package data lives (decks, table layout): names no layer above it
    "cards": SHARED,
    "printing": SHARED | {"cards"},
    "vision": SHARED | {"cards"},
    "tracker": SHARED | {"cards", "vision"},
    "games": SHARED | {"cards", "chips"},
    "table": SHARED | {"cards", "chips", "vision", "tracker", "games"},
    "store": SHARED | {"cards", "chips", "games"},
    "web": SHARED | {"cards", "chips", "club", "dice", "games", "store", "table", "tracker"},  # club: the standings page
    "audit": SHARED | {"cards", "chips", "dice", "games", "store", "vision"},
    "club": SHARED | {"audit", "cards", "chips", "games", "store"},  # standings over a store's games (read-only); audit: only clean games are rated
}
# Composition roots wire the layers together: they may import anything, and nothing above may import them.
ROOTS = {"cli", "__main__", "commands", "live", "demo"}


GAME_PARTS = {"screens": "web", "table": "table", "audit": "audit"}
"""A game's folder (companion/games/<game>/) holds its pure rules at the top and three parts, each in the layer it plugs
into: its screens sit with the web shell, its table reader with the camera's tracker, its audit part with the audit."""


def game_part(path: Path, package: Path = PACKAGE) -> tuple[str, str] | None:
    """Return (game, part) for a file in a game's folder: part is "rules" or one of GAME_PARTS; None for shared code."""
    parts = path.relative_to(package).parts
    if parts[0] != "games" or len(parts) < 3:
        return None
    return parts[1], parts[2] if len(parts) > 3 and parts[2] in GAME_PARTS else "rules"


def layer_of(path: Path) -> str:
    """Return the layer a file of companion belongs to: its top-level package or module, or its game part's layer."""
    owner = game_part(path)
    if owner is not None and owner[1] in GAME_PARTS:
        return GAME_PARTS[owner[1]]
    first = path.relative_to(PACKAGE).parts[0]
    return first.removesuffix(".py")


def top_level_names() -> set[str]:
    """Return every top-level package (folder with __init__.py) and module of companion."""
    names = {p.stem for p in PACKAGE.glob("*.py")}
    names |= {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    return names


def imported_subpackages(path: Path, package: Path = PACKAGE) -> set[str]:
    """Return the companion top-level names a file imports (absolute, relative, or inside functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = ("companion",) + path.relative_to(package).with_suffix("").parts
    found = set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.ImportFrom):
            parent = here if path.name == "__init__.py" else here[:-1]
            base = parent[: len(parent) - (node.level - 1)]
            names = [".".join(base + ((node.module,) if node.module else ()))]
        for name in names:
            parts = name.split(".")
            if parts[0] == "companion" and len(parts) > 1:
                found.add(parts[1])
    return found


def test_every_module_is_assigned_a_layer():
    assigned = set(MAY_IMPORT) | ROOTS
    assert not top_level_names() - assigned, f"give these a layer in MAY_IMPORT or ROOTS: {sorted(top_level_names() - assigned)}"
    assert not assigned - top_level_names(), f"no such package or module: {sorted(assigned - top_level_names())}"
    assert not set(MAY_IMPORT) & ROOTS


def test_layers_import_only_downward():
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        layer = layer_of(path)
        if layer in ROOTS:
            continue
        allowed = MAY_IMPORT.get(layer, set()) | {layer}
        bad = imported_subpackages(path) - allowed
        if bad:
            problems.append(f"{path.relative_to(PACKAGE.parent)} ({layer}) imports {sorted(bad)}")
    assert not problems, "\n".join(problems)


def test_the_layer_check_sees_relative_and_late_imports(tmp_path):
    package = tmp_path / "companion"
    (package / "store").mkdir(parents=True)
    source = package / "store" / "x.py"
    source.write_text("from ..web import app\nfrom . import sqlite\ndef f():\n    import companion.live\n")
    assert imported_subpackages(source, package) == {"web", "store", "live"}


def test_rules_engines_have_no_io_clock_or_randomness():
    """Pure engines: state + move -> state. Chance arrives in moves; selfplay (simulation) is exempt."""
    banned = {"random", "time", "datetime", "sqlite3", "socket", "requests", "cv2", "flask"}
    problems = []
    for path in sorted((PACKAGE / "games").rglob("*.py")):
        if path.stem in ("selfplay",) or (game_part(path) or ("", "rules"))[1] != "rules":
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


def _imported_modules(path: Path) -> set[str]:
    """Return the full dotted names a file imports (absolute or relative, anywhere in the file)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = ("companion",) + path.relative_to(PACKAGE).with_suffix("").parts
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                base = tuple(node.module.split(".")) if node.module else ()
            else:
                parent = here if path.name == "__init__.py" else here[:-1]
                base = parent[: len(parent) - (node.level - 1)] + (tuple(node.module.split(".")) if node.module else ())
            found |= {".".join(base + (alias.name,)) for alias in node.names} | {".".join(base)}
    return found


BUX_DEMO = {"companion/demo.py", "companion/commands/demo.py", "companion/audit/sample.py"}
"""The self-playing demo and its sample game are a BUX game by design (a film of a BUX table); they name it openly."""
RULES_MAY_IMPORT = {"companion.cards", "companion.chips", "companion.errors", "companion.data", "companion.dice"}
"""Besides its own rules and the shared game modules (companion.games.base, .jsonl, ...), what a game's rules may use."""


def _games() -> set[str]:
    return {p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists()}


def test_shared_code_imports_no_game_and_each_game_only_its_own():
    """Outside companion/games/<game>/, no module imports a game's package; inside, only its own game's."""
    games = _games()
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        owner = game_part(path)
        where = str(path.relative_to(PACKAGE.parent))
        for name in _imported_modules(path):
            parts = name.split(".")
            if parts[:2] == ["companion", "games"] and len(parts) > 2 and parts[2] in games:
                if owner is None and where in BUX_DEMO and parts[2] == "bux":
                    continue
                if owner is None or owner[0] != parts[2]:
                    problems.append(f"{where} imports {name}")
    assert not problems, "\n".join(problems)


def test_a_game_s_rules_import_none_of_its_parts_and_no_layer_above():
    """Inside a game: its rules import only cards, chips, errors, data and the shared game modules; never its screens,
    table reader or audit part (those import the rules, not the other way round)."""
    problems = []
    for path in sorted((PACKAGE / "games").rglob("*.py")):
        owner = game_part(path)
        if owner is None or owner[1] != "rules":
            continue
        for name in _imported_modules(path):
            parts = name.split(".")
            if parts[0] != "companion" or len(parts) < 2:
                continue
            if parts[1] == "games":
                if len(parts) > 3 and parts[2] == owner[0] and parts[3] in GAME_PARTS:
                    problems.append(f"{path.relative_to(PACKAGE.parent)} imports its own {parts[3]}: {name}")
                continue
            if ".".join(parts[:2]) not in RULES_MAY_IMPORT:
                problems.append(f"{path.relative_to(PACKAGE.parent)} imports {name}")
    assert not problems, "\n".join(problems)


def test_every_game_has_the_same_folder_shape():
    """Each built-in game and the test suite's fifth game: rules at the top (GAME in __init__), screens/ (SCREENS),
    audit/ (AUDIT); a table/ part where the camera reads the game."""
    import importlib

    homes = [PACKAGE / "games" / name for name in sorted(_games())] + [Path(__file__).parent / "high_card"]
    for home in homes:
        assert (home / "__init__.py").read_text(encoding="utf-8").count("GAME = ") == 1, home
        for part in ("screens",):
            assert (home / part / "__init__.py").exists(), f"{home.name} has no {part}/"
        for part in home.iterdir():
            if part.is_dir() and part.name not in ("__pycache__",) and (part / "__init__.py").exists():
                assert part.name in GAME_PARTS, f"{home.name}/{part.name}: a game's subpackages are {sorted(GAME_PARTS)}"
    module = importlib.import_module("companion.games.grow.table")
    assert module.__name__.endswith(".table")


def test_importing_a_game_s_rules_loads_no_web_vision_or_store():
    """The rules of every game load without flask, OpenCV or a database driver (checked in a fresh interpreter)."""
    import subprocess
    import sys

    code = ("import sys, companion.games as g\n"
            "for name in g.game_modules(): __import__(g.game_modules()[name])\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'flask', 'cv2', 'sqlite3', 'psycopg', 'numpy', 'werkzeug'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_shared_web_files_name_no_game():
    """Shared screens code, scripts, templates and the shared catalog (companion/web/) carry no game's words or names.

    A game's words live in its screens package, its Russian in its own
    ru_source.py and catalog; the shared shell asks the registry
    (GameScreens.strings, .camera_layout). Docstrings may still cite a game as
    an example, so only code, scripts, templates, the Russian texts and the
    catalog files are read.
    """
    web = PACKAGE / "web"
    games = _games()
    words = (games - {"match"}) | {"blue/red", "double-bux", "котик"}  # "match" is also an English word (re.match)
    problems = []
    for path in sorted(web.rglob("*")):
        if path.suffix not in (".py", ".js", ".html", ".po"):
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".py":
            text = _without_docstrings(text)
        for word in sorted(words):
            if re.search(rf"\b{re.escape(word)}\b", text, flags=re.IGNORECASE):
                problems.append(f"{path.relative_to(PACKAGE.parent)} names {word!r}")
    assert not problems, "\n".join(problems)


DEMO_FILES = {PACKAGE / "demo.py", PACKAGE / "commands" / "demo.py", PACKAGE / "audit" / "sample.py"}
"""The self-playing demo: a film of a BUX table by design, so it may name BUX."""


def test_shared_code_names_no_game_in_its_strings():
    """Outside companion/games/<game>/ (and the demo), no string in code names BUX: no default game, no game's words.

    A command that needs a game asks for one or reads it from the record; the
    plates' words come from the game's deck file. Documentation strings (a
    module's, a function's, an attribute's) may cite a game as an example.
    """
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        inside_a_game = path.is_relative_to(PACKAGE / "games") and len(path.relative_to(PACKAGE / "games").parts) > 1
        if inside_a_game or path in DEMO_FILES:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        documentation = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in documentation \
                    and re.search(r"bux", node.value, flags=re.IGNORECASE):
                problems.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.value[:60]!r}")
    assert not problems, "\n".join(problems)


def _without_docstrings(source: str) -> str:
    """Return Python source with its docstrings and comments blanked (string literals in code stay)."""
    tree = ast.parse(source)
    lines = source.splitlines()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) \
                and isinstance(body[0].value.value, str):
            for i in range(body[0].lineno - 1, body[0].end_lineno):
                lines[i] = ""
    return "\n".join(re.sub(r"#.*$", "", line) for line in lines)
