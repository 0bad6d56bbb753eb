"""A lock file that serialises the writers of one settings file across processes.

The window and the command line (or two ``profile add`` at once) each read the
file, change one entry and write it back: without a lock the second writer
would put back what it read before the first one wrote, and a profile would be
lost. The lock is the OS's own advisory lock on ``<file>.lock`` (``flock`` on
POSIX, ``msvcrt.locking`` on Windows), released by the OS when a process dies.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

__all__ = ["LockTimeout", "locked"]

_POLL = 0.02


class LockTimeout(OSError):
    """Another program held the lock for longer than the caller would wait."""


def _try_lock(fd: int) -> bool:
    if os.name == "nt":  # pragma: no cover - Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(fd: int) -> None:
    if os.name == "nt":  # pragma: no cover - Windows
        import msvcrt

        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_UN)


@contextlib.contextmanager
def locked(path: Path, timeout: float = 10.0) -> Iterator[None]:
    """Hold ``path`` (created if missing; its folder must exist) for the block; LockTimeout
    after ``timeout`` seconds of another holder. A wait on a lock held by another process
    has no event to wait for, so it tries again every few milliseconds."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        give_up = time.monotonic() + timeout
        while not _try_lock(fd):
            if time.monotonic() >= give_up:
                raise LockTimeout(f"{path} is held by another program")
            time.sleep(_POLL)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)
