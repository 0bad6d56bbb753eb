"""One window per user: a second ``licensedesk`` hands its serial to the window already open.

A start first asks the running window, if there is one, over a local socket
(:func:`hand_over`) to open its serial, or (nothing given) just to come to the front,
and exits once it answers; otherwise it builds its own window, which, once painted,
listens for the starts after it (:class:`InstanceServer`). The running window raises
itself (:func:`bring_to_front`) and opens the serial as if it had been given on its
own command line (``open_target``).

The channel (:func:`server_name`) is per user and per config folder, so two users, a
test's private config folder and a portable copy never meet; ``--demo`` has its own,
so a demo neither hands over to nor takes over from a real window. On Linux and macOS
it is a Unix socket at a full path, in ``$XDG_RUNTIME_DIR`` (private to the user) when
set, else in the temp folder (``$TMPDIR``, ``/tmp``; the socket is made readable by its
user only, and a socket of another user there is never spoken to). On Windows it is a
named pipe named after the user. A socket file left by a window that crashed does not
block the next one: the next window to listen removes it (:meth:`InstanceServer.listen`).

Protocol: the client writes one line of UTF-8 JSON, ``{"open": "SERIAL"}`` or
``{"open": null}``, and the server answers ``ok``. A client without that answer within
:data:`ANSWER_TIMEOUT_MS` (a window that hangs) starts its own window. Whatever else the
server reads (not JSON, another shape, more than :data:`MAX_REQUEST` bytes, no whole line
within :data:`REQUEST_TIMEOUT_MS`) it drops, logged, without an answer. The server only
reacts to signals: nothing waits on the UI thread.

Cheap for the first paint: without a socket file (the usual start: no window open) the
check is one ``stat`` and imports nothing; QtNetwork (slow to import) is imported only
when there is someone to ask, and by the server after the window is built.
"""

from __future__ import annotations

import os
import stat
import zlib
from collections.abc import Callable, Mapping

from PySide6.QtCore import QObject, QTimer, Signal  # not Qt: its first use makes 93 enums


class _Log:
    """``logging.getLogger(__name__)``, imported on first use: a plain start reaches this
    module before its first paint, and importing logging takes time there."""

    def __getattr__(self, name: str):
        import logging

        return getattr(logging.getLogger(__name__), name)


log = _Log()

#: how long a start waits for the running window's "ok" before it opens its own (ms)
ANSWER_TIMEOUT_MS = 1500
#: the longest request the server reads (a serial is ~25 characters)
MAX_REQUEST = 4096
#: how long a connection may take to send its line before the server drops it (ms)
REQUEST_TIMEOUT_MS = 5000
#: the answer to a request taken
ANSWER = b"ok"
#: the longest socket path used: ``sun_path`` holds 108 bytes on Linux, 104 on macOS
MAX_SOCKET_PATH = 100


def server_name(
    demo: bool = False, *, system: str = os.name, environ: Mapping[str, str] = os.environ
) -> str:
    """The channel of this user, config folder and mode (``--demo`` or not): a full
    socket path on Linux and macOS, a pipe name on Windows (``system`` as ``os.name``
    says it: "nt"; the user is Windows' ``USERNAME``, elsewhere the user id). macOS gives
    each user a private ``$TMPDIR`` under ``/var/folders``, usually short enough for a
    socket path; when a folder would make the path too long the next one is taken.
    Cheap: no Qt, no hashlib."""
    from licensedesk.paths import config_dir

    user = environ.get("USERNAME", "") if system == "nt" else str(os.getuid())
    key = f"{user}\0{os.path.abspath(config_dir())}".encode("utf-8", "surrogateescape")
    base = f"licensedesk-{zlib.crc32(key):08x}" + ("-demo" if demo else "")
    if system == "nt":
        return base
    runtime = environ.get("XDG_RUNTIME_DIR", "")
    for folder in (runtime, environ.get("TMPDIR", ""), "/tmp"):
        path = os.path.join(folder, f"{base}.sock")
        if folder and os.path.isdir(folder) and len(path.encode()) <= MAX_SOCKET_PATH:
            return path
    return os.path.join("/tmp", f"{base}.sock")


def _someone_may_listen(name: str) -> bool:
    """Whether ``name`` may have a window behind it: on Unix, a socket file of this user
    (another user's file in the temp folder is never spoken to); on Windows, always."""
    if os.name == "nt":
        return True
    try:
        found = os.stat(name)
    except OSError:
        return False
    return stat.S_ISSOCK(found.st_mode) and found.st_uid == os.getuid()


def encode_request(serial: str | None) -> bytes:
    """The request line: one line of UTF-8 JSON (``json`` escapes any newline)."""
    import json

    return json.dumps({"open": serial or None}, ensure_ascii=False).encode("utf-8") + b"\n"


def decode_request(line: bytes) -> tuple[bool, str | None]:
    """``(True, serial or None)`` for a valid request line, ``(False, None)`` for anything
    else: not UTF-8 JSON, not ``{"open": …}``, a value that is neither text nor null, or
    text with control characters (a serial is pasted text; the box checks the rest)."""
    import json

    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return False, None
    if not isinstance(message, dict) or "open" not in message:
        return False, None
    value = message["open"]
    if value is None:
        return True, None
    if not isinstance(value, str) or not value.isprintable():
        return False, None
    return True, value or None


def hand_over(name: str, serial: str | None, timeout_ms: int = ANSWER_TIMEOUT_MS) -> bool:
    """Ask the window listening on ``name`` to open ``serial`` (None: to come to the front).
    True when it answered ``ok`` within ``timeout_ms``; False when there is no window
    (the usual case, answered by one ``stat``), a stale socket, or no answer in time.
    Blocks for at most ``timeout_ms``: it runs before this start has a window."""
    if not _someone_may_listen(name):
        return False
    from PySide6.QtCore import QDeadlineTimer
    from PySide6.QtNetwork import QLocalSocket

    deadline = QDeadlineTimer(timeout_ms)
    socket = QLocalSocket()
    try:
        socket.connectToServer(name)
        if not socket.waitForConnected(max(0, deadline.remainingTime())):
            log.debug("no window on %s: %s", name, socket.errorString())
            return False
        socket.write(encode_request(serial))
        socket.waitForBytesWritten(max(0, deadline.remainingTime()))
        # the answer may be in already (the waits read too), with the window gone since:
        # what is buffered counts before waiting for more
        answer = bytes(socket.readAll().data())
        while b"\n" not in answer and len(answer) < 64:
            more = socket.waitForReadyRead(max(0, deadline.remainingTime()))
            answer += bytes(socket.readAll().data())
            if not more:
                break
        taken = answer.split(b"\n", 1)[0].strip() == ANSWER
        if not taken:
            log.debug("the window on %s did not answer in time: %r", name, answer)
        return taken
    finally:
        socket.abort()


class InstanceServer(QObject):
    """The running window's end of the channel: ``received`` carries each later start's
    serial (None: it gave none). Signal-driven throughout: a client that sends garbage,
    too much or nothing is dropped without holding up the window."""

    received = Signal(object)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self._server = None  # QLocalServer, once listening

    def listen(self) -> bool:
        """Listen on the channel; False (logged) when another window already listens there
        (two started at once: this one stays a window of its own) or listening fails. A
        socket file nobody answers on (a window that crashed) is removed and taken over.
        Asked first, not left to ``listen``: with an access option Qt makes the socket
        aside and renames it into place, replacing whatever was there."""
        from PySide6.QtNetwork import QLocalServer

        if _answers(self.name):
            log.warning(
                "single instance: another window listens on %s; later starts go to that one",
                self.name,
            )
            return False
        QLocalServer.removeServer(self.name)  # stale, if there is a file at all
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self.name):
            log.warning(
                "single instance: cannot listen on %s (%s); later starts open windows of their own",
                self.name,
                server.errorString(),
            )
            server.deleteLater()
            return False
        server.newConnection.connect(self._accept)
        self._server = server
        log.debug("single instance: listening on %s", server.fullServerName())
        return True

    def close(self) -> None:
        """Stop listening and remove the socket file (on quit)."""
        if self._server is not None:
            self._server.close()
            self._server = None

    def _accept(self) -> None:
        while self._server is not None and self._server.hasPendingConnections():
            _Request(self._server.nextPendingConnection(), self.received.emit, self)


def _answers(name: str) -> bool:
    """Whether a server accepts on ``name`` (a local connect is answered at once: refused
    when the socket file is stale; no file, no question)."""
    if not _someone_may_listen(name):
        return False
    from PySide6.QtNetwork import QLocalSocket

    probe = QLocalSocket()
    probe.connectToServer(name)
    connected = probe.waitForConnected(200)
    probe.abort()
    return connected


class _Request(QObject):
    """One connection: reads its line as it arrives, answers and reports a valid one,
    drops anything else (and one that is too slow)."""

    def __init__(self, connection, deliver: Callable[[str | None], None], parent: QObject) -> None:
        super().__init__(parent)
        self._connection = connection
        self._deliver = deliver
        self._buffer = b""
        connection.setParent(self)
        connection.readyRead.connect(self._read)
        connection.disconnected.connect(self._drop)
        self._timer = QTimer(self, singleShot=True, interval=REQUEST_TIMEOUT_MS)
        self._timer.timeout.connect(self._drop)
        self._timer.start()
        self._read()  # what came with the connection

    def _read(self) -> None:
        if self._connection is None:
            return
        self._buffer += bytes(self._connection.readAll().data())
        line, newline, _rest = self._buffer.partition(b"\n")
        if not newline:
            if len(self._buffer) > MAX_REQUEST:
                log.warning("single instance: a request longer than %d bytes, dropped", MAX_REQUEST)
                self._drop()
            return
        valid, serial = decode_request(line) if len(line) <= MAX_REQUEST else (False, None)
        if not valid:
            log.warning("single instance: not a request, dropped: %r", line[:80])
            self._drop()
            return
        connection, self._connection = self._connection, None
        connection.readyRead.disconnect(self._read)
        connection.disconnected.disconnect(self._drop)
        # the connection outlives this request until its answer is out (a pipe on Windows
        # may take an event-loop turn), then goes by itself
        connection.setParent(self.parent())
        connection.disconnected.connect(connection.deleteLater)
        connection.write(ANSWER + b"\n")
        connection.flush()
        connection.disconnectFromServer()  # closes once the answer is written
        self._finish()
        self._deliver(serial)

    def _drop(self) -> None:
        if self._connection is not None:
            connection, self._connection = self._connection, None
            connection.abort()
        self._finish()

    def _finish(self) -> None:
        self._timer.stop()
        self.deleteLater()  # with the connection, its child


def bring_to_front(window) -> None:
    """Show ``window`` (restored if minimised, maximised if it was) on top and ask for the
    focus; where the desktop refuses to hand it over (focus-stealing prevention, Wayland
    without an activation token), its taskbar entry asks for attention instead."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    window.setWindowState(window.windowState() & ~Qt.WindowState.WindowMinimized)
    window.show()
    window.raise_()
    window.activateWindow()
    QApplication.alert(window)
