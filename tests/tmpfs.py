"""A real small filesystem (tmpfs) for storage-fault tests: a full disk, a read-only period.

Mounting needs root, as in CI; where it is not allowed the test is skipped, never faked.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from pathlib import Path
from typing import Iterator

import pytest


@contextlib.contextmanager
def tmpfs(mount: Path, size: str) -> Iterator[Path]:
    """Mount a tmpfs of `size` (e.g. "2m") at `mount`, yield it, and unmount it (read-write again first)."""
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(mount)], capture_output=True)
        subprocess.run(["umount", str(mount)], check=True)


def fill(path: Path) -> None:
    """Write zeros to `path` until the filesystem is full (the file is left for the caller to delete)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError:
        pass
    finally:
        os.close(fd)
