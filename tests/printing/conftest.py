"""Fixtures for printing tests: one print of the BUX deck and its PDFs, generated once per module."""

from __future__ import annotations

import io

import pytest

from companion.cards.decks import load_deck
from companion.cards.payloads import new_print


@pytest.fixture(scope="session")
def bux_deck():
    return load_deck("bux")


@pytest.fixture(scope="session")
def bux_print(bux_deck):
    return new_print(bux_deck, "test print", secret=b"printing-tests-secret")


@pytest.fixture(scope="session")
def deck_pdfs(bux_deck, bux_print):
    from companion.printing.render import write_deck_pdf

    out = {}
    for paper in ("a4", "letter"):
        buf = io.BytesIO()
        write_deck_pdf(bux_print, bux_deck, paper, buf)
        out[paper] = buf.getvalue()
    return out
