"""What every request carries, read from the sandbox's request log: a User-Agent that names
License Desk (the live service blocks an empty one), and never ``keyzy-product-code`` (with
it, DELETE activations/{id} is another operation of the live service)."""

from __future__ import annotations

import re

import pytest

from licensedesk.api.agent import user_agent
from licensedesk.api.images import fetch_image
from licensedesk.batch.check import BatchCheck
from tests.support.aio import run_async

from .helpers import config, run

AGENT = re.compile(r"LicenseDesk/\S+ \((Linux|Windows|macOS|[^;]+); Python \d+\.\d+\)")


def assert_every_request_named_us(sandbox, at_least: int) -> None:
    served = sandbox.served()
    assert len(served) >= at_least
    for request in served:
        assert AGENT.fullmatch(request.user_agent), (request.path, request.user_agent)
        assert "keyzy-product-code" not in request.header_names, request.path


def test_the_agent_names_the_app_the_os_and_python():
    assert AGENT.fullmatch(user_agent())
    assert "httpx" not in user_agent()


@pytest.mark.parametrize("legacy", [False, True])
def test_every_call_of_the_client(sandbox, legacy):
    async def t(c):
        serial = sandbox.serial("perpetual")
        await c.show_license(serial)
        acts = await c.activations(serial)
        await c.license_products(serial)
        await c.validate(serial, sandbox.product_code("perpetual"))
        await c.validate(
            sandbox.serial("subscription_expired"), sandbox.product_code("subscription_expired")
        )
        await c.set_activation(acts[0].id, False)
        await c.delete_activation(acts[0].id)
        await c.upgrade(sandbox.serial("upgrade_current"), sandbox.serial("upgrade_target"))
        await c.registration_check(sandbox.serial("offline"))
        await c.register(sandbox.serial("offline"), "Ann Example", "ann@example.org")
        await c.check_read()
        await c.check_write()

    run(sandbox, t, legacy_activation_routes=legacy)
    assert sandbox.request_count("DELETE") == 1
    assert_every_request_named_us(sandbox, at_least=12)


def test_the_image_fetcher(sandbox):
    image = run_async(fetch_image("/media/sku/sp-2024-perp.svg", config(sandbox)))
    assert image.data
    assert_every_request_named_us(sandbox, at_least=1)


def test_the_batch_check(sandbox):
    from licensedesk.api import LicenseClient

    async def main():
        async with LicenseClient(config(sandbox)) as client:
            batch = BatchCheck(
                client,
                [sandbox.serial("perpetual"), sandbox.serial("trial")],
                product=sandbox.product_code("perpetual"),
            )
            await batch.run(lambda _result: None)

    run_async(main())
    assert_every_request_named_us(sandbox, at_least=6)
