"""Temporary folders of the demo that a killed process cannot leave behind for good.

The demo keeps its database and its history of the session in folders under the
system's temporary folder, removed on quit. A process killed outright (SIGKILL, a
power cut) removes nothing, so each folder holds a lock file that its process keeps
locked while it lives (an OS file lock: the OS releases it when the process ends,
however it ends). The next start removes every such folder whose lock nobody holds.
A folder without its lock file is one whose process was killed in the instant between
making it and locking it (or one of a version before this rule): it goes once it is
an hour old, so that a folder another process is just making is never touched.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

__all__ = ["DEMO_PREFIX", "OwnedFolder", "remove_abandoned"]

#: every demo folder's name starts so (the service's and the history's)
DEMO_PREFIX = "licensedesk-demo-"
LOCK_NAME = ".in-use.lock"
#: how old a folder without a lock file must be before it is taken as abandoned
UNLOCKED_GRACE = 3600.0


def _lock(path: Path) -> Any:
    from filelock import FileLock  # only a demo pays for the import

    return FileLock(path / LOCK_NAME)


class OwnedFolder:
    """A new temporary folder, locked by this process until :meth:`remove`."""

    def __init__(self, prefix: str) -> None:
        from filelock import FileLock  # before the folder exists: its first import is slow

        self.path = Path(tempfile.mkdtemp(prefix=prefix))
        self._lock = FileLock(self.path / LOCK_NAME)
        self._lock.acquire(timeout=0)

    def remove(self) -> None:
        """Remove the folder and everything in it (idempotent)."""
        if self._lock.is_locked:
            self._lock.release()
        shutil.rmtree(self.path, ignore_errors=True)


def remove_abandoned(prefix: str = DEMO_PREFIX, folder: Path | None = None) -> list[Path]:
    """Remove the folders named ``prefix…`` whose process is gone; returns them."""
    from filelock import Timeout

    removed = []
    for path in Path(folder or tempfile.gettempdir()).glob(prefix + "*"):
        if not path.is_dir() or path.is_symlink():
            continue
        if not (path / LOCK_NAME).exists():
            if _age(path) > UNLOCKED_GRACE:
                shutil.rmtree(path, ignore_errors=True)
                removed.append(path)
            continue
        lock = _lock(path)
        try:
            lock.acquire(timeout=0)
        except (Timeout, OSError):  # its process lives, or it is not ours to take
            continue
        try:
            shutil.rmtree(path, ignore_errors=True)
        finally:
            lock.release()
        removed.append(path)
    if removed:
        log.info(
            "removed %d folder(s) left by a demo that was killed: %s",
            len(removed),
            ", ".join(p.name for p in removed),
        )
    return removed


def _age(path: Path) -> float:
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return 0.0
