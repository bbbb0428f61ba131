"""The `companion` command line: the composition root and the only place errors become exit codes.

Each subcommand lives in companion/commands/<name>.py with add_parser(subparsers)
that registers it and sets `run(args) -> int`. Adding a command means adding a
module and naming it in COMMANDS.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys

from companion import __version__
from companion.errors import CompanionError
from companion.games.wording import LANGUAGES, render, render_line

COMMANDS = (
    "replay",
    "games",
    "score",
    "serve",
    "cards",
    "scan",
    "calibrate",
    "camera_check",
    "audit",
    "demo",
    "migrate",
    "stats",
    "seat",
)


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(prog="companion", description="Table companion for physical card games.")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"companion.commands.{name}").add_parser(sub)
    return parser


def error_json(error: CompanionError) -> dict:
    """Return the `{"error": {...}}` body the CLI prints: the English sentence, and every language's for a worded refusal."""
    body = error.to_json()
    body["error"]["message"] = render(error, "en")
    if getattr(error, "templates", None) is not None:
        body["error"]["messages"] = {lang: render(error, lang) for lang in LANGUAGES}
    return body


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return the exit status (0 ok, 1 user error, 2 usage)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        return args.run(args)
    except CompanionError as error:
        if getattr(args, "json", False):
            print(json.dumps(error_json(error), ensure_ascii=False))
        else:
            print(f"companion: {render_line(error)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("companion: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
