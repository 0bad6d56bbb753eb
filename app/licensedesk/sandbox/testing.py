"""Test support: one sandbox server per test session, a fresh demo database per test.

Starting uvicorn per test costs ~0.15 s (mostly its shutdown tick); swapping the
database file of one running server costs a file copy. ``tests/conftest.py``
exposes this as the ``sandbox`` fixture (docs/CONTRACTS.md).
"""

from __future__ import annotations

import copy
import shutil
from pathlib import Path
from typing import Any

from .demo import create_demo
from .faults import FaultPlan
from .middleware import Served
from .server import SandboxServer


class SandboxHandle:
    """What a test sees: the URL, the demo data and handles on the running server."""

    def __init__(self, server: SandboxServer, data: dict[str, Any], db_path: Path) -> None:
        self.server = server
        self.url = server.url
        self.data = data
        self.db_path = db_path

    @property
    def faults(self) -> FaultPlan:
        return self.server.faults

    def creds(self, label: str) -> tuple[str, str]:
        """(app_id, api_key) of a demo credential: ``read``, ``write`` or ``read_write``."""
        pair = self.data["catalogue"]["credentials"][label]
        return pair["app_id"], pair["api_key"]

    def serial(self, kind: str) -> str:
        return self.data["catalogue"]["serials"][kind]

    def product_code(self, kind: str) -> str:
        """A product code that the serial of ``kind`` unlocks."""
        return self.data["catalogue"]["product_codes"][kind]

    def set_validation_form(self, form: str) -> None:
        """ "errors" (the default: the live service's error bodies) or "data" (200 +
        data.message, the earlier form)."""
        self.server.validation_form = form

    def host(self, kind: str) -> str:
        """A host id of the demo to validate with (``catalogue["hosts"]``)."""
        return self.data["catalogue"]["hosts"][kind]

    def set_latency(self, ms: int) -> None:
        self.server.latency_ms = ms

    def request_count(self, method: str | None = None, path_prefix: str = "") -> int:
        return self.server.request_count(method, path_prefix)

    @property
    def max_in_flight(self) -> int:
        """The most requests the server was handling at the same time since the reset."""
        return self.server.state.requests.max_in_flight

    def clear_requests(self) -> None:
        """Forget the requests so far (log, times, in-flight maximum)."""
        self.server.state.requests.clear()

    def served(self) -> list[Served]:
        """Every request since the reset, with arrival/end times (monotonic) and status."""
        log = self.server.state.requests
        with log.lock:
            return list(log.served)


class SandboxSession:
    """The session's server and its template demo database."""

    def __init__(self, workdir: Path) -> None:
        self.template = workdir / "demo-template.db"
        self.data = create_demo(self.template)
        self.server = SandboxServer(workdir / "idle.db")
        shutil.copyfile(self.template, workdir / "idle.db")
        self.server.start()

    def fresh(self, directory: Path) -> SandboxHandle:
        """Reset faults, latency and request log; serve a fresh copy of the demo database."""
        db_path = directory / "sandbox.db"
        shutil.copyfile(self.template, db_path)
        self.server.faults.clear()
        self.server.latency_ms = 0
        self.server.validation_form = "errors"
        self.server.use_database(db_path)
        self.server.state.requests.clear()
        return SandboxHandle(self.server, copy.deepcopy(self.data), db_path)

    def close(self) -> None:
        self.server.stop()
