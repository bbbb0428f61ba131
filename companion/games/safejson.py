"""One JSON reader for everything a user can hand the companion (records, events, scoring files, web bodies).

Python's json module accepts input that later breaks in ways users cannot act
on: 100,000 nested brackets raise RecursionError, a 5,000-digit integer raises
the interpreter's int-string ValueError, `1e999` and `NaN` become floats no rule
can compare. load_json() refuses each of these up front with one sentence, so
every reader answers hostile input with a RecordError (exit 1 on the command
line, 400 on the web) and never a traceback. Pure: no I/O.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from companion.errors import RecordError

MAX_DEPTH = 32
"""Deepest nesting of arrays/objects accepted; real records and scoring files use at most 6."""

MAX_DIGITS = 18
"""Most digits in one number; every count, score and sequence number the games use fits easily."""

BOM = "\ufeff"

_STRINGS = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
"""A JSON string. The repeats are possessive: the regex engine then keeps no
backtracking point per character, where the former greedy `"(?:[^"\\]|\\.)*"`
kept ~120 bytes per character of a long string (one 15 MB body took the
server from 95 MB to 1.9 GB). It matches exactly what the greedy one did:
its two alternatives never match the same character."""
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
"""Each bracket as one signed byte: +1 opens, -1 closes."""


def nesting_depth(text: str) -> int:
    """Return how deeply arrays and objects nest in JSON text (brackets inside strings do not count).

    Linear in time, and in memory a few copies of the text at most: strings
    and everything but brackets are dropped by the regex engine, and the
    deepest point is the largest running sum of the brackets' steps.

    >>> nesting_depth('{"a": [[1], "]]]"]}')
    3
    """
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text)).encode("ascii")
    return max(0, max(accumulate(memoryview(brackets.translate(_STEPS)).cast("b")), default=0))


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise RecordError(f"a number has {digits} digits; at most {MAX_DIGITS} are accepted")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or len(text) > 64:
        raise RecordError(f"the number {text[:20]}{'…' if len(text) > 20 else ''} is out of range")
    return value


def _parse_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a JSON number")


def load_json(text: str | bytes, what: str = "the JSON") -> Any:
    """Return the value JSON text holds, refusing what no real input needs.

    A leading UTF-8 byte-order mark is dropped (editors add one).

    >>> load_json('\\ufeff{"n": 3}')
    {'n': 3}
    >>> load_json("[" * 40)
    Traceback (most recent call last):
    ...
    companion.errors.RecordError: the JSON nests 40 levels deep; at most 32 are accepted

    Raises:
        RecordError: for bytes that are not UTF-8, text that is not JSON, nesting
            deeper than MAX_DEPTH, integers longer than MAX_DIGITS, and
            NaN/Infinity or floats out of range; the message names `what`.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"{what} is not UTF-8 text (byte {exc.start + 1} cannot be read)") from None
    if not isinstance(text, str):
        raise RecordError(f"{what} must be text, not {type(text).__name__}")
    text = text.removeprefix(BOM)
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise RecordError(f"{what} nests {depth} levels deep; at most {MAX_DEPTH} are accepted")
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{what} is not valid JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:  # unreachable after the depth check; kept so no reader can ever show one
        raise RecordError(f"{what} nests too deeply") from None
