"""One TLS context per verify setting, shared by every client (building one loads the CA
bundle: 20-50 ms, which the image fetcher's client paid on the UI thread); a bundle
changed on disk is loaded again; a bad one is still refused every time."""

from __future__ import annotations

import shutil

import certifi
import pytest

from licensedesk.api.errors import InvalidInput
from licensedesk.api.tls import verify_setting


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


def test_images_load_ahead_builds_the_context_the_fetcher_then_uses(monkeypatch):
    """A plain-http client needs no TLS context, but the licence image may be on https:
    ``images.load_ahead`` (run in a worker thread) builds the one the fetcher will use,
    so the first image does not load the CA bundle on the UI thread."""
    import threading

    from licensedesk.api import images, tls
    from licensedesk.api.client import LicenseClient
    from licensedesk.api.config import ClientConfig

    monkeypatch.setattr(tls, "_CONTEXTS", {})
    config = ClientConfig(base_url="http://127.0.0.1:9")
    LicenseClient(config)
    assert tls._CONTEXTS == {}  # the client itself builds none
    worker = threading.Thread(target=images.load_ahead, args=(config,))
    worker.start()
    worker.join()
    built = tls._CONTEXTS[tls._default_key()]
    assert verify_setting(config.verify) is built  # what the fetcher's client is given


def test_images_load_ahead_leaves_a_bad_bundle_for_the_fetch_to_report(tmp_path, monkeypatch):
    from licensedesk.api import images, tls
    from licensedesk.api.config import ClientConfig

    monkeypatch.setattr(tls, "_CONTEXTS", {})
    missing = tmp_path / "missing.pem"
    images.load_ahead(ClientConfig(base_url="http://127.0.0.1:9", verify=str(missing)))
    assert tls._CONTEXTS == {}
    with pytest.raises(InvalidInput):
        verify_setting(missing)  # the fetch's own call still says it
