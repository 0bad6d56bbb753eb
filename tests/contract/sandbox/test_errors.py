"""Every error row of spec §7, and bad input that must never give a 5xx."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

import pytest

from .helpers import HTTP, assert_error, call, cred_args

UNKNOWN = "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ"


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/v2/activations/{unknown}"),
        ("GET", "/v2/activations/{no_activations}"),
        ("PUT", "/v2/activations/999999"),
        ("DELETE", "/v2/activations/999999"),
        ("PUT", "/v2/activations/update-api/999999"),
        ("DELETE", "/v2/activations/destroy-api/999999"),
        ("DELETE", "/v2/activations/not-a-number"),
    ],
)
def test_activation_does_not_exist(sandbox, method, path):
    path = path.format(unknown=UNKNOWN, no_activations=sandbox.serial("no_activations"))
    response = call(sandbox, method, path, activated=True)
    assert_error(response, 404, "Activation does not exist!")


def test_upgrade_current_license_does_not_exist(sandbox):
    response = call(
        sandbox,
        "POST",
        "/v2/licenses/upgrade",
        current_serial=UNKNOWN,
        upgrade_serial=sandbox.serial("upgrade_target"),
    )
    assert_error(response, 404, "Current license does not exist!")


def test_upgrade_upgrade_license_does_not_exist(sandbox):
    response = call(
        sandbox,
        "POST",
        "/v2/licenses/upgrade",
        current_serial=sandbox.serial("upgrade_current"),
        upgrade_serial=UNKNOWN,
    )
    assert_error(response, 404, "Upgrade license does not exist!")


def test_upgrade_mismatch(sandbox):
    current = sandbox.serial("upgrade_current")
    response = call(
        sandbox,
        "POST",
        "/v2/licenses/upgrade",
        current_serial=current,
        upgrade_serial=sandbox.serial("upgrade_mismatch"),
    )
    assert_error(response, 422, "Upgrade license does not match for upgrade with current license!")
    still = call(sandbox, "GET", f"/v2/licenses/show-license/{current}")
    assert still.status_code == 200


def test_show_license_unknown_is_401_license_does_not_exist(sandbox):
    response = call(sandbox, "GET", f"/v2/licenses/show-license/{UNKNOWN}", "read")
    assert_error(response, 401, "License does not exist!")


def test_unknown_route_is_404_error_body(sandbox):
    assert_error(HTTP.get(sandbox.url + "/v2/nothing-here"), 404)
    assert_error(HTTP.get(sandbox.url + "/"), 404)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/v2/licenses/valid"),
        ("DELETE", "/v2/licenses/upgrade"),
        ("POST", "/v2/activations/1"),
        ("GET", "/v2/activations/update-api/1"),
        ("PATCH", "/v2/register-products/X"),
    ],
)
def test_wrong_method_is_405_error_body(sandbox, method, path):
    response = HTTP.request(method, sandbox.url + path)
    assert_error(response, 405)
    assert response.headers["allow"]


def test_oversized_body_is_413(sandbox):
    big = {**cred_args(sandbox, "read"), "serial": "x", "padding": "y" * (65 * 1024)}
    response = HTTP.post(sandbox.url + "/v2/licenses/valid", json=big)
    assert_error(response, 413)


def test_body_just_under_limit_is_read(sandbox):
    args = {
        **cred_args(sandbox, "read"),
        "code": sandbox.product_code("perpetual"),
        "serial": sandbox.serial("perpetual"),
        "version": "2.0",
        "pad": "y" * 60000,
    }
    response = HTTP.post(sandbox.url + "/v2/licenses/valid", json=args)
    assert response.status_code == 200


@pytest.mark.parametrize("body", [b"{not json", b"\xff\xfe", b"[" * 50000, b'{"a": 1'])
def test_malformed_json_is_400(sandbox, body):
    response = HTTP.post(
        sandbox.url + "/v2/licenses/valid",
        content=body,
        headers={"content-type": "application/json"},
    )
    assert_error(response, 400, "Malformed JSON body.")


@pytest.mark.parametrize("body", [b"[1, 2]", b'"text"', b"42", b"null"])
def test_json_that_is_not_an_object_is_422(sandbox, body):
    response = HTTP.post(
        sandbox.url + "/v2/licenses/valid", content=body, headers={"content-type": "text/json"}
    )
    assert_error(response, 422, "The JSON body must be an object.")


def test_unsupported_content_type_is_415(sandbox):
    response = HTTP.post(
        sandbox.url + "/v2/licenses/valid",
        content=b"serial=1",
        headers={"content-type": "text/csv"},
    )
    assert_error(response, 415)


def _raw_get(url: str, target: bytes) -> tuple[int, bytes]:
    """Send a request line exactly as given (httpx would normalise the path)."""
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=5) as sock:
        sock.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


@pytest.mark.parametrize(
    "target",
    [
        b"/v2/activations/..",
        b"/v2/activations/%2E%2E",
        b"/v2/licenses/show-license/..%2Fvalid",
        b"/v2/licenses/show-license/AAAA%2FBBBB",
        b"/v2/licenses/show-license/%00",
        b"/v2/licenses/show-license/%3Cscript%3E",
        b"/v2/activations/AB%20CD",
        b"/v2/../v2/licenses/valid",
    ],
)
def test_odd_path_segments_get_a_clear_400(sandbox, target):
    status, body = _raw_get(sandbox.url, target)
    assert status == 400
    assert b"Invalid path" in body


def test_path_segments_never_reach_another_route(sandbox):
    status, _ = _raw_get(sandbox.url, b"/v2/activations/%2E%2E/licenses/valid")
    assert status == 400
    assert sandbox.request_count("GET", "/v2/licenses/valid") == 0


@pytest.mark.parametrize(
    "route", ["/v2/licenses/valid", "/v2/licenses/products", "/v2/licenses/upgrade"]
)
def test_missing_arguments_are_422(sandbox, route):
    response = call(sandbox, "POST", route)
    assert_error(response, 422)
    assert "field is required" in response.json()["error"]["message"]


def test_wrong_typed_arguments_are_422(sandbox):
    response = call(sandbox, "POST", "/v2/licenses/products", serial=12345)
    assert_error(response, 422, "The serial field must be a string.")
    activation = sandbox.data["activations"][0]["id"]
    response = call(sandbox, "PUT", f"/v2/activations/{activation}", activated="maybe")
    assert_error(response, 422, "The activated field must be true or false.")
    response = call(sandbox, "PUT", f"/v2/activations/{activation}")
    assert_error(response, 422, "The activated field is required.")
