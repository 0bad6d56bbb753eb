"""httpcore's pool on asyncio's locks and events (api/pool_sync.py), against real servers.

Each pool scenario runs twice: on this app's classes and on httpcore's own (anyio's),
and must end the same way on both."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap

import anyio
import httpcore
import httpx
import pytest

from licensedesk.api import pool_sync
from licensedesk.api.network import async_client
from tests.support.aio import loop_turns, run_async
from tests.support.loopback_http import Server, answer, answer_every_request, read_request


@pytest.fixture(params=["asyncio", "httpcore's own"])
def classes(request, monkeypatch):
    """The pool's locks and events: this app's, or httpcore's own for the same test
    (``async_client()`` then installs nothing)."""
    if request.param == "asyncio":
        assert pool_sync.install()
    else:
        pool_sync.uninstall()
        monkeypatch.setattr(pool_sync, "install", lambda: False)
    try:
        yield request.param
    finally:
        monkeypatch.undo()
        assert pool_sync.install()


def in_use(classes: str) -> None:
    """Fails unless the pool runs on the classes the test asked for."""
    assert pool_sync.installed() is (classes == "asyncio")


def one_connection(pool_timeout: float | None = None) -> httpx.AsyncClient:
    timeout = httpx.Timeout(5.0, pool=pool_timeout)
    return async_client(verify=False, timeout=timeout,
                        limits=httpx.Limits(max_connections=1, max_keepalive_connections=1))


def test_the_clients_pool_uses_asyncio_locks():
    """If an httpcore upgrade lays its pool out otherwise, this says so (the app still
    works, on anyio's locks)."""
    async_client(verify=False, limits=httpx.Limits())
    assert pool_sync.installed()
    import httpcore._async.connection_pool as pool_module
    import httpcore._async.http11 as http11

    assert http11.AsyncLock is pool_sync.AsyncioLock
    assert pool_module.AsyncEvent is pool_sync.AsyncioEvent


def test_uninstall_puts_httpcores_own_back():
    import httpcore._async.connection as connection

    try:
        pool_sync.uninstall()
        assert connection.AsyncLock is httpcore._synchronization.AsyncLock
        assert not pool_sync.installed()
    finally:
        assert pool_sync.install()
    assert connection.AsyncLock is pool_sync.AsyncioLock


def test_a_lookup_does_not_load_anyios_asyncio_backend(sandbox):
    """The three calls of a lookup, in a fresh interpreter: anyio's asyncio backend
    (19-25 ms to import) stays unloaded, as the CLI's ``show`` needs."""
    app_id, key = sandbox.creds("read_write")
    script = textwrap.dedent(f"""
        import asyncio, os, sys
        from licensedesk.api import ClientConfig, Credentials, LicenseClient
        async def main():
            pair = Credentials({app_id!r}, os.environ["LD_TEST_KEY"])
            async with LicenseClient(ClientConfig({sandbox.url!r}, read=pair,
                                                  write=pair)) as client:
                serial = {sandbox.serial("perpetual")!r}
                await asyncio.gather(client.show_license(serial),
                                     client.license_products(serial),
                                     client.activations(serial))
        asyncio.run(main())
        print("anyio._backends._asyncio" in sys.modules)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env={**os.environ, "LD_TEST_KEY": key}, timeout=60)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "False"


def test_many_requests_share_few_connections(classes):
    async def main():
        server = Server(answer_every_request(b"ok"))
        limits = httpx.Limits(max_connections=2, max_keepalive_connections=2)
        async with server as url, async_client(verify=False, limits=limits) as http:
            in_use(classes)
            answers = await asyncio.gather(*(http.get(url) for _ in range(30)))
        return [a.content for a in answers], server.connections

    bodies, connections = run_async(main())
    assert bodies == [b"ok"] * 30
    assert connections <= 2


def test_a_request_waiting_too_long_for_a_connection_is_a_pool_timeout(classes):
    async def handler(reader, writer):
        await read_request(reader)
        await asyncio.sleep(1)  # holds the only connection
        writer.write(answer())

    async def main():
        async with Server(handler) as url, one_connection(pool_timeout=0.05) as http:
            in_use(classes)
            first = asyncio.ensure_future(http.get(url))
            await asyncio.sleep(0.05)  # the first has the connection
            try:
                with pytest.raises(httpx.PoolTimeout):
                    await http.get(url)
            finally:
                first.cancel()

    run_async(main())


def test_a_request_cancelled_while_waiting_for_a_connection_leaves_the_pool_working(classes):
    release = asyncio.Event()

    async def handler(reader, writer):
        await read_request(reader)
        await release.wait()  # the first answer waits until the second was cancelled
        writer.write(answer(b"first"))
        while True:
            await read_request(reader)
            writer.write(answer(b"later"))

    async def main():
        async with Server(handler) as url, one_connection() as http:
            in_use(classes)
            first = asyncio.ensure_future(http.get(url))
            await asyncio.sleep(0.05)
            waiting = asyncio.ensure_future(http.get(url))
            await asyncio.sleep(0.05)  # queued for the only connection
            waiting.cancel()
            with pytest.raises(asyncio.CancelledError):
                await waiting
            release.set()
            return (await first).content, (await http.get(url)).content

    assert run_async(main()) == (b"first", b"later")


def test_anyios_shield_does_not_hold_against_asyncio_cancellation():
    """Why :class:`pool_sync.AsyncioShield` may do nothing on asyncio: anyio's shield,
    which it replaces, let a ``task.cancel()`` and an ``asyncio.timeout`` through too.
    If an anyio release starts holding them, this fails: look at the shield again."""
    async def shielded(seconds: float) -> None:
        with anyio.CancelScope(shield=True):
            await asyncio.sleep(seconds)

    async def main():
        task = asyncio.ensure_future(shielded(5))
        await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(0.01):
                await shielded(5)

    run_async(main())


def test_an_asyncio_event_assigned_before_the_wait_returns_at_once():
    """A request given a connection at once does not pass the loop again to learn it."""
    async def main():
        event = pool_sync.AsyncioEvent()
        event.set()
        _, turns = await loop_turns(event.wait(timeout=1))
        return turns

    assert run_async(main()) == 0
