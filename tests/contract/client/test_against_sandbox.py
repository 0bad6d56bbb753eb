"""Every client method against the sandbox over real HTTP: results, §7 errors, pairs, transports."""

from __future__ import annotations

from datetime import UTC

import pytest

from licensedesk.api import (
    ClientConfig,
    Credentials,
    InvalidInput,
    License,
    LicenseClient,
    NotAuthorized,
    NotFound,
    UpgradeMismatch,
)
from licensedesk.api.permissions import NO_WRITE_PERMISSION_PRODUCTS
from tests.support.aio import run_async

from .helpers import run

UNKNOWN = "ZZZZ-0000-ZZZZ-0000-ZZZZ"
HOST = "0123456789abcdef0123456789abcdef"


async def _an_activation(c, sandbox, kind="perpetual"):
    acts = await c.activations(sandbox.serial(kind))
    assert acts
    return acts[0]


def test_reads(sandbox):
    async def t(c):
        lic = await c.show_license(sandbox.serial("perpetual").lower().replace("-", ""))
        assert isinstance(lic, License) and lic.serial == sandbox.serial("perpetual")
        assert lic.type == "perpetual" and lic.start_at is None and lic.end_at is None
        assert lic.created_at is not None and lic.created_at.tzinfo is not None
        assert lic.created_at.utcoffset() == UTC.utcoffset(None)
        sub = await c.show_license(sandbox.serial("subscription_active"))
        assert sub.start_at is not None and sub.end_at is not None and sub.end_at > sub.start_at
        assert sub.start_at.tzinfo is UTC

        products = await c.license_products(sandbox.serial("perpetual"))
        assert products and all(p.code for p in products)
        assert all(p.key not in repr(p) for p in products if p.key)

        acts = await c.activations(sandbox.serial("perpetual"))
        assert acts and all(len(a.host_id) == 32 for a in acts)
        assert len(await c.activations(sandbox.serial("many_activations"))) >= 40
        assert await c.activations(sandbox.serial("no_activations")) == []

        offline = await c.registration_check(sandbox.serial("offline"))
        assert [x.serial for x in offline] == [sandbox.serial("offline")]
        assert await c.registration_check(sandbox.serial("perpetual")) == []

    run(sandbox, t)
    # the empty activation list came from the sandbox's 404, in one request
    assert sandbox.request_count("GET", "/v2/activations/" + sandbox.serial("no_activations")) == 1


@pytest.mark.parametrize(
    "kind,code_of,host,message",
    [
        ("perpetual", "perpetual", None, "valid"),
        ("subscription_expired", "subscription_expired", None, "expired"),
        ("subscription_not_started", "subscription_not_started", None, "not_started"),
        ("perpetual", "trial", None, "product_mismatch"),
        ("inactive_product", "inactive_product", None, "product_inactive"),
        ("host_limit", "host_limit", HOST, "host_limit_reached"),
    ],
)
def test_validate_outcomes(sandbox, kind, code_of, host, message):
    """The earlier form (200 + data.message); the live form: test_validation_dialects.py."""
    sandbox.set_validation_form("data")

    async def t(c):
        return await c.validate(
            sandbox.serial(kind),
            sandbox.product_code(code_of),
            host_id=host,
            device_tag="Linux__64bits" if host else None,
        )

    result = run(sandbox, t)
    assert result.message == message
    assert result.valid is (message == "valid")
    assert result.reason_sentence


def test_validate_disabled_activation(sandbox):
    sandbox.set_validation_form("data")

    async def t(c):
        act = await _an_activation(c, sandbox)
        await c.set_activation(act.id, False)
        code = sandbox.product_code("perpetual")
        return await c.validate(sandbox.serial("perpetual"), code, host_id=act.host_id)

    result = run(sandbox, t)
    assert not result.valid and result.message == "activation_disabled"


@pytest.mark.parametrize("legacy", [False, True])
@pytest.mark.parametrize("transport", [None, "json", "form", "query"])
def test_writes_every_transport_and_route(sandbox, transport, legacy):
    async def t(c):
        act = await _an_activation(c, sandbox)
        assert await c.set_activation(act.id, not act.activated) == (
            "Activation successfully updated."
        )
        again = {a.id: a for a in await c.activations(sandbox.serial("perpetual"))}
        assert again[act.id].activated is (not act.activated)
        assert await c.delete_activation(act.id) == "Activation successfully deleted."
        assert act.id not in {a.id for a in await c.activations(sandbox.serial("perpetual"))}

        assert (
            await c.validate(sandbox.serial("perpetual"), sandbox.product_code("perpetual"))
        ).valid
        assert await c.license_products(sandbox.serial("perpetual"))
        offline = sandbox.serial("offline")
        assert await c.register(offline, "Ann Example", "ann@example.org") == (
            "Serial successfully registered."
        )
        lic = await c.show_license(offline)
        assert lic.registered and lic.name == "Ann Example" and lic.email == "ann@example.org"
        assert await c.upgrade(
            sandbox.serial("upgrade_current"), sandbox.serial("upgrade_target")
        ) == ("Upgrade license is ready to use.")
        with pytest.raises(NotFound):
            await c.show_license(sandbox.serial("upgrade_current"))

    run(sandbox, t, transport=transport, legacy_activation_routes=legacy)
    prefix = "/v2/activations/update-api/" if legacy else "/v2/activations/"
    assert sandbox.request_count("PUT", prefix) == 1
    assert sandbox.request_count("DELETE", prefix.replace("update", "destroy")) == 1


def test_register_with_sku_number(sandbox):
    async def t(c):
        offline = sandbox.serial("offline")
        lic = await c.show_license(offline)
        return await c.register(offline, "Bo", "bo@example.org", sku_number=lic.sku_number)

    assert run(sandbox, t) == "Serial successfully registered."


def test_register_refused_shows_server_message(sandbox):
    async def t(c):
        with pytest.raises(Exception) as e:
            await c.register(
                sandbox.serial("offline"), "Bo", "bo@example.org", sku_number="NOT-THE-SKU"
            )
        return e.value

    err = run(sandbox, t)
    assert err.details.server_message and err.details.server_message in err.sentence


# -- every error row of spec §7 ---------------------------------------------------------


def test_error_rows(sandbox):
    async def t(c):
        with pytest.raises(NotFound) as e:  # 401 "License does not exist!"
            await c.show_license(UNKNOWN)
        assert e.value.what == "license" and e.value.details.status_code == 401
        assert e.value.sentence == "This serial does not exist."
        with pytest.raises(NotFound) as e:
            await c.license_products(UNKNOWN)
        assert e.value.what == "license"
        unknown = await c.validate(UNKNOWN, sandbox.product_code("perpetual"))
        assert not unknown.valid and unknown.message == "Serial does not exist or registered!"
        for call in (c.set_activation(987654, True), c.delete_activation(987654)):
            with pytest.raises(NotFound) as e:
                await call
            assert e.value.what == "activation" and e.value.details.status_code == 404
        with pytest.raises(NotFound) as e:
            await c.upgrade(UNKNOWN, sandbox.serial("upgrade_target"))
        assert e.value.what == "current_license"
        with pytest.raises(NotFound) as e:
            await c.upgrade(sandbox.serial("upgrade_current"), UNKNOWN)
        assert e.value.what == "upgrade_license"
        with pytest.raises(UpgradeMismatch) as e:
            await c.upgrade(sandbox.serial("upgrade_current"), sandbox.serial("upgrade_mismatch"))
        assert e.value.details.status_code == 422
        assert await c.registration_check(UNKNOWN) == []

    run(sandbox, t)


def test_legacy_routes_activation_missing(sandbox):
    async def t(c):
        for call in (c.set_activation(987654, False), c.delete_activation(987654)):
            with pytest.raises(NotFound) as e:
                await call
            assert e.value.what == "activation"

    run(sandbox, t, legacy_activation_routes=True)
    assert sandbox.request_count(None, "/v2/activations/update-api/987654") == 1
    assert sandbox.request_count(None, "/v2/activations/destroy-api/987654") == 1


ALL_CALLS = {
    "show_license": (False, lambda c, s: c.show_license(s.serial("perpetual"))),
    "activations": (False, lambda c, s: c.activations(s.serial("perpetual"))),
    "registration_check": (False, lambda c, s: c.registration_check(s.serial("offline"))),
    "validate": (
        False,
        lambda c, s: c.validate(s.serial("perpetual"), s.product_code("perpetual")),
    ),
    "upgrade": (
        False,
        lambda c, s: c.upgrade(s.serial("upgrade_current"), s.serial("upgrade_target")),
    ),
    "register": (False, lambda c, s: c.register(s.serial("offline"), "A", "a@example.org")),
    "license_products": (True, lambda c, s: c.license_products(s.serial("perpetual"))),
    "set_activation": (True, lambda c, s: c.set_activation(1, True)),
    "delete_activation": (True, lambda c, s: c.delete_activation(1)),
}
#: calls that change data although the permission table lets them run with a read key
CHANGES_WITH_READ_PAIR = {"upgrade", "register"}


@pytest.mark.parametrize("name", ALL_CALLS)
def test_wrong_key_not_authorized(sandbox, name):
    needs_write, call = ALL_CALLS[name]

    async def main():
        bad = Credentials("demo-read", "sk_wrong_key_0000")
        async with LicenseClient(ClientConfig(sandbox.url, read=bad, write=bad)) as c:
            with pytest.raises(NotAuthorized) as e:
                await call(c, sandbox)
            return e.value

    err = run_async(main())
    # a refused change names write permission, also when it went with the read pair
    assert ("write permission" in err.sentence) is (needs_write or name in CHANGES_WITH_READ_PAIR)
    assert ("read pair" in err.sentence) is (name in CHANGES_WITH_READ_PAIR)
    assert err.details.server_message == "You are not authorized!"


# -- permission table (spec §5) ------------------------------------------------------


@pytest.mark.parametrize("name", ALL_CALLS)
def test_read_only_pair(sandbox, name):
    """Only a read pair: reads work; write calls → NotAuthorized mentioning write permission."""
    needs_write, call = ALL_CALLS[name]

    async def t(c):
        if needs_write:
            with pytest.raises(NotAuthorized) as e:
                await call(c, sandbox)
            assert "write permission" in e.value.sentence
            if name == "license_products":  # the window's and the CLI's words for a reseller
                assert e.value.sentence == NO_WRITE_PERMISSION_PRODUCTS
        else:
            await call(c, sandbox)

    run(sandbox, t, read="read", write=None)


@pytest.mark.parametrize("name", ALL_CALLS)
def test_split_pairs_each_call_uses_the_right_one(sandbox, name):
    """read = read-only key, write = write-only key: every call succeeds only with the right one."""
    _, call = ALL_CALLS[name]

    async def t(c):
        await call(c, sandbox)

    run(sandbox, t, read="read", write="write")


def test_write_only_pair_cannot_read(sandbox):
    async def t(c):
        with pytest.raises(NotAuthorized) as e:
            await c.show_license(sandbox.serial("perpetual"))
        assert "write permission" not in e.value.sentence
        assert await c.license_products(sandbox.serial("perpetual"))

    run(sandbox, t, read=None, write="write")


# -- connection checks -------------------------------------------------------------


def test_connection_checks(sandbox):
    async def ok(c):
        return await c.check_read(), await c.check_write()

    read, write = run(sandbox, ok, read="read", write="write")
    assert read.ok and write.ok and read.error is None and write.error is None

    read, write = run(sandbox, ok, read="read", write=None)
    assert read.ok and not write.ok
    assert "write permission" in write.sentence and isinstance(write.error, NotAuthorized)

    read, write = run(sandbox, ok, read="read_write", write=None)
    assert read.ok and write.ok
    assert sandbox.request_count("PUT", "/v2/activations/0") == 3


def test_no_pair_invalid_input(sandbox):
    async def t(c):
        with pytest.raises(InvalidInput):
            await c.show_license(sandbox.serial("perpetual"))

    run(sandbox, t, read=None, write=None)
    assert sandbox.request_count() == 0


def test_a_single_read_pair_is_tried_once_for_writes_and_the_refusal_remembered(sandbox):
    """DESIGN §3: with one pair, that one; a refusal says the key lacks write permission."""

    async def t(c):
        assert c.may_write is None  # not known until tried
        with pytest.raises(NotAuthorized) as e:
            await c.license_products(sandbox.serial("perpetual"))
        assert e.value.sentence == NO_WRITE_PERMISSION_PRODUCTS
        assert c.may_write is False

    run(sandbox, t, read="read", write=None)

    async def works(c):
        assert c.may_write is None
        assert await c.license_products(sandbox.serial("perpetual"))
        assert c.may_write is True  # proven: the batch check asks for maximums too

    run(sandbox, works, read="read_write", write=None)


def test_a_write_pair_alone_refused_for_reads_says_a_read_pair_is_missing(sandbox):
    from licensedesk.api.permissions import NO_READ_PAIR

    async def t(c):
        for call in (c.show_license, c.activations):
            with pytest.raises(NotAuthorized) as e:
                await call(sandbox.serial("perpetual"))
            assert e.value.sentence == NO_READ_PAIR
        assert c.may_write is True

    run(sandbox, t, read=None, write="write")
