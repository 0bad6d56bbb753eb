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


def async_client(*, verify: bool | ssl.SSLContext, limits: httpx.Limits,
                 **kwargs: Any) -> httpx.AsyncClient:
    """An ``httpx.AsyncClient`` with ``verify``, ``limits`` and License Desk's User-Agent
    (proxies named by the environment are httpx's own, as always)."""
    kwargs["headers"] = with_user_agent(kwargs.get("headers"))
    return httpx.AsyncClient(verify=verify, limits=limits, **kwargs)
