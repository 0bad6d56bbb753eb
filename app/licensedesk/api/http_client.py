"""The one way this package makes an ``httpx.AsyncClient``: httpx as it comes, naming
License Desk in its User-Agent (:mod:`.agent`); and the one way it reads a body within a
limit (:func:`read_within`).

The service, the image fetcher and the batch check all go through it, so each request
carries the same User-Agent and nothing of httpx's own is replaced: connections, the
pool and its locks are httpx's and httpcore's, on anyio's asyncio backend.
"""

from __future__ import annotations

import ssl
from collections.abc import Awaitable, Callable
from typing import Any

import httpx

from .agent import with_user_agent
from .lanes import Lanes

#: seconds an idle connection is kept for the next request: under the 5 s after which
#: common servers (uvicorn, the sandbox) close one, so a request is not sent on a
#: connection the server is closing at that moment ("Server disconnected")
KEEPALIVE_EXPIRY = 4.0


def limits(connections: int, idle: int) -> httpx.Limits:
    """At most ``connections`` open, ``idle`` of them kept for :data:`KEEPALIVE_EXPIRY`."""
    return httpx.Limits(
        max_connections=connections,
        max_keepalive_connections=idle,
        keepalive_expiry=KEEPALIVE_EXPIRY,
    )


def async_client(
    *, verify: bool | ssl.SSLContext, limits: httpx.Limits, lanes: bool = False, **kwargs: Any
) -> httpx.AsyncClient:
    """An ``httpx.AsyncClient`` with ``verify``, ``limits`` and License Desk's User-Agent
    (proxies named by the environment are httpx's own, as always). ``lanes``: the
    connections in small pools (:mod:`.lanes`), for a client that keeps many busy."""
    kwargs["headers"] = with_user_agent(kwargs.get("headers"))
    if lanes:
        kwargs["transport"] = Lanes(
            limits.max_connections or 1,
            verify=verify,
            keepalive_expiry=limits.keepalive_expiry or 0.0,
        )
    return httpx.AsyncClient(verify=verify, limits=limits, **kwargs)


async def read_within(
    response: httpx.Response, limit: int, take: Callable[[bytes], Awaitable[bool]]
) -> int:
    """Give the pieces of ``response``'s body to ``take`` (False: read no more) while at
    most ``limit`` bytes (decoded: gzip cannot inflate past it) have come; returns how many
    came, the piece past ``limit`` counted, not taken. Then the response is closed, but the
    loop is not left early: an abandoned httpx body iterator is finalised later in another
    task, where httpcore fails on its cancel scope; on the closed stream it ends by itself."""
    size, done = 0, False
    try:
        async for chunk in response.aiter_bytes():
            if done:
                continue
            size += len(chunk)
            done = size > limit or not await take(chunk)
            if done:
                await response.aclose()
    except (httpx.HTTPError, httpx.StreamError):
        if not done:
            raise
    return size
