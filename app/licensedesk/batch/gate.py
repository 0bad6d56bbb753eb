"""The batch's shared brake on "too many requests", and its eye on the wire.

:class:`BusyGate`: every worker passes it before each call. A 429 anywhere
holds it shut for the server's Retry-After (capped), so the whole batch slows
down together instead of each worker hammering on by itself.

:class:`WireWatch`: httpx response/request hooks on the client's shared
``httpx.AsyncClient`` for the length of a run. They see what the client's own
GET retries hide: every 429 *with its Retry-After header* (the error raised
after the retries carries no header), and every request the batch sends
(retries included; a context variable tells the batch's requests from the
window's other calls on the same client).
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from typing import Any

import httpx

from licensedesk.api.transport import retry_after

#: a 429 without a usable Retry-After (none, or an HTTP date): hold this long, doubling
FALLBACK_PAUSE = 1.0


class BusyGate:
    """Shut until a moment on the monotonic clock; workers wait at it before each call."""

    def __init__(self, cap: float) -> None:
        self.cap = cap
        self.open_at = 0.0
        self.last_busy = 0.0  # when a 429 was last seen (monotonic)
        self.pauses = 0  # how often it was shut (for the window's status line and tests)
        self._fallback = FALLBACK_PAUSE

    def hold(self, seconds: float) -> None:
        """Shut the gate for ``seconds`` from now (never shortens a longer hold)."""
        now = time.monotonic()
        self.last_busy = now
        self.pauses += 1
        self.open_at = max(self.open_at, now + min(max(seconds, 0.0), self.cap))

    def hold_unknown(self) -> None:
        """A 429 that named no delay: a pause that doubles each time (capped)."""
        self.hold(self._fallback)
        self._fallback = min(self._fallback * 2, self.cap)

    def calm(self) -> None:
        """A call was answered: the next unexplained 429 starts from the first pause again."""
        self._fallback = FALLBACK_PAUSE

    def busy_since(self, moment: float) -> bool:
        return self.last_busy >= moment

    async def passage(self) -> None:
        """Return once the gate is open (at once when it is)."""
        while (wait := self.open_at - time.monotonic()) > 0:
            await asyncio.sleep(wait)


class WireWatch:
    """Hooks on one httpx client for one batch run; use as ``with WireWatch(...)``."""

    def __init__(self, http: httpx.AsyncClient | None, gate: BusyGate) -> None:
        self.http = http
        self.gate = gate
        self.sent = 0
        self.mine: contextvars.ContextVar[bool] = contextvars.ContextVar("batch", default=False)

    @property
    def attached(self) -> bool:
        return self.http is not None

    async def _on_request(self, request: httpx.Request) -> None:
        if self.mine.get():
            self.sent += 1

    async def _on_response(self, response: httpx.Response) -> None:
        if response.status_code != 429:
            return
        delay = retry_after(response.headers, self.gate.cap)
        if delay is None:
            self.gate.hold_unknown()
        else:
            self.gate.hold(delay)

    def _hooks(self) -> tuple[tuple[str, Any], ...]:
        return (("request", self._on_request), ("response", self._on_response))

    def __enter__(self) -> WireWatch:
        # New lists, not in-place changes: a request of the window that is iterating
        # the hooks right now keeps the list it started with.
        if self.http is not None:
            hooks = self.http.event_hooks
            for name, hook in self._hooks():
                hooks[name] = [*hooks[name], hook]
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.http is not None:
            hooks = self.http.event_hooks
            for name, hook in self._hooks():
                hooks[name] = [h for h in hooks[name] if h != hook]
