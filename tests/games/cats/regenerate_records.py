"""Regenerate the cat auction golden records' expectations: `python -m tests.games.cats.regenerate_records`.

Rewrites tests/records/cats-*.expected.json from replaying each cats-*.jsonl and
prints a unified diff of what changed, so a change in the engine is reviewed,
never slipped into test code. `--selfplay` also rewrites the self-played
records from their fixed seeds.
"""

from __future__ import annotations

import difflib
import json
import sys
from pathlib import Path

from companion.games.cats import record, selfplay

RECORDS = Path(__file__).resolve().parents[2] / "records"
SELFPLAY_SEEDS = {"cats-2p": (46, 2), "cats-3p": (118, 3), "cats-4p": (205, 4)}
"""Record name -> (seed, players): seeds chosen so the games play most cat kinds and end both ways
(last player left; decisive round, with a player out on the way)."""


def expected_text(jsonl: Path) -> str:
    """Return the expected-summary JSON text for a record file."""
    state = record.replay(jsonl.read_text(encoding="utf-8").splitlines(keepends=True))
    return json.dumps(record.state_to_json(state), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Rewrite the expectations (and with --selfplay the self-played records); print diffs; return 0."""
    argv = sys.argv[1:] if argv is None else argv
    if "--selfplay" in argv:
        for name, (seed, players) in SELFPLAY_SEEDS.items():
            (RECORDS / f"{name}.jsonl").write_text(record.write_record(selfplay.random_game(seed, players)), encoding="utf-8")
    for jsonl in sorted(RECORDS.glob("cats-*.jsonl")):
        target = jsonl.with_name(jsonl.name.removesuffix(".jsonl") + ".expected.json")
        old = target.read_text(encoding="utf-8") if target.exists() else ""
        new = expected_text(jsonl)
        sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), str(target), str(target)))
        target.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
