"""Ctrl+C in the terminal and SIGTERM close the window as its close button does,
from the first moment of the start-up on.

Python runs a signal handler only when the interpreter gets control, and
while Qt's loop waits in C++ it never does: Ctrl+C was ignored and SIGTERM
killed the process without stopping the demo sandbox or removing its
temporary database. ``signal.set_wakeup_fd`` makes the C-level handler write
a byte to a pipe that a QSocketNotifier watches, so the loop wakes up, the
Python handler runs, and the window closes: ``aboutToQuit`` then saves the
window, closes the clients and stops the sandbox, as on File → Quit.

Start-up is covered too: ``licensedesk.__main__.record_early_signals`` runs
before Qt is imported and only notes a signal (a KeyboardInterrupt inside an
import or a Qt slot left a traceback, an abort, or a window that no longer quit);
SignalQuit takes over once the QApplication exists, before the window is shown,
and acts on what was noted. A pipe, not a socket pair, on POSIX: importing
``socket`` before the first paint cost time.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable

from PySide6.QtCore import QObject, QSocketNotifier, QTimer

log = logging.getLogger(__name__)

SIGNALS = tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM") if hasattr(signal, n))


def _wakeup_pair() -> tuple[Callable[[], object], int, int, object]:
    """(read some, read fd, write fd, what keeps them open) of a non-blocking pipe; a
    socket pair on Windows, where set_wakeup_fd takes sockets only. Open for the life of
    the process, like the handlers."""
    if sys.platform == "win32":
        import socket

        reader, writer = socket.socketpair()
        for sock in (reader, writer):
            sock.setblocking(False)
        return lambda: reader.recv(512), reader.fileno(), writer.fileno(), (reader, writer)
    read_fd, write_fd = os.pipe()
    for fd in (read_fd, write_fd):
        os.set_blocking(fd, False)
    return lambda: os.read(read_fd, 512), read_fd, write_fd, None


class SignalQuit(QObject):
    """While alive, SIGINT and SIGTERM call ``close`` once, from the Qt loop; a signal
    noted before (``earlier``, from ``record_early_signals``) does so at once."""

    def __init__(
        self,
        close: Callable[[], object],
        parent: QObject | None = None,
        earlier: list[int] | None = None,
    ) -> None:
        super().__init__(parent)
        self._close = close
        self.received: int | None = None
        self._read_some, read_fd, write_fd, self._keep = _wakeup_pair()
        signal.set_wakeup_fd(write_fd)
        self._notifier = QSocketNotifier(read_fd, QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._drain)
        for signum in SIGNALS:
            signal.signal(signum, self._handle)
        if earlier:  # after our handlers are in place: nothing falls between the two
            self._handle(earlier[0], None)

    def _drain(self) -> None:
        """Wakes the interpreter: the pending Python handler runs right after this."""
        with contextlib.suppress(OSError):  # nothing to read: woken already
            self._read_some()

    def _handle(self, signum: int, _frame) -> None:
        if self.received is not None:
            return
        self.received = signum
        log.info("%s received: closing the window", signal.Signals(signum).name)
        QTimer.singleShot(0, self._close)
