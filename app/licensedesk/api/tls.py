"""TLS for the service's and the image fetcher's clients: the verify setting as an
SSLContext built once per setting, and telling a TLS failure from other network errors
(a certificate that cannot be verified, another handshake failure, and a server that
answers plain HTTP where https was asked for).

Building a context loads the CA bundle (tens of milliseconds): the contexts are shared by
every client of the process, so the image fetcher's client does not pay it again on the
UI thread after the profile's client paid it in a worker thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import ssl
import threading
from enum import Enum
from pathlib import Path

import httpx

from licensedesk.i18n import N_

from .errors import InvalidInput
from .sentence import say


class TlsFailure(Enum):
    """Which TLS failure ended a connection: the sentences differ, and only the
    certificate's is "could not be verified"."""

    CERTIFICATE = "certificate"  # the server's certificate could not be verified
    HANDSHAKE = "handshake"  # another failure: the handshake did not complete


def tls_failure(exc: BaseException) -> TlsFailure | None:
    """The TLS failure behind ``exc`` (its causes included), or None when it is none."""
    seen = set()
    current: BaseException | None = exc
    handshake = False
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, ssl.CertificateError):  # SSLCertVerificationError too
            return TlsFailure.CERTIFICATE
        handshake = handshake or isinstance(current, ssl.SSLError)
        current = current.__cause__ or current.__context__
    text = str(exc)
    if "CERTIFICATE_VERIFY_FAILED" in text:
        return TlsFailure.CERTIFICATE
    return TlsFailure.HANDSHAKE if handshake or "SSL" in text else None


async def answers_plain_http(url: httpx.URL, timeout: float) -> bool:
    """Whether the server of the https ``url`` answers plain HTTP on its port: asked once
    its TLS handshake failed, so that the sentence says what was found, not a guess from
    OpenSSL's reason (whose words differ between its versions). The question is
    ``HEAD /`` without a key or an argument; only the answer's first five bytes are read."""
    port = url.port or 443
    writer = None
    try:
        async with asyncio.timeout(timeout):
            reader, writer = await asyncio.open_connection(url.host, port)
            writer.write(b"HEAD / HTTP/1.0\r\nHost: " + url.netloc + b"\r\n\r\n")
            await writer.drain()
            head = await reader.readexactly(5)
    except (OSError, TimeoutError, asyncio.IncompleteReadError):
        return False
    finally:
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError, TimeoutError):
                async with asyncio.timeout(timeout):
                    await writer.wait_closed()
    return head == b"HTTP/"


#: TLS contexts built so far, by verify setting (see :func:`verify_setting`)
_CONTEXTS: dict[tuple, ssl.SSLContext] = {}
_CONTEXTS_LOCK = threading.Lock()


def verify_setting(verify: bool | str | Path) -> bool | ssl.SSLContext:
    """False as given; True (httpx's own default context: certifi, or SSL_CERT_FILE /
    SSL_CERT_DIR), a CA bundle file or a CA directory: an SSLContext, built once per
    setting and shared by every client (see the module's docstring). A bundle file changed
    on disk is loaded again."""
    if verify is False:
        return False
    key = _default_key() if verify is True else _bundle_key(Path(verify))
    with _CONTEXTS_LOCK:
        context = _CONTEXTS.get(key)
    if context is None:
        context = _default_context() if verify is True else _bundle_context(Path(verify))
        with _CONTEXTS_LOCK:
            context = _CONTEXTS.setdefault(key, context)
    return context


def _default_key() -> tuple:
    """The default context is built from SSL_CERT_FILE / SSL_CERT_DIR when they are set:
    another value is another context."""
    return ("default", os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR"))


def _default_context() -> ssl.SSLContext:
    """httpx's default context; the CA bundle that ``SSL_CERT_FILE`` / ``SSL_CERT_DIR``
    name is loaded there, and a variable naming a missing file is said in a sentence."""
    try:
        return httpx.create_ssl_context()
    except (OSError, ssl.SSLError) as exc:
        names = _unusable_certificate_variables()
        if not names:
            raise
        raise InvalidInput(
            say(
                N_(
                    "The certificates named by {variable} cannot be used: the file is missing "
                    "or holds no certificate. Correct the variable or unset it."
                ),
                variable=" ".join(names),
            ),
            field="verify",
        ) from exc


def _unusable_certificate_variables() -> list[str]:
    """``NAME=value`` of SSL_CERT_FILE / SSL_CERT_DIR that name nothing usable (both set
    ones when neither is plainly missing)."""
    given = {name: os.environ.get(name, "") for name in ("SSL_CERT_FILE", "SSL_CERT_DIR")}
    missing = [name for name, value in given.items() if value and not Path(value).exists()]
    return [f"{name}={given[name]}" for name in missing or [n for n in given if given[n]]]


def _bundle_key(path: Path) -> tuple:
    try:
        info = path.stat()
    except OSError:
        return ("missing", str(path))  # never stored: building its context fails
    return (str(path), info.st_mtime_ns, info.st_size)


def _bundle_context(path: Path) -> ssl.SSLContext:
    try:
        if path.is_dir():
            return ssl.create_default_context(capath=str(path))
        return ssl.create_default_context(cafile=str(path))
    except (OSError, ssl.SSLError) as exc:
        raise InvalidInput(
            say(
                N_("The CA bundle {path} cannot be used: it is missing or not a certificate file."),
                path=repr(str(path)),
            ),
            field="verify",
        ) from exc
