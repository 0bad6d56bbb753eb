"""ImageFetcher over real HTTP: the sandbox's media route and a tiny image host of our own."""

from __future__ import annotations

import pytest

from licensedesk.api import ClientConfig, Credentials
from licensedesk.api.errors import (
    BadResponse,
    ConnectFailed,
    InvalidInput,
    NotFound,
    TimedOut,
    TlsError,
)
from licensedesk.api.images import MAX_IMAGE_BYTES, ImageFetcher, fetch_image
from tests.support.aio import run_async
from tests.support.image_server import HUGE, PNG, ImageServer
from tests.support.net import free_port

KEY = "sk_canary_image_0123456789"


@pytest.fixture
def host():
    with ImageServer() as server:
        yield server


def config_for(url: str) -> ClientConfig:
    return ClientConfig(
        url, read=Credentials("img-app", KEY), write=Credentials("img-w", KEY + "w")
    )


def fetch(url: str, base: str, **limits):
    return run_async(fetch_image(url, config_for(base), **limits))


def test_sandbox_media_image_arrives_with_its_type(sandbox):
    image = fetch("/media/sku/sp-2024-perp.svg", sandbox.url)
    assert image.content_type == "image/svg+xml" and image.data.startswith(b"<svg")
    assert image.url == sandbox.url + "/media/sku/sp-2024-perp.svg"
    png = fetch(sandbox.url + "/media/sku/sp-2024-edu.png", sandbox.url)
    assert png.content_type == "image/png" and png.data.startswith(b"\x89PNG")


def test_no_key_no_auth_no_cookie_ever_leaves(host):
    fetch(host.url + "/ok.png", host.url)
    fetch(host.url + "/redirect", host.url)  # after /ok.png set a cookie
    text = host.request_text()
    assert host.paths() == ["/ok.png", "/redirect", "/ok.png"]
    assert KEY not in text and "api_key" not in text and "img-app" not in text
    lowered = text.lower()
    assert "authorization" not in lowered and "cookie" not in lowered


def test_not_found_html_json_and_lying_type(host):
    with pytest.raises(NotFound) as info:
        fetch(host.url + "/missing.png", host.url)
    assert info.value.what == "image" and info.value.details.http_status == 404
    with pytest.raises(BadResponse) as info:
        fetch(host.url + "/page.html", host.url)
    assert "text/html" in info.value.sentence
    with pytest.raises(BadResponse) as info:
        fetch(host.url + "/data.json", host.url)
    assert "application/json" in info.value.sentence
    # the fetch only checks the type; "image/png" with HTML inside is the decoder's to refuse
    assert fetch(host.url + "/not-an-image.png", host.url).data.startswith(b"<html>")


def test_a_body_over_the_cap_is_stopped_while_it_streams(host):
    fetcher = ImageFetcher()

    async def go():
        try:
            await fetcher.fetch(host.url + "/huge.png", config_for(host.url))
        finally:
            await fetcher.aclose()

    with pytest.raises(BadResponse) as info:
        run_async(go())
    assert "larger than" in info.value.sentence
    assert MAX_IMAGE_BYTES < fetcher.last_received < MAX_IMAGE_BYTES + 1024 * 1024
    # the server could not push everything: the client hung up long before
    assert host.sent["/huge.png"] < HUGE // 2


def test_a_declared_length_over_the_cap_is_refused_before_reading(host):
    fetcher = ImageFetcher()
    with pytest.raises(BadResponse):
        run_async(fetcher.fetch(host.url + "/huge-declared.png", config_for(host.url)))
    assert fetcher.last_received == 0
    assert host.sent["/huge-declared.png"] < HUGE // 2
    assert fetcher.in_flight == 0 and fetcher.is_open  # kept for the next image
    run_async(fetcher.aclose())
    assert not fetcher.is_open


def test_redirects_are_followed_a_few_times_only(host):
    assert fetch(host.url + "/redirect", host.url).data == PNG
    with pytest.raises(BadResponse) as info:
        fetch(host.url + "/loop", host.url)
    assert "redirected" in info.value.sentence
    assert host.paths().count("/loop") == 4  # the first request + 3 redirects


def test_a_server_that_is_down(host):
    with pytest.raises(ConnectFailed):
        fetch(f"http://127.0.0.1:{free_port()}/x.png", host.url)


def test_a_slow_server_times_out(host):
    try:
        with pytest.raises(TimedOut):
            fetch(host.url + "/slow.png", host.url, read_timeout=0.3, total_timeout=5)
    finally:
        host.release()


def test_refused_addresses_send_nothing(host):
    with pytest.raises(InvalidInput):
        fetch("http://images.example.com/x.png", host.url)
    with pytest.raises(InvalidInput):
        fetch(host.url + f"/ok.png?key={KEY}", host.url)
    assert host.paths() == []


def test_a_handshake_that_fails_is_not_said_as_a_certificate(host):
    """An https address on the host's plain HTTP port: the handshake fails, and no
    certificate was ever seen to be doubted."""
    https = host.url.replace("http://", "https://")
    with pytest.raises(TlsError) as info:
        fetch(https + "/ok.png", https)
    assert info.value.sentence == "The secure connection to the image server could not be set up."
    assert host.paths() == []
