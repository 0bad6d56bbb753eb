"""One window per user (issue #15, "On the desktop"): a later ``licensedesk SERIAL`` (or a
``licensedesk://lookup/SERIAL`` link, or nothing) hands it to the window already open over
a local socket and exits; that window comes to the front and opens the serial. A stale
socket of a crashed window does not block the next one, garbage on the socket is dropped
quietly, and a ``--demo`` window never meets a real one."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from licensedesk.__main__ import open_handed_over
from licensedesk.ui.shell import single_instance
from licensedesk.ui.shell.single_instance import (
    InstanceServer,
    encode_request,
    hand_over,
    server_name,
)

from ...support.waiting import wait_for
from ..helpers import serial_box
from .app_env import app_env, app_log

SERIAL = "L89U-P6Z8-MZ6Z-MABG-Q3RR"  # the demo's subscription_active, also the sandbox's
OTHER_SERIAL = "FCRT-CHJZ-PELN-AK6Q-LYPE"


@pytest.fixture
def runtime_dir(monkeypatch):
    """A short private ``$XDG_RUNTIME_DIR`` (a socket path holds at most ~100 bytes; a
    pytest tmp_path can be longer)."""
    folder = tempfile.mkdtemp(prefix="ld-run-")
    monkeypatch.setenv("XDG_RUNTIME_DIR", folder)
    yield Path(folder)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def listening(runtime_dir, qtbot):
    """A server on this test's channel, and what it received."""
    server = InstanceServer(server_name())
    received: list[str | None] = []
    server.received.connect(received.append)
    assert server.listen()
    yield server, received
    server.close()


#: a later start's client, as ``__main__`` runs it: another process (PySide keeps the GIL
#: in QLocalSocket's waits, so a client thread here would starve this test's server)
CLIENT = """
import json, sys
from PySide6.QtCore import QCoreApplication
from licensedesk.ui.shell.single_instance import hand_over
app = QCoreApplication(sys.argv[:1])
print(hand_over(sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])))
"""


def handed_over(qtbot, name: str, serial: str | None, timeout_ms: int = 5000) -> bool:
    """What ``hand_over`` answers in a client process, while this process serves."""
    client = subprocess.Popen(
        [sys.executable, "-c", CLIENT, name, json.dumps(serial), str(timeout_ms)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        qtbot.waitUntil(lambda: client.poll() is not None, timeout=timeout_ms + 30000)
    finally:
        if client.poll() is None:
            client.kill()
    out, err = client.communicate()
    assert client.returncode == 0 and out.strip() in ("True", "False"), err
    return out.strip() == "True"


# ---------------------------------------------------------------- the channel's name


def test_the_channel_is_per_config_folder_and_demo_apart(runtime_dir, monkeypatch, tmp_path):
    real, demo = server_name(), server_name(demo=True)
    assert real != demo and demo.endswith("-demo.sock")
    assert Path(real).parent == runtime_dir  # the user's private runtime folder
    monkeypatch.setenv("LICENSEDESK_CONFIG_DIR", str(tmp_path / "another"))
    assert server_name() not in (real, demo)


def test_without_a_runtime_folder_it_is_in_the_temp_folder_named_per_user(monkeypatch, runtime_dir):
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    monkeypatch.setenv("TMPDIR", str(runtime_dir))
    name = server_name()
    assert Path(name).parent == runtime_dir
    monkeypatch.setattr(os, "getuid", lambda: 4242)  # another user, same config folder
    assert server_name() != name


def test_a_runtime_folder_too_deep_for_a_socket_path_is_passed_over(monkeypatch, runtime_dir):
    deep = runtime_dir / ("d" * 90)
    deep.mkdir()
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(deep))
    monkeypatch.setenv("TMPDIR", str(runtime_dir))
    assert Path(server_name()).parent == runtime_dir


# ---------------------------------------------------------------- hand-over


def test_a_later_start_hands_its_serial_to_the_window(listening, qtbot):
    server, received = listening
    assert handed_over(qtbot, server.name, SERIAL)
    assert received == [SERIAL]
    assert handed_over(qtbot, server.name, None)  # nothing given: just to the front
    assert received == [SERIAL, None]


def test_with_no_window_open_the_answer_is_no_at_once(runtime_dir):
    started = time.perf_counter()
    assert not hand_over(server_name(), SERIAL)
    assert time.perf_counter() - started < 0.05


def test_a_stale_socket_is_no_window_and_is_taken_over(runtime_dir, qtbot):
    """A window that crashed leaves its socket file: the next start opens a window of its
    own, and that window listens on the same path (the file removed first)."""
    name = server_name()
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(name)
    dead.close()  # the file stays, nobody listens
    assert Path(name).exists()
    assert not hand_over(name, SERIAL)
    server = InstanceServer(name)
    received: list[str | None] = []
    server.received.connect(received.append)
    assert server.listen()
    try:
        assert handed_over(qtbot, name, SERIAL)
        assert received == [SERIAL]
    finally:
        server.close()
    assert not Path(name).exists()  # closing removes it: the next start finds no window


def test_a_second_window_does_not_take_the_channel_from_the_first(listening, qtbot):
    server, received = listening
    second = InstanceServer(server.name)
    assert not second.listen()  # two started at once: the later stays on its own
    assert handed_over(qtbot, server.name, SERIAL)
    assert received == [SERIAL]


def test_a_window_that_does_not_answer_in_time_gets_no_hand_over(runtime_dir, qtbot):
    """A hung window: the start gives up after its time-out and opens its own window."""
    mute = QLocalServer()
    assert mute.listen(server_name())
    try:
        started = time.perf_counter()
        assert not handed_over(qtbot, server_name(), SERIAL, timeout_ms=300)
        assert time.perf_counter() - started < 3
    finally:
        mute.close()


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"not json\n",
        b"[1, 2]\n",
        b'{"serial": "X"}\n',
        b'{"open": 5}\n',
        b"\xff\xfe\n",
        b'{"open": "A\\u0000B"}\n',
        b"x" * 200_000,
        b"{" * 5000 + b"\n",
    ],
    ids=[
        "text",
        "list",
        "other-key",
        "number",
        "not-utf8",
        "control-char",
        "oversized",
        "long-line",
    ],
)
def test_garbage_is_dropped_without_an_answer_or_a_traceback(
    listening, qtbot, caplog, request_bytes
):
    """pytest-qt fails the test on an exception in a slot: none may happen."""
    server, received = listening
    client = QLocalSocket()
    client.connectToServer(server.name)
    assert client.waitForConnected(2000)
    client.write(request_bytes)
    qtbot.waitUntil(
        lambda: client.state() == QLocalSocket.LocalSocketState.UnconnectedState, timeout=5000
    )
    assert bytes(client.readAll().data()) == b""
    assert received == []
    assert "dropped" in caplog.text
    assert handed_over(qtbot, server.name, SERIAL)  # still serving
    assert received == [SERIAL]


def test_a_client_that_sends_nothing_is_dropped_after_a_while(listening, qtbot, monkeypatch):
    server, received = listening
    monkeypatch.setattr(single_instance, "REQUEST_TIMEOUT_MS", 200)
    client = QLocalSocket()
    client.connectToServer(server.name)
    assert client.waitForConnected(2000)
    qtbot.waitUntil(
        lambda: client.state() == QLocalSocket.LocalSocketState.UnconnectedState, timeout=5000
    )
    assert received == []


def test_a_request_in_pieces_is_read_whole(listening, qtbot):
    server, received = listening
    client = QLocalSocket()
    client.connectToServer(server.name)
    assert client.waitForConnected(2000)
    line = encode_request("Ä-" + SERIAL)  # UTF-8: a piece may end inside a character
    for piece in (line[:3], line[3:12], line[12:]):
        client.write(piece)
        client.flush()
        qtbot.wait(0)  # the server reads each piece on its own turn of the loop
    qtbot.waitUntil(lambda: received == ["Ä-" + SERIAL], timeout=5000)
    qtbot.waitUntil(
        lambda: (
            client.bytesAvailable() > 0
            or client.state() == QLocalSocket.LocalSocketState.UnconnectedState
        ),
        timeout=5000,
    )
    assert bytes(client.readAll().data()) == b"ok\n"


def test_the_window_comes_to_the_front_and_looks_the_serial_up(desk, qtbot):
    window = desk.window
    window.showMinimized()
    qtbot.waitUntil(window.isMinimized, timeout=2000)
    open_handed_over(window, desk, SERIAL.lower())  # as pasted: normalised
    assert not window.isMinimized() and window.isVisible()
    qtbot.waitUntil(lambda: window.workspace.card.license is not None, timeout=10000)
    assert window.workspace.card.license.serial == SERIAL
    assert serial_box(desk).text() == SERIAL
    assert window.windowState() & Qt.WindowState.WindowMinimized == Qt.WindowState(0)


def test_on_the_idle_welcome_page_the_desk_is_built_and_the_serial_waits_in_the_box(
    qtbot, qsettings, store, secrets, run
):
    """No profile yet (``DeferredDesk``, the usual idle window): the hand-over builds the
    desk, as a click would, and the serial waits in the box for the first profile."""
    from licensedesk.ui.profiles.connections import Connections
    from licensedesk.ui.shell.main_window import MainWindow
    from licensedesk.ui.shell.settings import WindowSettings
    from licensedesk.ui.shell.start import DeferredDesk, start_desk

    window = MainWindow()
    qtbot.addWidget(window)
    settings = WindowSettings(qsettings)
    window.show()
    qtbot.waitExposed(window)
    deferred = DeferredDesk(
        window,
        settings,
        lambda: start_desk(
            window, settings, Connections(store, secrets), log_path="/tmp/licensedesk-test.log"
        ),
    )
    try:
        open_handed_over(window, deferred, SERIAL)
        assert deferred.desk is not None and window.is_welcome()
        assert window.workspace.serial_input.text() == SERIAL
        assert window.workspace.card.license is None
    finally:
        if deferred.desk is not None:
            deferred.desk.runner.cancel_all()
            run(deferred.desk.aclose())


# ---------------------------------------------------------------- two real programs


def _wait_for(condition, what: str, proc: subprocess.Popen, err: Path) -> None:
    """Until ``condition`` (a file appearing, a log line) holds while ``proc`` runs."""
    wait_for(condition, timeout=90, what=what, proc=proc, details=err.read_text)


def _stop(proc: subprocess.Popen, err: Path) -> None:
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=30)
    assert proc.returncode == 0, err.read_text()
    assert "Traceback" not in err.read_text()


def test_a_second_program_hands_its_link_to_the_first(tmp_path, runtime_dir, monkeypatch):
    """``licensedesk --demo`` runs; ``licensedesk --demo LINK`` exits 0 without a window
    (no log of its own) and the first looks the serial up (its demo service's access log);
    a start without --demo is not the demo's: it opens its own window (its own socket)."""
    config = tmp_path / "config"
    env = app_env(tmp_path, TMPDIR=str(runtime_dir), XDG_RUNTIME_DIR=str(runtime_dir))
    monkeypatch.setenv("LICENSEDESK_CONFIG_DIR", str(config))
    demo_channel, real_channel = Path(server_name(demo=True)), Path(server_name())
    log = app_log(tmp_path)
    looked_up = f"GET /v2/licenses/show-license/{SERIAL}?"
    app = [sys.executable, "-m", "licensedesk"]
    first_err, third_err = tmp_path / "first.err", tmp_path / "third.err"
    with first_err.open("w") as err:
        first = subprocess.Popen(
            [*app, "--demo", "--quit-after", "180000"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    third = None
    try:
        _wait_for(demo_channel.exists, "listening demo window", first, first_err)

        started = time.monotonic()
        second = subprocess.run(
            [*app, "--demo", f"licensedesk://lookup/{SERIAL.lower()}"],
            env={**env, "LICENSEDESK_LOG_DIR": str(tmp_path / "second-logs")},
            capture_output=True,
            text=True,
            timeout=60,
        )
        took = time.monotonic() - started
        assert second.returncode == 0, second.stderr
        assert second.stdout == "" and "Traceback" not in second.stderr
        assert not (tmp_path / "second-logs").exists()  # it never built a window
        assert took < 30, took
        _wait_for(
            lambda: log.exists() and looked_up in log.read_text(),
            "lookup in the first window",
            first,
            first_err,
        )

        with third_err.open("w") as err:
            third = subprocess.Popen(
                [*app, OTHER_SERIAL],
                stdout=subprocess.DEVNULL,
                stderr=err,
                env={**env, "LICENSEDESK_LOG_DIR": str(tmp_path / "third-logs")},
            )
        _wait_for(real_channel.exists, "the real window's own socket", third, third_err)
        _stop(third, third_err)
        assert not real_channel.exists()
        assert first.poll() is None
    finally:
        if third is not None and third.poll() is None:  # a failed assertion above
            third.kill()
            third.wait()
        if first.poll() is None:
            _stop(first, first_err)
    assert not demo_channel.exists()  # removed on quit
    text = log.read_text()
    assert text.count(looked_up) == 1
    assert OTHER_SERIAL not in text


# ---------------------------------------------------------------- each OS's channel


def test_windows_channel_is_a_pipe_name_per_user(monkeypatch, tmp_path):
    monkeypatch.setenv("LICENSEDESK_CONFIG_DIR", str(tmp_path / "config"))
    ada = server_name(system="nt", environ={"USERNAME": "ada"})
    bob = server_name(system="nt", environ={"USERNAME": "bob"})
    demo = server_name(True, system="nt", environ={"USERNAME": "ada"})
    # a bare name: Qt makes it \\.\pipe\NAME on Windows
    assert ada.startswith("licensedesk-") and "/" not in ada and "\\" not in ada
    assert ada != bob
    assert demo == ada + "-demo"


def test_macos_channel_is_in_the_users_own_temp_folder(monkeypatch, tmp_path):
    """macOS sets no XDG_RUNTIME_DIR; its per-user $TMPDIR (/var/folders/…/T/) is used
    when the socket path fits in sun_path's 104 bytes, else /tmp."""
    monkeypatch.setenv("LICENSEDESK_CONFIG_DIR", str(tmp_path / "config"))
    short = tmp_path / "T"
    short.mkdir()
    name = server_name(system="posix", environ={"TMPDIR": str(short)})
    assert Path(name).parent == short and name.endswith(".sock")
    deep = tmp_path / ("x" * 90)
    deep.mkdir()
    name = server_name(system="posix", environ={"TMPDIR": str(deep)})
    assert Path(name).parent == Path("/tmp")
    assert len(name.encode()) <= single_instance.MAX_SOCKET_PATH
