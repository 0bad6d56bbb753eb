"""The one way this package makes an ``httpx.AsyncClient``: httpx as it comes, naming
License Desk in its User-Agent (:mod:`.agent`).

The service, the image fetcher and the batch check all go through it, so each request
carries the same User-Agent and nothing of httpx's own is replaced: connections, the
pool and its locks are httpx's and httpcore's, on anyio's asyncio backend.
"""

from __future__ import annotations

import ssl
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
