"""``--demo``: the sandbox service in this process, on a free loopback port.

Why in-process (a uvicorn daemon thread, ``SandboxServer``) rather than a
``python -m licensedesk.sandbox serve`` subprocess: the server cannot outlive
the app. A daemon thread dies with the process whatever ends it (quit, an
exception, a signal, a hard crash of Qt), while a child process would be
orphaned on a crash unless we added a watchdog. It also needs no stdout
parsing and starts faster (no second interpreter). The cost, sharing the GIL
with the UI, is small for the demo data set. ``stop()`` runs on quit
(aboutToQuit) and again from ``atexit``; it is idempotent. Its folder is locked while
it lives, so a demo killed outright is cleaned up by the next one
(:mod:`licensedesk.temp_folders`).
"""

from __future__ import annotations

import atexit
import logging
from typing import Any

log = logging.getLogger(__name__)

DEMO_PROFILE = "Demo"


class DemoService:
    def __init__(self) -> None:
        self._dir: Any = None  # an OwnedFolder (licensedesk.temp_folders)
        self.server = None
        self.data: dict[str, Any] | None = None
        self.url: str | None = None

    def start(self) -> str:
        """Blocking: fresh demo database in a temp dir, server listening. Returns its URL.
        Run it in an executor thread from the UI."""
        from licensedesk.sandbox.demo import create_demo
        from licensedesk.sandbox.server import SandboxServer
        from licensedesk.temp_folders import OwnedFolder, remove_abandoned

        remove_abandoned()  # what a demo killed outright left behind
        self._dir = OwnedFolder("licensedesk-demo-")
        db_path = self._dir.path / "demo.sqlite3"
        self.data = create_demo(db_path)
        self.server = SandboxServer(db_path, host="127.0.0.1", port=0)
        self.url = self.server.start()
        atexit.register(self.stop)
        log.info("demo sandbox listening on %s", self.url)
        return self.url

    def serials(self) -> dict[str, str]:
        return dict(self.data["catalogue"]["serials"]) if self.data else {}

    def offers(self) -> list:
        """The demo licences to offer in the window (:mod:`.demo_offers`)."""
        from .demo_offers import demo_offers

        return demo_offers(self.data)

    def profile(self):
        """The in-memory Demo profile and its keys (never stored)."""
        from licensedesk.profiles import Profile

        pair = self.data["catalogue"]["credentials"]["read_write"]
        app_id, key = pair["app_id"], pair["api_key"]
        profile = Profile(
            name=DEMO_PROFILE, base_url=self.url, read_app_id=app_id, write_app_id=app_id
        )
        return profile, {"read": key, "write": key}

    def stop(self) -> None:
        server, self.server = self.server, None
        if server is not None:
            try:
                server.stop()
            except Exception:
                log.exception("stopping the demo sandbox failed")
            log.info("demo sandbox stopped")
        if self._dir is not None:
            self._dir.remove()
            self._dir = None
