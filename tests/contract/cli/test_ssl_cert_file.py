"""``SSL_CERT_FILE`` naming a file that is not there: a command to an https service says
so in one sentence and exits 2 (nothing was sent), never "This is a bug"."""

from __future__ import annotations

import pytest

from tests.support.net import free_port

from .child import ChildCli


@pytest.fixture
def child(sandbox, tmp_path):
    return ChildCli(sandbox, tmp_path)


def test_a_missing_ssl_cert_file_is_a_sentence(child, sandbox, tmp_path):
    missing = tmp_path / "gone" / "ca.pem"
    url = f"https://127.0.0.1:{free_port()}"
    done = child(
        "show",
        sandbox.serial("perpetual"),
        "--base-url",
        url,
        "--app-id",
        "a",
        env={"SSL_CERT_FILE": str(missing), "SSL_CERT_DIR": ""},
    )
    child.assert_quiet(done)
    assert done.code == 2
    assert done.err.strip() == (
        f"Error: The certificates named by SSL_CERT_FILE={missing} cannot be used: the file "
        "is missing or holds no certificate. Correct the variable or unset it."
    )
