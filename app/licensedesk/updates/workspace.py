"""The updater's record beside a bundle (``<name>.updates/state.json``) and its lock.

``state.json`` says what waits or happened: ``{"staged": "1.1"}`` once a verified
version is unpacked and waits for the next start; ``{"applied": "1.1", "from": "1.0",
"starts": 1}`` after the swap, until the new version has started once; ``{"failed":
"1.1"}`` after a version that could not start was rolled back (it is not fetched again).
"""

from __future__ import annotations

from pathlib import Path

# json, shutil and filelock are imported where they are used: the start step reads this
# module before the window exists, and most starts have nothing to do

STATE_FILE = "state.json"
#: names the install folder to the staged copy that takes its place (``updates.handover``)
HANDOVER_ENV = "LICENSEDESK_UPDATE_HANDOVER"


def read_state(workspace: Path) -> dict[str, object]:
    """The record, or ``{}`` when there is none or it cannot be read."""
    import json

    try:
        data = json.loads((workspace / STATE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_state(workspace: Path, state: dict[str, object]) -> None:
    """Replace the record whole (raises OSError)."""
    import json

    from licensedesk.paths import replace_file

    replace_file(workspace / STATE_FILE, json.dumps(state, sort_keys=True) + "\n")


class locked:  # lower case: read as a function, ``with locked(folder) as mine:``
    """``with locked(workspace) as mine``: ``mine`` is True while this process alone works
    in ``workspace`` (a check and a start of another window may run at once), False when
    another holds it for longer than ``wait`` seconds: then do nothing."""

    def __init__(self, workspace: Path, wait: float = 0) -> None:
        from filelock import FileLock

        self._lock = FileLock(str(workspace / "lock"))
        self._wait = wait
        self._mine = False

    def __enter__(self) -> bool:
        from filelock import Timeout

        try:
            self._lock.acquire(timeout=self._wait)
        except Timeout:
            return False
        self._mine = True
        return True

    def __exit__(self, *exc: object) -> None:
        if self._mine:
            self._mine = False
            self._lock.release()


_in_use: dict[Path, object] = {}


def claim_in_use(workspace: Path) -> bool:
    """Mark the bundle as in use by this process, for as long as it runs (a lock the OS
    drops when the process ends or replaces itself). False when another process of the
    same bundle holds it: a window of it is open, and its folder must not be swapped
    under it (its later imports would read the other version's files)."""
    if workspace in _in_use:
        return True
    from filelock import FileLock, Timeout

    lock = FileLock(str(workspace / "in-use"))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        return False
    except OSError:
        return True  # a read-only workspace: nothing here can be swapped anyway
    _in_use[workspace] = lock
    return True


def remove_tree(path: Path) -> None:
    """Remove a folder the updater made (a symlink is unlinked, never followed)."""
    import shutil

    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.exists():
        shutil.rmtree(path)
