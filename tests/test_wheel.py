"""The package works once installed as a wheel (issue 16): built from the checkout, installed
outside it and run from another folder, it prints every game's deck and replays a golden
record of each game, reading decks and the table layout as package data.

The wheel is built once per session from a copy of the checkout's packaging inputs
(pyproject.toml, README.md, companion/, cards_printable/, calibration/), so building leaves no
build/ folder in the checkout. It is installed with --target into a folder that is put on
PYTHONPATH of the base interpreter together with the shared venv's site-packages for the
dependencies: PYTHONPATH entries are not site folders, so the venv's editable-install .pth
(which points at a checkout) is never read.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

import pytest

from companion.cli import main
from companion.games import game_modules

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "tests" / "records"
GOLDEN = {"bux": "bux-3p-full", "grow": "grow-2p", "cats": "cats-2p", "match": "match-basic-2p"}
SOURCES = ("pyproject.toml", "README.md", "setup.py", "companion", "cards_printable", "calibration")

CHILD = """
import contextlib, io, json, sys
import companion
from companion.cli import main
from companion.printing.plates import load_markers
from companion.vision.geometry import load_layout

out = {"file": companion.__file__, "path": sys.path, "runs": []}
for argv in json.loads(sys.argv[1]):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(argv)
    out["runs"].append([code, buf.getvalue()])
out["zones"] = sorted(z.name for z in load_layout().zones)
from companion.games import game_modules
from companion.table.layouts import layout_for
out["game_zones"] = {game: sorted(z.name for z in layout_for(game).zones) for game in game_modules()}
out["markers"] = len(load_markers()[2])
print(json.dumps(out))
"""


def _setuptools_is_new_enough() -> bool:
    try:
        return int(metadata.version("setuptools").split(".")[0]) >= 77
    except metadata.PackageNotFoundError:
        return False


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """Build a wheel from the checkout and install it (no dependencies) into a folder; return that folder."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "prints", "*.pdf")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=ignore)
        elif path.exists():
            shutil.copy2(path, src / name)
    # What a print run leaves in cards_printable/ must not travel in the wheel.
    (src / "cards_printable" / "prints").mkdir()
    (src / "cards_printable" / "prints" / "card.png").write_bytes(b"")
    (src / "cards_printable" / "bux-print.pdf").write_bytes(b"")

    wheels = base / "wheels"
    # Without isolation when the venv's setuptools can build this pyproject (no network);
    # otherwise pip fetches setuptools>=77 for an isolated build.
    isolation = ["--no-build-isolation"] if _setuptools_is_new_enough() else []
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PYTHONWARNINGS": "ignore"}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", *isolation, "-w", str(wheels), str(src)],
                   check=True, capture_output=True, env=env, cwd=base)
    (wheel,) = wheels.glob("table_companion-*.whl")
    target = base / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, env=env, cwd=base)
    return target


def test_the_wheel_carries_decks_and_layout_but_no_prints(installed):
    data = installed / "companion" / "_data"
    decks = sorted(p.name for p in (data / "decks").iterdir() if p.name != "__pycache__")
    assert decks == sorted(f"{game}.deck.json" for game in game_modules())
    assert {"markers.json", "table-layout.json", "charuco-board.json"} <= {p.name for p in (data / "calibration").iterdir()}
    assert not (data / "calibration" / "README.md").exists()
    for sub in ("web/templates/base.html", "web/static/app.css", "web/translations/ru/LC_MESSAGES/messages.mo",
                "games/bux/screens/templates/bux/game.html", "games/match/screens/static/match.js",
                "games/cats/screens/ru_source.py", "games/bux/audit/templates/flow.html",
                "games/bux/screens/translations/ru/LC_MESSAGES/messages.mo"):
        assert (installed / "companion" / sub).is_file(), sub


def test_installed_wheel_prints_every_deck_and_replays_a_golden_record_of_each_game(installed, tmp_path, capsys):
    argvs = [["cards", "list", "--game", game] for game in sorted(game_modules())]
    argvs += [["replay", str(RECORDS / f"{GOLDEN[game]}.jsonl"), "--json"] for game in sorted(game_modules())]
    venv_site = sysconfig.get_paths()["purelib"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = os.pathsep.join([str(installed), venv_site])
    base_python = getattr(sys, "_base_executable", sys.executable)
    done = subprocess.run([base_python, "-c", CHILD, json.dumps(argvs)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)

    assert Path(out["file"]).resolve().is_relative_to(installed.resolve())
    assert not any(Path(p).resolve() == ROOT for p in out["path"] if p)
    assert out["zones"] and out["markers"] > 0
    # Each game's table layout is package data beside its table part: the installed games lie as in the checkout.
    from companion.table.layouts import layout_for
    assert out["game_zones"] == {game: sorted(z.name for z in layout_for(game).zones) for game in game_modules()}
    assert all(len(zones) > len(out["zones"]) for zones in out["game_zones"].values())

    for argv, (code, printed) in zip(argvs, out["runs"]):
        assert code == 0, argv
        if argv[0] == "cards":
            assert main(argv) == 0
            assert printed == capsys.readouterr().out, argv
        else:
            expected = json.loads(Path(argv[1]).with_suffix(".expected.json").read_text(encoding="utf-8"))
            assert json.loads(printed) == expected, argv
