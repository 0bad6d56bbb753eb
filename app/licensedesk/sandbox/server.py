"""Running the sandbox: in a daemon thread (tests, ``--demo``) or in the foreground (CLI).

The socket is bound before uvicorn starts, so port 0 gives a real, known port.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Callable
from pathlib import Path

import uvicorn

from .answers import FORMS
from .app import SandboxState, create_app
from .db import Database
from .faults import FaultPlan
from .protocol import LISTEN_QUEUE, ConnectionLimits, default_limits, protocol_class


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP explicitly: asyncio only sets TCP_NODELAY on accepted sockets whose
    # proto is TCP; with proto 0, Nagle + delayed ACK delay every response.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(LISTEN_QUEUE)
    sock.set_inheritable(True)
    return sock


def _url(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def _config(state: SandboxState, bounds: ConnectionLimits) -> uvicorn.Config:
    # access_log off: uvicorn's access log prints the query string with the api_key;
    # AccessLogMiddleware writes a redacted line instead.
    return uvicorn.Config(
        create_app(state),
        http=protocol_class(bounds),
        backlog=bounds.accept_batch,  # asyncio: accepts per wake-up, and listen()'s queue
        lifespan="off",
        access_log=False,
        log_config=None,
        log_level="warning",
        timeout_graceful_shutdown=2,
    )


class _NotifyingServer(uvicorn.Server):
    """uvicorn.Server that calls ``on_started`` once it listens (or failed), and keeps
    the kernel's listen queue long while asyncio accepts in small batches."""

    def __init__(self, config: uvicorn.Config, on_started: Callable[[], None]) -> None:
        super().__init__(config)
        self._on_started = on_started

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        try:
            await super().startup(sockets=sockets)
            for sock in sockets or []:
                # asyncio listen()ed with the small accept batch: give the kernel's
                # queue its usual length again (the batch stays small), so a burst of
                # honest connects does not wait a second for a SYN to be resent
                with contextlib.suppress(OSError):
                    sock.listen(LISTEN_QUEUE)
        finally:
            self._on_started()


class SandboxServer:
    """The real sandbox app served by uvicorn in a daemon thread (docs/CONTRACTS.md)."""

    def __init__(
        self,
        db_path: Path | str,
        host: str = "127.0.0.1",
        port: int = 0,
        latency_ms: int = 0,
        header_timeout: float | None = None,
        max_connections: int | None = None,
        validation_form: str = "errors",
    ) -> None:
        self.host = host
        self.port = port
        self.limits = default_limits(header_timeout, max_connections)
        self.state = SandboxState(
            db=Database(db_path), latency_ms=latency_ms, validation_form=validation_form
        )
        self.url = ""
        self._server: _NotifyingServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def faults(self) -> FaultPlan:
        return self.state.faults

    @property
    def latency_ms(self) -> int:
        return self.state.latency_ms

    @latency_ms.setter
    def latency_ms(self, value: int) -> None:
        self.state.latency_ms = int(value)

    @property
    def validation_form(self) -> str:
        """ "errors" (the live service's error bodies) or "data" (200 + data.message)."""
        return self.state.validation_form

    @validation_form.setter
    def validation_form(self, value: str) -> None:
        if value not in FORMS:
            raise ValueError(f"validation form must be one of {', '.join(FORMS)}")
        self.state.validation_form = value

    @property
    def request_log(self) -> list[tuple[str, str]]:
        """(method, path) of every request received so far."""
        return self.state.requests.entries()

    def request_count(self, method: str | None = None, path_prefix: str = "") -> int:
        return self.state.requests.count(method, path_prefix)

    def open_connections(self) -> int:
        """Connections the server holds right now (tests of the connection bound)."""
        server = self._server
        return len(server.server_state.connections) if server is not None else 0

    @property
    def db_path(self) -> Path:
        return self.state.db.path

    def use_database(self, db_path: Path | str) -> None:
        """Serve another database file from now on (a fresh one per test, same server)."""
        old, self.state.db = self.state.db, Database(db_path)
        old.close()

    def start(self) -> str:
        """Listen, serve in a daemon thread, return the base URL (no ``/v2``)."""
        sock = _bind(self.host, self.port)
        self.url = _url(sock)
        self.state.reset_limiter()  # a limiter belongs to one event loop
        started = threading.Event()
        self._server = _NotifyingServer(_config(self.state, self.limits), started.set)
        server = self._server

        def run() -> None:
            try:
                asyncio.run(server.serve(sockets=[sock]))
            finally:
                sock.close()
                started.set()

        self._thread = threading.Thread(target=run, name="licensedesk-sandbox", daemon=True)
        self._thread.start()
        started.wait(10)
        if not server.started:
            raise RuntimeError("the sandbox server did not start")
        return self.url

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(10)
        self._server = self._thread = None
        self.state.db.close()

    def __enter__(self) -> SandboxServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def serve_forever(
    db_path: Path | str,
    host: str,
    port: int,
    latency_ms: int,
    faults: FaultPlan,
    announce: Callable[[str], None],
    bounds: ConnectionLimits | None = None,
    validation_form: str = "errors",
) -> None:
    """Foreground server for ``licensedesk-sandbox serve``; Ctrl-C / SIGTERM stop it."""
    state = SandboxState(
        db=Database(db_path), faults=faults, latency_ms=latency_ms, validation_form=validation_form
    )
    sock = _bind(host, port)
    announce(_url(sock))
    try:
        server = _NotifyingServer(_config(state, bounds or default_limits()), lambda: None)
        server.run(sockets=[sock])
    finally:
        state.db.close()
        sock.close()
