"""Raw-HTTP helpers for the sandbox contract tests (no client code: plain httpx)."""

from __future__ import annotations

import re
from typing import Any

import httpx

STAMP = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}")
SERIAL = re.compile(r"[A-Z0-9]{4}(-[A-Z0-9]{4}){4}")
CODE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")

LICENSE_FIELDS = {
    "id": int,
    "dealer_id": int,
    "dealer_name": str,
    "sku_id": int,
    "sku_name": str,
    "sku_number": str,
    "sku_url": (str, type(None)),
    "image_url": (str, type(None)),
    "serial": str,
    "name": (str, type(None)),
    "email": (str, type(None)),
    "type": str,
    "start_at": (int, type(None)),
    "end_at": (int, type(None)),
    "registered": bool,
    "created_at": str,
    "updated_at": str,
}
SHOW_LICENSE_FIELDS = {**LICENSE_FIELDS, "sku_upgrade": str, "definer": str}
ACTIVATION_FIELDS = {
    "id": int,
    "license_id": int,
    "product_id": int,
    "activated": bool,
    "host_id": str,
    "device_tag": str,
    "created_at": str,
    "updated_at": str,
    "product_name": str,
    "serial": str,
    "sku_name": str,
    "sku": str,
}
PRODUCT_FIELDS = {
    "id": int,
    "name": str,
    "code": str,
    "filename": str,
    "key": str,
    "signature": str,
    "signature_trial": str,
    "active": bool,
    "max_host_count": int,
    "created_at": str,
    "updated_at": str,
}
# One client for the whole run: creating an httpx.Client costs ~25 ms (SSL context).
HTTP = httpx.Client(timeout=10)

VALIDATION_FIELDS = {
    "message": str,
    "licensee_name": str,
    "licensee_email": str,
    "sku_number": str,
    "product_code": str,
    "version_code": str,
}


def assert_shape(obj: dict[str, Any], fields: dict[str, Any]) -> None:
    """Exactly these keys, each of the spec's JSON type (bool is not an int here)."""
    assert set(obj) == set(fields), set(obj) ^ set(fields)
    for key, kind in fields.items():
        value = obj[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if bool not in kinds:
            assert not isinstance(value, bool), (key, value)
        assert isinstance(value, kinds), (key, value)
        if key in ("created_at", "updated_at"):
            assert STAMP.fullmatch(value), (key, value)


def assert_error(response: httpx.Response, status: int, message: str | None = None) -> None:
    """The spec's error body, with HTTP status == body status_code."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"message", "status_code"}
    assert body["error"]["status_code"] == status
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    if message is not None:
        assert body["error"]["message"] == message


def cred_args(sandbox, label: str | None) -> dict[str, str]:
    if label is None:
        return {}
    app_id, api_key = sandbox.creds(label)
    return {"app_id": app_id, "api_key": api_key}


def call(
    sandbox, method: str, path: str, label: str | None = "read_write", **args: Any
) -> httpx.Response:
    """GET/DELETE carry arguments in the query string, PUT/POST in a JSON body."""
    all_args = {**cred_args(sandbox, label), **args}
    if method in ("GET", "DELETE"):
        return HTTP.request(method, sandbox.url + path, params=all_args)
    return HTTP.request(method, sandbox.url + path, json=all_args)


def activations(sandbox, kind: str) -> list[dict[str, Any]]:
    response = call(sandbox, "GET", f"/v2/activations/{sandbox.serial(kind)}", "read")
    assert response.status_code == 200, response.text
    return response.json()["data"]


def show(sandbox, serial: str) -> httpx.Response:
    return call(sandbox, "GET", f"/v2/licenses/show-license/{serial}", "read")
