"""The shared safe JSON loader: hostile input is a RecordError with a sentence, never a crash."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import RecordError
from companion.games.jsonl import parse_line, read_lines
from companion.games.safejson import MAX_DEPTH, load_json, nesting_depth


@pytest.mark.parametrize("text, fragment", [
    ("[" * 100_000, "nests 100000 levels deep"),
    ('{"a": ' * 50_000, "levels deep"),
    ("9" * 5000, "5000 digits"),
    ('{"seq": -' + "1" * 19 + "}", "19 digits"),
    ("1e999", "out of range"),
    ("NaN", "NaN is not a JSON number"),
    ('{"a": Infinity}', "Infinity is not a JSON number"),
    (b"\xff\xfe{}", "not UTF-8"),
    ("", "not valid JSON"),
    ("\x00" * 50, "not valid JSON"),
])
def test_hostile_json_is_one_sentence(text, fragment):
    with pytest.raises(RecordError) as info:
        load_json(text)
    assert fragment in info.value.message and "\n" not in info.value.message


def test_brackets_inside_strings_do_not_count_as_nesting():
    deep_text = json.dumps({"note": "[" * 1000 + '\\"{'})
    assert nesting_depth(deep_text) == 1 and load_json(deep_text)["note"].startswith("[[[")


def test_a_byte_order_mark_is_dropped():
    assert load_json("\ufeff[1]") == [1] and load_json("\ufeff[1]".encode()) == [1]


def test_depth_limit_is_exact():
    assert load_json("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    with pytest.raises(RecordError):
        load_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))


def test_record_lines_accept_a_bom_and_trailing_blank_lines():
    """Editors add both; a blank line before another line is still an error."""
    setup = '\ufeff{"type": "setup"}\n'
    got = list(read_lines([setup, "\n", "  \n"], lambda data, first: data))
    assert got == [(1, {"type": "setup"})]
    with pytest.raises(RecordError) as info:
        list(read_lines([setup, "\n", '{"type": "x"}\n'], lambda data, first: data))
    assert info.value.line == 2 and "blank line" in info.value.message


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=10)


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200),
    st.builds(lambda n, open_: open_ * n, st.integers(0, 3000), st.sampled_from(["[", "{", '{"a":', "[{"])),
    st.builds(lambda n, sign: sign + "7" * n, st.integers(1, 6000), st.sampled_from(["", "-"])),
    st.builds(lambda v: json.dumps(v, allow_nan=True), JSONISH),
))
def test_fuzzed_input_is_a_value_or_a_record_error(text):
    """python-chess fuzz/: the only requirement is that the reader does not crash."""
    for reader in (load_json, parse_line):
        try:
            reader(text)
        except RecordError as error:
            assert error.message and "\n" not in error.message


@pytest.mark.parametrize("text", ['{"note": "' + "x" * 2_000_000 + '"}', '["' + "\\n" * 1_000_000 + '"]'])
def test_the_nesting_check_needs_memory_of_a_few_copies_of_the_text(text):
    """A 15 MB body once took the server to 1.9 GB: the string pattern kept ~120 bytes per character."""
    import tracemalloc

    tracemalloc.start()
    try:
        assert nesting_depth(text) == 1
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * len(text) + 1_000_000, f"{peak / len(text):.0f} bytes per character"
