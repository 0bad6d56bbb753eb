"""A real notification daemon for the tests (a pytest plugin named in tests/conftest.py):
``notification_bus`` (session) is dunst on an Xvfb display, reached through a private
D-Bus session bus of its own, so nothing reaches the desktop of whoever runs the suite.

The bus starts dunst on the first call to ``org.freedesktop.Notifications`` (D-Bus
activation, from a service file in the bus's own folder): every wait is the bus's own,
no sleeping. What dunst received is read back from dunst itself
(``org.dunstproject.cmd0.NotificationListHistory``, what ``dunstctl history`` prints),
after closing what is on show (closed notifications go to its history).

Where Xvfb, dbus-daemon or dunst is missing the tests that need them skip with the
reason, and the end of the run says so in a red line: CI installs them
(scripts/system-deps.sh test), so a skip there is a fault.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

_skipped: list[str] = []

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
DUNST = "org.dunstproject.cmd0"
PROGRAMS = ("Xvfb", "dbus-daemon", "dunst")

BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={folder}</listen>
  <servicedir>{folder}/services</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""
SERVICE = "[D-BUS Service]\nName={name}\nExec={dunst} -config {folder}/dunstrc\n"
# a long history: the tests tell their notifications apart by id, not by clearing it
DUNSTRC = "[global]\n    history_length = 10000\n"


def why_unavailable() -> str | None:
    if not sys.platform.startswith("linux"):
        return "the notification tests need Linux (D-Bus and dunst)"
    missing = [p for p in PROGRAMS if shutil.which(p) is None]
    if missing:
        return (
            f"no {', '.join(missing)}: install Debian's xvfb, dbus and dunst "
            "(scripts/system-deps.sh test)"
        )
    return None


@dataclass
class Received:
    """One notification as dunst received it."""

    id: int
    app: str
    summary: str
    body: str


class NotificationBus:
    """Xvfb, a private session bus and dunst (started by the bus on first use)."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="ld-notify-"))
        self.address = ""
        self._procs: list[subprocess.Popen] = []

    def start(self) -> NotificationBus:
        folder = self.folder
        (folder / "services").mkdir()
        (folder / "bus.conf").write_text(BUS_CONFIG.format(folder=folder), encoding="utf-8")
        (folder / "services" / "dunst.service").write_text(
            SERVICE.format(name=NAME, dunst=shutil.which("dunst"), folder=folder), encoding="utf-8"
        )
        (folder / "dunstrc").write_text(DUNSTRC, encoding="utf-8")
        log = (folder / "log").open("w")
        try:
            read, write = os.pipe()
            xvfb = subprocess.Popen(
                [
                    "Xvfb",
                    "-displayfd",
                    str(write),
                    "-screen",
                    "0",
                    "800x600x24",
                    "-nolisten",
                    "tcp",
                ],
                pass_fds=[write],
                stdout=log,
                stderr=log,
            )
            self._procs.append(xvfb)
            os.close(write)
            with os.fdopen(read) as ready:  # Xvfb writes its display once it listens
                display = ready.readline().strip()
            if not display:
                raise RuntimeError(f"Xvfb did not start: {self.log()}")
            env = {**os.environ, "DISPLAY": f":{display}"}
            env.pop("DBUS_SESSION_BUS_ADDRESS", None)
            bus = subprocess.Popen(
                [
                    "dbus-daemon",
                    f"--config-file={folder / 'bus.conf'}",
                    "--nofork",
                    "--print-address=1",
                ],
                stdout=subprocess.PIPE,
                stderr=log,
                env=env,
                text=True,
            )
            self._procs.append(bus)
            assert bus.stdout is not None
            self.address = bus.stdout.readline().strip()  # printed once it listens
            if not self.address:
                raise RuntimeError(f"dbus-daemon did not start: {self.log()}")
        except BaseException:
            self.stop()
            raise
        finally:
            log.close()
        return self

    def log(self) -> str:
        return (self.folder / "log").read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        for proc in reversed(self._procs):  # the bus first: dunst leaves with it
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self._procs = []
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- what dunst received (coroutines: run them on the test's loop) ------------------
    async def _call(
        self, interface: str, member: str, signature: str = "", body: list[Any] | None = None
    ) -> list[Any]:
        from dbus_fast import Message, MessageType
        from dbus_fast.aio import MessageBus

        bus = await MessageBus(bus_address=self.address).connect()
        try:
            reply = await bus.call(
                Message(
                    destination=NAME,
                    path=PATH,
                    interface=interface,
                    member=member,
                    signature=signature,
                    body=body or [],
                )
            )
        finally:
            bus.disconnect()
        assert reply is not None and reply.message_type == MessageType.METHOD_RETURN, reply
        return reply.body

    async def received(self) -> list[Received]:
        """Every notification dunst received, oldest first (what is on show is closed)."""
        await self._call(DUNST, "NotificationCloseAll")
        (history,) = await self._call(DUNST, "NotificationListHistory")
        found = [
            Received(int(n["id"].value), n["appname"].value, n["summary"].value, n["body"].value)
            for n in history
        ]
        return sorted(found, key=lambda n: n.id)

    async def click(self) -> None:
        """Click the newest notification on show (its default action)."""
        await self._call(DUNST, "NotificationAction", "u", [0])


@pytest.fixture(scope="session")
def notification_bus():
    why = why_unavailable()
    if why is not None:
        _skipped.append(why)
        pytest.skip(why)
    bus = NotificationBus().start()
    yield bus
    bus.stop()


def pytest_terminal_summary(terminalreporter):
    for why in sorted(set(_skipped)):
        terminalreporter.write_sep("!", f"NOTIFICATION TESTS SKIPPED: {why}", red=True, bold=True)
