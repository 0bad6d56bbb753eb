"""The launcher step: what a bundle does first, before Qt or anything else is imported.

``packaging/entry.py`` (the frozen program) calls :func:`start_bundle`, then starts the
window; once the window has painted, :func:`confirm_started` is called. Between the two:

- a staged version (verified and unpacked by ``updates.check``) newer than this one is
  swapped in: the install folder is renamed to ``<name>.previous``, the staged folder
  takes its name, and the same program of the new folder is started in place of this
  process (``os.execv``: the same process id, arguments and terminal);
- the new version counts its starts; one that is started a second time without having
  confirmed the first (it crashed or was killed before its window showed) is rolled back:
  the previous folder is put back and started, and that version is not fetched again;
- :func:`confirm_started` removes the previous folder: the new version has started once
  (its window painted, or it ended in order: ``--version``, a start handed to the open
  window; a crash before either leaves it unconfirmed);
- nothing is swapped while another process of the same bundle runs (an open window
  would read the other version's files): the update waits for a start with none open.

On Windows a folder whose program runs cannot be renamed: there the old copy hands over to
the staged one, which copies itself into place (``updates.handover``).

Nothing here may stop a start: every failure is a log line, and the running version goes on.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from pathlib import Path

from .bundle import Bundle, bundle_version, set_running, version_key
from .workspace import HANDOVER_ENV, claim_in_use, locked, read_state, remove_tree, write_state

log = logging.getLogger("licensedesk.updates")


def start_bundle(
    executable: Path | None = None, argv: list[str] | None = None, handover: bool | None = None
) -> Bundle | None:
    """Run first by a bundle's entry point (``executable``: the program started, default
    the frozen interpreter; a copy that is not frozen is no bundle and returns None).
    May not return: when a staged version is put in place, that version is started in
    place of this process. ``handover``: swap as on Windows (``updates.handover``; the
    default there). Returns the running bundle."""
    if executable is None:
        if not getattr(sys, "frozen", False):
            return None
        executable = Path(sys.executable)
    argv = sys.argv if argv is None else argv
    bundle = Bundle.of(Path(os.path.abspath(executable)))
    install = os.environ.pop(HANDOVER_ENV, None)
    if install:
        _take_over(Path(install), bundle, argv)  # does not return
    set_running(bundle)
    if not bundle.workspace.is_dir():
        return bundle  # never checked, nothing waits: one stat
    try:
        if not claim_in_use(bundle.workspace):
            log.info("another window of this copy is open: an update waits for the next start")
            return bundle
        action = _settle(bundle, os.name == "nt" if handover is None else handover)
    except Exception:  # a start must never fail for the updater
        log.exception("the update step at start failed; this version goes on")
        return bundle
    if action is not None:
        how, program = action
        if how == "exec":
            os.execv(program, [str(program), *argv[1:]])
        from .handover import start_program

        start_program(program, argv, install=bundle.root)
        raise SystemExit(0)  # the staged copy takes over once this process has ended
    return bundle


def _take_over(install: Path, me: Bundle, argv: list[str]) -> None:
    """The staged copy, started by the old one: take the install folder's place, start
    the version now there, end. On failure the old version is started, and the staged
    version is given up (else the old one would hand over again, and again)."""
    from .handover import start_program, take_over

    program = me.executable_in(install)
    try:
        program = take_over(install, me)
    except Exception:
        log.exception("version %s could not take the place of %s", me.version, install)
        with contextlib.suppress(OSError):  # the old version starts; its next check decides
            write_state(install.parent / f"{install.name}.updates", {})
    start_program(program, argv)
    raise SystemExit(0)


def _settle(bundle: Bundle, handover: bool) -> tuple[str, Path] | None:
    """Apply, count or roll back under the lock; returns how to start which program
    instead of this one (``exec`` in place, or ``handover``), or None to go on."""
    with locked(bundle.workspace) as mine:
        if not mine:
            return None  # another start of this bundle is at it
        state = read_state(bundle.workspace)
        applied = state.get("applied")
        if isinstance(applied, str):
            program = _count_start(bundle, state, applied)
            return None if program is None else ("exec", program)
        staged = state.get("staged")
        if isinstance(staged, str) and bundle.staged.is_dir():
            if not _newer(bundle, staged):
                return None
            if handover:
                write_state(bundle.workspace, {"staged": staged, "from": bundle.version})
                return "handover", bundle.executable_in(bundle.staged)
            program = _apply(bundle, staged)
            return None if program is None else ("exec", program)
        failed = bundle.workspace / "failed"
        if failed.exists():
            remove_tree(failed)
    return None


def _count_start(bundle: Bundle, state: dict[str, object], applied: str) -> Path | None:
    if version_key(applied) != version_key(bundle.version):
        return None  # another copy (the previous folder started by hand): leave it
    starts = state.get("starts")
    starts = (starts if isinstance(starts, int) else 0) + 1
    if starts >= 2 and bundle.previous.is_dir():
        return _roll_back(bundle, applied, state.get("from"))
    write_state(bundle.workspace, {**state, "starts": starts})
    with contextlib.suppress(OSError):  # else removed by the confirmation
        remove_tree(bundle.staged)  # what a hand-over copied from (its program may still end)
    return None


def _newer(bundle: Bundle, staged: str) -> bool:
    """Whether the staged folder holds ``staged`` and it is newer than this version; a
    staged folder that is not is removed."""
    new_key, old_key = version_key(staged), version_key(bundle.version)
    found = bundle_version(bundle.staged)
    if new_key is None or version_key(found or "") != new_key or (old_key and new_key <= old_key):
        log.info("staged version %s is not newer than %s: removed", staged, bundle.version)
        remove_tree(bundle.staged)
        write_state(bundle.workspace, {})
        return False
    return True


def _apply(bundle: Bundle, staged: str) -> Path | None:
    """Swap the staged version in; returns its program, or None (the swap failed: the
    running version goes on, and the version stays staged)."""
    remove_tree(bundle.previous)  # an older one, if its removal failed before
    try:
        bundle.root.rename(bundle.previous)
    except OSError as exc:
        log.warning(
            "version %s could not be put in place (%s); version %s goes on",
            staged,
            exc.strerror,
            bundle.version,
        )
        return None
    try:
        bundle.staged.rename(bundle.root)
    except OSError as exc:
        bundle.previous.rename(bundle.root)
        log.warning("version %s could not be put in place (%s)", staged, exc.strerror)
        return None
    write_state(bundle.workspace, {"applied": staged, "from": bundle.version, "starts": 0})
    log.info("version %s put in place of %s; starting it", staged, bundle.version)
    return bundle.executable


def _roll_back(bundle: Bundle, applied: str, previous: object) -> Path | None:
    """The new version was started before and never confirmed: put the previous back."""
    failed = bundle.workspace / "failed"
    remove_tree(failed)
    bundle.root.rename(failed)
    bundle.previous.rename(bundle.root)
    write_state(bundle.workspace, {"failed": applied})
    log.warning("version %s did not finish its first start: version %s is back", applied, previous)
    return bundle.executable


def confirm_started(bundle: Bundle | None = None) -> bool:
    """The new version has started once: the previous folder is removed. Called once the
    window has painted (and by anything else that starts a bundle). True when a previous
    version was removed now."""
    from .bundle import running_bundle

    bundle = bundle or running_bundle()
    if bundle is None or not bundle.workspace.is_dir():
        return False
    try:
        with locked(bundle.workspace) as mine:
            state = read_state(bundle.workspace)
            applied = state.get("applied")
            if not mine or not isinstance(applied, str):
                return False
            if version_key(applied) != version_key(bundle.version):
                return False
            remove_tree(bundle.previous)
            remove_tree(bundle.staged)
            write_state(bundle.workspace, {})
    except OSError as exc:
        log.warning("the previous version could not be removed: %s", exc)
        return False
    log.info("version %s started; the previous version %s was removed", applied, state.get("from"))
    return True
