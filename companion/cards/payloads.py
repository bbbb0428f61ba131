"""Opaque QR payloads for one printed copy of a deck, and the deck file that maps them back.

Why opaque: BUX hides each card's back value (25/50/100) from the other
players, but the QR mark sits on the card's face for the camera. A phone that
scans an opponent's card must learn nothing from it, so a payload carries no
suit, shape or value, only a per-print id and a keyed token (HMAC of the card
code under the print's secret). Two prints of the same deck have different
payloads, so a card from another print, or any other QR code, is never taken
for a card of this one.

Payload format (16 decimal digits, so the QR uses numeric mode, the densest
one, and fits a version-1 QR at level H or a Micro QR M3 at level M):

    PPPPPP TTTTTTTT CC
    print id (6)  card token (8)  check (2)

* print id: derived from the secret; names the print.
* card token: HMAC-SHA256(secret, game + code), reduced to 8 digits; a counter
  is mixed in on the rare collision so tokens stay unique within a print.
* check: a public (unkeyed) checksum of the first 14 digits, so a well-formed
  companion payload from another print can be told from an arbitrary number.

This module may use randomness (`secrets`) to make a new print's secret; it is
not part of the rules engine. It does no I/O except save_print/load_print.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import os
import secrets as _secrets
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, Mapping

from companion.cards.decks import Deck, load_deck
from companion.errors import CompanionError

FORMAT = "companion-print/1"
DEFAULT_MODULE_MM = 2.0
"""The marks' module size when the deck file names none (30 mm Micro QR M3 marks)."""
PAYLOAD_DIGITS = 16
PRINT_ID_DIGITS = 6
TOKEN_DIGITS = 8
CHECK_DIGITS = 2
SECRET_BYTES = 16
MARK_MODULES = 15
"""Modules across a card mark (a Micro QR M3 symbol): a mark size over this is its module size."""

Status = Literal["card", "other_print", "foreign"]


@dataclass(frozen=True)
class Identity:
    """What a scanned payload is, relative to one print."""

    status: Status
    """"card": a card of this print; "other_print": a well-formed companion payload
    of another print; "foreign": anything else (another QR code, a damaged payload)."""
    code: str | None = None
    """The card code, only when status is "card"."""
    print_id: str | None = None
    """The print id the payload names (this print's for "card", the other one's for "other_print")."""


@dataclass(frozen=True)
class PrintDeck:
    """One printed copy of a game's deck: its secret and the payload of each card."""

    game: str
    name: str
    print_id: str
    secret: bytes = field(repr=False)
    payloads: Mapping[str, str] = field(repr=False)
    """Card code -> payload, in deck order."""
    module_mm: float = DEFAULT_MODULE_MM
    """The size its marks were printed at (mm per module; `cards print --camera` chooses it): the camera's reader
    and setup check take it from here."""

    def payload(self, code: str) -> str:
        """Return the QR payload printed on the card with this code.

        Raises:
            CompanionError: if this print has no such card.
        """
        try:
            return self.payloads[code]
        except KeyError:
            raise CompanionError(f"print {self.name!r} of {self.game!r} has no card {code!r}") from None

    def codes(self) -> tuple[str, ...]:
        """Return the card codes of this print, in deck order."""
        return tuple(self.payloads)

    def identify(self, payload: str | bytes) -> Identity:
        """Return what a scanned payload is: a card of this print, another print's card, or foreign.

        Never raises: anything that is not a well-formed payload is "foreign".
        """
        text = _as_text(payload)
        if text is None or not is_well_formed(text):
            return Identity(status="foreign")
        print_id = text[:PRINT_ID_DIGITS]
        if print_id != self.print_id:
            return Identity(status="other_print", print_id=print_id)
        code = self._by_payload.get(text)
        if code is None:
            # Right print id, unknown token: forged or misread, never a card.
            return Identity(status="foreign")
        return Identity(status="card", code=code, print_id=print_id)

    @functools.cached_property
    def other_modules_mm(self) -> tuple[float, ...]:
        """Return the module sizes (mm) of this print's marks other than `module_mm`: kinds whose deck design
        gives their mark a size of its own keep it at any print size (a rules card's 18 mm mark: 1.2 mm
        modules of its 15). The camera searches for finders of each size. Empty when the game's deck file
        is not installed."""
        try:
            deck = load_deck(self.game)
        except CompanionError:
            return ()
        kinds = (deck.data.get("design") or {}).get("kinds") or {}
        sizes = []
        for kind in dict.fromkeys(c.kind for c in deck.cards):
            mark = (kinds.get(kind) or {}).get("mark") or {}
            if "size_mm" in mark and int(mark.get("count", 1)) > 0:
                sizes.append(round(float(mark["size_mm"]) / MARK_MODULES, 4))
        return tuple(m for m in dict.fromkeys(sizes) if abs(m - self.module_mm) > 1e-9)

    @functools.cached_property
    def _by_payload(self) -> Mapping[str, str]:
        return MappingProxyType({p: c for c, p in self.payloads.items()})


def new_print(deck: Deck, name: str, secret: bytes | None = None, module_mm: float = DEFAULT_MODULE_MM) -> PrintDeck:
    """Return a new print of a deck: a fresh random secret (or the given one) and every card's payload, its marks
    to be printed at `module_mm` mm per module.

    Raises:
        CompanionError: if the name is empty or the secret is too short.
    """
    if not isinstance(name, str) or not name.strip():
        raise CompanionError("a print needs a non-empty name")
    if secret is None:
        secret = _secrets.token_bytes(SECRET_BYTES)
    if not isinstance(secret, (bytes, bytearray)) or len(secret) < 8:
        raise CompanionError("a print secret must be at least 8 bytes")
    printed = _build(game=deck.game, name=name.strip(), secret=bytes(secret), codes=deck.codes())
    return printed if module_mm == DEFAULT_MODULE_MM else replace(printed, module_mm=float(module_mm))


def is_well_formed(payload: str) -> bool:
    """Return True if the text has the companion payload shape (16 digits, valid check).

    >>> is_well_formed("0123")
    False
    """
    if len(payload) != PAYLOAD_DIGITS or not payload.isascii() or not payload.isdigit():
        return False
    return payload[-CHECK_DIGITS:] == _check(payload[:-CHECK_DIGITS])


def save_print(print_deck: PrintDeck, path: str | os.PathLike[str]) -> None:
    """Write the deck file of a print: JSON with its secret and every card's payload.

    Keep this file private: whoever has it can read the cards' backs from their QR marks.

    Raises:
        CompanionError: if the file cannot be written.
    """
    body: dict[str, Any] = {
        "format": FORMAT,
        "game": print_deck.game,
        "name": print_deck.name,
        "print_id": print_deck.print_id,
        "secret": print_deck.secret.hex(),
        "cards": [{"code": c, "payload": p} for c, p in print_deck.payloads.items()],
    }
    if print_deck.module_mm != DEFAULT_MODULE_MM:
        body["module_mm"] = print_deck.module_mm
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")
        tmp.replace(target)
    except OSError as exc:
        raise CompanionError(f"cannot write deck file {str(target)!r}: {exc.strerror}") from None


def load_print(path: str | os.PathLike[str]) -> PrintDeck:
    """Return the print described by a deck file written by save_print.

    The payloads are recomputed from the stored secret and must match the
    stored ones, so an edited or damaged file is refused rather than trusted.

    Raises:
        CompanionError: if the file is missing, not JSON, not a companion deck
            file, or does not agree with its own secret.
    """
    source = Path(path)
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as exc:
        raise CompanionError(f"cannot read deck file {str(source)!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise CompanionError(f"deck file {str(source)!r} is not a text file") from None
    try:
        body = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CompanionError(f"deck file {str(source)!r} is not valid JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise CompanionError(f"{str(source)!r} is not a companion deck file (expected format {FORMAT!r})")
    try:
        game, name, print_id = str(body["game"]), str(body["name"]), str(body["print_id"])
        secret = bytes.fromhex(body["secret"])
        stored = {str(e["code"]): str(e["payload"]) for e in body["cards"]}
        codes = tuple(str(e["code"]) for e in body["cards"])
        module = float(body.get("module_mm", DEFAULT_MODULE_MM))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise CompanionError(f"deck file {str(source)!r} is damaged: bad or missing {exc}") from None
    if len(stored) != len(codes) or not codes:
        raise CompanionError(f"deck file {str(source)!r} is damaged: card list is empty or repeats a code")
    if not 1.0 <= module <= 10.0:
        raise CompanionError(f"deck file {str(source)!r} is damaged: module_mm {module:g} is not 1 to 10 mm")
    if len(secret) < 8:
        raise CompanionError(f"deck file {str(source)!r} is damaged: secret too short")
    rebuilt = _build(game=game, name=name, secret=secret, codes=codes)
    if rebuilt.print_id != print_id or dict(rebuilt.payloads) != stored:
        raise CompanionError(f"deck file {str(source)!r} does not match its own secret (edited or damaged)")
    return replace(rebuilt, module_mm=module)


def _build(*, game: str, name: str, secret: bytes, codes: tuple[str, ...]) -> PrintDeck:
    print_id = _digits(_mac(secret, b"print-id"), PRINT_ID_DIGITS)
    payloads: dict[str, str] = {}
    used: set[str] = set()
    for code in codes:
        counter = 0
        while True:
            message = f"card\x00{game}\x00{code}\x00{counter}".encode()
            token = _digits(_mac(secret, message), TOKEN_DIGITS)
            if token not in used:
                break
            counter += 1
        used.add(token)
        body = print_id + token
        payloads[code] = body + _check(body)
    return PrintDeck(
        game=game, name=name, print_id=print_id, secret=secret, payloads=MappingProxyType(payloads)
    )


def _mac(secret: bytes, message: bytes) -> bytes:
    return hmac.new(secret, message, hashlib.sha256).digest()


def _digits(digest: bytes, count: int) -> str:
    return str(int.from_bytes(digest, "big") % 10**count).zfill(count)


def _check(body: str) -> str:
    return _digits(hashlib.sha256(b"companion-check\x00" + body.encode()).digest(), CHECK_DIGITS)


def _as_text(payload: str | bytes) -> str | None:
    if isinstance(payload, (bytes, bytearray)):
        try:
            return bytes(payload).decode("ascii").strip()
        except UnicodeDecodeError:
            return None
    if isinstance(payload, str):
        return payload.strip()
    return None
