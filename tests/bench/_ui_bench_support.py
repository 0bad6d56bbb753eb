"""Shared set-up of the UI benchmarks: Qt offscreen, a qasync loop, the real window,
the sandbox as its own process."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")


def make_app():
    import qasync
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    return app, loop


def make_desk(url: str, app_id: str, key: str, settings_path: str):
    from PySide6.QtCore import QSettings

    from licensedesk.api.serials import normalize_serial
    from licensedesk.profiles import Profile
    from licensedesk.ui.app import DeskApp
    from licensedesk.ui.main_window import MainWindow
    from licensedesk.ui.session import Connections
    from licensedesk.ui.settings import WindowSettings

    window = MainWindow()
    connections = Connections(None, None)
    connections.add_memory_profile(
        Profile(name="Bench", base_url=url, read_app_id=app_id, write_app_id=app_id),
        {"read": key, "write": key},
    )
    settings = WindowSettings(QSettings(settings_path, QSettings.Format.IniFormat))
    desk = DeskApp(window, connections, settings)
    window.workspace.normalizer = normalize_serial
    desk.choose_start_page("Bench")
    window.show()
    return desk


async def wait_until(predicate, timeout: float = 30.0) -> None:
    end = time.perf_counter() + timeout
    while not predicate():
        if time.perf_counter() > end:
            raise TimeoutError
        await asyncio.sleep(0.001)


class SandboxProcess:
    """``licensedesk-sandbox serve`` in a child process; the URL is its first line."""

    def __init__(self, db: Path, latency_ms: int = 0) -> None:
        self.args = [sys.executable, "-m", "licensedesk.sandbox", "serve", "--db", str(db),
                     "--port", "0", "--latency-ms", str(latency_ms)]
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> str:
        self.process = subprocess.Popen(self.args, stdout=subprocess.PIPE, text=True)
        return self.process.stdout.readline().strip()

    def __exit__(self, *_exc) -> None:
        self.process.terminate()
        self.process.wait(10)
        self.process.stdout.close()
