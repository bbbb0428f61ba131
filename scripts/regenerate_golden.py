#!/usr/bin/env python3
"""Rewrite tests/records/*.expected.json from the current engines and print what changed.

Run after a deliberate rule change; read the diff before committing it.
    .venv/bin/python scripts/regenerate_golden.py [--check]
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.commands.inputs import read_lines  # noqa: E402
from companion.games import game_of_record  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only report differences; exit 1 if any")
    args = parser.parse_args(argv)
    changed = 0
    for record in sorted((ROOT / "tests" / "records").glob("*.jsonl")):
        lines = read_lines(str(record))
        game = game_of_record(lines)
        new = json.dumps(game.state_to_json(game.replay(lines)), indent=2, ensure_ascii=False) + "\n"
        path = record.with_suffix(".expected.json")
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if json.loads(old or "null") != json.loads(new):
            changed += 1
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), str(path), str(path) + " (new)"))
            if not args.check:
                path.write_text(new, encoding="utf-8")
    print(f"{changed} expectation(s) {'differ' if args.check else 'rewritten'}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
