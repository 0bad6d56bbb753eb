"""TLS: an unverifiable certificate is a TlsError (not retried); a CA bundle path makes it
work; a port that answers plain HTTP on an https address, and another handshake failure,
are each said as what they are, never as a certificate."""

from __future__ import annotations

import asyncio

import pytest

from licensedesk.api import ClientConfig, Credentials, LicenseClient, TlsError
from tests.support.aio import run_async
from tests.support.tls_cert import needs_openssl, self_signed, server_context

from .helpers import pair
from .odd_server import API_KEY, APP_ID, SERIAL, OddServer

pytestmark = needs_openssl

CERTIFICATE = (
    "The secure connection to the licence service failed: its certificate could not be verified."
)
PLAIN_HTTP = (
    "The licence service answered without TLS (plain HTTP) on an https address, so the "
    "request was not sent. Check the address: its port may be the service's plain HTTP port."
)


@pytest.fixture(scope="module")
def cert(tmp_path_factory):
    return self_signed(tmp_path_factory.mktemp("tls"))


def _run(cert, verify):
    async def main():
        server = OddServer()
        await server.start(ssl=server_context(cert))
        pair = Credentials(APP_ID, API_KEY)
        cfg = ClientConfig(server.url, read=pair, verify=verify, retry_backoff=0.0)
        try:
            async with LicenseClient(cfg) as client:
                try:
                    return await client.show_license(SERIAL), server.hits
                except TlsError as exc:
                    return exc, server.hits
        finally:
            await server.stop()

    return run_async(main())


def test_self_signed_refused_and_not_retried(cert):
    outcome, hits = _run(cert, True)
    assert isinstance(outcome, TlsError)
    assert outcome.sentence == CERTIFICATE
    assert "CERTIFICATE_VERIFY_FAILED" in (outcome.details.cause or "")
    assert sum(hits.values()) == 0  # no HTTP request got through


def test_ca_bundle_path_accepted(cert):
    outcome, hits = _run(cert, str(cert[1]))
    assert outcome.serial == SERIAL and sum(hits.values()) == 1


def test_plain_http_on_an_https_address_is_said_as_such(sandbox):
    """The sandbox serves plain HTTP; the profile says https:// for its port."""

    https = sandbox.url.replace("http://", "https://")

    async def main():
        cfg = ClientConfig(https, read=pair(sandbox, "read"), retry_backoff=0.0)
        async with LicenseClient(cfg) as client:
            with pytest.raises(TlsError) as refused:
                await client.show_license(sandbox.serial("perpetual"))
            return refused.value

    err = run_async(main())
    assert err.sentence == PLAIN_HTTP
    assert "certificate" not in err.sentence
    assert "WRONG_VERSION_NUMBER" in (err.details.cause or "") or "SSL" in (err.details.cause or "")
    assert sandbox.request_count(path_prefix="/v2") == 0  # no request of the call went out


def test_a_handshake_that_fails_otherwise_is_no_certificate_and_no_plain_http():
    """A port that closes every connection at once: neither TLS nor HTTP answers."""

    async def close_at_once(_reader, writer):
        writer.close()

    async def main():
        server = await asyncio.start_server(close_at_once, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        pair = Credentials(APP_ID, API_KEY)
        cfg = ClientConfig(f"https://127.0.0.1:{port}", read=pair, retry_backoff=0.0)
        try:
            async with LicenseClient(cfg) as client:
                with pytest.raises(TlsError) as refused:
                    await client.show_license(SERIAL)
                return refused.value
        finally:
            server.close()
            await server.wait_closed()

    err = run_async(main())
    assert err.sentence == (
        "The secure connection to the licence service failed: the TLS handshake did not complete."
    )
