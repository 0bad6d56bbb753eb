"""httpcore's pool locks and events on asyncio's own, not anyio's.

httpcore's connection pool guards its state with its own lock, event and shield
classes, which under asyncio delegate to anyio's, whatever the network backend
(:mod:`.network` replaced only the sockets). anyio's are made for cancel scopes: a
lock taken uncontended still passes the loop once more, an event already set too,
every wait for a connection opens a cancel scope, every answer's close a shielded one.
And the first of them imports anyio's asyncio backend: 19-25 ms at the first request,
a tenth of a ``licensedesk-cli show``.

:func:`install` puts subclasses of httpcore's classes in their place in httpcore's
HTTP/1.1 modules (process-wide, as httpcore looks the names up there); on an asyncio
loop they use ``asyncio.Lock`` and ``asyncio.Event``. Measured
(``tests/bench/bench_client.py``, ``bench_cli_startup.py``): the client's CPU per call
975-1,193 -> 601-635 us, calls a second 838-1,024 -> 1,556-1,660 at concurrency 16;
``licensedesk-cli show`` 223 -> 195 ms.

What changes, and why it is safe here:

- No extra pass of the loop when a lock is free or a connection is already assigned.
  The pool gives every request a connection or queues it before waiting, so none spins.
- The shield around closing a connection does nothing on asyncio. anyio's held only
  against anyio's own cancel scopes: a ``task.cancel()`` or ``asyncio.timeout``, the
  only cancellation this app uses, went through it before too
  (``tests/contract/client/test_pool_sync.py``).
- Off asyncio (trio), httpcore's own classes do the work, as before.
- HTTP/2 and SOCKS proxies (modules this app does not load) keep anyio's.

If a later httpcore names these classes otherwise, :func:`install` leaves it alone
(answers False): the client still works, on anyio's, and a test says so.
"""

from __future__ import annotations

import asyncio
import importlib
from types import ModuleType
from typing import Any

import httpcore

try:
    from httpcore import _synchronization as _sync
except ImportError:  # pragma: no cover - an httpcore that moved it: install() says False
    _sync = None

#: ``_backend`` of an object that decided for asyncio's own primitives
NATIVE = "asyncio-native"
#: httpcore's modules (HTTP/1.1 and its proxy) and the names each took from _synchronization
_PLACES = {
    "httpcore._async.connection": ("AsyncLock",),
    "httpcore._async.connection_pool": ("AsyncEvent", "AsyncShieldCancellation"),
    "httpcore._async.http11": ("AsyncLock", "AsyncShieldCancellation"),
    "httpcore._async.http_proxy": ("AsyncLock",),
}
#: httpcore's own classes, put back by :func:`uninstall`: (module, name) -> class
_ORIGINALS: dict[tuple[ModuleType, str], Any] = {}


def _native(obj: Any) -> bool:
    """Whether ``obj`` uses asyncio's primitives: decided at its first use, as httpcore's
    own decide between anyio and trio."""
    if not obj._backend:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            obj.setup()  # not asyncio: httpcore's own way
        else:
            obj._backend = NATIVE
    return obj._backend == NATIVE


if _sync is not None:

    class AsyncioLock(_sync.AsyncLock):
        """A connection's lock; on asyncio an ``asyncio.Lock``."""

        def __init__(self) -> None:
            super().__init__()
            self._lock = asyncio.Lock()

        async def __aenter__(self) -> AsyncioLock:
            if not _native(self):
                return await super().__aenter__()
            await self._lock.acquire()
            return self

        async def __aexit__(self, *exc: Any) -> None:
            if self._backend == NATIVE:
                self._lock.release()
            else:
                await super().__aexit__(*exc)

    class AsyncioEvent(_sync.AsyncEvent):
        """A queued request's "connection assigned"; on asyncio an ``asyncio.Event``,
        whose wait past the pool time-out raises httpcore's ``PoolTimeout``."""

        def __init__(self) -> None:
            super().__init__()
            self._event = asyncio.Event()

        def set(self) -> None:
            if _native(self):
                self._event.set()
            else:
                super().set()

        async def wait(self, timeout: float | None = None) -> None:
            if not _native(self):
                return await super().wait(timeout)
            if self._event.is_set():
                return
            try:
                async with asyncio.timeout(timeout):
                    await self._event.wait()
            except TimeoutError as exc:
                raise httpcore.PoolTimeout(exc) from exc

    class AsyncioShield(_sync.AsyncShieldCancellation):
        """Around closing a connection; nothing on asyncio (see the module)."""

        def __init__(self) -> None:
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                super().__init__()
            else:
                self._backend = NATIVE

        def __enter__(self) -> AsyncioShield:
            if self._backend != NATIVE:
                super().__enter__()
            return self

        def __exit__(self, *exc: Any) -> None:
            if self._backend != NATIVE:
                super().__exit__(*exc)

    _OURS = {"AsyncLock": AsyncioLock, "AsyncEvent": AsyncioEvent,
             "AsyncShieldCancellation": AsyncioShield}


def _places() -> list[tuple[ModuleType, str]] | None:
    """httpcore's (module, name) pairs to replace; None if one is not as expected."""
    if _sync is None:
        return None
    places = []
    for module_name, names in _PLACES.items():
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            return None
        for name in names:
            current = getattr(module, name, None)
            if current is not getattr(_sync, name, None) and current is not _OURS[name]:
                return None  # httpcore changed: leave it whole
            places.append((module, name))
    return places


def install() -> bool:
    """Use :class:`AsyncioLock`, :class:`AsyncioEvent` and :class:`AsyncioShield` in
    httpcore's pool from now on (idempotent); False if this httpcore is not laid out
    as expected (nothing changed then)."""
    places = _places()
    if places is None:
        return False
    for module, name in places:
        _ORIGINALS.setdefault((module, name), getattr(_sync, name))
        setattr(module, name, _OURS[name])
    return True


def uninstall() -> None:
    """Put httpcore's own classes back (benchmarks measure plain httpx with them)."""
    for (module, name), original in _ORIGINALS.items():
        setattr(module, name, original)


def installed() -> bool:
    """Whether httpcore's pool uses this module's classes now."""
    places = _places()
    return bool(places) and all(getattr(m, n) is _OURS[n] for m, n in places)
