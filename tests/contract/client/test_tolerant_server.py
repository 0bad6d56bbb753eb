"""The client against a server that made other choices within the spec (real HTTP, odd_server)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from licensedesk.api import (
    BadResponse,
    ClientConfig,
    ConnectFailed,
    Credentials,
    LicenseClient,
    NotAuthorized,
    NotFound,
    ServiceError,
    TimedOut,
    TransportError,
    UpgradeMismatch,
)
from licensedesk.api.transport import Call
from licensedesk.api.verdicts import Verdict
from tests.support.aio import run_async

from .helpers import Sleeps
from .odd_server import (
    API_KEY,
    APP_ID,
    CODE,
    EMPTY_SERIAL,
    SERIAL,
    UPGRADE_SERIAL,
    ZONE,
    OddServer,
    Reply,
)

UNKNOWN = "NONE-0000-AAAA-BBBB-CCCC"
HTML_502 = Reply(
    502, "<!DOCTYPE html><html><h1>502 Bad Gateway</h1></html>", {"content-type": "text/html"}
)


def serve(test, reads="any", key=API_KEY, **cfg):
    """Run ``test(server, client)`` against a fresh OddServer in a fresh event loop."""

    async def main():
        async with OddServer(reads=reads) as server:
            cfg.setdefault("server_timezone", ZONE)
            cfg.setdefault("retry_backoff", 0.0)
            pair = Credentials(APP_ID, key)
            async with LicenseClient(ClientConfig(server.url, read=pair, write=pair, **cfg)) as c:
                c.transport.sleep = Sleeps()
                return await test(server, c)

    return run_async(main())


def test_every_call_with_odd_types_and_extra_fields():
    async def t(server, c):
        lic = await c.show_license(SERIAL.lower().replace("-", " "))
        assert (lic.id, lic.dealer_id, lic.sku_id, lic.sku_number) == (12, 3, 7, "9001")
        assert lic.registered is False and lic.sku_name == "" and lic.name is None
        # 09:00 in Tokyo (UTC+9) is midnight UTC; start_at is unix seconds in UTC
        assert lic.created_at == datetime(2024, 3, 1, 0, 0, tzinfo=UTC)
        assert lic.updated_at == datetime(2024, 3, 1, 15, 30, tzinfo=UTC)
        assert lic.start_at == datetime(2023, 11, 14, 22, 13, 20, tzinfo=UTC)
        assert lic.end_at is None

        (product,) = await c.license_products(SERIAL)
        assert product.active is True and product.max_host_count == 3 and product.id == 5
        assert "K" * 32 not in repr(product) and "SIG-odd" not in repr(product)

        acts = await c.activations(SERIAL)
        assert [(a.id, a.activated, a.license_id) for a in acts] == [
            (21, True, 12),
            (22, False, 12),
        ]
        assert acts[0].updated_at is None
        assert await c.activations(EMPTY_SERIAL) == []

        assert await c.set_activation(21, False) == "Activation successfully updated."
        assert await c.delete_activation("22") == "Activation successfully deleted."

        result = await c.validate(SERIAL, CODE)
        assert (result.valid, result.message, result.sku_number) == (False, "expired", "9001")
        assert result.reason_sentence == "The licence has expired."
        odd = await c.validate(SERIAL, CODE, host_id="c" * 32, device_tag="Linux__64bits")
        assert not odd.valid and odd.reason_sentence == "Not valid: Licence suspended by vendor"

        assert await c.upgrade(SERIAL, UPGRADE_SERIAL) == "Upgrade license is ready to use."
        assert [x.serial for x in await c.registration_check(SERIAL)] == [SERIAL]
        assert await c.register(SERIAL, "Ann", "ann@example.org") == (
            "Serial successfully registered."
        )
        return server.hits

    hits = serve(t)
    assert sum(hits.values()) == 11  # one request per call: nothing retried or doubled


def test_errors_sent_with_http_200():
    async def t(server, c):
        with pytest.raises(NotFound) as e:
            await c.show_license(UNKNOWN)
        assert e.value.what == "license" and e.value.details.http_status == 200
        assert "credential" not in e.value.sentence.lower()
        with pytest.raises(NotFound) as e:
            await c.license_products(UNKNOWN)
        assert e.value.what == "license"
        for call in (c.set_activation(99, True), c.delete_activation(99)):
            with pytest.raises(NotFound) as e:
                await call
            assert e.value.what == "activation"
        with pytest.raises(NotFound) as e:
            await c.upgrade(UNKNOWN, UPGRADE_SERIAL)
        assert e.value.what == "current_license"
        with pytest.raises(NotFound) as e:
            await c.upgrade(SERIAL, UNKNOWN)
        assert e.value.what == "upgrade_license"
        with pytest.raises(UpgradeMismatch) as e:
            await c.upgrade(SERIAL, SERIAL)
        assert e.value.details.http_status == 400 and e.value.details.status_code == 422
        with pytest.raises(NotFound):
            await c.registration_check(UNKNOWN)
        # validation's "no" is a result, whatever the status that came with it
        unknown = await c.validate(UNKNOWN, CODE)
        assert unknown.verdict is Verdict.SERIAL_UNKNOWN and not unknown.valid

    serve(t)


def test_wrong_key_read_and_write_sentences():
    async def t(server, c):
        with pytest.raises(NotAuthorized) as read:
            await c.show_license(SERIAL)
        with pytest.raises(NotAuthorized) as write:
            await c.set_activation(21, True)
        assert "write permission" not in read.value.sentence
        assert "write permission" in write.value.sentence
        assert not (await c.check_read()).ok
        check = await c.check_write()
        assert not check.ok and "write permission" in check.sentence
        assert isinstance(check.error, NotAuthorized)

    serve(t, key="wrong-key-123456")


def test_connection_checks_ok():
    async def t(server, c):
        read, write = await c.check_read(), await c.check_write()
        assert read.ok and write.ok and read.error is None
        assert server.count("GET", "/v2/licenses/show-license/ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ") == 1
        assert server.count("PUT", "/v2/activations/0") == 1

    serve(t)


@pytest.mark.parametrize("transport", ["form", "query"])
def test_server_reading_only_one_place(transport):
    async def t(server, c):
        assert await c.set_activation(21, True) == "Activation successfully updated."
        assert await c.delete_activation(21) == "Activation successfully deleted."
        assert (await c.validate(SERIAL, CODE)).message == "expired"
        assert len(await c.license_products(SERIAL)) == 1
        assert await c.upgrade(SERIAL, UPGRADE_SERIAL)
        assert await c.register(SERIAL, "Ann", "ann@example.org", sku_number="9001")
        puts = [r for r in server.received if r.method == "PUT"]
        assert all(("activated" in r.query) == (transport == "query") for r in puts[:1])

    serve(t, reads=transport, transport=transport)


def test_default_json_fails_against_form_only_server():
    """Proves the odd server really reads one place only (so the test above means something)."""

    async def t(server, c):
        with pytest.raises(NotAuthorized):
            await c.upgrade(SERIAL, UPGRADE_SERIAL)

    serve(t, reads="form")


def test_html_502_page():
    async def t(server, c):
        server.script("POST", "/v2/licenses/valid", [HTML_502])
        with pytest.raises(ServiceError) as e:
            await c.validate(SERIAL, CODE)
        assert str(e.value) == "The server answered with a web page instead of data (HTTP 502)."
        assert server.count("POST", "/v2/licenses/valid") == 1
        server.script("GET", "/v2/licenses/show-license", [HTML_502] * 3)
        with pytest.raises(ServiceError):
            await c.show_license(SERIAL)
        assert server.count("GET", "/v2/licenses/show-license") == 3  # 1 + 2 retries

    serve(t)


@pytest.mark.parametrize(
    "reply",
    [
        Reply(200, '{"data": {"id": 12, "serial": "ODDS'),  # truncated JSON, complete HTTP
        Reply(200, {"data": "hello"}),
        Reply(200, {"data": {"serial": SERIAL}}),  # no id
        Reply(200, [1, 2, 3]),
        Reply(200, "plain text", {"content-type": "text/plain"}),
    ],
)
def test_bad_bodies(reply):
    async def t(server, c):
        server.script("GET", "/v2/licenses/show-license", [reply])
        with pytest.raises(BadResponse) as e:
            await c.show_license(SERIAL)
        assert e.value.sentence and server.count("GET", "/v2/licenses/show-license") == 1

    serve(t)


def test_connection_cut_mid_body():
    async def t(server, c):
        server.script("GET", "/v2/activations", [Reply(200, {"data": []}, truncate_to=5)])
        with pytest.raises(TransportError) as e:
            await c.activations(SERIAL)
        assert type(e.value) is TransportError

    serve(t)


def test_429_retry_after_then_success():
    async def t(server, c):
        busy = Reply(
            429,
            {"error": {"message": "Too many requests", "status_code": 429}},
            {"Retry-After": "7"},
        )
        server.script("GET", "/v2/activations", [busy, busy])
        acts = await c.activations(SERIAL)
        assert len(acts) == 2
        assert server.count("GET", "/v2/activations") == 3
        assert c.transport.sleep.delays == [5.0, 5.0]  # Retry-After 7 capped at 5

    serve(t, retry_after_cap=5.0)


def test_429_three_times_gives_service_error():
    async def t(server, c):
        busy = Reply(
            429,
            {"error": {"message": "Too many requests", "status_code": 429}},
            {"Retry-After": "0"},
        )
        server.script("GET", "/v2/register-products", [busy] * 5)
        with pytest.raises(ServiceError) as e:
            await c.registration_check(SERIAL)
        assert "too many requests" in e.value.sentence
        assert server.count("GET", "/v2/register-products") == 3

    serve(t)


@pytest.mark.parametrize(
    "method,path,call",
    [
        ("POST", "/v2/licenses/valid", lambda c: c.validate(SERIAL, CODE)),
        ("POST", "/v2/licenses/products", lambda c: c.license_products(SERIAL)),
        ("POST", "/v2/licenses/upgrade", lambda c: c.upgrade(SERIAL, UPGRADE_SERIAL)),
        ("PUT", "/v2/activations/21", lambda c: c.set_activation(21, True)),
        ("DELETE", "/v2/activations/21", lambda c: c.delete_activation(21)),
        ("PUT", "/v2/register-products", lambda c: c.register(SERIAL, "A", "a@b.org")),
    ],
)
def test_503_on_writes_not_retried(method, path, call):
    async def t(server, c):
        server.script(method, path, [Reply(503, {"message": "down"}, {"Retry-After": "0"})] * 3)
        with pytest.raises(ServiceError) as e:
            await call(c)
        assert "503" in e.value.sentence
        assert server.count(method, path) == 1
        assert c.transport.sleep.delays == []

    serve(t)


def test_read_timeout_get_retried_post_not():
    async def t(server, c):
        server.script("GET", "/v2/licenses/show-license", [Reply(200, {}, delay=1.0)] * 3)
        with pytest.raises(TimedOut):
            await c.show_license(SERIAL)
        assert server.count("GET", "/v2/licenses/show-license") == 3
        server.script("POST", "/v2/licenses/upgrade", [Reply(200, {}, delay=1.0)])
        with pytest.raises(TimedOut) as e:
            await c.upgrade(SERIAL, UPGRADE_SERIAL)
        assert "may or may not have been made" in e.value.sentence
        assert server.count("POST", "/v2/licenses/upgrade") == 1

    serve(t, read_timeout=0.15)


def test_dropped_connection_is_transport_error():
    async def t(server, c):
        server.script("PUT", "/v2/activations/21", [Reply(drop=True)])
        with pytest.raises(TransportError) as e:
            await c.set_activation(21, True)
        assert "may or may not have been made" in e.value.sentence
        assert server.count("PUT", "/v2/activations/21") == 1

    serve(t)


def test_connection_refused_is_connect_failed():
    async def main():
        server = OddServer()
        url = await server.start()
        await server.stop()
        pair = Credentials(APP_ID, API_KEY)
        async with LicenseClient(ClientConfig(url, read=pair, retry_backoff=0.0)) as c:
            with pytest.raises(ConnectFailed) as e:
                await c.show_license(SERIAL)
            return e.value

    err = run_async(main())
    assert "Could not connect" in err.sentence and "Request: GET" in err.details.describe()
    assert API_KEY not in err.details.describe()


def test_path_segments_encoded_on_the_wire():
    async def t(server, c):
        with pytest.raises(BadResponse):  # no such route: the odd server's HTML 404 page
            await c.transport.send(Call("GET", ("activations", "../x?y")))
        return server.hits

    hits = serve(t)
    assert list(hits) == [("GET", "/v2/activations/..%2Fx%3Fy")]
