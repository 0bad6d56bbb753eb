"""Where arguments travel (DESIGN.md §2): query, urlencoded, multipart, JSON, odd JSON types."""

from __future__ import annotations

import json

import pytest

from .helpers import HTTP, assert_error, cred_args


def _valid_args(sandbox) -> dict[str, str]:
    return {
        **cred_args(sandbox, "read"),
        "serial": sandbox.serial("perpetual"),
        "code": sandbox.product_code("perpetual"),
        "version": "2.0",
    }


def _message(response) -> str:
    assert response.status_code == 200, response.text
    return response.json()["data"]["message"]


def test_query_string(sandbox):
    response = HTTP.post(sandbox.url + "/v2/licenses/valid", params=_valid_args(sandbox))
    assert _message(response) == "valid"


def test_form_urlencoded(sandbox):
    response = HTTP.post(sandbox.url + "/v2/licenses/valid", data=_valid_args(sandbox))
    assert response.request.headers["content-type"] == "application/x-www-form-urlencoded"
    assert _message(response) == "valid"


def test_multipart_form(sandbox):
    files = {key: (None, value) for key, value in _valid_args(sandbox).items()}
    response = HTTP.post(sandbox.url + "/v2/licenses/valid", files=files)
    assert response.request.headers["content-type"].startswith("multipart/form-data")
    assert _message(response) == "valid"


def test_multipart_file_is_refused_with_422(sandbox):
    files = {"serial": ("serial.txt", b"X", "text/plain")}
    response = HTTP.post(
        sandbox.url + "/v2/licenses/valid", files=files, data=cred_args(sandbox, "read")
    )
    assert_error(response, 422, "The serial field must be text, not a file.")


@pytest.mark.parametrize(
    "content_type",
    [
        "application/json",
        "text/json",
        "application/vnd.licensedesk+json",
        "application/json; charset=utf-8",
    ],
)
def test_json_body_any_json_content_type(sandbox, content_type):
    response = HTTP.post(
        sandbox.url + "/v2/licenses/valid",
        content=json.dumps(_valid_args(sandbox)).encode(),
        headers={"content-type": content_type},
    )
    assert _message(response) == "valid"


@pytest.mark.parametrize("how", ["json", "form", "multipart"])
def test_body_wins_over_query(sandbox, how):
    args = _valid_args(sandbox)
    query = {**args, "serial": "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ", "api_key": "wrong"}
    url = sandbox.url + "/v2/licenses/valid"
    if how == "json":
        response = HTTP.post(url, params=query, json=args)
    elif how == "form":
        response = HTTP.post(url, params=query, data=args)
    else:
        response = HTTP.post(url, params=query, files={k: (None, v) for k, v in args.items()})
    assert _message(response) == "valid"


def test_query_fills_what_the_body_lacks(sandbox):
    args = _valid_args(sandbox)
    credentials = {key: args.pop(key) for key in ("app_id", "api_key")}
    response = HTTP.post(sandbox.url + "/v2/licenses/valid", params=credentials, json=args)
    assert _message(response) == "valid"


def test_get_reads_only_the_query_string(sandbox):
    serial = sandbox.serial("perpetual")
    url = f"{sandbox.url}/v2/licenses/show-license/{serial}"
    body = json.dumps(cred_args(sandbox, "read")).encode()
    response = HTTP.request("GET", url, content=body, headers={"content-type": "application/json"})
    assert_error(response, 401, "You are not authorized!")
    assert HTTP.get(url, params=cred_args(sandbox, "read")).status_code == 200


def test_delete_with_query_arguments(sandbox):
    activation = sandbox.data["activations"][0]["id"]
    response = HTTP.delete(
        f"{sandbox.url}/v2/activations/{activation}", params=cred_args(sandbox, "write")
    )
    assert response.json() == {"message": "Activation successfully deleted."}


@pytest.mark.parametrize("value", ["false", "0", 0, False])
def test_boolean_forms_accepted_for_activated(sandbox, value):
    activation = sandbox.data["activations"][0]["id"]
    response = HTTP.put(
        f"{sandbox.url}/v2/activations/{activation}",
        json={**cred_args(sandbox, "write"), "activated": value},
    )
    assert response.status_code == 200
    listed = HTTP.get(
        f"{sandbox.url}/v2/activations/{sandbox.serial('perpetual')}",
        params=cred_args(sandbox, "read"),
    ).json()["data"]
    assert next(a for a in listed if a["id"] == activation)["activated"] is False
