"""ClientConfig refuses what cannot work before any request is made."""

import pytest

from licensedesk.api.config import ClientConfig, Credentials
from licensedesk.api.errors import InvalidInput


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000",
        "http://127.5.6.7",
        "http://[::1]:80",
        "http://localhost:1/",
        "https://licences.example.org",
    ],
)
def test_allowed_urls(url):
    assert ClientConfig(url).base_url == url.rstrip("/")


def test_trailing_v2_removed():
    assert ClientConfig("https://h.example/api/v2/").base_url == "https://h.example/api"


@pytest.mark.parametrize(
    "url", ["http://licences.example.org", "http://10.0.0.1", "http://128.0.0.1", "http://[::2]"]
)
def test_plain_http_refused_unless_allowed(url):
    with pytest.raises(InvalidInput) as info:
        ClientConfig(url)
    assert info.value.field == "base_url"
    assert "http://" in info.value.sentence and "https://" in info.value.sentence
    assert ClientConfig(url, allow_insecure_http=True).base_url == url


@pytest.mark.parametrize(
    "url", ["", "ftp://h", "h.example", "https://h.example/?x=1", "https://u:p@h.example"]
)
def test_bad_urls(url):
    with pytest.raises(InvalidInput):
        ClientConfig(url)


def test_bad_transport_and_zone():
    with pytest.raises(InvalidInput) as info:
        ClientConfig("https://h.example", transport="xml")  # type: ignore[arg-type]
    assert info.value.field == "transport"
    with pytest.raises(InvalidInput) as info:
        ClientConfig("https://h.example", server_timezone="Mars/Olympus")
    assert info.value.field == "server_timezone"
    assert str(ClientConfig("https://h.example", server_timezone="Europe/Berlin").tz) == (
        "Europe/Berlin"
    )


def test_credentials_not_empty():
    with pytest.raises(InvalidInput):
        Credentials("", "k")
    with pytest.raises(InvalidInput):
        Credentials("a", " ")


def test_ca_bundle_must_exist_when_the_client_is_made(tmp_path):
    from licensedesk.api import LicenseClient

    missing = ClientConfig("https://h.example", verify=str(tmp_path / "missing.pem"))
    with pytest.raises(InvalidInput) as info:
        LicenseClient(missing)
    assert info.value.field == "verify"
    bundle = tmp_path / "ca.pem"
    bundle.write_text("not a certificate")
    with pytest.raises(InvalidInput):
        LicenseClient(ClientConfig("https://h.example", verify=bundle))
