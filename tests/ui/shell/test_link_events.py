"""macOS's branch of the ``licensedesk://`` scheme, run here: macOS hands a clicked link
to the app as a ``QFileOpenEvent`` (not on the command line), at launch or while it runs.
The real program in a child process, with macOS's branch switched on (this OS among
``EVENT_PLATFORMS``), gets the event Qt would make of the Apple Event, and must look the
link's serial up, whether the event comes before its desk is built or after.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

from licensedesk.ui.shell.link_events import LinkEvents, watch_links

from .app_env import app_env, app_log

SERIAL = "L89U-P6Z8-MZ6Z-MABG-Q3RR"  # the demo's subscription_active

# In the child: the link event at the window's first show (before the desk is built) or
# once the demo service listens (a running window); then the window closes after the
# lookup has been logged.
DRIVER = """
import os, sys
from pathlib import Path
from PySide6.QtCore import QTimer, QUrl
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication
import licensedesk.ui.shell.link_events as link_events
import licensedesk.ui.shell.main_window as main_window
from licensedesk.__main__ import main

link_events.EVENT_PLATFORMS = frozenset({sys.platform})  # macOS's branch, here

when, link = sys.argv[1], sys.argv[2]
log = Path(os.environ["LICENSEDESK_LOG_DIR"], "licensedesk.log")
show = main_window.MainWindow.show

def send():
    QApplication.postEvent(QApplication.instance(), QFileOpenEvent(QUrl(link)))

def logged(text):
    return log.exists() and text in log.read_text()

def watch(window, sent):
    if not sent and logged("demo sandbox listening"):
        send()
        sent = True
    if logged("show-license/"):
        window.close()
        return
    QTimer.singleShot(20, lambda: watch(window, sent))

def show_and_watch(window):
    first = not window.isVisible()  # the window shows itself again for a link
    show(window)
    if first:
        if when == "at-launch":
            send()
        watch(window, when == "at-launch")

main_window.MainWindow.show = show_and_watch
sys.exit(main(["--demo"]))
"""


@pytest.mark.parametrize("when", ["at-launch", "while-running"])
def test_a_link_event_looks_its_serial_up(tmp_path, when):
    proc = subprocess.Popen(
        [sys.executable, "-c", DRIVER, when, f"licensedesk://lookup/{SERIAL}"],
        env=app_env(tmp_path),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    text = app_log(tmp_path).read_text()
    assert f"GET /v2/licenses/show-license/{SERIAL}" in text, text


def test_only_licensedesk_links_are_taken(qapp, qtbot):
    links = LinkEvents(qapp)
    received: list[str] = []
    links.received.connect(received.append)
    try:
        QApplication.sendEvent(qapp, QFileOpenEvent(QUrl("LicenseDesk://lookup/AB-CD")))
        QApplication.sendEvent(qapp, QFileOpenEvent(Path("/tmp/report.csv").as_posix()))
        assert received == ["licensedesk://lookup/AB-CD"]
    finally:
        qapp.removeEventFilter(links)
        links.deleteLater()


def test_the_filter_is_installed_only_where_links_come_as_events(qapp):
    assert watch_links(qapp, print, "linux") is None
    assert watch_links(qapp, print, "win32") is None
    links = watch_links(qapp, print, "darwin")
    try:
        assert isinstance(links, LinkEvents)
    finally:
        qapp.removeEventFilter(links)
        links.deleteLater()
