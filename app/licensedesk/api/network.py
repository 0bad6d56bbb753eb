"""httpx's connections on asyncio's own sockets: a network backend for httpcore.

httpcore talks to the network through a pluggable backend; under asyncio it picks
anyio's. anyio pays for its generality on every read and write: a cancel scope and a
timer per operation, a checkpoint (one more pass of the loop) before each write, a
socket-attribute table rebuilt each time the pool asks whether an idle connection was
closed, and, on qasync, a new Qt socket notifier for every read (anyio pauses reading
between reads). Measured against the sandbox (``tests/bench/bench_client.py``):
LicenseClient's CPU a call 1,630 -> 1,045-1,130 us (raw httpx on each backend: 1,210-
1,610 and 910-1,015 us), and the last of three gathered requests left 4.5 -> 2.4 ms
after they were started (docs/client.md, "Connections").

:class:`AsyncioBackend` does the same on an :class:`asyncio.Protocol`: the transport
reads as data comes (never paused, unless a reader falls 256 KiB behind), a read
that finds data waits for nothing, and a timer is set only when an operation has to
wait. It raises httpcore's own errors, as anyio's backend does, so httpx maps them to
the same exceptions (``ConnectError``, ``ReadTimeout``...).

What it does not do: Unix sockets (httpx's ``uds=``, not used here). Proxies from the
environment keep httpx's own backend: :func:`async_client` gives ours to the direct
connections only. The pool's own locks and events, anyio's too: :mod:`.pool_sync`.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Iterable
from typing import Any

import httpcore
import httpx

from . import pool_sync
from .agent import with_user_agent

#: a reader this far behind pauses the socket; it resumes below :data:`_LOW_WATER`
_HIGH_WATER = 256 * 1024
_LOW_WATER = 64 * 1024
#: as anyio's connect_tcp: the next address is tried if one has not answered in 250 ms
_HAPPY_EYEBALLS_DELAY = 0.25
#: httpcore's names of what get_extra_info answers -> asyncio's
_EXTRA_INFO = {"ssl_object": "ssl_object", "client_addr": "sockname",
               "server_addr": "peername", "socket": "socket"}


class _Connection(asyncio.Protocol):
    """One socket's received bytes, end and error, and whether writing must wait."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.ended = False  # the peer closed its side, or the connection is gone
        self.error: BaseException | None = None
        self._read_paused = False
        self._write_paused = False
        self._waiter: asyncio.Future[None] | None = None  # a read or write waiting

    # asyncio.Protocol: called by the transport

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if len(self.buffer) > _HIGH_WATER and not self._read_paused and self.transport:
            self._read_paused = True
            self.transport.pause_reading()
        self._wake()

    def eof_received(self) -> bool:
        self.ended = True
        self._wake()
        return False  # the transport closes itself

    def connection_lost(self, exc: Exception | None) -> None:
        self.ended = True
        self.error = exc
        self._write_paused = False
        self._wake()

    def pause_writing(self) -> None:
        self._write_paused = True

    def resume_writing(self) -> None:
        self._write_paused = False
        self._wake()

    # used by AsyncioStream

    def take(self, max_bytes: int) -> bytes:
        if len(self.buffer) <= max_bytes:  # the usual case: all of it, copied once
            data = bytes(self.buffer)
            self.buffer.clear()
        else:
            data = bytes(self.buffer[:max_bytes])
            del self.buffer[:max_bytes]
        if self._read_paused and len(self.buffer) < _LOW_WATER and self.transport:
            self._read_paused = False
            self.transport.resume_reading()
        return data

    def can_read(self) -> bool:
        return bool(self.buffer) or self.ended

    def can_write(self) -> bool:
        return not self._write_paused

    async def wait(self) -> None:
        """Until something changes: data, the end, an error, room to write."""
        waiter = self._waiter = asyncio.get_running_loop().create_future()
        try:
            await waiter
        finally:
            self._waiter = None

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)


class AsyncioStream(httpcore.AsyncNetworkStream):
    """httpcore's view of one connection (plain, or TLS after :meth:`start_tls`)."""

    def __init__(self, connection: _Connection) -> None:
        self._connection = connection

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        conn = self._connection
        if not conn.can_read():
            try:
                async with asyncio.timeout(timeout):
                    while not conn.can_read():
                        await conn.wait()
            except TimeoutError as exc:
                raise httpcore.ReadTimeout(exc) from exc
        if conn.buffer:
            return conn.take(max_bytes)
        if conn.error is not None:
            raise httpcore.ReadError(conn.error) from conn.error
        return b""  # the peer closed the connection: httpcore knows what that means

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        if not buffer:
            return
        conn = self._connection
        transport = conn.transport
        if transport is None or transport.is_closing() or conn.error is not None:
            error = conn.error or ConnectionResetError("the connection is closed")
            raise httpcore.WriteError(error) from error
        transport.write(buffer)
        if not conn.can_write():  # the kernel's and asyncio's buffers are full: wait
            try:
                async with asyncio.timeout(timeout):
                    while not conn.can_write() and conn.error is None:
                        await conn.wait()
            except TimeoutError as exc:
                raise httpcore.WriteTimeout(exc) from exc
            if conn.error is not None:
                raise httpcore.WriteError(conn.error) from conn.error

    async def aclose(self) -> None:
        transport = self._connection.transport
        if transport is not None:
            transport.close()

    async def start_tls(
        self,
        ssl_context: ssl.SSLContext,
        server_hostname: str | None = None,
        timeout: float | None = None,
    ) -> httpcore.AsyncNetworkStream:
        conn = self._connection
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(timeout):
                tls = await loop.start_tls(conn.transport, conn, ssl_context,
                                           server_hostname=server_hostname)
        except TimeoutError as exc:
            await self.aclose()
            raise httpcore.ConnectTimeout(exc) from exc
        except OSError as exc:  # ssl.SSLError too
            await self.aclose()
            raise httpcore.ConnectError(exc) from exc
        conn.transport = tls  # type: ignore[assignment]
        return self

    def get_extra_info(self, info: str) -> Any:
        transport = self._connection.transport
        if info == "is_readable":
            # asked of an idle connection: bytes or an end nobody asked for mean the
            # server closed it (or sent an answer to no request); it is not reused
            return self._connection.can_read()
        key = _EXTRA_INFO.get(info)
        return transport.get_extra_info(key) if key and transport is not None else None


class AsyncioBackend(httpcore.AsyncNetworkBackend):
    """Opens :class:`AsyncioStream` connections on the running asyncio loop."""

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(timeout):
                _transport, conn = await loop.create_connection(
                    _Connection, host, port,
                    local_addr=(local_address, 0) if local_address else None,
                    happy_eyeballs_delay=_HAPPY_EYEBALLS_DELAY,
                )
        except TimeoutError as exc:  # (before OSError: a TimeoutError is one)
            raise httpcore.ConnectTimeout(exc) from exc
        except OSError as exc:
            raise httpcore.ConnectError(exc) from exc
        stream = AsyncioStream(conn)
        sock = stream.get_extra_info("socket")
        for option in socket_options or ():
            sock.setsockopt(*option)
        return stream

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        raise httpcore.ConnectError("Unix sockets are not supported by this backend")

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


def async_client(*, verify: bool | ssl.SSLContext, limits: httpx.Limits,
                 **kwargs: Any) -> httpx.AsyncClient:
    """An ``httpx.AsyncClient`` whose direct connections use :class:`AsyncioBackend`,
    and whose pool takes asyncio's own locks (:func:`.pool_sync.install`); it names
    License Desk in its User-Agent (:mod:`.agent`).

    httpx does not take a network backend, so it is set on the pool its transport
    built (``_pool``); an httpx that builds its pool otherwise keeps its own backend:
    the same behaviour, only slower (``tests/contract/client/test_network_backend.py``
    says which).
    Proxies named by the environment are httpx's own mounts, with ``verify`` and
    ``limits`` too."""
    pool_sync.install()
    kwargs["headers"] = with_user_agent(kwargs.get("headers"))
    transport = httpx.AsyncHTTPTransport(verify=verify, limits=limits)
    use_asyncio_backend(transport)
    return httpx.AsyncClient(transport=transport, verify=verify, limits=limits, **kwargs)


def use_asyncio_backend(transport: httpx.AsyncHTTPTransport) -> bool:
    """Give ``transport``'s connection pool an :class:`AsyncioBackend`; False if this
    httpx's transport has no pool of the expected kind (nothing changed then)."""
    pool = getattr(transport, "_pool", None)
    if type(pool) is not httpcore.AsyncConnectionPool or not hasattr(pool, "_network_backend"):
        return False
    pool._network_backend = AsyncioBackend()
    return True
