"""The swap where a running program's folder cannot be renamed (Windows): handed over.

On Linux and macOS the start step renames the install folder under the running copy and
starts the new one in its place (``updates.start``). Windows refuses to rename a folder
whose program or libraries are in use, so there the old copy hands over instead:

1. the old copy starts the *staged* copy's program, naming the install folder in
   ``LICENSEDESK_UPDATE_HANDOVER``, and ends;
2. the staged copy, running from ``<name>.updates/staged``, waits until the install folder
   can be renamed (the old copy has ended), renames it to ``<name>.previous`` and copies
   itself into its place (it cannot rename the folder it runs from), then starts the
   install folder's program and ends;
3. that program is the new version, started from the install folder as usual; its first
   confirmed start removes the previous folder and the staged copy.

The same code runs on every platform when asked for (``start_bundle(handover=True)``),
which is how it is tested here.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

from .bundle import Bundle, version_key
from .workspace import HANDOVER_ENV, locked, read_state, remove_tree, write_state

log = logging.getLogger("licensedesk.updates")

#: how long the staged copy waits for the old copy to end (it ends right after starting it)
WAIT_FOR_OLD_S = 30.0


def start_program(program: Path, argv: list[str], install: Path | None = None) -> None:
    """Start ``program`` with the arguments of this start (and, for the staged copy, the
    install folder to take over), not waiting for it."""
    env = dict(os.environ)
    env.pop(HANDOVER_ENV, None)
    if install is not None:
        env[HANDOVER_ENV] = str(install)
    subprocess.Popen([str(program), *argv[1:]], env=env, close_fds=True)


def take_over(install: Path, me: Bundle) -> Path:
    """Run by the staged copy ``me``: put a copy of it in place of ``install``; returns the
    program to start (the new version's, or the old one's when the copy failed)."""
    target = Bundle(install, me.executable_in(install), me.version)
    if me.root != target.staged:
        raise ValueError(f"{me.root} is not the staged copy of {install}")
    with locked(target.workspace, wait=WAIT_FOR_OLD_S) as mine:
        if not mine:
            raise TimeoutError("the update's lock stayed taken")
        state = read_state(target.workspace)
        if version_key(str(state.get("staged", ""))) != version_key(me.version):
            raise ValueError(f"version {me.version} is not the staged one ({state})")
        remove_tree(target.previous)
        _rename_when_free(install, target.previous)
        try:
            shutil.copytree(me.root, install, symlinks=True)
        except OSError as exc:
            log.warning("version %s could not be copied into place (%s)", me.version, exc)
            remove_tree(install)
            target.previous.rename(install)
            return target.executable
        write_state(
            target.workspace, {"applied": me.version, "from": state.get("from"), "starts": 0}
        )
    log.info("version %s copied into place; starting it", me.version)
    return target.executable


def _rename_when_free(folder: Path, to: Path) -> None:
    """Rename once no program runs from ``folder`` (at once where the OS allows it)."""
    deadline = time.monotonic() + WAIT_FOR_OLD_S
    while True:
        try:
            folder.rename(to)
            return
        except PermissionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)  # the old copy is still ending
