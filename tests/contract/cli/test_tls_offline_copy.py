"""``show`` when the secure connection cannot be set up, as a user's shell runs it: the
sentence says which TLS failure it was (a port that answers plain HTTP on an https
address is not "a certificate that could not be verified"), and the licence book's copy
of a serial seen before follows, as for a service that is down (docs/book.md)."""

from __future__ import annotations

import asyncio

import pytest

from tests.support.aio import run_async
from tests.support.tls_cert import needs_openssl, self_signed, server_context

from ..client.odd_server import OddServer
from .child import ChildCli

COPY = "The service cannot be reached; this is the licence book's copy as of "


@pytest.fixture
def child(sandbox, tmp_path):
    return ChildCli(sandbox, tmp_path)


def seen(child, sandbox) -> str:
    """A serial the book holds: shown once from the service itself (plain http)."""
    serial = sandbox.serial("perpetual")
    done = child("show", serial, *child.conn)
    assert done.code == 0, done.err
    return serial


def test_plain_http_on_an_https_address_is_said_and_the_copy_shown(child, sandbox):
    serial = seen(child, sandbox)
    https = sandbox.url.replace("http://", "https://")
    app_id = child.conn[-1]
    done = child("show", serial, "--base-url", https, "--app-id", app_id)
    child.assert_quiet(done)
    assert done.code == 3
    err = done.err_lines
    assert err[0] == (
        "Error: The licence service answered without TLS (plain HTTP) on an https address, "
        "so the request was not sent. Check the address: its port may be the service's "
        "plain HTTP port."
    )
    assert "certificate" not in done.err
    assert err[1].startswith(COPY)
    assert serial in done.out and "As of" in done.out


@needs_openssl
def test_a_certificate_that_cannot_be_verified_is_said_and_the_copy_shown(child, sandbox, tmp_path):
    serial = seen(child, sandbox)
    context = server_context(self_signed(tmp_path))
    app_id = child.conn[-1]

    async def main():
        server = OddServer()
        url = await server.start(ssl=context)
        try:  # the child runs in a thread while this loop serves its TLS handshake
            done = await asyncio.to_thread(
                child, "show", serial, "--base-url", url, "--app-id", app_id
            )
        finally:
            await server.stop()
        return done, sum(server.hits.values())

    done, hits = run_async(main())
    child.assert_quiet(done)
    assert hits == 0  # the handshake failed: no request reached the server
    assert done.code == 3
    err = done.err_lines
    assert err[0] == (
        "Error: The secure connection to the licence service failed: its certificate could "
        "not be verified."
    )
    assert err[1].startswith(COPY)
    assert serial in done.out and "As of" in done.out
