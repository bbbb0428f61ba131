"""Read table rows straight from a SQLite file's pages, for the files SQLite itself refuses.

Used only by recovery. A half-copied file (the header promises pages that
are not there), a lost interior page, a shredded schema: SQLite stops at the
first bad page, yet most rows still sit intact on their leaf pages. This
reader walks every page of the main file and of its `-wal` file, decodes each
table-leaf cell (following overflow chains) and yields the row's values,
trusting neither the schema nor the b-tree. What comes out are candidates,
never facts: recovery keeps an event only where the hash chain vouches for it.
Read-only (the file is mapped, never opened for writing). Format reference:
https://www.sqlite.org/fileformat2.html
"""

from __future__ import annotations

import mmap
import struct
from pathlib import Path
from typing import Any, Iterator

_TABLE_LEAF = 0x0D
_WAL_MAGIC = (0x377F0682, 0x377F0683)
_MAX_OVERFLOW = 1 << 16
"""Overflow pages followed for one cell at most (a 256 MB row at 4 KiB pages): a cycle in damaged links ends here."""


class _Bad(Exception):
    """A cell that cannot be decoded: skipped."""


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = 0
    for i in range(8):
        byte = data[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | data[at + 8], at + 9


def _value(kind: int, data: bytes, at: int) -> tuple[Any, int]:
    if kind == 0:
        return None, at
    if 1 <= kind <= 6:
        size = (1, 2, 3, 4, 6, 8)[kind - 1]
        return int.from_bytes(data[at:at + size], "big", signed=True), at + size
    if kind == 7:
        return struct.unpack(">d", data[at:at + 8])[0], at + 8
    if kind in (8, 9):
        return kind - 8, at
    if kind >= 12:
        size = (kind - 12) // 2
        raw = data[at:at + size]
        if len(raw) != size:
            raise _Bad("record runs past its cell")
        return (bytes(raw) if kind % 2 == 0 else raw.decode("utf-8", "replace")), at + size
    raise _Bad(f"reserved serial type {kind}")


def decode_record(payload: bytes) -> list[Any]:
    """Return the column values of one record (SQLite's record format).

    Raises:
        _Bad: if the bytes are not a well-formed record.
    """
    try:
        header, at = _varint(payload, 0)
        kinds = []
        while at < header:
            kind, at = _varint(payload, at)
            kinds.append(kind)
        if at != header or header > len(payload):
            raise _Bad("record header overruns")
        values, at = [], header
        for kind in kinds:
            value, at = _value(kind, payload, at)
            values.append(value)
        return values
    except IndexError:
        raise _Bad("record cut short") from None


class PageFile:
    """The pages of one SQLite file as bytes, the newest `-wal` copy of a page first."""

    def __init__(self, path: str | Path):
        path = Path(path)
        self._handle = path.open("rb")
        size = path.stat().st_size
        self._data = mmap.mmap(self._handle.fileno(), 0, access=mmap.ACCESS_READ) if size else b""
        head = self._data[:100]
        declared = int.from_bytes(head[16:18], "big") if len(head) >= 18 else 0
        self.page_size = 65536 if declared == 1 else declared if declared >= 512 and declared & (declared - 1) == 0 else 4096
        self.usable = self.page_size - (head[20] if len(head) > 20 else 0)
        self.pages_in_file = -(-len(self._data) // self.page_size)
        self._wal: dict[int, bytes] = {}
        self._wal_pages: list[bytes] = []
        self._read_wal(path.with_name(path.name + "-wal"))

    def _read_wal(self, wal: Path) -> None:
        try:
            data = wal.read_bytes()
        except OSError:
            return
        if len(data) < 32 or int.from_bytes(data[:4], "big") not in _WAL_MAGIC:
            return
        size = int.from_bytes(data[8:12], "big") or self.page_size
        at = 32
        while at + 24 + size <= len(data):
            number = int.from_bytes(data[at:at + 4], "big")
            page = data[at + 24:at + 24 + size]
            self._wal[number] = page
            self._wal_pages.append(page)
            at += 24 + size

    def close(self) -> None:
        """Release the file."""
        if isinstance(self._data, mmap.mmap):
            self._data.close()
        self._handle.close()

    def page(self, number: int) -> bytes:
        """Return page `number` (1-based): the newest WAL copy, else the file's bytes (short or empty past the end)."""
        if number in self._wal:
            return self._wal[number]
        return self._data[(number - 1) * self.page_size:number * self.page_size]

    def rows(self) -> Iterator[tuple[int, list[Any]]]:
        """Yield (rowid, values) for every decodable cell on every table-leaf page, file first, then WAL copies."""
        for number in range(1, self.pages_in_file + 1):
            yield from self._leaf_rows(self._data[(number - 1) * self.page_size:number * self.page_size], number == 1)
        for page in self._wal_pages:
            yield from self._leaf_rows(page, False)

    def _leaf_rows(self, page: bytes, first: bool) -> Iterator[tuple[int, list[Any]]]:
        top = 100 if first else 0
        if len(page) <= top + 8 or page[top] != _TABLE_LEAF:
            return
        cells = int.from_bytes(page[top + 3:top + 5], "big")
        for index in range(cells):
            pointer = top + 8 + 2 * index
            try:
                cell = int.from_bytes(page[pointer:pointer + 2], "big")
                if not top + 8 <= cell < len(page):
                    continue
                size, at = _varint(page, cell)
                rowid, at = _varint(page, at)
                yield rowid, decode_record(self._payload(page, at, size))
            except (_Bad, IndexError, struct.error):
                continue

    def _payload(self, page: bytes, at: int, size: int) -> bytes:
        """Return a cell's whole payload: its local bytes, then its overflow pages."""
        usable = self.usable
        most = usable - 35
        if size <= most:
            return page[at:at + size]
        least = (usable - 12) * 32 // 255 - 23
        local = least + (size - least) % (usable - 4)
        if local > most:
            local = least
        parts = [page[at:at + local]]
        have = local
        following = int.from_bytes(page[at + local:at + local + 4], "big")
        seen: set[int] = set()
        while have < size:
            if not following or following in seen or len(seen) > _MAX_OVERFLOW:
                raise _Bad("overflow chain broken")
            seen.add(following)
            overflow = self.page(following)
            if len(overflow) < 4:
                raise _Bad("overflow page missing")
            chunk = overflow[4:4 + min(usable - 4, size - have)]
            parts.append(chunk)
            have += len(chunk)
            following = int.from_bytes(overflow[:4], "big")
        return b"".join(parts)
