"""The updater's record beside a bundle (``<name>.updates/state.json``) and its lock.

``state.json`` says what waits or happened: ``{"staged": "1.1"}`` once a verified
version is unpacked and waits for the next start; ``{"applied": "1.1", "from": "1.0",
"starts": 1}`` after the swap, until the new version has started once; ``{"failed":
"1.1"}`` after a version that could not start was rolled back (it is not fetched again).
"""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

from licensedesk.paths import replace_file

STATE_FILE = "state.json"
#: names the install folder to the staged copy that takes its place (``updates.handover``)
HANDOVER_ENV = "LICENSEDESK_UPDATE_HANDOVER"


def read_state(workspace: Path) -> dict[str, object]:
    """The record, or ``{}`` when there is none or it cannot be read."""
    try:
        data = json.loads((workspace / STATE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_state(workspace: Path, state: dict[str, object]) -> None:
    """Replace the record whole (raises OSError)."""
    replace_file(workspace / STATE_FILE, json.dumps(state, sort_keys=True) + "\n")


@contextlib.contextmanager
def locked(workspace: Path, wait: float = 0) -> Iterator[bool]:
    """Yields True while this process alone works in ``workspace`` (a check and a start
    of another window may run at once), False when another holds it for longer than
    ``wait`` seconds: then do nothing."""
    from filelock import FileLock, Timeout

    lock = FileLock(str(workspace / "lock"))
    try:
        lock.acquire(timeout=wait)
    except Timeout:
        yield False
        return
    try:
        yield True
    finally:
        lock.release()


def remove_tree(path: Path) -> None:
    """Remove a folder the updater made (a symlink is unlinked, never followed)."""
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.exists():
        shutil.rmtree(path)
