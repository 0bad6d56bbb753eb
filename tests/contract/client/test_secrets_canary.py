"""Secrets canary: every call, successes and failures, at DEBUG on the root logger — no api_key
in any log record, exception text, repr or "Details" text."""

from __future__ import annotations

import io
import logging

import pytest

from licensedesk.api import ApiError, ClientConfig, Credentials, LicenseClient
from tests.support.aio import run_async

CANARY = "sk_canary_7f3a9c1e5b2d4a6f8e0c"
UNKNOWN = "ZZZZ-0000-ZZZZ-0000-ZZZZ"


def _calls(s):
    serial, code = s.serial("perpetual"), s.product_code("perpetual")
    return [
        lambda c: c.show_license(serial),
        lambda c: c.show_license(UNKNOWN),
        lambda c: c.license_products(serial),
        lambda c: c.license_products(UNKNOWN),
        lambda c: c.activations(serial),
        lambda c: c.activations(s.serial("no_activations")),
        lambda c: c.set_activation(1, False),
        lambda c: c.set_activation(987654, True),
        lambda c: c.delete_activation(2),
        lambda c: c.delete_activation(987654),
        lambda c: c.validate(serial, code, host_id="a" * 32, device_tag="Linux__64bits"),
        lambda c: c.validate(UNKNOWN, code),
        lambda c: c.upgrade(s.serial("upgrade_current"), s.serial("upgrade_mismatch")),
        lambda c: c.upgrade(s.serial("upgrade_current"), s.serial("upgrade_target")),
        lambda c: c.registration_check(s.serial("offline")),
        lambda c: c.register(s.serial("offline"), "Ann", "ann@example.org"),
        lambda c: c.register(UNKNOWN, "Ann", "ann@example.org"),
        lambda c: c.check_read(),
        lambda c: c.check_write(),
        lambda c: c.show_license("not a serial"),
    ]


async def _exercise(configs, sandbox):
    texts = []
    for cfg in configs:
        async with LicenseClient(cfg) as client:
            texts += [repr(client), str(cfg), repr(cfg)]
            for call in _calls(sandbox):
                try:
                    result = await call(client)
                    texts.append(repr(result))
                except ApiError as exc:
                    texts += [str(exc), repr(exc), exc.details.describe(), repr(exc.details)]
    return texts


@pytest.mark.parametrize("transport", [None, "form", "query"])
def test_no_key_anywhere(sandbox, caplog, transport):
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    caplog.set_level(logging.DEBUG)
    # faults too, so transport errors and odd bodies are covered
    sandbox.faults.add("truncated", path="/v2/register-products", method="GET", times=1)
    sandbox.faults.add("drop_after_commit", path="/v2/licenses/products", times=1)
    sandbox.faults.add("http500_html", path="/v2/licenses/valid", times=1)
    read_key, write_key = sandbox.creds("read")[1], sandbox.creds("write")[1]
    real = ClientConfig(
        sandbox.url,
        read=Credentials(*sandbox.creds("read")),
        write=Credentials(*sandbox.creds("write")),
        transport=transport,
        retry_backoff=0.0,
    )
    canary = Credentials("demo-read", CANARY)
    wrong = ClientConfig(
        sandbox.url, read=canary, write=canary, transport=transport, retry_backoff=0.0
    )
    try:
        texts = run_async(_exercise([real, wrong], sandbox))
    finally:
        root.removeHandler(handler)

    records = caplog.records
    assert any(r.name == "httpx" for r in records), "httpx logged nothing: test would be empty"
    assert any("api_key=***" in r.getMessage() for r in records if r.name == "httpx")
    logged = [r.getMessage() for r in records] + [caplog.text, stream.getvalue()]
    for secret in (CANARY, read_key, write_key):
        assert all(secret not in text for text in logged), "key in a log record"
        assert all(secret not in text for text in texts), "key in an exception/repr text"
    assert len(texts) > 40
