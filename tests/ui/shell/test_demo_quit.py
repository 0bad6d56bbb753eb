"""``licensedesk --demo`` leaves nothing in the temporary folder, however it ends
(issue #13): SIGTERM or Ctrl+C during start-up (Qt loaded, before the first paint),
SIGTERM while the demo service is being created, the window closed, File → Quit.
(SIGTERM and Ctrl+C once it runs: ``test_application.py``.)

Each case is the real program in a child process, with TMPDIR, HOME and the XDG
folders of its own; the test waits for a moment in its life (Qt's library mapped, the
demo folder created, the service listening), acts, and looks at what is left.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from licensedesk.temp_folders import LOCK_NAME

from ...support.waiting import wait_for
from .app_env import app_env, app_log

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="watches the child through /proc"
)

# In the child: close the window, or trigger File → Quit, once the demo service listens.
DRIVER = """
import os, sys
from pathlib import Path
from PySide6.QtCore import QTimer
import licensedesk.ui.shell.main_window as main_window
from licensedesk.__main__ import main

how = sys.argv[1]
log = Path(os.environ["LICENSEDESK_LOG_DIR"], "licensedesk.log")
show = main_window.MainWindow.show

def when_demo_listens(window):
    if log.exists() and "demo sandbox listening" in log.read_text():
        window.close() if how == "close" else window.registry["quit"].trigger()
    else:
        QTimer.singleShot(20, lambda: when_demo_listens(window))

def show_and_watch(window):
    show(window)
    when_demo_listens(window)

main_window.MainWindow.show = show_and_watch
sys.exit(main(["--demo"]))
"""


def _start(root: Path, *argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, *argv],
        env=app_env(root),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _qt_loaded(proc: subprocess.Popen[str]) -> bool:
    """Qt's GUI library is mapped: the child is past its imports, not yet painted."""
    try:
        return "libQt6Gui" in Path(f"/proc/{proc.pid}/maps").read_text()
    except OSError:
        return False


def _demo_folder_made(root: Path) -> bool:
    return any((root / "tmp").glob("licensedesk-demo-*"))


def _ends_cleanly(proc: subprocess.Popen[str], root: Path) -> None:
    try:
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "Fatal Python error" not in err, err
    assert sorted(p.name for p in (root / "tmp").rglob("*")) == []  # nothing left behind


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "ctrl-c"])
def test_a_signal_during_start_up_ends_it_cleanly(tmp_path, signum):
    """Before the first paint no handler ran in Python: SIGTERM killed the process and
    Ctrl+C raised KeyboardInterrupt inside Qt (a traceback, an abort, or a window that
    no longer quit and kept its demo database)."""
    proc = _start(tmp_path, "-m", "licensedesk", "--demo")
    wait_for(lambda: _qt_loaded(proc), what="Qt loaded", proc=proc)
    proc.send_signal(signum)
    _ends_cleanly(proc, tmp_path)


def test_sigterm_while_the_demo_service_is_being_created_leaves_nothing(tmp_path):
    proc = _start(tmp_path, "-m", "licensedesk", "--demo")
    wait_for(lambda: _demo_folder_made(tmp_path), what="demo folder", proc=proc)
    proc.send_signal(signal.SIGTERM)
    _ends_cleanly(proc, tmp_path)


@pytest.mark.parametrize("how", ["close", "quit"], ids=["window-closed", "file-quit"])
def test_closing_the_window_or_quitting_leaves_nothing(tmp_path, how):
    proc = _start(tmp_path, "-c", DRIVER, how)
    _ends_cleanly(proc, tmp_path)
    log = app_log(tmp_path).read_text()
    assert "demo sandbox listening" in log and "demo sandbox stopped" in log


def _folders(root: Path) -> set[str]:
    return {p.name for p in (root / "tmp").glob("licensedesk-demo-*")}


def _demo_running(root: Path, before: set[str]) -> bool:
    """Both folders of a new demo are there and locked: its service's (with the database)
    and its history of the session's. (A folder killed before its lock file was made is
    left for an hour: see licensedesk.temp_folders.)"""
    new = [root / "tmp" / n for n in _folders(root) - before]
    locked = [p for p in new if (p / LOCK_NAME).exists()]
    return any((p / "demo.sqlite3").exists() for p in locked) and any(
        p.name.startswith("licensedesk-demo-history-") for p in locked
    )


def test_a_killed_demo_is_cleaned_up_by_the_next_start_and_a_running_one_is_not(tmp_path):
    """SIGKILL runs no handler: the demo's folders stay until the next demo starts, which
    removes them; a demo still running keeps its own (its lock is held)."""
    killed = _start(tmp_path, "-m", "licensedesk", "--demo")
    wait_for(lambda: _demo_running(tmp_path, set()), what="the first demo", proc=killed)
    left = _folders(tmp_path)
    killed.kill()
    killed.communicate(timeout=30)
    assert _folders(tmp_path) == left and len(left) == 2  # the kill left them behind

    running = _start(tmp_path, "-m", "licensedesk", "--demo")
    try:
        # bounds, not pauses: a second Qt process on a loaded 2-core machine took over 60 s
        wait_for(
            lambda: not (_folders(tmp_path) & left),
            what="the killed demo's folders removed",
            proc=running,
            timeout=180,
        )
        wait_for(
            lambda: _demo_running(tmp_path, left), what="the second demo", proc=running, timeout=180
        )
        in_use = _folders(tmp_path)
        another = _start(tmp_path, "-c", DRIVER, "quit")  # starts, cleans up, quits
        try:
            _out, err = another.communicate(timeout=60)
        finally:
            if another.poll() is None:
                another.kill()
        assert another.returncode == 0, err
        assert _folders(tmp_path) == in_use  # the running demo's folders are kept
    finally:
        running.send_signal(signal.SIGTERM)
    _ends_cleanly(running, tmp_path)  # and it leaves nothing: the temporary folder is empty
