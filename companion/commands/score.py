"""`companion score GAME FILE --json`: score a game's holdings without arithmetic mistakes.

Each game that offers scoring names a function (its Game's `score_holdings`)
taking the parsed JSON file and returning the result as JSON-ready data
(raising CompanionError on bad input).
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.errors import CompanionError
from companion.games import find_game, games
from companion.games.safejson import load_json


def add_parser(sub) -> None:
    p = sub.add_parser("score", help="score a game's holdings from a JSON file")
    scored = [game.name for game in games() if game.score_holdings is not None]
    p.add_argument("game", choices=scored, metavar="GAME", help=f"which game's scoring: {', '.join(scored)}")
    p.add_argument("file", help="JSON description of what each player holds")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=run)


def run(args) -> int:
    try:
        raw = Path(args.file).read_bytes()
    except OSError as exc:
        raise CompanionError(f"cannot read {args.file!r}: {exc.strerror}") from None
    data = load_json(raw, repr(args.file))
    score = find_game(args.game).score_holdings
    assert score is not None, "the parser offers only the games that score"
    result = score(data)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        for player, scores in result.items():
            parts = ", ".join(f"{k} {v}" for k, v in scores.items() if k != "total") if isinstance(scores, dict) else ""
            total = scores.get("total") if isinstance(scores, dict) else scores
            print(f"{player}: {total}" + (f"  ({parts})" if parts else ""))
    return 0
