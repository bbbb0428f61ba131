"""Where a command writes a file: its folder must already exist (no folder is created silently).

Checked before anything is stored, dealt or written, so a mistyped --out costs
nothing: the command says which folder is missing and stops. Not a subcommand.
"""

from __future__ import annotations

from pathlib import Path

from companion.errors import CompanionError


def output_file(path: str | Path, option: str) -> Path:
    """Return `path` as a Path if a file can be written there; else say in a sentence why not.

    Raises:
        CompanionError: if its folder does not exist (or is a file), or the path is a folder.
    """
    target = Path(path)
    folder = target.parent
    if not folder.is_dir():
        state = "is a file, not a folder" if folder.exists() else "does not exist"
        raise CompanionError(f"cannot write {option} {str(target)!r}: the folder {str(folder)!r} {state} "
                             "(create it first, or choose another place)")
    if target.is_dir():
        raise CompanionError(f"{option} {str(target)!r} is a folder: name a file to write")
    return target
