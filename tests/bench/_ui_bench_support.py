"""Shared set-up of the UI benchmarks: Qt offscreen, a qasync loop, the real window,
the sandbox as its own process."""

from __future__ import annotations

import asyncio
import itertools
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo root: tests.support
from tests.support.sandbox_process import SandboxProcess as SandboxProcess  # for the benches

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from licensedesk.ui.shell.qt_environment import prepare

prepare()  # as the app starts Qt: QT_API, and Qt's paint thread pool off
# The window records its changes and batch checks in the history: a throw-away one, never
# the user's (nor a team database their history.json names).
_SCRATCH = tempfile.mkdtemp(prefix="ld-bench-")
os.environ.setdefault("LICENSEDESK_DATA_DIR", f"{_SCRATCH}/data")
os.environ.setdefault("LICENSEDESK_CONFIG_DIR", f"{_SCRATCH}/config")


def make_app():
    from PySide6.QtWidgets import QApplication

    from licensedesk.ui.shell.event_loop import DeskEventLoop

    app = QApplication.instance() or QApplication([])
    loop = DeskEventLoop(app)
    asyncio.set_event_loop(loop)
    return app, loop


def make_desk(
    url: str, app_id: str, key: str, settings_path: str, *, write: bool = True, concurrency: int = 8
):
    """The real window on ``url``: one pair used for reads and writes, or (``write=False``)
    a read pair only, as a reseller holds; ``concurrency``: its batch's."""
    from PySide6.QtCore import QSettings

    from licensedesk.profiles import Profile
    from licensedesk.ui.profiles.connections import Connections
    from licensedesk.ui.shell.main_window import MainWindow
    from licensedesk.ui.shell.settings import WindowSettings
    from licensedesk.ui.shell.start import settle_interpreter, start_desk

    window = MainWindow()
    connections = Connections(None, None)
    connections.add_memory_profile(
        Profile(
            name="Bench",
            base_url=url,
            read_app_id=app_id,
            write_app_id=app_id if write else None,
            batch_concurrency=concurrency,
        ),
        {"read": key, "write": key} if write else {"read": key},
    )
    settings = WindowSettings(QSettings(settings_path, QSettings.Format.IniFormat))
    window.show()
    desk = start_desk(window, settings, connections, profile="Bench")
    settle_interpreter()  # as licensedesk.__main__ does
    return desk


async def wait_until(predicate, timeout: float = 30.0) -> None:
    end = time.perf_counter() + timeout
    while not predicate():
        if time.perf_counter() > end:
            raise TimeoutError
        await asyncio.sleep(0.001)


class Heartbeat:
    """A 10 ms Qt timer on the UI thread: each beat's time in :attr:`beats`; a gap
    between beats is time the UI thread could not answer."""

    def __init__(self, interval_ms: int = 10) -> None:
        from PySide6.QtCore import QTimer

        self.beats: list[float] = []
        self.timer = QTimer()
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(lambda: self.beats.append(time.perf_counter()))

    def gaps(self) -> list[float]:
        """Milliseconds between each beat and the next."""
        return [(b - a) * 1000 for a, b in itertools.pairwise(self.beats)]
