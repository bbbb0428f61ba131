"""Tests for companion.cards.payloads: opaque, keyed, per-print QR payloads."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

from companion.cards.decks import load_deck
from companion.cards.payloads import (
    PAYLOAD_DIGITS,
    is_well_formed,
    load_print,
    new_print,
    save_print,
)
from companion.errors import CompanionError


@pytest.fixture(scope="module")
def deck():
    return load_deck("bux")


@pytest.fixture(scope="module")
def printed(deck):
    return new_print(deck, "home print", secret=b"0123456789abcdef")


def test_every_card_has_a_distinct_numeric_payload(deck, printed):
    payloads = [printed.payload(code) for code in deck.codes()]
    assert len(set(payloads)) == len(deck.cards) == 55
    assert all(len(p) == PAYLOAD_DIGITS and p.isdigit() for p in payloads)
    assert printed.codes() == deck.codes()


def test_each_payload_identifies_its_own_card(deck, printed):
    for code in deck.codes():
        identity = printed.identify(printed.payload(code))
        assert (identity.status, identity.code, identity.print_id) == ("card", code, printed.print_id)
        assert printed.identify(printed.payload(code).encode()).code == code


def test_payload_from_a_second_print_is_rejected(deck, printed):
    """A card from another print is never mistaken for a card of this one."""
    other = new_print(deck, "second print", secret=b"another secret!!")
    assert other.print_id != printed.print_id
    for code in deck.codes():
        identity = printed.identify(other.payload(code))
        assert identity.status == "other_print"
        assert identity.code is None
        assert identity.print_id == other.print_id


def test_same_print_id_with_unknown_token_is_foreign(printed):
    body = printed.print_id + "00000000"
    from companion.cards.payloads import _check  # the public checksum, to forge a well-formed payload

    forged = body + _check(body)
    assert forged not in printed.payloads.values()
    assert printed.identify(forged).status == "foreign"


@pytest.mark.parametrize(
    "scan",
    ["https://example.com/", "", "1234", "12345678901234567", b"\xff\xfe", "64117620871379X2", "hello world 1234"],
)
def test_other_qr_codes_are_foreign(printed, scan):
    assert printed.identify(scan).status == "foreign"


def test_a_flipped_digit_breaks_the_check(printed):
    payload = printed.payload("spade-oval-50")
    flipped = payload[:3] + str((int(payload[3]) + 1) % 10) + payload[4:]
    assert not is_well_formed(flipped) or printed.identify(flipped).status != "card"


def test_payloads_do_not_follow_suit_shape_or_value(deck, printed):
    """The rules hide the back value: cards differing only in value must not share digits in a pattern."""
    tokens = {code: printed.payload(code)[6:14] for code in deck.codes("playing")}
    by_value = {v: sorted(t for c, t in tokens.items() if c.endswith(f"-{v}")) for v in (25, 50, 100)}
    # No shared prefix, suffix or ordering tells the values apart.
    for value, group in by_value.items():
        assert len({t[0] for t in group}) > 2, value
        assert len({t[-1] for t in group}) > 2, value


def test_same_secret_gives_same_payloads_and_different_secret_different(deck, printed):
    again = new_print(deck, "home print", secret=b"0123456789abcdef")
    assert dict(again.payloads) == dict(printed.payloads)
    fresh = new_print(deck, "home print")
    assert set(fresh.payloads.values()).isdisjoint(printed.payloads.values())


def test_rejects_empty_name_and_short_secret(deck):
    with pytest.raises(CompanionError, match="name"):
        new_print(deck, "  ")
    with pytest.raises(CompanionError, match="secret"):
        new_print(deck, "x", secret=b"short")


def test_deck_file_round_trip(tmp_path, printed):
    path = tmp_path / "prints" / "home.deck.json"
    save_print(printed, path)
    loaded = load_print(path)
    assert loaded == printed
    assert loaded.identify(printed.payload("bux-2")).code == "bux-2"


def _write(path, body):
    path.write_text(body if isinstance(body, str) else json.dumps(body), encoding="utf-8")
    return path


def test_deck_file_errors_are_clear(tmp_path, printed):
    save_print(printed, tmp_path / "good.json")
    good = json.loads((tmp_path / "good.json").read_text())

    with pytest.raises(CompanionError, match="cannot read"):
        load_print(tmp_path / "missing.json")
    with pytest.raises(CompanionError, match="not valid JSON"):
        load_print(_write(tmp_path / "a.json", "{nope"))
    with pytest.raises(CompanionError, match="not a companion deck file"):
        load_print(_write(tmp_path / "b.json", {"game": "bux", "cards": []}))
    with pytest.raises(CompanionError, match="damaged"):
        load_print(_write(tmp_path / "c.json", {**good, "secret": "zz"}))
    with pytest.raises(CompanionError, match="damaged"):
        load_print(_write(tmp_path / "d.json", {k: v for k, v in good.items() if k != "cards"}))
    tampered = {**good, "cards": [dict(e) for e in good["cards"]]}
    tampered["cards"][0]["payload"], tampered["cards"][1]["payload"] = (
        tampered["cards"][1]["payload"],
        tampered["cards"][0]["payload"],
    )
    with pytest.raises(CompanionError, match="does not match"):
        load_print(_write(tmp_path / "e.json", tampered))
    (tmp_path / "f.json").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(CompanionError):
        load_print(tmp_path / "f.json")


@given(st.one_of(st.text(max_size=40), st.binary(max_size=40)))
def test_identify_never_raises_and_never_invents_a_card(scan):
    printed = new_print(load_deck("bux"), "fuzz", secret=b"fuzz-secret-1234")
    identity = printed.identify(scan)
    assert identity.status in {"card", "other_print", "foreign"}
    if identity.status == "card":
        assert printed.payload(identity.code) == (scan.decode() if isinstance(scan, bytes) else scan).strip()
