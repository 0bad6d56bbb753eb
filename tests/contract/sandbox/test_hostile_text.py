"""Arguments that are not text (issue #13): invalid UTF-8 behind percent-escapes, lone
surrogates in JSON, in values and in names, on every route: a 400 with the spec's error
body, never a 500 (SQLite and ``str.encode`` refuse a lone surrogate). Raw sockets, so
the bytes arrive exactly as written. Valid text, astral characters included, still works.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from .helpers import HTTP, call
from .rawhttp import assert_json_error, exchange, request

# method, path template, the route's own arguments (besides credentials)
ROUTES = {
    "show": ("GET", "/v2/licenses/show-license/{perpetual}", {}),
    "activations": ("GET", "/v2/activations/{perpetual}", {}),
    "register_get": ("GET", "/v2/register-products/{offline}", {}),
    "register_put": (
        "PUT",
        "/v2/register-products/{offline}",
        {"name": "Ada Lovelace", "email": "ada@example.org"},
    ),
    "activation_put": ("PUT", "/v2/activations/{activation}", {"activated": "false"}),
    "activation_delete": ("DELETE", "/v2/activations/{activation}", {}),
    "legacy_put": ("PUT", "/v2/activations/update-api/{activation}", {"activated": "false"}),
    "legacy_delete": ("DELETE", "/v2/activations/destroy-api/{activation}", {}),
    "valid": (
        "POST",
        "/v2/licenses/valid",
        {"serial": "{perpetual}", "code": "{code}", "version": "2.0"},
    ),
    "products": ("POST", "/v2/licenses/products", {"serial": "{perpetual}"}),
    "upgrade": (
        "POST",
        "/v2/licenses/upgrade",
        {"current_serial": "{upgrade_current}", "upgrade_serial": "{upgrade_target}"},
    ),
}
BODY_ROUTES = sorted(name for name, (method, _, _) in ROUTES.items() if method != "GET")
# percent-escapes that are not UTF-8: encoded surrogates (high, low), a stray byte, an
# overlong "/", a truncated sequence
BAD_ESCAPES = ["%ED%A0%80", "%ED%BF%BF", "%FF", "%C0%AF", "%E2%82"]
# JSON escapes that are not text: lone high and low surrogates, a pair in the wrong order
BAD_JSON = ["\\ud800", "\\udfff", "\\udc00\\ud800"]


def _fill(sandbox, text: str) -> str:
    return text.format(
        perpetual=sandbox.serial("perpetual"),
        offline=sandbox.serial("offline"),
        upgrade_current=sandbox.serial("upgrade_current"),
        upgrade_target=sandbox.serial("upgrade_target"),
        code=sandbox.product_code("perpetual"),
        activation=sandbox.data["activations"][0]["id"],
    )


def _route(sandbox, name: str) -> tuple[str, str, dict[str, str]]:
    method, path, extra = ROUTES[name]
    app_id, api_key = sandbox.creds("read_write")
    args = {"app_id": app_id, "api_key": api_key}
    args.update({key: _fill(sandbox, value) for key, value in extra.items()})
    return method, _fill(sandbox, path), args


def _query(args: dict[str, str]) -> str:
    return "&".join(f"{quote(k)}={quote(v)}" for k, v in args.items())


def _assert_400(sandbox, data: bytes) -> None:
    [response], _closed = exchange(sandbox.url, data)
    assert_json_error(response, 400)


def _slots(sandbox, name: str) -> list[str]:
    """app_id, api_key and one of the route's own arguments."""
    _, _, args = _route(sandbox, name)
    return ["app_id", "api_key", *[k for k in args if k not in ("app_id", "api_key")][:1]]


@pytest.mark.parametrize("name", sorted(ROUTES))
def test_invalid_utf8_escapes_in_query_values_are_400(sandbox, name):
    method, path, args = _route(sandbox, name)
    for index, slot in enumerate(_slots(sandbox, name)):
        query = _query({k: v for k, v in args.items() if k != slot})
        bad = BAD_ESCAPES[index % len(BAD_ESCAPES)]
        _assert_400(sandbox, request(method, f"{path}?{query}&{slot}=x{bad}"))


@pytest.mark.parametrize("name", sorted(ROUTES))
def test_invalid_utf8_escapes_in_query_names_are_400(sandbox, name):
    method, path, args = _route(sandbox, name)
    for bad in ("%ED%A0%80", "api_key%FF"):
        _assert_400(sandbox, request(method, f"{path}?{_query(args)}&{bad}=1"))


@pytest.mark.parametrize("name", BODY_ROUTES)
def test_lone_surrogates_in_json_values_and_names_are_400(sandbox, name):
    method, path, args = _route(sandbox, name)
    for index, slot in enumerate(_slots(sandbox, name)):
        body = json.dumps({**args, slot: "PLACEHOLDER"}).replace(
            "PLACEHOLDER", "x" + BAD_JSON[index % len(BAD_JSON)]
        )
        _assert_400(
            sandbox, request(method, path, body.encode(), {"Content-Type": "application/json"})
        )
    named = json.dumps({**args, "PLACEHOLDER": "1"}).replace("PLACEHOLDER", "\\ud800")
    _assert_400(
        sandbox, request(method, path, named.encode(), {"Content-Type": "application/json"})
    )


@pytest.mark.parametrize("name", BODY_ROUTES)
def test_invalid_utf8_in_form_bodies_is_400(sandbox, name):
    method, path, args = _route(sandbox, name)
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    for index, slot in enumerate(_slots(sandbox, name)):
        query = _query({k: v for k, v in args.items() if k != slot}).encode()
        escaped = query + f"&{slot}=x{BAD_ESCAPES[index % len(BAD_ESCAPES)]}".encode()
        _assert_400(sandbox, request(method, path, escaped, form))
        raw = query + f"&{slot}=x".encode() + b"\xed\xa0\x80"
        _assert_400(sandbox, request(method, path, raw, form))
    _assert_400(sandbox, request(method, path, _query(args).encode() + b"&%ED%A0%80=1", form))


def test_a_refused_delete_deleted_nothing(sandbox):
    method, path, args = _route(sandbox, "activation_delete")
    _assert_400(sandbox, request(method, f"{path}?{_query(args)}&x=%ED%A0%80"))
    listed = call(sandbox, "GET", f"/v2/activations/{sandbox.serial('perpetual')}", "read")
    assert sandbox.data["activations"][0]["id"] in [a["id"] for a in listed.json()["data"]]


@pytest.mark.parametrize("how", ["json-escapes", "json-utf8", "query", "form"])
def test_valid_text_beyond_ascii_still_works(sandbox, how):
    """Astral characters (a JSON surrogate pair), accents, percent-encoded UTF-8."""
    name = "Zoë Brontë 🎵"
    _method, path, args = _route(sandbox, "register_put")
    args["name"] = name
    url = sandbox.url + path
    if how == "json-escapes":
        response = HTTP.put(
            url,
            content=json.dumps(args).encode(),  # ensure_ascii: \ud83c\udfb5
            headers={"content-type": "application/json"},
        )
    elif how == "json-utf8":
        response = HTTP.put(
            url,
            content=json.dumps(args, ensure_ascii=False).encode(),
            headers={"content-type": "application/json"},
        )
    elif how == "query":
        response = HTTP.put(url, params=args)
    else:
        response = HTTP.put(url, data=args)
    assert response.status_code == 200, response.text
    shown = call(sandbox, "GET", f"/v2/licenses/show-license/{sandbox.serial('offline')}", "read")
    assert shown.json()["data"]["name"] == name
