"""mypy over companion/ is clean: the rules engines, the store and the cards strictly, the rest at mypy's default level.

The configuration is pyproject.toml's [tool.mypy]. Running it here puts the type
check in the README's test command (./test.sh) and so in CI: a change that
breaks a signature (a move type, a Game's function, a store call) fails the
suite like any other bug. mypy keeps its cache in the system's temporary folder,
one per checkout, so the checkout stays clean and a second run reads only what
changed (under 1 s warm; 7 s cold over the 210 files, 32 s on a busy machine).
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

STRICT_FLAGS = ("disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls", "disallow_untyped_defs",
                "disallow_incomplete_defs", "check_untyped_defs", "disallow_untyped_decorators", "warn_unused_ignores",
                "warn_return_any", "no_implicit_reexport", "strict_equality", "extra_checks")
"""What `mypy --strict` turns on per module (its global-only flags, warn_unused_configs and warn_redundant_casts, are set globally)."""


def _cache_dir() -> Path:
    """Return this checkout's mypy cache: in the temporary folder, named by the checkout's path."""
    digest = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"companion-mypy-{digest}"


def test_mypy_finds_no_type_error_in_companion():
    sources = sorted(ROOT.glob("companion/**/*.py"))
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(_cache_dir()),
         "--no-color-output", "--show-error-codes"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    report = (result.stdout + result.stderr).strip()
    assert result.returncode == 0, f"mypy found type errors (the command: python -m mypy, in {ROOT}):\n{report}"
    # Every module is checked: a file left out of the run (a wrong `files`, an exclude) would pass unseen.
    assert f"no issues found in {len(sources)} source files" in report, report


def test_the_rules_store_and_cards_are_checked_strictly():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == ["companion"]
    strict = [o for o in config["overrides"] if "companion.store.*" in o["module"]]
    assert len(strict) == 1, "one override holds the strict modules"
    assert {"companion.games", "companion.games.*", "companion.store.*", "companion.cards.*"} <= set(strict[0]["module"])
    assert all(strict[0].get(flag) is True for flag in STRICT_FLAGS), [f for f in STRICT_FLAGS if strict[0].get(f) is not True]
    # Only a game's parts (its web screens, table reader and audit) go back to the default level, never its rules.
    relaxed = [m for o in config["overrides"] if o.get("disallow_untyped_defs") is False for m in o["module"]]
    assert relaxed and all(m.split(".")[-2] in ("screens", "table", "audit") and m.endswith(".*") for m in relaxed), relaxed
