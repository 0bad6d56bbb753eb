"""Fuzz at the HTTP level (issue #13): bytes on a raw socket, not what a client would send.

Random methods, paths (percent-escaped bytes, raw bytes), query strings, headers,
framings (Content-Length right, short, long, missing; chunked; both) and bodies
(JSON with lone surrogate escapes, forms with invalid UTF-8, multipart, raw bytes),
sometimes around real serials and credentials so that the deep paths run too. Every
answer is below 500 and, when it is an error, the spec's JSON error body; the server
still answers a ping after each example. Each example gets a fresh copy of the demo
database, so one example's writes (an upgrade, a delete) do not steer the next.
"""

from __future__ import annotations

import json
import shutil
from urllib.parse import quote_from_bytes

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from licensedesk.sandbox.demo import build, create_demo
from licensedesk.sandbox.server import SandboxServer

from .rawhttp import assert_json_error, exchange, request

# the demo's serials, ids and keys are the same every time (seeded): built in, so that
# every Content-Length is computed on the final bytes
_CATALOGUE = build()["catalogue"]
REAL = {
    "serial": _CATALOGUE["serials"]["perpetual"],
    "offline": _CATALOGUE["serials"]["offline"],
    "upgrade": _CATALOGUE["serials"]["upgrade_target"],
    "id": "1",
    "code": _CATALOGUE["product_codes"]["perpetual"],
    "app_id": _CATALOGUE["credentials"]["read_write"]["app_id"],
    "api_key": _CATALOGUE["credentials"]["read_write"]["api_key"],
}
# (method, path): every route with its method, so that fuzzed arguments get past routing
ROUTES = [
    ("GET", "/v2/licenses/show-license/{serial}"),
    ("GET", "/v2/activations/{serial}"),
    ("PUT", "/v2/activations/{id}"),
    ("DELETE", "/v2/activations/{id}"),
    ("PUT", "/v2/activations/update-api/{id}"),
    ("DELETE", "/v2/activations/destroy-api/{id}"),
    ("GET", "/v2/register-products/{offline}"),
    ("PUT", "/v2/register-products/{offline}"),
    ("POST", "/v2/licenses/valid"),
    ("POST", "/v2/licenses/products"),
    ("POST", "/v2/licenses/upgrade"),
    ("GET", "/v2/ping"),
    ("GET", "/media/sku/sp-2024-perp.svg"),
    ("GET", "/"),
]
ROUTES = [(method, path.format(**REAL)) for method, path in ROUTES]
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]
ODD_METHODS = ["get", "CONNECT", "TRACE", "BREW", "G\x00ET", "PO ST", "\xe9"]
KEYS = [
    "app_id",
    "api_key",
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
]
ODD_TEXT = ["\ud800", "\udfff", "\udc00\ud800", "\x00", "\u202e", "🎵", "é", "%", "+", "&=?"]
# a session of its own: short time-outs, so a fuzzed body that never ends costs 0.3 s
SETTINGS = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("http-fuzz")
    data = create_demo(folder / "template.db")
    shutil.copyfile(folder / "template.db", folder / "live.db")
    with SandboxServer(folder / "live.db", header_timeout=0.3) as server:
        yield server, data, folder


def _fresh_database(fuzz_server, counter=[0]) -> dict:  # noqa: B006 (a per-module counter)
    server, data, folder = fuzz_server
    counter[0] += 1
    db = folder / f"example-{counter[0]}.db"
    shutil.copyfile(folder / "template.db", db)
    server.use_database(db)
    return data


texts = st.one_of(
    st.text(max_size=12),
    st.sampled_from(ODD_TEXT),
    st.lists(st.sampled_from(ODD_TEXT), min_size=1, max_size=3).map("".join),
)
raw_bytes = st.binary(max_size=24)
names = st.one_of(st.sampled_from(KEYS), texts)
values = st.one_of(
    texts,
    st.sampled_from([REAL["serial"], "1", "2.0", "true", REAL["code"]]),
    st.integers(-3, 10**20).map(str),
)


def _encode(text: str) -> bytes:
    """As a client would percent-encode it, lone surrogates included (%ED%A0%80)."""
    return quote_from_bytes(text.encode("utf-8", "surrogatepass"), safe="").encode()


@st.composite
def targets(draw, route: str) -> bytes:
    if draw(st.sampled_from(["route"] * 3 + ["random"])) == "route":
        path = route.encode()
    else:
        segments = st.one_of(
            raw_bytes.map(lambda b: quote_from_bytes(b).encode()),
            raw_bytes.filter(lambda b: b" " not in b),
        )
        path = b"/" + b"/".join(draw(st.lists(segments, max_size=4)))
    pairs = draw(
        st.sampled_from(["none", "none", "args"]).flatmap(
            lambda how: arguments() if how == "args" else st.just({})
        )
    ).items()
    query = b"&".join(_encode(str(k)) + b"=" + _encode(str(v)) for k, v in pairs)
    junk = draw(
        st.sampled_from([b""] * 6 + [b"&api%5Fkey=x", b"&%ED%A0%80", b"&%FF=%C0%AF", b"&&=&"])
    )
    return path + (b"?" + query + junk if query or junk else b"")


# every argument of every route, valid: the fuzz breaks one or two of them at a time
VALID_ARGS = {
    "app_id": REAL["app_id"],
    "api_key": REAL["api_key"],
    "serial": REAL["serial"],
    "code": REAL["code"],
    "version": "2.0",
    "activated": "true",
    "current_serial": _CATALOGUE["serials"]["upgrade_current"],
    "upgrade_serial": REAL["upgrade"],
    "name": "Ada",
    "email": "ada@example.org",
    "host_id": "f" * 32,
}


@st.composite
def arguments(draw) -> dict:
    """Mostly every argument valid but one (so that requests get past the credentials
    check to the lookups and the SQL), sometimes random names and values."""
    if draw(st.sampled_from(["one broken"] * 3 + ["random"])) == "one broken":
        args = dict(VALID_ARGS)
        key = draw(st.sampled_from(sorted(VALID_ARGS)))
        args[key] = draw(
            st.sampled_from(["odd", "odd", "text", "value"]).flatmap(
                {"odd": st.sampled_from(ODD_TEXT), "text": texts, "value": values}.__getitem__
            )
        )
        return args
    anything = st.one_of(values, st.booleans(), st.none(), st.integers())
    return dict(draw(st.lists(st.tuples(names, anything), max_size=6)))


@st.composite
def bodies(draw) -> tuple[str | None, bytes]:
    args = draw(arguments())
    kind = draw(st.sampled_from(["json"] * 3 + ["form"] * 2 + ["none", "multipart", "raw", "deep"]))
    if kind == "json":  # ensure_ascii writes lone surrogates as \ud800 escapes
        return draw(st.sampled_from(["application/json", "text/json", "a/b+json"])), json.dumps(
            args
        ).encode()
    if kind == "form":
        form = b"&".join(_encode(str(k)) + b"=" + _encode(str(v)) for k, v in args.items())
        return "application/x-www-form-urlencoded", form
    if kind == "multipart":
        parts = b"".join(
            b'--zz\r\nContent-Disposition: form-data; name="'
            + str(k).encode("utf-8", "surrogatepass")
            + b'"\r\n\r\n'
            + str(v).encode("utf-8", "surrogatepass")
            + b"\r\n"
            for k, v in args.items()
        )
        return "multipart/form-data; boundary=zz", parts + b"--zz--\r\n"
    if kind == "raw":
        return draw(st.one_of(st.none(), st.text(max_size=30))), draw(st.binary(max_size=200))
    if kind == "deep":
        depth = draw(st.integers(1, 30000))
        return "application/json", b"[" * depth + b"]" * draw(st.integers(0, depth))
    return None, b""


@st.composite
def requests(draw) -> bytes:
    method, route = draw(st.sampled_from(ROUTES))
    method = draw(st.sampled_from([method] * 12 + METHODS + ODD_METHODS))
    target = draw(targets(route))
    content_type, body = draw(bodies())
    framing = draw(st.sampled_from(["length"] * 4 + ["none", "short", "long", "chunked", "both"]))
    headers = [b"Host: sandbox", b"Connection: close"]
    if content_type is not None:
        headers.append(b"Content-Type: " + content_type.encode("utf-8", "surrogatepass"))
    header_values = st.one_of(
        st.sampled_from([b"100-continue", b"gzip", b"websocket", b"*/*", b"", b"\xe9t\xe9"]),
        st.binary(max_size=20),
    )
    extra = draw(
        st.lists(
            st.tuples(
                st.sampled_from([b"X-Fuzz", b"Expect", b"Accept", b"Content-Encoding", b"Upgrade"]),
                header_values,
            ),
            max_size=2,
        )
    )
    headers += [name + b": " + value for name, value in extra]
    if framing in ("length", "both"):
        headers.append(b"Content-Length: %d" % len(body))
    elif framing == "short":
        headers.append(b"Content-Length: %d" % (len(body) // 2))
    elif framing == "long":
        headers.append(b"Content-Length: %d" % (len(body) + 5))
    if framing in ("chunked", "both"):
        headers.append(b"Transfer-Encoding: chunked")
        body = (b"%x\r\n" % len(body) + body + b"\r\n" if body else b"") + b"0\r\n\r\n"
    return (
        method.encode()
        + b" "
        + target
        + b" HTTP/1.1\r\n"
        + b"\r\n".join(headers)
        + b"\r\n\r\n"
        + body
    )


@SETTINGS
@given(raw=requests())
def test_raw_http_never_5xx_and_the_server_lives_on(fuzz_server, raw):
    server = fuzz_server[0]
    _fresh_database(fuzz_server)
    responses, closed = exchange(server.url, raw, timeout=10)
    assert closed, "the server kept a Connection: close request open"
    for response in responses:
        assert response.status < 500, (response.status, response.body, raw[:300])
        if response.status >= 400 and not raw.startswith(b"HEAD "):
            assert_json_error(response)
    [ping], _ = exchange(server.url, request("GET", "/v2/ping"))
    assert ping.status == 200


def test_the_fuzz_reaches_the_routes(fuzz_server):
    """The generators can build a valid, authorised request (so the deep paths are run)."""
    data = _fresh_database(fuzz_server)
    assert data["catalogue"] == _CATALOGUE
    query = "&".join(f"{k}={VALID_ARGS[k]}" for k in ("app_id", "api_key"))
    raw = request("GET", f"/v2/licenses/show-license/{REAL['serial']}?{query}")
    [response], _ = exchange(fuzz_server[0].url, raw)
    assert response.status == 200, response.body
