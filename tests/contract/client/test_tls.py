"""TLS: an unverifiable certificate is a TlsError (not retried); a CA bundle path makes it work."""

from __future__ import annotations

import shutil
import ssl
import subprocess

import pytest

from licensedesk.api import ClientConfig, Credentials, LicenseClient, TlsError
from tests.support.aio import run_async

from .odd_server import API_KEY, APP_ID, SERIAL, OddServer

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")


@pytest.fixture(scope="module")
def cert(tmp_path_factory):
    d = tmp_path_factory.mktemp("tls")
    key, crt = d / "key.pem", d / "cert.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-keyout",
            str(key),
            "-out",
            str(crt),
            "-days",
            "1",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
    )
    return key, crt


def _run(cert, verify):
    key, crt = cert
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(crt, key)

    async def main():
        server = OddServer()
        await server.start(ssl=context)
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
    assert "certificate" in outcome.sentence
    assert "CERTIFICATE_VERIFY_FAILED" in (outcome.details.cause or "")
    assert sum(hits.values()) == 0  # no HTTP request got through


def test_ca_bundle_path_accepted(cert):
    outcome, hits = _run(cert, str(cert[1]))
    assert outcome.serial == SERIAL and sum(hits.values()) == 1
