"""Which image addresses may be fetched (api/images.py), decided before any request."""

import pytest

from licensedesk.api.errors import InvalidInput
from licensedesk.api.images import resolve_image_url

BASE = "https://licences.example.org/api"


@pytest.mark.parametrize(
    "url",
    [
        "https://cdn.example.com/img/sku.png",
        "HTTPS://cdn.example.com/img/sku.png?v=2",
        "http://127.0.0.1:8000/media/sku/x.svg",
        "http://localhost/x.png",
        "http://[::1]:81/x.png",
        "http://images.localhost/x.png",
    ],
)
def test_allowed_addresses_are_kept(url):
    assert resolve_image_url(url, BASE) == url


@pytest.mark.parametrize(
    "url",
    [
        "ftp://cdn.example.com/x.png",
        "file:///etc/passwd",
        "data:image/png;base64,AAAA",
        "javascript:alert(1)",
        "img/x.png",
        "x.png",
        "https://",
        "//",
    ],
)
def test_other_schemes_and_relative_forms_are_refused(url):
    with pytest.raises(InvalidInput) as info:
        resolve_image_url(url, BASE)
    assert info.value.field == "image_url"


@pytest.mark.parametrize(
    "url",
    [
        "http://cdn.example.com/x.png",
        "http://10.0.0.5/x.png",
        "http://128.0.0.1/x.png",
        "http://[::2]/x.png",
    ],
)
def test_plain_http_only_to_loopback_unless_the_profile_allows_it(url):
    with pytest.raises(InvalidInput) as info:
        resolve_image_url(url, BASE)
    assert "http://" in info.value.sentence
    assert resolve_image_url(url, BASE, allow_insecure_http=True) == url


def test_a_path_resolves_against_the_service_host():
    assert resolve_image_url("/media/sku/a.svg", BASE) == (
        "https://licences.example.org/media/sku/a.svg"
    )
    assert resolve_image_url("/x.png", "http://127.0.0.1:4000") == "http://127.0.0.1:4000/x.png"


def test_a_path_follows_the_same_rules_as_the_service_address():
    # an insecure service the profile allowed: its relative images are allowed too
    url = resolve_image_url("/x.png", "http://lan-server:8080", allow_insecure_http=True)
    assert url == "http://lan-server:8080/x.png"
    with pytest.raises(InvalidInput):
        resolve_image_url("/x.png", "http://lan-server:8080")


def test_a_path_without_a_service_address_is_refused():
    with pytest.raises(InvalidInput):
        resolve_image_url("/x.png", None)


def test_protocol_relative_is_not_a_path():
    # "//host/x" names another host: refused (no scheme), never resolved against the service
    with pytest.raises(InvalidInput):
        resolve_image_url("//cdn.example.com/x.png", BASE)


@pytest.mark.parametrize(
    "url", ["https://user:pw@cdn.example.com/x.png", "https://user@cdn.example.com/x.png"]
)
def test_credentials_in_the_address_are_refused(url):
    with pytest.raises(InvalidInput) as info:
        resolve_image_url(url, BASE)
    assert "user" not in info.value.details.describe()
    assert info.value.details.url == "https://***@cdn.example.com/x.png"


def test_an_address_holding_the_profiles_key_is_refused():
    key = "sk_live_0123456789abcdef"
    with pytest.raises(InvalidInput) as info:
        resolve_image_url(f"https://cdn.example.com/x.png?k={key}", BASE, secrets=(key,))
    assert "API key" in info.value.sentence
    assert key not in info.value.details.describe()


@pytest.mark.parametrize("url", ["", "   ", None])
def test_empty_is_refused(url):
    with pytest.raises(InvalidInput):
        resolve_image_url(url, BASE)
