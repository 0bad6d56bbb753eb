"""Shared helpers for the client's contract tests against the sandbox."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from licensedesk.api import ClientConfig, Credentials, LicenseClient
from tests.support.aio import run_async


class Sleeps:
    """Stands in for asyncio.sleep in the retry loop: records delays, yields once."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, delay: float) -> None:
        self.delays.append(delay)
        await asyncio.sleep(0)


def pair(sandbox: Any, label: str | None) -> Credentials | None:
    if label is None:
        return None
    return Credentials(*sandbox.creds(label))


def config(sandbox: Any, read: str | None = "read", write: str | None = "write", **kw: Any):
    kw.setdefault("retry_backoff", 0.0)
    return ClientConfig(sandbox.url, read=pair(sandbox, read), write=pair(sandbox, write), **kw)


def run(
    sandbox: Any,
    test: Callable[[LicenseClient], Awaitable[Any]],
    read: str | None = "read",
    write: str | None = "write",
    **kw: Any,
) -> Any:
    """Run ``test(client)`` in a fresh event loop with a client on the sandbox."""

    async def main() -> Any:
        async with LicenseClient(config(sandbox, read, write, **kw)) as client:
            client.transport.sleep = Sleeps()
            return await test(client)

    return run_async(main())
