"""A self-signed certificate for 127.0.0.1, made with the ``openssl`` command, and a TLS
server context that serves it: a TLS server whose certificate a client cannot verify."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from pathlib import Path

import pytest

#: mark a test module that needs the ``openssl`` command
needs_openssl = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")


def self_signed(folder: Path) -> tuple[Path, Path]:
    """(key, certificate) in ``folder``, valid for a day, for the IP 127.0.0.1."""
    key, crt = folder / "key.pem", folder / "cert.pem"
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


def server_context(cert: tuple[Path, Path]) -> ssl.SSLContext:
    key, crt = cert
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(crt, key)
    return context
