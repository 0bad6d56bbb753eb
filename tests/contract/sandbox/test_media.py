"""Sandbox extra: SKU images on a media route; image_url always absolute (docs/sandbox.md)."""

from __future__ import annotations

import pytest

from .helpers import HTTP, call, show


def _image_url(sandbox, kind: str):
    return show(sandbox, sandbox.serial(kind)).json()["data"]["image_url"]


@pytest.mark.parametrize(
    "kind",
    [
        "perpetual",
        "subscription_active",
        "upgrade_current",
        "upgrade_target",
        "inactive_product",
        "offline",
    ],
)
def test_image_url_is_absolute_on_this_server_and_serves_an_image(sandbox, kind):
    url = _image_url(sandbox, kind)
    assert url.startswith(sandbox.url + "/media/sku/"), url
    response = HTTP.get(url)
    assert response.status_code == 200
    assert response.headers["content-type"] in ("image/svg+xml", "image/png")
    assert "max-age" in response.headers["cache-control"] and response.headers["etag"]
    magic = b"<svg" if url.endswith(".svg") else b"\x89PNG\r\n\x1a\n"
    assert response.content.startswith(magic)


@pytest.mark.parametrize("kind", ["trial", "many_activations", "upgrade_mismatch"])
def test_some_skus_have_no_image(sandbox, kind):
    assert _image_url(sandbox, kind) is None


def test_registration_check_also_gives_an_absolute_url(sandbox):
    response = call(sandbox, "GET", f"/v2/register-products/{sandbox.serial('offline')}", "read")
    [lic] = response.json()["data"]
    assert lic["image_url"] == sandbox.url + "/media/sku/sp-2024-edu.png"


def test_the_host_the_client_used_is_the_one_in_the_url(sandbox):
    # a client that reached the server as "localhost" gets "localhost" back
    local = sandbox.url.replace("127.0.0.1", "localhost")
    app_id, key = sandbox.creds("read")
    response = HTTP.get(
        f"{local}/v2/licenses/show-license/{sandbox.serial('perpetual')}",
        params={"app_id": app_id, "api_key": key},
    )
    assert response.json()["data"]["image_url"].startswith(local + "/media/sku/")


def test_stored_absolute_urls_are_left_alone(sandbox):
    import sqlite3

    with sqlite3.connect(sandbox.db_path) as conn:
        conn.execute("UPDATE skus SET image_url = 'https://cdn.example.com/a.png' WHERE id = 1")
    assert _image_url(sandbox, "perpetual") == "https://cdn.example.com/a.png"


def test_media_needs_no_credentials_and_refuses_unknown_images(sandbox):
    assert HTTP.get(sandbox.url + "/media/sku/sp-2024-perp.png").status_code == 200
    for name in ("no-such-sku.svg", "sp-2024-perp.gif", "sp-2024-perp"):
        assert HTTP.get(sandbox.url + "/media/sku/" + name).status_code == 404


def test_etag_revalidation(sandbox):
    first = HTTP.get(sandbox.url + "/media/sku/sp-2024-sub.svg")
    again = HTTP.get(
        sandbox.url + "/media/sku/sp-2024-sub.svg", headers={"If-None-Match": first.headers["etag"]}
    )
    assert again.status_code == 304 and again.content == b""
