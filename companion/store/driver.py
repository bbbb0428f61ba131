"""Play a record into the event store move by move: the scripted table of the kill -9 test.

`python -m companion.store.driver DB RECORD --game-id ID` stores the setup (if
the game is not there yet) and then submits each remaining line through
GameSession, exactly as the tablet does. It may be killed at any instant and
simply started again: it resumes from what the store holds (the moves in
effect), so no move is lost or entered twice. It prints "ready N" (N moves
already stored) before submitting. Exit 0 when the record is done.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

from companion.errors import CompanionError
from companion.store.session import GameSession
from companion.store.backends import open_store


def play(db: str | Path, lines: list[dict[str, Any]], game_id: str, *, delay_s: float = 0.0,
         on_ready: Callable[[int], object] | None = None) -> int:
    """Store the record's moves not yet stored and return how many this call submitted.

    Raises:
        CompanionError: if a line is illegal or the store cannot be written.
    """
    with open_store(db) as store:
        if game_id not in {g["game_id"] for g in store.games()}:
            GameSession.start(store, lines[0], game_id=game_id)
        session = GameSession(store, game_id)
        done = len(session.refresh().moves)
        if on_ready is not None:
            on_ready(done)
        for line in lines[done:]:
            session.submit(line, source="tablet")
            if delay_s:
                time.sleep(delay_s)
        return len(lines) - done


def main(argv: list[str] | None = None) -> int:
    """Run the driver; return 0 when the whole record is stored, 1 on a clear error."""
    parser = argparse.ArgumentParser(prog="python -m companion.store.driver", description=__doc__.splitlines()[0])
    parser.add_argument("db")
    parser.add_argument("record")
    parser.add_argument("--game-id", default="driven")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds to wait after each move")
    args = parser.parse_args(argv)
    try:
        lines = [json.loads(text) for text in Path(args.record).read_text(encoding="utf-8").splitlines() if text.strip()]
        play(args.db, lines, args.game_id, delay_s=args.delay, on_ready=lambda done: print(f"ready {done}", flush=True))
    except (CompanionError, OSError, ValueError) as error:
        print(f"driver: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
