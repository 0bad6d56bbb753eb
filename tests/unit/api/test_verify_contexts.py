"""One TLS context per verify setting, shared by every client (building one loads the CA
bundle: 20-50 ms, which the image fetcher's client paid on the UI thread); a bundle
changed on disk is loaded again; a bad one is still refused every time."""

from __future__ import annotations

import shutil

import certifi
import pytest

from licensedesk.api.errors import InvalidInput
from licensedesk.api.transport import verify_setting


def test_the_default_context_is_built_once():
    assert verify_setting(True) is verify_setting(True)
    assert verify_setting(False) is False


def test_a_bundle_is_loaded_once_until_it_changes(tmp_path):
    bundle = tmp_path / "ca.pem"
    shutil.copy(certifi.where(), bundle)
    first = verify_setting(str(bundle))
    assert verify_setting(bundle) is first
    with bundle.open("a") as more:
        more.write("\n")
    assert verify_setting(bundle) is not first


def test_a_missing_or_broken_bundle_is_refused_each_time(tmp_path):
    for _ in range(2):
        with pytest.raises(InvalidInput):
            verify_setting(tmp_path / "missing.pem")
    broken = tmp_path / "broken.pem"
    broken.write_text("not a certificate")
    for _ in range(2):
        with pytest.raises(InvalidInput):
            verify_setting(broken)


def test_a_plain_http_service_loads_no_ca_bundle(tmp_path):
    """The client of an http:// service never does TLS (no redirects are followed): it
    does not read the bundle, so a bundle that would be refused is not even opened."""
    from licensedesk.api.config import ClientConfig
    from licensedesk.api.transport import Transport

    missing = tmp_path / "missing.pem"
    plain = Transport(ClientConfig(base_url="http://127.0.0.1:9", verify=str(missing)))
    assert plain.http.is_closed is False  # built; nothing was sent
    with pytest.raises(InvalidInput):
        Transport(ClientConfig(base_url="https://licences.example", verify=str(missing)))
