"""Several small connection pools behind one ``httpx.AsyncClient``: its transport.

httpcore's pool looks at every one of its connections each time a request starts and
each time an answer is closed, and at every connection again for each idle one (the
keep-alive count; docs/client.md, "Connections"). With the 32 connections of a batch
at concurrency 32 that was most of the client's own CPU per request. :class:`Lanes`
hands each request to the least busy of several ``httpx.AsyncHTTPTransport`` objects of
:data:`LANE` connections each, through httpx's public transport interface: the sockets,
pools and locks stay httpx's and httpcore's own.
"""

from __future__ import annotations

import ssl
from collections.abc import AsyncIterator, Callable

import httpx

#: connections in one lane: a lookup's few calls never leave the first
LANE = 4


class Lanes(httpx.AsyncBaseTransport):
    """``connections`` split into lanes of :data:`LANE`; a request goes to the lane with
    the fewest answers open (the first among equals), so up to ``connections`` requests
    are in flight before one waits, as with one pool of that size."""

    def __init__(
        self, connections: int, *, verify: bool | ssl.SSLContext, keepalive_expiry: float
    ) -> None:
        sizes = [LANE] * (connections // LANE) + (
            [connections % LANE] if connections % LANE else []
        )
        # each lane keeps all its connections: httpcore closes an idle one whenever the
        # pool holds more connections (busy ones too) than it may keep idle
        self.lanes = [
            httpx.AsyncHTTPTransport(
                verify=verify,
                limits=httpx.Limits(
                    max_connections=n,
                    max_keepalive_connections=n,
                    keepalive_expiry=keepalive_expiry,
                ),
            )
            for n in sizes
        ]
        self.open = [0] * len(self.lanes)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        lane = min(range(len(self.lanes)), key=self.open.__getitem__)
        self.open[lane] += 1
        try:
            response = await self.lanes[lane].handle_async_request(request)
        except BaseException:
            self.open[lane] -= 1
            raise

        def release() -> None:
            self.open[lane] -= 1

        return httpx.Response(
            response.status_code,
            headers=response.headers,
            stream=_Counted(response.stream, release),
            extensions=response.extensions,
        )

    async def aclose(self) -> None:
        for lane in self.lanes:
            await lane.aclose()


class _Counted(httpx.AsyncByteStream):
    """An answer's body that tells its lane once it is closed."""

    def __init__(self, stream: httpx.AsyncByteStream, release: Callable[[], None]) -> None:
        self.stream = stream
        self.release: Callable[[], None] | None = release

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for chunk in self.stream:
            yield chunk

    async def aclose(self) -> None:
        release, self.release = self.release, None
        try:
            await self.stream.aclose()
        finally:
            if release is not None:
                release()
