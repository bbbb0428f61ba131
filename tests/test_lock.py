"""requirements.lock is the one truth of what a machine installs: complete, hashed, and what this venv holds.

A fresh machine once resolved every dependency anew and got OpenCV 5, which
turned the suite red while a machine with yesterday's packages stayed green
(issue 28). The lock pins every package with its hashes; these tests fail when
pyproject.toml asks for a package the lock does not pin, when a pin lacks a
hash (pip's --require-hashes would refuse the whole install), or when the venv
running the suite drifted from the lock (an install by hand, an old venv).
"""

from __future__ import annotations

import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^(?P<name>[A-Za-z0-9._-]+)==(?P<version>[^\s;\\]+)\s*(?:;\s*(?P<marker>[^\\]+?))?\s*\\?$")


def _pins() -> dict[str, tuple[str, str | None, int]]:
    """Return name -> (version, marker, hash count) for each pin of requirements.lock that applies here."""
    pins: dict[str, tuple[str, str | None, int]] = {}
    current: str | None = None
    for raw in (ROOT / "requirements.lock").read_text().splitlines():
        line = raw.strip()
        match = PIN.match(line)
        if match:
            marker = match["marker"]
            if marker and not Requirement(f"x; {marker}").marker.evaluate(default_environment()):
                current = None  # a pin for another platform or Python
                continue
            current = canonicalize_name(match["name"])
            assert current not in pins, f"{current} is pinned twice for this machine"
            pins[current] = (match["version"], marker, 0)
        elif line.startswith("--hash=sha256:") and current is not None:
            version, marker, hashes = pins[current]
            pins[current] = (version, marker, hashes + 1)
    return pins


def _wanted() -> list[Requirement]:
    """Return the runtime and test requirements pyproject.toml names, and the lock's own tools."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    tools = [line.split("#")[0].strip() for line in (ROOT / "requirements-tools.in").read_text().splitlines()]
    return [Requirement(text) for text in [*names, *tools] if text]


def test_every_dependency_is_pinned_with_a_hash_within_its_range():
    pins = _pins()
    assert len(pins) >= 30
    for wanted in _wanted():
        name = canonicalize_name(wanted.name)
        assert name in pins, f"pyproject.toml asks for {wanted.name}, which requirements.lock does not pin"
        version, _, hashes = pins[name]
        assert wanted.specifier.contains(version, prereleases=True), f"the lock's {name}=={version} is outside {wanted}"
        for extra in wanted.extras:  # e.g. psycopg[binary]: the extra's packages are pinned too
            extra_needs = [Requirement(r) for r in metadata.requires(wanted.name) or () if f'extra == "{extra}"' in r]
            for need in extra_needs:
                assert canonicalize_name(need.name) in pins, f"{wanted}'s {need.name} is not pinned"
    unhashed = sorted(name for name, (_, _, hashes) in pins.items() if hashes == 0)
    assert not unhashed, f"pins without a hash (pip --require-hashes refuses the install): {unhashed}"


def test_this_venv_holds_exactly_the_locked_versions():
    drifted = []
    for name, (version, _, _) in _pins().items():
        if name in {"pip", "setuptools"} and sys.prefix == sys.base_prefix:
            continue  # not a venv: the base interpreter's own tools are not the lock's to set
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            drifted.append(f"{name}: locked {version}, not installed")
            continue
        if installed != version:
            drifted.append(f"{name}: locked {version}, installed {installed}")
    assert not drifted, "the venv is not the lock's (scripts/setup.sh rebuilds it): " + "; ".join(drifted)
