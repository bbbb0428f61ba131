"""Run the examples in the Grow Your Assets modules' docstrings."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["checks", "scoring", "rules"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"companion.games.grow.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
