"""Ctrl+C in the terminal and SIGTERM close the window as its close button does.

Python runs a signal handler only when the interpreter gets control, and
while Qt's loop waits in C++ it never does: Ctrl+C was ignored and SIGTERM
killed the process without stopping the demo sandbox or removing its
temporary database. ``signal.set_wakeup_fd`` makes the C-level handler write
a byte to a socket that a QSocketNotifier watches, so the loop wakes up, the
Python handler runs, and the window closes: ``aboutToQuit`` then saves the
window, closes the clients and stops the sandbox, as on File → Quit.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import socket
from collections.abc import Callable

from PySide6.QtCore import QObject, QSocketNotifier, QTimer

log = logging.getLogger(__name__)

SIGNALS = tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM") if hasattr(signal, n))


class SignalQuit(QObject):
    """While alive, SIGINT and SIGTERM call ``close`` once, from the Qt loop."""

    def __init__(self, close: Callable[[], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._close = close
        self._closing = False
        self._read, self._write = socket.socketpair()
        for sock in (self._read, self._write):
            sock.setblocking(False)
        self._previous_fd = signal.set_wakeup_fd(self._write.fileno())
        self._notifier = QSocketNotifier(self._read.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._drain)
        for signum in SIGNALS:
            signal.signal(signum, self._handle)

    def _drain(self) -> None:
        """Wakes the interpreter: the pending Python handler runs right after this."""
        with contextlib.suppress(OSError):  # nothing to read: woken already
            self._read.recv(512)

    def _handle(self, signum: int, _frame) -> None:
        if self._closing:
            return
        self._closing = True
        log.info("%s received: closing the window", signal.Signals(signum).name)
        QTimer.singleShot(0, self._close)
