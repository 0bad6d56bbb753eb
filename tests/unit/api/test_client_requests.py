"""What the client puts on the wire (respx, no network): routes, arguments, pairs, retries."""

import json
from urllib.parse import parse_qs

import httpx
import pytest
import respx

from licensedesk.api import (
    ClientConfig,
    ConnectFailed,
    Credentials,
    InvalidInput,
    LicenseClient,
    NotFound,
    ServiceError,
    TimedOut,
)
from tests.support.aio import run_async

BASE = "https://svc.example"
SERIAL = "ABCD-1234-EFGH-5678-IJKL"
CODE = "123e4567-e89b-12d3-a456-426614174000"
READ = Credentials("read-app", "read-key-000")
WRITE = Credentials("write-app", "write-key-000")
OK = {"message": "done"}


def run(coro):
    return run_async(coro)


def make(**kw):
    kw.setdefault("read", READ)
    kw.setdefault("write", WRITE)
    kw.setdefault("retry_backoff", 0.0)
    return LicenseClient(ClientConfig(BASE, **kw))


def args_of(request: httpx.Request) -> dict:
    """Every argument the request carries, wherever it travels."""
    found = {k: v[0] for k, v in parse_qs(request.url.query.decode()).items()}
    ctype = request.headers.get("content-type", "")
    if "json" in ctype:
        found.update(json.loads(request.content))
    elif "form" in ctype:
        found.update({k: v[0] for k, v in parse_qs(request.content.decode()).items()})
    return found


async def call_all(client):
    await client.show_license(SERIAL)
    await client.license_products(SERIAL)
    await client.activations(SERIAL)
    await client.set_activation(5, True)
    await client.delete_activation(5)
    await client.validate(SERIAL, CODE, host_id="h" * 32, device_tag="Linux__64bits")
    await client.upgrade(SERIAL, "ZZZZ-1234-EFGH-5678-IJKL")
    await client.registration_check(SERIAL)
    await client.register(SERIAL, "Ann", "ann@example.org", sku_number="SKU-1")


EXPECTED = [
    ("GET", f"/v2/licenses/show-license/{SERIAL}", READ),
    ("POST", "/v2/licenses/products", WRITE),
    ("GET", f"/v2/activations/{SERIAL}", READ),
    ("PUT", "/v2/activations/5", WRITE),
    ("DELETE", "/v2/activations/5", WRITE),
    ("POST", "/v2/licenses/valid", READ),
    ("POST", "/v2/licenses/upgrade", READ),
    ("GET", f"/v2/register-products/{SERIAL}", READ),
    ("PUT", f"/v2/register-products/{SERIAL}", READ),
]


def _mock_everything(router):
    router.route().respond(200, json={"data": [], **OK})


@pytest.mark.parametrize("transport", [None, "json", "form", "query"])
def test_routes_pairs_and_argument_transport(transport):
    with respx.mock(base_url=BASE, assert_all_called=False) as router:
        router.get(path__regex=r"/v2/licenses/show-license/.*").respond(
            json={"data": {"id": 1, "serial": SERIAL}}
        )
        router.post("/v2/licenses/valid").respond(json={"data": {"message": "valid"}})
        _mock_everything(router)
        run(call_all(make(transport=transport)))
        calls = [c.request for c in router.calls]
    assert [(r.method, r.url.path) for r in calls] == [(m, p) for m, p, _ in EXPECTED]
    for request, (method, _, pair) in zip(calls, EXPECTED, strict=True):
        args = args_of(request)
        assert args["app_id"] == pair.app_id and args["api_key"] == pair.api_key
        if method == "GET":
            assert request.content == b""
            assert "api_key" in request.url.query.decode()
            continue
        mode = transport or ("query" if method == "DELETE" else "json")
        if mode == "query":
            assert request.content == b"" and "api_key" in request.url.query.decode()
        else:
            assert "api_key" not in request.url.query.decode()
            want = "application/json" if mode == "json" else "application/x-www-form-urlencoded"
            assert request.headers["content-type"].startswith(want)
    put = args_of(calls[3])
    assert put["activated"] in (True, "1")
    valid = args_of(calls[5])
    assert valid["version"] == "2.0" and valid["code"] == CODE and valid["host_id"] == "h" * 32
    assert args_of(calls[8])["sku_number"] == "SKU-1"


def test_booleans_as_1_0_in_form_and_json_bool_in_json():
    for transport, on, off in [("form", "1", "0"), ("query", "1", "0"), ("json", True, False)]:
        with respx.mock(base_url=BASE, assert_all_called=False) as router:
            _mock_everything(router)
            client = make(transport=transport)
            run(client.set_activation(5, True))
            run(client.set_activation(5, False))
            got = [args_of(c.request)["activated"] for c in router.calls]
        assert got == [on, off]


def test_legacy_routes():
    with respx.mock(base_url=BASE, assert_all_called=False) as router:
        _mock_everything(router)
        client = make(legacy_activation_routes=True)
        run(client.set_activation(7, False))
        run(client.delete_activation(7))
        paths = [(c.request.method, c.request.url.path) for c in router.calls]
    assert paths == [
        ("PUT", "/v2/activations/update-api/7"),
        ("DELETE", "/v2/activations/destroy-api/7"),
    ]


@pytest.mark.parametrize("only", ["read", "write"])
def test_one_pair_serves_every_call(only):
    pair = READ if only == "read" else WRITE
    with respx.mock(base_url=BASE, assert_all_called=False) as router:
        router.get(path__regex=r"/v2/licenses/show-license/.*").respond(
            json={"data": {"id": 1, "serial": SERIAL}}
        )
        router.post("/v2/licenses/valid").respond(json={"data": {"message": "valid"}})
        _mock_everything(router)
        client = LicenseClient(ClientConfig(BASE, **{only: pair}))
        run(call_all(client))
        assert {args_of(c.request)["api_key"] for c in router.calls} == {pair.api_key}


def test_no_credentials_is_invalid_input_before_sending():
    with respx.mock(base_url=BASE, assert_all_called=False) as router:
        _mock_everything(router)
        with pytest.raises(InvalidInput) as info:
            run(LicenseClient(ClientConfig(BASE)).activations(SERIAL))
        assert info.value.field == "credentials"
        assert not router.calls


@pytest.mark.parametrize(
    "call",
    [
        lambda c: c.show_license("../x"),
        lambda c: c.validate(SERIAL, "not-a-code"),
        lambda c: c.validate(SERIAL, CODE, host_id="h" * 256),
        lambda c: c.validate(SERIAL, CODE, host_id="server\nbackend"),
        lambda c: c.register(SERIAL, "Ann", "not-an-email"),
        lambda c: c.register(SERIAL, " ", "ann@example.org"),
        lambda c: c.set_activation(0, True),
        lambda c: c.delete_activation(-3),
        lambda c: c.upgrade(SERIAL, "nope"),
    ],
)
def test_inputs_refused_before_sending(call):
    with respx.mock(base_url=BASE, assert_all_called=False) as router:
        _mock_everything(router)
        with pytest.raises(InvalidInput):
            run(call(make()))
        assert not router.calls


def test_path_segments_are_encoded():
    from licensedesk.api.transport import Call, encode_segment

    assert encode_segment("../x") == "..%2Fx"
    assert encode_segment("..") == "%2E%2E"
    assert encode_segment("a b?c#d") == "a%20b%3Fc%23d"
    assert Call("GET", ("activations", "a/b")).path == "/v2/activations/a%2Fb"


class Sleeps:
    def __init__(self):
        self.delays = []

    async def __call__(self, delay):
        self.delays.append(delay)


def test_get_retried_twice_with_backoff_then_gives_up():
    with respx.mock(base_url=BASE, assert_all_called=False) as router:
        route = router.get(path__regex=r"/v2/activations/.*").respond(503, text="busy")
        client = make(retry_backoff=0.2)
        client.transport.sleep = sleeps = Sleeps()
        with pytest.raises(ServiceError) as info:
            run(client.activations(SERIAL))
        assert route.call_count == 3
    assert sleeps.delays == pytest.approx([0.2, 0.6])
    assert "HTTP 503" in info.value.sentence


def test_retry_after_honoured_and_capped():
    with respx.mock(base_url=BASE, assert_all_called=False) as router:
        route = router.get(path__regex=r"/v2/activations/.*")
        route.side_effect = [
            httpx.Response(429, headers={"Retry-After": "3"}, json={}),
            httpx.Response(429, headers={"Retry-After": "120"}, json={}),
            httpx.Response(200, json={"data": [{"id": 1, "activated": 1}]}),
        ]
        client = make(retry_after_cap=10.0)
        client.transport.sleep = sleeps = Sleeps()
        result = run(client.activations(SERIAL))
    assert [a.id for a in result] == [1]
    assert sleeps.delays == [3.0, 10.0]


@pytest.mark.parametrize(
    "exc,cls", [(httpx.ConnectError, ConnectFailed), (httpx.ReadTimeout, TimedOut)]
)
def test_get_retried_on_connect_errors_and_timeouts(exc, cls):
    with respx.mock(base_url=BASE, assert_all_called=False) as router:
        route = router.get(path__regex=r"/v2/register-products/.*")
        route.side_effect = exc("boom")
        client = make()
        client.transport.sleep = Sleeps()
        with pytest.raises(cls):
            run(client.registration_check(SERIAL))
        assert route.call_count == 3


@pytest.mark.parametrize("status", [400, 401, 404, 500])
def test_get_not_retried_on_other_statuses(status):
    with respx.mock(base_url=BASE, assert_all_called=False) as router:
        route = router.get(path__regex=r"/v2/licenses/.*").respond(status, json={})
        client = make()
        client.transport.sleep = Sleeps()
        with pytest.raises(Exception):  # noqa: B017 - class checked in test_errors
            run(client.show_license(SERIAL))
        assert route.call_count == 1


@pytest.mark.parametrize(
    "call",
    [
        lambda c: c.license_products(SERIAL),
        lambda c: c.validate(SERIAL, CODE),
        lambda c: c.upgrade(SERIAL, "ZZZZ-1234-EFGH-5678-IJKL"),
        lambda c: c.set_activation(1, True),
        lambda c: c.delete_activation(1),
        lambda c: c.register(SERIAL, "Ann", "ann@example.org"),
    ],
)
@pytest.mark.parametrize("fault", ["503", "timeout", "connect"])
def test_writes_and_posts_never_retried(call, fault):
    with respx.mock(base_url=BASE, assert_all_called=False) as router:
        route = router.route()
        if fault == "503":
            route.respond(503, json={})
        elif fault == "timeout":
            route.side_effect = httpx.ReadTimeout("slow")
        else:
            route.side_effect = httpx.ConnectError("refused")
        client = make()
        client.transport.sleep = sleeps = Sleeps()
        with pytest.raises((ServiceError, TimedOut, ConnectFailed)) as info:
            run(call(client))
        assert route.call_count == 1
        assert sleeps.delays == []
    if fault == "timeout":
        assert "may or may not have been made" in info.value.sentence


def test_async_with_closes_own_pool_but_not_a_shared_one():
    async def main():
        async with make() as client:
            inner = client.transport.http
        shared = httpx.AsyncClient()
        async with LicenseClient(ClientConfig(BASE, read=READ), http=shared):
            pass
        return inner.is_closed, shared.is_closed

    assert run(main()) == (True, False)


def test_client_repr_hides_keys():
    client = make()
    assert READ.api_key not in repr(client) and WRITE.api_key not in repr(client)


def test_only_the_known_404_means_no_activations():
    with respx.mock(base_url=BASE, assert_all_called=False) as router:
        route = router.get(path__regex=r"/v2/activations/.*")
        route.respond(404, json={"error": {"message": "Activation does not exist!"}})
        assert run(make().activations(SERIAL)) == []
        route.respond(404, json={"message": "Route not found"})
        with pytest.raises(NotFound) as info:
            run(make().activations(SERIAL))
        assert info.value.what == "license"


def test_connection_checks_need_the_known_messages():
    with respx.mock(base_url=BASE, assert_all_called=False) as router:
        router.put("/v2/activations/0").respond(404, json={"message": "Route not found"})
        router.get(path__regex=r"/v2/licenses/show-license/ZZZZ.*").respond(
            404, json={"message": "Route not found"}
        )
        client = make()
        read, write = run(client.check_read()), run(client.check_write())
    assert not read.ok and not write.ok
    assert isinstance(write.error, NotFound)


def test_single_object_tolerated_as_list_and_vice_versa():
    with respx.mock(base_url=BASE, assert_all_called=False) as router:
        router.get(path__regex=r"/v2/licenses/show-license/.*").respond(
            json={"data": [{"id": 1, "serial": SERIAL}]}
        )
        router.get(path__regex=r"/v2/register-products/.*").respond(
            json={"data": {"id": 1, "serial": SERIAL}}
        )
        client = make()
        assert run(client.show_license(SERIAL)).id == 1
        assert [x.id for x in run(client.registration_check(SERIAL))] == [1]
