"""Fault injection: make the sandbox misbehave on purpose, per route and with a rate.

Kinds (docs/sandbox.md has the CLI syntax):
- ``http500_html``: 500 with an HTML page; the request is not handled.
- ``not_json``: 200 whose body is not JSON (content-type still says JSON); not handled.
- ``truncated``: the request IS handled; the response promises the full
  Content-Length, sends half the body and closes the connection.
- ``drop``: the connection is closed without a response; not handled.
- ``rate_limit``: 429 with the live service's error body ("Too Many Requests!") and
  ``Retry-After`` (opt ``retry_after``, default 1; ``None``, ``none`` on the command
  line, sends none: the live service promises none).
- ``drop_after_commit``: the request IS handled (writes committed), then the
  connection is closed without a response.
- ``slow``: extra delay (opt ``delay_ms``, default 1000), then handled normally.
- ``no_free_licenses``: 403 with the live service's documented body "You do not have any
  free licenses for this sku…", a refusal that is not about the key; not handled.
"""

from __future__ import annotations

import asyncio
import random
import threading
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import NO_FREE_LICENSES, TOO_MANY_REQUESTS, send_error, send_response

KINDS = (
    "http500_html",
    "not_json",
    "truncated",
    "drop",
    "rate_limit",
    "drop_after_commit",
    "slow",
    "no_free_licenses",
)
TRANSPORT_KEY = "licensedesk.transport"


@dataclass
class Fault:
    """One rule: which requests it hits, how often, how many times."""

    kind: str
    path: str | None = None
    method: str | None = None
    rate: float = 1.0
    times: int | None = None
    opts: dict[str, Any] = field(default_factory=dict)
    fired: int = 0

    def hits(self, method: str, path: str) -> bool:
        if self.path is not None and not path.startswith(self.path):
            return False
        if self.method is not None and method.upper() != self.method.upper():
            return False
        return self.times is None or self.fired < self.times


class FaultPlan:
    """The faults a server injects; settable from tests while the server runs."""

    def __init__(self, seed: int | None = None) -> None:
        self._faults: list[Fault] = []
        self._lock = threading.Lock()
        self._random = random.Random(seed)

    def add(
        self,
        kind: str,
        path: str | None = None,
        method: str | None = None,
        rate: float = 1.0,
        times: int | None = None,
        **opts: Any,
    ) -> Fault:
        """Add a rule; the first matching rule whose rate draw succeeds fires."""
        if kind not in KINDS:
            raise ValueError(f"unknown fault kind {kind!r}; known: {', '.join(KINDS)}")
        if not 0.0 <= rate <= 1.0:
            raise ValueError("rate must be between 0 and 1")
        unknown = set(opts) - {"retry_after", "delay_ms"}
        if unknown:
            raise ValueError(f"unknown fault option(s): {', '.join(sorted(unknown))}")
        fault = Fault(kind, path, method, rate, times, dict(opts))
        with self._lock:
            self._faults.append(fault)
        return fault

    def clear(self) -> None:
        with self._lock:
            self._faults.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._faults)

    def pick(self, method: str, path: str) -> Fault | None:
        """The fault to apply to this request, counting it as fired."""
        with self._lock:
            for fault in self._faults:
                if fault.hits(method, path) and self._random.random() < fault.rate:
                    fault.fired += 1
                    return fault
        return None


def parse_spec(spec: str) -> dict[str, Any]:
    """``KIND[:key=value,...]`` (keys: path, method, rate, times, retry_after, delay_ms)."""
    kind, _, rest = spec.partition(":")
    result: dict[str, Any] = {"kind": kind.strip()}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"fault option {part!r} is not key=value")
        key = key.strip()
        if key in ("path", "method"):
            result[key] = value
        elif key == "rate":
            result[key] = float(value)
        elif key == "retry_after" and value.strip().lower() == "none":
            result[key] = None
        elif key in ("times", "retry_after", "delay_ms"):
            result[key] = int(value)
        else:
            raise ValueError(f"unknown fault option {key!r}")
    return result


async def _wait_disconnect(receive: Receive) -> None:
    """After closing the transport, wait until the server has noticed."""
    while (await receive())["type"] != "http.disconnect":
        pass


class FaultMiddleware:
    """ASGI middleware applying the plan; needs the transport in the scope for drops."""

    def __init__(self, app: ASGIApp, plan: FaultPlan) -> None:
        self.app = app
        self.plan = plan

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        fault = self.plan.pick(scope["method"], scope["path"]) if scope["type"] == "http" else None
        if fault is None:
            await self.app(scope, receive, send)
            return
        transport = scope.get(TRANSPORT_KEY)
        kind = fault.kind
        if kind == "slow":
            await asyncio.sleep(fault.opts.get("delay_ms", 1000) / 1000)
            await self.app(scope, receive, send)
        elif kind == "http500_html":
            page = b"<html><body><h1>500 Internal Server Error</h1></body></html>"
            await send_response(send, 500, b"text/html; charset=utf-8", page)
        elif kind == "not_json":
            await send_response(send, 200, b"application/json", b"<html>this is not JSON")
        elif kind == "rate_limit":
            retry = fault.opts.get("retry_after", 1)
            extra = [] if retry is None else [(b"retry-after", str(retry).encode())]
            await send_error(send, 429, TOO_MANY_REQUESTS, extra)
        elif kind == "no_free_licenses":
            await send_error(send, 403, NO_FREE_LICENSES)
        elif kind == "drop":
            transport.abort()
            await _wait_disconnect(receive)
        elif kind == "drop_after_commit":
            await self.app(scope, receive, _discard)
            transport.abort()
            await _wait_disconnect(receive)
        elif kind == "truncated":
            await self._truncated(scope, receive, transport)

    async def _truncated(self, scope: Scope, receive: Receive, transport: Any) -> None:
        messages: list[Message] = []

        async def capture(message: Message) -> None:
            messages.append(message)

        await self.app(scope, receive, capture)
        start = messages[0]
        body = b"".join(m.get("body", b"") for m in messages[1:])
        head = [f"HTTP/1.1 {start['status']} Truncated".encode()]
        for name, value in start["headers"]:
            if name.lower() not in (b"content-length", b"connection"):
                head.append(name + b": " + value)
        head += [f"content-length: {len(body)}".encode(), b"connection: close", b"", b""]
        transport.write(b"\r\n".join(head) + body[: len(body) // 2])
        transport.close()
        await _wait_disconnect(receive)


async def _discard(message: Message) -> None:
    """A send that throws the response away (drop_after_commit)."""
