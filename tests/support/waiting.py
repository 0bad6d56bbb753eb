"""Waiting on what another process or thread does, where no signal announces it.

A test that needs another process to write a file or a log line, or a server thread to
count a connection, waits on that condition here: it is checked every few milliseconds
until it holds, and the wait fails with a sentence when the time is up or when the
process it watches ended first. The pause between checks is the poll, never a guess of
how long the work takes.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable

#: seconds between two checks of the condition
POLL = 0.005


def wait_for(
    condition: Callable[[], object],
    *,
    timeout: float = 60.0,
    what: str = "condition",
    proc: subprocess.Popen | None = None,
    details: Callable[[], str] | None = None,
) -> None:
    """Until ``condition()`` is true; fails when ``timeout`` seconds pass first, or when
    ``proc`` (the process expected to make it true) has ended. ``details`` says more in
    the failure (a log file's text); by default what ``proc`` wrote to its stderr pipe."""
    deadline = time.monotonic() + timeout
    while not condition():
        if proc is not None and proc.poll() is not None:
            raise AssertionError(
                f"{what}: the process ended first (exit {proc.returncode})\n"
                f"{_details(proc, details)}"
            )
        if time.monotonic() >= deadline:
            raise AssertionError(f"no {what} within {timeout:g} s\n{_details(proc, details)}")
        time.sleep(POLL)


def _details(proc: subprocess.Popen | None, details: Callable[[], str] | None) -> str:
    if details is not None:
        return details()
    if proc is not None and proc.stderr is not None and proc.poll() is not None:
        return str(proc.communicate()[1])
    return ""


def default_sigint(argv: list[str]) -> list[str]:
    """``argv`` started with SIGINT at its default disposition, as in a terminal: a suite run
    as a background job inherits SIGINT ignored, and Python then installs no Ctrl+C
    handler in the child. The small launcher resets it and execs ``argv`` (a reset
    disposition survives exec; a handler would not)."""
    launcher = (
        "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
        "os.execv(sys.argv[1], sys.argv[1:])"
    )
    return [sys.executable, "-c", launcher, *argv]
