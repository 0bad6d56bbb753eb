"""Property-based fuzz over every route and argument shape: never a 5xx, always a spec shape.

Each example gets a fresh copy of the demo database (``fresh``): with one database
for all, an example's upgrade or delete changed what the next ones could reach, and
a failure could not be replayed alone.
"""

from __future__ import annotations

import itertools
import json
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import (
    ACTIVATION_FIELDS,
    HTTP,
    LICENSE_FIELDS,
    PRODUCT_FIELDS,
    SHOW_LICENSE_FIELDS,
    VALIDATION_FIELDS,
    assert_shape,
)

# route name -> (method, path template; {seg} is the fuzzed path segment)
ROUTES = {
    "register_get": ("GET", "/v2/register-products/{seg}"),
    "register_put": ("PUT", "/v2/register-products/{seg}"),
    "activations_get": ("GET", "/v2/activations/{seg}"),
    "activation_put": ("PUT", "/v2/activations/{seg}"),
    "activation_delete": ("DELETE", "/v2/activations/{seg}"),
    "legacy_put": ("PUT", "/v2/activations/update-api/{seg}"),
    "legacy_delete": ("DELETE", "/v2/activations/destroy-api/{seg}"),
    "upgrade": ("POST", "/v2/licenses/upgrade"),
    "products": ("POST", "/v2/licenses/products"),
    "show": ("GET", "/v2/licenses/show-license/{seg}"),
    "valid": ("POST", "/v2/licenses/valid"),
}
KEYS = [
    "serial",
    "code",
    "version",
    "host_id",
    "device_tag",
    "activated",
    "current_serial",
    "upgrade_serial",
    "name",
    "email",
    "sku_number",
    "other",
]
SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
    st.sampled_from(["2.0", "true", "0", "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ"]),
)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3), max_leaves=5)
segments = st.one_of(
    st.text(max_size=30),
    st.integers(-5, 10**20).map(str),
    st.sampled_from(["..", ".", "%2F", "1", "a/b"]),
)


def _check(name: str, response) -> None:
    assert response.status_code < 500, (name, response.status_code, response.text)
    body = response.json()
    if "error" in body:
        assert set(body) == {"error"}
        assert body["error"]["status_code"] == response.status_code
        assert isinstance(body["error"]["message"], str)
        return
    assert response.status_code == 200
    if "message" in body:
        assert set(body) == {"message"} and isinstance(body["message"], str)
        return
    data = body["data"]
    shapes = {
        "register_get": LICENSE_FIELDS,
        "activations_get": ACTIVATION_FIELDS,
        "products": PRODUCT_FIELDS,
    }
    if name in shapes:
        for item in data:
            assert_shape(item, shapes[name])
    elif name == "show":
        assert_shape(data, SHOW_LICENSE_FIELDS)
    else:
        assert name == "valid"
        assert_shape(data, VALIDATION_FIELDS)


@pytest.fixture
def fresh(_sandbox_session, tmp_path):
    """A new ``SandboxHandle`` on its own copy of the demo database, per call."""
    counter = itertools.count()

    def make():
        folder = tmp_path / f"example-{next(counter)}"
        folder.mkdir()
        return _sandbox_session.fresh(folder)

    return make


def _credentials(sandbox, who: str) -> dict[str, str]:
    if who == "none":
        return {}
    app_id, api_key = sandbox.creds("read_write" if who == "good" else "read")
    return {"app_id": app_id, "api_key": api_key if who == "good" else api_key + "x"}


@SETTINGS
@given(
    name=st.sampled_from(sorted(ROUTES)),
    segment=st.one_of(st.sampled_from(["known", "activation"]), segments),
    args=st.dictionaries(st.sampled_from(KEYS), values, max_size=6),
    how=st.sampled_from(["query", "json", "form", "multipart"]),
    who=st.sampled_from(["good", "good", "wrong", "none"]),
)
def test_structured_arguments_never_5xx(fresh, name, segment, args, how, who):
    sandbox = fresh()
    method, template = ROUTES[name]
    if segment == "known":
        segment = sandbox.serial("perpetual")
    elif segment == "activation":
        segment = str(sandbox.data["activations"][1]["id"])
    url = sandbox.url + template.format(seg=quote(segment, safe="") or "x")
    payload = {**args, **_credentials(sandbox, who)}
    as_text = {k: v if isinstance(v, str) else json.dumps(v) for k, v in payload.items()}
    if how == "json" and method != "GET":
        response = HTTP.request(method, url, json=payload)
    elif how == "form" and method != "GET":
        response = HTTP.request(method, url, data=as_text)
    elif how == "multipart" and method != "GET":
        files = {k: (None, v.encode("utf-8", "surrogatepass")) for k, v in as_text.items()}
        response = HTTP.request(method, url, files=files or {"x": (None, b"")})
    else:
        params = {k: v.encode("utf-8", "surrogatepass") for k, v in as_text.items()}
        response = HTTP.request(method, url, params=params)
    _check(name, response)


@SETTINGS
@given(
    method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH"]),
    path=st.one_of(st.sampled_from([t for _, t in ROUTES.values()]), st.text(max_size=40)),
    content_type=st.sampled_from(
        [
            "application/json",
            "text/json",
            "application/x+json",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
            "multipart/form-data; boundary=zz",
            "text/plain",
            "",
        ]
    ),
    body=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)),
)
def test_raw_bodies_and_paths_never_5xx(fresh, method, path, content_type, body):
    sandbox = fresh()
    path = "/" + quote(path.replace("{seg}", "X").lstrip("/"), safe="/%")
    headers = {"content-type": content_type} if content_type else {}
    response = HTTP.request(method, sandbox.url + path, content=body, headers=headers)
    assert response.status_code < 500, (path, response.status_code, response.text)
    body = response.json()
    assert "error" in body or "data" in body or "status" in body or "message" in body
    if "error" in body:
        assert body["error"]["status_code"] == response.status_code
