"""Plain ASGI middleware: request log + redacting access log, path guard, latency."""

from __future__ import annotations

import asyncio
import logging
import re
import threading
import time
from dataclasses import dataclass, field

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import send_error
from .logs import request_target

log = logging.getLogger("licensedesk.sandbox.access")
_PATH_CHARS = re.compile(r"[A-Za-z0-9\-_.~/]*")


@dataclass
class Served:
    """One request as the server saw it: monotonic arrival and end, the status sent."""

    method: str
    path: str
    arrived: float
    ended: float | None = None
    status: int = 0
    #: the request's header names (lower case) and its User-Agent, for tests of what a
    #: client sends (never a header's value otherwise: it could hold a secret)
    header_names: tuple[str, ...] = ()
    user_agent: str = ""


@dataclass
class RequestLog:
    """What the server received (``served``: each request's method, path, arrival/end times
    and status), for "one request, not two" tests and tests of client-side pacing;
    ``max_in_flight``: the most requests handled at the same time."""

    served: list[Served] = field(default_factory=list)
    in_flight: int = 0
    max_in_flight: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, method: str, path: str, headers: list[tuple[bytes, bytes]] = ()) -> Served:
        names = tuple(name.decode("latin-1").lower() for name, _value in headers)
        agent = next(
            (value.decode("latin-1") for name, value in headers if name.lower() == b"user-agent"),
            "",
        )
        with self.lock:
            record = Served(method, path, time.monotonic(), header_names=names, user_agent=agent)
            self.served.append(record)
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            return record

    def finish(self, record: Served, status: int) -> None:
        """Once per request (later calls do nothing)."""
        with self.lock:
            if record.ended is None:
                record.ended, record.status = time.monotonic(), status
                self.in_flight -= 1

    def entries(self) -> list[tuple[str, str]]:
        """(method, path) of every request so far."""
        with self.lock:
            return [(s.method, s.path) for s in self.served]

    def count(self, method: str | None = None, path_prefix: str = "") -> int:
        return sum(
            1
            for m, p in self.entries()
            if (method is None or m == method.upper()) and p.startswith(path_prefix)
        )

    def clear(self) -> None:
        with self.lock:
            self.served.clear()
            self.max_in_flight = self.in_flight


class AccessLogMiddleware:
    """Records every request and logs one line per response that shows no secret
    (``logs.request_target``: only what looks harmless, never an api_key)."""

    def __init__(self, app: ASGIApp, requests: RequestLog) -> None:
        self.app = app
        self.requests = requests

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        record = self.requests.add(scope["method"], scope["path"], scope.get("headers", []))
        started = time.perf_counter()
        status = 0

        async def send_and_note(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body" and not message.get("more_body"):
                # done before the last byte leaves: the client cannot have the answer (and
                # send its next request) while this one still counts as in flight
                self.requests.finish(record, status)
            await send(message)

        try:
            await self.app(scope, receive, send_and_note)
        finally:
            self.requests.finish(record, status)
            if log.isEnabledFor(logging.INFO):
                raw_path = scope.get("raw_path") or scope["path"].encode("utf-8", "replace")
                target = request_target(raw_path, scope.get("query_string", b""))
                elapsed = (time.perf_counter() - started) * 1000
                log.info("%s %s %s %.1fms", scope["method"], target, status or "-", elapsed)


class PathGuardMiddleware:
    """Refuses encoded slashes, dot segments and odd characters in the path (400)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            raw = bytes(scope.get("raw_path") or b"").lower()
            path = scope["path"]
            if b"%2f" in raw or b"%5c" in raw:
                await send_error(send, 400, "Invalid path: encoded '/' or '\\' in a path segment.")
                return
            if any(segment in (".", "..") for segment in path.split("/")):
                await send_error(send, 400, "Invalid path: '.' and '..' segments are not allowed.")
                return
            if len(path) > 512 or not _PATH_CHARS.fullmatch(path):
                await send_error(send, 400, "Invalid path: unexpected character in a path segment.")
                return
        await self.app(scope, receive, send)


class LatencyMiddleware:
    """Delays every request by a settable number of milliseconds."""

    def __init__(self, app: ASGIApp, get_latency_ms) -> None:
        self.app = app
        self.get_latency_ms = get_latency_ms

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        delay = self.get_latency_ms()
        if delay > 0 and scope["type"] == "http":
            await asyncio.sleep(delay / 1000)
        await self.app(scope, receive, send)
