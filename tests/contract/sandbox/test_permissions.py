"""Spec §5: every route × {no credentials, wrong key, read, write, read_write}."""

from __future__ import annotations

import pytest

from .helpers import assert_error, call

NOT_AUTHORIZED = "You are not authorized!"

# (method, path template, permission the spec's table asks for, arguments)
ROUTES = [
    ("GET", "/v2/register-products/{offline}", "read", {}),
    ("PUT", "/v2/register-products/{offline}", "read", {"name": "A B", "email": "a@b.example"}),
    ("GET", "/v2/activations/{perpetual}", "read", {}),
    ("PUT", "/v2/activations/{activation}", "write", {"activated": False}),
    ("DELETE", "/v2/activations/{activation}", "write", {}),
    ("PUT", "/v2/activations/update-api/{activation}", "write", {"activated": False}),
    ("DELETE", "/v2/activations/destroy-api/{activation}", "write", {}),
    (
        "POST",
        "/v2/licenses/upgrade",
        "read",
        {"current_serial": "{upgrade_current}", "upgrade_serial": "{upgrade_target}"},
    ),
    ("POST", "/v2/licenses/products", "write", {"serial": "{perpetual}"}),
    ("GET", "/v2/licenses/show-license/{perpetual}", "read", {}),
    (
        "POST",
        "/v2/licenses/valid",
        "read",
        {"serial": "{perpetual}", "code": "{code}", "version": "2.0"},
    ),
]

WHO = ["none", "wrong_key", "unknown_app", "read", "write", "read_write"]


def _fill(sandbox, text):
    if not isinstance(text, str):
        return text
    names = {kind: sandbox.serial(kind) for kind in sandbox.data["catalogue"]["serials"]}
    names["activation"] = sandbox.data["activations"][0]["id"]
    names["code"] = sandbox.product_code("perpetual")
    return text.format(**names)


def _request(sandbox, method, path, who, args):
    args = {key: _fill(sandbox, value) for key, value in args.items()}
    path = _fill(sandbox, path)
    if who == "none":
        return call(sandbox, method, path, None, **args)
    if who == "wrong_key":
        app_id, _ = sandbox.creds("read_write")
        return call(sandbox, method, path, None, app_id=app_id, api_key="sk_demo_wrong", **args)
    if who == "unknown_app":
        _, api_key = sandbox.creds("read_write")
        return call(sandbox, method, path, None, app_id="nobody", api_key=api_key, **args)
    return call(sandbox, method, path, who, **args)


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize(("method", "path", "need", "args"), ROUTES, ids=lambda v: str(v)[:40])
def test_permission_matrix(sandbox, method, path, need, args, who):
    response = _request(sandbox, method, path, who, args)
    allowed = who == "read_write" or who == need
    if allowed:
        assert response.status_code == 200, response.text
        assert "error" not in response.json()
    else:
        assert_error(response, 401, NOT_AUTHORIZED)


def test_denied_write_changes_nothing(sandbox):
    activation = sandbox.data["activations"][0]
    denied = call(sandbox, "DELETE", f"/v2/activations/{activation['id']}", "read")
    assert_error(denied, 401, NOT_AUTHORIZED)
    listed = call(sandbox, "GET", f"/v2/activations/{sandbox.serial('perpetual')}", "read")
    assert activation["id"] in {a["id"] for a in listed.json()["data"]}
